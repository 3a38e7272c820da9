#!/usr/bin/env bats
# np-gaps -B: busy time per time bucket, per engine (and core).
#
# The goldens were computed by hand: tests/fixtures/np-gaps/README.md,
# "Busy time per bucket" and "cores.tsv".

load helpers

G=$FIX/np-gaps

buckets_1() {
	np np-gaps -B 1000 "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/buckets.tsv
}

buckets_2() {
	# V2 [1000,4000) puts 1000 ns in each of three buckets.
	np np-gaps -B 1000 -e vector "$G/basic.tsv"
	status_is 0
	[ "$(awk -F'\t' '$3 == 1000 { print $2 }' "$OUT" | tr '\n' ' ')" = \
	    "1000 2000 3000 " ]
}

buckets_3() {
	npgen -n 5000 explorer-tsv >"$T/g.tsv"
	np np-gaps -B 7us "$T/g.tsv"
	status_is 0
	awk -F'\t' 'NR > 1 { b[$1] += $3 } END { for (k in b) print k "\t" b[k] }' \
	    "$OUT" | sort >"$T/sums"
	np-gaps -U "$T/g.tsv" | awk -F'\t' 'NR > 1 && $1 != "any" { print $1 "\t" $3 }' \
	    >"$T/util"
	[ -s "$T/util" ]
	cmp "$T/sums" "$T/util"
}

buckets_4() {
	np np-gaps -B 1000 "$G/basic.tsv"
	cp "$OUT" "$T/ns"
	for w in 1000ns 1us 1.0us 0.001ms 0.000001s; do
		np np-gaps -B "$w" "$G/basic.tsv"
		status_is 0
		cmp "$T/ns" "$OUT"
	done
}

buckets_5() {
	np np-gaps -B 3x "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/buckets-3x.tsv
}

buckets_6() {
	np np-gaps -B 1.5us -t 500,4000 "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/buckets-t.tsv
}

buckets_7() {
	np np-gaps -B 1000 "$G/cores.tsv"
	status_is 0
	no_err
	golden np-gaps/buckets-cores.tsv
}


buckets_8() {
	np np-gaps -n -B 1000 "$G/cores.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(tail -n +2 "$GOLD/np-gaps/buckets-cores.tsv")" ]
}

buckets_9() {
	np sh -c "np-gaps -B 3x < '$G/basic.tsv'"
	status_is 0
	golden np-gaps/buckets-3x.tsv
}

buckets_10() {
	printf 'start_ts\tend_ts\tengine\n5\t5\tX\n' >"$T/z.tsv"
	np np-gaps -B 1us "$T/z.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'engine\tbucket_start_ns\tbusy_ns\tbusy_share\tpcore_idx\nX\t0\t0\t0.0000\t')" ]
}

buckets_11() {
	# 1 ns in 20000: 0.00005 -> 0.0001; 1 in 30000: 0.0000333 -> 0.0000;
	# 29999 in 30000: 0.99997 -> 1.0000.
	printf 'start_ts\tend_ts\tengine\n0\t1\tA\n0\t1\tB\n0\t29999\tC\n0\t30000\tD\n' \
	    >"$T/r.tsv"
	np np-gaps -B 30000 "$T/r.tsv"
	[ "$(cut -f4 "$OUT" | tr '\n' ' ')" = "busy_share 0.0000 0.0000 1.0000 1.0000 " ]
	np np-gaps -B 20000 -e a "$T/r.tsv"
	[ "$(tail -1 "$OUT" | cut -f4)" = "0.0001" ]
}

@test "buckets: -B 1000, a row per bucket and engine, empty buckets as 0; an instruction spanning several buckets counts in each; each engine's busy_ns sum to its busy_ns under -U; widths in ns, us, ms, s and decimals read the same; -B 3x, three buckets over the span from its start; -t, buckets from the window's start up to its end; a core column leads, rows per core and engine; -n drops the header; a count of buckets on a pipe; only zero-length instructions make one empty bucket; busy_share rounds half up at the fourth decimal" {
	cases \
	    "-B 1000, a row per bucket and engine, empty buckets as 0" buckets_1 \
	    "an instruction spanning several buckets counts in each" buckets_2 \
	    "each engine's busy_ns sum to its busy_ns under -U" buckets_3 \
	    "widths in ns, us, ms, s and decimals read the same" buckets_4 \
	    "-B 3x, three buckets over the span from its start" buckets_5 \
	    "-t, buckets from the window's start up to its end" buckets_6 \
	    "a core column leads, rows per core and engine" buckets_7 \
	    "-n drops the header" buckets_8 \
	    "a count of buckets on a pipe" buckets_9 \
	    "only zero-length instructions make one empty bucket" buckets_10 \
	    "busy_share rounds half up at the fourth decimal" buckets_11
}

# ---- any order ----

