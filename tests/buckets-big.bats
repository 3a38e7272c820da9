#!/usr/bin/env bats
# buckets at production size, for make test-big, not make test: its memory proof on 175 MB.
# buckets.bats holds a small version of each, down the same code path.

load helpers

@test "buckets: constant memory, 175 MB of view JSON under 16 MiB" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -n 50000 view-json | np-gaps -B 1us | wc -l'
	status_is 0
	no_err
	[ "$(<"$OUT")" -gt 100000 ]
}
