#!/usr/bin/env bats
# np-sum, group-by statistics: exact counts and sums, percentiles,
# histogram rows merging into exactly one run's result, and bad input.
# Hand computations: tests/fixtures/np-sum/README.md.

load helpers

NS=$FIX/np-sum

np_sum_group_t6() {
	cd "$NS"
	np np-sum -g engine,opcode -v duration_ns,hbm_read_bytes insn.tsv
	status_is 0
	golden np-sum/insn.tsv
	err_is "np-sum: empty values skipped: 1 (first: insn.tsv:6)"
}

np_sum_group_2() {
	cd "$NS"
	np np-sum -H -g engine -v duration_ns insn.tsv
	status_is 0
	no_err
	golden np-sum/insn-hist.tsv
}

np_sum_group_3() {
	cd "$NS"
	np np-sum -H -g engine,opcode -v duration_ns,hbm_read_bytes insn.tsv
	mv "$OUT" "$T/h.tsv"
	np np-sum "$T/h.tsv"
	status_is 0
	no_err
	golden np-sum/insn.tsv
}

np_sum_group_4() {
	printf 'g\tx\na\t0.1\na\t0.2\na\t-0.3\nb\t1e-7\nb\t2.5E+2\nb\t-0\nc\t123456789012345678\nc\t876543210987654322\nd\t0.000000001\nd\t1.50\n' > "$T/v.tsv"
	np np-sum -g g -v x "$T/v.tsv"
	status_is 0
	no_err
	# a: 0.1 + 0.2 - 0.3 = 0 (not 5.551115123125783e-17); b: 250.0000001;
	# c: 10^18 exactly, min and max with all their 18 digits; d: 1.500000001
	# (means are doubles: 250.0000001 / 3, and 10^18 / 2, whole, printed as one)
	cut -f1-7 "$OUT" > "$T/got"
	printf '%s\n' 'g	value_column	count	sum	min	max	mean' \
	    'a	x	3	0	-0.3	0.2	0' \
	    'b	x	3	250.0000001	0	250	83.33333336666666' \
	    'c	x	2	1000000000000000000	123456789012345678	876543210987654322	500000000000000000' \
	    'd	x	2	1.500000001	1e-9	1.5	0.7500000005' > "$T/want"
	cmp "$T/want" "$T/got"
}

np_sum_group_5() {
	# The row is written in place after its key, save a key too long to
	# have room for the row beside it in the buffer (64 KiB); a group of
	# one value prints its text in every field but the mean's, a double:
	# 123456789012345678 is 123456789012345680 as a double.
	k=$(awk 'BEGIN { while (n++ < 70000) printf "k" }')
	printf 'g\tx\n%s\t3\nc\t123456789012345678\nd\t2.50\n' "$k" > "$T/v.tsv"
	np np-sum -g g -v x "$T/v.tsv"
	status_is 0
	no_err
	cut -f1-10 "$OUT" > "$T/got"
	{ printf '%s\n' 'g	value_column	count	sum	min	max	mean	p50	p90	p99' \
	    'c	x	1	123456789012345678	123456789012345678	123456789012345678	123456789012345680	123456789012345678	123456789012345678	123456789012345678' \
	    'd	x	1	2.5	2.5	2.5	2.5	2.5	2.5	2.5'
	  printf '%s\tx\t1\t3\t3\t3\t3\t3\t3\t3\n' "$k"; } > "$T/want"
	cmp "$T/want" "$T/got"
	np np-sum -H -g g -v x "$T/v.tsv"
	status_is 0
	no_err
	grep "^k" "$OUT" > "$T/got"
	printf '%s\tx\t\t\t1\t3\t3\t3\n%s\tx\t3\t3\t1\t\t\t\n' "$k" "$k" > "$T/want"
	cmp "$T/want" "$T/got"
}

