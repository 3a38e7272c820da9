#!/usr/bin/env bats
# CSV and quoted TSV, and the wrong input named rather than read.
#
# tests/fixtures/explorer holds one profile written by DuckDB and
# parquet-wasm in every form Neuron Explorer and its users produce (see
# its README); the golden outputs under tests/golden/explorer are what np
# writes from the JSON lines form, and every other form must give the
# same bytes.

load helpers

E=$BATS_TEST_DIRNAME/fixtures/explorer

csv_1() {
	for f in json/Instruction.jsonl csv/table/Instruction.csv \
	    csv/instruction.tsv csv/instruction-crlf.csv \
	    csv/export/Instruction.csv; do
		np np-trace "$E/$f"
		status_is 0
		no_err
		golden explorer/instruction.tsv
	done
}

csv_2() {
	for f in json/Instruction.jsonl csv/table/Instruction.csv \
	    csv/instruction.tsv; do
		np np-stall -g src "$E/$f"
		status_is 0
		no_err
		golden explorer/stall-src.tsv
		np np-gaps -U "$E/$f"
		status_is 0
		no_err
		golden explorer/gaps-u.tsv
	done
}

csv_3() {
	for f in json/DmaPacket.jsonl csv/table/DmaPacket.csv \
	    csv/export/DmaPacket.csv; do
		np np-dma "$E/$f"
		status_is 0
		no_err
		golden explorer/dma.tsv
		np np-dma -s "$E/$f"
		status_is 0
		no_err
		golden explorer/dma-s.tsv
	done
}

csv_4() {
	# The first column is the rank: the file's name.
	for f in json/CcInstruction.jsonl csv/table/CcInstruction.csv \
	    csv/export/CcInstruction.csv; do
		np-cc "$E/$f" 2>"$ERR" | cut -f2- >"$OUT"
		no_err
		golden explorer/ccinstruction.tsv
	done
	# The bandwidths are FLOAT columns, which DuckDB writes as the float
	# widened in JSON lines and in a float printer's digits in CSV: both
	# read as the float's fewest digits.
	for f in json/CcOp.jsonl csv/table/CcOp.csv; do
		np-cc "$E/$f" 2>"$ERR" | cut -f2- >"$OUT"
		no_err
		golden explorer/ccop.tsv
	done
	[ "$(head -1 "$E/json/CcOp.jsonl" | grep -o '"[a-z]*_bandwidth":[^,]*' |
	    tr '\n' ' ')" = '"algorithm_bandwidth":54528135168.0 '\
'"bus_bandwidth":81792196608.0 ' ]
	[ "$(sed -n 2p "$E/csv/table/CcOp.csv" | cut -d, -f14,15)" = \
	    "54528135000.0,81792200000.0" ]
	[ "$(sed -n 2p "$GOLD/explorer/ccop.tsv" | cut -f15,16)" = \
	    "$(printf '54528135000\t81792200000')" ]
}

csv_5() {
	np-trace "$E/json/Instruction.jsonl" >"$T/i.tsv"
	np np-sum -g engine,opcode -v duration_ns,evt_wait_time_ns "$T/i.tsv"
	status_is 0
	mv "$OUT" "$T/want"
	np np-sum -g engine,opcode -v duration_ns,evt_wait_time_ns \
	    "$E/csv/table/Instruction.csv"
	status_is 0
	no_err
	cmp "$T/want" "$OUT"
}

csv_6() {
	np np-sum "$E/json/Summary.jsonl"
	status_is 0
	no_err
	cut -f2- "$OUT" >"$T/got"
	cmp "$GOLD/explorer/summary.tsv" "$T/got"
	# CSV and TSV hold the same metrics, in the same text: DuckDB
	# writes a FLOAT column's fewest float digits there, and its double
	# in JSON, but np-sum writes the float's (np-sum.bats has more).
	np np-sum "$E/csv/Summary.csv"
	status_is 0
	no_err
	cut -f2- "$OUT" | cmp - "$GOLD/explorer/summary.tsv"
	np np-sum "$E/csv/Summary.tsv"
	status_is 0
	no_err
	cut -f2- "$OUT" | cmp - "$GOLD/explorer/summary.tsv"
	grep -q '^total_time	6.1961e-5$' "$GOLD/explorer/summary.tsv"
}


