#!/usr/bin/env bats
# np-stall: attribution by key, every input form, the options, bad input,
# limits and memory.
#
# tests/fixtures/np-stall/stall.json holds nine instructions; the README
# there works out every golden file in tests/golden/np-stall by hand.
# Small cases are worked out in comments next to their tests.

load helpers

F=$BATS_TEST_DIRNAME/fixtures/np-stall
TR=$BATS_TEST_DIRNAME/fixtures/np-trace

np_stall_1() {
	np np-stall "$F/stall.json"
	status_is 0
	golden np-stall/src.tsv
	err_is "np-stall: rows without evt_wait_time_ns: 1 (first: $F/stall.json:9)"
}

np_stall_2() {
	np np-stall -g engine "$F/stall.json"
	status_is 0
	golden np-stall/engine.tsv
}

np_stall_3() {
	np np-stall -g layer "$F/stall.json"
	status_is 0
	golden np-stall/layer.tsv
}

np_stall_4() {
	np np-stall -g engine,opcode -v hbm_read_bytes "$F/stall.json"
	status_is 0
	golden np-stall/engine-opcode-hbm.tsv
	err_is "np-stall: rows without hbm_read_bytes: 1 (first: $F/stall.json:8)"
}

np_stall_5() {
	np np-stall -g subgraph -v duration_ns "$F/stall.json"
	status_is 0
	no_err
	golden np-stall/subgraph-duration.tsv
}

np_stall_6() {
	np np-stall -v evt_wait_time_ns "$F/stall.json"
	status_is 0
	golden np-stall/src.tsv
}

np_stall_7() {
	np-trace "$F/stall.json" >"$T/stall.tsv"
	np np-stall "$T/stall.tsv"
	golden np-stall/src.tsv
	np np-stall -g engine "$T/stall.tsv"
	golden np-stall/engine.tsv
	# Instruction rows write an empty string as "", a missing value as an
	# empty field (np.7, OUTPUT): read back, the two keys stay apart.
	np np-stall -g layer "$T/stall.tsv"
	golden np-stall/layer.tsv
	np np-stall -g engine,opcode -v hbm_read_bytes "$T/stall.tsv"
	golden np-stall/engine-opcode-hbm.tsv
	# r6 is the row on line 7 of the TSV (line 1 is the header).
	err_is "np-stall: rows without hbm_read_bytes: 1 (first: $T/stall.tsv:7)"
	np np-stall -g subgraph -v duration_ns < <(np-trace "$F/stall.json")
	status_is 0
	golden np-stall/subgraph-duration.tsv
}

@test "np-stall: by source line (the default), from view JSON; by engine; a key with no wait ties with one waiting 0; by layer; a missing layer (an empty field) and an empty one (\"\") are two keys; compound key and -v hbm_read_bytes; -v duration_ns leaves out the repeated duration_ns column; -v evt_wait_time_ns is the default; the same answers from np-trace's TSV of the export" {
	cases \
	    "by source line (the default), from view JSON" np_stall_1 \
	    "by engine; a key with no wait ties with one waiting 0" np_stall_2 \
	    "by layer; a missing layer (an empty field) and an empty one (\"\") are two keys" np_stall_3 \
	    "compound key and -v hbm_read_bytes" np_stall_4 \
	    "-v duration_ns leaves out the repeated duration_ns column" np_stall_5 \
	    "-v evt_wait_time_ns is the default" np_stall_6 \
	    "the same answers from np-trace's TSV of the export" np_stall_7
}

np_stall_8() {
	np-trace "$F/stall.json" >"$T/stall.tsv"
	{ head -1 "$T/stall.tsv"; tail -n +2 "$T/stall.tsv" | tac; } \
	    >"$T/reversed.tsv"
	np np-stall -g engine,opcode -v hbm_read_bytes "$T/reversed.tsv"
	status_is 0
	golden np-stall/engine-opcode-hbm.tsv
}

np_stall_9() {
	np np-stall -N 2 "$F/stall.json"
	status_is 0
	head -3 "$GOLD/np-stall/src.tsv" | cmp - "$OUT"
	np np-stall -N 100 "$F/stall.json"
	golden np-stall/src.tsv
}

np_stall_10() {
	np np-stall -n -g engine "$F/stall.json"
	status_is 0
	tail -n +2 "$GOLD/np-stall/engine.tsv" | cmp - "$OUT"
	np np-stall --no-header -g engine "$F/stall.json"
	tail -n +2 "$GOLD/np-stall/engine.tsv" | cmp - "$OUT"
}

np_stall_11() {
	# Three Tensor instructions waiting 1, 1, 2 ns, with no duration or
	# end: 3 instructions, 3 stalled, sum 4, mean 4/3, max 2, share 4/4,
	# duration_ns empty.
	printf 'start_ts\tevt_wait_time_ns\tengine\n1\t1\tTensor\n2\t1\ttensor\n3\t2\tTENSOR\n' \
	    >"$T/third.tsv"
	np np-stall -g engine "$T/third.tsv"
	status_is 0
	err_is "np-stall: rows without duration_ns, left out of its sum: 3 (first: $T/third.tsv:2)"
	[ "$(<"$OUT")" = "$(printf '%s\n' \
	    'engine	instructions	stalled	stall_ns	stall_mean_ns	stall_max_ns	stall_share	duration_ns	pcore_idx' \
	    'Tensor	3	3	4	1.3333333333333333	2	1		')" ]
}

np_stall_12() {
	# Total stall 0: the share 0/0 is empty, the mean too (none stalled).
	printf 'start_ts\tduration_ns\tevt_wait_time_ns\tengine\n1\t5\t0\tSync\n' \
	    >"$T/zero.tsv"
	np np-stall -g engine "$T/zero.tsv"
	status_is 0
	[ "$(tail -1 "$OUT")" = "$(printf 'Sync\t1\t0\t0\t\t0\t\t5\t')" ]
}

