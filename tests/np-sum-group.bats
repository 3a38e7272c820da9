#!/usr/bin/env bats
# np-sum, group-by statistics: exact counts and sums, percentiles,
# histogram rows merging into exactly one run's result, and bad input.
# Hand computations: tests/fixtures/np-sum/README.md.

load helpers

NS=$FIX/np-sum

@test "np-sum -g: statistics per group and value column (hand-computed)" {
	cd "$NS"
	np np-sum -g engine,opcode -v duration_ns,hbm_read_bytes insn.tsv
	status_is 0
	golden np-sum/insn.tsv
	err_is "np-sum: empty values skipped: 1 (first: insn.tsv:6)"
}

@test "np-sum -H: histogram rows (hand-computed)" {
	cd "$NS"
	np np-sum -H -g engine -v duration_ns insn.tsv
	status_is 0
	no_err
	golden np-sum/insn-hist.tsv
}

@test "np-sum -H output read back gives the statistics again" {
	cd "$NS"
	np np-sum -H -g engine,opcode -v duration_ns,hbm_read_bytes insn.tsv
	mv "$OUT" "$T/h.tsv"
	np np-sum "$T/h.tsv"
	status_is 0
	no_err
	golden np-sum/insn.tsv
}

@test "np-sum -g: sums, min and max are exact decimals" {
	printf 'g\tx\na\t0.1\na\t0.2\na\t-0.3\nb\t1e-7\nb\t2.5E+2\nb\t-0\nc\t123456789012345678\nc\t876543210987654322\nd\t0.000000001\nd\t1.50\n' > "$T/v.tsv"
	np np-sum -g g -v x "$T/v.tsv"
	status_is 0
	no_err
	# a: 0.1 + 0.2 - 0.3 = 0 (not 5.551115123125783e-17); b: 250.0000001;
	# c: 10^18 exactly, min and max with all their 18 digits; d: 1.500000001
	# (means are doubles: 250.0000001 / 3, and 10^18 / 2, whole, printed as one)
	cut -f1-7 "$OUT" > "$T/got"
	printf '%s\n' 'g	column	count	sum	min	max	mean' \
	    'a	x	3	0	-0.3	0.2	0' \
	    'b	x	3	250.0000001	0	250	83.33333336666666' \
	    'c	x	2	1000000000000000000	123456789012345678	876543210987654322	500000000000000000' \
	    'd	x	2	1.500000001	1e-9	1.5	0.7500000005' > "$T/want"
	cmp "$T/want" "$T/got"
}

@test "np-sum -g: merging histogram rows of any split equals one run" {
	npgen -n 30000 explorer-tsv | np-trace > "$T/all.tsv"
	head -1 "$T/all.tsv" > "$T/hdr"
	tail -n +2 "$T/all.tsv" > "$T/body"
	split -l 7001 "$T/body" "$T/part."
	for p in "$T"/part.a?; do
		cat "$T/hdr" "$p" > "$p.tsv"
		np-sum -H -g engine,opcode -v duration_ns,evt_wait_time_ns \
		    "$p.tsv" > "$p.h"
	done
	[ "$(ls "$T"/part.a?.h | wc -l)" -eq 5 ]
	np np-sum -g engine,opcode -v duration_ns,evt_wait_time_ns "$T/all.tsv"
	status_is 0
	mv "$OUT" "$T/one"
	# statistics from the parts, in order and out of order
	np np-sum "$T"/part.a?.h
	status_is 0
	no_err
	cmp "$T/one" "$OUT"
	np np-sum "$T/part.ae.h" "$T/part.ab.h" "$T/part.ad.h" "$T/part.aa.h" \
	    "$T/part.ac.h"
	cmp "$T/one" "$OUT"
	# histogram rows merged into histogram rows
	np np-sum -H -g engine,opcode -v duration_ns,evt_wait_time_ns "$T/all.tsv"
	mv "$OUT" "$T/oneh"
	np np-sum -H "$T"/part.a?.h
	cmp "$T/oneh" "$OUT"
	# merged from standard input, and with groups merged by -g
	np sh -c "{ cat '$T/part.aa.h'; tail -q -n +2 '$T'/part.a[b-e].h; } | np-sum"
	status_is 0
	cmp "$T/one" "$OUT"
	np np-sum -g engine -v duration_ns "$T"/part.a?.h
	mv "$OUT" "$T/byengine"
	np np-sum -g engine -v duration_ns "$T/all.tsv"
	cmp "$T/byengine" "$OUT"
}

