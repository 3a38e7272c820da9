#!/usr/bin/env bats
# Neuron Explorer's Parquet tables and profile directories, read by every
# program: the same rows as JSON lines give the same bytes (the golden
# outputs under tests/golden/explorer are np's output on the JSON lines
# form of tests/fixtures/explorer; see its README for how each file was
# written, by DuckDB and by parquet-wasm).

load helpers

E=$BATS_TEST_DIRNAME/fixtures/explorer
P=$E/parquet
D=$E/profile@latest

explorer_1() {
	n=0
	for f in "$P"/instruction-*.parquet "$P"/pw-instruction-*.parquet; do
		np np-trace "$f"
		status_is 0
		no_err
		golden explorer/instruction.tsv
		n=$((n + 1))
	done
	# every codec, page version, dictionary, delta, split and row group
	# layout the two writers were asked for
	[ "$n" -eq 25 ]
}

explorer_2() {
	for f in "$P"/dmapacket-*.parquet "$P"/pw-dmapacket-*.parquet; do
		np np-dma "$f"
		status_is 0
		no_err
		golden explorer/dma.tsv
		np np-dma -s "$f"
		status_is 0
		golden explorer/dma-s.tsv
	done
	for f in "$P"/ccinstruction-*.parquet "$P"/pw-ccinstruction-*.parquet; do
		np-cc "$f" 2>"$ERR" | cut -f2- >"$OUT"
		no_err
		golden explorer/ccinstruction.tsv
	done
	for f in "$P"/ccop-*.parquet "$P"/pw-ccop-*.parquet; do
		np-cc "$f" 2>"$ERR" | cut -f2- >"$OUT"
		no_err
		golden explorer/ccop.tsv
	done
}

explorer_3() {
	np np-trace "$D"
	status_is 0
	no_err
	golden explorer/instruction.tsv
	np np-stall -g src "$D"
	status_is 0
	golden explorer/stall-src.tsv
	np np-gaps -U "$D"
	status_is 0
	golden explorer/gaps-u.tsv
	np np-dma -s "$D"
	status_is 0
	golden explorer/dma-s.tsv
	# np-cc: CcInstruction's events, then CcOp's, the rank the directory
	np np-cc "$D"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 57 ]
	[ "$(cut -f1 "$OUT" | sort -u | wc -l)" -eq 2 ]
	[ "$(sed -n 2p "$OUT" | cut -f1)" = "$D" ]
	{ head -1 "$GOLD/explorer/ccinstruction.tsv"
	  tail -n +2 "$GOLD/explorer/ccinstruction.tsv"
	  tail -n +2 "$GOLD/explorer/ccop.tsv"; } >"$T/want"
	cut -f2- "$OUT" | cmp "$T/want" -
}

explorer_4() {
	np np-sum "$P/summary-snappy-v1.parquet"
	status_is 0
	no_err
	cut -f2 "$OUT" >"$T/keys"
	cut -f1 "$GOLD/explorer/summary.tsv" | cmp - "$T/keys"
	# a FLOAT column prints the float's fewest digits
	grep -q "	total_time	6.1961e-5\$" "$OUT"
	np np-sum -w "$D" "$P/pw-summary-snappy-v1.parquet"
	status_is 0
	no_err
	[ "$(head -1 "$OUT")" = "key	$D	$P/pw-summary-snappy-v1.parquet" ]
	[ "$(grep -c . "$OUT")" -eq 102 ]
	grep -q '^neuroncore_cycle_count	86745	86745$' "$OUT"
}

explorer_5() {
	np np-trace <"$P/instruction-zstd-v1.parquet"
	status_is 0
	golden explorer/instruction.tsv
	np sh -c 'cat "$1" | np-trace' sh "$P/instruction-zstd-v1.parquet"
	status_is 1
	err_is "np-trace: -: Parquet needs a file, not a pipe: the footer is at its end (name the file)"
	np sh -c 'cat "$1" | np-sum' sh "$P/summary-snappy-v1.parquet"
	status_is 1
	err_is "np-sum: -: Parquet needs a file, not a pipe: the footer is at its end (name the file)"
}

explorer_6() {
	np np-trace "$P/dmapacket-snappy-v1.parquet"
	status_is 1
	err_is "np-trace: $P/dmapacket-snappy-v1.parquet: expected instruction rows (with a column such as opcode, pc or engine), found DmaPacket rows (read by np-dma)"
	np np-dma "$P/summary-snappy-v1.parquet"
	status_is 1
	err_is "np-dma: $P/summary-snappy-v1.parquet: expected DMA transfer rows (with a column such as queue_name, queue_idx or transfer_bytes), found a Summary table (read by np-sum)"
	np np-trace "$P/metadata-snappy-v1.parquet"
	status_is 1
	err_is "np-trace: $P/metadata-snappy-v1.parquet: expected instruction rows (with a column such as opcode, pc or engine), found a Metadata table (read by no np program: it describes the profile)"
	mkdir "$T/prof"
	np np-dma "$T/prof"
	status_is 1
	err_is "np-dma: $T/prof: a profile directory without DMA transfer tables (expected DmaPacket.parquet in it, or the table split into _0, _1, ... files)"
	np np-cc "$T/prof"
	status_is 1
	err_is "np-cc: $T/prof: a profile directory without collective tables (expected CcInstruction.parquet or CcOp.parquet in it, or the table split into _0, _1, ... files)"
	np np-sum "$T/prof"
	status_is 1
	err_is "np-sum: $T/prof: a profile directory without a Summary table (expected Summary.parquet in it)"
}


