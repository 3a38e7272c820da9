#!/usr/bin/env bats
# np-trace: every input form, the options, and what it does with bad input.
#
# The fixtures in tests/fixtures/np-trace describe the same three
# instructions in every format (see the README there); their expected rows,
# worked out by hand, are tests/golden/np-trace/rows.tsv.

load helpers

F=$BATS_TEST_DIRNAME/fixtures/np-trace

np_trace_1() {
	np np-trace "$F/official.json"
	status_is 0
	no_err
	golden np-trace/official.tsv
}

np_trace_2() {
	np np-trace "$F/view-pretty.json"
	status_is 0
	no_err
	golden np-trace/rows.tsv
}

np_trace_3() {
	np np-trace "$F/view-compact.json"
	status_is 0
	no_err
	golden np-trace/rows.tsv
}


np_trace_t1() {
	np np-trace "$F/view-with-logs.txt"
	status_is 0
	err_is "np-trace: non-JSON lines skipped: 3 (first: $F/view-with-logs.txt:1)"
	golden np-trace/rows.tsv
}

@test "np-trace: the official example row of the view JSON export; view JSON, pretty-printed, other tables skipped; view JSON, compact; view JSON after and before logrus lines (2>&1)" {
	cases \
	    "the official example row of the view JSON export" np_trace_1 \
	    "view JSON, pretty-printed, other tables skipped" np_trace_2 \
	    "view JSON, compact" np_trace_3 \
	    "view JSON after and before logrus lines (2>&1)" np_trace_t1
}

np_trace_5() {
	np np-trace "$F/explorer.tsv"
	status_is 0
	# Its \t and \\, and no quoted field: read as np's escapes, said so.
	err_is "np-trace: $F/explorer.tsv:4:65: this TSV has backslashes and no quoted field: read as np's escaped TSV ('\\t' is a TAB); if its backslashes are text, as in DuckDB's TSV, read it with NP_TSV=quoted"
	golden np-trace/explorer-rows.tsv
	# the view JSON's rows, but for the timeline_track they add, and
	# the view's "" where Explorer's rows have none (a missing value)
	np-trace "$F/view-pretty.json" | cut -f -18 | empties >"$T/view"
	cut -f -18 "$OUT" | cmp "$T/view" -
}

np_trace_6() {
	np np-trace "$F/explorer.jsonl"
	status_is 0
	no_err
	golden np-trace/explorer-rows.tsv
	# the view JSON's rows, but for the timeline_track they add, and
	# the view's "" where Explorer's rows have none (a missing value)
	np-trace "$F/view-pretty.json" | cut -f -18 | empties >"$T/view"
	cut -f -18 "$OUT" | cmp "$T/view" -
}

np_trace_7() {
	np np-trace "$F/explorer-array.json"
	status_is 0
	no_err
	golden np-trace/explorer-rows.tsv
	# the view JSON's rows, but for the timeline_track they add, and
	# the view's "" where Explorer's rows have none (a missing value)
	np-trace "$F/view-pretty.json" | cut -f -18 | empties >"$T/view"
	cut -f -18 "$OUT" | cmp "$T/view" -
}

np_trace_8() {
	np-trace "$F/view-pretty.json" >"$T/once"
	np np-trace "$T/once"
	status_is 0
	golden np-trace/rows.tsv
}

np_trace_9() {
	np np-trace "$F/trace-multi.txt"
	status_is 0
	golden np-trace/trace-multi.tsv
	err_is "np-trace: END lines without a START: 1 (first: $F/trace-multi.txt:8)
np-trace: lines not understood: 1 (first: $F/trace-multi.txt:10)
np-trace: START lines without an END: 1 (first: $F/trace-multi.txt:9)"
}

np_trace_10() {
	sed 's/$/\r/' "$F/trace.txt" >"$T/crlf.txt"
	np np-trace "$T/crlf.txt"
	status_is 0
	no_err
	golden np-trace/trace.tsv
}

np_trace_11() {
	# The same trace with an extra column before the timestamp.
	awk '/START|END/ { $5 = "x " $5 } { print }' "$F/trace.txt" >"$T/moved.txt"
	np np-trace -F ts=6 "$T/moved.txt"
	status_is 0
	no_err
	golden np-trace/trace.tsv
}

np_trace_12() {
	np np-trace -F time=5 "$F/trace.txt"
	status_is 2
	err_is "np-trace: -F: unknown field 'time' (known: engine opcode event ts pc)
usage: np-trace [-nq] [-c columns] [-e engines] [-F positions] [-t from,to] [-u unit] [file ...]"
}

np_trace_13() {
	for spec in 'engine=3,' '' 'engine=3,,ts=4'; do
		np np-trace -F "$spec" "$F/trace.txt"
		status_is 2
		err_is "np-trace: -F: expected field positions separated by commas, found an empty one
usage: np-trace [-nq] [-c columns] [-e engines] [-F positions] [-t from,to] [-u unit] [file ...]"
	done
	np np-trace -F ts=4,ts=5 "$F/trace.txt"
	status_is 2
	err_is "np-trace: -F: field 'ts' given twice
usage: np-trace [-nq] [-c columns] [-e engines] [-F positions] [-t from,to] [-u unit] [file ...]"
}