np_stall_13() {
	# One instruction whose layer holds a TAB and a backslash, one whose
	# layer holds a newline; waits 3 and 2.  Key and layer print escaped.
	printf '%s\n' '[{"timestamp": 1, "evt_wait_time": 3, "layer": "a\tb\\c", "subgraph": "sg00"},' \
	    '{"timestamp": 2, "evt_wait_time": 2, "layer": "x\ny", "subgraph": "sg00"}]' \
	    >"$T/esc.json"
	want=$(printf '%s\n' \
	    'layer	subgraph	instructions	stalled	stall_ns	stall_mean_ns	stall_max_ns	stall_share	duration_ns	pcore_idx' \
	    'a\tb\\c	sg00	1	1	3	3	3	0.6		' \
	    'x\ny	sg00	1	1	2	2	2	0.4		')
	np np-stall -g layer,subgraph "$T/esc.json"
	status_is 0
	[ "$(<"$OUT")" = "$want" ]
	np np-stall -g layer,subgraph < <(np-trace "$T/esc.json")
	[ "$(<"$OUT")" = "$want" ]
}

np_stall_14() {
	# pc 7 waits 5 + 1 (two instructions), pc 12 waits 6; 6 ties 6, so
	# byte order: "12" before "7".
	printf 'start_ts\tpc\tevt_wait_time_ns\n1\t7\t5\n2\t12\t6\n3\t7\t1\n' \
	    >"$T/pc.tsv"
	np np-stall -n -g pc "$T/pc.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(printf '%s\n' \
	    '12	1	1	6	6	6	0.5		' \
	    '7	2	2	6	3	5	0.5		')" ]
}

np_stall_15() {
	# trace-multi.txt pairs into Vector 50 ns, Tensor 200 and 100 ns,
	# Sync 0 ns (see tests/golden/np-trace/trace-multi.tsv): total 350,
	# Tensor 300/350 = 6/7, Vector 50/350 = 1/7, Sync 0 (not nonzero).
	np np-stall -g engine -v duration_ns "$TR/trace-multi.txt"
	status_is 0
	[ "$(<"$OUT")" = "$(printf '%s\n' \
	    'engine	instructions	duration_nonzero	duration_ns	duration_mean_ns	duration_max_ns	duration_share	pcore_idx' \
	    'Tensor	2	2	300	150	200	0.8571428571428571	' \
	    'Vector	1	1	50	50	50	0.14285714285714285	' \
	    'Sync	1	0	0		0	0	')" ]
	err_is "np-stall: END lines without a START: 1 (first: $TR/trace-multi.txt:8)
np-stall: lines not understood: 1 (first: $TR/trace-multi.txt:10)
np-stall: START lines without an END: 1 (first: $TR/trace-multi.txt:9)"
}

@test "np-stall: input order does not matter; -N keeps the first rows; shares stay over every key; -n and --no-header drop the header; a mean that is not whole, a share of 1, no durations; every wait zero gives an empty share; key text is escaped as np-trace writes it, in every form; numeric keys print as numbers; show-trace text, with -v duration_ns" {
	cases \
	    "input order does not matter" np_stall_8 \
	    "-N keeps the first rows; shares stay over every key" np_stall_9 \
	    "-n and --no-header drop the header" np_stall_10 \
	    "a mean that is not whole, a share of 1, no durations" np_stall_11 \
	    "every wait zero gives an empty share" np_stall_12 \
	    "key text is escaped as np-trace writes it, in every form" np_stall_13 \
	    "numeric keys print as numbers" np_stall_14 \
	    "show-trace text, with -v duration_ns" np_stall_15
}

np_stall_16() {
	np np-stall -g nd,nc "$TR/trace-multi.txt"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-stall: rows without evt_wait_time_ns: 4 (first: $TR/trace-multi.txt:3)
np-stall: END lines without a START: 1 (first: $TR/trace-multi.txt:8)
np-stall: lines not understood: 1 (first: $TR/trace-multi.txt:10)
np-stall: START lines without an END: 1 (first: $TR/trace-multi.txt:9)
np-stall: no instruction with evt_wait_time_ns in 4 rows read (the text traces have none): -v chooses the value column, such as -v duration_ns"
	# A value every row lacks, by name.
	np np-stall -v hbm_read_bytes "$TR/trace-multi.txt"
	status_is 1
	[ "$(tail -1 "$ERR")" = "np-stall: no instruction with hbm_read_bytes in 4 rows read (the text traces have none): -v chooses the value column, such as -v duration_ns" ]
	# Waits all 0 are an answer.
	printf 'start_ts\tduration_ns\tevt_wait_time_ns\n1\t1\t0\n' >"$T/zero.tsv"
	np np-stall -n "$T/zero.tsv"
	status_is 0
	no_err
}

np_stall_17() {
	npgen -n 2000 view-json >"$T/v.json"
	np-trace "$T/v.json" >"$T/v.tsv"
	# Each form's runs into a transcript (output and exit status), made
	# by sh, which starts a process in less time than this shell; every
	# run wrote more than a header and a row.
	sh -s "$T" <<-'EOF'
	T=$1
	for k in src engine,opcode layer,subgraph pc nd,nc,engine; do
		for v in evt_wait_time_ns hbm_read_bytes sbuf_write_bytes duration_ns; do
			for f in json tsv; do
				{ echo "== np-stall -g $k -v $v"
				  np-stall -g "$k" -v "$v" "$T/v.$f" 2>/dev/null &&
				      echo "== exit 0" || echo "== exit $?"
				} >>"$T/a.$f"
			done
		done
	done
	EOF
	cmp "$T/a.json" "$T/a.tsv"
	awk '/^== np-stall/ { if (n != "" && n <= 2) bad = 1; n = 0; runs++; next }
	    /^== exit 0$/ { next } /^== exit/ { bad = 1 } { n++ }
	    END { exit bad || runs != 20 || n <= 2 }' "$T/a.json"
}

np_stall_18() {
	# npgen writes the same instructions in both; Explorer rows carry no
	# subgraph, nd or nc, so keys avoid those, and are of pcore_idx 0,
	# which the view JSON has not: the last column differs.
	# The view JSON's source locations are "" where Explorer's are null:
	# its src key "" is Explorer's missing one.
	npgen -n 2000 view-json >"$T/v.json"
	npgen -n 2000 explorer-tsv >"$T/e.tsv"
	for k in src engine,opcode,layer; do
		np-stall -g "$k" "$T/v.json" | empties | awk -F '\t' \
		    -v OFS='\t' 'NR > 1 { $NF = "0" } 1' >"$T/a"
		np np-stall -g "$k" "$T/e.tsv"
		cmp "$T/a" "$OUT"
	done
}

