#!/usr/bin/env bats
# np-gaps: idle gaps per engine, all-engines-idle gaps, utilisation.
#
# Every golden file under tests/golden/np-gaps was computed by hand; the
# computations are in tests/fixtures/np-gaps/README.md (basic.tsv: nested,
# overlapping, adjacent and zero-length intervals, two engines, ties,
# disorder within the window, empty source locations (<none>); trace.txt: the text
# trace).

load helpers

G=$FIX/np-gaps

np_gaps_1() {
	np np-gaps "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/gaps.tsv
}

np_gaps_2() {
	np np-gaps -m 0 "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/gaps-m0.tsv
}

np_gaps_3() {
	# The all-engines gap [4000,5000) is 1000 ns: kept at -m 1000, not 1001.
	np np-gaps -a -m 1001 "$G/basic.tsv"
	status_is 0
	[ "$(cut -f1,2 "$OUT")" = "$(printf 'gap_start\tgap_end\n5600\t9900')" ]
}

np_gaps_4() {
	# Line 5 (B, 150) follows line 4 (C, 190): within even a 1-row window.
	np np-gaps -r 1 "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/gaps.tsv
}

np_gaps_5() {
	# ties-a.tsv and ties-b.tsv hold the same 8 rows, those starting
	# together in another order; the gaps worked out by hand in
	# tests/fixtures/np-gaps/README.md.  A third form: every row
	# reversed, with -r 1, so that rows go beyond the window, in order
	# through TMPDIR.
	(head -1 "$G/ties-a.tsv"; tail -n +2 "$G/ties-a.tsv" | sort -r) \
	    >"$T/ties-c.tsv"
	for m in "" -a -U "-B 2000"; do
		np np-gaps $m "$G/ties-a.tsv"
		status_is 0
		no_err
		cp "$OUT" "$T/a.out"
		np np-gaps $m "$G/ties-b.tsv"
		status_is 0
		cmp "$T/a.out" "$OUT"
		TMPDIR=$T np np-gaps -r 1 $m "$T/ties-c.tsv"
		status_is 0
		cmp "$T/a.out" "$OUT"
		case $m in
		"")	[ "$(<"$OUT")" = "$(printf '%s\n' \
			    'engine	gap_start	gap_end	gap_ns	before_opcode	before_src	after_opcode	after_src	pcore_idx' \
			    'Tensor	5000	7000	2000	A	a.py:1	C	c.py:3	' \
			    'Vector	5000	7000	2000	E	e.py:5	F	f.py:6	')" ] ;;
		-a)	[ "$(tail -1 "$OUT")" = "$(printf '5000\t7000\t2000\tTensor\tA\ta.py:1\tTensor\tC\tc.py:3\t')" ] ;;
		-U)	[ "$(cut -f1-3,6,7 "$OUT" | tail -3)" = "$(printf '%s\n' \
			    'Tensor	4	6000	1	2000' 'Vector	4	7000	1	2000' \
			    'any	8	7000	1	2000')" ] ;;
		esac
	done
}

np_gaps_6() {
	np np-gaps -a "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/all.tsv
}

np_gaps_7() {
	np np-gaps -a -m 0 "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/all-m0.tsv
}

np_gaps_8() {
	np np-gaps -a -m 0 -e tensor "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/all-tensor-m0.tsv
}

np_gaps_9() {
	np np-gaps -U "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/util.tsv
}

@test "np-gaps: gaps per engine of at least 1000 ns (default); -m 0 lists every gap, short ones too; -m counts a gap of exactly min_ns; -r 1: the same gaps in the same order; ties in start order give the same bytes in every mode, through TMPDIR too; -a, gaps where all engines are idle; -a -m 0; -a over the -e set only (matched without regard to case); -u, utilisation per engine and for any engine" {
	cases \
	    "gaps per engine of at least 1000 ns (default)" np_gaps_1 \
	    "-m 0 lists every gap, short ones too" np_gaps_2 \
	    "-m counts a gap of exactly min_ns" np_gaps_3 \
	    "-r 1: the same gaps in the same order" np_gaps_4 \
	    "ties in start order give the same bytes in every mode, through TMPDIR too" np_gaps_5 \
	    "-a, gaps where all engines are idle" np_gaps_6 \
	    "-a -m 0" np_gaps_7 \
	    "-a over the -e set only (matched without regard to case)" np_gaps_8 \
	    "-u, utilisation per engine and for any engine" np_gaps_9
}

np_gaps_10() {
	np np-gaps -U -t 2000,6000 "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/util-t.tsv
}

np_gaps_11() {
	np np-gaps -U -e Vector "$G/basic.tsv"
	status_is 0
	no_err
	golden np-gaps/util-vector.tsv
}

np_gaps_12() {
	np np-gaps -U -e Pool "$G/basic.tsv"
	status_is 1
	err_is "np-gaps: no instruction to report on in 15 rows read: 15 not on the engines -e names (seen: Vector 4, Tensor 11)"
	[ ! -s "$OUT" ]
}

