#!/usr/bin/env bats
# np-bound: the bounds, the window, any row order, table files, several
# profiles, the investigations, what is left out and why, bad input and
# usage.  The expected numbers are worked out by hand in
# tests/fixtures/np-bound/README.md, which also gives DuckDB's answer to
# the same definitions in SQL (bound.sql).

load helpers

D=$FIX/np-bound
H=$D/hand@latest
USAGE='usage: np-bound [-ADInqTwX] [-r rows] [-t from,to] profile ...'
SYNC="np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 1 (first: $H/ActiveTime.parquet:5)"

# A profile directory of hand@latest's tables, with table $2 replaced by
# the file $3 (or left out where $3 is empty), in $T/$1.
variant() {
	mkdir -p "$T/$1"
	ln -s "$H"/*.parquet "$T/$1/"
	rm "$T/$1/$2.parquet"
	[ -z "$3" ] || ln -s "$3" "$T/$1/$2.parquet"
}

# The time_ns of each bound of a golden, "name=ns" space-separated.
times() {
	awk -F '\t' 'NR > 1 { printf "%s%s=%s", n++ ? " " : "", $1, $4 }' \
	    "$GOLD/np-bound/$1"
}

# ---- the bounds ----

np_bound_1() {
	np np-bound "$H"
	status_is 0
	err_is "$SYNC"
	golden np-bound/hand.tsv
}

np_bound_2() {
	[ "$(times hand.tsv)" = "total_time=850 memory_bound=750 memory_bound_ideal=380 memory_bound_ideal_no_reloads=190 compute_bound=500 compute_bound_ideal_flops=170 compute_bound_ideal_useful_flops=120 perfect_pipeline=750 tensor_engine_active_time=500 vector_engine_active_time=200 scalar_engine_active_time=80 gpsimd_engine_active_time=50 dma_active_time=750 bottleneck=750" ]
	[ "$(times hand-t.tsv)" = "total_time=400 memory_bound=300 memory_bound_ideal=130 memory_bound_ideal_no_reloads=190 compute_bound=300 compute_bound_ideal_flops=50 compute_bound_ideal_useful_flops=0 perfect_pipeline=300 tensor_engine_active_time=300 vector_engine_active_time=20 scalar_engine_active_time=0 gpsimd_engine_active_time=50 dma_active_time=300 bottleneck=300" ]
	# The gaps, shares and speedups of the README's working.
	[ "$(cut -f1,5 "$GOLD/np-bound/hand.tsv" | sed -n '3,9p' | tr '\t\n' '= ')" = "memory_bound=100 memory_bound_ideal=370 memory_bound_ideal_no_reloads=190 compute_bound=350 compute_bound_ideal_flops=330 compute_bound_ideal_useful_flops=50 perfect_pipeline=100 " ]
	[ "$(cut -f7 "$GOLD/np-bound/hand.tsv" | sed -n '2,9p' | tr '\n' ' ')" = "1 1.1333333333333333 1.7 1.7 1.1333333333333333 1.1333333333333333 1.1333333333333333 1.1333333333333333 " ]
	grep -q '^perfect_pipeline	pipeline	DMA	750	' "$GOLD/np-bound/hand.tsv"
	grep -q '^perfect_pipeline	pipeline	Tensor	300	' "$GOLD/np-bound/hand-t.tsv"
}

np_bound_3() {
	np np-bound -t 200,600 "$H"
	status_is 0
	golden np-bound/hand-t.tsv
	np np-bound -t ,950 "$H"
	status_is 0
	golden np-bound/hand.tsv
	np np-bound -t 100, "$H"
	status_is 0
	golden np-bound/hand.tsv
}

np_bound_4() {
	np np-bound -r 1 "$D/rev@latest"
	status_is 0
	golden np-bound/hand.tsv
	err_is "np-bound: 4 rows beyond the reorder window (-r 1), put in order in memory (first: $D/rev@latest/DmaPacket.parquet:3)
np-bound: 6 rows beyond the reorder window (-r 1), put in order in memory (first: $D/rev@latest/ActiveTime.parquet:3)
np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 1 (first: $D/rev@latest/ActiveTime.parquet:8)"
	for m in -T -I -X -D; do
		np np-bound -r 1 $m "$D/rev@latest"
		status_is 0
		golden "np-bound/hand$m.tsv"
	done
}

np_bound_5() {
	np np-bound "$D"/csv/*.csv
	status_is 0
	golden np-bound/hand.tsv
	err_is "np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 1 (first: $D/csv/ActiveTime.csv:6)"
	np np-bound -X "$D/csv/Flow.csv" "$D/csv/TensorInfo.csv" \
	    "$D/csv/Instruction.csv" "$D/csv/DmaPacketAggregated.csv" \
	    "$D/csv/DmaPacket.csv"
	status_is 0
	golden np-bound/hand-X.tsv
}

np_bound_6() {
	np sh -c 'cd "$0" && exec np-bound "$@"' "$D" hand@latest after@latest
	status_is 0
	golden np-bound/hand-2.tsv
	np sh -c 'cd "$0" && exec np-bound -w "$@"' "$D" hand@latest after@latest
	status_is 0
	golden np-bound/hand-w.tsv
	[ "$(awk -F '\t' '$1 == "memory_bound" { print $3, $4, $5, $6 }' "$OUT")" = "750 650 -100 0.8666666666666667" ]
	np np-bound -w -n "$H"
	status_is 0
	[ "$(head -1 "$OUT")" = "total_time	total	850" ]
	[ "$(tail -1 "$OUT")" = "bottleneck	pipeline	DMA" ]
}


# ---- the investigations ----

np_bound_7() {
	np np-bound -T "$H"
	status_is 0
	no_err
	golden np-bound/hand-T.tsv
}

np_bound_8() {
	np np-bound --tiles "$H"
	status_is 0
	no_err
	golden np-bound/hand-I.tsv
}

np_bound_9() {
	np np-bound -X "$H"
	status_is 0
	no_err
	golden np-bound/hand-X.tsv
}

np_bound_10() {
	np np-bound --dma "$H"
	status_is 0
	golden np-bound/hand-D.tsv
	err_is "np-bound: DmaPacketAggregated transfers in transpose mode, in no source line's row: 1 (first: $H/DmaPacketAggregated.parquet:8)
np-bound: $H: the Flow join left 1 of 6 DmaPacketAggregated transfers unmatched (256 bytes, in no source line's row): 1 with no Flow edge from an instruction, 0 whose instruction is not in Instruction
np-bound: $H: DmaPacketAggregated covers 3340 of the kernel's 3800 DMA bytes in the window (0.8789473684210526, below 0.95): the rest has no source line or tensor"
}

np_bound_11() {
	variant ops Instruction "$D/bad/instruction-operands.parquet"
	np np-bound -I "$T/ops"
	status_is 0
	err_is "np-bound: $T/ops/Instruction.parquet:1: MATMUL operands not of the form 'src=NAME[...][N,...] K*M': 'src=sb[0:128] 128*128'
np-bound: MATMULs whose operands give no shape, in no row: 2 (first: $T/ops/Instruction.parquet:1)"
	[ "$(cat "$OUT")" = "src	K	M	N	matmuls	flops	flops_share	below
k.py:12	128	128	128	1	1638400	0.29411764705882354	N" ]
}

np_bound_12() {
	variant nosrc Instruction "$D/bad/instruction-nosrc.parquet"
	np np-bound -T "$T/nosrc"
	status_is 0
	err_is "np-bound: MATMULs whose tensor_instruction_type names TRANSPOSE among others, taken as no transpose: 1 (first: $T/nosrc/Instruction.parquet:2)
np-bound: $T/nosrc: 9 of 12 instructions have no source location (bir_debug_info_source_location, nki_source_location): compiled without debug information? (their rows' src is empty)"
	[ "$(cat "$OUT")" = "src	transposes	flops	peak_ns	flops_share" ]
}

@test "np-bound: the bounds of the hand-worked profile; the goldens hold the hand-worked and DuckDB numbers; -t sets the window; an empty side is the DMA's; rows in reverse order, beyond the reorder window, give the same bounds; the tables as files named for them (DuckDB's CSV), in any order; several profiles, and -w side by side with the change; -T, the transposes per source line; -I, the matmul shapes per source line; -X, the excess bytes, by tensor and by the line that loads it; -D, the DMA geometry; transposes, the unmatched and the coverage said; -I names the first operands it cannot read and counts them all; most instructions without a source line, and a list of types, are said" {
	cases \
	    "the bounds of the hand-worked profile" np_bound_1 \
	    "the goldens hold the hand-worked and DuckDB numbers" np_bound_2 \
	    "-t sets the window; an empty side is the DMA's" np_bound_3 \
	    "rows in reverse order, beyond the reorder window, give the same bounds" np_bound_4 \
	    "the tables as files named for them (DuckDB's CSV), in any order" np_bound_5 \
	    "several profiles, and -w side by side with the change" np_bound_6 \
	    "-T, the transposes per source line" np_bound_7 \
	    "-I, the matmul shapes per source line" np_bound_8 \
	    "-X, the excess bytes, by tensor and by the line that loads it" np_bound_9 \
	    "-D, the DMA geometry; transposes, the unmatched and the coverage said" np_bound_10 \
	    "-I names the first operands it cannot read and counts them all" np_bound_11 \
	    "most instructions without a source line, and a list of types, are said" np_bound_12
}

# ---- what is left out ----

np_bound_13() {
	variant meta Metadata "$D/bad/metadata-noconst.parquet"
	np np-bound "$T/meta"
	status_is 0
	err_is "np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 1 (first: $T/meta/ActiveTime.parquet:5)
np-bound: $T/meta: Metadata gives no dma_ddr_bandwidth above 0: memory_bound_ideal and memory_bound_ideal_no_reloads left out
np-bound: $T/meta: Metadata gives no tensor_engine_num_cols above 0: compute_bound_ideal_flops and compute_bound_ideal_useful_flops left out"
	[ "$(sed -n 4p "$OUT")" = "memory_bound_ideal	memory	DMA				" ]
	[ "$(sed -n 7,8p "$OUT" | cut -f4 | tr -d '\n')" = "" ]
	[ "$(sed -n 3p "$OUT")" = "memory_bound	memory	DMA	750	100	0.8823529411764706	1.1333333333333333" ]
}

np_bound_14() {
	variant none Metadata ""
	rm "$T/none/TensorInfo.parquet"
	np np-bound "$T/none"
	status_is 0
	err_is "np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 1 (first: $T/none/ActiveTime.parquet:5)
np-bound: $T/none: no Metadata table: memory_bound_ideal and memory_bound_ideal_no_reloads left out
np-bound: $T/none: no Metadata table: compute_bound_ideal_flops and compute_bound_ideal_useful_flops left out
np-bound: $T/none: no TensorInfo table: memory_bound_ideal_no_reloads left out"
	variant engines ActiveTime ""
	rm "$T/engines/Instruction.parquet"
	np np-bound "$T/engines"
	status_is 0
	err_is "np-bound: $T/engines: no ActiveTime table: compute_bound, tensor_engine_active_time, vector_engine_active_time, scalar_engine_active_time, gpsimd_engine_active_time, perfect_pipeline and bottleneck left out
np-bound: $T/engines: no Instruction table: compute_bound_ideal_flops and compute_bound_ideal_useful_flops left out"
	[ "$(sed -n 9p "$OUT")" = "perfect_pipeline	pipeline					" ]
	[ "$(sed -n 2p "$OUT")" = "total_time	total		850		1	" ]
}

np_bound_15() {
	variant empty DmaPacket "$D/bad/dmapacket-empty.parquet"
	np np-bound "$T/empty"
	status_is 1
	err_is "np-bound: $T/empty: DmaPacket has no rows (captured without DMA notifications?), so no window: give it with -t from,to"
	[ ! -s "$OUT" ]
	np np-bound -t 200,600 "$T/empty"
	status_is 0
	err_is "np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 1 (first: $T/empty/ActiveTime.parquet:5)
np-bound: $T/empty: DmaPacket has no rows (captured without DMA notifications?): memory_bound, memory_bound_ideal, dma_active_time, perfect_pipeline and bottleneck left out"
	[ "$(sed -n 5p "$OUT")" = "memory_bound_ideal_no_reloads	memory	DMA	190		0.475	1.3333333333333333" ]
	[ "$(sed -n 6,7p "$OUT")" = "$(sed -n 6,7p "$GOLD/np-bound/hand-t.tsv" | cut -f1-6 | sed "s/\$/	/")" ]
}

np_bound_16() {
	np np-bound -t 2000,3000 "$H"
	status_is 0
	err_is "$SYNC
np-bound: $H: no DmaPacket row in the window [2000, 3000): memory_bound, memory_bound_ideal and dma_active_time are 0"
	[ "$(sed -n 2,4p "$OUT" | cut -f4 | tr '\n' ' ')" = "1000 0 0 " ]
}

np_bound_17() {
	variant nok DmaPacket "$D/bad/dmapacket-nokernel.parquet"
	np np-bound "$T/nok"
	status_is 1
	err_is "np-bound: $T/nok: no kernel DMA packet (queue_type not 'instruction', transfer_bytes above 4) in 2 DmaPacket rows, so no window: give it with -t from,to"
	[ ! -s "$OUT" ]
	variant nodma DmaPacket ""
	np np-bound -T "$T/nodma"
	status_is 1
	err_is "np-bound: $T/nodma: no DmaPacket table, so no window: give it with -t from,to"
	[ ! -s "$OUT" ]
}


# ---- bad input ----

np_bound_18() {
	variant text DmaPacket "$D/bad/dmapacket-text.parquet"
	np np-bound "$T/text"
	status_is 1
	err_is "np-bound: $T/text/DmaPacket.parquet: row 3: column 'transfer_bytes': expected a number, found 'lots'"
	[ ! -s "$OUT" ]
	variant half TensorInfo "$D/bad/tensorinfo-half.parquet"
	np np-bound "$T/half"
	status_is 1
	[ "$(tail -1 "$ERR")" = "np-bound: $T/half/TensorInfo.parquet: row 4: column 'size': expected a whole number, found '4999.5'" ]
}

np_bound_19() {
	variant nob DmaPacket "$D/bad/dmapacket-nobytes.parquet"
	np np-bound "$T/nob"
	status_is 1
	err_is "np-bound: $T/nob/DmaPacket.parquet: expected a column 'transfer_bytes' (DmaPacket's, for the kernel's packets), found none in the file, which has: id start_ts end_ts duration_ns queue_type queue_name"
	variant nof Instruction "$D/bad/instruction-noflops.parquet"
	np np-bound "$T/nof"
	status_is 1
	[ "$(tail -1 "$ERR")" = "np-bound: $T/nof/Instruction.parquet: expected a column 'adjusted_flops' (Instruction's, for the flops), found none in the file, which has: id start_ts end_ts duration_ns engine opcode operands tensor_instruction_type bir_debug_info_source_location hbm_read_bytes hbm_write_bytes" ]
	# A CSV table: the reader's message, naming who reads it.
	cut -d, -f1-4,6- "$D/csv/TensorInfo.csv" >"$T/TensorInfo.csv"
	np np-bound -X "$D/csv/DmaPacket.csv" "$T/TensorInfo.csv"
	status_is 1
	err_is "np-bound: $T/TensorInfo.csv:1:1: expected a column 'size' (read by np-bound), found none in the header, which has: $(head -1 "$T/TensorInfo.csv" | tr , ' ')"
}

np_bound_20() {
	variant nodpa DmaPacketAggregated ""
	np np-bound -X "$T/nodpa"
	status_is 1
	err_is "np-bound: $T/nodpa: no DmaPacketAggregated table (captured without NEURON_RT_ENABLE_DGE_NOTIFICATIONS=1?): -X needs it"
	[ ! -s "$OUT" ]
	variant noflow Flow ""
	np np-bound -D "$T/noflow"
	status_is 1
	err_is "np-bound: $T/noflow: no Flow table: -D needs it"
}


# ---- usage ----

np_bound_21() {
	np np-bound
	status_is 2
	err_is "np-bound: expected a profile directory
$USAGE"
	np np-bound -T -X "$H"
	status_is 2
	err_is "np-bound: -T and -X are two investigations: give one
$USAGE"
	np np-bound -w -D "$H"
	status_is 2
	err_is "np-bound: -w (one column per profile) does not go with -D
$USAGE"
	np np-bound -t 5,1 "$H"
	status_is 2
	err_is "np-bound: -t: expected FROM,TO in ns (FROM <= TO), found '5,1'
$USAGE"
	np np-bound "$D/README.md"
	status_is 1
	err_is "np-bound: $D/README.md: expected a profile directory, or a file named for a table np-bound reads (Metadata, DmaPacket, ActiveTime, Instruction, TensorInfo, DmaPacketAggregated, Flow, Warning, Error)"
}

np_bound_22() {
	np sh -c 'np-bound "$1" | head -1' sh "$H"
	status_is 0
	[ "$(cat "$OUT")" = "bound	family	engine	time_ns	gap_ns	share	bn_speedup" ]
	np np-bound -T "$H"
	np sh -c 'np-bound -T "$1" >/dev/full' sh "$H"
	status_is 1
	grep -q 'np-bound: write error' "$ERR" || grep -q 'No space left' "$ERR"
}

@test "np-bound: Metadata without its constants: what they bound is left out, and said; no Metadata, no TensorInfo, no ActiveTime, no Instruction table; an empty DmaPacket: no window without -t; with it, DMA left out; a window without DMA says so: its memory bounds are 0; no kernel packet, or no DmaPacket table: no window, exit 1; a value of the wrong type names the file, row and column; a table without a column it needs names it, what for, and what it has; an investigation without its tables is an error; usage errors; a closed pipe ends it quietly; a full disk is an error" {
	cases \
	    "Metadata without its constants: what they bound is left out, and said" np_bound_13 \
	    "no Metadata, no TensorInfo, no ActiveTime, no Instruction table" np_bound_14 \
	    "an empty DmaPacket: no window without -t; with it, DMA left out" np_bound_15 \
	    "a window without DMA says so: its memory bounds are 0" np_bound_16 \
	    "no kernel packet, or no DmaPacket table: no window, exit 1" np_bound_17 \
	    "a value of the wrong type names the file, row and column" np_bound_18 \
	    "a table without a column it needs names it, what for, and what it has" np_bound_19 \
	    "an investigation without its tables is an error" np_bound_20 \
	    "usage errors" np_bound_21 \
	    "a closed pipe ends it quietly; a full disk is an error" np_bound_22
}

# ---- generated profiles (tests/tools/profgen.c) ----

# gen@latest (64 tiles, seed 1), and after@latest (the same with -R: b
# loaded once), in $T: their goldens agree with DuckDB's SQL of the same
# definitions (tests/fixtures/np-bound/README.md).
gen() {
	profgen -n 64 "$T/gen@latest"
	profgen -R -n 64 "$T/after@latest"
}

UNMATCHED='np-bound: gen@latest: the Flow join left 6 of %s DmaPacketAggregated transfers unmatched (491520 bytes, in no source line'"'"'s row): 6 with no Flow edge from an instruction, 0 whose instruction is not in Instruction'

np_bound_23() {
	gen
	cd "$T"
	np np-bound gen@latest
	status_is 0
	no_err
	golden np-bound/gen.tsv
	for m in T I; do
		np np-bound -$m gen@latest
		status_is 0
		no_err
		golden "np-bound/gen-$m.tsv"
	done
	np np-bound -X gen@latest
	status_is 0
	err_is "$(printf "$UNMATCHED" 128)"
	golden np-bound/gen-X.tsv
	np np-bound -D gen@latest
	status_is 0
	err_is "$(printf "$UNMATCHED" 152)"
	golden np-bound/gen-D.tsv
	np np-bound -w gen@latest after@latest
	status_is 0
	no_err
	golden np-bound/gen-w.tsv
}

np_bound_24() {
	profgen -n 64 -x 1000 -P 3 "$T/gen@latest"
	cd "$T"
	[ -f gen@latest/Instruction_2.parquet ]
	np np-bound -r 8 gen@latest
	status_is 0
	golden np-bound/gen.tsv
	err_is "np-bound: 444 rows beyond the reorder window (-r 8), put in order in memory (first: gen@latest/DmaPacket.parquet:14)
np-bound: 236 rows beyond the reorder window (-r 8), put in order in memory (first: gen@latest/ActiveTime.parquet:11)"
	for m in T I X D; do
		np np-bound -r 8 -$m gen@latest
		status_is 0
		golden "np-bound/gen-$m.tsv"
	done
}

np_bound_25() {
	profgen -n 64 -W 5 -E 3 "$T/gen@latest"
	cd "$T"
	np np-bound gen@latest
	status_is 0
	golden np-bound/gen.tsv
	err_is "np-bound: gen@latest: Warning table, category DroppedEvents: 3 rows (first: system trace events dropped: 1)
np-bound: gen@latest: Warning table, category Timestamps: 2 rows (first: timestamps out of order on queue 2)
np-bound: gen@latest: Error table, type DmaError: 2 rows (first: DMA queue 0 overflowed)
np-bound: gen@latest: Error table, type HwError: 1 row (first: DMA queue 1 overflowed)"
	np np-bound -T "$D/gate/Error.parquet" "$H"/*.parquet
	status_is 0
	golden np-bound/hand-T.tsv
	err_is "np-bound: $D/gate/Error.parquet: Error table, type DmaError: 2 rows (first: DMA queue 3 overflowed)
np-bound: $D/gate/Error.parquet: Error table, type HwError: 1 row (first: semaphore timeout)"
}

@test "np-bound: a generated profile: the bounds and every investigation; a generated profile shuffled, Instruction split in three: the same answers; the Warning and Error tables first, of a directory and of table files" {
	cases \
	    "a generated profile: the bounds and every investigation" np_bound_23 \
	    "a generated profile shuffled, Instruction split in three: the same answers" np_bound_24 \
	    "the Warning and Error tables first, of a directory and of table files" np_bound_25
}

# ---- constant memory ----

@test "np-bound: constant memory: 188000 instructions in the virtual memory of 600" {
	need_plain_build
	profgen -n 64 "$T/small@latest"
	profgen -n 20000 -x 5000 "$T/big@latest"
	for m in "" -T -I; do
		# shellcheck disable=SC2086
		under_ulimit 20480 np-bound $m "$T/small@latest"
		status_is 0
		# shellcheck disable=SC2086
		under_ulimit 20480 np-bound $m "$T/big@latest"
		status_is 0
		[ "$(wc -l <"$OUT")" -ge 2 ]
	done
	np np-bound "$T/big@latest"
	[ "$(awk -F '\t' '$1 == "total_time" { print $4 }' "$OUT")" -gt 30000000 ]
	# The Flow join holds DmaPacketAggregated's 40000 transfers in the
	# window: 48 bytes each, and the hash.
	under_ulimit 32768 np-bound -X "$T/big@latest"
	status_is 0
	under_ulimit 32768 np-bound -D "$T/big@latest"
	status_is 0
}

# ---- NULL, '' and <none> in every input form ----

# The nulls profile (tests/fixtures/np-bound/nulls.sql, written by DuckDB):
# its tables as Parquet, CSV, TSV and JSON lines, answers.txt DuckDB's
# answers to the same definitions.
NU=$D/nulls

# nullforms [OPTION]: np-bound OPTION on the nulls profile's tables in each
# form: exit 0 and the same output each; the same stderr for CSV and TSV,
# and for JSON lines and Parquet (CSV and TSV count the header line).  The
# Parquet run's output is left in $OUT, its stderr in $ERR.
nullforms() {
	local f
	for f in csv tsv jsonl parquet; do
		# shellcheck disable=SC2086
		np np-bound $1 "$NU/$f"/*."$f"
		status_is 0
		cp "$OUT" "$T/out.$f"
		sed "s,$NU/$f/\([A-Za-z]*\)\.$f,T/\1,g" "$ERR" >"$T/err.$f"
	done
	cmp "$T/out.csv" "$T/out.tsv"
	cmp "$T/out.csv" "$T/out.jsonl"
	cmp "$T/out.csv" "$T/out.parquet"
	cmp "$T/err.csv" "$T/err.tsv"
	cmp "$T/err.jsonl" "$T/err.parquet"
}

# asduck TAG COLUMNS: the rows of $OUT (not its header) as runsql.mjs
# prints DuckDB's, sorted: TAG, then those columns, an empty field (a
# missing value) as null, "" (an empty string) as nothing.
asduck() {
	awk -F'\t' -v OFS='\t' -v tag="$1" -v cols="$2" 'NR > 1 {
		n = split(cols, c, ",")
		line = tag
		for (i = 1; i <= n; i++) {
			v = $(c[i])
			line = line OFS (v == "" ? "null" : v == "\"\"" ? "" : v)
		}
		print line
	}' "$OUT" | LC_ALL=C sort
}

duck() {
	grep "^$1	" "$NU/answers.txt" | LC_ALL=C sort
}

P=$NU/parquet/ActiveTime.parquet

np_bound_27() {
	nullforms
	golden np-bound/nulls.tsv
	err_is "np-bound: DmaPacket rows without transfer_bytes, no kernel's packet: 1 (first: $NU/parquet/DmaPacket.parquet:5)
np-bound: DmaPacket rows without an end, in no union: 1 (first: $NU/parquet/DmaPacket.parquet:7)
np-bound: ActiveTime rows of engines in no bound (not Tensor, Vector, Scalar or GpSimd): 3 (first: $NU/parquet/ActiveTime.parquet:3)
np-bound: ActiveTime rows without an end, in no union: 1 (first: $NU/parquet/ActiveTime.parquet:9)
np-bound: MATMULs without adjusted_flops, taken as 0: 1 (first: $NU/parquet/Instruction.parquet:4)
np-bound: IN and OUT tensors without a size, taken as 0: 1 (first: $NU/parquet/TensorInfo.parquet:7)"
	# DuckDB's bound.sql on nulls/parquet (README.md)
	[ "$(cut -f4 "$OUT" | sed 1d | tr '\n' ' ')" = "850 600 390 200 300 182 120 600 300 100 30 50 600 600 " ]
}

np_bound_28() {
	nullforms -T
	golden np-bound/nulls-T.tsv
	err_is "np-bound: MATMULs without adjusted_flops, taken as 0: 1 (first: $NU/parquet/Instruction.parquet:4)"
	asduck T 1,2,3 | cmp - <(duck T)
	nullforms -I
	golden np-bound/nulls-I.tsv
	err_is "np-bound: $NU/parquet/Instruction.parquet:3: MATMUL operands not of the form 'src=NAME[...][N,...] K*M': a missing value
np-bound: MATMULs whose operands give no shape, in no row: 2 (first: $NU/parquet/Instruction.parquet:3)
np-bound: MATMULs without adjusted_flops, taken as 0: 1 (first: $NU/parquet/Instruction.parquet:4)"
	asduck I 1,2,3,4,5,6 | cmp - <(duck I)
	grep -q "^I-none	2\$" "$NU/answers.txt"
}

np_bound_29() {
	nullforms -X
	golden np-bound/nulls-X.tsv
	err_is "np-bound: DmaPacket rows without transfer_bytes, no kernel's packet: 1 (first: $NU/parquet/DmaPacket.parquet:5)
np-bound: IN and OUT tensors without a size, taken as 0: 1 (first: $NU/parquet/TensorInfo.parquet:7)
np-bound: DmaPacketAggregated rows without transfer_bytes, taken as 0: 1 (first: $NU/parquet/DmaPacketAggregated.parquet:4)
np-bound: DmaPacketAggregated rows without start_ts, in no window: 1 (first: $NU/parquet/DmaPacketAggregated.parquet:6)
np-bound: DmaPacketAggregated rows without an id, in no join: 1 (first: $NU/parquet/DmaPacketAggregated.parquet:7)
np-bound: Flow edges from an instruction without in_id or out_id, in no join: 1 (first: $NU/parquet/Flow.parquet:6)"
	awk -F'\t' '$1 == "tensor"' "$OUT" >"$T/tensors"
	{ echo; cat "$T/tensors"; } >"$OUT"
	asduck X-tensor 3,4,5,6,7 | cmp - <(duck X-tensor)
	# every row has the header's eight columns
	nullforms -X
	[ "$(awk -F'\t' '{ print NF }' "$OUT" | sort -u)" = 8 ]
	[ "$(awk -F'\t' '$1 == "necessary_bytes" || $1 == "reload_excess_bytes" { printf "%s ", $6 }' "$OUT")" = \
	    "$(awk -F'\t' '$1 == "X-totals" { print $2, $3 " " }' "$NU/answers.txt")" ]
	nullforms -D
	golden np-bound/nulls-D.tsv
	[ "$(awk -F'\t' '{ print NF }' "$OUT" | sort -u)" = 9 ]
}


# ---- hostile input ----

np_bound_t1() {
	C=$D/csv
	mkdir -p "$T/h"
	# truncated Parquet
	head -c 700 "$H/DmaPacket.parquet" >"$T/h/DmaPacket.parquet"
	np np-bound "$T/h/DmaPacket.parquet" "$C/ActiveTime.csv"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.parquet: byte 696: no PAR1 magic at the end of the file (truncated?)"
	[ ! -s "$OUT" ]
	# empty, binary
	: >"$T/h/DmaPacket.csv"
	np np-bound "$T/h/DmaPacket.csv"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.csv: empty input, expected JSON, TSV, CSV or show-session --show-dma"
	printf 'id,start_ts\n1,\001\002\003\n' >"$T/h/DmaPacket.csv"
	np np-bound "$T/h/DmaPacket.csv"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.csv:2:3: expected a number for 'start_ts', found '\\x01\\x02\\x03'"
	# a line past the 1 MiB buffer
	{ cat "$C/DmaPacket.csv"; head -c 1100000 /dev/zero | tr '\0' x; echo; } >"$T/h/DmaPacket.csv"
	np np-bound "$T/h/DmaPacket.csv"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.csv:9:1: expected a row of at most 1048575 bytes, found a longer one"
	# JSON nested past 64 levels
	{ printf '{"start_ts":1,"x":'; printf '%.0s[' $(seq 70); printf '%.0s]' $(seq 70); echo '}'; } >"$T/h/DmaPacket.jsonl"
	np np-bound "$T/h/DmaPacket.jsonl"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.jsonl:1:82: nesting deeper than 64 levels (byte offset 81)"
	# a number column holding text, in CSV
	sed '3s/,2000,/,lots,/' "$C/DmaPacket.csv" >"$T/h/DmaPacket.csv"
	np np-bound "$T/h/DmaPacket.csv"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.csv:3:32: expected a number for 'transfer_bytes', found 'lots'"
	# another table under DmaPacket's name: Parquet, CSV
	cp "$H/Flow.parquet" "$T/h/DmaPacket.parquet"
	np np-bound "$T/h/DmaPacket.parquet"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.parquet: expected a column 'queue_type' (DmaPacket's, for the kernel's packets), found none in the file, which has: in_id out_id in_table out_table dependency_type gap_time"
	cp "$C/Instruction.csv" "$T/h/DmaPacket.csv"
	np np-bound "$T/h/DmaPacket.csv"
	status_is 1
	err_is "np-bound: $T/h/DmaPacket.csv:1:1: expected DMA transfer rows (with a column such as queue_name, queue_idx or transfer_bytes), found Instruction rows (read by np-trace, np-gaps and np-stall)"
	# Metadata, looked into for the columns it has before it is read:
	# binary and empty in the reader's words, as any other table's (the
	# look once said "expected JSON, TSV or CSV" at a binary byte)
	mkdir -p "$T/m"
	cp "$C"/*.csv "$T/m"
	printf 'a\0b\n' >"$T/m/Metadata.csv"
	np np-bound "$T/m"/*.csv
	status_is 1
	err_is "np-bound: $T/m/Metadata.csv:1:2: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 1)"
	[ ! -s "$OUT" ]
	: >"$T/m/Metadata.csv"
	np np-bound "$T/m"/*.csv
	status_is 1
	err_is "np-bound: $T/m/Metadata.csv: empty input, expected JSON, TSV or CSV"
}

np_bound_t2() {
	mkdir -p "$T/crlf"
	for f in "$D"/csv/*.csv; do
		sed 's/$/\r/' "$f" >"$T/crlf/${f##*/}"
	done
	np np-bound "$T/crlf"/*.csv
	status_is 0
	golden np-bound/hand.tsv
	# packet 2 (100-300) made to end at 100 before it starts at 300
	sed '3s/^2,100,300,/2,300,100,/' "$D/csv/DmaPacket.csv" >"$T/DmaPacket.csv"
	np np-bound "$T/DmaPacket.csv"
	status_is 0
	[ "$(grep -c 'end_ts before start_ts' "$ERR")" -eq 1 ]
	grep -q "^np-bound: rows with end_ts before start_ts skipped: 1 (first: $T/DmaPacket.csv:3)\$" "$ERR"
}

np_bound_t3() {
	mkdir -p "$T/bad"
	ln -s "$H"/*.parquet "$T/bad/"
	rm "$T/bad/DmaPacket.parquet"
	head -c 700 "$H/DmaPacket.parquet" >"$T/bad/DmaPacket.parquet"
	np np-bound -T "$H" "$T/bad"
	status_is 1
	[ "$(cat "$OUT")" = "profile	src	transposes	flops	peak_ns	flops_share
$H	k.py:12	1	1638400	50	0.29411764705882354" ]
	[ "$(tail -1 "$ERR")" = "np-bound: $T/bad/DmaPacket.parquet: byte 696: no PAR1 magic at the end of the file (truncated?)" ]
	np np-bound "$H" "$T/bad"
	status_is 1
	# hand.tsv, each row after the profile column
	{ printf 'profile\t'; sed -n 1p "$GOLD/np-bound/hand.tsv"
	  sed "1d; s,^,$H\t," "$GOLD/np-bound/hand.tsv"; } >"$T/want"
	out_is "$T/want"
}


# ---- another generated profile, checked against DuckDB ----

np_bound_33() {
	profgen -s 7 -n 300 -x 37 -P 3 "$T/g7@latest"
	np np-bound -r 16 "$T/g7@latest"
	status_is 0
	# DuckDB's bound.sql (README.md, "Another seed")
	[ "$(cut -f4 "$OUT" | sed 1d | tr '\n' ' ')" = "556887 211791 150569 122962 325046 274286 246857 325046 325046 90000 60000 3340 211791 325046 " ]
	[ "$(tail -1 "$OUT" | cut -f3)" = Tensor ]
	# investigate.sql's -T and -I rows
	np np-bound -T "$T/g7@latest"
	status_is 0
	[ "$(sed 1d "$OUT")" = "kernel.py:28	300	1258291200	27429	0.1" ]
	np np-bound -I "$T/g7@latest"
	status_is 0
	[ "$(sed 1d "$OUT")" = "kernel.py:30	128	128	512	600	10066329600	0.8	none
kernel.py:28	128	128	128	300	1258291200	0.1	N
kernel.py:31	64	128	256	300	1258291200	0.1	K,N" ]
	# -X: the totals and the loads
	np np-bound -X "$T/g7@latest"
	status_is 0
	[ "$(awk -F'\t' '$1 != "tensor" && NR > 1 { print $1, $2, $3, $5, $6, $8 }' "$OUT")" = "dma_transfer_bytes   2176 60227584 
necessary_bytes    49184768 
excess_bytes    11042816 
spill_bytes   38 1245184 
reload_excess_bytes    9797632 
load kernel.py:21 a 286 37486592 0.9533333333333334
load kernel.py:22 b 287 9404416 287" ]
	# -D: the first rows' eight columns, and the all row
	np np-bound -D "$T/g7@latest"
	status_is 0
	[ "$(sed -n '2,4p' "$OUT" | cut -f1-8)" = "kernel.py:21	a	load	286	37486592	0.6224156692056583	32	4096
kernel.py:50	c	store	72	9437184	0.15669205658324264	128	1024
kernel.py:22	b	load	287	9404416	0.15614798694232862	32	1024" ]
	[ "$(tail -1 "$OUT" | cut -f3-6)" = "all	712	60096512	0.9978237214363439" ]
}

np_bound_34() {
	C=$D/csv
	mkdir -p "$T/csv" "$T/tsv" "$T/jsonl"
	# tensor_engine_num_cols (the 5th column) taken out
	cut -d, -f1-4,6- "$C/Metadata.csv" >"$T/csv/Metadata.csv"
	tr , '\t' <"$T/csv/Metadata.csv" >"$T/tsv/Metadata.tsv"
	printf '{"profile_schema_version":"7.4.0","dma_ddr_bandwidth":1e10,"tensor_engine_num_rows":128,"tensor_engine_clock_freq":1.0}\n' >"$T/jsonl/Metadata.jsonl"
	for m in "$T/csv/Metadata.csv" "$T/tsv/Metadata.tsv" "$T/jsonl/Metadata.jsonl"; do
		np np-bound "$m" "$C/DmaPacket.csv" "$C/Instruction.csv"
		status_is 0
		err_is "np-bound: $m: no ActiveTime table: compute_bound, tensor_engine_active_time, vector_engine_active_time, scalar_engine_active_time, gpsimd_engine_active_time, perfect_pipeline and bottleneck left out
np-bound: $m: Metadata gives no tensor_engine_num_cols above 0: compute_bound_ideal_flops and compute_bound_ideal_useful_flops left out
np-bound: $m: no TensorInfo table: memory_bound_ideal_no_reloads left out"
		[ "$(sed -n 4p "$OUT" | cut -f1,4)" = "memory_bound_ideal	380" ]
	done
}

np_bound_35() {
	C=$D/csv
	{ cat "$C/TensorInfo.csv"; sed -n 2p "$C/TensorInfo.csv"; } >"$T/TensorInfo.csv"
	np np-bound -t 100,950 "$C/Metadata.csv" "$C/DmaPacket.csv" "$T/TensorInfo.csv"
	status_is 0
	err_is "np-bound: TensorInfo rows of a variable_name met before, their sizes added: 1 (first: $T/TensorInfo.csv:6)
np-bound: $C/Metadata.csv: no ActiveTime table: compute_bound, tensor_engine_active_time, vector_engine_active_time, scalar_engine_active_time, gpsimd_engine_active_time, perfect_pipeline and bottleneck left out
np-bound: $C/Metadata.csv: no Instruction table: compute_bound_ideal_flops and compute_bound_ideal_useful_flops left out"
	# a (IN, 1000) twice: 2900 necessary bytes, 290 ns
	[ "$(sed -n 5p "$OUT" | cut -f1,4)" = "memory_bound_ideal_no_reloads	290" ]
}

np_bound_36() {
	C=$D/csv
	sed '2s/,tensor,MATMUL,/,,MATMUL,/' "$C/Instruction.csv" >"$T/Instruction.csv"
	np np-bound -T "$C/Metadata.csv" "$C/DmaPacket.csv" "$T/Instruction.csv"
	status_is 0
	err_is "np-bound: MATMULs without an engine, in no bound: 1 (first: $T/Instruction.csv:2)"
	# MATMUL 1 (3276800 flops) is in no share: 1638400 / 2293760
	[ "$(sed 1d "$OUT")" = "k.py:12	1	1638400	50	0.7142857142857143" ]
}

np_bound_37() {
	mkdir "$T/c"
	cp "$D"/csv/Flow.csv "$D"/csv/Instruction.csv \
	    "$D"/csv/DmaPacketAggregated.csv "$D"/csv/DmaPacket.csv "$T/c"
	sed 's/^tmp,INTERNAL,/tmp,INTERNAL_SCRATCH_OF_THE_SECOND_KIND,/' \
	    "$D/csv/TensorInfo.csv" >"$T/c/TensorInfo.csv"
	np np-bound -X "$T"/c/*.csv
	status_is 0
	err_is "np-bound: TensorInfo rows whose type is longer than 31 bytes, written cut to 31: 1 (first: $T/c/TensorInfo.csv:5)"
	sed 's/\tINTERNAL\t/\tINTERNAL_SCRATCH_OF_THE_SECOND_\t/' \
	    "$GOLD/np-bound/hand-X.tsv" >"$T/want"
	out_is "$T/want"
}

@test "np-bound: NULL, '' and <none>: the bounds, the same in every form, DuckDB's; NULL, '' and <none>: -T and -I keep a missing src, an empty one and <none> apart; NULL, '' and <none>: -X and -D keep variables and sources apart, bytes missing counted; hostile tables: each a clear error naming the file and place, exit 1, nothing written; CRLF tables read as LF ones; a row ending before it starts counted once; an error in the second profile: the first one's rows written, exit 1; a generated profile of another seed and size (profgen -s 7 -n 300): DuckDB's answers; Metadata without a constant's column, as CSV, TSV or JSON lines: left out and said, as for Parquet; a tensor listed twice in TensorInfo: its sizes added, and said, in the bounds as in -X; a MATMUL without an engine: in no bound, and counted; np-bound -X: a tensor type longer than 31 bytes is written cut, and said so" {
	cases \
	    "NULL, '' and <none>: the bounds, the same in every form, DuckDB's" np_bound_27 \
	    "NULL, '' and <none>: -T and -I keep a missing src, an empty one and <none> apart" np_bound_28 \
	    "NULL, '' and <none>: -X and -D keep variables and sources apart, bytes missing counted" np_bound_29 \
	    "hostile tables: each a clear error naming the file and place, exit 1, nothing written" np_bound_t1 \
	    "CRLF tables read as LF ones; a row ending before it starts counted once" np_bound_t2 \
	    "an error in the second profile: the first one's rows written, exit 1" np_bound_t3 \
	    "a generated profile of another seed and size (profgen -s 7 -n 300): DuckDB's answers" np_bound_33 \
	    "Metadata without a constant's column, as CSV, TSV or JSON lines: left out and said, as for Parquet" np_bound_34 \
	    "a tensor listed twice in TensorInfo: its sizes added, and said, in the bounds as in -X" np_bound_35 \
	    "a MATMUL without an engine: in no bound, and counted" np_bound_36 \
	    "np-bound -X: a tensor type longer than 31 bytes is written cut, and said so" np_bound_37
}
