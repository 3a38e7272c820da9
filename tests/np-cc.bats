#!/usr/bin/env bats
# np-cc: collective events, gaps, per-layer latency, skew.
#
# The golden files are computed by hand in tests/fixtures/np-cc/README.md.
# Fixtures are read from their own directory so that the rank (the file's
# name as given) is short: r0.txt, r1.txt.

load helpers

CC=$FIX/np-cc
G=np-cc

# The notes both ranks give on stderr (see the README: r0 lines 29 and 32
# and r1 line 10 are STARTs without an END; r1 line 4 an END without a
# START; r1 line 9 not understood).
NOTES="np-cc: START lines without an END: 3 (first: r0.txt:29)
np-cc: END lines without a START: 1 (first: r1.txt:4)
np-cc: lines not understood: 1 (first: r1.txt:9)"

np_cc_1() {
	cd "$CC"
	np np-cc r0.txt r1.txt
	status_is 0
	err_is "$NOTES"
	golden $G/events.tsv
}

np_cc_2() {
	cd "$CC"
	np np-cc -G r0.txt r1.txt
	status_is 0
	err_is "$NOTES"
	golden $G/gaps.tsv
}

np_cc_3() {
	cd "$CC"
	np np-cc -L r0.txt r1.txt
	status_is 0
	err_is "$NOTES
np-cc: incomplete trailing layers, with fewer than 2 gaps: 1 (first: rank r1.txt, CC-core 8)
np-cc: last layers left out of mean, median, min and max, as the epilogue: 1 (first: rank r0.txt, CC-core 8)"
	golden $G/layers.tsv
}

np_cc_4() {
	cd "$CC"
	np np-cc --skew r0.txt r1.txt
	status_is 0
	err_is "$NOTES"
	golden $G/skew.tsv
}

np_cc_5() {
	cd "$CC"
	np np-cc -K -x 1.5 r0.txt r1.txt
	status_is 0
	golden $G/skew-x1.5.tsv
}

np_cc_6() {
	cd "$CC"
	np np-cc -K -C 2,3 r0.txt r1.txt
	status_is 0
	sed -n '1p;3,4p' "$GOLD/$G/skew.tsv" >"$T/want"
	cmp "$T/want" "$OUT"
}

np_cc_7() {
	cd "$CC"
	np np-cc -n -G r0.txt r1.txt
	status_is 0
	tail -n +2 "$GOLD/$G/gaps.tsv" | cmp - "$OUT"
	np np-cc --no-header -G r0.txt r1.txt
	tail -n +2 "$GOLD/$G/gaps.tsv" | cmp - "$OUT"
}

np_cc_8() {
	sed 's/$/\r/' "$CC/r0.txt" >"$T/r0.txt"
	sed 's/$/\r/' "$CC/r1.txt" >"$T/r1.txt"
	cd "$T"
	np np-cc r0.txt r1.txt
	status_is 0
	err_is "$NOTES"
	golden $G/events.tsv
	np np-cc -L r0.txt r1.txt
	golden $G/layers.tsv
}

np_cc_9() {
	np np-cc -G -n - <"$CC/r1.txt"
	status_is 0
	# r1 gaps from the README, rank "-".
	printf -- '-\t8\t%s\t%s\t%s\t\n' 1 1100 520 2 1620 830 3 2450 650 \
	    4 3100 600 5 3700 900 6 4600 400 >"$T/want"
	cmp "$T/want" "$OUT"
}

@test "np-cc: events of two ranks, START and END paired per core and event; -G gaps between TPB_TRIGGER starts per rank and core; -L per-layer latency, incomplete trailing layer, summaries; --skew across cores and ranks; -K -x 1.5 lowers the slow threshold; -K -C 2,3 keeps collectives 2 and 3 only; -n and --no-header drop the header; CRLF text gives the same rows; standard input is rank -" {
	cases \
	    "events of two ranks, START and END paired per core and event" np_cc_1 \
	    "-G gaps between TPB_TRIGGER starts per rank and core" np_cc_2 \
	    "-L per-layer latency, incomplete trailing layer, summaries" np_cc_3 \
	    "--skew across cores and ranks" np_cc_4 \
	    "-K -x 1.5 lowers the slow threshold" np_cc_5 \
	    "-K -C 2,3 keeps collectives 2 and 3 only" np_cc_6 \
	    "-n and --no-header drop the header" np_cc_7 \
	    "CRLF text gives the same rows" np_cc_8 \
	    "standard input is rank -" np_cc_9
}