np_gaps_13() {
	# From 9000: only V4 [9900,10000): span 10000 - 9000, busy 100.
	np np-gaps -U -t 9000, "$G/basic.tsv"
	status_is 0
	[ "$(sed -n 3p "$OUT")" = "$(printf 'any\t1\t100\t1000\t0.1\t0\t0\t')" ]
	# Up to 60: only V1 [0,50): span 60 - 0 (the first start), busy 50.
	np np-gaps -U -t ,60 "$G/basic.tsv"
	status_is 0
	no_err
	[ "$(grep '^any' "$OUT" | cut -f1-4)" = "$(printf 'any\t1\t50\t60')" ]
	# Neither bound: the whole run.
	np np-gaps -U -t , "$G/basic.tsv"
	status_is 0
	golden np-gaps/util.tsv
	# A bound beyond the times an instruction may have: a usage error,
	# before anything is read.
	for t in -9223372036854775000, ,4611686018427387904 \
	    -4611686018427387904,0; do
		np np-gaps -U -t "$t" "$G/basic.tsv"
		status_is 2
		err_is "np-gaps: -t: expected FROM,TO in ns, FROM <= TO, each within +-2^62, found '$t'
usage: np-gaps [-anqU] [-B width] [-e engines] [-F positions] [-m min_ns] [-r rows] [-t from,to] [-u unit] [file ...]"
	done
	np np-gaps -U -t -4611686018427387903,4611686018427387903 "$G/basic.tsv"
	status_is 0
}

np_gaps_14() {
	np np-gaps -n "$G/basic.tsv"
	status_is 0
	[ "$(<"$OUT")" = "$(tail -n +2 "$GOLD/np-gaps/gaps.tsv")" ]
	np np-gaps --no-header -U "$G/basic.tsv"
	[ "$(<"$OUT")" = "$(tail -n +2 "$GOLD/np-gaps/util.tsv")" ]
}

np_gaps_15() {
	for o in "" "-m 0" "-r 1" "-a" "-a -m 0" "-U" "-U -t 2000,6000"; do
		np-gaps $o "$G/basic.json" >"$T/json" 2>"$ERR"
		no_err
		np-gaps $o "$G/basic.tsv" >"$T/tsv"
		cmp "$T/json" "$T/tsv"
	done
}

np_gaps_16() {
	np-trace "$G/basic.json" >"$T/trace.tsv"
	for o in "" "-a -m 0" "-U"; do
		np-gaps $o "$G/basic.json" >"$T/a"
		np-gaps $o "$T/trace.tsv" >"$T/b"
		cmp "$T/a" "$T/b"
	done
}


np_gaps_17() {
	sed 's/$/\r/' "$G/basic.tsv" >"$T/crlf.tsv"
	np np-gaps "$T/crlf.tsv"
	status_is 0
	no_err
	golden np-gaps/gaps.tsv
}

np_gaps_18() {
	np np-gaps "$G/trace.txt"
	status_is 0
	no_err
	golden np-gaps/trace.tsv
	np np-gaps -U "$G/trace.txt"
	status_is 0
	no_err
	golden np-gaps/trace-util.tsv
}

np_gaps_19() {
	head -8 "$G/basic.tsv" >"$T/one.tsv"
	(head -1 "$G/basic.tsv"; tail -n +9 "$G/basic.tsv") >"$T/two.tsv"
	np np-gaps -U "$T/one.tsv" - <"$T/two.tsv"
	status_is 0
	no_err
	golden np-gaps/util.tsv
}

@test "np-gaps: -U -t cuts instructions to the window; span is the window; -U -e: span over the selected engines; -U with nothing selected is an error naming the engines there are; -t with one bound: span from the bound to the data; -n drops the header; view JSON of the same instructions gives the same output; np-trace's TSV of the view JSON gives the same output; CRLF line ends read the same; the show-trace text, read directly; several files are one stream, read in order" {
	cases \
	    "-U -t cuts instructions to the window; span is the window" np_gaps_10 \
	    "-U -e: span over the selected engines" np_gaps_11 \
	    "-U with nothing selected is an error naming the engines there are" np_gaps_12 \
	    "-t with one bound: span from the bound to the data" np_gaps_13 \
	    "-n drops the header" np_gaps_14 \
	    "view JSON of the same instructions gives the same output" np_gaps_15 \
	    "np-trace's TSV of the view JSON gives the same output" np_gaps_16 \
	    "CRLF line ends read the same" np_gaps_17 \
	    "the show-trace text, read directly" np_gaps_18 \
	    "several files are one stream, read in order" np_gaps_19
}

# ---- time order ----

# order.tsv: Tensor 100, Tensor 300, Vector 500, then Tensor 50 on line 5.
# Tensor runs [50,80) [100,200) [300,400): gaps 20 (d->a), 100 (a->b).
# Rows without a source line: src is missing, an empty field.
printf -v ORDER_GAPS 'engine\tgap_start\tgap_end\tgap_ns\tbefore_opcode\tbefore_src\tafter_opcode\tafter_src\tpcore_idx\nTensor\t80\t100\t20\td\t\ta\t\t\nTensor\t200\t300\t100\ta\t\tb\t\t'

