#!/usr/bin/env bats
# np-dma at production size, for make test-big, not make test: its
# memory proofs on hundreds of MB.  np-dma.bats holds a small version of
# each, down the same code path.

load helpers

@test "np-dma -s: 300 MB of view JSON in 16 MiB" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -b 300000000 view-json | np-dma -s'
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 8 ]
	# about 21,000 transfers: the input was read to its end
	[ "$(awk -F '\t' '$1 == "all" { print ($2 > 20000) }' "$OUT")" = 1 ]
}

@test "np-dma -S: 300 MB of view JSON in 16 MiB" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -b 300000000 view-json | np-dma -S'
	status_is 0
	# The DMAs of 0 bytes npgen makes are counted apart.
	grep -q "^np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: [0-9]* (first: -:1)$" "$ERR"
	[ "$(wc -l <"$ERR")" -eq 1 ]
	[ "$(wc -l <"$OUT")" -gt 10 ]
}

@test "np-dma -H: 200 MB of show-dma text in 16 MiB" {
	need_plain_build
	npgen -n 700000 dma-text >"$T/d.txt"
	set -- "$T/d.txt"
	set -- "$@" "$@" "$@" "$@" "$@"
	under_ulimit 16384 np-dma -H "$@" "$@"
	status_is 0
	no_err
	[ "$(awk -F '\t' 'NR > 1 { n += $3 } END { print (n > 1000000) }' "$OUT")" = 1 ]
}