np_sum_group_6() {
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

np_sum_group_7() {
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

np_sum_group_8() {
	cd "$NS"
	np np-sum -v duration_ns insn.tsv
	status_is 0
	no_err
	printf 'value_column\tcount\tsum\tmin\tmax\tmean\tp50\tp90\tp99\tshare\nduration_ns\t7\t3658\t60\t2000\t522.5714285714286\t150\t2000\t2000\t1\n' > "$T/want"
	cmp "$T/want" "$OUT"
}

np_sum_group_9() {
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


np_sum_group_t1() {
	printf 'k\tv\na\\tb\t1\na\\\\q\t2\na\\tb\t3\n' > "$T/k.tsv"
	np np-sum -n -g k -v v "$T/k.tsv"
	status_is 0
	[ "$(cut -f1-4 "$OUT")" = 'a\\q	v	1	2
a\tb	v	2	4' ]
}

np_sum_group_t2() {
	printf 'engine\tduration_ns\nTensor\t10\nVector\tabc\n' > "$T/t.tsv"
	np np-sum -g engine -v duration_ns "$T/t.tsv"
	status_is 1
	err_is "np-sum: $T/t.tsv:3:8: expected a number in column 'duration_ns', found 'abc'"
	# NaN and infinities (1e400 too) are counted and left out, as empty
	# values are.
	printf 'engine\tduration_ns\nTensor\tNaN\nTensor\t4\nTensor\t1e400\n' > "$T/n.tsv"
	np np-sum -n -v duration_ns "$T/n.tsv"
	status_is 0
	err_is "np-sum: values NaN or infinite skipped: 2 (first: $T/n.tsv:2)"
	[ "$(cut -f1-3 "$OUT")" = "$(printf 'duration_ns\t1\t4')" ]
	# and as DuckDB's CSV writes them
	printf 'engine,duration_ns\nTensor,nan\nTensor,4\nTensor,-inf\nTensor,-nan\n' > "$T/n.csv"
	np np-sum -n -v duration_ns "$T/n.csv"
	status_is 0
	err_is "np-sum: values NaN or infinite skipped: 3 (first: $T/n.csv:2)"
	[ "$(cut -f1-3 "$OUT")" = "$(printf 'duration_ns\t1\t4')" ]
	printf 'x\n1.00000000000000000000000000000000000001\n' > "$T/d.tsv"
	np np-sum -v x "$T/d.tsv"
	status_is 1
	err_is "np-sum: $T/d.tsv:2:1: expected a number of at most 38 significant digits in column 'x', found '1.00000000000000000000000000000000000001'"
}

@test "np-sum -g: statistics per group and value column (hand-computed); np-sum -H: histogram rows (hand-computed); np-sum -H output read back gives the statistics again; sums, min and max are exact decimals; a key longer than the output buffer, and one value's mean; merging histogram rows of any split equals one run; percentiles are within 1.05% of the exact nearest-rank ones; np-sum -v alone: all rows are one group; input order does not matter; CRLF reads the same; keys are written as TSV escapes them; text in a value column names the row and column" {
	cases \
	    "statistics per group and value column (hand-computed)" np_sum_group_t6 \
	    "np-sum -H: histogram rows (hand-computed)" np_sum_group_2 \
	    "np-sum -H output read back gives the statistics again" np_sum_group_3 \
	    "sums, min and max are exact decimals" np_sum_group_4 \
	    "a key longer than the output buffer, and one value's mean" np_sum_group_5 \
	    "merging histogram rows of any split equals one run" np_sum_group_6 \
	    "percentiles are within 1.05% of the exact nearest-rank ones" np_sum_group_7 \
	    "np-sum -v alone: all rows are one group" np_sum_group_8 \
	    "input order does not matter; CRLF reads the same" np_sum_group_9 \
	    "keys are written as TSV escapes them" np_sum_group_t1 \
	    "text in a value column names the row and column" np_sum_group_t2
}

np_sum_group_12() {
	cd "$NS"
	np np-sum -g engine -v dur insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:1: expected a column 'dur' in the header (closest: duration_ns), found none in: start_ts duration_ns engine opcode hbm_read_bytes"
	np np-sum -g nope -v duration_ns insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:1: expected a column 'nope' in the header, found none in: start_ts duration_ns engine opcode hbm_read_bytes"
	np np-sum -g engine insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:1: expected histogram columns (value_column bucket_lo bucket_hi count sum min max) at the end of the header, or -v naming value columns"
}

np_sum_group_13() {
	printf 'engine\tduration_ns\nTensor\t10\nVector' > "$T/t.tsv"
	np np-sum -g engine -v duration_ns "$T/t.tsv"
	status_is 1
	err_is "np-sum: $T/t.tsv:3:7: expected 2 tab-separated fields as in the header, found 1"
	: > "$T/e"
	np np-sum -v x "$T/e"
	status_is 1
	err_is "np-sum: $T/e: empty input, expected JSON rows, or TSV or CSV with a header line"
	printf 'a\tb\n1\t\0\n' > "$T/b"
	np np-sum -v b "$T/b"
	status_is 1
	err_is "np-sum: $T/b:2:3: expected text (JSON rows, or TSV or CSV with a header line), found byte 0x00 (byte offset 6)"
	awk 'BEGIN { print "k\tv"; printf "a\t"; for (i = 0; i < 1100000; i++)
	    printf "1"; print "" }' > "$T/h"
	np np-sum -v v "$T/h"
	status_is 1
	err_is "np-sum: $T/h:2:1048576: line longer than 1048575 bytes"
}

np_sum_group_14() {
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

np_sum_group_15() {
	cd "$NS"
	np np-sum -M 2 -g engine,opcode -v duration_ns insn.tsv
	status_is 1
	err_is "np-sum: insn.tsv:7: more than 2 groups (raise the limit with -M)"
	np np-sum -M 0 -v duration_ns insn.tsv
	status_is 2
}

np_sum_group_16() {
	cd "$NS"
	np sh -c "np-sum -g engine -v duration_ns insn.tsv | head -1"
	status_is 0
	no_err
	np sh -c "np-sum -g engine -v duration_ns insn.tsv > /dev/full"
	status_is 1
	err_is "np-sum: write error: No space left on device"
}

@test "np-sum -g: missing columns and missing -v are errors; truncated, empty, binary and huge-line input are errors; np-sum: bad histogram rows are errors; np-sum -m: more groups than allowed is an error; | head ends quietly; /dev/full fails" {
	cases \
	    "missing columns and missing -v are errors" np_sum_group_12 \
	    "truncated, empty, binary and huge-line input are errors" np_sum_group_13 \
	    "np-sum: bad histogram rows are errors" np_sum_group_14 \
	    "np-sum -m: more groups than allowed is an error" np_sum_group_15 \
	    "| head ends quietly; /dev/full fails" np_sum_group_16
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

np_sum_group_18() {
	printf 'x\n1e30\n3e30\n' > "$T/big.tsv"
	np np-sum -v x "$T/big.tsv"
	status_is 0
	no_err
	# 4e30 exactly; the mean 2e30 is a double beyond int64: all in
	# exponent form, np's one spelling (not 4000000000000000000000000000000)
	[ "$(sed -n 2p "$OUT" | cut -f1-6)" = "x	2	4e30	1e30	3e30	2e30" ]
}

np_sum_group_19() {
	printf 'x\n1e30\n1e-10\n' > "$T/wide.tsv"
	np np-sum -v x "$T/wide.tsv"
	status_is 0
	# 1e30 + 1e-10 needs 41 digits; the double sum and the exact max are
	# spelt alike
	[ "$(sed -n 2p "$OUT" | cut -f1-5)" = "x	2	1e30	1e-10	1e30" ]
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
}

np_sum_group_20() {
	# 365779620 + 3.4028235e38 is 38 digits; written 365779620,
	# 365779620.0 or 3.6577962e8, and in either order, the sum is exact
	# (an integer's trailing zeros were kept as digits, and the sum
	# fell back to a double)
	printf '%s\n' 'g	x' 'a	365779620' 'a	3.4028235e38' \
	    'b	3.4028235e38' 'b	365779620' 'c	365779620.0' 'c	3.4028235e38' \
	    'd	3.6577962e8' 'd	3.4028235e38' >"$T/w.tsv"
	np np-sum -g g -v x "$T/w.tsv"
	status_is 0
	no_err
	[ "$(cut -f1,4 "$OUT" | sed 1d | tr '\t\n' ' ,')" = \
	    "a 3.4028235000000000000000000000036577962e38,b 3.4028235000000000000000000000036577962e38,c 3.4028235000000000000000000000036577962e38,d 3.4028235000000000000000000000036577962e38," ]
	# one digit more is past 38: a double, said so
	printf 'x\n365779621\n3.4028235e38\n' >"$T/w2.tsv"
	np np-sum -v x "$T/w2.tsv"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
}

np_sum_group_21() {
	# 50 values, more than are held exactly: p50 (rank 25) is in the bucket
	# of 123400000 and p90 (rank 45) in that of 200000000, whose
	# representatives round to 1.234e8 and 1.994e8 (a scaling by a power of
	# ten printed them as 123399999.99999999 and 199399999.99999997); p99
	# (rank 50) is the largest value, exactly.
	{ printf 'g\tx\n'
	  for i in 1 2 3 4 5 6 7 8 9 10; do printf 'a\t100000000\n'; done
	  for i in $(seq 30); do printf 'a\t123400000\n'; done
	  for i in 1 2 3 4 5 6 7 8 9 10; do printf 'a\t200000000\n'; done
	} >"$T/q.tsv"
	np np-sum -g g -v x "$T/q.tsv"
	status_is 0
	no_err
	[ "$(cut -f8-10 "$OUT" | tail -1)" = "$(printf '123400000\t199400000\t200000000')" ]
}

np_sum_group_22() {
	# a: 1e30 + 1e-10 + 5e30, b: 1e30; a's exact sum gives way to a
	# double, and the total must take that double: shares 6/7 and 1/7.
	printf 'g\tx\na\t1e30\na\t1e-10\na\t5e30\nb\t1e30\n' >"$T/big.tsv"
	np np-sum -g g -v x "$T/big.tsv"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	awk -F '\t' 'NR == 2 && ($11 - 6/7 > 1e-15 || 6/7 - $11 > 1e-15) { exit 1 }
	    NR == 3 && ($11 - 1/7 > 1e-15 || 1/7 - $11 > 1e-15) { exit 1 }' "$OUT"
}

np_sum_group_23() {
	printf 'g\tcolumn\tbucket_lo\tbucket_hi\tcount\tsum\tmin\tmax\na\tx\t\t\t9223372036854775807\t1\t1\t1\na\tx\t\t\t1\t1\t1\t1\n' >"$T/ov.h"
	np np-sum "$T/ov.h"
	status_is 1
	err_is "np-sum: $T/ov.h:3:7: expected counts within 64 bits, found 1 more after 9223372036854775807"
}

np_sum_group_24() {
	for arg in "-g a,,b" "-g ," "-v x," "-g ,a"; do
		np np-sum $arg /dev/null
		status_is 2
		[ "$(head -1 "$ERR")" = "np-sum: ${arg%% *}: expected column names separated by commas, found an empty one" ]
	done
}

np_sum_group_25() {
	# 6e19 + 1e-18, twice, is 120000000000000000000.000000000000000002:
	# 39 digits, which fit the 128-bit sum but no number np reads, so it is
	# past 38 and a double, said so; np-sum -H's rows then read back,
	# a double still, said so again.
	printf 'x\n60000000000000000000.000000000000000001\n60000000000000000000.000000000000000001\n' >"$T/w39.tsv"
	np np-sum -v x "$T/w39.tsv"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	[ "$(sed -n 2p "$OUT" | cut -f1-3)" = "$(printf 'x\t2\t1.2e20')" ]
	np np-sum -H -v x "$T/w39.tsv"
	status_is 0
	mv "$OUT" "$T/w39.h"
	np np-sum "$T/w39.h"
	status_is 0
	err_is "np-sum: sums past 38 digits, written as doubles: 1"
	[ "$(sed -n 2p "$OUT" | cut -f1-3)" = "$(printf 'x\t2\t1.2e20')" ]
}

np_sum_group_25v() {
	# -v picks value columns of histogram rows; one that no row has is
	# an error, as it is of other rows, not an empty answer
	printf 'v\n1\n2\n' >"$T/s.tsv"
	np np-sum -H -v v "$T/s.tsv"
	mv "$OUT" "$T/s.h"
	np np-sum -v v,sum "$T/s.h"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-sum: -v: expected histogram rows of value column 'sum', found none (the rows': v)"
}

np_sum_group_25k() {
	# histogram rows without key columns: the messages say so, not "()"
	printf 'v\n1\n2\n' >"$T/s.tsv"
	np np-sum -H -v v "$T/s.tsv"
	mv "$OUT" "$T/s.h"
	printf 'g\tv\na\t1\n' >"$T/g.tsv"
	np np-sum -H -g g -v v "$T/g.tsv"
	mv "$OUT" "$T/g.h"
	np np-sum "$T/s.h" "$T/g.h"
	status_is 1
	err_is "np-sum: $T/g.h:1: expected the key columns of $T/s.h (no key columns), found others: histogram rows of other -g keys; -g names fewer keys to merge to"
	np np-sum -g g "$T/s.h"
	status_is 1
	err_is "np-sum: $T/s.h:1: expected a key column 'g' in the header, found none in: no key columns"
}


np_sum_group_t7() {
	printf '\n\r\ntime="2026-03-19T02:57:19Z" level=info msg="x"\n\nk\tv\na\t1\na\t3\n' >"$T/pre.tsv"
	np np-sum -g k -v v "$T/pre.tsv"
	status_is 0
	err_is "np-sum: log lines skipped: 1 (first: $T/pre.tsv:3)
np-sum: blank lines skipped: 3 (first: $T/pre.tsv:1)"
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'k\tvalue_column\tcount\tsum\tmin\na\tv\t2\t4\t1')" ]
	printf '\n \n' >"$T/blank.tsv"
	np np-sum -v v "$T/blank.tsv"
	status_is 1
	err_is "np-sum: $T/blank.tsv: only blank lines, expected JSON rows, or TSV or CSV with a header line"
}

@test "np-sum -g: values beyond int64 keep exact sums, spelt as doubles are; a sum past 38 digits falls back to a double, and says so; a sum within 38 digits is exact however its numbers are written; np-sum: percentiles print as their 4 significant digits exactly; np-sum: shares when a sum is past 38 digits; np-sum: histogram counts past 2^63 - 1 are an error; np-sum -g and -v: an empty name in the list is a usage error; a sum of 39 digits is past 38, so histogram rows read back; np-sum -v: a value column no histogram row has is an error; np-sum: histogram rows without key columns are said to have none; blank and log lines before the header are passed over and counted" {
	cases \
	    "values beyond int64 keep exact sums, spelt as doubles are" np_sum_group_18 \
	    "a sum past 38 digits falls back to a double, and says so" np_sum_group_19 \
	    "a sum within 38 digits is exact however its numbers are written" np_sum_group_20 \
	    "np-sum: percentiles print as their 4 significant digits exactly" np_sum_group_21 \
	    "np-sum: shares when a sum is past 38 digits" np_sum_group_22 \
	    "np-sum: histogram counts past 2^63 - 1 are an error" np_sum_group_23 \
	    "np-sum -g and -v: an empty name in the list is a usage error" np_sum_group_24 \
	    "a sum of 39 digits is past 38, so histogram rows read back" np_sum_group_25 \
	    "np-sum -v: a value column no histogram row has is an error" np_sum_group_25v \
	    "np-sum: histogram rows without key columns are said to have none" np_sum_group_25k \
	    "blank and log lines before the header are passed over and counted" np_sum_group_t7
}

np_sum_group_26() {
	printf 'v\n2.50e40\n1e45\n0\n' >"$T/large.tsv"
	np np-sum -n -v v "$T/large.tsv"
	status_is 0
	no_err
	[ "$(cut -f3-5 "$OUT")" = "$(printf '1.000025e45\t0\t1e45')" ]
}

np_sum_group_27() {
	printf 'g\tv\na\t1\na\t3\n' >"$T/in.tsv"
	np-sum -H -g g -v v "$T/in.tsv" >"$T/new.h"
	[ "$(head -1 "$T/new.h")" = "$(printf 'g\tvalue_column\tbucket_lo\tbucket_hi\tcount\tsum\tmin\tmax')" ]
	sed '1s/value_column/column/' "$T/new.h" >"$T/old.h"
	np np-sum "$T/new.h" "$T/old.h"
	status_is 0
	no_err
	[ "$(cut -f1-6 "$OUT")" = "$(printf 'g\tvalue_column\tcount\tsum\tmin\tmax\na\tv\t4\t8\t1\t3')" ]
}

np_sum_group_28() {
	npgen -n 2000 explorer-tsv >"$T/ex.tsv"
	np np-sum -n -g engine -v duration_ns "$T/ex.tsv"
	status_is 0
	[ "$(cut -f1 "$OUT" | tr '\n' ' ')" = "GpSimd Scalar Sync Tensor Vector " ]
	np-trace "$T/ex.tsv" | np-sum -n -g engine -v duration_ns >"$T/via-trace"
	cmp "$T/via-trace" "$OUT"
	# Another key column is kept as it is.
	printf 'opcode\tv\ngpsimd\t1\n' >"$T/o.tsv"
	np np-sum -n -g opcode -v v "$T/o.tsv"
	[ "$(cut -f1 "$OUT")" = gpsimd ]
}

np_sum_group_29() {
	# A column of 100 ones (more than are held exactly): every percentile
	# is 1, not the bucket's representative 0.99.
	{ echo v; for i in $(seq 100); do echo 1; done; } >"$T/ones.tsv"
	np np-sum -n -v v "$T/ones.tsv"
	status_is 0
	no_err
	[ "$(cut -f7-9 "$OUT")" = "$(printf '1\t1\t1')" ]
	# 1500 .. 1599: p50 (rank 50, 1549) is in bucket 368, (1541.09,
	# 1572.22], representative 1556.50003...: the nearest whole number it
	# holds, 1557; p90 (rank 90, 1589) and p99 (rank 99, 1598) in bucket
	# 369, (1572.22, 1603.98], representative 1587.944...: 1588.  (awk in
	# tests/fixtures/np-sum/README.md.)  Within 1% of 1549, 1589, 1598.
	{ echo v; seq 1500 1599; } >"$T/dur.tsv"
	np np-sum -n -v v "$T/dur.tsv"
	status_is 0
	[ "$(cut -f7-9 "$OUT")" = "$(printf '1557\t1588\t1588')" ]
}

np_sum_group_30() {
	# 1.5 .. 32.5: nearest rank, exactly: p50 the 16th, p90 the
	# ceil(28.8) = 29th, p99 the 32nd.
	{ echo v; for i in $(seq 32); do echo "$i.5"; done; } >"$T/f32.tsv"
	np np-sum -n -v v "$T/f32.tsv"
	status_is 0
	[ "$(cut -f7-9 "$OUT")" = "$(printf '16.5\t29.5\t32.5')" ]
	# 1.5 .. 33.5: p50 (17.5) is bucket 144's representative
	# 17.637823699209861, to 4 digits 17.64; p90 (the 30th, 30.5) bucket
	# 171's 30.267171338721898, 30.27; p99 the largest, 33.5, exactly.
	{ echo v; for i in $(seq 33); do echo "$i.5"; done; } >"$T/f33.tsv"
	np np-sum -n -v v "$T/f33.tsv"
	status_is 0
	[ "$(cut -f7-9 "$OUT")" = "$(printf '17.64\t30.27\t33.5')" ]
}

np_sum_group_31() {
	{ echo v; for i in $(seq 33); do echo "$i.5"; done; } >"$T/f33.tsv"
	{ echo v; sed -n 2,17p "$T/f33.tsv"; } >"$T/a.tsv"
	{ echo v; sed -n 18,34p "$T/f33.tsv"; } >"$T/b.tsv"
	np-sum -H -v v "$T/a.tsv" >"$T/a.h"
	np-sum -H -v v "$T/b.tsv" >"$T/b.h"
	# 16 values: held exactly, each a row with both bounds the value
	[ "$(sed -n 2,4p "$T/a.h")" = "$(printf 'v\t\t\t16\t144\t1.5\t16.5\nv\t1.5\t1.5\t1\t\t\t\nv\t2.5\t2.5\t1\t\t\t')" ]
	[ "$(wc -l <"$T/a.h")" -eq 18 ]
	# together 33: past 32, so the merge puts them in buckets, as one run
	np-sum -v v "$T/f33.tsv" >"$T/one"
	np np-sum "$T/a.h" "$T/b.h"
	status_is 0
	no_err
	cmp "$T/one" "$OUT"
	np-sum -H -v v "$T/f33.tsv" >"$T/one.h"
	np np-sum -H "$T/b.h" "$T/a.h"
	cmp "$T/one.h" "$OUT"
	# repeated values: one row each, with their count
	printf 'v\n7\n7\n-2\n7\n' | np-sum -H -v v >"$T/r.h"
	[ "$(tail -n +2 "$T/r.h")" = "$(printf 'v\t\t\t4\t19\t-2\t7\nv\t-2\t-2\t1\t\t\t\nv\t7\t7\t3\t\t\t')" ]
}


np_sum_group_t8() {
	# 39 x 17 and one 18: bucket 142, (16.778, 17.117], holds only the
	# whole number 17, written (16, 17]; 18's bucket (17.117.., 18.xx]
	# as (17, 18].
	{ echo v; for i in $(seq 39); do echo 17; done; echo 18; } >"$T/w.tsv"
	np np-sum -H -v v "$T/w.tsv"
	status_is 0
	[ "$(tail -n +2 "$OUT")" = "$(printf 'v\t\t\t40\t681\t17\t18\nv\t16\t17\t39\t\t\t\nv\t17\t18\t1\t\t\t')" ]
	mv "$OUT" "$T/w.h"
	# p50 and p90: the whole number in 17's bucket, 17; read back the same
	np np-sum "$T/w.h"
	[ "$(cut -f7-9 "$OUT" | tail -1)" = "$(printf '17\t17\t18')" ]
	# with 0.5 the column is no longer whole: the representative
	# 16.946212143511012, to 4 digits, in the merge as in one run
	printf 'v\n0.5\n' | np-sum -H -v v >"$T/half.h"
	np np-sum "$T/w.h" "$T/half.h"
	[ "$(cut -f7-9 "$OUT" | tail -1)" = "$(printf '16.95\t16.95\t18')" ]
	{ cat "$T/w.tsv"; echo 0.5; } | np-sum -v v >"$T/one"
	cmp "$T/one" "$OUT"
	# whole bounds that are not a bucket's are an error
	printf 'column\tbucket_lo\tbucket_hi\tcount\tsum\tmin\tmax\nv\t\t\t1\t17\t17\t17\nv\t15\t17\t1\t\t\t\n' >"$T/bad.h"
	np np-sum "$T/bad.h"
	status_is 1
	err_is "np-sum: $T/bad.h:3:3: expected the bounds of a histogram bucket (relative error 0.01), found '15' and '17'"
}

@test "np-sum -g: large values of few digits sum exactly, however large; np-sum: histogram rows headed value_column, or column as np 0.1 wrote them, merge alike; np-sum -g engine: Explorer's lower-case engines group as np-trace spells them; equal values report that value; whole columns whole percentiles; up to 32 values exact percentiles, then the buckets; np-sum -H: exact values as rows of equal bounds, merged into one run's result; np-sum -H: whole columns' buckets have whole bounds, and a merge knows the column is whole" {
	cases \
	    "large values of few digits sum exactly, however large" np_sum_group_26 \
	    "np-sum: histogram rows headed value_column, or column as np 0.1 wrote them, merge alike" np_sum_group_27 \
	    "np-sum -g engine: Explorer's lower-case engines group as np-trace spells them" np_sum_group_28 \
	    "equal values report that value; whole columns whole percentiles" np_sum_group_29 \
	    "up to 32 values exact percentiles, then the buckets" np_sum_group_30 \
	    "np-sum -H: exact values as rows of equal bounds, merged into one run's result" np_sum_group_31 \
	    "np-sum -H: whole columns' buckets have whole bounds, and a merge knows the column is whole" np_sum_group_t8
}

@test "np-sum -g: 10000 groups of one value in 200 bytes a group (a million: np-sum-group-big.bats)" {
	need_plain_build
	awk 'BEGIN { print "key\tv"
	    for (i = 0; i < 10000; i++) printf "k%d\t%d\n", i * 7919 % 10000, i }' >"$T/m.tsv"
	# 16 MiB for the program, then 200 bytes a group
	under_ulimit $((16384 + 10000 * 200 / 1024)) np-sum -M 10000 -g key -v v "$T/m.tsv"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 10001 ]
	[ "$(sed -n 2p "$OUT" | cut -f1-10)" = "$(printf 'k0\tv\t1\t0\t0\t0\t0\t0\t0\t0')" ]
	under_ulimit $((16384 + 10000 * 200 / 1024)) np-sum -H -M 10000 -g key -v v "$T/m.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 20001 ]
}

np_sum_group_34() {
	# 150000 rows over 80000 keys, a key's rows next to each other (within
	# the rows pending a look-up) and far apart; the counts, sums, min and
	# max against awk's, keys in byte order
	awk 'BEGIN { print "key\tv"; srand(5)
	    for (i = 0; i < 150000; i++)
		printf "k%d\t%d\n", i < 100000 ? int(i * 0.8) : int(rand() * 80000),
		    int(rand() * 1000) - 500 }' >"$T/m.tsv"
	np np-sum -M 80000 -g key -v v "$T/m.tsv"
	status_is 0
	no_err
	tail -n +2 "$OUT" | cut -f1,3-6 > "$T/got"
	awk -F'\t' 'NR > 1 { k = $1; v = $2 + 0; n[k]++; s[k] += v
	    if (!(k in lo) || v < lo[k]) lo[k] = v; if (!(k in hi) || v > hi[k]) hi[k] = v }
	    END { for (k in n) printf "%s\t%d\t%d\t%d\t%d\n", k, n[k], s[k], lo[k], hi[k] }' "$T/m.tsv" |
	    LC_ALL=C sort > "$T/want"
	[ "$(wc -l <"$T/want")" -gt 65536 ]
	cmp "$T/want" "$T/got"
	# one key fewer allowed: the first row of a key too many, as when
	# each row is looked up as it comes
	n=$(wc -l <"$T/want")
	line=$(awk -F'\t' -v max=$((n - 1)) 'NR > 1 && !($1 in seen) { seen[$1]; if (++k > max) { print NR; exit } }' "$T/m.tsv")
	np np-sum -M $((n - 1)) -g key -v v "$T/m.tsv"
	status_is 1
	err_is "np-sum: $T/m.tsv:$line: more than $((n - 1)) groups (raise the limit with -M)"
}

np_sum_group_35() {
	# 20000 keys, then -M 20000 rows on them: every row past the limit
	# reached looked up some rows late gives awk's counts and sums
	awk 'BEGIN { print "key\tv"; srand(7)
	    for (i = 0; i < 20000; i++) printf "k%d\t%d\n", i, i
	    for (i = 0; i < 60000; i++) printf "k%d\t%d\n", int(rand() * 20000), int(rand() * 1000) }' >"$T/c.tsv"
	np np-sum -M 20000 -g key -v v "$T/c.tsv"
	status_is 0
	no_err
	tail -n +2 "$OUT" | cut -f1,3,4 > "$T/got"
	awk -F'\t' 'NR > 1 { n[$1]++; s[$1] += $2 }
	    END { for (k in n) printf "%s\t%d\t%d\n", k, n[k], s[k] }' "$T/c.tsv" |
	    LC_ALL=C sort > "$T/want"
	cmp "$T/want" "$T/got"
	# a key too many, then rows of known keys, then a bad value and a
	# row of too few fields: the key's line is the error, not the later
	# ones read while it waited for its look-up
	{ cat "$T/c.tsv"; printf 'new\t1\nk1\t2\nk2\t3\nk3\tx\nk4\n'; } >"$T/d.tsv"
	np np-sum -M 20000 -g key -v v "$T/d.tsv"
	status_is 1
	err_is "np-sum: $T/d.tsv:80002: more than 20000 groups (raise the limit with -M)"
	{ cat "$T/c.tsv"; printf 'new\t1\nk1\t2\nk4\n'; } >"$T/e.tsv"
	np np-sum -M 20000 -g key -v v "$T/e.tsv"
	status_is 1
	err_is "np-sum: $T/e.tsv:80002: more than 20000 groups (raise the limit with -M)"
	# the key before its own bad value
	{ cat "$T/c.tsv"; printf 'k1\t2\nnew\tx\n'; } >"$T/f.tsv"
	np np-sum -M 20000 -g key -v v "$T/f.tsv"
	status_is 1
	err_is "np-sum: $T/f.tsv:80003: more than 20000 groups (raise the limit with -M)"
}

