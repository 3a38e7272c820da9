#!/usr/bin/env bats
# np-sum at production size, for make test-big, not make test: its memory proof on 3000 files and 210 MB.
# np-sum.bats holds a small version of each, down the same code path.

load helpers

@test "np-sum: constant memory over many files and a huge view export" {
	need_plain_build
	for i in $(seq 3000); do echo "$SAMPLES/summary-compact-2.json"; done > "$T/list"
	under_ulimit 16384 sh -c "xargs np-sum -n < '$T/list' | wc -l"
	status_is 0
	[ "$(<"$OUT")" -eq $((3000 * 111)) ]
	npgen -n 60000 view-json > "$T/big.json"
	[ "$(wc -c < "$T/big.json")" -gt 150000000 ]
	under_ulimit 16384 np-sum -n "$T/big.json"
	status_is 0
	no_err
	grep -q '	total_time	' "$OUT"
}

@test "num: number.c's printers and reader against the C library's at production size: 200000 doubles and decimals, 200000 and 10^6 random floats" {
	# np-sum.bats (np_sum_46) and np-sum-group.bats (np_sum_group_36)
	# check a tenth of these, with the same fixed patterns
	numcheck_gives "200000 doubles, 200000 decimals, 0 differences" 200000
	numcheck_gives "200000 floats, 0 differences" f32 200000
	# 2 (63 + 254 2 64 + 82 17 + 9 + 15 + 256 + 10^6), as np_sum_46 counts
	numcheck_gives "2068498 floats, 0 differences" f32big 1000000 64
}