@test "np-sum -g: percentiles are within 1.05% of the exact nearest-rank ones" {
	npgen -n 20000 explorer-tsv > "$T/x.tsv"
	np np-sum -n -v duration_ns "$T/x.tsv"
	status_is 0
	col=$(head -1 "$T/x.tsv" | tr '\t' '\n' | grep -nx duration_ns | cut -d: -f1)
	tail -n +2 "$T/x.tsv" | cut -f"$col" | sort -n > "$T/sorted"
	n=$(wc -l < "$T/sorted")
	[ "$(cut -f2 "$OUT")" -eq "$n" ]
	for q in 50:7 90:8 99:9; do
		p=${q%:*} f=${q#*:}
		exact=$(awk -v n="$n" -v p="$p" 'BEGIN { r = n * p / 100;
		    if (r > int(r)) r = int(r) + 1; print r }')
		exact=$(sed -n "${exact}p" "$T/sorted")
		got=$(cut -f"$f" "$OUT")
		# 1% (the bucket) and 0.05% (4 significant digits)
		awk -v a="$got" -v b="$exact" 'BEGIN { d = (a - b) / b;
		    exit !(d <= 0.0105 && d >= -0.0105) }'
	done
	[ "$(cut -f3 "$OUT")" = "$(awk '{ s += $1 } END { print s }' "$T/sorted")" ]
}

@test "np-sum -v alone: all rows are one group" {
	cd "$NS"
	np np-sum -v duration_ns insn.tsv
	status_is 0
	no_err
	printf 'column\tcount\tsum\tmin\tmax\tmean\tp50\tp90\tp99\tshare\nduration_ns\t7\t3658\t60\t2000\t522.5714285714286\t149.9\t2000\t2000\t1\n' > "$T/want"
	cmp "$T/want" "$OUT"
}

@test "np-sum -g: input order does not matter; CRLF reads the same" {
	cd "$NS"
	{ head -1 insn.tsv; tail -n +2 insn.tsv | sort -r; } > "$T/rev.tsv"
	np np-sum -g engine,opcode -v duration_ns,hbm_read_bytes "$T/rev.tsv"
	status_is 0
	golden np-sum/insn.tsv
	sed 's/$/\r/' insn.tsv > "$T/crlf.tsv"
	np np-sum -g engine,opcode -v duration_ns,hbm_read_bytes "$T/crlf.tsv"
	status_is 0
	golden np-sum/insn.tsv
}