np_sum_group_36() {
	# shares, means and percentiles are printed by number.c's own digits,
	# and every number is read by its own: compared with printf's on
	# 20000 doubles of every magnitude, and with strtod bit for bit on
	# 20000 decimals (long, halfway, subnormal, past either end);
	# np-sum-big.bats checks 200000 of each
	numcheck_gives "20000 doubles, 20000 decimals, 0 differences" 20000
}

np_sum_group_37() {
	# common/base/number_pow5.h is generated: its entries must be what
	# tests/tools/pow5gen.c works out in exact integer arithmetic
	np pow5gen
	status_is 0
	no_err
	cmp "$OUT" "$BATS_TEST_DIRNAME/../common/base/number_pow5.h"
}


np_sum_group_t9() {
	printf 'k\tv\na\t1\n\na\t3\n\r\nb\t2\n' >"$T/b.tsv"
	np np-sum -g k -v v "$T/b.tsv"
	status_is 0
	err_is "np-sum: blank lines skipped: 2 (first: $T/b.tsv:3)"
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'k\tvalue_column\tcount\tsum\na\tv\t2\t4\nb\tv\t1\t2')" ]
	printf 'k,v\na,1\n\nb,2\n' >"$T/b.csv"
	np np-sum -g k -v v "$T/b.csv"
	status_is 0
	err_is "np-sum: blank lines skipped: 1 (first: $T/b.csv:3)"
}

