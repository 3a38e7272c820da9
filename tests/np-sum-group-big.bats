#!/usr/bin/env bats
# np-sum-group at production size, for make test-big, not make test: a million groups in their bound of memory.
# np-sum-group.bats holds a small version of each, down the same code path.

load helpers

@test "np-sum -g: a million groups of one value in 200 bytes a group" {
	need_plain_build
	awk 'BEGIN { print "key\tv"
	    for (i = 0; i < 1000000; i++) printf "k%d\t%d\n", i * 7919 % 1000000, i }' >"$T/m.tsv"
	# 16 MiB for the program, then 200 bytes a group
	under_ulimit $((16384 + 1000000 * 200 / 1024)) np-sum -M 1000000 -g key -v v "$T/m.tsv"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 1000001 ]
	[ "$(sed -n 2p "$OUT" | cut -f1-10)" = "$(printf 'k0\tv\t1\t0\t0\t0\t0\t0\t0\t0')" ]
	under_ulimit $((16384 + 1000000 * 200 / 1024)) np-sum -H -M 1000000 -g key -v v "$T/m.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 2000001 ]
}