np_cc_10() {
	cd "$CC"
	np np-cc -n -E dma_advance r0.txt r1.txt
	status_is 0
	grep DMA_ADVANCE "$GOLD/$G/events.tsv" | cmp - "$OUT"
}

np_cc_11() {
	# seq, phase, event, timestamp in us: event=3, ts=4, phase=2.
	printf '%s\n' 'Collectives trace for CC-core 2' \
	    'seq=0 START TPB_TRIGGER 1' 'seq=0 END TPB_TRIGGER 2' \
	    'seq=1 START TPB_TRIGGER 4' 'seq=1 END TPB_TRIGGER 5' >"$T/f.txt"
	cd "$T"
	np np-cc -G -F event=3,ts=4,phase=2 -u us f.txt
	status_is 0
	no_err
	printf 'rank\tcc_core\tn\tstart_ts\tgap_ns\tstream_id\nf.txt\t2\t1\t1000\t3000\t\n' \
	    >"$T/want"
	cmp "$T/want" "$OUT"
}

np_cc_12() {
	cd "$CC"
	np np-cc ccinstr.tsv
	status_is 0
	no_err
	golden $G/ccinstr.tsv
	np np-cc -G -n ccinstr.tsv
	printf 'ccinstr.tsv\t8\t1\t1000\t500\t\nccinstr.tsv\t8\t2\t1500\t800\t\n' \
	    >"$T/want"
	cmp "$T/want" "$OUT"
}

np_cc_13() {
	cd "$CC"
	np np-cc ccop.jsonl
	status_is 0
	no_err
	golden $G/ccop.tsv
	np np-cc -G -n -E AllReduce ccop.jsonl
	printf 'ccop.jsonl\t\t1\t5000\t2200\t0\n' >"$T/want"
	cmp "$T/want" "$OUT"
}

np_cc_14() {
	cd "$CC"
	np np-cc view.json
	status_is 0
	no_err
	golden $G/view.tsv
}

np_cc_15() {
	cd "$CC"
	np sh -c 'np-cc r0.txt r1.txt 2>/dev/null | np-cc -L'
	status_is 0
	err_is "np-cc: incomplete trailing layers, with fewer than 2 gaps: 1 (first: rank r1.txt, CC-core 8)
np-cc: last layers left out of mean, median, min and max, as the epilogue: 1 (first: rank r0.txt, CC-core 8)"
	golden $G/layers.tsv
}


# ---- agreement with the awk chain users run today ----

# The chain quoted in the issue that asked for np-cc, verbatim but for the
# core number and the input file.  (mawk prints numbers above 2^31 in
# exponent form; every gap here is far below that.)
chain() {
	grep -A9999999 "Collectives trace for CC-core $1" "$2" |
	    grep TPB_TRIGGER | grep START |
	    awk '{print $2}' | awk 'NR>1 {print NR-1, $1-prev} {prev=$1}'
}

# Layers from the chain's gaps, the manual mapping: layer k = gaps
# P+kK+1 .. P+(k+1)K.  Prints "layer ns" for every layer, complete or not.
chainlayers() {
	awk -v P="$1" -v K="$2" '$1 > P { l = int(($1 - P - 1) / K);
	    s[l] += $2; if (l > m) m = l; any = 1 }
	    END { for (i = 0; any && i <= m; i++) print i, s[i] }'
}

np_cc_16() {
	npgen -n 20000 trace-text >"$T/t.txt"
	chain 8 "$T/t.txt" >"$T/awk"
	[ "$(wc -l <"$T/awk")" -gt 300 ]
	np np-cc -G -n "$T/t.txt"
	status_is 0
	no_err
	cut -f3,5 "$OUT" | tr '\t' ' ' | cmp "$T/awk" -
}

np_cc_17() {
	npgen -n 20000 trace-text >"$T/t.txt"
	for pk in "1 2" "0 1" "3 4"; do
		set -- $pk
		chain 8 "$T/t.txt" | chainlayers "$1" "$2" >"$T/awk"
		np np-cc -L -n -p "$1" -l "$2" "$T/t.txt"
		status_is 0
		awk -F '\t' '$3 ~ /^[0-9]+$/ { print $3, $6 }' "$OUT" |
		    cmp "$T/awk" -
	done
}