csv_7() {
	printf 'start_ts,opcode,layer,pc\n1,"a,b","x\ny",4\n2,"q""","",\n3,,,\n' \
	    >"$T/q.csv"
	np np-trace "$T/q.csv"
	status_is 0
	no_err
	cut -f1,5,6,14 "$OUT" >"$T/got"
	# The empty string is written "", the missing value an empty field.
	printf 'start_ts\topcode\tpc\tlayer\n1\ta,b\t4\tx\\ny\n2\tq"\t\t""\n3\t\t\t\n' |
	    cmp - "$T/got"
}

csv_8() {
	printf '{"start_ts":1,"duration_ns":2,"opcode":"\\"q\\" x"}\n' |
	    np-trace >"$T/q.tsv"
	[ "$(cut -f5 "$T/q.tsv" | tail -1)" = '\"q" x' ]
	np np-trace "$T/q.tsv"
	status_is 0
	cmp "$T/q.tsv" "$OUT"
	np np-sum -g opcode -v duration_ns "$T/q.tsv"
	status_is 0
	[ "$(cut -f1 "$OUT" | tail -1)" = '\"q" x' ]
}

csv_9() {
	printf 'start_ts\topcode\tlayer\n1\t"a\tb\n""x"""\t"\\n"\n' >"$T/q.tsv"
	np np-trace "$T/q.tsv"
	status_is 0
	no_err
	[ "$(cut -f5,14 "$OUT" | tail -1)" = 'a\tb\n"x"	\\n' ]
}

csv_10() {
	printf 'start_ts,opcode\n1,"abc\n2,x\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:2:3: expected the closing quote of the field opened here, found the end of the file"
	printf 'start_ts,opcode\n1,"ab"c\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:2:7: expected ',' or the end of the row after a quoted field's closing quote, found 'c'"
	printf 'start_ts,opcode\n1,"a\nb",9\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:3:4: expected 2 comma-separated fields as in the header, found 3"
	printf 'start_ts,opcode,pc\n1,"a\r\nb"\r\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:3:3: expected 3 comma-separated fields as in the header, found 2"
	printf 'start_ts\topcode\n1\t"x\n' >"$T/c.tsv"
	np np-trace "$T/c.tsv"
	status_is 1
	err_is "np-trace: $T/c.tsv:2:3: expected the closing quote of the field opened here, found the end of the file"
}