np_gaps_20() {
	# -w 1: 100 has left the window when 300 comes; 50 is beyond it.
	np np-gaps -r 1 -m 0 "$G/order.tsv"
	status_is 0
	err_is "np-gaps: 1 row beyond the reorder window (-r 1), put in order in memory (first: $G/order.tsv:5:1)"
	[ "$(<"$OUT")" = "$ORDER_GAPS" ]
}

np_gaps_21() {
	# -w 3: the window holds 100, 300 and 500; 50 goes out first.
	np np-gaps -r 3 -m 0 "$G/order.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$ORDER_GAPS" ]
	# -w 2: 500 pushes 100 out, 50 is beyond: the same gaps.
	np np-gaps -r 2 -m 0 "$G/order.tsv"
	status_is 0
	err_is "np-gaps: 1 row beyond the reorder window (-r 2), put in order in memory (first: $G/order.tsv:5:1)"
	[ "$(<"$OUT")" = "$ORDER_GAPS" ]
}

np_gaps_22() {
	np-trace "$G/order.tsv" | sort -s -k1,1n >"$T/sorted.tsv"
	for m in -U -a; do
		np-gaps $m -m 0 "$T/sorted.tsv" >"$T/want"
		np np-gaps $m -m 0 -r 2 "$G/order.tsv"
		status_is 0
		err_is "np-gaps: 1 row beyond the reorder window (-r 2), put in order in memory (first: $G/order.tsv:5:1)"
		cmp "$OUT" "$T/want"
	done
	np np-gaps -U -r 3 "$G/order.tsv"
	status_is 0
	no_err
}

# blocks.tsv: Tensor [100,200) [300,400) [2000,2100), then Vector [0,1000)
# [1500,3000): ordered engine by engine, not across engines.
np_gaps_23() {
	# Tensor gaps 200..300 (t1->t2), 400..2000 (t2->t3); Vector 1000..1500.
	# Tensor's first is settled by t3; the others at the end, Vector's
	# first (its first instruction, at 0, is the earliest).
	np np-gaps -r 1 -m 0 "$G/blocks.tsv"
	status_is 0
	err_is "np-gaps: 1 row beyond the reorder window (-r 1), put in order in memory (first: $G/blocks.tsv:5:1)"
	[ "$(cut -f1-6 "$OUT")" = "$(printf 'engine\tgap_start\tgap_end\tgap_ns\tbefore_opcode\tbefore_src\nTensor\t200\t300\t100\tt1\t\nVector\t1000\t1500\t500\tv1\t\nTensor\t400\t2000\t1600\tt2\t')" ]
	# any: [0,1000) and [1500,3000) cover all of Tensor's runs; the one
	# gap, [1000,1500), is 500 ns: short.  Busy 1000 + 1500 of 3000.
	np np-gaps -U -r 2 "$G/blocks.tsv"
	status_is 0
	err_is "np-gaps: 1 row beyond the reorder window (-r 2), put in order in memory (first: $G/blocks.tsv:5:1)"
	[ "$(tail -1 "$OUT")" = "$(printf 'any\t5\t2500\t3000\t0.8333333333333334\t0\t0\t')" ]
}

np_gaps_24() {
	np-trace "$G/blocks.tsv" | sort -s -k1,1n >"$T/sorted.tsv"
	np np-gaps -U -r 1 "$T/sorted.tsv"
	status_is 0
	no_err
	# any: [0,1000) and [1500,3000) cover all of Tensor's runs; the one
	# gap, [1000,1500), is 500 ns: short.  Busy 1000 + 1500 of 3000.
	[ "$(tail -1 "$OUT")" = "$(printf 'any\t5\t2500\t3000\t0.8333333333333334\t0\t0\t')" ]
}

# Rows sorted by start, then shuffled within blocks of $2 rows: each row is
# at most $2 - 1 rows out of place, which a window of $2 rows puts right.
shuffled() {
	awk -v seed="$1" -v blk="$2" 'BEGIN {
		srand(seed); n = 3000; t = 0
		for (i = 0; i < n; i++) {
			t += int(rand() * 300)
			d = rand() < 0.1 ? 0 : int(rand() * 800)
			row[i] = t "\t" t + d "\tE" int(rand() * 4) "\top" i
		}
		print "start_ts\tend_ts\tengine\topcode"
		for (b = 0; b < n; b += blk) {
			m = b + blk > n ? n - b : blk
			for (i = 0; i < m; i++)
				idx[i] = b + i
			for (i = m - 1; i > 0; i--) {
				j = int(rand() * (i + 1))
				x = idx[i]; idx[i] = idx[j]; idx[j] = x
			}
			for (i = 0; i < m; i++)
				print row[idx[i]]
		}
	}'
}