@test "np-trace: Explorer TSV, other column order, extra columns; Explorer JSON lines; a JSON array of Explorer rows; its own output reads back unchanged; show-trace text, sections, unpaired events counted; show-trace text with CRLF line ends; -F moves the text fields; -F with an unknown name is a usage error; -F with an empty item, nothing, or a name twice is a usage error" {
	cases \
	    "Explorer TSV, other column order, extra columns" np_trace_5 \
	    "Explorer JSON lines" np_trace_6 \
	    "a JSON array of Explorer rows" np_trace_7 \
	    "its own output reads back unchanged" np_trace_8 \
	    "show-trace text, sections, unpaired events counted" np_trace_9 \
	    "show-trace text with CRLF line ends" np_trace_10 \
	    "-F moves the text fields" np_trace_11 \
	    "-F with an unknown name is a usage error" np_trace_12 \
	    "-F with an empty item, nothing, or a name twice is a usage error" np_trace_13
}

np_trace_14() {
	np-trace -n "$F/trace.txt" >"$T/a"
	np-trace -n "$F/view-compact.json" >"$T/b"
	cat "$T/a" "$T/b" "$T/a" >"$T/want"
	np np-trace -n "$F/trace.txt" - "$F/trace.txt" <"$F/view-compact.json"
	status_is 0
	cmp "$OUT" "$T/want"
}

np_trace_15() {
	np np-trace -n "$F/explorer.tsv"
	tail -n +2 "$GOLD/np-trace/explorer-rows.tsv" | cmp - "$OUT"
	np np-trace --no-header "$F/explorer.tsv"
	tail -n +2 "$GOLD/np-trace/explorer-rows.tsv" | cmp - "$OUT"
}

np_trace_16() {
	np np-trace -n -e tensor,SYNC "$F/view-pretty.json"
	status_is 0
	grep -v Vector "$GOLD/np-trace/rows.tsv" | tail -n +2 | cmp - "$OUT"
}

np_trace_17() {
	# Every engine np knows, in lower and upper case, from TSV and from
	# the text trace; names it does not know are kept as they are.  The
	# TensorMatrix row is the Tensor engine's, and keeps its name as the
	# timeline track.
	names="Tensor TensorMatrix Vector Scalar GpSimd Sync Activation Pool"
	{
		printf 'timestamp\tduration\tlabel\topcode\n'
		for e in $names Other tensorx; do
			lower=${e,,} upper=${e^^}
			printf '1\t2\t%s\tOP\n3\t4\t%s\tOP\n' "$lower" "$upper"
		done
	} >"$T/engines.tsv"
	np np-trace -n "$T/engines.tsv"
	status_is 0
	want="Tensor/ Tensor/ Tensor/TensorMatrix Tensor/TensorMatrix \
Vector/ Vector/ Scalar/ Scalar/ GpSimd/ GpSimd/ Sync/ Sync/ \
Activation/ Activation/ Pool/ Pool/ "
	want="${want}other/ OTHER/ tensorx/ TENSORX/ "
	[ "$(cut -f4,19 "$OUT" | tr '\t\n' '/ ')" = "$want" ]
	{
		echo "Instruction trace for ND 0 NC 0"
		for e in $names Other; do
			lower=${e,,} upper=${e^^}
			printf '1 %s OP START 10 pc=1\n2 %s OP END 20 pc=1\n' \
			    "$lower" "$lower"
			printf '3 %s OP START 30 pc=1\n4 %s OP END 40 pc=1\n' \
			    "$upper" "$upper"
		done
	} >"$T/engines.txt"
	np np-trace -n "$T/engines.txt"
	status_is 0
	no_err
	[ "$(cut -f4,19 "$OUT" | tr '\t\n' '/ ')" = "${want%tensorx/ TENSORX/ }" ]
	# The general path (times to scale: -u us) names them the same.
	np np-trace -n -u us "$T/engines.txt"
	status_is 0
	[ "$(cut -f4,19 "$OUT" | tr '\t\n' '/ ')" = "${want%tensorx/ TENSORX/ }" ]
}

np_trace_18() {
	# Rows: Tensor 1000-1200, Vector 1100-1150, Sync 1300-1300 (zero length).
	np np-trace -n -t 1150,1300 "$F/explorer.tsv"
	[ "$(cut -f4 "$OUT")" = "Tensor" ]
	np np-trace -n -t 1300,1301 "$F/explorer.tsv"
	[ "$(cut -f4 "$OUT")" = "Sync" ]
	np np-trace -n -t ,1100 "$F/explorer.tsv"
	[ "$(cut -f4 "$OUT")" = "Tensor" ]
	np np-trace -n -t 1200, "$F/explorer.tsv"
	[ "$(cut -f4 "$OUT")" = "Sync" ]
	np np-trace -n -t 1100,1101 "$F/explorer.tsv"
	[ "$(cut -f4 "$OUT" | tr '\n' ' ')" = "Tensor Vector " ]
}