buckets_12() {
	npgen -n 20000 explorer-tsv >"$T/g.tsv"
	{ head -1 "$T/g.tsv"; tail -n +2 "$T/g.tsv" | sort -t "$(printf '\t')" -k3,3 -k2,2nr; } \
	    >"$T/r.tsv"
	np np-gaps -B 10us "$T/g.tsv"
	status_is 0
	no_err
	cp "$OUT" "$T/sorted"
	np np-gaps -B 10us -r 1 "$T/r.tsv"
	status_is 0
	cmp "$T/sorted" "$OUT"
	grep -q 'beyond the reorder window' "$ERR"
	np np-gaps -B 1000x -r 16 "$T/r.tsv"
	status_is 0
	cp "$OUT" "$T/count-r"
	np np-gaps -B 1000x "$T/g.tsv"
	cmp "$T/count-r" "$OUT"
	[ "$(wc -l <"$OUT")" -gt 1000 ]
}

buckets_13() {
	# cores.tsv's rows are out of order within the 4096-row window.
	np np-gaps -B 1000 -r 8 "$G/cores.tsv"
	status_is 0
	no_err
	golden np-gaps/buckets-cores.tsv
}


# ---- errors ----

buckets_14() {
	for w in 0 1.5ns 10xs 2.5x 0x 1000000001x us 1e3 -5 1.0000000001s \
	    100000000000000001 1000000000000000000000; do
		np np-gaps -B "$w" "$G/basic.tsv"
		status_is 2
		err_is "np-gaps: -B: expected a width of 1 ns to 10^17 ns in whole ns (500, 500ns, 2.5us, 1ms, 1s) or a count of buckets from 1 to 1000000000 (100x), found '$w'
usage: np-gaps [-anqU] [-B width] [-e engines] [-F positions] [-m min_ns] [-r rows] [-t from,to] [-u unit] [file ...]"
	done
}

buckets_15() {
	usage="usage: np-gaps [-anqU] [-B width] [-e engines] [-F positions] [-m min_ns] [-r rows] [-t from,to] [-u unit] [file ...]"
	np np-gaps -B 1us -a "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -a and -B: expected one of them, found both
$usage"
	np np-gaps -U -B 1us "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -B and -U: expected one of them, found both
$usage"
	np np-gaps -U -B 1us -a "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -a, -B and -U: expected one of them, found all three
$usage"
}

buckets_16() {
	awk 'BEGIN { print "start_ts\tend_ts\tengine\tpcore_idx"
	    for (i = 0; i <= 64; i++) print i "\t" i + 1 "\tTensor\t" i }' >"$T/c.tsv"
	np np-gaps -B 1ms "$T/c.tsv"
	status_is 1
	err_is "np-gaps: $T/c.tsv:66:14: expected at most 64 physical cores (pcore_idx), found another: 64"
}

buckets_17() {
	printf 'start_ts\tend_ts\tengine\n0\t1\tA\n' >"$T/s.tsv"
	np np-gaps -B 1x -t -4000000000000000000,4000000000000000000 "$T/s.tsv"
	status_is 1
	err_is "np-gaps: -B 1x: a span of 8000000000000000000 ns makes buckets wider than 10^17 ns"
}

@test "buckets: any row order gives what sorted input gives; rows out of order within the window, no note; a width that is not one is a usage error; -B excludes -a and -U; more than 64 physical cores is an error; a span too long for the count is an error" {
	cases \
	    "any row order gives what sorted input gives" buckets_12 \
	    "rows out of order within the window, no note" buckets_13 \
	    "a width that is not one is a usage error" buckets_14 \
	    "-B excludes -a and -U" buckets_15 \
	    "more than 64 physical cores is an error" buckets_16 \
	    "a span too long for the count is an error" buckets_17
}

# ---- constant memory ----

@test "buckets: constant memory, 1.8 MB of view JSON under 16 MiB (175 MB: buckets-big.bats)" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -n 500 view-json | np-gaps -B 1us | wc -l'
	status_is 0
	no_err
	[ "$(<"$OUT")" -gt 1000 ]
}

@test "buckets: a TMPDIR that cannot take the rows is an error, input in order too" {
	npgen -n 20000 explorer-tsv >"$T/g.tsv"
	TMPDIR=$T/none np np-gaps -B 1ms "$T/g.tsv"
	status_is 1
	[ ! -s "$OUT" ]		# not even the header: it comes with the buckets
	err_is "np-gaps: $T/none/np-spill-XXXXXX: cannot create a temporary file (TMPDIR $T/none) to put rows in order: No such file or directory"
	# 16384 rows stay in memory.
	npgen -n 16000 explorer-tsv >"$T/s.tsv"
	TMPDIR=$T/none np np-gaps -B 1ms "$T/s.tsv"
	status_is 0
	no_err
}
