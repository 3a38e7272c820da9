#!/usr/bin/env bats
# Partial runs merged (np(7), PARTIAL RUNS): for every program that groups
# by sums, the real fixtures split into parts, each part run by itself,
# and the parts' rows merged must give one run's bytes, the golden ones;
# and partial files that do not match are errors.

load helpers

X=$FIX/explorer

# parts N FILE: FILE (np's TSV: one row a line) cut into N parts, each
# with the header, as $T/part.aa.tsv, $T/part.ab.tsv, ... (those of an
# earlier call removed)
parts() {
	rm -f "$T"/part.a?*
	head -1 "$2" >"$T/hdr"
	tail -n +2 "$2" >"$T/body"
	split -n "l/$1" "$T/body" "$T/part."
	for p in "$T"/part.a?; do
		cat "$T/hdr" "$p" >"$p.tsv"
	done
	[ "$(ls "$T"/part.a?.tsv | wc -l)" -eq "$1" ]
}

# Explorer's Instruction rows (quoted CSV, rows over several lines) as
# np-trace's TSV, one row a line, with the hlo_name column.
insns() {
	np-trace -c hlo_name "$X/csv/table/Instruction.csv" >"$T/all.tsv"
}

partial_1() {
	insns
	parts 4 "$T/all.tsv"
	for g in src engine,opcode hlo_name,pcore_idx pcore_idx,engine; do
		for p in "$T"/part.a?.tsv; do
			np-stall -A -g "$g" "$p" >"$p.$g" 2>/dev/null
		done
		np np-stall -g "$g" "$T/all.tsv"
		mv "$OUT" "$T/one"
		np np-stall "$T"/part.a?.tsv."$g"
		status_is 0
		no_err
		out_is "$T/one"
		# the parts in another order, and the first from a pipe
		np sh -c "cat '$T/part.ad.tsv.$g' | np-stall - '$T/part.ab.tsv.$g' \
		    '$T/part.ac.tsv.$g' '$T/part.aa.tsv.$g'"
		status_is 0
		out_is "$T/one"
	done
	np np-stall "$T"/part.a?.tsv.engine,opcode
	golden partial/stall-engine-opcode.tsv
	# one run over the CSV itself gives the same
	np np-stall -g engine,opcode "$X/csv/table/Instruction.csv"
	golden partial/stall-engine-opcode.tsv
}

partial_2() {
	insns
	parts 4 "$T/all.tsv"
	for p in "$T"/part.a?.tsv; do
		np np-stall -A -g engine -v hbm_read_bytes "$p"
		status_is 0
		mv "$OUT" "$p.hbm"
	done
	# the first part has no hbm_read_bytes: a whole run of it is an error
	np np-stall -g engine -v hbm_read_bytes "$T/part.aa.tsv"
	status_is 1
	np np-stall -g engine -v hbm_read_bytes "$T/all.tsv"
	status_is 0
	mv "$OUT" "$T/one"
	np np-stall "$T"/part.a?.tsv.hbm
	status_is 0
	no_err
	out_is "$T/one"
	golden partial/stall-hbm.tsv
	# -N applies to the merged rows
	np np-stall -N 2 -g engine -v hbm_read_bytes "$T/all.tsv"
	mv "$OUT" "$T/top"
	np np-stall -N 2 "$T"/part.a?.tsv.hbm
	out_is "$T/top"
}

partial_3() {
	insns
	parts 3 "$T/all.tsv"
	for p in "$T"/part.a?.tsv; do
		np-stall -A -g engine,opcode "$p" >"$p.s" 2>/dev/null
	done
	for g in engine opcode pcore_idx opcode,pcore_idx; do
		np np-stall -g "$g" "$T/all.tsv"
		mv "$OUT" "$T/one"
		np np-stall -g "$g" "$T"/part.a?.tsv.s
		status_is 0
		out_is "$T/one"
	done
}

partial_4() {
	for p in "$X"/profile@latest/Instruction_?.parquet; do
		np-stall -A -g hlo_name "$p" >"$T/${p##*/}.s"
	done
	np np-stall -g hlo_name "$X/profile@latest"
	status_is 0
	mv "$OUT" "$T/one"
	np np-stall "$T"/Instruction_?.parquet.s
	status_is 0
	no_err
	out_is "$T/one"
	golden partial/stall-profile.tsv
}