csv_11() {
	# Rows of 1012 bytes, then one whose length puts the first refill
	# (file offset 1048576) at byte k of the three rows after it, for
	# every k: in a "" pair, at a closing quote, between CR and LF, at a
	# delimiter, at an opening quote, in a last row without a newline.
	# CSV, and the same rows as quoted TSV.  One awk writes the 64 files
	# of a delimiter, checking their lengths, and one np-trace reads them
	# all, each from its first byte with its buffer empty (src_open), as
	# a run of its own would: one header, then each file's n + 4 rows;
	# one awk counts them and writes the last three rows of each file
	# (fields 1-4 and 14) after its k.
	local d k rows n=$(( (1048576 - 29 - 64 - 2000) / 1012 ))
	local -a files
	printf -v rows '5\t6\t1\tTensor\tx"y,z\\r\\nw"\n7\t8\t1\tVector\t""\n9\t10\t1\tScalar\ta,"b"'
	for d in , '	'; do
		awk -v d="$d" -v n="$n" -v dir="$T" '
		function rep(s, n,   r) {	# s n times
			for (r = ""; n > 0; n = int(n / 2)) {
				if (n % 2)
					r = r s
				s = s s
			}
			return r
		}
		BEGIN {
			base = "start_ts" d "end_ts" d "engine" d "layer\n" \
			    rep("1" d "2" d "Tensor" d rep("x", 1000) "\n", n)
			if (length(base) != 29 + n * 1012)
				exit 1
			tail = "5" d "6" d "Tensor" d "\"x\"\"y,z\r\nw\"\"\"\r\n" \
			    "7" d "8" d "\"Vector\"" d "\"\"\r\n" \
			    "9" d "10" d "Scalar" d "\"a,\"\"b\"\"\""
			if (length(tail) != 64)
				exit 1
			y = rep("y", 2200)
			for (k = 1; k <= 64; k++) {
				m = 1048576 - k - 29 - n * 1012 - 12
				row = "1" d "2" d "Tensor" d substr(y, 1, m) "\n"
				if (length(base) + length(row) != 1048576 - k)
					exit 1
				f = dir "/k" k ".csv"
				printf "%s%s%s", base, row, tail >f
				close(f)
			}
		}'
		: >"$T/want"
		files=()
		for k in {1..64}; do
			files+=("$T/k$k.csv")
			printf 'k=%s\n%s\n' "$k" "$rows" >>"$T/want"
		done
		np-trace "${files[@]}" 2>"$T/err" | awk -F '\t' -v OFS='\t' \
		    -v n="$n" '
			NR == 1 { next }
			{ i = (NR - 2) % (n + 4) }
			i == n + 1 { print "k=" (NR - 2 - i) / (n + 4) + 1 }
			i > n { print $1, $2, $3, $4, $14 }
			END { if (NR != 1 + 64 * (n + 4)) print NR " lines" }' \
		    >"$OUT"
		[ "${PIPESTATUS[0]}" -eq 0 ] || { cat "$T/err"; return 1; }
		[ ! -s "$T/err" ]
		out_is "$T/want"
		rm "$T"/k*.csv
	done
}

csv_12() {
	{ printf 'start_ts,opcode\n'; seq 1 5000 | sed 's/$/,X/'; printf '9,"y\n'; } >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:5002:3: expected the closing quote of the field opened here, found the end of the file"
	[ "$(wc -l <"$OUT")" -eq 5001 ]
	[ "$(tail -1 "$OUT" | cut -f1,5)" = "5000	X" ]
}

@test "csv: Instruction rows as JSON lines, CSV, quoted TSV, CRLF CSV and the UI export agree; np-stall and np-gaps read the CSV and the quoted TSV as the JSON lines; DmaPacket rows as JSON lines, CSV and the UI export agree, per queue too; CcInstruction and CcOp rows as JSON lines, CSV and the UI export agree; np-sum -g on CSV gives what it gives on np-trace's TSV of the same rows; the Summary table as CSV, TSV and JSON lines is a summary; quoted fields hold commas, quotes and newlines; \"\" is an empty string, nothing is missing; a field of np's own that begins with a quote is written \\\" and read back; a TSV field that begins with a quote is quoted, as DuckDB writes it; bad quoting and field counts name the line and column; the buffer's refill at every byte of quoted rows: \"\", CR LF, an empty and a last field; rows before a bad one are written" {
	cases \
	    "Instruction rows as JSON lines, CSV, quoted TSV, CRLF CSV and the UI export agree" csv_1 \
	    "np-stall and np-gaps read the CSV and the quoted TSV as the JSON lines" csv_2 \
	    "DmaPacket rows as JSON lines, CSV and the UI export agree, per queue too" csv_3 \
	    "CcInstruction and CcOp rows as JSON lines, CSV and the UI export agree" csv_4 \
	    "np-sum -g on CSV gives what it gives on np-trace's TSV of the same rows" csv_5 \
	    "the Summary table as CSV, TSV and JSON lines is a summary" csv_6 \
	    "quoted fields hold commas, quotes and newlines; \"\" is an empty string, nothing is missing" csv_7 \
	    "a field of np's own that begins with a quote is written \\\" and read back" csv_8 \
	    "a TSV field that begins with a quote is quoted, as DuckDB writes it" csv_9 \
	    "bad quoting and field counts name the line and column" csv_10 \
	    "the buffer's refill at every byte of quoted rows: \"\", CR LF, an empty and a last field" csv_11 \
	    "rows before a bad one are written" csv_12
}