np_sum_group_39() {
	printf 'g\tv\na\t1\na\t3\nb\t5\n' >"$T/in.tsv"
	np-sum -H -g g -v v "$T/in.tsv" >"$T/h"
	np-sum -g g -v v "$T/in.tsv" >"$T/want"
	np sh -c "cat '$T/h' | np-sum"
	status_is 0
	no_err
	cmp "$OUT" "$T/want"
}

np_sum_group_40() {
	# Per hlo_name, instructions and evt_wait_time_ns sums over both
	# cores, from golden/np-stall/explorer-hlo_name.tsv (checked by awk,
	# fixtures/np-stall/README): add.7 12+13 = 25, 4206+2191 = 6397;
	# dot.1 9+9, 2447+2191; exponential.2 9+9, 5637+2015; multiply.12
	# 9+9, 3938+3902; transpose.3 10+10, 2307+420; the one with quotes
	# 1, 140.  Every row has a wait; the longest is 1875.
	X=$FIX/explorer
	for f in "$X/csv/instruction.tsv" "$X/csv/table/Instruction.csv" \
	    "$X/csv/instruction-crlf.csv" "$X/csv/export/Instruction.csv"; do
		np np-sum -g hlo_name -v evt_wait_time_ns "$f"
		status_is 0
		no_err
		[ "$(cut -f1,3-6 "$OUT")" = "$(printf '%s\n' \
		    'hlo_name	count	sum	min	max' \
		    'add.7	25	6397	0	1875' \
		    'dot.1	18	4638	0	1875' \
		    'dot.1 "fused", µ-kernel	1	140	140	140' \
		    'exponential.2	18	7652	0	1875' \
		    'multiply.12	18	7840	0	1875' \
		    'transpose.3	20	2727	0	1875')" ]
		# Two keys and values outside the instruction record; the
		# TSV and CSV agree byte for byte.
		np np-sum -g engine,hlo_name -v psum_read_bytes,dma_wait_time_ns "$f"
		status_is 0
		[ "$(head -1 "$OUT")" = "$(printf 'engine\thlo_name\tvalue_column\tcount\tsum\tmin\tmax\tmean\tp50\tp90\tp99\tshare')" ]
		if [ "$f" = "$X/csv/instruction.tsv" ]; then
			cp "$OUT" "$T/first.tsv"
		else
			cmp "$T/first.tsv" "$OUT"
		fi
	done
}