np_gaps_25() {
	for seed in 1 2 3; do
		shuffled $seed 50 >"$T/d.tsv"
		(head -1 "$T/d.tsv"; tail -n +2 "$T/d.tsv" | sort -s -k1,1n) \
		    >"$T/s.tsv"
		# Which of two tied instructions is "before" or "after" depends
		# on the input order: compare the times.
		np-gaps -r 50 -U -m 100 "$T/d.tsv" >"$T/a"
		np-gaps -r 1 -U -m 100 "$T/s.tsv" >"$T/b"
		cmp "$T/a" "$T/b"
		np-gaps -r 50 -a -m 0 "$T/d.tsv" | cut -f1-3 >"$T/a"
		np-gaps -r 1 -a -m 0 "$T/s.tsv" | cut -f1-3 >"$T/b"
		cmp "$T/a" "$T/b"
		np-gaps -r 50 -m 0 "$T/d.tsv" | cut -f1-4 | sort >"$T/a"
		np-gaps -r 1 -m 0 "$T/s.tsv" | cut -f1-4 | sort >"$T/b"
		cmp "$T/a" "$T/b"
		[ "$(wc -l <"$T/a")" -gt 1000 ]
	done
	# Beyond the window, the same.
	np-gaps -U -m 100 "$T/s.tsv" >"$T/b"
	np np-gaps -r 30 -U -m 100 "$T/d.tsv"
	status_is 0
	err_is "np-gaps: 165 rows beyond the reorder window (-r 30), put in order in memory (first: $T/d.tsv:38:1)"
	cmp "$OUT" "$T/b"
}

np_gaps_26() {
	printf 'start_ts\tend_ts\tengine\thbm_read_bytes\tpc\n100\t200\tTensor\tabc\tx\n' >"$T/u.tsv"
	np np-gaps -U "$T/u.tsv"
	status_is 0
	no_err
	printf '{"instruction":[{"timestamp":100,"duration":100,"label":"Tensor","hbm_read_bytes":"abc","compiler_pc":[1]}]}' >"$T/u.json"
	np np-gaps -U "$T/u.json"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT")" = "$(printf 'any\t1\t100\t100\t1\t0\t0\t')" ]
}


# ---- agreement with the profiler and across formats (npgen) ----

np_gaps_27() {
	npgen -n 2000 view-json >"$T/p.json"
	np np-gaps -U "$T/p.json"
	status_is 0
	no_err
	# Every engine's active time, by one grep over the 7 MB of JSON, not
	# one a engine; each engine's must be there once, and match.
	grep -oE '"(tensor|vector|scalar|gpsimd|sync)_engine_active_time":[^,}]*' \
	    "$T/p.json" >"$T/want"
	awk -F'\t' 'NR == FNR {
		split($0, kv, ":")
		e = kv[1]
		gsub(/"|_engine_active_time/, "", e)
		want[e] = kv[2]
		n[e]++
		next
	}
	{ busy[tolower($1)] = $3 }
	END {
		split("Tensor Vector Scalar GpSimd Sync", es, " ")
		for (i = 1; i <= 5; i++) {
			e = tolower(es[i])
			if (n[e] != 1 || want[e] == "" || busy[e] == "" ||
			    busy[e] / 1e9 != want[e] + 0) {
				print es[i] ": busy " busy[e] " want " want[e]
				exit 1
			}
		}
	}' "$T/want" "$OUT"
}

np_gaps_28() {
	npgen -n 2000 view-json >"$T/p.json"
	np-trace "$T/p.json" >"$T/p.tsv"
	for o in "" "-m 0" "-a -m 0" "-U" "-U -m 100 -t 10261900000,10262200000"; do
		np-gaps $o "$T/p.json" >"$T/a"
		np-gaps $o "$T/p.tsv" >"$T/b"
		cmp "$T/a" "$T/b"
		[ "$(wc -l <"$T/a")" -gt 2 ]
	done
}

np_gaps_29() {
	npgen -n 2000 view-json >"$T/p.json"
	npgen -n 2000 explorer-tsv >"$T/p.tsv"
	npgen -n 2000 trace-text >"$T/p.txt"
	# the TSV's rows are of pcore_idx 0, the others' of none: the same
	# numbers, but for the last column
	np-gaps -U "$T/p.json" | cut -f1-7 >"$T/a"
	np-gaps -U "$T/p.tsv" | cut -f1-7 >"$T/b"
	np-gaps -U "$T/p.txt" | cut -f1-7 >"$T/c"
	[ "$(np-gaps -U "$T/p.tsv" | cut -f8 | sort -u | tr '\n' ,)" = "0,pcore_idx," ]
	cmp "$T/a" "$T/b"
	cmp "$T/a" "$T/c"
}

@test "np-gaps: a row beyond the window is put in order apart, and noted; disorder within the window is put back in order, no note; -U and -a beyond the window give what sorted input gives; input ordered engine by engine, per-engine gaps; the suggested sort fixes such input; disorder within the window gives what sorted input gives; columns it does not use are skipped unread; busy_ns is the profiler's *_engine_active_time; view JSON and np-trace's TSV of it give the same numbers; Explorer TSV and the text trace give the same utilisation" {
	cases \
	    "a row beyond the window is put in order apart, and noted" np_gaps_20 \
	    "disorder within the window is put back in order, no note" np_gaps_21 \
	    "-U and -a beyond the window give what sorted input gives" np_gaps_22 \
	    "input ordered engine by engine, per-engine gaps" np_gaps_23 \
	    "the suggested sort fixes such input" np_gaps_24 \
	    "disorder within the window gives what sorted input gives" np_gaps_25 \
	    "columns it does not use are skipped unread" np_gaps_26 \
	    "busy_ns is the profiler's *_engine_active_time" np_gaps_27 \
	    "view JSON and np-trace's TSV of it give the same numbers" np_gaps_28 \
	    "Explorer TSV and the text trace give the same utilisation" np_gaps_29
}

