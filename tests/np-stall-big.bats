#!/usr/bin/env bats
# np-stall at production size, for make test-big, not make test: its memory proof on 180 MB, and its bound of 1048576 keys.
# np-stall.bats holds a small version of each, down the same code path.

load helpers

@test "np-stall: at most 1048576 distinct keys" {
	# pc 0 .. 1048575 are 1048576 keys: all held.  One more is an error
	# at its line (header on line 1, pc i on line i + 2).
	awk 'BEGIN { print "start_ts\tpc\tevt_wait_time_ns"; for (i = 0; i < 1048576; i++) print i "\t" i "\t1" }' \
	    >"$T/keys.tsv"
	np np-stall -n -g pc "$T/keys.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 1048576 ]
	# The row past the last key is looked up before any row after it is
	# read: its error comes first.
	printf '1048576\t1048576\t1\n' >>"$T/keys.tsv"
	printf '1048577\t1048577\tx\n' >>"$T/keys.tsv"
	np np-stall -g pc "$T/keys.tsv"
	status_is 1
	err_is "np-stall: $T/keys.tsv:1048578: more than 1048576 distinct keys (-g pc)"
}

@test "np-stall: memory stays constant on a 180 MB export" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -n 50000 view-json | np-stall -g engine'
	status_is 0
	no_err
	# Every instruction is counted: the instructions column adds up.
	[ "$(awk -F'\t' 'NR > 1 { n += $2 } END { print n }' "$OUT")" -eq 50000 ]
	npgen -n 50000 view-json | wc -c >"$T/size"
	[ "$(<"$T/size")" -gt 150000000 ]
}
