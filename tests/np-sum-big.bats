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
