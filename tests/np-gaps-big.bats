#!/usr/bin/env bats
# np-gaps at production size, for make test-big, not make test: its memory proofs on 175 MB, and its bound of 1000000 pairs.
# np-gaps.bats holds a small version of each, down the same code path.

load helpers

@test "np-gaps: constant memory, 175 MB of view JSON under 16 MiB" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -n 50000 view-json | np-gaps -m 0 | wc -l'
	status_is 0
	no_err
	[ "$(<"$OUT")" -gt 40000 ]
}

@test "np-gaps: constant memory with -u, one window for all engines" {
	need_plain_build
	# The window of 100000 instructions, 32 bytes each, three times over
	# (np-gaps(1)): npgen's rows starting together are not in np-gaps'
	# order of ties, so the window's heap is used, as for any disorder.
	under_ulimit 20480 sh -c 'npgen -n 50000 view-json | np-gaps -U -r 100000'
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1,2)" = "$(printf 'any\t50000')" ]
}

@test "np-gaps: more than 1000000 opcode and source pairs is an error" {
	awk 'BEGIN {
		print "start_ts\tend_ts\tengine\topcode\tbir_debug_info_source_location"
		for (i = 0; i <= 1000000; i++)
			print i * 10 "\t" i * 10 + 5 "\tT\top\tf.py:" i
	}' >"$T/uniq.tsv"
	np np-gaps -U "$T/uniq.tsv"
	status_is 0
	np np-gaps "$T/uniq.tsv"
	status_is 1
	err_is "np-gaps: $T/uniq.tsv:1000002: expected at most 1000000 distinct pairs of opcode and source line, found more"
}