np_cc_18() {
	npgen -n 20000 trace-text >"$T/t.txt"
	# Complete layers only; steady = all but layer 0; median = the
	# ceil(m/2)-th smallest.
	chain 8 "$T/t.txt" | awk '$1 > 1' | awk '
	    { l = int(($1 - 2) / 2); s[l] += $2; c[l]++; m = l }
	    END { for (i = 0; i <= m; i++) if (c[i] == 2) print s[i] }' \
	    >"$T/layers"
	total=$(awk '{ t += $1 } END { printf "%.0f\n", t }' "$T/layers")
	tail -n +2 "$T/layers" | sort -n >"$T/steady"
	n=$(wc -l <"$T/steady")
	min=$(head -1 "$T/steady")
	max=$(tail -1 "$T/steady")
	med=$(sed -n "$(((n + 1) / 2))p" "$T/steady")
	np np-cc -L -n "$T/t.txt"
	status_is 0
	[ "$(awk -F '\t' '$3 == "total" { print $6 }' "$OUT")" = "$total" ]
	[ "$(awk -F '\t' '$3 == "min" { print $6 }' "$OUT")" = "$min" ]
	[ "$(awk -F '\t' '$3 == "max" { print $6 }' "$OUT")" = "$max" ]
	[ "$(awk -F '\t' '$3 == "median" { print $6 }' "$OUT")" = "$med" ]
	mean=$(awk -F '\t' '$3 == "mean" { print $6 }' "$OUT")
	awk -v m="$mean" '{ s += $1 } END { exit !(s / NR == m + 0) }' \
	    "$T/steady"
}

np_cc_19() {
	chain 9 "$CC/r0.txt" >"$T/awk"
	np np-cc -G -n "$CC/r0.txt"
	awk -F '\t' '$2 == 9 { print $3, $5 }' "$OUT" | cmp "$T/awk" -
	[ "$(wc -l <"$T/awk")" -eq 3 ]
}

np_cc_20() {
	# 2100 layers of two gaps: gap i is 1000 + (i * 37) % 101.
	awk 'BEGIN { print "Collectives trace for CC-core 0"; t = 5000
	    for (i = 0; i <= 4201; i++) {
	        print "TPB_TRIGGER", t, "START"; t += 1000 + (i * 37) % 101 } }' \
	    >"$T/many.txt"
	chain 0 "$T/many.txt" | chainlayers 1 2 | tail -n +2 |
	    awk '{ print $2 }' | sort -n >"$T/steady"
	[ "$(wc -l <"$T/steady")" -eq 2099 ]
	med=$(sed -n 1050p "$T/steady")
	np np-cc -L -n "$T/many.txt"
	status_is 0
	[ "$(awk -F '\t' '$3 == "min" { print $6 }' "$OUT")" = \
	    "$(head -1 "$T/steady")" ]
	[ "$(awk -F '\t' '$3 == "max" { print $6 }' "$OUT")" = \
	    "$(tail -1 "$T/steady")" ]
	got=$(awk -F '\t' '$3 == "median" { print $6 }' "$OUT")
	awk -v a="$got" -v b="$med" 'BEGIN { d = a - b; if (d < 0) d = -d
	    exit !(d <= 0.01 * b) }'
}

@test "np-cc: -E picks one event in the default mode; -F moves the fields; -u us scales times to ns; Neuron Explorer CcInstruction rows as TSV; Neuron Explorer CcOp rows as JSON lines; event is the operation; the cc_stream table of a view export; its own TSV reads back with the ranks kept; -G agrees exactly with the awk chain (generated trace); -L agrees exactly with the awk chain (generated trace); -L summaries agree with awk over the chain's layers; -G agrees with the awk chain on unpaired STARTs (r0 core 9); more than 1024 steady layers: median within 1%" {
	cases \
	    "-E picks one event in the default mode" np_cc_10 \
	    "-F moves the fields; -u us scales times to ns" np_cc_11 \
	    "Neuron Explorer CcInstruction rows as TSV" np_cc_12 \
	    "Neuron Explorer CcOp rows as JSON lines; event is the operation" np_cc_13 \
	    "the cc_stream table of a view export" np_cc_14 \
	    "its own TSV reads back with the ranks kept" np_cc_15 \
	    "-G agrees exactly with the awk chain (generated trace)" np_cc_16 \
	    "-L agrees exactly with the awk chain (generated trace)" np_cc_17 \
	    "-L summaries agree with awk over the chain's layers" np_cc_18 \
	    "-G agrees with the awk chain on unpaired STARTs (r0 core 9)" np_cc_19 \
	    "more than 1024 steady layers: median within 1%" np_cc_20
}

# ---- bad input ----

np_cc_21() {
	: >"$T/e.txt"
	cd "$T"
	np np-cc e.txt
	status_is 1
	err_is "np-cc: e.txt: empty input, expected JSON, TSV, CSV or show-session --show-trace collectives"
}