@test "np-sum -g: keys are written as TSV escapes them" {
	printf 'k\tv\na\\tb\t1\na\\\\q\t2\na\\tb\t3\n' > "$T/k.tsv"
	np np-sum -n -g k -v v "$T/k.tsv"
	status_is 0
	[ "$(cut -f1-4 "$OUT")" = 'a\\q	v	1	2
a\tb	v	2	4' ]
}

@test "np-sum -g: text in a value column names the row and column" {
	printf 'engine\tduration_ns\nTensor\t10\nVector\tabc\n' > "$T/t.tsv"
	np np-sum -g engine -v duration_ns "$T/t.tsv"
	status_is 1
	err_is "np-sum: $T/t.tsv:3:8: expected a number in column 'duration_ns', found 'abc'"
	printf 'engine\tduration_ns\nTensor\tNaN\n' > "$T/n.tsv"
	np np-sum -v duration_ns "$T/n.tsv"
	status_is 1
	err_is "np-sum: $T/n.tsv:2:8: expected a finite number in column 'duration_ns', found 'NaN'"
	printf 'x\n1.00000000000000000000000000000000000001\n' > "$T/d.tsv"
	np np-sum -v x "$T/d.tsv"
	status_is 1
	err_is "np-sum: $T/d.tsv:2:1: expected a number of at most 38 significant digits in column 'x', found '1.00000000000000000000000000000000000001'"
}

@test "np-sum -g: missing columns and missing -v are errors" {
	cd "$NS"
	np np-sum -g engine -v dur insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:1: expected a column 'dur' in the header, found none"
	np np-sum -g nope -v duration_ns insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:1: expected a column 'nope' in the header, found none"
	np np-sum -g engine insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:1: expected histogram columns (column bucket_lo bucket_hi count sum min max) at the end of the header, or -v naming value columns"
}

@test "np-sum -g: truncated, empty, binary and huge-line input are errors" {
	printf 'engine\tduration_ns\nTensor\t10\nVector' > "$T/t.tsv"
	np np-sum -g engine -v duration_ns "$T/t.tsv"
	status_is 1
	err_is "np-sum: $T/t.tsv:3:7: expected 2 tab-separated fields as in the header, found 1"
	: > "$T/e"
	np np-sum -v x "$T/e"
	status_is 1
	err_is "np-sum: $T/e: empty input, expected TSV or CSV with a header line"
	printf 'a\tb\n1\t\0\n' > "$T/b"
	np np-sum -v b "$T/b"
	status_is 1
	err_is "np-sum: $T/b:2:3: expected text (TSV or CSV with a header), found byte 0x00"
	awk 'BEGIN { print "k\tv"; printf "a\t"; for (i = 0; i < 1100000; i++)
	    printf "1"; print "" }' > "$T/h"
	np np-sum -v v "$T/h"
	status_is 1
	err_is "np-sum: $T/h:2:1048576: line longer than 1048575 bytes"
}

@test "np-sum: bad histogram rows are errors" {
	h='column	bucket_lo	bucket_hi	count	sum	min	max'
	printf '%s\nd\t\t\t2\t20\t10\t10\nd\t9.9\t10.1\t2\t\t\t\n' "$h" > "$T/a"
	np np-sum "$T/a"
	status_is 1
	err_is "np-sum: $T/a:3:3: expected the bounds of a histogram bucket (relative error 0.01), found '9.9' and '10.1'"
	printf '%s\nd\t\t\t3\t30\t10\t10\nd\t9.97494721733795\t10.176461302536696\t2\t\t\t\n' "$h" > "$T/b"
	np np-sum "$T/b"
	status_is 1
	err_is "np-sum: histogram rows of column 'd' in group '': the buckets hold 2 values, the totals rows 3"
	printf '%s\nd\t\t\tmany\t30\t10\t10\n' "$h" > "$T/c"
	np np-sum "$T/c"
	status_is 1
	err_is "np-sum: $T/c:2:5: expected a count (an integer from 1), found 'many'"
	printf '%s\nd\t\t\t2\t\t10\t10\n' "$h" > "$T/d"
	np np-sum "$T/d"
	status_is 1
	err_is "np-sum: $T/d:2:7: expected a number in column 'sum', found ''"
}

@test "np-sum -m: more groups than allowed is an error" {
	cd "$NS"
	np np-sum -M 2 -g engine,opcode -v duration_ns insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:7: more than 2 groups (raise the limit with -M)"
	np np-sum -M 0 -v duration_ns insn.tsv
	status_is 2
}

@test "np-sum -g: | head ends quietly; /dev/full fails" {
	cd "$NS"
	np sh -c "np-sum -g engine -v duration_ns insn.tsv | head -1"
	status_is 0
	no_err
	np sh -c "np-sum -g engine -v duration_ns insn.tsv > /dev/full"
	status_is 1
	err_is "np-sum: write error: No space left on device"
}

@test "np-sum -g: constant memory on input much larger than the limit" {
	need_plain_build
	npgen -b 120000000 explorer-tsv > "$T/big.tsv"
	under_ulimit 16384 np-sum -g engine,opcode -v duration_ns,hbm_read_bytes \
	    "$T/big.tsv"
	status_is 0
	no_err
	[ "$(wc -l < "$OUT")" -eq 29 ]
	under_ulimit 16384 np-sum -H -g engine -v duration_ns "$T/big.tsv"
	status_is 0
	no_err
}