# ---- rows np-gaps cannot use ----

np_gaps_t1() {
	printf 'start_ts\tengine\tend_ts\n100\tTensor\t200\n300\tTensor\t\n2000\tTensor\t2100\n2500\tTensor\t\n' >"$T/noend.tsv"
	np np-gaps "$T/noend.tsv"
	status_is 0
	err_is "np-gaps: rows without an end_ts or duration_ns skipped: 2 (first: $T/noend.tsv:3)"
	[ "$(tail -1 "$OUT" | cut -f1-4)" = "$(printf 'Tensor\t200\t2000\t1800')" ]
}

np_gaps_t2() {
	printf 'start_ts\tend_ts\tengine\n100\t200\tTensor\n300\t250\tTensor\n400\t500\tTensor\n' >"$T/neg.tsv"
	np np-gaps -n -m 1 "$T/neg.tsv"
	status_is 0
	err_is "np-gaps: rows with end_ts before start_ts skipped: 1 (first: $T/neg.tsv:3)"
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'Tensor\t200\t400\t200')" ]
}

np_gaps_t3() {
	printf '{"instruction":[{"timestamp":NaN,"duration":5,"label":"Tensor"},{"timestamp":5,"duration":Infinity,"label":"Tensor"},{"timestamp":1,"duration":1,"label":"Tensor"}]}\n' >"$T/nan.json"
	np np-gaps -U "$T/nan.json"
	status_is 0
	err_is "np-gaps: rows with start_ts NaN or infinite skipped: 1 (first: $T/nan.json:1)
np-gaps: rows with duration_ns NaN or infinite skipped: 1 (first: $T/nan.json:1)"
	[ "$(sed -n 2p "$OUT" | cut -f1-3)" = "$(printf 'Tensor\t1\t1')" ]
	printf 'start_ts\tend_ts\tengine\n5\t-Infinity\tTensor\n' >"$T/inf.tsv"
	np np-gaps "$T/inf.tsv"
	status_is 1
	err_is "np-gaps: rows with end_ts NaN or infinite skipped: 1 (first: $T/inf.tsv:2)
np-gaps: $T/inf.tsv: nothing recognised as instruction rows"
}

np_gaps_t4() {
	printf 'start_ts\tend_ts\tengine\n0\t4611686018427387904\tTensor\n1\t2\tTensor\n' >"$T/big.tsv"
	np np-gaps -U "$T/big.tsv"
	status_is 0
	err_is "np-gaps: rows with times beyond 2^62 ns skipped: 1 (first: $T/big.tsv:2)"
	[ "$(sed -n 2p "$OUT" | cut -f1-3)" = "$(printf 'Tensor\t1\t1')" ]
	printf '{"instruction":[{"timestamp":9223372036854775000,"duration":10000,"label":"Tensor"},{"timestamp":1,"duration":1}]}' >"$T/ovf.json"
	np np-gaps "$T/ovf.json"
	status_is 0
	err_is "np-gaps: rows with end_ts beyond 64 bits of ns skipped: 1 (first: $T/ovf.json:1)"
	printf 'start_ts\tend_ts\n-9223372036854775000\t9223372036854775000\n' >"$T/ovf.tsv"
	np np-gaps "$T/ovf.tsv"
	status_is 1
	err_is "np-gaps: rows with duration_ns beyond 64 bits of ns skipped: 1 (first: $T/ovf.tsv:2)
np-gaps: $T/ovf.tsv: nothing recognised as instruction rows"
}


np_gaps_34() {
	printf 'start_ts\tend_ts\n100\t200\n1500\t1600\n' >"$T/noeng.tsv"
	np np-gaps "$T/noeng.tsv"
	status_is 0
	no_err
	# No engine, opcode nor source line: each an empty field.
	[ "$(tail -1 "$OUT")" = "$(printf '\t200\t1500\t1300\t\t\t\t\t')" ]
}

np_gaps_35() {
	{
		printf 'start_ts\tend_ts\tengine\n'
		for i in $(seq 1 65); do printf '%d\t%d\tq%d\n' "$i" "$((i + 1))" "$i"; done
	} >"$T/many.tsv"
	np np-gaps "$T/many.tsv"
	status_is 1
	err_is "np-gaps: $T/many.tsv:66: expected at most 64 engines, found another: 'q65'"
}

