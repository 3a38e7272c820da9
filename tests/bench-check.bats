#!/usr/bin/env bats
# make bench-check's checker, tests/bench-count: its comparison of counts
# with a baseline (made-up counts here), and how it runs each route, with
# a stand-in for the instruction counter that records what it was given
# (callgrind itself takes a minute or two over every route: make
# bench-check, not make test).

load helpers

BC=$BATS_TEST_DIRNAME/bench-count
ENV1='# build: cc -O2 -g
# cc: cc 12
# libc: glibc 2.36
# counter: vg-3.19.0
# cpu: x86_64 avx2'
HEAD='route	ir_per_unit	unit	units	ir'

# counts FILE LINE...: a file of counts, made by the same tools as ENV1.
counts() {
	local f=$1
	shift
	{ printf '%s\n%s\n' "$ENV1" "$HEAD"; printf '%s\n' "$@"; } >"$f"
}

bench_check_t1() {
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-stall explorer.parquet	997.8466	row	20000	19956933' \
	    'np-cc -G <trace.txt	2.2656	byte	8158027	18482652'
	# np-cc -G: 9 instructions fewer, a change of -0.00005%, shown as none.
	counts "$T/now" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-stall explorer.parquet	997.8466	row	20000	19956933' \
	    'np-cc -G <trace.txt	2.2656	byte	8158027	18482643'
	np sh "$BC" compare "$T/base" "$T/now"
	status_is 0
	no_err
	cat >"$T/want" <<'EOF'
route                                                    unit   baseline        now   change
np-trace <view.json                                      byte     2.5000     2.5000   +0.00%
np-stall explorer.parquet                                 row      997.8      997.8   +0.00%
np-cc -G <trace.txt                                      byte     2.2656     2.2656   +0.00%
bench-check: 3 routes, 0 rose more than 3%, 0 fell more than 3%, 0 missing
EOF
	diff -u "$T/want" "$OUT"
}

bench_check_t2() {
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-dma <dma.txt	8.0000	byte	1000	8000' \
	    'np-gaps -U explorer.parquet	1000.0000	row	100	100000'
	# +3.04%, +3.00% and +2.99%: only the first is more than 3%.
	counts "$T/now" 'np-trace <view.json	2.5760	byte	1000	2576' \
	    'np-dma <dma.txt	8.2400	byte	1000	8240' \
	    'np-gaps -U explorer.parquet	1029.9000	row	100	102990'
	np sh "$BC" compare "$T/base" "$T/now"
	status_is 1
	no_err
	cat >"$T/want" <<'EOF'
route                                                    unit   baseline        now   change
np-trace <view.json                                      byte     2.5000     2.5760   +3.04%
np-dma <dma.txt                                          byte     8.0000     8.2400   +3.00%
np-gaps -U explorer.parquet                               row     1000.0     1029.9   +2.99%
bench-check: np-trace <view.json: rose from 2.5000 to 2.5760 instructions a byte (+3.04%), more than 3%
bench-check: 3 routes, 1 rose more than 3%, 0 fell more than 3%, 0 missing
EOF
	diff -u "$T/want" "$OUT"
}

bench_check_t3() {
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-stall explorer.parquet	1000.0000	row	100	100000'
	counts "$T/now" 'np-trace <view.json	2.0000	byte	1000	2000' \
	    'np-stall explorer.parquet	971.0000	row	100	97100'
	np sh "$BC" compare "$T/base" "$T/now"
	status_is 0
	no_err
	cat >"$T/want" <<'EOF'
route                                                    unit   baseline        now   change
np-trace <view.json                                      byte     2.5000     2.0000  -20.00%
np-stall explorer.parquet                                 row     1000.0      971.0   -2.90%
bench-check: np-trace <view.json: fell from 2.5000 to 2.0000 instructions a byte (-20.00%): make bench-baseline keeps the gain
bench-check: 2 routes, 0 rose more than 3%, 1 fell more than 3%, 0 missing
EOF
	diff -u "$T/want" "$OUT"
}

bench_check_t4() {
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-cc -G <trace.txt	2.0000	byte	1000	2000'
	counts "$T/now" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-bound <profile.parquet	10.0000	row	10	100'
	np sh "$BC" compare "$T/base" "$T/now"
	status_is 1
	no_err
	cat >"$T/want" <<'EOF'
route                                                    unit   baseline        now   change
np-trace <view.json                                      byte     2.5000     2.5000   +0.00%
np-bound <profile.parquet                                 row          -    10.0000
bench-check: np-bound <profile.parquet: not in the baseline (make bench-baseline adds it)
bench-check: np-cc -G <trace.txt: in the baseline, not measured (make bench-baseline drops it)
bench-check: 2 routes, 0 rose more than 3%, 0 fell more than 3%, 2 missing
EOF
	diff -u "$T/want" "$OUT"
}