np_cc_22() {
	printf 'Col\0lectives\n' >"$T/b.dat"
	cd "$T"
	np np-cc b.dat
	status_is 1
	err_is "np-cc: b.dat:1:4: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 3)"
}

np_cc_23() {
	printf '%s\n' 'Collectives trace for CC-core 8' \
	    'TPB_TRIGGER 1100 START' 'TPB_TRIGGER 1180 END' \
	    'TPB_TRIGGER 1620 START' >"$T/t.txt"
	printf 'TPB_TRIGGER 1900 EN' >>"$T/t.txt"
	cd "$T"
	np np-cc -G t.txt
	status_is 0
	err_is "np-cc: lines not understood: 1 (first: t.txt:5)
np-cc: START lines without an END: 1 (first: t.txt:4)"
	printf 'rank\tcc_core\tn\tstart_ts\tgap_ns\tstream_id\nt.txt\t8\t1\t1100\t520\t\n' \
	    >"$T/want"
	cmp "$T/want" "$OUT"
}

np_cc_24() {
	printf '{"start_ts": 10' >"$T/t.json"
	cd "$T"
	np np-cc t.json
	status_is 1
	err_is "np-cc: t.json:1:16: expected ',' or '}' after the member, found end of input (byte offset 15)"
}

np_cc_25() {
	{ echo "Collectives trace for CC-core 8"
	  head -c 2000000 /dev/zero | tr '\0' x; echo; } >"$T/h.txt"
	cd "$T"
	np np-cc h.txt
	status_is 1
	err_is "np-cc: h.txt:2:1048576: line longer than 1048575 bytes"
}

np_cc_26() {
	# The '[' at column 22 opens the 4th container; the 65th, one too
	# many, is the 62nd '[', at column 22 + 61 = 83.
	awk 'BEGIN { printf "{\"cc_stream\": [{\"x\": "
	    for (i = 0; i < 100; i++) printf "["
	    for (i = 0; i < 100; i++) printf "]"; print "}]}" }' >"$T/d.json"
	cd "$T"
	np np-cc d.json
	status_is 1
	err_is "np-cc: d.json:1:83: nesting deeper than 64 levels (byte offset 82)"
}

np_cc_27() {
	printf 'start_ts\tcore_idx\tdescription\n1000\t8\tTPB_TRIGGER\n8\tabc\tTPB_TRIGGER\n' >"$T/w.tsv"
	cd "$T"
	np np-cc w.tsv
	status_is 1
	err_is "np-cc: w.tsv:3:3: expected a number for 'core_idx', found 'abc'"
}

np_cc_28() {
	printf '{"start_ts": 1000, "core_idx": [8]}\n' >"$T/w.json"
	cd "$T"
	np np-cc w.json
	status_is 1
	err_is "np-cc: w.json:1:32: expected a number for 'core_idx', found an array (byte offset 31)"
}

np_cc_29() {
	printf '%s\n' 'Collectives trace for CC-core 8' \
	    'TPB_TRIGGER 5000 START' 'TPB_TRIGGER 5100 END' \
	    'TPB_TRIGGER 4000 START' 'TPB_TRIGGER 4100 END' \
	    'TPB_TRIGGER 6000 START' 'TPB_TRIGGER 5900 END' >"$T/o.txt"
	cd "$T"
	np np-cc -n o.txt
	status_is 0
	err_is "np-cc: END lines earlier than their START: 1 (first: o.txt:7)"
	printf 'o.txt\t8\tTPB_TRIGGER\t%s\t%s\t%s\t\t\t\t\t\t\t\t\t\t\t\t\n' \
	    5000 5100 100 4000 4100 100 6000 '' '' >"$T/want"
	cmp "$T/want" "$OUT"
	# 4000, 5000, 6000: within the window, no note.
	printf 'o.txt\t8\t1\t4000\t1000\t\no.txt\t8\t2\t5000\t1000\t\n' \
	    >"$T/want"
	np np-cc -n -G o.txt
	status_is 0
	err_is "np-cc: END lines earlier than their START: 1 (first: o.txt:7)"
	cmp "$T/want" "$OUT"
}

np_cc_30() {
	printf '%s\n' 'Instruction trace for ND 0 NC 4' \
	    '  1  Tensor  MATMUL  START  5  pc=1' >"$T/i.txt"
	cd "$T"
	np np-cc i.txt
	status_is 1
	err_is "np-cc: i.txt: no collectives section found (expected a line 'Collectives trace for CC-core N')"
}

