#!/usr/bin/env bats
# np-cc at production size, for make test-big, not make test: its memory
# proofs on a million collectives and 60 MB, and its bound of 1048576
# collectives.  np-cc.bats holds a small version of each, down the same
# code path.

load helpers

# dense N: a trace of N collectives, each START and END.  A million
# TPB_TRIGGER START/END pairs (58 MB): a program keeping 8 bytes per
# collective would need more than the 12 MiB allowed.
dense() {
	awk -v n="$1" 'BEGIN { print "Collectives trace for CC-core 8"; t = 1e10
	    for (i = 0; i < n; i++) {
	        printf "TPB_TRIGGER %.0f START\nTPB_TRIGGER %.0f END\n",
	            t, t + 700; t += 1000 + i % 7 } }'
}

@test "np-cc: constant memory: events, -G and -L under ulimit -v" {
	need_plain_build
	dense 1000000 >"$T/dense.txt"
	for m in "" -G -L; do
		under_ulimit 12288 np-cc $m "$T/dense.txt"
		status_is 0
		[ "$(wc -l <"$OUT")" -gt 499000 ]
	done
}

@test "np-cc: constant memory on a large generated trace" {
	need_plain_build
	npgen -b 60000000 trace-text >"$T/big.txt"
	under_ulimit 12288 np-cc -L "$T/big.txt"
	status_is 0
	grep -q '	total	' "$OUT"
}

@test "np-cc: --skew holds at most 1048576 collectives, then says so" {
	awk 'BEGIN { print "Collectives trace for CC-core 8"
	    for (i = 0; i < 1048577; i++) print "TPB_TRIGGER", i, "START" }' \
	    >"$T/s.txt"
	cd "$T"
	np np-cc -K s.txt
	status_is 1
	err_is "np-cc: s.txt:1048578: --skew holds at most 1048576 collectives (ranks x CC-cores x collectives); select fewer with -C first,last"
	np np-cc -K -n -C 1048570, s.txt
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 8 ]
}