csv_t1() {
	printf 'start_ts,opcode\n1,a\0b\n' >"$T/b.csv"
	np np-trace "$T/b.csv"
	status_is 1
	err_is "np-trace: $T/b.csv:2:4: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 19)"
	printf 'start_ts,opcode\r\n' >"$T/h.csv"
	np np-trace "$T/h.csv"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 1 ]
	# A quoted field of 1.5 MiB is a row longer than the buffer.
	{ printf 'start_ts,opcode\n1,"'; head -c 1572864 /dev/zero | tr '\0' a
	    printf '"\n'; } >"$T/big.csv"
	np np-trace "$T/big.csv"
	status_is 1
	err_is "np-trace: $T/big.csv:2:1: expected a row of at most 1048575 bytes, found a longer one"
}

csv_t2() {
	printf 'a,b\nx,1\n"x",2\n"q""",5\nx,\n' >"$T/g.csv"
	np np-sum -n -g a -v b "$T/g.csv"
	status_is 0
	err_is "np-sum: empty values skipped: 1 (first: $T/g.csv:5)"
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'q"\tb\t1\t5\nx\tb\t2\t3')" ]
	printf 'a,b\nx,"1\n2"\n' >"$T/g.csv"
	np np-sum -g a -v b "$T/g.csv"
	status_is 1
	err_is "np-sum: $T/g.csv:2:3: expected a number in column 'b', found '1\\n2'"
	printf '{"a":1}\n' >"$T/g.json"
	np np-sum -g a -v b "$T/g.json"
	status_is 1
	# JSON rows are read as rows too (np-sum-group.bats): its columns
	# are named.
	err_is "np-sum: $T/g.json: expected a column 'b' (given to -v), found none in its rows, the first of which has: a"
}


csv_15() {
	np np-dma "$E/csv/table/Instruction.csv"
	status_is 1
	err_is "np-dma: $E/csv/table/Instruction.csv:1:1: expected DMA transfer rows (with a column such as queue_name, queue_idx or transfer_bytes), found Instruction rows (read by np-trace, np-gaps and np-stall)"
	np np-cc "$E/json/Instruction.jsonl"
	status_is 1
	err_is "np-cc: $E/json/Instruction.jsonl:1:1: expected collective rows (with a column such as event, description or operation), found Instruction rows (read by np-trace, np-gaps and np-stall)"
	np np-trace "$E/json/DmaPacket.jsonl"
	status_is 1
	err_is "np-trace: $E/json/DmaPacket.jsonl:1:1: expected instruction rows (with a column such as opcode, pc or engine), found DmaPacket rows (read by np-dma)"
	np np-gaps "$E/csv/Summary.tsv"
	status_is 1
	err_is "np-gaps: $E/csv/Summary.tsv:1:1: expected instruction rows (with a column such as opcode, pc or engine), found a Summary table (read by np-sum)"
	np np-sum "$E/csv/table/CcOp.csv"
	status_is 1
	err_is "np-sum: $E/csv/table/CcOp.csv:1:1: expected a summary, found CcOp rows (read by np-cc)"
	np-trace "$E/json/Instruction.jsonl" >"$T/i.tsv"
	np np-sum "$T/i.tsv"
	status_is 1
	err_is "np-sum: $T/i.tsv:1:1: expected a summary, found Instruction rows (read by np-trace, np-gaps and np-stall)"
	printf 'a,b\n1,2\n' >"$T/t.csv"
	np np-sum "$T/t.csv"
	status_is 1
	err_is "np-sum: $T/t.csv:1:1: expected a summary, found a table of columns 'a', 'b', ... (np-sum -g and -v read tables)"
}