np_cc_31() {
	printf '%s\n' 'Collectives trace for CC-core 8' 'hello world' \
	    'TPB_TRIGGER 1000 BEGIN' >"$T/n.txt"
	cd "$T"
	np np-cc n.txt
	status_is 1
	err_is "np-cc: lines not understood: 2 (first: n.txt:2)
np-cc: n.txt: nothing recognised as show-session --show-trace collectives lines"
}

@test "np-cc: empty input; binary input; truncated text: the cut line is counted, the rest kept; truncated JSON; a line longer than the buffer; deeply nested JSON; wrong-typed TSV field; wrong-typed JSON member; out-of-order starts are put in order for -G; an END before its START is counted; a trace without a collectives section; a collectives section with nothing understood" {
	cases \
	    "empty input" np_cc_21 \
	    "binary input" np_cc_22 \
	    "truncated text: the cut line is counted, the rest kept" np_cc_23 \
	    "truncated JSON" np_cc_24 \
	    "a line longer than the buffer" np_cc_25 \
	    "deeply nested JSON" np_cc_26 \
	    "wrong-typed TSV field" np_cc_27 \
	    "wrong-typed JSON member" np_cc_28 \
	    "out-of-order starts are put in order for -G; an END before its START is counted" np_cc_29 \
	    "a trace without a collectives section" np_cc_30 \
	    "a collectives section with nothing understood" np_cc_31
}

np_cc_32() {
	# Line 4 is no event line (neither START nor END): counted, as ever.
	printf '%s\n' 'Collectives trace for CC-core 8' \
	    'TPB_TRIGGER 1000 START' 'TPB_TRIGGER 1100 END' \
	    'TPB_TRIGGER 12x4 WAIT' 'TPB_TRIGGER 1.5e3 START' >"$T/ts.txt"
	cd "$T"
	np np-cc -n ts.txt
	status_is 1
	err_is "np-cc: ts.txt:5:13: expected an integer for 'ts' (field 2, -F ts=2), found '1.5e3'"
	[ "$(cut -f2-6 "$OUT")" = "$(printf '8\tTPB_TRIGGER\t1000\t1100\t100')" ]
	printf '%s\n' 'Collectives trace for CC-core 8' 'TPB_TRIGGER START t1000' >s.txt
	np np-cc -n -F ts=3,phase=2 s.txt
	status_is 1
	err_is "np-cc: s.txt:2:19: expected an integer for 'ts' (field 3, -F ts=3), found 't1000'"
	[ ! -s "$OUT" ]
}

np_cc_33() {
	np np-cc "$SAMPLES/summary-compact.json"
	status_is 1
	err_is "np-cc: $SAMPLES/summary-compact.json: no 'cc_stream' table and no collective rows found"
}


np_cc_t1() {
	printf 'start_ts\tdescription\nNaN\tTPB_TRIGGER\n100\tTPB_TRIGGER\n300\tTPB_TRIGGER\n' >"$T/nan.tsv"
	cd "$T"
	np np-cc -G -n nan.tsv
	status_is 0
	err_is "np-cc: rows with start_ts NaN or infinite skipped: 1 (first: nan.tsv:2)"
	printf 'nan.tsv\t\t1\t100\t200\t\n' | cmp - "$OUT"
}

np_cc_t2() {
	awk 'BEGIN { print "Collectives trace for CC-core 8"
	    for (i = 0; i < 257; i++) print "EV" i, i, "START" }' >"$T/m.txt"
	cd "$T"
	np np-cc m.txt
	status_is 1
	err_is "np-cc: m.txt:258:1: more than 256 distinct events on one CC-core"
}


# ---- options and output ----

SYN='usage: np-cc [-nq] [-G | -L | -K] [-E event] [-l per_layer] [-p prologue] [-x factor] [-C first,last] [-c columns] [-F positions] [-r rows] [-u unit] [file ...]'

np_cc_36() {
	np np-cc -h
	status_is 0
	[ "$(sed '/^  -/,$d' "$OUT")" = "$SYN" ]
	np np-cc --help
	[ "$(sed '/^  -/,$d' "$OUT")" = "$SYN" ]
	np np-cc --version
	status_is 0
	[ "$(<"$OUT")" = "np-cc 0.1" ]
}

np_cc_37() {
	man=$(man_synopsis np-cc.1 | tr -s " \n" "  " | sed "s/ $//")
	[ "usage: $man" = "$SYN" ]
}