explorer_7() {
	# Row group 3 of 7 (rows 49 to 64): its start_ts chunk begins at byte
	# 12535; its definition levels' length is overwritten.
	cp "$P/instruction-snappy-v1-rg16.parquet" "$T/bad.parquet"
	printf '\377\377\377\377' | dd of="$T/bad.parquet" bs=1 seek=12560 \
	    conv=notrunc 2>/dev/null
	np np-trace "$T/bad.parquet"
	status_is 1
	err_is "np-trace: $T/bad.parquet: byte 12535: column start_ts: definition levels of 4278190082 bytes runs past the end of the page (byte 4 of the page decompressed)"
	[ "$(wc -l <"$OUT")" -eq 49 ]
	head -49 "$GOLD/explorer/instruction.tsv" | cmp - "$OUT"
	head -c 3000 "$P/instruction-zstd-v1.parquet" >"$T/cut.parquet"
	np np-trace "$T/cut.parquet"
	status_is 1
	err_is "np-trace: $T/cut.parquet: byte 2996: no PAR1 magic at the end of the file (truncated?)"
}

explorer_8() {
	np np-trace "$E/extra/wrongtype.parquet"
	status_is 1
	err_is "np-trace: $E/extra/wrongtype.parquet: row 1: column 'pc': expected a number, found 'x'"
	[ ! -s "$OUT" ]
}

explorer_9() {
	np np-sum "$E/json/Instruction.jsonl"
	status_is 1
	err_is "np-sum: $E/json/Instruction.jsonl:1:1: expected a summary, found Instruction rows (read by np-trace, np-gaps and np-stall)"
	np np-sum "$P/dmapacket-snappy-v1.parquet"
	status_is 1
	err_is "np-sum: $P/dmapacket-snappy-v1.parquet: expected a summary, found DmaPacket rows (read by np-dma)"
	mkdir "$T/sd"
	cp "$D/Summary.parquet" "$T/sd/Summary_0.parquet"
	cp "$D/Summary.parquet" "$T/sd/Summary_1.parquet"
	np np-sum "$T/sd"
	status_is 1
	err_is "np-sum: $T/sd: a Summary table split into $T/sd/Summary_0.parquet and more: name its files"
}

explorer_10() {
	np np-trace "$E/extra/units.parquet"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1-5)" = "1700000000123000000	1700000000123999000	999000	Tensor	MATMUL" ]
}

explorer_11() {
	F=$E/float
	# The forms differ: DuckDB widens the float in JSON lines and writes
	# a float printer's digits in CSV (365779616.0 whole, not 3.6577962e8)
	[ "$(sed -n 2,3p "$F/dmapacket.csv" | cut -d, -f6 | tr '\n' ' ')" = \
	    "24005861000.0 365779616.0 " ]
	[ "$(head -1 "$F/dmapacket.jsonl" | grep -o '"throughput":[^,]*')" = \
	    '"throughput":24005861376.0' ]
	# DmaPacket's throughput, carried by -c; NaN and the infinities as
	# JSON's words
	for f in parquet csv tsv jsonl; do
		np np-dma -c throughput "$F/dmapacket.$f"
		status_is 0
		no_err
		golden explorer/float-dma.tsv
	done
	[ "$(cut -f17 "$OUT" | sed -n '2,3p;9,11p' | tr '\n' ' ')" = \
	    "24005861000 365779620 NaN Infinity -Infinity " ]
	# CcOp's bandwidths, record columns: a value not finite is missing
	for f in parquet csv tsv jsonl; do
		np-cc "$F/ccop.$f" 2>"$ERR" | cut -f2- >"$OUT"
		no_err
		golden explorer/float-cc.tsv
	done
	[ "$(cut -f15,16 "$OUT" | sed -n '3p;7p;10p' | tr '\t\n' ', ')" = \
	    "365779620,548669440 3.4028235e38, , " ]
}