np_sum_group_t3() {
	# explorer-opcode.tsv: computed from the CSV by mlr and awk
	# (fixtures/np-sum/README).  Every form of the same 100 rows gives
	# it byte for byte, the empty values counted alike.
	X=$FIX/explorer
	np np-sum -g opcode -v duration_ns,dma_wait_time_ns "$X/csv/table/Instruction.csv"
	status_is 0
	err_is "np-sum: empty values skipped: 90 (first: $X/csv/table/Instruction.csv:2)"
	grep -v 'dma_wait_time_ns' "$OUT" > "$T/got"
	cmp "$GOLD/np-sum/explorer-opcode.tsv" "$T/got"
	cp "$OUT" "$T/want"
	for f in "$X/json/Instruction.jsonl" "$X/rows/Instruction.jsonl" \
	    "$X/parquet/instruction-zstd-v2.parquet" \
	    "$X/parquet/pw-instruction-delta-gzip-v2.parquet"; do
		np np-sum -g opcode -v duration_ns,dma_wait_time_ns "$f"
		status_is 0
		err_is "np-sum: empty values skipped: 90 (first: $f:1)"
		cmp "$T/want" "$OUT"
	done
	P="$X/profile@latest"
	np np-sum -g opcode -v duration_ns,dma_wait_time_ns "$P"
	status_is 0
	err_is "np-sum: empty values skipped: 90 (first: $P/Instruction_0.parquet:1)"
	cmp "$T/want" "$OUT"
	np np-sum -g opcode -v duration_ns,dma_wait_time_ns "$P/Instruction_0.parquet" "$P/Instruction_1.parquet"
	status_is 0
	cmp "$T/want" "$OUT"
	# Through standard input too (Parquet: a file, not a pipe).
	np sh -c "np-sum -g opcode -v duration_ns < '$X/parquet/instruction-snappy-v1.parquet'"
	status_is 0
	golden np-sum/explorer-opcode.tsv
	np sh -c "cat '$X/json/Instruction.jsonl' | np-sum -g opcode -v duration_ns"
	status_is 0
	golden np-sum/explorer-opcode.tsv
}