np_stall_19() {
	# An independent computation of instructions, stalled, stall_ns,
	# stall_max_ns and duration_ns per engine (np-trace columns: 3
	# duration_ns, 4 engine, 7 evt_wait_time_ns).
	npgen -n 5000 view-json >"$T/v.json"
	np-trace "$T/v.json" |
	    awk -F'\t' 'NR > 1 { n[$4]++; s[$4] += $7; d[$4] += $3
		if ($7 > 0) z[$4]++; if ($7 > m[$4]) m[$4] = $7 }
		END { for (e in n) printf "%s\t%d\t%d\t%d\t%d\t%d\n",
		    e, n[e], z[e], s[e], m[e], d[e] }' | sort >"$T/awk"
	np np-stall -n -g engine "$T/v.json"
	status_is 0
	cut -f1-4,6,8 "$OUT" | sort | cmp - "$T/awk"
	[ "$(wc -l <"$T/awk")" -eq 5 ]
	# Shares add up to 1 (within rounding).
	awk -F'\t' '{ t += $7 } END { exit !(t > 0.999999 && t < 1.000001) }' "$OUT"
}

np_stall_20() {
	# stall.json twice: counts and sums double, max, mean and share stay:
	# a.py:10 has 6 instructions, 4 stalled, 160 ns, mean 40, max 50,
	# share 160/300 = 8/15, duration 720.
	np-trace "$F/stall.json" >"$T/stall.tsv"
	np np-stall -n -N 1 "$F/stall.json" - <"$T/stall.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'a.py:10\t6\t4\t160\t40\t50\t0.5333333333333333\t720\t')" ]
	err_is "np-stall: rows without evt_wait_time_ns: 2 (first: $F/stall.json:9)"
}

np_stall_21() {
	printf '{"instruction": []}\n' >"$T/none.json"
	np np-stall -g engine "$T/none.json"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$(printf 'engine\tinstructions\tstalled\tstall_ns\tstall_mean_ns\tstall_max_ns\tstall_share\tduration_ns\tpcore_idx')" ]
}

np_stall_22() {
	# 1500 ps -> 2 ns (to the nearest), 2400 ps -> 2 ns: sum 4, max 2.
	printf 'start_ts\tevt_wait_time_ns\tengine\n1000\t1500\tSync\n2000\t2400\tSync\n' \
	    >"$T/ps.tsv"
	np np-stall -n -g engine -u ps "$T/ps.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'Sync\t2\t2\t4\t2\t2\t1\t\t')" ]
}

@test "np-stall: show-trace text has no wait times: an error that names -v, after the counts; view JSON and np-trace's TSV of it agree (npgen, 2000 rows); Explorer TSV and view JSON of one profile agree; per-engine sums agree with awk over np-trace's rows; files are read in order, - is stdin; an instruction table with no rows gives the header alone; -u ps converts wait times to ns" {
	cases \
	    "show-trace text has no wait times: an error that names -v, after the counts" np_stall_16 \
	    "view JSON and np-trace's TSV of it agree (npgen, 2000 rows)" np_stall_17 \
	    "Explorer TSV and view JSON of one profile agree" np_stall_18 \
	    "per-engine sums agree with awk over np-trace's rows" np_stall_19 \
	    "files are read in order, - is stdin" np_stall_20 \
	    "an instruction table with no rows gives the header alone" np_stall_21 \
	    "-u ps converts wait times to ns" np_stall_22
}

np_stall_23() {
	# The timestamp as field 6 of trace.txt: 1 Tensor instruction.
	sed 's/ \(START\|END\) / \1 x /' "$TR/trace.txt" >"$T/moved.txt"
	np np-stall -n -g engine -v duration_ns -F ts=6 "$T/moved.txt"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'Tensor\t1\t1\t148\t148\t148\t1\t')" ]
}

np_stall_24() {
	# A name outside the record is looked for in the input (see the
	# input-column tests); one the record reads already is misuse.
	np np-stall -g engine,compiler_opcode "$F/stall.json"
	status_is 2
	err_is "np-stall: -g: 'compiler_opcode' is read as the instruction column opcode already
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
	np np-stall -v evt_wait_time "$F/stall.json"
	status_is 2
	err_is "np-stall: -v: 'evt_wait_time' is read as the instruction column evt_wait_time_ns already
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
	np np-stall -g a,b,c,d,e,f,g,h,i,j,k,l,m,n "$F/stall.json"
	status_is 2
	err_is "np-stall: -g: more than 13 columns outside the instruction record
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
	np np-stall -g a,b,c,d,e,f,g,h,i,j,k,l,m -v x "$F/stall.json"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-stall: -g: more than 13 columns outside the instruction record" ]
	np np-stall -g src,,engine "$F/stall.json"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-stall: -g: expected keys separated by commas, found an empty one" ]
	np np-stall -g src,start_ts,end_ts,duration_ns,engine,opcode,pc,evt_wait_time_ns,hbm_read_bytes,hbm_write_bytes,sbuf_read_bytes,sbuf_write_bytes,bir_debug_info_source_location,nki_source_location,layer,subgraph,nd "$F/stall.json"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-stall: -g: more than 16 keys" ]
	for v in layer engine bir_debug_info_source_location; do
		np np-stall -v "$v" "$F/stall.json"
		status_is 2
		[ "$(head -1 "$ERR")" = "np-stall: -v: expected a numeric column, found '$v', a text column of the instruction record (its numbers: start_ts end_ts duration_ns pc evt_wait_time_ns hbm_read_bytes hbm_write_bytes sbuf_read_bytes sbuf_write_bytes nd nc pcore_idx)" ]
	done
	np np-stall -N 0 "$F/stall.json"
	status_is 2
	err_is "np-stall: -N: expected an integer from 1 to 9223372036854775807, found '0'
usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]"
	np np-stall -N 3x "$F/stall.json"
	status_is 2
	np np-stall -u s "$F/stall.json"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-stall: -u: expected ps, ns or us, found 's'" ]
	np np-stall -F when=3 "$F/stall.json"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-stall: -F: unknown field 'when' (known: engine opcode event ts pc)" ]
	np np-stall -g
	status_is 2
	np np-stall --top 3
	status_is 2
	[ "$(head -1 "$ERR")" = "np-stall: unknown option '--top'" ]
}