np_gaps_36() {
	awk 'BEGIN {
		print "start_ts\tend_ts\tengine\topcode\tbir_debug_info_source_location"
		for (i = 0; i < 5000; i++)
			print i * 10 "\t" i * 10 + 5 "\tT\top\tf.py:" i
	}' >"$T/uniq.tsv"
	np np-gaps -U "$T/uniq.tsv"
	status_is 0
	np np-gaps -m 0 "$T/uniq.tsv"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 5000 ]
}

@test "np-gaps: rows without an end are skipped and counted; an instruction ending before it starts is counted and left out; a NaN or infinite time is counted and its row left out; times past 2^62 ns, or overflowing int64, are counted and their rows left out; rows without an engine make an engine of their own, its name an empty field; more than 64 engines is an error naming the row; 5000 opcode and source pairs are held (1000000 and one more: np-gaps-big.bats)" {
	cases \
	    "rows without an end are skipped and counted" np_gaps_t1 \
	    "an instruction ending before it starts is counted and left out" np_gaps_t2 \
	    "a NaN or infinite time is counted and its row left out" np_gaps_t3 \
	    "times past 2^62 ns, or overflowing int64, are counted and their rows left out" np_gaps_t4 \
	    "rows without an engine make an engine of their own, its name an empty field" np_gaps_34 \
	    "more than 64 engines is an error naming the row" np_gaps_35 \
	    "5000 opcode and source pairs are held (1000000 and one more: np-gaps-big.bats)" np_gaps_36
}

# ---- bad input, through the shared readers ----

np_gaps_37() {
	: >"$T/empty"
	np np-gaps "$T/empty"
	status_is 1
	err_is "np-gaps: $T/empty: empty input, expected JSON, TSV, CSV or show-session --show-trace instruction"
}

np_gaps_38() {
	printf 'start_ts\tend_ts\n1\t\0002\n' >"$T/bin"
	np np-gaps "$T/bin"
	status_is 1
	err_is "np-gaps: $T/bin:2:3: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 18)"
}

np_gaps_39() {
	head -c 300 "$G/basic.json" >"$T/trunc.json"
	np np-gaps "$T/trunc.json"
	status_is 1
	err_is "np-gaps: $T/trunc.json:4:64: expected '\"' to end the string, found end of input (byte offset $(byteoff "$T/trunc.json" 4 64))"
}

np_gaps_40() {
	printf '{"instruction":[{"timestamp":"x","duration":2,"label":"Tensor"}]}' >"$T/w1.json"
	np np-gaps "$T/w1.json"
	status_is 1
	err_is "np-gaps: $T/w1.json:1:30: expected a number for 'timestamp', found 'x' (byte offset 29)"
	printf '{"instruction":[{"timestamp":1,"duration":2,"label":{"a":1}}]}' >"$T/w2.json"
	np np-gaps "$T/w2.json"
	status_is 1
	err_is "np-gaps: $T/w2.json:1:53: expected a string for 'label', found an object (byte offset 52)"
}

np_gaps_41() {
	printf 'start_ts\tend_ts\tengine\n100\t2x0\tTensor\n' >"$T/w.tsv"
	np np-gaps "$T/w.tsv"
	status_is 1
	err_is "np-gaps: $T/w.tsv:2:5: expected a number for 'end_ts', found '2x0'"
}

np_gaps_42() {
	{
		printf '{"instruction":[{"timestamp":1,"duration":2,"x":'
		for i in $(seq 100); do printf '['; done
	} >"$T/deep.json"
	np np-gaps "$T/deep.json"
	status_is 1
	err_is "np-gaps: $T/deep.json:1:110: nesting deeper than 64 levels (byte offset 109)"
}

np_gaps_43() {
	{
		printf 'start_ts\tend_ts\tengine\n1\t2\t'
		head -c 1100000 /dev/zero | tr '\0' a
		printf '\n'
	} >"$T/huge.tsv"
	np np-gaps "$T/huge.tsv"
	status_is 1
	err_is "np-gaps: $T/huge.tsv:2:1048576: line longer than 1048575 bytes"
}

np_gaps_44() {
	np np-gaps "$T/nonexistent"
	status_is 1
	err_is "np-gaps: $T/nonexistent: No such file or directory"
}

np_gaps_44u() {
	# -U writes only at the end: an error after rows it used leaves its
	# output empty, no header (the gaps are a stream: theirs comes first)
	printf 'start_ts\tend_ts\tengine\n1\t2\tTensor\n3\t4x\tTensor\n' >"$T/u.tsv"
	np np-gaps -U "$T/u.tsv"
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-gaps: $T/u.tsv:3:3: expected a number for 'end_ts', found '4x'"
}

np_gaps_44g() {
	# The header of the gaps, -a's too, comes with the first gap, so an
	# error after an instruction used but before any gap leaves the
	# output empty.
	printf 'start_ts\tend_ts\tengine\n1\t2\tTensor\n3\t4x\tTensor\n' >"$T/u.tsv"
	for m in "" -a; do
		np np-gaps $m "$T/u.tsv"
		status_is 1
		[ ! -s "$OUT" ]
		err_is "np-gaps: $T/u.tsv:3:3: expected a number for 'end_ts', found '4x'"
	done
}