partial_5() {
	printf 'start_ts\tend_ts\tengine\topcode\n1\t5\tTensor\tMATMUL\n' >"$T/a.tsv"
	printf 'start_ts\tend_ts\tengine\topcode\n2\t9\tVector\tADD\n' >"$T/b.tsv"
	np-stall -A "$T/a.tsv" >"$T/a.s" 2>/dev/null
	np-stall -A "$T/b.tsv" >"$T/b.s" 2>/dev/null
	np np-stall "$T/a.s" "$T/b.s"
	status_is 1
	err_is "np-stall: no instruction with evt_wait_time_ns in 2 rows read (the text traces have none): -v chooses the value column, such as -v duration_ns"
	np sh -c "cat '$T/a.tsv'; tail -n +2 '$T/b.tsv'"
	mv "$OUT" "$T/ab.tsv"
	np np-stall "$T/ab.tsv"
	status_is 1
	[ "$(tail -1 "$ERR")" = "np-stall: no instruction with evt_wait_time_ns in 2 rows read (the text traces have none): -v chooses the value column, such as -v duration_ns" ]
	# a part of no rows is a part
	printf 'start_ts\tend_ts\tengine\topcode\tevt_wait_time_ns\n' >"$T/e.tsv"
	np np-stall -A "$T/e.tsv"
	status_is 0
	mv "$OUT" "$T/e.s"
	np np-stall "$T/e.s" "$T/e.s"
	status_is 0
	out_is "$T/e.s"
}

partial_6() {
	insns
	np-stall -A "$T/all.tsv" >"$T/src.s"
	np-stall -A -g engine "$T/all.tsv" >"$T/engine.s"
	np-stall -A -g engine -v duration_ns "$T/all.tsv" >"$T/dur.s"
	np np-stall "$T/src.s" "$T/engine.s"
	status_is 1
	err_is "np-stall: $T/engine.s:1: expected the key columns of $T/src.s (src), found others: partial runs of other -g keys; -g names fewer keys to merge to"
	np np-stall "$T/engine.s" "$T/dur.s"
	status_is 1
	err_is "np-stall: $T/dur.s:1:21: expected np-stall's column 'stalled' (-v evt_wait_time_ns), found 'duration_nonzero'"
	np np-stall -v duration_ns "$T/engine.s"
	status_is 1
	err_is "np-stall: $T/engine.s:1:21: expected np-stall's column 'duration_nonzero' (-v duration_ns), found 'stalled'"
	np np-stall -g opcode "$T/engine.s"
	status_is 1
	err_is "np-stall: $T/engine.s:1: expected a key column 'opcode' (given to -g) in np-stall's header, found none in its keys: engine"
	np np-stall "$T/engine.s" "$T/all.tsv"
	status_is 1
	err_is "np-stall: $T/all.tsv:1: expected np-stall's rows (a header of key columns, then instructions and the value columns), as $T/engine.s holds"
	np np-stall "$T/engine.s" "$X/profile@latest"
	status_is 1
	err_is "np-stall: $X/profile@latest: expected np-stall's rows, as $T/engine.s holds, found a directory"
	np np-stall -u us "$T/engine.s"
	status_is 2
	err_is "np-stall: -u reads instructions, not np-stall's rows ($T/engine.s)
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
	np np-stall -A -N 3 "$T/all.tsv"
	status_is 2
	err_is "np-stall: -A writes the header and every key's row, for a merge: not with -N
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
	np np-stall --partial -n "$T/all.tsv"
	status_is 2
	err_is "np-stall: -A writes the header and every key's row, for a merge: not with -n
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
}