@test "explorer: every Instruction Parquet file reads as its JSON lines; DmaPacket, CcInstruction and CcOp Parquet files read as their JSON lines; a profile directory gives each program its table, split tables in order; np-sum reads Summary.parquet and profile directories, side by side; Parquet on standard input: from a file it reads, from a pipe it says to name the file; the wrong table, and a directory without the program's, are errors; a corrupt page names file, byte and column, after the rows before it; a Parquet value that does not fit its column names the row and column; np-sum names another table's rows as JSON lines or Parquet; a split Summary is refused; TIMESTAMP columns in milliseconds and microseconds are read as ns; a FLOAT column is one value in Parquet, CSV, TSV and JSON lines" {
	cases \
	    "every Instruction Parquet file reads as its JSON lines" explorer_1 \
	    "DmaPacket, CcInstruction and CcOp Parquet files read as their JSON lines" explorer_2 \
	    "a profile directory gives each program its table, split tables in order" explorer_3 \
	    "np-sum reads Summary.parquet and profile directories, side by side" explorer_4 \
	    "Parquet on standard input: from a file it reads, from a pipe it says to name the file" explorer_5 \
	    "the wrong table, and a directory without the program's, are errors" explorer_6 \
	    "a corrupt page names file, byte and column, after the rows before it" explorer_7 \
	    "a Parquet value that does not fit its column names the row and column" explorer_8 \
	    "np-sum names another table's rows as JSON lines or Parquet; a split Summary is refused" explorer_9 \
	    "TIMESTAMP columns in milliseconds and microseconds are read as ns" explorer_10 \
	    "a FLOAT column is one value in Parquet, CSV, TSV and JSON lines" explorer_11
}

explorer_12() {
	F=$E/float
	# extra_float is a FLOAT under a name of no schema: Parquet's float,
	# DuckDB's CSV and TSV digits and its JSON lines' widened double are
	# one text; NaN as JSON's word
	for f in parquet csv tsv jsonl; do
		np np-dma -c extra_float,extra_double "$F/dmapacket.$f"
		status_is 0
		[ "$(cut -f17 "$OUT" | sed -n '2,6p;9p' | tr '\n' ' ')" = \
		    "24005861000 365779620 0.1 1e-7 1e-45 NaN " ] ||
		    { echo "$f: $(cut -f17 "$OUT")"; return 1; }
		# a DOUBLE that is no float is the double, whole ones
		# without .0 ...
		[ "$(cut -f18 "$OUT" | sed -n '3,6p' | tr '\n' ' ')" = \
		    "121926538.66666667 0.033333333830038704 3.3333333722869916e-8 4.670994881082723e-46 " ] ||
		    { echo "$f: $(cut -f18 "$OUT")"; return 1; }
	done
	# ... but one that is exactly a float (the float 24005861376 / 3)
	# reads as the float from a text form, which does not say DOUBLE
	np np-dma -c extra_double "$F/dmapacket.parquet"
	[ "$(cut -f17 "$OUT" | sed -n 2p)" = 8001953792 ]
	np np-dma -c extra_double "$F/dmapacket.csv"
	[ "$(cut -f17 "$OUT" | sed -n 2p)" = 8001954000 ]
}

explorer_13() {
	F=$E/nulls
	# DuckDB's GROUP BY (nulls.sql): queue_name NULL 4 transfers 3200
	# bytes, '' 5 3520, '<none>' 5 3840; hlo_name NULL 4 instructions
	# 440 ns, '' 5 545, '<none>' 4 432.  A missing value is an empty
	# field, an empty string "".
	for f in parquet csv tsv jsonl; do
		np np-dma -s "$F/dmapacket.$f"
		status_is 0
		no_err
		golden explorer/nulls-dma.tsv
		np np-sum -g queue_name -v transfer_bytes "$F/dmapacket.$f"
		status_is 0
		no_err
		golden explorer/nulls-sum.tsv
		np np-stall -g hlo_name "$F/instruction.$f"
		status_is 0
		no_err
		golden explorer/nulls-stall.tsv
	done
	[ "$(cut -f1-3 "$GOLD/explorer/nulls-dma.tsv" | sed -n 2,4p | tr '\t\n' ', ')" = \
	    ',4,3200 "",5,3520 <none>,5,3840 ' ]
	[ "$(cut -f1,3,4 "$GOLD/explorer/nulls-sum.tsv" | sed -n 2,4p | tr '\t\n' ', ')" = \
	    ',4,3200 "",5,3520 <none>,5,3840 ' ]
	[ "$(cut -f1,2,8 "$GOLD/explorer/nulls-stall.tsv" | sort | tr '\t\n' ', ')" = \
	    ',4,440 "",5,545 <none>,4,432 fusion.1,4,436 hlo_name,instructions,duration_ns ' ]
	# np's output read back keeps them apart: "" is an empty string
	np np-sum -g queue_name -v transfers "$GOLD/explorer/nulls-dma.tsv"
	status_is 0
	[ "$(cut -f1,4 "$OUT" | sed -n 2,4p | tr '\t\n' ', ')" = \
	    ',4 "",5 <none>,5 ' ]
}

@test "explorer: a FLOAT column np does not know by name is one value in every form (issue 25, item 5); NULL, an empty string and <none> are three groups in every form (issue 25, item 6)" {
	cases \
	    "a FLOAT column np does not know by name is one value in every form (issue 25, item 5)" explorer_12 \
	    "NULL, an empty string and <none> are three groups in every form (issue 25, item 6)" explorer_13
}
