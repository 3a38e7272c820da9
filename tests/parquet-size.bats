#!/usr/bin/env bats
# Parquet files of every size, from npgen's own writer (explorer-parquet:
# the explorer-tsv rows, see tests/tools/npgen.c): the programs give the bytes
# they give on the explorer-tsv form of the same seed and rows, and hold
# their memory when the file is far larger than a ulimit -v.

load helpers

# same PROGRAM ARGS... -- NPGEN-ARGS...: PROGRAM on the Parquet file and on
# the explorer-tsv rows of the same npgen arguments, byte for byte.
same() {
	local prog=() gen
	while [ "$1" != -- ]; do prog+=("$1"); shift; done
	shift
	np "${prog[@]}" "$T/in.parquet"
	status_is 0
	no_err
	mv "$OUT" "$T/from-parquet"
	npgen "$@" explorer-tsv >"$T/in.tsv"
	np "${prog[@]}" "$T/in.tsv"
	status_is 0
	no_err
	if ! cmp -s "$T/from-parquet" "$OUT"; then
		echo "${prog[*]}: Parquet and explorer-tsv differ:"
		diff "$T/from-parquet" "$OUT" | head -20
		return 1
	fi
}

parquet_size_1() {
	# 20000 rows: three pages a column (8192 values each), nulls in both
	# source location columns.
	npgen -s 11 -n 20000 explorer-parquet >"$T/in.parquet"
	np pqdump -m "$T/in.parquet"
	status_is 0
	[ "$(sed -n 1p "$OUT")" = "rows	20000" ]
	grep -qx 'nki_source_location	BYTE_ARRAY	STRING	optional' "$OUT"
	same np-trace -- -s 11 -n 20000
	[ "$(wc -l <"$OUT")" -eq 20001 ]
	# Both forms hold rows with no source location.
	[ "$(awk -F'\t' 'NR > 1 && $13 == ""' "$OUT" | wc -l)" -gt 10000 ]
	same np-stall -- -s 11 -n 20000
	same np-gaps -U -- -s 11 -n 20000
	same np-trace -e Tensor -- -s 11 -n 20000
	# Text keys from PLAIN pages, kept by the reader at one address a
	# value (pq_intern): 393 values of nki_source_location; hlo_name's
	# 2001, more than its table holds, some longer than it keeps.
	same np-stall -g nki_source_location -- -s 11 -n 20000
	same np-sum -g nki_source_location -v duration_ns -- -s 11 -n 20000
	same np-sum -g hlo_name,engine -v duration_ns -- -s 11 -n 20000
}

parquet_size_2() {
	npgen -s 12 -n 3000 explorer-parquet >"$T/in.parquet"
	same np-trace -- -s 12 -n 3000
	npgen -s 13 -n 3000 explorer-parquet >"$T/other.parquet"
	not cmp -s "$T/in.parquet" "$T/other.parquet"
	npgen -n 0 explorer-parquet >"$T/in.parquet"
	same np-trace -- -n 0
	[ "$(wc -l <"$OUT")" -eq 1 ]
}

parquet_size_3() {
	npgen -s 14 -b 100000000 explorer-parquet >"$T/in.parquet"
	size=$(wc -c <"$T/in.parquet")
	[ "$size" -gt 95000000 ] && [ "$size" -lt 105000000 ]
	np pqdump -m "$T/in.parquet"
	status_is 0
	[ "$(sed -n 2p "$OUT")" = "row_groups	2" ]
}

@test "npgen explorer-parquet: np-trace, np-stall, np-gaps -U, np-sum -g give the bytes of explorer-tsv; -s and -n are honoured, an empty table is a file; -b gives about that many bytes, in several row groups" {
	cases \
	    "np-trace, np-stall, np-gaps -U, np-sum -g give the bytes of explorer-tsv" parquet_size_1 \
	    "-s and -n are honoured, an empty table is a file" parquet_size_2 \
	    "-b gives about that many bytes, in several row groups" parquet_size_3
}

# Measured: on a 3000-row file np-trace needs about 10 MB of virtual
# memory, np-stall and np-gaps -U about 9.5 MB; on the 150 MB file below
# np-trace about 20 MB (a read-ahead of 1 MiB for each of its columns),
# np-stall 13 MB, np-gaps -U 12.5 MB.  40 MiB is headroom, and a quarter
# of the file.
@test "Parquet: np-trace, np-stall, np-gaps -U under the memory bound on a 1.5 MB file (150 MB: parquet-size-big.bats)" {
	need_plain_build
	npgen -s 15 -b 1500000 explorer-parquet >"$T/big.parquet"
	[ "$(wc -c <"$T/big.parquet")" -gt 1400000 ]
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