bench_check_t5() {
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000	2500'
	{ printf '%s\n' "$ENV1" | sed 's/cc 12$/cc 13/'; echo "$HEAD"
	  printf 'np-trace <view.json\t2.5000\tbyte\t2000\t5000\n'; } >"$T/now"
	np sh "$BC" compare "$T/base" "$T/now"
	status_is 0
	no_err
	cat >"$T/want" <<'EOF'
bench-check: note: the counts change with the build, compiler, C library, instruction counter and CPU; the baseline was made with
# build: cc -O2 -g
# cc: cc 12
# libc: glibc 2.36
# counter: vg-3.19.0
# cpu: x86_64 avx2
and this run with
# build: cc -O2 -g
# cc: cc 13
# libc: glibc 2.36
# counter: vg-3.19.0
# cpu: x86_64 avx2
route                                                    unit   baseline        now   change
np-trace <view.json                                      byte     2.5000     2.5000   +0.00%
bench-check: np-trace <view.json: note: the slice is 2000 bytes, in the baseline 1000: made anew (by a changed npgen or np-trace?), compared a byte
bench-check: 1 routes, 0 rose more than 3%, 0 fell more than 3%, 0 missing
EOF
	diff -u "$T/want" "$OUT"
}

bench_check_t6() {
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000'
	counts "$T/now" 'np-trace <view.json	2.5000	byte	1000	2500'
	np sh "$BC" compare "$T/base" "$T/now"
	status_is 1
	[ "$(cat "$OUT")" = "bench-check: $T/base, line 7: expected route, ir_per_unit, unit, units, ir" ]
	np sh "$BC" compare "$T/none" "$T/now"
	status_is 1
	err_is "bench-count: cannot read $T/none"
}