@test "np-gaps: empty input; binary input; truncated JSON; wrong-typed JSON values; a wrong-typed TSV field; deeply nested JSON; a line longer than the input buffer; a file that does not exist; -U: an error after rows it used writes no header; the gaps and -a: an error before the first gap writes no header" {
	cases \
	    "empty input" np_gaps_37 \
	    "binary input" np_gaps_38 \
	    "truncated JSON" np_gaps_39 \
	    "wrong-typed JSON values" np_gaps_40 \
	    "a wrong-typed TSV field" np_gaps_41 \
	    "deeply nested JSON" np_gaps_42 \
	    "a line longer than the input buffer" np_gaps_43 \
	    "a file that does not exist" np_gaps_44 \
	    "-U: an error after rows it used writes no header" np_gaps_44u \
	    "the gaps and -a: an error before the first gap writes no header" np_gaps_44g
}

# ---- usage and output ----

np_gaps_45() {
	np np-gaps -h
	status_is 0
	syn=$(man_synopsis np-gaps.1)
	[ "$(sed '/^  -/,$d' "$OUT")" = "usage: $syn" ]
	[ "$(<"$OUT")" = "usage: np-gaps [-anqU] [-B width] [-e engines] [-F positions] [-m min_ns] [-r rows] [-t from,to] [-u unit] [file ...]
  -a               gaps of all engines together
  -B width         busy time per bucket of width (10us, 1ms, 500, 100x)
  -e engines       only instructions on these engines, comma-separated
  -F positions     field positions of show-session text
  -m min_ns        only gaps of at least min_ns ns (default 1000)
  -n, --no-header  no header line
  -q, --quiet      no progress line on stderr
  -r rows          reorder window, instructions (default 4096)
  -t from,to       only the time [from, to), ns
  -U               busy time and share per engine instead of gaps
  -u unit          the input's time unit: ps, ns (default) or us
  -h, --help       this help
  --version        the program and its version" ]
	cp "$OUT" "$T/h"
	np np-gaps --help
	status_is 0
	cmp "$T/h" "$OUT"
}

np_gaps_46() {
	np np-gaps --version
	status_is 0
	grep -q '^np-gaps [0-9]' "$OUT"
}

np_gaps_47() {
	usage="usage: np-gaps [-anqU] [-B width] [-e engines] [-F positions] [-m min_ns] [-r rows] [-t from,to] [-u unit] [file ...]"
	np np-gaps -a -U "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -a and -U: expected one of them, found both
$usage"
	np np-gaps -r 0 "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -r: expected an integer from 1 to 1048576, found '0'
$usage"
	np np-gaps -m -1 "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -m: expected an integer from 0 to 9223372036854775807, found '-1'
$usage"
	np np-gaps -t 5,1 "$G/basic.tsv"
	status_is 2
	err_is "np-gaps: -t: expected FROM,TO in ns, FROM <= TO, each within +-2^62, found '5,1'
$usage"
	np np-gaps -t -9223372036854775807,9223372036854775807 "$G/basic.tsv"
	status_is 2
	np np-gaps -F foo=1 "$G/trace.txt"
	status_is 2
	err_is "np-gaps: -F: unknown field 'foo' (known: engine opcode event ts pc)
$usage"
	np np-gaps --bogus
	status_is 2
	err_is "np-gaps: unknown option '--bogus'
$usage"
}

np_gaps_48() {
	# The timestamp in field 6: shift every instruction line by one field.
	sed 's/^\(  *[0-9][0-9]*\)  /\1  x  /' "$G/trace.txt" >"$T/shift.txt"
	np np-gaps -F engine=3,opcode=4,event=5,ts=6 "$T/shift.txt"
	status_is 0
	no_err
	golden np-gaps/trace.tsv
}

np_gaps_49() {
	npgen -n 20000 view-json >"$T/p.json"
	np-gaps -m 0 "$T/p.json" 2>"$ERR" | head -1 >/dev/null
	[ "${PIPESTATUS[0]}" -eq 0 ]
	no_err
}

np_gaps_50() {
	np-gaps "$G/basic.tsv" >/dev/full 2>"$ERR" && status=0 || status=$?
	status_is 1
	err_is "np-gaps: write error: No space left on device"
}

@test "np-gaps: -h prints the man page's synopsis, then one line per option; --version; bad usage exits 2; -F moves a text field; a closed pipe ends quietly; a failed write is an error" {
	cases \
	    "-h prints the man page's synopsis, then one line per option" np_gaps_45 \
	    "--version" np_gaps_46 \
	    "bad usage exits 2" np_gaps_47 \
	    "-F moves a text field" np_gaps_48 \
	    "a closed pipe ends quietly" np_gaps_49 \
	    "a failed write is an error" np_gaps_50
}

# ---- constant memory ----

@test "np-gaps: constant memory, 1.8 MB of view JSON under 16 MiB (175 MB: np-gaps-big.bats)" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -n 500 view-json | np-gaps -m 0 | wc -l'
	status_is 0
	no_err
	[ "$(<"$OUT")" -gt 400 ]
}