np_trace_19() {
	for w in 5 a,b 9,1 1,2,3; do
		np np-trace -t "$w" "$F/explorer.tsv"
		status_is 2
		[ "$(head -1 "$ERR")" = "np-trace: -t: expected FROM,TO in ns (FROM <= TO), found '$w'" ]
	done
}

np_trace_20() {
	np np-trace -t --no-header "$F/explorer.tsv"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-trace: -t: expected FROM,TO in ns (FROM <= TO), found '--no-header'" ]
	np np-trace -nt --no-header "$F/explorer.tsv"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-trace: -t: expected FROM,TO in ns (FROM <= TO), found '--no-header'" ]
}

np_trace_21() {
	np np-trace -u ps "$F/units.jsonl"
	status_is 0
	golden np-trace/units-ps.tsv
	np np-trace -u us "$F/units.jsonl"
	status_is 0
	golden np-trace/units-us.tsv
	np np-trace -u s "$F/units.jsonl"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-trace: -u: expected ps, ns or us, found 's'" ]
}

@test "np-trace: files are read in order, - is stdin; -n and --no-header drop the header; -e selects engines, in any case; engine names take their usual spelling from any case; -t keeps instructions running during [from, to); -t with a bad window is a usage error; an option's argument that looks like a long option is kept; -u converts ps and us to ns, rounding to the nearest" {
	cases \
	    "files are read in order, - is stdin" np_trace_14 \
	    "-n and --no-header drop the header" np_trace_15 \
	    "-e selects engines, in any case" np_trace_16 \
	    "engine names take their usual spelling from any case" np_trace_17 \
	    "-t keeps instructions running during [from, to)" np_trace_18 \
	    "-t with a bad window is a usage error" np_trace_19 \
	    "an option's argument that looks like a long option is kept" np_trace_20 \
	    "-u converts ps and us to ns, rounding to the nearest" np_trace_21
}

np_trace_22() {
	printf 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL START 1400 pc=4\n 2 Tensor MATMUL END 2600 pc=4\n 3 Vector COPY START 1499 pc=5\n 4 Vector COPY END 2500 pc=5\n' >"$T/ps.txt"
	np np-trace -n -u ps "$T/ps.txt"
	status_is 0
	no_err
	[ "$(cut -f1-5 "$OUT")" = "$(printf '1\t3\t2\tTensor\tMATMUL\n1\t3\t2\tVector\tCOPY')" ]
	np np-stall -g engine -v duration_ns -u ps "$T/ps.txt"
	status_is 0
	[ "$(cut -f1,4 "$OUT")" = "$(printf 'engine\tduration_ns\nTensor\t2\nVector\t2')" ]
}

np_trace_23() {
	tac "$F/explorer.jsonl" >"$T/reversed.jsonl"
	np np-trace -n "$T/reversed.jsonl"
	status_is 0
	tail -n +2 "$GOLD/np-trace/explorer-rows.tsv" | tac | cmp - "$OUT"
}

np_trace_24() {
	npgen -n 300 view-json >"$T/v.json"
	npgen -p -n 300 view-json >"$T/vp.json"
	npgen -n 300 explorer-jsonl >"$T/e.jsonl"
	npgen -n 300 explorer-tsv >"$T/e.tsv"
	npgen -n 300 trace-text >"$T/t.txt"
	np-trace "$T/v.json" >"$T/v.out"
	np np-trace "$T/vp.json"
	cmp "$OUT" "$T/v.out"
	[ "$(wc -l <"$OUT")" -eq 301 ]
	# Explorer rows carry all but subgraph, nd and nc; a source location
	# the view JSON gives as "" they leave null (missing).
	np np-trace "$T/e.jsonl"
	cut -f1-14 "$OUT" | cmp - <(cut -f1-14 "$T/v.out" | empties)
	np np-trace "$T/e.tsv"
	cut -f1-14 "$OUT" | cmp - <(cut -f1-14 "$T/v.out" | empties)
	# The text trace carries times, engine, opcode and pc, in end order.
	np np-trace "$T/t.txt"
	no_err
	cut -f1-6 "$OUT" | sort | cmp - <(cut -f1-6 "$T/v.out" | sort)
}

np_trace_25() {
	np np-trace "$F/nonesuch.json"
	status_is 1
	err_is "np-trace: $F/nonesuch.json: No such file or directory"
}

np_trace_26() {
	np np-trace </dev/null
	status_is 1
	err_is "np-trace: -: empty input, expected JSON, TSV, CSV or show-session --show-trace instruction"
}

np_trace_27() {
	printf 'hello\nworld\n' >"$T/junk.txt"
	np np-trace "$T/junk.txt"
	status_is 1
	err_is "np-trace: lines not understood: 2 (first: $T/junk.txt:1)
np-trace: $T/junk.txt: nothing recognised as show-session --show-trace instruction lines"
}