# A stand-in for the instruction counter (NP_BENCH_COUNTER): it says its version, and
# otherwise records the working directory (its random part blanked), its
# environment and arguments in $T/log, and writes a callgrind file of
# 1000 instructions plus 3 a byte of standard input.
stub() {
	mkdir -p "$T/bin"
	cat >"$T/bin/vg" <<EOF
#!/bin/sh
[ "\$1" = --version ] && { echo counter-stub; exit 0; }
pwd >>"$T/dirs"
{ pwd | sed 's/np-bench-count\.[^/]*\$/np-bench-count.RANDOM/'
  env | sed 's/np-bench-count\.[^/]*\$/np-bench-count.RANDOM/' | sort
  printf '%s\n' "\$@"
  for a; do case \$a in ./bin/*) [ -x "\$a" ] && echo "\$a is there" ;; esac; done
} >>"$T/log"
printf 'totals: %d\n' \$((\$(wc -c) * 3 + 1000)) >cg.out
EOF
	chmod +x "$T/bin/vg"
}

bench_check_t7() {
	stub
	r1='np-cc -L <trace.txt'
	r2='np-stall -g engine,opcode explorer-zstd.parquet'
	NP_BENCH_COUNTER=$T/bin/vg NP_BENCH_COUNT_DIR=$T/s NP_BIN=$NP_BIN \
	    np sh "$BC" measure "$r1" "$r2"
	status_is 0
	no_err
	n=$(wc -c <"$T/s/slices/trace.txt")
	# 8 MB of npgen's trace text, and DuckDB's 4000 rows.
	[ "$n" -ge 8000000 ]
	cmp "$T/s/slices/explorer-zstd.parquet" "$FIX/bench/explorer-zstd.parquet"
	cat >"$T/want" <<EOF
# build: unknown
# cc: $(${CC:-cc} --version | head -1)
# libc: $(getconf GNU_LIBC_VERSION)
# counter: counter-stub
# cpu: $(uname -m)$(grep -m1 -ow avx2 /proc/cpuinfo | sed 's/^/ /')
route	ir_per_unit	unit	units	ir
np-cc -L <trace.txt	$(awk "BEGIN { printf \"%.4f\", ($n * 3 + 1000) / $n }")	byte	$n	$((n * 3 + 1000))
np-stall -g engine,opcode explorer-zstd.parquet	0.2500	row	4000	1000
EOF
	diff -u "$T/want" "$OUT"
	cat >"$T/want" <<EOF
/tmp/np-bench-count.RANDOM
LC_ALL=C
PATH=/usr/bin:/bin
PWD=/tmp/np-bench-count.RANDOM
TMPDIR=/tmp
-q
--tool=callgrind
--callgrind-out-file=cg.out
--toggle-collect=main
--toggle-collect=mkstemp*
./bin/np-cc
-L
./bin/np-cc is there
/tmp/np-bench-count.RANDOM
LC_ALL=C
PATH=/usr/bin:/bin
PWD=/tmp/np-bench-count.RANDOM
TMPDIR=/tmp
-q
--tool=callgrind
--callgrind-out-file=cg.out
--toggle-collect=main
--toggle-collect=mkstemp*
./bin/np-stall
-g
engine,opcode
explorer-zstd.parquet
./bin/np-stall is there
EOF
	diff -u "$T/want" "$T/log"
	# Again from elsewhere, with another TMPDIR, more in the environment,
	# and the slices under a longer name: the same runs.
	mkdir -p "$T/elsewhere/a/much/longer/directory/name"
	mv "$T/log" "$T/log1"
	(cd "$T/elsewhere" && NP_BENCH_COUNTER=$T/bin/vg TMPDIR=$T/elsewhere \
	    NP_BENCH_COUNT_DIR=$T/elsewhere/a/much/longer/directory/name \
	    NP_BIN=$NP_BIN FOO=bar np sh "$BC" measure "$r1" "$r2")
	status_is 0
	cmp "$T/log1" "$T/log"
	[ "$(sed -n 7p "$OUT")" = "np-cc -L <trace.txt	$(awk "BEGIN { printf \"%.4f\", ($n * 3 + 1000) / $n }")	byte	$n	$((n * 3 + 1000))" ]
	# Nothing left in /tmp: each directory the four runs worked in (their
	# own, not another bench-count's that may run meanwhile) is gone.
	[ "$(grep -c '^/tmp/np-bench-count\.' "$T/dirs")" -eq 4 ]
	while read -r d; do
		[ ! -e "$d" ]
	done <"$T/dirs"
}

bench_check_t8() {
	stub
	counts "$T/base" 'np-trace <view.json	2.5000	byte	1000	2500' \
	    'np-stall explorer-zstd.parquet	0.2000	row	4000	800'
	NP_BENCH_COUNTER=$T/bin/vg NP_BENCH_COUNT_DIR=$T/s NP_BIN=$NP_BIN \
	    NP_BENCH_BASELINE=$T/base np sh "$BC" check \
	    'np-stall explorer-zstd.parquet'
	status_is 1
	no_err
	# Only the route named is compared.
	[ "$(tail -2 "$OUT")" = "bench-check: np-stall explorer-zstd.parquet: rose from 0.2000 to 0.2500 instructions a row (+25.00%), more than 3%
bench-check: 1 routes, 1 rose more than 3%, 0 fell more than 3%, 0 missing" ]
}


bench_check_t9() {
	stub
	printf 'echo "np-stall: something wrong" >&2; exit 1\n' >>"$T/bin/vg"
	NP_BENCH_COUNTER=$T/bin/vg NP_BENCH_COUNT_DIR=$T/s NP_BIN=$NP_BIN \
	    np sh "$BC" measure 'np-stall explorer-zstd.parquet'
	status_is 1
	err_is "bench-count: np-stall explorer-zstd.parquet: failed: np-stall: something wrong"
}

bench_check_t10() {
	NP_BENCH_COUNTER=$T/no-counter NP_BENCH_COUNT_DIR=$T/s NP_BIN=$NP_BIN \
	    np sh "$BC" measure 'np-stall explorer-zstd.parquet'
	status_is 1
	err_is "bench-count: $T/no-counter is not installed"
	[ ! -e "$T/s" ]
}

@test "bench-check: the same counts pass, every route shown with its change; a rise of more than 3% on any route fails, naming it, the baseline, now and the change; a fall of more than 3% is reported, with how to keep it, and passes; a route missing from the baseline, or no longer measured, is an error; other tools, or another slice, are noted beside the comparison; a line that is not five fields, or a file not there, is an error; each route runs alone: a fixed environment, directory and standard input, whatever the caller's; check compares the routes it is given with the baseline, and fails on a rise; a route that fails is an error naming it, with what it said; without its instruction counter, measure says so and runs nothing" {
	cases \
	    "the same counts pass, every route shown with its change" bench_check_t1 \
	    "a rise of more than 3% on any route fails, naming it, the baseline, now and the change" bench_check_t2 \
	    "a fall of more than 3% is reported, with how to keep it, and passes" bench_check_t3 \
	    "a route missing from the baseline, or no longer measured, is an error" bench_check_t4 \
	    "other tools, or another slice, are noted beside the comparison" bench_check_t5 \
	    "a line that is not five fields, or a file not there, is an error" bench_check_t6 \
	    "each route runs alone: a fixed environment, directory and standard input, whatever the caller's" bench_check_t7 \
	    "check compares the routes it is given with the baseline, and fails on a rise" bench_check_t8 \
	    "a route that fails is an error naming it, with what it said" bench_check_t9 \
	    "without its instruction counter, measure says so and runs nothing" bench_check_t10
}