partial_7() {
	h='engine	instructions	stalled	stall_ns	stall_mean_ns	stall_max_ns	stall_share	duration_ns	pcore_idx'
	bad() {
		printf '%s\n%s\n' "$h" "$1" >"$T/b.s"
		np np-stall "$T/b.s"
		status_is 1
		err_is "np-stall: $T/b.s:2$2"
	}
	bad 'Tensor	0	0				0	5	' ":8: expected a whole number from 1 in column 'instructions', found '0'"
	bad 'Tensor	2	3	9	3	5	1	5	' ":10: expected at most instructions (2) in column 'stalled', found 3"
	bad 'Tensor	2	1		3	5	1	5	' ":12: expected a sum in column 'stall_ns', as 'stalled' is above 0, found none"
	bad 'Tensor	2	0			5		5	' ":12: expected a sum in column 'stall_ns', as 'stall_max_ns' is given, found none"
	bad 'Tensor	2	1	1.5	1.5	1	1	5	' ":12: expected a whole number from 0 in column 'stall_ns', found '1.5'"
	bad 'Tensor	2	1	9	9	-1	1	5	' ":16: expected a whole number from 0 in column 'stall_max_ns', found '-1'"
	bad 'Tensor	2	1	9	9	9	1	x	' ":20: expected a whole number from 0 in column 'duration_ns', found 'x'"
	bad 'Tensor	2	1	9	9	9	1' ": expected 9 fields, as the header has, found 7"
	# a raw control byte: not np's TSV (np escapes them)
	printf '%s\nTen\rsor\t1\t0\t0\t\t0\t\t5\t\n' "$h" >"$T/cr.s"
	np np-stall "$T/cr.s"
	status_is 1
	err_is "np-stall: $T/cr.s:2:4: expected np-stall's rows (np's TSV, its control bytes escaped), found the byte 0x0d"
	# headers it cannot have written
	printf 'k%d\t' $(seq 17) >"$T/h17"
	printf 'instructions\tstalled\tstall_ns\tstall_mean_ns\tstall_max_ns\tstall_share\tduration_ns\tpcore_idx\n' >>"$T/h17"
	np np-stall "$T/h17"
	status_is 1
	err_is "np-stall: $T/h17:1: expected np-stall's header, of at most 16 key columns, found more columns"
	printf 'src\tinstructions\tengine_nonzero\tengine\tengine_mean\tengine_max\tengine_share\tduration_ns\tpcore_idx\n' >"$T/text"
	np np-stall "$T/text"
	status_is 1
	err_is "np-stall: $T/text:1:33: expected np-stall's value column, a number, found 'engine', a text column of the instruction record"
	# a sum beyond int64, as np spells it, is read back exactly
	printf '%s\n%s\n%s\n' "$h" 'Tensor	1	1	9223372036854775807	9223372036854775807	9223372036854775807	1	5	' \
	    'Tensor	1	1	9223372036854775807	9223372036854775807	9223372036854775807	1	5	' >"$T/big.s"
	np np-stall "$T/big.s" "$T/big.s"
	status_is 0
	[ "$(tail -1 "$OUT")" = "Tensor	4	4	3.6893488147419103228e19	9.223372036854776e18	9223372036854775807	1	20	" ]
	mv "$OUT" "$T/four.s"
	np np-stall "$T/four.s" "$T/four.s"
	[ "$(tail -1 "$OUT")" = "Tensor	8	8	7.3786976294838206456e19	9.223372036854776e18	9223372036854775807	1	40	" ]
	# sums of 2^100 (beyond the 96 bits a key's sums take before every
	# key's are widened), after a key of small ones: 2^101, both exact
	big=1.267650600228229401496703205376e30
	printf '%s\n%s\n%s\n' "$h" 'Vector	1	1	5	5	5	0	7	' \
	    "Tensor	1	1	$big	$big	9223372036854775807	1	$big	" >"$T/wide.s"
	np np-stall "$T/wide.s" "$T/wide.s"
	status_is 0
	[ "$(sed -n 2p "$OUT")" = "Tensor	2	2	2.535301200456458802993406410752e30	1.2676506002282294e30	9223372036854775807	1	2.535301200456458802993406410752e30	" ]
	[ "$(sed -n 3p "$OUT" | cut -f 1-6,8-)" = "Vector	2	2	10	5	5	14	" ]
}

partial_8() {
	insns
	parts 4 "$T/all.tsv"
	v=duration_ns,evt_wait_time_ns,hbm_read_bytes
	for g in engine,opcode hlo_name,pcore_idx; do
		for p in "$T"/part.a?.tsv; do
			np-sum -H -g "$g" -v "$v" "$p" >"$p.$g" 2>/dev/null
		done
		np np-sum -g "$g" -v "$v" "$T/all.tsv"
		mv "$OUT" "$T/one.$g"
		np np-sum "$T"/part.a?.tsv."$g"
		status_is 0
		no_err
		out_is "$T/one.$g"
		np np-sum "$T/part.ac.tsv.$g" "$T/part.aa.tsv.$g" \
		    "$T/part.ad.tsv.$g" "$T/part.ab.tsv.$g"
		out_is "$T/one.$g"
		np np-sum -H -g "$g" -v "$v" "$T/all.tsv"
		mv "$OUT" "$T/oneh"
		np np-sum -H "$T"/part.a?.tsv."$g"
		out_is "$T/oneh"
	done
	np np-sum "$T"/part.a?.tsv.hlo_name,pcore_idx
	golden partial/sum-hlo.tsv
	# the one run over Explorer's CSV itself
	np np-sum -g hlo_name,pcore_idx -v "$v" "$X/csv/table/Instruction.csv"
	golden partial/sum-hlo.tsv
}

