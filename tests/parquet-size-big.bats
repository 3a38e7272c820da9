#!/usr/bin/env bats
# parquet-size at production size, for make test-big, not make test: its memory proof on a 150 MB file.
# parquet-size.bats holds a small version of each, down the same code path.

load helpers

@test "Parquet: np-trace, np-stall, np-gaps -U hold their memory on a 150 MB file" {
	need_plain_build
	npgen -s 15 -b 150000000 explorer-parquet >"$T/big.parquet"
	[ "$(wc -c <"$T/big.parquet")" -gt 140000000 ]
	n=$(pqdump -m "$T/big.parquet" | sed -n 's/^rows	//p')
	for p in np-trace np-stall "np-gaps -U"; do
		under_ulimit 40960 $p "$T/big.parquet"
		status_is 0
		no_err
		mv "$OUT" "$T/from-parquet"
		npgen -s 15 -n "$n" explorer-tsv | $p >"$OUT"
		if ! cmp -s "$T/from-parquet" "$OUT"; then
			echo "$p: Parquet and explorer-tsv differ:"
			diff "$T/from-parquet" "$OUT" | head -20
			return 1
		fi
	done
	[ "$(wc -l <"$T/from-parquet")" -gt 1 ]
}