np_cc_38() {
	np np-cc -Z
	status_is 2
	np np-cc --frobnicate
	status_is 2
	err_is "np-cc: unknown option '--frobnicate'
$SYN"
	np np-cc -G -L
	status_is 2
	err_is "np-cc: -G, -L and -K exclude one another
$SYN"
	np np-cc -L -l 0
	status_is 2
	err_is "np-cc: -l: expected an integer from 1 to 1000000, found '0'
$SYN"
	np np-cc -K -x 0
	status_is 2
	err_is "np-cc: -x: expected a number above 0, found '0'
$SYN"
	np np-cc -K -C 3,2
	status_is 2
	err_is "np-cc: -C: expected FIRST,LAST with 1 <= FIRST <= LAST, found '3,2'
$SYN"
	np np-cc -F core=1
	status_is 2
	err_is "np-cc: -F: unknown field 'core' (known: event ts phase)
$SYN"
	np np-cc -u ms
	status_is 2
	err_is "np-cc: -u: expected ps, ns or us, found 'ms'
$SYN"
}

np_cc_39() {
	cd "$T"
	np np-cc nosuch.txt
	status_is 1
	err_is "np-cc: nosuch.txt: No such file or directory"
}

np_cc_40() {
	npgen -n 100000 trace-text >"$T/t.txt"
	np bash -c 'set -o pipefail; np-cc "$1" | head -1' sh "$T/t.txt"
	status_is 0
	no_err
	np np-cc -G "$T/t.txt"
	[ "$(wc -l <"$OUT")" -gt 1000 ]
	np sh -c 'np-cc "$1" >/dev/full' sh "$T/t.txt"
	status_is 1
	err_is "np-cc: write error: No space left on device"
}

@test "np-cc: text: a START or END line whose time is no integer is an error, after the rows before it; a summary holds no collectives; a start_ts that is NaN or infinite is skipped and counted; more events on one CC-core than the bound; -h and --help print the synopsis; --version; the synopsis matches the man page; bad usage exits 2; a missing file; a closed pipe ends quietly; a full disk is an error" {
	cases \
	    "text: a START or END line whose time is no integer is an error, after the rows before it" np_cc_32 \
	    "a summary holds no collectives" np_cc_33 \
	    "a start_ts that is NaN or infinite is skipped and counted" np_cc_t1 \
	    "more events on one CC-core than the bound" np_cc_t2 \
	    "-h and --help print the synopsis; --version" np_cc_36 \
	    "the synopsis matches the man page" np_cc_37 \
	    "bad usage exits 2" np_cc_38 \
	    "a missing file" np_cc_39 \
	    "a closed pipe ends quietly; a full disk is an error" np_cc_40
}

# ---- bounded memory ----

# dense N: a trace of N collectives, each START and END (a million:
# np-cc-big.bats).
dense() {
	awk -v n="$1" 'BEGIN { print "Collectives trace for CC-core 8"; t = 1e10
	    for (i = 0; i < n; i++) {
	        printf "TPB_TRIGGER %.0f START\nTPB_TRIGGER %.0f END\n",
	            t, t + 700; t += 1000 + i % 7 } }'
}

@test "np-cc: constant memory: events, -G and -L under ulimit -v (10000 collectives; a million: np-cc-big.bats)" {
	need_plain_build
	dense 10000 >"$T/dense.txt"
	for m in "" -G -L; do
		under_ulimit 12288 np-cc $m "$T/dense.txt"
		status_is 0
		[ "$(wc -l <"$OUT")" -gt 4990 ]
	done
}

@test "np-cc: constant memory on a generated trace (600 kB; 60 MB: np-cc-big.bats)" {
	need_plain_build
	npgen -b 600000 trace-text >"$T/big.txt"
	under_ulimit 12288 np-cc -L "$T/big.txt"
	status_is 0
	grep -q '	total	' "$OUT"
}

np_cc_t3() {
	awk 'BEGIN { print "Collectives trace for CC-core 8"
	    for (i = 0; i < 20; i++) print "TPB_TRIGGER", i, "START" }' \
	    >"$T/s.txt"
	cd "$T"
	np np-cc -K -n -C 13, s.txt
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 8 ]
}