partial_9() {
	# by engine (up to 32 values a group), and all 100 rows one group
	for g in "-g engine" "-M 1"; do
		for p in "$X"/profile@latest/Instruction_?.parquet; do
			np-sum -H $g -v duration_ns,evt_wait_time_ns,start_ts "$p" >"$T/${p##*/}.h"
		done
		np np-sum $g -v duration_ns,evt_wait_time_ns,start_ts "$X/profile@latest"
		status_is 0
		mv "$OUT" "$T/one"
		np np-sum "$T"/Instruction_?.parquet.h
		status_is 0
		no_err
		out_is "$T/one"
		golden "partial/sum-profile${g% *}.tsv"
	done
}

partial_10() {
	insns
	np-sum -H -g engine -v duration_ns "$T/all.tsv" >"$T/e.h"
	np-sum -H -g engine,opcode -v duration_ns "$T/all.tsv" >"$T/eo.h"
	np np-sum "$T/e.h" "$T/eo.h"
	status_is 1
	err_is "np-sum: $T/eo.h:1: expected the key columns of $T/e.h (engine), found others: histogram rows of other -g keys; -g names fewer keys to merge to"
	np np-sum "$T/eo.h" "$T/e.h"
	status_is 1
	err_is "np-sum: $T/e.h:1: expected the key columns of $T/eo.h (engine opcode), found others: histogram rows of other -g keys; -g names fewer keys to merge to"
	np np-sum -g engine "$T/e.h" "$T/eo.h" "$T/e.h"
	status_is 0
	mv "$OUT" "$T/m"
	np sh -c "np-trace -c hlo_name '$X/csv/table/Instruction.csv' | tee /dev/null | { cat '$T/all.tsv'; tail -n +2 '$T/all.tsv'; tail -n +2 '$T/all.tsv'; } | np-sum -g engine -v duration_ns"
	out_is "$T/m"
}

