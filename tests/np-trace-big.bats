#!/usr/bin/env bats
# np-trace at production size, for make test-big, not make test: its memory proof on 180 MB.
# np-trace.bats holds a small version of each, down the same code path.

load helpers

@test "np-trace: memory stays constant on a 180 MB export" {
	need_plain_build
	npgen -n 50000 view-json >"$T/big.json"
	[ "$(wc -c <"$T/big.json")" -gt 150000000 ]
	under_ulimit 16384 np-trace "$T/big.json"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 50001 ]
}