csv_16() {
	S=$E/schema
	np np-trace "$S/SemaphoreUpdate.csv"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-trace: $S/SemaphoreUpdate.csv:1:1: expected instruction rows (with a column such as opcode, pc or engine), found SemaphoreUpdate rows (read by no np program)"
	np np-sum "$S/semaphoreupdate.parquet"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-sum: $S/semaphoreupdate.parquet: expected a summary, found SemaphoreUpdate rows (read by no np program)"
	# DmaPacket's queue and byte columns beside its own: still refused,
	# since np-dma reads packets, not their aggregates.
	np np-dma "$S/DmaPacketAggregated.csv"
	status_is 1
	err_is "np-dma: $S/DmaPacketAggregated.csv:1:1: expected DMA transfer rows (with a column such as queue_name, queue_idx or transfer_bytes), found DmaPacketAggregated rows (read by no np program: np-dma reads DmaPacket)"
	np np-trace "$S/dmapacketaggregated.parquet"
	status_is 1
	err_is "np-trace: $S/dmapacketaggregated.parquet: expected instruction rows (with a column such as opcode, pc or engine), found DmaPacketAggregated rows (read by no np program: np-dma reads DmaPacket)"
	# Only the columns every table has: the name the UI gives its export
	# (or a browser its second copy) tells.
	cut -d, -f1-3,10 "$S/SemaphoreUpdate.csv" >"$T/SemaphoreUpdate (1).csv"
	np np-gaps "$T/SemaphoreUpdate (1).csv"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-gaps: $T/SemaphoreUpdate (1).csv:1:1: expected instruction rows (with a column such as opcode, pc or engine), found SemaphoreUpdate rows, by the file's name (read by no np program)"
	np np-sum "$T/SemaphoreUpdate (1).csv"
	status_is 1
	err_is "np-sum: $T/SemaphoreUpdate (1).csv:1:1: expected a summary, found SemaphoreUpdate rows, by the file's name (read by no np program)"
	# A split table's part is named for its table too.
	cp "$T/SemaphoreUpdate (1).csv" "$T/SemaphoreUpdate_1.csv"
	np np-trace "$T/SemaphoreUpdate_1.csv"
	status_is 1
	err_is "np-trace: $T/SemaphoreUpdate_1.csv:1:1: expected instruction rows (with a column such as opcode, pc or engine), found SemaphoreUpdate rows, by the file's name (read by no np program)"
	cp "$T/SemaphoreUpdate (1).csv" "$T/SemaphoreUpdate_x.csv"
	np np-trace "$T/SemaphoreUpdate_x.csv"
	status_is 0
	# The same columns under another name are read as they are, and a
	# table np reads, named for another, by its columns.
	cp "$T/SemaphoreUpdate (1).csv" "$T/s.csv"
	np np-trace "$T/s.csv"
	status_is 0
	cp "$E/csv/table/Instruction.csv" "$T/DmaPacket.csv"
	np np-trace "$T/DmaPacket.csv"
	status_is 0
	cmp "$OUT" <(np-trace "$E/csv/table/Instruction.csv")
}

csv_17() {
	np np-sum "$BATS_TEST_DIRNAME/../README.md"
	status_is 1
	[ "$(tail -1 "$ERR" | sed 's/: [0-9]* lines/: N lines/; s/the [0-9]* metrics/the M metrics/')" = \
	    "np-sum: $BATS_TEST_DIRNAME/../README.md: N lines are neither 'key value' pairs nor table rows, more than the M metrics read: not a summary" ]
	printf 'This is prose.\nnp is a set of small programs\ntotal_time 1\n' >"$T/p.txt"
	np np-sum "$T/p.txt"
	status_is 1
	err_is "np-sum: lines not understood: 2 (first: $T/p.txt:1)
np-sum: $T/p.txt: 2 lines are neither 'key value' pairs nor table rows, more than the 1 metrics read: not a summary"
}