np_sum_group_t4() {
	# The FLOAT columns (DmaPacket's throughput, CcOp's bandwidths) DuckDB's
	# CSV prints to single precision, and rows/ holds them unrounded:
	# those are compared between json/ and Parquet only, as values (a
	# FLOAT key is spelt otherwise, below).  Each form's runs, output and
	# exit status, go into a transcript of its own, compared at the end;
	# the runs are made by sh, which starts a process in less time than a
	# test's own shell.
	X=$FIX/explorer
	sh -s "$X" "$T" <<-'EOF'
	set -f
	X=$1 T=$2
	# run NAME FILE OPTIONS: np-sum's output and exit status, at the
	# end of transcript NAME.
	run() {
		name=$1 f=$2
		shift 2
		{ echo "== np-sum $*"
		  np-sum "$@" "$f" 2>/dev/null && s=0 || s=$?
		  echo "== exit $s"; } >>"$T/$name"
	}
	: >"$T/csv"; : >"$T/json"; : >"$T/pq"; : >"$T/fjson"; : >"$T/fpq"
	for t in Instruction:instruction-snappy-v2 DmaPacket:dmapacket-snappy-v1 \
	    CcOp:ccop-snappy-v1 CcInstruction:ccinstruction-snappy-v1; do
		tab=${t%%:*} pq=$X/parquet/${t#*:}.parquet
		IFS= read -r cols <"$X/csv/table/$tab.csv"
		IFS=,
		for c in $cols; do
			IFS=' '
			for opt in "-g $c -v duration_ns" "-g start_ts -v $c"; do
				case $c:$opt in
				throughput:-g\ start_ts*|*bandwidth:-g\ start_ts*)
					run fjson "$X/json/$tab.jsonl" $opt
					run fpq "$pq" $opt ;;
				throughput:*|*bandwidth:*) ;;
				*)
					run csv "$X/csv/table/$tab.csv" $opt
					run json "$X/json/$tab.jsonl" $opt
					run pq "$pq" $opt ;;
				esac
			done
		done
		IFS=' '
	done
	EOF
	for f in json pq; do
		cmp -s "$T/csv" "$T/$f" || { diff "$T/csv" "$T/$f" | head -20; return 1; }
	done
	cmp -s "$T/fjson" "$T/fpq" || { diff "$T/fjson" "$T/fpq" | head -20; return 1; }
	# Every column's runs are there: 98 columns, two runs each, but for
	# the 3 FLOAT keys; most of them read.
	[ "$(grep -c '^== exit' "$T/csv")" -eq 190 ]
	[ "$(grep -c '^== exit' "$T/fjson")" -eq 3 ]
	[ "$(grep -c '^== exit 0$' "$T/csv")" -gt 150 ]
}

np_sum_group_t5() {
	printf '%s\n' '{"k":"a","v":1}' '{"k":null,"v":2}' '{"v":3}' \
	    '{"k":"a","v":null}' '{"k":"a"}' '{"k":"","v":""}' '{"k":"b","v":"4"}' > "$T/r.jsonl"
	printf '%s\n' k,v a,1 ,2 ,3 a, a, '"",""' b,4 > "$T/r.csv"
	np np-sum -g k -v v "$T/r.csv"
	status_is 0
	err_is "np-sum: empty values skipped: 3 (first: $T/r.csv:5)"
	[ "$(<"$OUT")" = "$(printf '%s\n' \
	    'k	value_column	count	sum	min	max	mean	p50	p90	p99	share' \
	    '	v	2	5	2	3	2.5	2	3	3	0.5' \
	    'a	v	1	1	1	1	1	1	1	1	0.1' \
	    'b	v	1	4	4	4	4	4	4	4	0.4')" ]
	cp "$OUT" "$T/want"
	np np-sum -g k -v v "$T/r.jsonl"
	status_is 0
	err_is "np-sum: empty values skipped: 3 (first: $T/r.jsonl:4)"
	cmp "$T/want" "$OUT"
	# Parquet nulls: DmaPacket's pcore_idx is null on 6 rows.
	X=$FIX/explorer
	np np-sum -g pcore_idx -v duration_ns "$X/csv/table/DmaPacket.csv"
	cp "$OUT" "$T/want"
	[ "$(sed -n 2p "$OUT" | cut -f1-3)" = "$(printf '\tduration_ns\t6')" ]
	np np-sum -g pcore_idx -v duration_ns "$X/parquet/dmapacket-snappy-v1.parquet"
	status_is 0
	cmp "$T/want" "$OUT"
}