np_stall_25() {
	np np-stall -h
	status_is 0
	[ "$(sed '/^  -/,$d' "$OUT")" = "usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]" ]
	np np-stall --help
	status_is 0
	[ "$(sed '/^  -/,$d' "$OUT")" = "usage: np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] [file ...]" ]
}

np_stall_26() {
	# pc is not a number: np-trace, which reads every column, stops;
	# np-stall -g src does not read pc; np-stall -g pc does, and stops.
	printf '{"instruction": [{"timestamp": 1, "pc": "abc", "evt_wait_time": 3}]}\n' \
	    >"$T/pc.json"
	np np-trace "$T/pc.json"
	status_is 1
	err_is "np-trace: $T/pc.json:1:41: expected a number for 'pc', found 'abc' (byte offset 40)"
	np np-stall -n "$T/pc.json"
	status_is 0
	# No source location: src is missing, an empty key.
	[ "$(<"$OUT")" = "$(printf '\t1\t1\t3\t3\t3\t1\t\t')" ]
	np np-stall -g pc "$T/pc.json"
	status_is 1
	err_is "np-stall: $T/pc.json:1:41: expected a number for 'pc', found 'abc' (byte offset 40)"
}

np_stall_27() {
	printf '{"instruction": [\n{"timestamp": 1, "hbm_read_bytes": 4},\n{"timestamp": 2, "hbm_read_bytes": 1.5}]}\n' \
	    >"$T/frac.json"
	np np-stall -v hbm_read_bytes "$T/frac.json"
	status_is 1
	err_is "np-stall: $T/frac.json:3:36: expected a whole number for 'hbm_read_bytes', found '1.5' (byte offset 92)"
	printf '{"timestamp": 1, "evt_wait_time": Infinity}\n{"timestamp": 2, "evt_wait_time": 0, "duration": 1}\n' >"$T/inf.jsonl"
	np np-stall -n "$T/inf.jsonl"
	status_is 0
	err_is "np-stall: rows with evt_wait_time_ns NaN or infinite taken as missing: 1 (first: $T/inf.jsonl:1)
np-stall: rows without evt_wait_time_ns: 1 (first: $T/inf.jsonl:1)
np-stall: rows without duration_ns, left out of its sum: 1 (first: $T/inf.jsonl:1)"
	[ "$(<"$OUT")" = "$(printf '\t2\t0\t0\t\t0\t\t1\t')" ]
	printf 'start_ts\tduration_ns\thbm_read_bytes\n1\t1\t1e30\n' >"$T/big.tsv"
	np np-stall -v hbm_read_bytes "$T/big.tsv"
	status_is 1
	err_is "np-stall: $T/big.tsv:2:5: expected a whole number within 64 bits for 'hbm_read_bytes', found 1e30"
}

np_stall_28() {
	# Sync: waits 4, NaN, -1: 3 instructions, 1 with a value: sum 4.
	printf '%s\n' '{"timestamp": 1, "label": "Sync", "evt_wait_time": 4}' \
	    '{"timestamp": 2, "label": "Sync", "evt_wait_time": NaN}' \
	    '{"timestamp": 3, "label": "Sync", "evt_wait_time": -1}' \
	    >"$T/odd.jsonl"
	np np-stall -n -g engine "$T/odd.jsonl"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'Sync\t3\t1\t4\t4\t4\t1\t\t')" ]
	err_is "np-stall: rows without duration_ns, left out of its sum: 3 (first: $T/odd.jsonl:1)
np-stall: rows with evt_wait_time_ns NaN or infinite taken as missing: 1 (first: $T/odd.jsonl:2)
np-stall: rows without evt_wait_time_ns: 1 (first: $T/odd.jsonl:2)
np-stall: rows with a negative evt_wait_time_ns taken as missing: 1 (first: $T/odd.jsonl:3)"
}

np_stall_29() {
	# Tensor: waits 2^63-1, 2^63-1 and 2: 2^64; durations 2^63-1 twice
	# and 5: 2^64 + 3.  Vector: 384307168202282336 three times:
	# 2^60 + 32.  Sums checked with bc.  Means: 2^64 / 3 is
	# 1024 * 6004799503160661.33 (doubles are 1024 apart there):
	# 6148914691236516864; 384307168202282336 is 64 * 6004799503160661.5,
	# a tie, to the even 6004799503160662: 384307168202282368 (a double
	# of the sum, divided, gave ...304).  Shares: 2^64 / (2^64 + 2^60 +
	# 32) and (2^60 + 32) / (2^64 + 2^60 + 32), near 16/17 and 1/17, as
	# the nearest doubles (exact fractions, then rounded to the nearest double).
	printf 'start_ts\tduration_ns\tengine\tevt_wait_time_ns\n' >"$T/big.tsv"
	printf '0\t9223372036854775807\tTensor\t9223372036854775807\n' >>"$T/big.tsv"
	printf '0\t9223372036854775807\tTensor\t9223372036854775807\n' >>"$T/big.tsv"
	printf '3\t5\tTensor\t2\n' >>"$T/big.tsv"
	for d in 7 8 9; do
		printf '4\t%s\tVector\t384307168202282336\n' $d >>"$T/big.tsv"
	done
	np np-stall -n -g engine "$T/big.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$(printf '%s\t' Tensor 3 3 1.8446744073709551616e19 \
	    6148914691236516864 9223372036854775807 0.9411764705882353 \
	    1.8446744073709551619e19; printf '\n'; printf '%s\t' Vector 3 3 \
	    1152921504606847008 384307168202282368 384307168202282336 \
	    0.058823529411764705 24)" ]
}