csv_t3() {
	np np-sum "$SAMPLES/summary-captured-log.txt"
	status_is 0
	err_is "np-sum: non-JSON lines skipped: 6 (first: $SAMPLES/summary-captured-log.txt:1)"
	cut -f2- "$OUT" >"$T/got"
	[ "$(wc -l <"$T/got")" -gt 100 ]
	grep '^{' "$SAMPLES/summary-captured-log.txt" >"$T/doc.json"
	np np-sum "$T/doc.json"
	no_err
	cut -f2- "$OUT" | cmp - "$T/got"
}

csv_t4() {
	printf '{"version":2,"instruction":[{"timestamp":5,"duration":3,"opcode":"X"}]}\n' >"$T/v.json"
	np np-trace "$T/v.json"
	status_is 0
	err_is "np-trace: plain values among the tables skipped: 1 (first: $T/v.json:1)"
	[ "$(tail -1 "$OUT" | cut -f1-5)" = "5	8	3		X" ]
}


csv_20() {
	printf '{"start_ts":1,"opcode":"x"}\ntime="t" level=info\nSTDERR: done\n' >"$T/m.json"
	np np-trace "$T/m.json"
	status_is 1
	err_is "np-trace: $T/m.json:3:1: expected JSON (as the file began) or a log line, found text 'STDERR: done': the file changes format here"
	[ "$(wc -l <"$OUT")" -eq 2 ]
}

csv_21() {
	printf '\357\273\277start_ts,end_ts,engine,opcode\n1,5,T,X\n' >"$T/b.csv"
	np np-trace "$T/b.csv"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1-5)" = "1	5	4	T	X" ]
	printf '\357\273\277{"start_ts":1,"opcode":"x"' >"$T/b.json"
	np np-trace "$T/b.json"
	status_is 1
	err_is "np-trace: $T/b.json:1:27: expected ',' or '}' after the member, found end of input (byte offset 29)"
	printf 'start_ts,end_ts,engine,opcode\n1,2,T,X\n3,4,"T"\r,Y\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:3:8: expected ',' or the end of the row after a quoted field's closing quote, found byte 0x0d"
	printf 'start_ts,pc\n1,"a\tb\nc"\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:2:3: expected a number for 'pc', found 'a\\tb\\nc'"
	printf 'start_ts,pc\n1,a\302\233b\302\260\n' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 1
	err_is "np-trace: $T/c.csv:2:3: expected a number for 'pc', found 'a\\xc2\\x9bb°'"
	# A CR ending the file after a quoted field ends its row.
	printf 'start_ts,opcode\n3,"Y"\r' >"$T/c.csv"
	np np-trace "$T/c.csv"
	status_is 0
	[ "$(tail -1 "$OUT" | cut -f1,5)" = "3	Y" ]
}

@test "csv: binary, empty, header-only and huge rows; np-sum -g reads CSV: quotes, empty values counted, errors placed; the wrong table is named, with the program that reads it; SemaphoreUpdate and DmaPacketAggregated rows are named, by columns or the file's name; prose is not a summary; text after a summary's JSON (captured output) is passed over and counted; a view export whose first members are plain values is an export; a file that turns from JSON to text says where; a UTF-8 byte order mark is dropped; control bytes in messages are escaped" {
	cases \
	    "binary, empty, header-only and huge rows" csv_t1 \
	    "np-sum -g reads CSV: quotes, empty values counted, errors placed" csv_t2 \
	    "the wrong table is named, with the program that reads it" csv_15 \
	    "SemaphoreUpdate and DmaPacketAggregated rows are named, by columns or the file's name" csv_16 \
	    "prose is not a summary" csv_17 \
	    "text after a summary's JSON (captured output) is passed over and counted" csv_t3 \
	    "a view export whose first members are plain values is an export" csv_t4 \
	    "a file that turns from JSON to text says where" csv_20 \
	    "a UTF-8 byte order mark is dropped; control bytes in messages are escaped" csv_21
}