@test "np-sum -g: past 65536 groups rows are looked up some rows late, with the same sums and the same error; at the group limit rows are still looked up late, and a key too many is the first error; num: doubles print in printf's fewest digits, round to 4 digits as printf, and read as strtod, without them; num: the powers of five num_f64 multiplies by are pow5gen's, exact; blank lines between rows are passed over and counted, in TSV and CSV; np-sum: histogram rows found without -g are read on from the bytes already looked at, through a pipe; np-sum -g hlo_name: any header column of Explorer's TSV and CSV is a key or a value; Explorer's JSON rows, Parquet files, a split table and a profile directory give the CSV's output; every column of Explorer's tables a key and a value, the same in CSV, JSON and Parquet; a JSON null, a missing member and a Parquet null are the CSV's empty field" {
	cases \
	    "past 65536 groups rows are looked up some rows late, with the same sums and the same error" np_sum_group_34 \
	    "at the group limit rows are still looked up late, and a key too many is the first error" np_sum_group_35 \
	    "num: doubles print in printf's fewest digits, round to 4 digits as printf, and read as strtod, without them" np_sum_group_36 \
	    "num: the powers of five num_f64 multiplies by are pow5gen's, exact" np_sum_group_37 \
	    "blank lines between rows are passed over and counted, in TSV and CSV" np_sum_group_t9 \
	    "np-sum: histogram rows found without -g are read on from the bytes already looked at, through a pipe" np_sum_group_39 \
	    "np-sum -g hlo_name: any header column of Explorer's TSV and CSV is a key or a value" np_sum_group_40 \
	    "Explorer's JSON rows, Parquet files, a split table and a profile directory give the CSV's output" np_sum_group_t3 \
	    "every column of Explorer's tables a key and a value, the same in CSV, JSON and Parquet" np_sum_group_t4 \
	    "a JSON null, a missing member and a Parquet null are the CSV's empty field" np_sum_group_t5
}

np_sum_group_44() {
	X=$FIX/explorer
	np np-sum -H -g engine -v duration_ns "$X/csv/table/Instruction.csv" \
	    "$X/csv/table/Instruction.csv" "$X/csv/table/Instruction.csv"
	cp "$OUT" "$T/want"
	np np-sum -H -g engine -v duration_ns "$X/csv/instruction.tsv" \
	    "$X/json/Instruction.jsonl" "$X/parquet/instruction-lz4raw-v1.parquet"
	status_is 0
	no_err
	cmp "$T/want" "$OUT"
}

np_sum_group_45() {
	X=$FIX/explorer
	grep -q '"throughput":24005861376.0,' "$X/json/DmaPacket.jsonl"
	np np-sum -g throughput -v duration_ns "$X/json/DmaPacket.jsonl"
	status_is 0
	no_err
	[ "$(cut -f1 "$OUT" | tr '\n' ' ')" = "throughput 12800000000 16000000000 \
24001464000 24005861000 24094118000 32000000000 " ]
	cp "$OUT" "$T/want"
	np np-sum -g throughput -v duration_ns "$X/parquet/dmapacket-snappy-v1.parquet"
	status_is 0
	no_err
	cmp "$T/want" "$OUT"
	# DuckDB's CSV spells them 12800000000.0 and 24005861000.0
	grep -q ',24005861000.0,' "$X/csv/table/DmaPacket.csv"
	for f in csv/table/DmaPacket.csv csv/export/DmaPacket.csv; do
		np np-sum -g throughput -v duration_ns "$X/$f"
		status_is 0
		no_err
		cmp "$T/want" "$OUT"
	done
	# values too, with the float fixture's hard ones (365779616 is
	# 365779620, its fewest digits; NaN and the infinities left out)
	F=$X/float
	np np-sum -g throughput -v throughput "$F/dmapacket.parquet"
	status_is 0
	[ "$(cut -f1,4 "$OUT" | sed -n '2p;3p;8p' | tr '\t\n' ', ')" = \
	    "0,0 0.1,0.1 365779620,365779620 " ]
	cp "$OUT" "$T/want"
	for f in csv tsv jsonl; do
		np np-sum -g throughput -v throughput "$F/dmapacket.$f"
		status_is 0
		cmp "$T/want" "$OUT"
	done
}

np_sum_group_46() {
	X=$FIX/explorer
	cols=$(head -1 "$X/csv/table/Instruction.csv" | tr , ' ')
	np np-sum -g nope -v duration_ns "$X/json/Instruction.jsonl"
	status_is 1
	err_is "np-sum: $X/json/Instruction.jsonl: expected a column 'nope' (given to -g), found none in its rows, the first of which has: $cols"
	np np-sum -g opcode -v nope "$X/parquet/instruction-snappy-v1.parquet"
	status_is 1
	err_is "np-sum: $X/parquet/instruction-snappy-v1.parquet: expected a column 'nope' (given to -v), found none in the file, which has: $cols"
	np np-sum -g queue_name -v duration_ns "$X/profile@latest"
	status_is 1
	err_is "np-sum: $X/profile@latest/Instruction_0.parquet: expected a column 'queue_name' (given to -g), found none in the file (closest: input_queue_bytes, output_queue_bytes, weight_queue_bytes), which has: $cols (a profile directory's rows are its Instruction table's; another table is read by its file's name); profile schema 7.4.0 (its Metadata table)"
	np np-sum -g queue_name -v duration_ns "$X/profile@latest/DmaPacket.parquet"
	status_is 0
	np np-sum -g engine -v opcode "$X/json/Instruction.jsonl"
	status_is 1
	err_is "np-sum: $X/json/Instruction.jsonl:1:148: expected a number in column 'opcode', found 'LDWEIGHTS'"
	np np-sum -g engine -v opcode "$X/parquet/instruction-snappy-v1.parquet"
	status_is 1
	err_is "np-sum: $X/parquet/instruction-snappy-v1.parquet: row 1: expected a number in column 'opcode', found 'LDWEIGHTS'"
	np np-sum -g engine "$X/json/Instruction.jsonl"
	status_is 1
	err_is "np-sum: $X/json/Instruction.jsonl: expected -v naming value columns (histogram rows are TSV)"
	mkdir "$T/empty"
	np np-sum -g engine -v duration_ns "$T/empty"
	status_is 1
	err_is "np-sum: $T/empty: a profile directory without an Instruction table, whose rows a directory's are (expected Instruction.parquet in it, or the table split into _0, _1, ... files); another table is read by its file's name"
	# Column 148 of line 1 is opcode's value.
	[ "$(head -1 "$X/json/Instruction.jsonl" | cut -c148-158)" = '"LDWEIGHTS"' ]
}

np_sum_group_47() {
	np np-sum -g opcode -v duration "$FIX/np-cc/view.json"
	status_is 1
	err_is "np-sum: $FIX/np-cc/view.json:1:2: expected rows of one table (an object a row), found a view export's table 'cc_stream': take its rows with np-trace, np-dma or np-cc (-c naming further columns) and read their TSV (byte offset 1)"
	[ ! -s "$OUT" ]
}