np_stall_30() {
	# B = 1779958800123456789 + i for i = 0..999, even i Tensor, odd
	# Vector: 500B + 249500 = 889979400061728644000 and 500B + 250000 =
	# 889979400061728644500 (bc); the means B + 499 and B + 500, both
	# 1779958800123457280 as the nearest double (256 apart there); the
	# shares 0.5 as the nearest double.  Sums past int64 are spelt in
	# exponent form with every digit (np(7)).
	# B + i by one awk, as B's first 13 digits and 456789 + i (no carry
	# past 999999): awk's numbers are doubles, too short for B.
	awk 'BEGIN { print "start_ts\tduration_ns\tengine"
	    for (i = 0; i < 1000; i++)
		printf "1779958800123%d\t1\t%s\n", 456789 + i, i % 2 ? "Vector" : "Tensor" }' \
	    >"$T/epoch.tsv"
	np np-stall -n -g engine -v start_ts "$T/epoch.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$(printf '%s\t' Vector 500 500 8.899794000617286445e20 \
	    1779958800123457280 1779958800123457788 0.5 500; printf '\n'
	    printf '%s\t' Tensor 500 500 8.89979400061728644e20 \
	    1779958800123457280 1779958800123457787 0.5 500)" ]
}

@test "np-stall: -F moves the text fields; usage errors; -h and --help print the usage; only the columns used are read; an infinite wait is taken as missing; a fractional or too large byte count is an error; NaN and negative values are counted as missing; sums past 2^63 are exact; the mean and share the nearest doubles; -v start_ts over many rows: times since the epoch sum exactly" {
	cases \
	    "-F moves the text fields" np_stall_23 \
	    "usage errors" np_stall_24 \
	    "-h and --help print the usage" np_stall_25 \
	    "only the columns used are read" np_stall_26 \
	    "an infinite wait is taken as missing; a fractional or too large byte count is an error" np_stall_27 \
	    "NaN and negative values are counted as missing" np_stall_28 \
	    "sums past 2^63 are exact; the mean and share the nearest doubles" np_stall_29 \
	    "-v start_ts over many rows: times since the epoch sum exactly" np_stall_30
}

np_stall_31() {
	# Sums, maxima and duration_ns as DuckDB gives them (HUGEINT sums):
	#   SELECT engine, sum(start_ts), max(start_ts), sum(duration_ns),
	#   pcore_idx FROM read_parquet('profile@latest/Instruction_*.parquet')
	#   GROUP BY ALL
	# means and shares checked as the nearest double of the exact
	# quotient (exact fractions, then rounded to the nearest double).
	np np-stall -g engine -v start_ts "$BATS_TEST_DIRNAME/fixtures/explorer/profile@latest"
	status_is 0
	no_err
	golden np-stall/explorer-start_ts.tsv
}

np_stall_32() {
	printf '{"instruction": [{"timestamp": 1, "evt_wait_time": "abc"}]}\n' \
	    >"$T/wt.json"
	np np-stall "$T/wt.json"
	status_is 1
	err_is "np-stall: $T/wt.json:1:52: expected a number for 'evt_wait_time', found 'abc' (byte offset 51)"
	printf '{"instruction": [{"timestamp": 1, "evt_wait_time": [1]}]}\n' \
	    >"$T/wt2.json"
	np np-stall "$T/wt2.json"
	status_is 1
	err_is "np-stall: $T/wt2.json:1:52: expected a number for 'evt_wait_time', found an array (byte offset 51)"
	printf 'start_ts\tengine\tevt_wait_time_ns\n1\tTensor\t12ns\n' >"$T/wt.tsv"
	np np-stall "$T/wt.tsv"
	status_is 1
	err_is "np-stall: $T/wt.tsv:2:10: expected a number for 'evt_wait_time_ns', found '12ns'"
}

np_stall_33() {
	head -c 700 "$F/stall.json" >"$T/trunc.json"
	np np-stall "$T/trunc.json"
	status_is 1
	err_is "np-stall: $T/trunc.json:5:227: expected '\"' to end the string, found end of input (byte offset $(byteoff "$T/trunc.json" 5 227))"
}

np_stall_34() {
	np np-stall </dev/null
	status_is 1
	err_is "np-stall: -: empty input, expected JSON, TSV, CSV or show-session --show-trace instruction"
	np np-stall "$T/nonesuch.json"
	status_is 1
	err_is "np-stall: $T/nonesuch.json: No such file or directory"
}

np_stall_35() {
	printf 'start_ts\tevt_wait_time_ns\n1\t\0\n' >"$T/bin.tsv"
	np np-stall "$T/bin.tsv"
	status_is 1
	err_is "np-stall: $T/bin.tsv:2:3: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 28)"
}

np_stall_36() {
	# Tensor 5, Vector 7: total 12; 7/12 and 5/12.
	printf 'start_ts\tevt_wait_time_ns\tengine\r\n1\t5\tTensor\r\n2\t7\tVector\r\n' \
	    >"$T/crlf.tsv"
	np np-stall -n -g engine "$T/crlf.tsv"
	status_is 0
	err_is "np-stall: rows without duration_ns, left out of its sum: 2 (first: $T/crlf.tsv:2)"
	[ "$(<"$OUT")" = "$(printf '%s\n' 'Vector	1	1	7	7	7	0.5833333333333334		' \
	    'Tensor	1	1	5	5	5	0.4166666666666667		')" ]
	sed 's/$/\r/' "$F/stall.json" >"$T/crlf.json"
	np np-stall -g engine "$T/crlf.json"
	status_is 0
	golden np-stall/engine.tsv
}

np_stall_37() {
	{ printf 'start_ts\tlayer\n1\t'; head -c 1100000 /dev/zero | tr '\0' x
	    printf '\n'; } >"$T/huge.tsv"
	np np-stall -g layer "$T/huge.tsv"
	status_is 1
	err_is "np-stall: $T/huge.tsv:2:1048576: line longer than 1048575 bytes"
}

np_stall_38() {
	{ printf '{"instruction": [{"timestamp": 1, "x": '
	  for i in $(seq 100); do printf '['; done
	  for i in $(seq 100); do printf ']'; done
	  printf '}]}\n'; } >"$T/deep.json"
	np np-stall "$T/deep.json"
	status_is 1
	err_is "np-stall: $T/deep.json:1:101: nesting deeper than 64 levels (byte offset 100)"
}

np_stall_39() {
	printf 'start_ts\tevt_wait_time_ns\tengine\n1\t5\n' >"$T/short.tsv"
	np np-stall "$T/short.tsv"
	status_is 1
	err_is "np-stall: $T/short.tsv:2:4: expected 3 tab-separated fields as in the header, found 2"
}