@test "input: a byte order mark that comes a byte at a time through a pipe is dropped all the same" {
	# The first reads of a pipe may be short: the mark is read whole
	# before the format is looked at, whichever reader looks.
	drip() { for i in 1 2 3; do dd if="$1" bs=1 skip=$((i - 1)) count=1 2>/dev/null; sleep 0.05; done; tail -c +4 "$1"; }
	printf '\357\273\277start_ts,end_ts,engine,opcode\n1,5,T,X\n' >"$T/b.csv"
	np sh -c "$(declare -f drip); drip '$T/b.csv' | np-trace"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1-5)" = "1	5	4	T	X" ]
	printf '\357\273\277k\tv\na\t1\n' >"$T/b.tsv"
	np sh -c "$(declare -f drip); drip '$T/b.tsv' | np-sum -g k -v v"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1-4)" = "a	v	1	1" ]
	printf '\357\273\277{"summary":[{"total_time":2.5}]}\n' >"$T/b.json"
	np sh -c "$(declare -f drip); drip '$T/b.json' | np-sum"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT")" = "-	total_time	2.5" ]
}

csv_23() {
	{ printf 'start_ts,end_ts,opcode\n'
	  seq 1 8000 | awk '{ print $1 "," $1 + 1 ",x" }'
	  printf 'a\0b\n5,6,y\n'
	} >"$T/n.csv"
	[ "$(head -n 8001 "$T/n.csv" | wc -c)" -gt 65536 ]
	off=$(head -n 8001 "$T/n.csv" | wc -c)
	off=$((off + 1))
	np np-trace "$T/n.csv"
	status_is 1
	err_is "np-trace: $T/n.csv:8002:2: expected text, found byte 0x00 (byte offset $off)"
	[ "$(wc -l <"$OUT")" -eq 8001 ]
}

csv_24() {
	# The quoted field opened on line 2 holds a newline: the NUL is on
	# line 3, its third byte (byte offset 45), in CSV and in quoted TSV.
	printf 'start_ts,end_ts,engine,layer\n1,2,Tensor,"a\nbb\0c"\n' >"$T/m.csv"
	np np-trace "$T/m.csv"
	status_is 1
	err_is "np-trace: $T/m.csv:3:3: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 45)"
	tr , '\t' <"$T/m.csv" >"$T/m.tsv"
	np np-trace "$T/m.tsv"
	status_is 1
	err_is "np-trace: $T/m.tsv:3:3: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 45)"
	# Past the sniffed start, after a row of three lines: line 8006.
	{ printf 'start_ts,end_ts,opcode\n'
	  seq 1 8000 | awk '{ print $1 "," $1 + 1 ",x" }'
	  printf '5,6,"y\n\nz"\n7,8,"a\nb\0"\n'
	} >"$T/n.csv"
	off=$(head -n 8005 "$T/n.csv" | wc -c)
	off=$((off + 1))
	np np-trace "$T/n.csv"
	status_is 1
	err_is "np-trace: $T/n.csv:8006:2: expected text, found byte 0x00 (byte offset $off)"
	[ "$(wc -l <"$OUT")" -eq 8002 ]
}

csv_25() {
	{ seq 1 6000 | awk '{ print "{\"start_ts\":" $1 ",\"opcode\":\"x\"}" }'
	  printf '\0\1bin\n'
	} >"$T/n.jsonl"
	off=$(head -n 6000 "$T/n.jsonl" | wc -c)
	[ "$off" -gt 65536 ]
	np np-trace "$T/n.jsonl"
	status_is 1
	err_is "np-trace: $T/n.jsonl:6001:1: expected JSON (as the file began) or a log line, found byte 0x00 (byte offset $off)"
	[ "$(wc -l <"$OUT")" -eq 6001 ]
}

@test "csv: a NUL byte past the sniffed start is named by its byte offset, rows before written; a NUL byte in a row of several lines is named at its own line and column; a NUL byte in JSON lines past the sniffed start is binary, not text ''" {
	cases \
	    "a NUL byte past the sniffed start is named by its byte offset, rows before written" csv_23 \
	    "a NUL byte in a row of several lines is named at its own line and column" csv_24 \
	    "a NUL byte in JSON lines past the sniffed start is binary, not text ''" csv_25
}