np_sum_group_48() {
	v=$(seq -s, -f 'c%g' 1 33)
	echo '{"c1":1}' > "$T/r.jsonl"
	np np-sum -v "$v" "$T/r.jsonl"
	status_is 1
	err_is "np-sum: $T/r.jsonl: expected at most 32 columns named by -g and -v for JSON or Parquet rows, found 33"
	# A name given to both -g and -v is read once.
	np np-sum -g c1 -v c1 "$T/r.jsonl"
	status_is 0
	[ "$(sed -n 2p "$OUT" | cut -f1-4)" = "$(printf '1\tc1\t1\t1')" ]
}

@test "np-sum -g: one run over TSV, CSV, JSON and Parquet files adds their rows; a FLOAT key or value is the float's fewest digits in every form; JSON and Parquet errors name the columns there are, the value and where it is; a view JSON export is an error that says how to read its tables; more than 32 columns for JSON rows is an error" {
	cases \
	    "one run over TSV, CSV, JSON and Parquet files adds their rows" np_sum_group_44 \
	    "a FLOAT key or value is the float's fewest digits in every form" np_sum_group_45 \
	    "JSON and Parquet errors name the columns there are, the value and where it is" np_sum_group_46 \
	    "a view JSON export is an error that says how to read its tables" np_sum_group_47 \
	    "more than 32 columns for JSON rows is an error" np_sum_group_48
}

@test "np-sum -g: constant memory on a Parquet file much larger than the limit" {
	need_plain_build
	npgen -b 60000000 explorer-parquet > "$T/big.parquet"
	np-trace "$T/big.parquet" |
	    np-sum -g engine,opcode -v duration_ns,hbm_read_bytes > "$T/want"
	under_ulimit 16384 np-sum -g engine,opcode -v duration_ns,hbm_read_bytes \
	    "$T/big.parquet"
	status_is 0
	no_err
	[ "$(wc -l < "$OUT")" -eq 29 ]
	cmp "$T/want" "$OUT"
}

np_sum_group_50() {
	# 384307168202282336 three times: the sum 2^60 + 32 exactly, the mean
	# the value itself, which is 64 * 6004799503160661.5 (doubles are 64
	# apart there): a tie, to the even 6004799503160662, so
	# 384307168202282368.  The sum's double (2^60) divided by 3 gave
	# ...304.  b: 0.5 / 3, 0.16666666666666666; its share 0.5 over the
	# total 1152921504606847008.5: 4.336808689942018e-19 (exact
	# fractions, then rounded to the nearest double).
	printf 'k\tv\n' >"$T/m.tsv"
	for i in 1 2 3; do printf 'a\t384307168202282336\n' >>"$T/m.tsv"; done
	printf 'b\t0.1\nb\t0.2\nb\t0.2\n' >>"$T/m.tsv"
	np np-sum -n -g k -v v "$T/m.tsv"
	status_is 0
	no_err
	[ "$(cut -f1,4,7,11 "$OUT")" = "$(printf '%s\n' \
	    'a	1152921504606847008	384307168202282368	1' \
	    'b	0.5	0.16666666666666666	4.336808689942018e-19')" ]
}

np_sum_group_51() {
	# Exact decimals (count, sum, min, max, percentiles of few values) are
	# spelt as np spells a double (the mean): an exponent only below 10^-4
	# or beyond int64, at the edges: float32's largest, 1e40, 10^-4, 10^-6,
	# int64's ends, negatives, and a fraction beyond int64.
	printf '%s\n' 'g	x' 'a	3.4028235e38' 'b	-3.4028235e38' 'c	1e40' \
	    'd	9.99e39' 'e	0.0001' 'f	0.00009' 'g	-0.00009' 'h	0.000001' \
	    'i	1e-7' 'j	9223372036854775807' 'k	9223372036854775808' \
	    'l	-9223372036854775808' 'm	-9223372036854775809' \
	    'n	9223372036854775808.5' 'o	922337203685477580.75' \
	    'p	-0.0001' > "$T/v.tsv"
	np np-sum -g g -v x "$T/v.tsv"
	status_is 0
	no_err
	cut -f1,4-9 "$OUT" > "$T/got"
	printf '%s\n' 'g	sum	min	max	mean	p50	p90' \
	    'a	3.4028235e38	3.4028235e38	3.4028235e38	3.4028235e38	3.4028235e38	3.4028235e38' \
	    'b	-3.4028235e38	-3.4028235e38	-3.4028235e38	-3.4028235e38	-3.4028235e38	-3.4028235e38' \
	    'c	1e40	1e40	1e40	1e40	1e40	1e40' \
	    'd	9.99e39	9.99e39	9.99e39	9.99e39	9.99e39	9.99e39' \
	    'e	0.0001	0.0001	0.0001	0.0001	0.0001	0.0001' \
	    'f	9e-5	9e-5	9e-5	9e-5	9e-5	9e-5' \
	    'g	-9e-5	-9e-5	-9e-5	-9e-5	-9e-5	-9e-5' \
	    'h	1e-6	1e-6	1e-6	1e-6	1e-6	1e-6' \
	    'i	1e-7	1e-7	1e-7	1e-7	1e-7	1e-7' \
	    'j	9223372036854775807	9223372036854775807	9223372036854775807	9.223372036854776e18	9223372036854775807	9223372036854775807' \
	    'k	9.223372036854775808e18	9.223372036854775808e18	9.223372036854775808e18	9.223372036854776e18	9.223372036854775808e18	9.223372036854775808e18' \
	    'l	-9223372036854775808	-9223372036854775808	-9223372036854775808	-9.223372036854776e18	-9223372036854775808	-9223372036854775808' \
	    'm	-9.223372036854775809e18	-9.223372036854775809e18	-9.223372036854775809e18	-9.223372036854776e18	-9.223372036854775809e18	-9.223372036854775809e18' \
	    'n	9.2233720368547758085e18	9.2233720368547758085e18	9.2233720368547758085e18	9.223372036854776e18	9.2233720368547758085e18	9.2233720368547758085e18' \
	    'o	922337203685477580.75	922337203685477580.75	922337203685477580.75	922337203685477632	922337203685477580.75	922337203685477580.75' \
	    'p	-0.0001	-0.0001	-0.0001	-0.0001	-0.0001	-0.0001' > "$T/want"
	diff "$T/want" "$T/got"
}

np_sum_group_52() {
	# The sum of 3.4028235e38 and 1e-45 needs more than 38 digits and is
	# written as a double; the max is exact: both in exponent form.
	np np-sum -v throughput "$FIX/explorer/float/dmapacket.parquet"
	status_is 0
	cut -f1,3-6 "$OUT" > "$T/got"
	printf '%s\n' 'value_column	sum	min	max	mean' \
	    'throughput	3.4028235e38	0	3.4028235e38	4.861176428571429e37' > "$T/want"
	diff "$T/want" "$T/got"
}

@test "np-sum -g: the mean is the nearest double to the exact sum over the count; one spelling for every number of a row (issue 25, item 10); np-sum -v: a float32's largest value, its sum a double, spelt alike (issue 25, item 10)" {
	cases \
	    "the mean is the nearest double to the exact sum over the count" np_sum_group_50 \
	    "one spelling for every number of a row (issue 25, item 10)" np_sum_group_51 \
	    "np-sum -v: a float32's largest value, its sum a double, spelt alike (issue 25, item 10)" np_sum_group_52
}