np_stall_40() {
	{ printf 'start_ts\tevt_wait_time_ns\tlayer\n1\t0\t'
	    head -c 70000 /dev/zero | tr '\0' x; printf '\n'; } >"$T/longkey.tsv"
	np np-stall -g layer,engine "$T/longkey.tsv"
	status_is 1
	err_is "np-stall: $T/longkey.tsv:2: key longer than 65536 bytes (-g layer,engine)"
	# The default key does not read layer at all.
	np np-stall "$T/longkey.tsv"
	status_is 0
}

np_stall_41() {
	# pc 0 .. 4095: every key held, each a row.
	awk 'BEGIN { print "start_ts\tpc\tevt_wait_time_ns"; for (i = 0; i < 4096; i++) print i "\t" i "\t1" }' \
	    >"$T/keys.tsv"
	np np-stall -n -g pc "$T/keys.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 4096 ]
}

@test "np-stall: -g engine -v start_ts on an Explorer profile (Parquet); wrong-typed input names file, line and column; truncated JSON; empty input, and a file that does not exist; binary input; CRLF line ends; a line past the 1 MiB buffer; nesting too deep; TSV rows must match the header; a key longer than 65536 bytes is an error; 4096 distinct keys, all held (1048576 and one more: np-stall-big.bats)" {
	cases \
	    "-g engine -v start_ts on an Explorer profile (Parquet)" np_stall_31 \
	    "wrong-typed input names file, line and column" np_stall_32 \
	    "truncated JSON" np_stall_33 \
	    "empty input, and a file that does not exist" np_stall_34 \
	    "binary input" np_stall_35 \
	    "CRLF line ends" np_stall_36 \
	    "a line past the 1 MiB buffer" np_stall_37 \
	    "nesting too deep" np_stall_38 \
	    "TSV rows must match the header" np_stall_39 \
	    "a key longer than 65536 bytes is an error" np_stall_40 \
	    "4096 distinct keys, all held (1048576 and one more: np-stall-big.bats)" np_stall_41
}

np_stall_42() {
	npgen -n 20000 view-json >"$T/v.json"
	run bash -c "set -o pipefail; np-stall -g pc '$T/v.json' 2>'$ERR' | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'pc\tinstructions\tstalled\tstall_ns\tstall_mean_ns\tstall_max_ns\tstall_share\tduration_ns\tpcore_idx')" ]
	no_err
}

np_stall_43() {
	np bash -c "np-stall '$F/stall.json' >/dev/full"
	status_is 1
	err_is "np-stall: rows without evt_wait_time_ns: 1 (first: $F/stall.json:9)
np-stall: write error: No space left on device"
}

@test "np-stall: | head ends quietly; a failed write is an error" {
	cases \
	    "| head ends quietly" np_stall_42 \
	    "a failed write is an error" np_stall_43
}

@test "np-stall: memory stays constant on a 1.8 MB export (180 MB: np-stall-big.bats)" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -n 500 view-json | np-stall -g engine'
	status_is 0
	no_err
	# Every instruction is counted: the instructions column adds up.
	[ "$(awk -F'\t' 'NR > 1 { n += $2 } END { print n }' "$OUT")" -eq 500 ]
	npgen -n 500 view-json | wc -c >"$T/size"
	[ "$(<"$T/size")" -gt 1500000 ]
}

np_stall_t1() {
	printf 'start_ts\tend_ts\tevt_wait_time_ns\tengine\n10\t5\t1\tT\n0\t20\t2\tT\n' >"$T/neg.tsv"
	for v in evt_wait_time_ns duration_ns; do
		np np-stall -g engine -v $v "$T/neg.tsv"
		status_is 0
		err_is "np-stall: rows with end_ts before start_ts skipped: 1 (first: $T/neg.tsv:2)"
		[ "$(sed -n 2p "$OUT" | cut -f1,2)" = "$(printf 'T\t1')" ]
	done
	[ "$(cut -f4 "$OUT")" = "$(printf 'duration_ns\n20')" ]
}

# ---- columns outside the instruction record (-g, -v) ----

X=$BATS_TEST_DIRNAME/fixtures/explorer

np_stall_46() {
	# golden/np-stall/explorer-hlo_name.tsv was checked against an awk
	# computation over rows/Instruction.jsonl (fixtures/np-stall/README).
	{ echo '['; sed '$!s/$/,/' "$X/rows/Instruction.jsonl"; echo ']'; } \
	    >"$T/array.json"
	np-trace -c hlo_name "$X/json/Instruction.jsonl" >"$T/trace.tsv"
	for f in "$X/json/Instruction.jsonl" "$X/rows/Instruction.jsonl" \
	    "$T/array.json" "$X/csv/table/Instruction.csv" \
	    "$X/csv/instruction.tsv" "$X/csv/instruction-crlf.csv" \
	    "$X/csv/export/Instruction.csv" \
	    "$X/parquet/instruction-zstd-v2.parquet" \
	    "$X/parquet/instruction-snappy-v1-rg16.parquet" \
	    "$X/parquet/pw-instruction-delta-gzip-v2.parquet" \
	    "$X/profile@latest" "$T/trace.tsv"; do
		np np-stall -g hlo_name "$f"
		status_is 0
		no_err
		golden np-stall/explorer-hlo_name.tsv
	done
}