np_trace_28() {
	npgen -n 20000 view-json >"$T/big.json"
	run bash -c "set -o pipefail; np-trace '$T/big.json' 2>'$ERR' | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = "$(head -1 "$GOLD/np-trace/rows.tsv")" ]
	no_err
}

np_trace_29() {
	np bash -c "np-trace '$F/view-pretty.json' >/dev/full"
	status_is 1
	err_is "np-trace: write error: No space left on device"
}

@test "np-trace: -u on a text trace: duration_ns is end_ts - start_ts as printed; rows out of time order pass through in input order; the same instructions in every generated format; a file that does not exist; empty input is an error; text in which nothing is recognised is an error; | head ends quietly; a failed write is an error" {
	cases \
	    "-u on a text trace: duration_ns is end_ts - start_ts as printed" np_trace_22 \
	    "rows out of time order pass through in input order" np_trace_23 \
	    "the same instructions in every generated format" np_trace_24 \
	    "a file that does not exist" np_trace_25 \
	    "empty input is an error" np_trace_26 \
	    "text in which nothing is recognised is an error" np_trace_27 \
	    "| head ends quietly" np_trace_28 \
	    "a failed write is an error" np_trace_29
}

@test "np-trace: memory stays constant on a 1.8 MB export (180 MB: np-trace-big.bats)" {
	need_plain_build
	npgen -n 500 view-json >"$T/big.json"
	[ "$(wc -c <"$T/big.json")" -gt 1500000 ]
	under_ulimit 16384 np-trace "$T/big.json"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 501 ]
}

np_trace_31() {
	# Line 3 ends at 900 the instruction that started at 1000: dropped.
	np np-trace -n "$F/end-before-start.txt"
	status_is 0
	[ "$(<"$OUT")" = "$(printf '2000\t2100\t100\tTensor\tMATMUL\t2\t\t\t\t\t\t\t\t\t\t0\t4\t\t')" ]
	err_is "np-trace: END lines earlier than their START: 1 (first: $F/end-before-start.txt:3)"
}

np_trace_32() {
	# Past the 64 KiB checked when the format is sniffed.
	{ cat "$F/explorer.tsv"
	  yes "$(tail -n 1 "$F/explorer.tsv")" | head -n 2000
	  printf 'NOTIFY\t1300\tsync\tSync\t0\t1300\t12\t\t1500\t0\t0\t0\t0\t0\t0\t/m/ll\000ama\t\ta\t\tsg01\n'
	} >"$T/nul.tsv"
	[ "$(wc -c <"$T/nul.tsv")" -gt 65536 ]
	# The offset: the 2004 lines before, then 55 bytes of the last.
	off=$(($(head -n 2004 "$T/nul.tsv" | wc -c) + 55))
	# (np's escaped TSV, declared: no note of its backslashes.)
	np env NP_TSV=escaped np-trace "$T/nul.tsv"
	status_is 1
	err_is "np-trace: $T/nul.tsv:2005:56: expected text, found byte 0x00 (byte offset $off)"
}

np_trace_33() {
	printf '{"start_ts":1,"duration_ns":2}\n{"attrs":{"a":[1]},"start_ts":5,"duration_ns":2,"engine":"tensor"}\n{"x":[1],"y":"z","start_ts":7,"duration_ns":1}\n' >"$T/rows.jsonl"
	np np-trace -n "$T/rows.jsonl"
	status_is 0
	no_err
	[ "$(cut -f1-4 "$OUT")" = "$(printf '1\t3\t2\t\n5\t7\t2\tTensor\n7\t8\t1\t')" ]
}


np_trace_t2() {
	# Plain members under names that are no column's, beside tables.
	printf '{"summary":[{}],"v":1,"instruction":[{"timestamp":1,"duration":2}],"w":"s"}\n' >"$T/odd.json"
	np np-trace -n "$T/odd.json"
	status_is 0
	[ "$(cut -f1-3 "$OUT")" = "$(printf '1\t3\t2')" ]
	err_is "np-trace: plain values among the tables skipped: 2 (first: $T/odd.json:1)"
	printf '{"x":[1],"v":5,"w":"tensor"}\n' >"$T/odd.json"
	np np-trace "$T/odd.json"
	status_is 1
	err_is "np-trace: plain values among the tables skipped: 2 (first: $T/odd.json:1)
np-trace: $T/odd.json: no 'instruction' table and no instruction rows found"
}

np_trace_35() {
	for arg in "" "tensor," ",sync" "a,,b"; do
		np np-trace -e "$arg" "$F/explorer.tsv"
		status_is 2
		[ "$(head -1 "$ERR")" = "np-trace: -e: expected engine names separated by commas, found an empty one" ]
	done
	# 33 distinct names, over several -e.
	np np-trace -e a,b,c,d,e,f,g,h -e i,j,k,l,m,n,o,p -e q,r,s,t,u,v,w,x \
	    -e y,z,aa,bb,cc,dd,ee,ff -e gg "$F/explorer.tsv"
	status_is 2
	[ "$(head -1 "$ERR")" = "np-trace: -e: more than 32 engine names" ]
}