@test "np-sum -g: values beyond int64 keep exact sums; doubles print plainly" {
	printf 'x\n1e30\n3e30\n' > "$T/big.tsv"
	np np-sum -v x "$T/big.tsv"
	status_is 0
	no_err
	# 4e30 exactly; the mean 2e30 is a double beyond int64 (printed in
	# exponent form, without converting it to an integer first)
	[ "$(sed -n 2p "$OUT" | cut -f1-6)" = "x	2	4000000000000000000000000000000	1000000000000000000000000000000	3000000000000000000000000000000	2e30" ]
}

@test "np-sum -g: a sum past 38 digits falls back to a double, and says so" {
	printf 'x\n1e30\n1e-10\n' > "$T/wide.tsv"
	np np-sum -v x "$T/wide.tsv"
	status_is 0
	# 1e30 + 1e-10 needs 41 digits
	[ "$(sed -n 2p "$OUT" | cut -f1-5)" = "x	2	1e30	1e-10	1000000000000000000000000000000" ]
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
}

@test "np-sum: percentiles print as their 4 significant digits exactly" {
	# 1.234e8 and 1.994e8 are what the buckets round to; a scaling by a
	# power of ten printed them as 123399999.99999999 and 199399999.99999997.
	printf 'g\tx\na\t100000000\na\t123400000\na\t123400000\na\t123400000\na\t200000000\n' >"$T/q.tsv"
	np np-sum -g g -v x "$T/q.tsv"
	status_is 0
	no_err
	[ "$(cut -f8-10 "$OUT" | tail -1)" = "$(printf '123400000\t199400000\t199400000')" ]
}

@test "np-sum: shares when a sum is past 38 digits" {
	# a: 1e30 + 1e-10 + 5e30, b: 1e30; a's exact sum gives way to a
	# double, and the total must take that double: shares 6/7 and 1/7.
	printf 'g\tx\na\t1e30\na\t1e-10\na\t5e30\nb\t1e30\n' >"$T/big.tsv"
	np np-sum -g g -v x "$T/big.tsv"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	awk -F '\t' 'NR == 2 && ($11 - 6/7 > 1e-15 || 6/7 - $11 > 1e-15) { exit 1 }
	    NR == 3 && ($11 - 1/7 > 1e-15 || 1/7 - $11 > 1e-15) { exit 1 }' "$OUT"
}

@test "np-sum: histogram counts past 2^63 - 1 are an error" {
	printf 'g\tcolumn\tbucket_lo\tbucket_hi\tcount\tsum\tmin\tmax\na\tx\t\t\t9223372036854775807\t1\t1\t1\na\tx\t\t\t1\t1\t1\t1\n' >"$T/ov.h"
	np np-sum "$T/ov.h"
	status_is 1
	err_is "np-sum: $T/ov.h:3:7: expected counts within 64 bits, found 1 more after 9223372036854775807"
}

@test "np-sum -g and -v: an empty name in the list is a usage error" {
	for arg in "-g a,,b" "-g ," "-v x," "-g ,a"; do
		np np-sum $arg /dev/null
		status_is 2
		[ "$(head -1 "$ERR")" = "np-sum: ${arg%% *}: expected column names separated by commas, found an empty one" ]
	done
}

@test "np-sum -g: blank and log lines before the header are passed over, the logs counted" {
	printf '\n\r\ntime="2026-03-19T02:57:19Z" level=info msg="x"\n\nk\tv\na\t1\na\t3\n' >"$T/pre.tsv"
	np np-sum -g k -v v "$T/pre.tsv"
	status_is 0
	err_is "np-sum: log lines skipped: 1 (first: $T/pre.tsv:3)"
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'k\tcolumn\tcount\tsum\tmin\na\tv\t2\t4\t1')" ]
	printf '\n \n' >"$T/blank.tsv"
	np np-sum -v v "$T/blank.tsv"
	status_is 1
	err_is "np-sum: $T/blank.tsv: only blank or log lines, expected TSV or CSV with a header line"
}

@test "np-sum -g: large values of few digits sum exactly, however large" {
	printf 'v\n2.50e40\n1e45\n0\n' >"$T/large.tsv"
	np np-sum -n -v v "$T/large.tsv"
	status_is 0
	no_err
	[ "$(cut -f3-5 "$OUT")" = "$(printf '1.000025e45\t0\t1e45')" ]
}