np_stall_47() {
	# schema/lnc2: four Tensor rows, 1000 ns each.
	#   pcore hlo_name       dma_wait_time_ns psum_read_bytes
	#   0     dot.1          10               4096
	#   1     dot.2          -                2048
	#   0     dot.1          5                -
	#   1     fusion "x", y  -25              0
	# psum: Tensor dot.1 (core 0): 1 row of 2 with a value, sum 4096,
	# share 4096/6144 = 2/3; dot.2: 2048, 1/3; fusion: 0, share 0.
	# dma: dot.1: 10 + 5 = 15, nz 2, mean 7.5, max 10, share 1; dot.2
	# none; fusion -25, taken as missing.
	S=$X/schema
	for f in "$S/lnc2.csv" "$S/lnc2.jsonl" "$S/lnc2.parquet"; do
		np np-stall -g engine,hlo_name -v psum_read_bytes "$f"
		status_is 0
		[ "$(<"$OUT")" = "$(printf '%s\n' \
		    'engine	hlo_name	instructions	psum_read_nonzero	psum_read_bytes	psum_read_mean_bytes	psum_read_max_bytes	psum_read_share	duration_ns	pcore_idx' \
		    'Tensor	dot.1	2	1	4096	4096	4096	0.6666666666666666	2000	0' \
		    'Tensor	dot.2	1	1	2048	2048	2048	0.3333333333333333	1000	1' \
		    'Tensor	fusion "x", y	1	0	0		0	0	1000	1')" ]
		err_is "np-stall: rows without psum_read_bytes: 1 (first: $f:$( [ "${f##*.}" = csv ] && echo 4 || echo 3))"
		np np-stall -g hlo_name -v dma_wait_time_ns "$f"
		status_is 0
		[ "$(<"$OUT")" = "$(printf '%s\n' \
		    'hlo_name	instructions	dma_wait_time_nonzero	dma_wait_time_ns	dma_wait_time_mean_ns	dma_wait_time_max_ns	dma_wait_time_share	duration_ns	pcore_idx' \
		    'dot.1	2	2	15	7.5	10	1	2000	0' \
		    'dot.2	1	0					1000	1' \
		    'fusion "x", y	1	0					1000	1')" ]
	done
	# A name ending in _ns is a time, as evt_wait_time_ns is: -u scales it.
	np np-stall -n -g hlo_name -v dma_wait_time_ns -u us "$S/lnc2.csv"
	[ "$(head -1 "$OUT")" = "$(printf 'dot.1\t2\t2\t15000\t7500\t10000\t1\t2000000\t0')" ]
	err_is "np-stall: rows without dma_wait_time_ns: 1 (first: $S/lnc2.csv:3)
np-stall: rows with a negative dma_wait_time_ns taken as missing: 1 (first: $S/lnc2.csv:5)"
	# The value column as a key too: it prints as the number read (-25,
	# missing as a value), or empty.
	np np-stall -n -g dma_wait_time_ns -v dma_wait_time_ns "$S/lnc2.jsonl"
	[ "$(cut -f1-4 "$OUT" | tr '\t\n' ' ,')" = "10 1 1 10,5 1 1 5, 1 0 ,-25 1 0 ," ]
}

np_stall_48() {
	printf '%s\n' '{"summary": [{"total_time": 1}], "instruction": [' \
	    '{"timestamp": 1, "duration": 5, "label": "Tensor", "hlo_name": "a", "psum_read_bytes": 4},' \
	    '{"timestamp": 2, "duration": 5, "label": "Tensor", "hlo_name": "b\tc", "psum_read_bytes": 6},' \
	    '{"timestamp": 3, "duration": 5, "label": "Vector", "psum_read_bytes": null},' \
	    '{"timestamp": 4, "duration": 5, "label": "Vector", "hlo_name": "a", "psum_read_bytes": "2"}]}' \
	    >"$T/view.json"
	# b<TAB>c: 6; a: 4 + 2; the row without hlo_name: the empty key.
	want=$(printf '%s\n' \
	    'hlo_name	instructions	psum_read_nonzero	psum_read_bytes	psum_read_mean_bytes	psum_read_max_bytes	psum_read_share	duration_ns	pcore_idx' \
	    'a	2	2	6	3	4	0.5	10	' \
	    'b\tc	1	1	6	6	6	0.5	5	' \
	    '	1	0					5	')
	np np-stall -g hlo_name -v psum_read_bytes "$T/view.json"
	status_is 0
	[ "$(<"$OUT")" = "$want" ]
	err_is "np-stall: rows without psum_read_bytes: 1 (first: $T/view.json:4)"
	np-trace -c hlo_name,psum_read_bytes "$T/view.json" >"$T/view.tsv"
	np np-stall -g hlo_name -v psum_read_bytes "$T/view.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$want" ]
}

np_stall_49() {
	S=$X/schema
	np np-stall -g hlo_nam "$S/lnc2.csv"
	status_is 1
	err_is "np-stall: $S/lnc2.csv:1:1: expected a column 'hlo_nam' (given to -g), found none in the header (closest: hlo_name), which has: start_ts end_ts duration_ns engine timeline_track pcore_idx opcode hlo_name dma_wait_time_ns spill_save_bytes psum_read_bytes bir_debug_info_source_location evt_wait_time_ns"
	[ ! -s "$OUT" ]
	np np-stall -v dma_wait "$S/lnc2.parquet"
	status_is 1
	err_is "np-stall: $S/lnc2.parquet: expected a column 'dma_wait' (given to -v), found none in the file (closest: dma_wait_time_ns), which has: start_ts end_ts duration_ns engine timeline_track pcore_idx opcode hlo_name dma_wait_time_ns spill_save_bytes psum_read_bytes bir_debug_info_source_location evt_wait_time_ns"
	# JSON names its columns in each row: none of the rows has it.
	np np-stall -g engine,hlo_nam "$S/lnc2.jsonl"
	status_is 1
	err_is "np-stall: $S/lnc2.jsonl: expected a column 'hlo_nam' (given to -g), found none in its rows (closest: hlo_name), the first of which has: start_ts end_ts duration_ns engine timeline_track pcore_idx opcode hlo_name dma_wait_time_ns spill_save_bytes psum_read_bytes bir_debug_info_source_location evt_wait_time_ns"
	[ ! -s "$OUT" ]
	np np-stall -g line "$F/stall.json"
	status_is 1
	err_is "np-stall: rows without evt_wait_time_ns: 1 (first: $F/stall.json:9)
np-stall: $F/stall.json: expected a column 'line' (given to -g), found none in its rows, the first of which has: timestamp duration label opcode evt_wait_time hbm_read_bytes bir_debug_info_source_location layer subgraph"
	# np-trace's TSV has only the record's columns, unless -c adds some.
	np-trace "$S/lnc2.csv" >"$T/t.tsv"
	np np-stall -g hlo_name "$T/t.tsv"
	status_is 1
	err_is "np-stall: $T/t.tsv:1:1: expected a column 'hlo_name' (given to -g), found none in the header, which has: start_ts end_ts duration_ns engine opcode pc evt_wait_time_ns hbm_read_bytes hbm_write_bytes sbuf_read_bytes sbuf_write_bytes bir_debug_info_source_location nki_source_location layer subgraph nd nc pcore_idx timeline_track"
	np np-stall -g hlo_name -v duration_ns "$TR/trace.txt"
	status_is 1
	err_is "np-stall: $TR/trace.txt: -g hlo_name: profiler text (show-session --show-trace instruction) has no further columns; -g reads them from JSON, TSV, CSV or Parquet"
	# Each file is checked: the second lacks it.
	np np-stall -g hlo_name "$S/lnc2.csv" "$T/t.tsv"
	status_is 1
	[ ! -s "$OUT" ]
}