np_trace_36() {
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    ' 1 Tensor MATMUL pc=5 START 100' ' 2 Tensor MATMUL x END 200' >"$T/before.txt"
	np np-trace -n -F event=5,ts=6 "$T/before.txt"
	status_is 0
	no_err
	[ "$(cut -f1-6 "$OUT")" = "$(printf '100\t200\t100\tTensor\tMATMUL\t5')" ]
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    ' 1 Tensor MATMUL START 100 pc=7' ' 2 Tensor MATMUL END 200' \
	    ' 3 Tensor MATMUL START 300 8' ' 4 Tensor MATMUL END 400' >"$T/at.txt"
	np np-trace -n -F pc=6 "$T/at.txt"
	status_is 0
	no_err
	[ "$(cut -f6 "$OUT")" = "$(printf '7\n8')" ]
	# A START line's pc that is no number is an error where it is, after
	# the rows before it: by its token, and at the position given.
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    ' 1 Tensor MATMUL START 100 pc=7' ' 2 Tensor MATMUL END 200' \
	    ' 3 Tensor MATMUL START 300 x=1 pc=abc' ' 4 Tensor MATMUL END 400' >"$T/bad.txt"
	np np-trace -n "$T/bad.txt"
	status_is 1
	err_is "np-trace: $T/bad.txt:4:32: expected an integer for 'pc' (pc=N), found 'pc=abc'"
	[ "$(cut -f1-6 "$OUT")" = "$(printf '100\t200\t100\tTensor\tMATMUL\t7')" ]
	np np-trace -n -F pc=6 "$T/bad.txt"
	status_is 1
	err_is "np-trace: $T/bad.txt:4:28: expected an integer for 'pc' (field 6, -F pc=6), found 'x=1'"
	[ "$(cut -f1-6 "$OUT")" = "$(printf '100\t200\t100\tTensor\tMATMUL\t7')" ]
	# An END's pc is not read: it is no error there.
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    ' 1 Tensor MATMUL START 100 pc=7' ' 2 Tensor MATMUL END 200 pc=abc' >"$T/end.txt"
	np np-trace -n "$T/end.txt"
	status_is 0
	no_err
	[ "$(cut -f1-6 "$OUT")" = "$(printf '100\t200\t100\tTensor\tMATMUL\t7')" ]
}

np_trace_37() {
	# Line 5 is no instruction line (its event is neither START nor END):
	# counted, whatever its time.  Line 6's END has a time that is none.
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    ' 1 Tensor MATMUL START 100 pc=1' ' 2 Tensor MATMUL END 200' \
	    ' 3 Vector ADD START 300 pc=2' ' 4 Vector ADD WAIT 3x0' \
	    ' 5 Vector ADD END 12x4' ' 6 Vector ADD END 400' >"$T/ts.txt"
	np np-trace -n "$T/ts.txt"
	status_is 1
	err_is "np-trace: $T/ts.txt:6:19: expected an integer for 'ts' (field 5, -F ts=5), found '12x4'"
	[ "$(cut -f1-6 "$OUT")" = "$(printf '100\t200\t100\tTensor\tMATMUL\t1')" ]
	# Digits too many for 64 bits; a control byte shown escaped; at the
	# position given.
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    ' 1 Tensor MATMUL START 99999999999999999999 pc=1' >"$T/big.txt"
	np np-trace -n "$T/big.txt"
	status_is 1
	err_is "np-trace: $T/big.txt:2:24: expected an integer within 64 bits for 'ts' (field 5, -F ts=5), found '99999999999999999999'"
	printf 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL 7 START 1\0332\n' >"$T/esc.txt"
	np np-trace -n -F event=5,ts=6 "$T/esc.txt"
	status_is 1
	err_is "np-trace: $T/esc.txt:2:26: expected an integer for 'ts' (field 6, -F ts=6), found '1\\x1b2'"
}

np_trace_38() {
	{ echo 'Instruction trace for ND 0 NC 4'
	  for i in $(seq 0 64); do echo " 1 E$i OP START $i pc=1"; done
	} >"$T/many.txt"
	np np-trace "$T/many.txt"
	status_is 1
	err_is "np-trace: $T/many.txt:66:4: more than 64 engines"
	# 64 are held, and a new section starts afresh.
	{ echo 'Instruction trace for ND 0 NC 4'
	  for i in $(seq 1 64); do echo " 1 E$i OP START $i pc=1"; echo " 1 E$i OP END $((i + 1)) pc=1"; done
	  echo 'Instruction trace for ND 0 NC 5'
	  echo " 1 E65 OP START 1 pc=1"; echo " 1 E65 OP END 2 pc=1"
	} >"$T/many.txt"
	np np-trace -n "$T/many.txt"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 65 ]
}

np_trace_39() {
	printf 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL START 10 pc=1\n 2 Vector COPY END 12 pc=2\n' >"$T/unpaired.txt"
	np env NP_TSV=escaped np-trace "$T/unpaired.txt" "$F/explorer.tsv"
	status_is 0
	err_is "np-trace: END lines without a START: 1 (first: $T/unpaired.txt:3)
np-trace: START lines without an END: 1 (first: $T/unpaired.txt:2)"
	golden np-trace/explorer-rows.tsv
}