partial_11() {
	cd "$FIX/np-bound"
	for p in hand after rev; do
		np-bound -A "$p@latest" >"$T/$p.b" 2>/dev/null
	done
	np np-bound hand@latest after@latest rev@latest
	mv "$OUT" "$T/one"
	np np-bound "$T/hand.b" "$T/after.b" "$T/rev.b"
	status_is 0
	no_err
	out_is "$T/one"
	golden partial/bound-long.tsv
	np np-bound -w hand@latest after@latest rev@latest
	mv "$OUT" "$T/one"
	np np-bound -w "$T/hand.b" "$T/after.b" "$T/rev.b"
	status_is 0
	out_is "$T/one"
	golden partial/bound-wide.tsv
	# one profile: no profile column, as one run over it writes
	np np-bound hand@latest
	mv "$OUT" "$T/one"
	np np-bound "$T/hand.b"
	out_is "$T/one"
	np np-bound -w hand@latest
	mv "$OUT" "$T/one"
	np np-bound -w "$T/hand.b"
	out_is "$T/one"
	# merged parts are a part again
	np np-bound -A "$T/hand.b" "$T/after.b"
	mv "$OUT" "$T/ha.b"
	np np-bound -w "$T/ha.b" "$T/rev.b"
	golden partial/bound-wide.tsv
	# a profile of table files is one too
	np-bound -A csv/*.csv >"$T/csv.b" 2>/dev/null
	np np-bound -w hand@latest csv/*.csv
	mv "$OUT" "$T/one"
	np np-bound -w "$T/hand.b" "$T/csv.b"
	out_is "$T/one"
}

@test "partial: np-stall -A over 4 parts, merged, is one run's bytes, for every key; np-stall -A with -v, where a part has none of the value, merges to one run; np-stall -g merges the parts' keys into fewer; np-stall over the parts of a profile directory's split table; np-stall parts none of which has the value: one run's error; np-stall refuses parts that do not match, naming file, line and column; np-stall refuses bad rows of its own, with what was expected, and merges sums beyond 2^96 exactly; np-sum -H over 4 parts of real rows, merged, is one run's statistics and histogram rows; np-sum -H over the parts of a split table, percentiles past 32 values and beyond 2^53 the same; np-sum refuses histogram rows of other keys unless -g names fewer; np-bound -A a profile a run, merged, is one run's bounds, long and wide" {
	cases \
	    "np-stall -A over 4 parts, merged, is one run's bytes, for every key" partial_1 \
	    "np-stall -A with -v, where a part has none of the value, merges to one run" partial_2 \
	    "np-stall -g merges the parts' keys into fewer" partial_3 \
	    "np-stall over the parts of a profile directory's split table" partial_4 \
	    "np-stall parts none of which has the value: one run's error" partial_5 \
	    "np-stall refuses parts that do not match, naming file, line and column" partial_6 \
	    "np-stall refuses bad rows of its own, with what was expected, and merges sums beyond 2^96 exactly" partial_7 \
	    "np-sum -H over 4 parts of real rows, merged, is one run's statistics and histogram rows" partial_8 \
	    "np-sum -H over the parts of a split table, percentiles past 32 values and beyond 2^53 the same" partial_9 \
	    "np-sum refuses histogram rows of other keys unless -g names fewer" partial_10 \
	    "np-bound -A a profile a run, merged, is one run's bounds, long and wide" partial_11
}

partial_12() {
	cd "$FIX/np-bound"
	for m in T I X D; do
		for p in hand rev; do
			np-bound -A -$m "$p@latest" >"$T/$p.$m" 2>/dev/null
		done
		np np-bound -$m hand@latest rev@latest
		mv "$OUT" "$T/one"
		np np-bound "$T/hand.$m" "$T/rev.$m"
		status_is 0
		no_err
		out_is "$T/one"
		np np-bound -$m hand@latest
		mv "$OUT" "$T/one"
		np np-bound -$m "$T/hand.$m"
		out_is "$T/one"
	done
	np np-bound "$T/hand.I" "$T/rev.I"
	golden partial/bound-tiles.tsv
	# a profile without transposes: a part of no rows, a profile still
	np-bound -A -T after@latest >"$T/after.T" 2>/dev/null
	np np-bound -T hand@latest after@latest
	mv "$OUT" "$T/one"
	np np-bound "$T/hand.T" "$T/after.T"
	out_is "$T/one"
}

partial_13() {
	cd "$FIX/np-bound"
	np-bound -A hand@latest >"$T/hand.b" 2>/dev/null
	np-bound -A -T hand@latest >"$T/hand.T" 2>/dev/null
	np np-bound "$T/hand.b" "$T/hand.T"
	status_is 1
	err_is "np-bound: $T/hand.T:1: expected np-bound's rows of the bounds (its header, a profile column first), as $T/hand.b holds"
	np np-bound -T "$T/hand.b"
	status_is 1
	err_is "np-bound: $T/hand.b:1: expected np-bound's rows of -T, found those of the bounds"
	np np-bound -w "$T/hand.T"
	status_is 2
	err_is "np-bound: -w (one column per profile) does not go with -T ($T/hand.T holds its rows)
usage: np-bound [-ADInqTwX] [-r rows] [-t from,to] profile ..."
	np np-bound -t 1,2 "$T/hand.b"
	status_is 2
	err_is "np-bound: -t reads profiles, not np-bound's rows ($T/hand.b)
usage: np-bound [-ADInqTwX] [-r rows] [-t from,to] profile ..."
	np np-bound -A -w hand@latest
	status_is 2
	err_is "np-bound: -A writes the profile column and the header, for a merge: not with -w
usage: np-bound [-ADInqTwX] [-r rows] [-t from,to] profile ..."
	head -5 "$T/hand.b" >"$T/cut.b"
	np np-bound "$T/cut.b"
	status_is 1
	err_is "np-bound: $T/cut.b:5: expected 14 rows a profile, found 4 of profile hand@latest at the end"
	sed '3s/memory_bound/memory_bond/' "$T/hand.b" >"$T/bad.b"
	np np-bound "$T/bad.b"
	status_is 1
	err_is "np-bound: $T/bad.b:3:13: expected the row 'memory_bound' of family memory (14 rows a profile, in np-bound's order), found 'memory_bond' of memory"
	sed '3s/	750	/	7x0	/' "$T/hand.b" >"$T/bad.b"
	np np-bound "$T/bad.b"
	status_is 1
	err_is "np-bound: $T/bad.b:3:37: expected a time in ns (a whole number) in column 'time_ns', found '7x0'"
	sed '4s/^hand/other/' "$T/hand.b" >"$T/bad.b"
	np np-bound "$T/bad.b"
	status_is 1
	err_is "np-bound: $T/bad.b:4:1: expected the row 'memory_bound_ideal' of profile hand@latest (14 rows a profile), found profile 'other@latest'"
	sed '2s/$/	x/' "$T/hand.T" >"$T/bad.T"
	np np-bound "$T/hand.T" "$T/bad.T"
	status_is 1
	err_is "np-bound: $T/bad.T:2: expected 6 fields, as the header has, found 7"
	printf '\r\r\n' >>"$T/hand.T"
	np np-bound "$T/hand.T"
	status_is 1
	err_is "np-bound: $T/hand.T:3:1: expected np-bound's rows (np's TSV, its control bytes escaped), found the byte 0x0d"
	np np-bound "$T/hand.b" hand@latest
	status_is 1
	err_is "np-bound: hand@latest: expected np-bound's rows, as $T/hand.b holds, found a directory"
}

partial_14() {
	np-trace "$FIX/np-dma/skinny.json" >"$T/all.tsv"
	parts 3 "$T/all.tsv"
	for p in "$T"/part.a?.tsv; do
		np-dma -A -S "$p" >"$p.S" 2>/dev/null
		np-dma -A -S -b 100 "$p" >"$p.S100" 2>/dev/null
	done
	np np-dma "$T"/part.a?.tsv.S
	status_is 0
	no_err
	golden np-dma/skinny.tsv
	np np-dma -S -b 100 "$T"/part.a?.tsv.S100
	status_is 0
	golden np-dma/skinny-b100.tsv
	# in another order, the first from a pipe; a merge of merges
	np sh -c "cat '$T/part.ac.tsv.S' | np-dma - '$T/part.aa.tsv.S' '$T/part.ab.tsv.S'"
	golden np-dma/skinny.tsv
	np-dma -A "$T/part.aa.tsv.S" "$T/part.ab.tsv.S" >"$T/two.S"
	np np-dma "$T/part.ac.tsv.S" "$T/two.S"
	golden np-dma/skinny.tsv
	# 8000 instructions, 142 skinny DMAs in 45 source lines
	npgen -n 8000 explorer-tsv >"$T/all.tsv"
	parts 4 "$T/all.tsv"
	for p in "$T"/part.a?.tsv; do
		np-dma -A -S -b 2048 "$p" >"$p.S" 2>/dev/null
	done
	np np-dma -S -b 2048 "$T/all.tsv"
	mv "$OUT" "$T/one"
	np np-dma "$T"/part.a?.tsv.S
	status_is 0
	no_err
	out_is "$T/one"
	[ "$(wc -l <"$T/one")" -gt 40 ]
}

partial_15() {
	for f in "$FIX/np-dma/union.tsv" "$FIX/explorer/profile@latest/DmaPacket.parquet"; do
		np-dma "$f" >"$T/all.tsv"
		parts 3 "$T/all.tsv"
		for p in "$T"/part.a?.tsv; do
			np-dma -A -H "$p" >"$p.H"
			np-dma -s -H "$p" >"$p.sH"
		done
		np np-dma -H "$f"
		mv "$OUT" "$T/one"
		np np-dma "$T"/part.a?.tsv.H
		status_is 0
		no_err
		out_is "$T/one"
		np np-dma -s -H "$f"
		mv "$OUT" "$T/one"
		np np-dma -s -H "$T/part.ab.tsv.sH" "$T/part.ac.tsv.sH" "$T/part.aa.tsv.sH"
		status_is 0
		no_err
		out_is "$T/one"
	done
	np-dma "$FIX/np-dma/union.tsv" >"$T/all.tsv"
	parts 2 "$T/all.tsv"
	for p in "$T"/part.a?.tsv; do
		np-dma -H "$p" >"$p.H"
		np-dma -s -H "$p" >"$p.sH"
	done
	np np-dma "$T"/part.a?.tsv.H
	golden np-dma/union-H.tsv
	np np-dma "$T"/part.a?.tsv.sH
	golden np-dma/union-sH.tsv
}

partial_16() {
	npgen -n 8000 explorer-tsv >"$T/all.tsv"
	parts 2 "$T/all.tsv"
	np-dma -A -S "$T/part.aa.tsv" >"$T/a.S" 2>/dev/null
	np-dma -A -S -b 256 "$T/part.ab.tsv" >"$T/b.S" 2>/dev/null
	np-dma -H "$FIX/np-dma/union.tsv" >"$T/u.H"
	np-dma -s -H "$FIX/np-dma/union.tsv" >"$T/u.sH"
	np np-dma "$T/a.S" "$T/b.S"
	status_is 1
	err_is "np-dma: $T/b.S:2:55: expected skinny_below_bytes 512, as $T/a.S:2 has, found 256: parts of other -b thresholds"
	np np-dma -b 256 "$T/a.S"
	status_is 1
	err_is "np-dma: $T/a.S:2:20: expected skinny_below_bytes 256, as -b says, found 512"
	np np-dma "$T/a.S" "$T/u.H"
	status_is 1
	err_is "np-dma: $T/u.H:1: expected np-dma -A -S's rows, as $T/a.S holds (a header of source_location, ...)"
	np np-dma -H "$T/u.sH"
	status_is 1
	err_is "np-dma: $T/u.sH: expected what -H reads, found np-dma -s -H's rows"
	np np-dma -s "$T/u.H"
	status_is 1
	err_is "np-dma: $T/u.H: expected what -s reads, found np-dma -H's rows"
	np np-dma -b 9 "$T/u.H"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-dma: -b: the threshold of -S, not of np-dma -H's rows ($T/u.H)" ]
	np np-dma -r 9 "$T/u.sH"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-dma: -r reads transfers or instructions, not np-dma -s -H's rows ($T/u.sH)" ]
	# rows np-dma did not write
	h='bucket_lo	bucket_hi	transfers	bytes	share'
	printf '%s\n4\t7\t2\t11\t1\n4\t8\t1\t5\t1\n' "$h" >"$T/x.H"
	np np-dma "$T/x.H"
	status_is 1
	err_is "np-dma: $T/x.H:3:1: expected a bucket's bounds (0 to 0, 1 to 1, or 2^(k-1) to 2^k - 1), found 4 to 8"
	printf '%s\n4\t7\t-2\t11\t1\n' "$h" >"$T/x.H"
	np np-dma "$T/x.H"
	status_is 1
	err_is "np-dma: $T/x.H:2:5: expected a whole number from 0 in column 'transfers', found '-2'"
	printf '%s\n4\t7\t2\t1.5\t1\n' "$h" >"$T/x.H"
	np np-dma "$T/x.H"
	status_is 1
	err_is "np-dma: $T/x.H:2:7: expected a whole number from 0 in column 'bytes', found '1.5'"
	printf '%s\n4\t7\t2\t11\tall\n' "$h" >"$T/x.H"
	np np-dma "$T/x.H"
	status_is 1
	err_is "np-dma: $T/x.H:2:10: expected a number from 0 in column 'share', found 'all'"
	printf '%s\r\n4\t7\t2\t11\t1\r\n4\t7\r\n' "$h" >"$T/x.H"
	np np-dma "$T/x.H"
	status_is 1
	err_is "np-dma: $T/x.H:3:4: expected 5 tab-separated fields as in the header, found 2"
	printf 'source_location\tskinny_dmas\ttotal_bytes\tmean_bytes\ttotal_duration_ns\tskinny_below_bytes\nx\t0\t1\t1\t1\t512\n' >"$T/x.S"
	np np-dma "$T/x.S"
	status_is 1
	err_is "np-dma: $T/x.S:2:3: expected a whole number from 1 in column 'skinny_dmas', found '0'"
	: >"$T/empty"
	np np-dma "$T/a.S" "$T/empty"
	status_is 1
	err_is "np-dma: $T/empty:1: expected np-dma -A -S's rows, as $T/a.S holds (a header of source_location, ...)"
}


partial_t1() {
	np np-dma -A -S "$FIX/explorer/csv/table/Instruction.csv"
	status_is 0
	[ "$(cat "$OUT")" = "source_location	skinny_dmas	total_bytes	mean_bytes	total_duration_ns	skinny_below_bytes" ]
	err_is "np-dma: no DMA instructions (opcode DMA_... or PSEUDO_DMA_...) in 100 instructions read (seen: LDWEIGHTS 16, MATMUL 16, TENSOR_TENSOR 8, TENSOR_SCALAR_PTR 8, TENSOR_REDUCE 8, and 44 rows of other names): a partial run's header alone"
	cp "$OUT" "$T/none.S"
	np-trace "$FIX/np-dma/skinny.json" | np-dma -A -S >"$T/some.S" 2>/dev/null
	np np-dma "$T/none.S" "$T/some.S" "$T/none.S"
	status_is 0
	golden np-dma/skinny.tsv
	np np-dma -A "$FIX/np-dma/union.tsv"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-dma: -A needs -S or -H (skinny DMAs or a size histogram)" ]
	np np-dma -A -n -H "$FIX/np-dma/union.tsv"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-dma: -A writes the header, for a merge: not with -n" ]
}

partial_t2() {
	# 1e30 + 1e-10 needs 41 digits: a double in part a; part b's 7 is
	# exact.  One run sums 1e30, 1e-10 and 7 to the double 1e30.
	printf 'x\n1e30\n1e-10\n' >"$T/a.tsv"
	printf 'x\n7\n' >"$T/b.tsv"
	printf 'x\n1e30\n1e-10\n7\n' >"$T/ab.tsv"
	np np-sum -H -v x "$T/a.tsv"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	[ "$(sed -n 2p "$OUT")" = "$(printf 'x\t\t\t2\t1e+0030\t1e-10\t1e30')" ]
	mv "$OUT" "$T/a.h"
	np-sum -H -v x "$T/b.tsv" >"$T/b.h"
	np np-sum -v x "$T/ab.tsv"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	[ "$(sed -n 2p "$OUT" | cut -f1-5)" = "$(printf 'x\t3\t1e30\t1e-10\t1e30')" ]
	mv "$OUT" "$T/one"
	np np-sum "$T/a.h" "$T/b.h"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	out_is "$T/one"
	np np-sum "$T/b.h" "$T/a.h"
	status_is 0
	out_is "$T/one"
	# Merged again, the sum stays a double.
	np np-sum -H -v x "$T/ab.tsv"
	mv "$OUT" "$T/oneh"
	np np-sum -H "$T/a.h" "$T/b.h"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	out_is "$T/oneh"
	[ "$(sed -n 2p "$T/oneh")" = "$(printf 'x\t\t\t3\t1e+0030\t1e-10\t1e30')" ]
	# Other doubles spelt so, read back to one run's.
	printf 'x\n0.1\n1e-40\n' >"$T/c.tsv"
	np np-sum -H -v x "$T/c.tsv"
	[ "$(sed -n 2p "$OUT" | cut -f5)" = "1e-0001" ]
	mv "$OUT" "$T/c.h"
	np np-sum "$T/c.h"
	[ "$(sed -n 2p "$OUT" | cut -f3)" = "0.1" ]
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	printf 'x\n-1234.5\n-1e-40\n' >"$T/d.tsv"
	np np-sum -H -v x "$T/d.tsv"
	[ "$(sed -n 2p "$OUT" | cut -f5)" = "-1.2345e+0003" ]
}

@test "partial: np-bound -A with each investigation, merged, is one run's rows; np-bound refuses rows that are not a run's, naming file, line and column; np-dma -A -S over parts, merged, is one run's bytes, at each -b, merged again too; np-dma -H and -s -H over parts, merged, are one run's buckets, each physical core apart; np-dma refuses parts that do not match, naming file, line and column; np-dma -A where a part has nothing to count: said, the header alone; -A's own usage; np-sum -H: a part's sum that fell back to a double is marked so, and the merge gives one run's double, said on stderr, not an exact decimal of it" {
	cases \
	    "np-bound -A with each investigation, merged, is one run's rows" partial_12 \
	    "np-bound refuses rows that are not a run's, naming file, line and column" partial_13 \
	    "np-dma -A -S over parts, merged, is one run's bytes, at each -b, merged again too" partial_14 \
	    "np-dma -H and -s -H over parts, merged, are one run's buckets, each physical core apart" partial_15 \
	    "np-dma refuses parts that do not match, naming file, line and column" partial_16 \
	    "np-dma -A where a part has nothing to count: said, the header alone; -A's own usage" partial_t1 \
	    "np-sum -H: a part's sum that fell back to a double is marked so, and the merge gives one run's double, said on stderr, not an exact decimal of it" partial_t2
}