np_stall_50() {
	np np-stall -v hlo_name "$X/csv/table/Instruction.csv"
	status_is 1
	err_is "np-stall: $X/csv/table/Instruction.csv:2:229: expected a number for 'hlo_name', found 'add.7'"
	np np-stall -v hlo_name "$X/json/Instruction.jsonl"
	status_is 1
	err_is "np-stall: $X/json/Instruction.jsonl:1:580: expected a number for 'hlo_name', found 'add.7' (byte offset 579)"
	np np-stall -v hlo_name "$X/parquet/instruction-zstd-v2.parquet"
	status_is 1
	err_is "np-stall: $X/parquet/instruction-zstd-v2.parquet: row 1: column 'hlo_name': expected a number, found 'add.7'"
	printf 'start_ts\tpsum_read_bytes\n1\t4\n2\t1.5\n' >"$T/frac.tsv"
	np np-stall -v psum_read_bytes "$T/frac.tsv"
	status_is 1
	err_is "np-stall: $T/frac.tsv:3:3: expected a whole number for 'psum_read_bytes', found '1.5'"
	printf '{"timestamp": 1, "flops": true}\n' >"$T/bool.jsonl"
	np np-stall -v flops "$T/bool.jsonl"
	status_is 1
	err_is "np-stall: $T/bool.jsonl:1:27: expected a number for 'flops', found true (byte offset 26)"
	# A time is rounded to ns, as the record's are; other names have no
	# unit in the output's names.
	printf 'start_ts\tdma_wait_time_ns\traw_flops\n1\t2.5\t7\n' >"$T/t.tsv"
	np np-stall -n -v dma_wait_time_ns "$T/t.tsv"
	status_is 0
	[ "$(cut -f4 "$OUT")" = 3 ]
	np np-stall -v raw_flops "$T/t.tsv"
	status_is 0
	[ "$(head -1 "$OUT")" = "$(printf 'src\tinstructions\traw_flops_nonzero\traw_flops\traw_flops_mean\traw_flops_max\traw_flops_share\tduration_ns\tpcore_idx')" ]
	[ "$(tail -1 "$OUT")" = "$(printf '\t1\t1\t7\t7\t7\t1\t\t')" ]
}


np_stall_51() {
	# psum_read_bytes is not a number: -v psum_read_bytes stops on it,
	# -g hlo_name does not read it.
	printf 'start_ts\tevt_wait_time_ns\thlo_name\tpsum_read_bytes\n1\t0\ta\tx\n' \
	    >"$T/p.tsv"
	np np-stall -n -g hlo_name "$T/p.tsv"
	status_is 0
	[ "$(cut -f1,2 "$OUT")" = "$(printf 'a\t1')" ]
	np np-stall -v psum_read_bytes "$T/p.tsv"
	status_is 1
	err_is "np-stall: $T/p.tsv:2:7: expected a number for 'psum_read_bytes', found 'x'"
}

np_stall_52() {
	# 150 names of 19 bytes, then start_ts.  Listed: the first, then
	# each with its space: after k names 20k - 1 bytes; the next fits
	# while 20k - 1 + 20 + 5 (" ..." and a NUL) <= 2048, so up to k =
	# 102 (2039 bytes), then " ...".
	names=$(seq -f 'x%03g_abcdefghijklmn' 1 150 | tr '\n' '\t')
	printf '%sstart_ts\n' "$names" >"$T/wide.tsv"
	printf '%s1\n' "$(seq 150 | sed 's/.*//' | tr '\n' '\t')" >>"$T/wide.tsv"
	np np-stall -g hlo_name "$T/wide.tsv"
	status_is 1
	err_is "np-stall: $T/wide.tsv:1:1: expected a column 'hlo_name' (given to -g), found none in the header, which has: $(seq -f 'x%03g_abcdefghijklmn' 1 102 | tr '\n' ' ')..."
}

np_stall_53() {
	# pcore_idx 1e30 and 2e30 are no int64: two cores, so two rows, and
	# the column says which (not 0 for both).
	printf 'start_ts\tevt_wait_time_ns\topcode\tpcore_idx\n1\t5\tA\t1e30\n2\t5\tA\t2e30\n3\t5\tA\t-7\n' \
	    >"$T/pc.tsv"
	np np-stall -n -g opcode "$T/pc.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'A\t1\t1\t5\t5\t5\t0.3333333333333333\t\t-7\nA\t1\t1\t5\t5\t5\t0.3333333333333333\t\t1e30\nA\t1\t1\t5\t5\t5\t0.3333333333333333\t\t2e30')" ]
}

@test "np-stall: an instruction ending before it starts is left out and counted, whether or not duration_ns is the value; -g hlo_name, a column outside the record, the same from every form of the Explorer rows; -g engine,hlo_name -v psum_read_bytes and -v dma_wait_time_ns from the small LNC2 table; the view export's rows and np-trace's TSV carry other columns too; a column in none of the input is an error naming what the input has; a value column outside the record must hold whole numbers: file, line, column; only the input columns named are read; the list of the columns a header has is cut short at 2048 bytes; a physical core beyond 64 bits prints as read, each its own row" {
	cases \
	    "an instruction ending before it starts is left out and counted, whether or not duration_ns is the value" np_stall_t1 \
	    "-g hlo_name, a column outside the record, the same from every form of the Explorer rows" np_stall_46 \
	    "-g engine,hlo_name -v psum_read_bytes and -v dma_wait_time_ns from the small LNC2 table" np_stall_47 \
	    "the view export's rows and np-trace's TSV carry other columns too" np_stall_48 \
	    "a column in none of the input is an error naming what the input has" np_stall_49 \
	    "a value column outside the record must hold whole numbers: file, line, column" np_stall_50 \
	    "only the input columns named are read" np_stall_51 \
	    "the list of the columns a header has is cut short at 2048 bytes" np_stall_52 \
	    "a physical core beyond 64 bits prints as read, each its own row" np_stall_53
}