@test "np-trace: an END earlier than its START makes no instruction, and is counted; a NUL byte far into a file is binary data, named by line and column; a JSON row may begin with an extra field holding a container; plain values among a view export's tables are counted, not lost; -e with an empty name is a usage error, not every engine; text pc: the first pc=N field wherever it is, N or pc=N at -F pc, not a number an error; text: a START or END line whose time is no integer is an error; other lines are counted; a text section of more than 64 engines is an error that says so; a text file of only unpaired events is understood, and says so" {
	cases \
	    "an END earlier than its START makes no instruction, and is counted" np_trace_31 \
	    "a NUL byte far into a file is binary data, named by line and column" np_trace_32 \
	    "a JSON row may begin with an extra field holding a container" np_trace_33 \
	    "plain values among a view export's tables are counted, not lost" np_trace_t2 \
	    "-e with an empty name is a usage error, not every engine" np_trace_35 \
	    "text pc: the first pc=N field wherever it is, N or pc=N at -F pc, not a number an error" np_trace_36 \
	    "text: a START or END line whose time is no integer is an error; other lines are counted" np_trace_37 \
	    "a text section of more than 64 engines is an error that says so" np_trace_38 \
	    "a text file of only unpaired events is understood, and says so" np_trace_39
}

np_trace_40() {
	printf '{"x":[1],"start_ts":[2],"end_ts":5}\n' >"$T/ctype.jsonl"
	np np-trace "$T/ctype.jsonl"
	status_is 1
	err_is "np-trace: $T/ctype.jsonl:1:21: expected a number for 'start_ts', found an array (byte offset 20)"
}

# A layout that cannot be right: the time read from the wrong field.
barepc() {	# npgen's trace with a bare pc at field 5, the time at 6
	npgen -n "$1" trace-text | awk 'NR == 1 { print; next }
	    { pc = $6; sub(/pc=/, "", pc)
	      printf "  %s  %s  %s  %s  %s  %s\n", $1, $2, $3, $4, pc, $5 }'
}

np_trace_41() {
	barepc 3000 >"$T/bare.txt"
	np np-trace "$T/bare.txt"
	status_is 1
	err_is "np-trace: $T/bare.txt:2005:40: expected the time at field 5 (-F ts=5), found all of the first 1000 instructions lasting 0: give the field that holds it with -F ts=N"
	# the 999 before it are written
	[ "$(wc -l <"$OUT")" -eq 1000 ]
	[ "$(tail -n 1 "$OUT" | cut -f1-4)" = "$(printf '556\t556\t0\tTensor')" ]
	np np-trace -F ts=6 "$T/bare.txt"
	status_is 0
	no_err
	npgen -n 3000 trace-text >"$T/t.txt"
	np-trace "$T/t.txt" | cut -f1-5 | cmp - <(cut -f1-5 "$OUT")
}

np_trace_42() {
	barepc 20 >"$T/bare.txt"
	np np-trace -n "$T/bare.txt"
	status_is 1
	err_is "np-trace: $T/bare.txt:41:38: expected the time at field 5 (-F ts=5), found all of the first 20 instructions lasting 0: give the field that holds it with -F ts=N"
	[ "$(wc -l <"$OUT")" -eq 20 ]
	# Fewer than 16 instructions say nothing.
	barepc 15 >"$T/few.txt"
	np np-trace -n "$T/few.txt"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 15 ]
}

np_trace_43() {
	# times counted down: every END before its START
	npgen -n 40 trace-text | awk 'NR == 1 { print; next }
	    { $5 = sprintf("%.0f", 20000000000 - $5); print }' >"$T/down.txt"
	np np-trace -n "$T/down.txt"
	status_is 1
	err_is "np-trace: $T/down.txt:81:25: expected the time at field 5 (-F ts=5), found 40 of the first 40 END lines earlier than their START: give the field that holds it with -F ts=N"
	[ ! -s "$OUT" ]
}

np_trace_44() {
	awk 'BEGIN { print "Instruction trace for ND 0 NC 0"
	    for (k = 1; k <= 20; k++) {
		t = 100000 - 1000 * k
		printf "%d Tensor MATMUL START %d pc=%d\n", 2 * k - 1, t, k
		printf "%d Tensor MATMUL END %d pc=%d\n", 2 * k, t + 5, k } }' \
	    >"$T/back.txt"
	np np-trace -n "$T/back.txt"
	status_is 1
	err_is "np-trace: $T/back.txt:41:22: expected the time at field 5 (-F ts=5), found no START line later than the one before it on its engine, in the first 20 instructions: give the field that holds it with -F ts=N"
	[ "$(wc -l <"$OUT")" -eq 20 ]
}