np_cc_t4() {
	printf 'core_idx\tdescription\tstart_ts\n8\tTPB_TRIGGER\t-4611686018427387903\n8\tTPB_TRIGGER\t4611686018427387903\n' >"$T/edge.tsv"
	np np-cc -G -n "$T/edge.tsv"
	status_is 0
	[ "$(cut -f2- "$OUT")" = "$(printf '8\t1\t-4611686018427387903\t9223372036854775806\t')" ]
	printf 'core_idx\tdescription\tstart_ts\n8\tTPB_TRIGGER\t-9223372036854775807\n8\tTPB_TRIGGER\t9223372036854775807\n8\tTPB_TRIGGER\t1\n8\tTPB_TRIGGER\t2\n' >"$T/far.tsv"
	for m in -G -K; do
		np np-cc $m "$T/far.tsv"
		err_is "np-cc: rows with times beyond 2^62 ns skipped: 2 (first: $T/far.tsv:2)"
	done
	# Two starts left, one gap: the prologue's.
	np np-cc -L "$T/far.tsv"
	status_is 1
	err_is "np-cc: rows with times beyond 2^62 ns skipped: 2 (first: $T/far.tsv:2)
np-cc: no layers: at most 2 TPB_TRIGGER starts on one CC-core (gaps: 1), and the prologue takes 1 (-p)"
	[ ! -s "$OUT" ]
	np np-cc -G -n "$T/far.tsv"
	status_is 0
	[ "$(cut -f2- "$OUT")" = "$(printf '8\t1\t1\t1\t')" ]
}

np_cc_t5() {
	printf 'core_idx\tdescription\tstart_ts\n8\tTPB_TRIGGER\t-4611686018427387904\n8\tTPB_TRIGGER\t4611686018427387904\n8\tTPB_TRIGGER\t-4611686018427387903\n8\tTPB_TRIGGER\t4611686018427387903\n' >"$T/b.tsv"
	np np-cc -G -n "$T/b.tsv"
	status_is 0
	err_is "np-cc: rows with times beyond 2^62 ns skipped: 2 (first: $T/b.tsv:2)"
	[ "$(cut -f2- "$OUT")" = "$(printf '8\t1\t-4611686018427387903\t9223372036854775806\t')" ]
}


# ---- a mode that finds nothing ----

np_cc_46() {
	{ echo 'Collectives trace for CC-core 8'
	  for i in 1 2 3; do echo "DMA_ADVANCE ${i}00 START"; echo "DMA_ADVANCE ${i}50 END"; done
	  echo 'SEMAPHORE_WAIT 400 START'; echo 'SEMAPHORE_WAIT 450 END'
	  for e in A B C D E F; do echo "$e 500 START"; echo "$e 510 END"; done
	} >"$T/none.txt"
	for m in -L -G -K; do
		np np-cc $m "$T/none.txt"
		status_is 1
		err_is "np-cc: no TPB_TRIGGER events in 10 rows read (-E chooses the event; seen: DMA_ADVANCE 3, SEMAPHORE_WAIT 1, A 1, B 1, C 1, and 3 rows of other names)"
		[ ! -s "$OUT" ]
	done
	np np-cc -E TPB_TRIGGER "$T/none.txt"
	status_is 1
	err_is "np-cc: no TPB_TRIGGER events in 10 rows read (-E chooses the event; seen: DMA_ADVANCE 3, SEMAPHORE_WAIT 1, A 1, B 1, C 1, and 3 rows of other names)"
	[ ! -s "$OUT" ]
	np np-cc -L -E dma_advance "$T/none.txt"
	status_is 0
}

np_cc_47() {
	printf 'Collectives trace for CC-core 8\nTPB_TRIGGER 100 START\nTPB_TRIGGER 150 END\nCollectives trace for CC-core 9\nTPB_TRIGGER 100 START\nTPB_TRIGGER 150 END\nTPB_TRIGGER 200 START\nTPB_TRIGGER 250 END\n' >"$T/few.txt"
	np np-cc -G "$T/few.txt"
	status_is 0
	printf 'Collectives trace for CC-core 8\nTPB_TRIGGER 100 START\nTPB_TRIGGER 150 END\n' >"$T/one.txt"
	np np-cc -G "$T/one.txt"
	status_is 1
	err_is "np-cc: no gaps: at most one TPB_TRIGGER start on each CC-core"
	[ ! -s "$OUT" ]
	np np-cc -L "$T/few.txt"
	status_is 1
	err_is "np-cc: no layers: at most 2 TPB_TRIGGER starts on one CC-core (gaps: 1), and the prologue takes 1 (-p)"
	[ ! -s "$OUT" ]
	np np-cc -L -p 0 -l 1 "$T/few.txt"
	status_is 0
	np np-cc -K -C 3,9 "$T/few.txt"
	status_is 1
	err_is "np-cc: no collectives in -C 3,9: at most 2 TPB_TRIGGER starts on one CC-core"
	np np-cc -K -C 3, "$T/few.txt"
	status_is 1
	err_is "np-cc: no collectives in -C 3,: at most 2 TPB_TRIGGER starts on one CC-core"
	np np-cc -K -C 2,9 "$T/few.txt"
	status_is 0
}