@test "np-gaps: constant memory with -u, one window for all engines (50000 rows: np-gaps-big.bats)" {
	need_plain_build
	# The window of 100000 instructions, 32 bytes each, three times over
	# (np-gaps(1)): npgen's rows starting together are not in np-gaps'
	# order of ties, so the window's heap is used, as for any disorder.
	under_ulimit 20480 sh -c 'npgen -n 500 view-json | np-gaps -U -r 100000'
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1,2)" = "$(printf 'any\t500')" ]
}

np_gaps_t5() {
	printf 'start_ts\tengine\n1\tTensor\n2\tVector\n' >"$T/noend.tsv"
	for m in "" -a -U; do
		np np-gaps $m "$T/noend.tsv"
		status_is 1
		err_is "np-gaps: rows without an end_ts or duration_ns skipped: 2 (first: $T/noend.tsv:2)
np-gaps: no instruction to report on in 2 rows read: 2 without an end time or within +-2^62 ns"
		[ ! -s "$OUT" ]
	done
	printf 'start_ts\tduration_ns\tengine\n1\t5\tTensor\n2\t5\tVector\n10\t5\tVector\n' >"$T/t.tsv"
	np np-gaps -U -e gpsimd "$T/t.tsv"
	status_is 1
	err_is "np-gaps: no instruction to report on in 3 rows read: 3 not on the engines -e names (seen: Tensor 1, Vector 2)"
	np np-gaps -U -e vector -t 100,200 "$T/t.tsv"
	status_is 1
	err_is "np-gaps: no instruction to report on in 3 rows read: 1 not on the engines -e names (seen: Tensor 1), 2 outside -t 100,200"
	[ ! -s "$OUT" ]
	# An instruction used, no gap of -m: an answer, the header alone.
	np np-gaps -m 1000 "$T/t.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$(printf 'engine\tgap_start\tgap_end\tgap_ns\tbefore_opcode\tbefore_src\tafter_opcode\tafter_src\tpcore_idx')" ]
}

np_gaps_54() {
	# Both opcodes are 10 bytes and end in CDEFGHIJ, both sources are 16
	# bytes and end in ls.py:12: np-gaps remembers each row's pair by
	# those ends, and must still name each gap's neighbours by the whole.
	printf 'start_ts\tend_ts\tengine\topcode\tbir_debug_info_source_location\n0\t100\tTensor\tXBCDEFGHIJ\t/a/kernels.py:12\n200\t300\tTensor\tABCDEFGHIJ\t/a/kernels.py:12\n400\t500\tTensor\tABCDEFGHIJ\t/b/kernels.py:12\n600\t700\tTensor\tXBCDEFGHIJ\t/b/kernels.py:12\n800\t900\tTensor\tXBCDEFGHIJ\t/a/kernels.py:12\n' >"$T/alike.tsv"
	np np-gaps -m 0 "$T/alike.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$(printf 'engine\tgap_start\tgap_end\tgap_ns\tbefore_opcode\tbefore_src\tafter_opcode\tafter_src\tpcore_idx\nTensor\t100\t200\t100\tXBCDEFGHIJ\t/a/kernels.py:12\tABCDEFGHIJ\t/a/kernels.py:12\t\nTensor\t300\t400\t100\tABCDEFGHIJ\t/a/kernels.py:12\tABCDEFGHIJ\t/b/kernels.py:12\t\nTensor\t500\t600\t100\tABCDEFGHIJ\t/b/kernels.py:12\tXBCDEFGHIJ\t/b/kernels.py:12\t\nTensor\t700\t800\t100\tXBCDEFGHIJ\t/b/kernels.py:12\tXBCDEFGHIJ\t/a/kernels.py:12\t')" ]
}

np_gaps_55() {
	# Tensor [0, 2^53 + 1), Vector [2^53 + 2, 2^53 + 3): span 2^53 + 3.
	# (2^53 + 1) / (2^53 + 3), 1 / (2^53 + 3), (2^53 + 2) / (2^53 + 3)
	# as the nearest doubles (exact fractions, then rounded to the nearest double);
	# the quotients of the doubles gave 0.9999999999999996,
	# 1.110223024625156e-16 and 0.9999999999999998.
	printf 'start_ts\tend_ts\tengine\n0\t9007199254740993\tTensor\n' >"$T/u.tsv"
	printf '9007199254740994\t9007199254740995\tVector\n' >>"$T/u.tsv"
	np np-gaps -U -n "$T/u.tsv"
	status_is 0
	no_err
	[ "$(cut -f1,5 "$OUT")" = "$(printf '%s\n' 'Tensor	0.9999999999999998' \
	    'Vector	1.1102230246251562e-16' 'any	0.9999999999999999')" ]
}

@test "np-gaps: no instruction to use says why, every mode, exit 1, no header; pairs alike at their ends are told apart; -U busy_share is the nearest double to busy / span past 2^53" {
	cases \
	    "no instruction to use says why, every mode, exit 1, no header" np_gaps_t5 \
	    "pairs alike at their ends are told apart" np_gaps_54 \
	    "-U busy_share is the nearest double to busy / span past 2^53" np_gaps_55
}