np_trace_45() {
	for f in "$F"/*.txt "$FIX"/np-cc/*.txt "$FIX"/np-dma/*.txt; do
		np np-trace "$f"
		! grep -q 'expected the time' "$ERR" || { cat "$ERR"; return 1; }
	done
	npgen -n 5000 trace-text >"$T/t.txt"
	np np-trace "$T/t.txt"
	status_is 0
	no_err
}

np_trace_46() {
	printf 'start_ts\tend_ts\tengine\n1\t2\tPE\n3\t4\tACT\n5\t6\tPE\n' >"$T/e.tsv"
	np np-trace -e Pool "$T/e.tsv"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-trace: no instruction to write in 3 rows read: 3 not on the engines -e names (seen: PE 2, ACT 1)"
	np np-trace -t 100,200 "$T/e.tsv"
	status_is 1
	err_is "np-trace: no instruction to write in 3 rows read: 3 outside -t 100,200"
	np np-trace -e pe -t 4,5 "$T/e.tsv"
	status_is 1
	err_is "np-trace: no instruction to write in 3 rows read: 1 not on the engines -e names (seen: ACT 1), 2 outside -t 4,5"
	# One row left: the header comes with it.
	np np-trace -e pe -t 5,6 "$T/e.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 2 ]
	# No rows at all: the header alone, as without -e.
	printf 'start_ts\tend_ts\tengine\n' >"$T/h.tsv"
	np np-trace -e pe "$T/h.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(np-trace "$T/h.tsv")" ]
}

np_trace_47() {
	# The view JSON labels the row with its timeline track; Explorer
	# gives the engine (lower case) and the track apart.
	printf '%s\n' '{"start_ts":10261883214,"end_ts":10261883362,"duration_ns":148,"engine":"tensor","timeline_track":"TensorMatrix","opcode":"MATMUL"}' \
	    >"$T/explorer.jsonl"
	printf '%s\n' start_ts,end_ts,duration_ns,engine,timeline_track,opcode \
	    10261883214,10261883362,148,tensor,TensorMatrix,MATMUL >"$T/e.csv"
	tr , '\t' <"$T/e.csv" >"$T/e.tsv"
	for f in "$T/explorer.jsonl" "$T/e.csv" "$T/e.tsv"; do
		np np-trace "$f"
		status_is 0
		golden np-trace/official.tsv
	done
	np np-trace -e TensorMatrix "$F/official.json"
	status_is 0
	golden np-trace/official.tsv
}

np_trace_48() {
	# A key is taken in place when the row before had it there; these
	# rows move, escape, lengthen and cut their keys against that.
	{
		printf '{"instruction":[\n'
		printf '{"timestamp":100,"duration":5,"label":"Vector","opcode":"ADD","compiler_pc":1},\n'
		printf '{"duration":6,"timestamp":200,"label":"Scalar","opcode":"MUL","compiler_pc":2},\n'
		printf '{"timestamp":300,"duration":7,"l\\u0061bel":"Tensor","opcode":"SUB","compiler_pc":3},\n'
		printf '{"timestamp":400,"duration":8,"labelx":"Pool","label":"Sync","opcode":"NOP","compiler_pc":40},\n'
		printf '{"timestamp":500,"duration":9,"labe":"Pool","label":"GpSimd","opcode":"Q","compiler_pc":5},\n'
		printf '{ "timestamp" : 600, "duration" : 0, "label" : "Pool", "opcode" : "R", "compiler_pc" : 0 },\n'
		printf '{"timestamp":700,"duration":1,"label":"Pool","opcode":"S","compiler_pc":6,"a_name_longer_than_thirty_one_bytes":1,"a_name_longer_than_thirty_one_bytes":2}\n'
		printf ']}\n'
	} >"$T/keys.json"
	np np-trace -n "$T/keys.json"
	status_is 0
	no_err
	t='\t\t\t\t\t\t\t\t\t\t\t\t\t'
	printf "100\t105\t5\tVector\tADD\t1$t\n200\t206\t6\tScalar\tMUL\t2$t\n300\t307\t7\tTensor\tSUB\t3$t\n400\t408\t8\tSync\tNOP\t40$t\n500\t509\t9\tGpSimd\tQ\t5$t\n600\t600\t0\tPool\tR\t0$t\n700\t701\t1\tPool\tS\t6$t\n" |
	    cmp - "$OUT"
}


np_trace_49() {
	# Two instructions, 1500..2250 ps and 1500..4000 ps, each spelt four
	# ways: all three times, start and duration, end and duration, start
	# and end.  Each row is 2 2 0 or 2 4 2: rounded apart, the times gave
	# 2 2 1, 2 3 1, 1 2 1 (and 2 4 3, 2 5 3, 1 4 3).
	want=$(printf 'start_ts\tend_ts\tduration_ns\tengine\topcode\n'
	    for i in 1 2 3 4; do printf '2\t2\t0\tTensor\tA\n'; done
	    for i in 1 2 3 4; do printf '2\t4\t2\tVector\tB\n'; done)
	{
		printf 'start_ts,end_ts,duration_ns,engine,opcode\n'
		printf '1500,2250,750,Tensor,A\n1500,,750,Tensor,A\n'
		printf ',2250,750,Tensor,A\n1500,2250,,Tensor,A\n'
		printf '1500,4000,2500,Vector,B\n1500,,2500,Vector,B\n'
		printf ',4000,2500,Vector,B\n1500,4000,,Vector,B\n'
	} >"$T/ps.csv"
	tr , '\t' <"$T/ps.csv" >"$T/ps.tsv"
	sed -e 1d -e 's/^\([^,]*\),\([^,]*\),\([^,]*\),\([^,]*\),\(.*\)$/{"start_ts":\1,"end_ts":\2,"duration_ns":\3,"engine":"\4","opcode":"\5"}/' \
	    -e 's/"[a-z_]*":,//g' <"$T/ps.csv" >"$T/ps.jsonl"
	for f in "$T/ps.csv" "$T/ps.tsv" "$T/ps.jsonl" "$F/ps.parquet"; do
		np np-trace -u ps "$f"
		status_is 0
		no_err
		[ "$(cut -f1-5 "$OUT")" = "$want" ]
	done
	# The text trace gives start and end.
	printf 'Instruction trace for ND 0 NC 0\n 1 Tensor A START 1500 pc=1\n 2 Tensor A END 2250 pc=1\n 3 Vector B START 1500 pc=2\n 4 Vector B END 4000 pc=2\n' >"$T/ps.txt"
	np np-trace -n -u ps "$T/ps.txt"
	status_is 0
	[ "$(cut -f1-5 "$OUT")" = "$(printf '2\t2\t0\tTensor\tA\n2\t4\t2\tVector\tB')" ]
}

np_trace_50() {
	# 2^-11 us is 0.48828125 ns, 2^-10 us 0.9765625 ns: rounded apart,
	# start 0, duration 0, end 1.  A fraction of a ns alike.
	printf '{"start_ts":0.00048828125,"duration_ns":0.00048828125,"engine":"Tensor","opcode":"A"}\n{"start_ts":0.00048828125,"end_ts":0.0009765625,"duration_ns":0.00048828125,"engine":"Tensor","opcode":"A"}\n{"end_ts":0.0009765625,"duration_ns":0.00048828125,"engine":"Tensor","opcode":"A"}\n' >"$T/us.jsonl"
	np np-trace -n -u us "$T/us.jsonl"
	status_is 0
	no_err
	[ "$(cut -f1-5 "$OUT")" = "$(printf '0\t1\t1\tTensor\tA\n0\t1\t1\tTensor\tA\n0\t1\t1\tTensor\tA')" ]
	printf 'start_ts,end_ts,duration_ns,engine,opcode\n1.5,2.25,0.75,Tensor,A\n1.5,,0.75,Tensor,A\n,2.25,0.75,Tensor,A\n' >"$T/ns.csv"
	np np-trace -n "$T/ns.csv"
	status_is 0
	no_err
	[ "$(cut -f1-5 "$OUT")" = "$(printf '2\t2\t0\tTensor\tA\n2\t2\t0\tTensor\tA\n2\t2\t0\tTensor\tA')" ]
	# The programs that read rows round them the same.
	np np-stall -g engine -v duration_ns "$T/ns.csv"
	status_is 0
	[ "$(cut -f1,4 "$OUT")" = "$(printf 'engine\tduration_ns\nTensor\t0')" ]
}

@test "np-trace: a column holding a container is a type error, after a leading extra field too; a bare pc at the time's field is an error naming -F, after the first 1000 instructions; a short file with a wrong layout is judged at its end, every row written; most ENDs earlier than their START is an error naming -F; start times that never increase on an engine are an error naming -F; the layout check passes every text trace among the fixtures; -e and -t that leave nothing say why, exit 1, write nothing; a TensorMatrix row reads the same from view JSON and Explorer rows (JSON lines, CSV, TSV); view JSON rows whose keys change place and spelling from row to row; -u ps: every form gives duration_ns as end_ts - start_ts as printed, the missing time worked out before rounding; -u us and fractions of a ns alike" {
	cases \
	    "a column holding a container is a type error, after a leading extra field too" np_trace_40 \
	    "a bare pc at the time's field is an error naming -F, after the first 1000 instructions" np_trace_41 \
	    "a short file with a wrong layout is judged at its end, every row written" np_trace_42 \
	    "most ENDs earlier than their START is an error naming -F" np_trace_43 \
	    "start times that never increase on an engine are an error naming -F" np_trace_44 \
	    "the layout check passes every text trace among the fixtures" np_trace_45 \
	    "-e and -t that leave nothing say why, exit 1, write nothing" np_trace_46 \
	    "a TensorMatrix row reads the same from view JSON and Explorer rows (JSON lines, CSV, TSV)" np_trace_47 \
	    "view JSON rows whose keys change place and spelling from row to row" np_trace_48 \
	    "-u ps: every form gives duration_ns as end_ts - start_ts as printed, the missing time worked out before rounding" np_trace_49 \
	    "-u us and fractions of a ns alike" np_trace_50
}