np_cc_48() {
	printf 'core_idx\tdescription\tstart_ts\ttrigger_engine\n8\tTPB_TRIGGER\t1\tgpsimd\n8\tTPB_TRIGGER\t2\tPOOL\n8\tX\t3\tqSyncIO0\n' >"$T/e.tsv"
	np np-cc -n "$T/e.tsv"
	status_is 0
	[ "$(cut -f7 "$OUT" | tr '\n' ' ')" = "GpSimd Pool qSyncIO0 " ]
}

np_cc_49() {
	# CC-core 8 starts two collectives at 1000, of 100 and 300 ns: the
	# first is the shorter, whichever row comes first.  Collective 1:
	# starts 1000 (8) and 1010 (9), spread 10, durations 100 and 100;
	# collective 2: 1000 (8, 300 ns) and 2000 (9, 100 ns), spread 1000,
	# median duration 100 (the lower middle), so 8 is slow (300 > 2 x
	# 100).  The latest of each is 9.
	mkdir "$T/a" "$T/b"
	h='id\tstart_ts\tend_ts\tduration_ns\tcore_idx\tdescription\ttrigger_engine\n'
	r1='1\t1000\t1100\t100\t8\tTPB_TRIGGER\tsync\n'
	r2='2\t1000\t1300\t300\t8\tTPB_TRIGGER\tsync\n'
	r3='3\t1010\t1110\t100\t9\tTPB_TRIGGER\tsync\n4\t2000\t2100\t100\t9\tTPB_TRIGGER\tsync\n'
	printf "$h$r1$r2$r3" >"$T/a/r.tsv"
	printf "$h$r2$r1$r3" >"$T/b/r.tsv"
	for d in a b; do
		cd "$T/$d"
		np np-cc -K -n r.tsv
		status_is 0
		[ "$(<"$OUT")" = "$(printf '%s\n' \
		    '1	2	1000	1000	1010	10	100	100	100	r.tsv:9		' \
		    '2	2	1000	1000	2000	1000	100	100	300	r.tsv:9	r.tsv:8	')" ]
	done
}

np_cc_50() {
	# Steady layers L, L, L+7 (L = 768614336404568768): the exact mean
	# is 768614336404568770.33; the doubles about it are ...704 and ...832,
	# and ...832 is the nearer.  Dividing the sum's double (rounded to
	# a multiple of 512) by 3 gave ...704.
	L=768614336404568768
	t=-4611686018427387903
	{
		printf 'core_idx\tdescription\tstart_ts\n'
		for d in 0 1 $L $L $((L + 7)) 1; do
			t=$((t + d))
			printf '8\tTPB_TRIGGER\t%s\n' "$t"
		done
	} >"$T/big.tsv"
	np np-cc -L -l 1 -p 0 "$T/big.tsv"
	status_is 0
	[ "$(awk -F '\t' '$3 == "mean" { print $6 }' "$OUT")" = 768614336404568832 ]
}

@test "np-cc: --skew -C first, selects collectives (past 1048576: np-cc-big.bats); -G, -L and -K take start_ts within +-2^62 ns, so that gaps fit; others are counted and left out; the start_ts bound is as the note says, both ends included; -L, -G, -K and -E on input without the event name the events seen and -E, exit 1, no header; -G with one start, -L with no gap past the prologue, -K outside -C: each says why, exit 1; trigger_engine is spelt as np(7) spells engines; two STARTs of a core at one time: -K the same whatever their input order; -L's mean is the nearest double of the exact quotient past 2^53" {
	cases \
	    "--skew -C first, selects collectives (past 1048576: np-cc-big.bats)" np_cc_t3 \
	    "-G, -L and -K take start_ts within +-2^62 ns, so that gaps fit; others are counted and left out" np_cc_t4 \
	    "the start_ts bound is as the note says, both ends included" np_cc_t5 \
	    "-L, -G, -K and -E on input without the event name the events seen and -E, exit 1, no header" np_cc_46 \
	    "-G with one start, -L with no gap past the prologue, -K outside -C: each says why, exit 1" np_cc_47 \
	    "trigger_engine is spelt as np(7) spells engines" np_cc_48 \
	    "two STARTs of a core at one time: -K the same whatever their input order" np_cc_49 \
	    "-L's mean is the nearest double of the exact quotient past 2^53" np_cc_50
}
