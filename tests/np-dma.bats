#!/usr/bin/env bats
# np-dma: every input form, every mode, the interval union, bad input,
# conventions and constant memory.  The expected outputs are worked out by
# hand in tests/fixtures/np-dma/README.md.

load helpers

D=$FIX/np-dma
HDR='queue_name	start_ts	end_ts	duration_ns	transfer_bytes	op	variable	semaphore	queue_type	engine_idx	read_bytes	write_bytes	crc	nd	nc	pcore_idx'
SHDR='queue_name	transfers	total_bytes	busy_ns	first_start_ts	last_end_ts	bandwidth_gb_per_s	mean_bytes	p50_bytes	p90_bytes	pcore_idx'
USAGE='usage: np-dma [-AHnqSs] [-b bytes] [-c columns] [-F positions] [-r rows] [-u unit] [file ...]'

# ---- inputs ----

np_dma_1() {
	np np-dma "$D/view.json"
	status_is 0
	no_err
	golden np-dma/view.tsv
}

np_dma_2() {
	np np-dma "$D/explorer.jsonl"
	status_is 0
	no_err
	golden np-dma/explorer.tsv
}

np_dma_3() {
	# Its \t, an escape of np's, in a TSV that declares nothing: read
	# as np's, and said so (np(7), TSV).
	np sh -c 'np-dma "$1" | np-dma' sh "$D/view.json"
	status_is 0
	err_is "np-dma: -:3:64: this TSV has backslashes and no quoted field: read as np's escaped TSV ('\\t' is a TAB); if its backslashes are text, as in DuckDB's TSV, read it with NP_TSV=quoted"
	golden np-dma/view.tsv
}


np_dma_t3() {
	np np-dma "$D/show-dma.txt"
	status_is 0
	golden np-dma/show-dma.tsv
	err_is "np-dma: log lines skipped: 1 (first: $D/show-dma.txt:1)
np-dma: EOP or COMPLETION events without a SOP: 2 (first: $D/show-dma.txt:10)
np-dma: SOP events without an EOP or COMPLETION: 2 (first: $D/show-dma.txt:11)
np-dma: lines not understood: 1 (first: $D/show-dma.txt:14)"
}

np_dma_5() {
	np np-dma -F queue=3,event=4,crc=5,ts=6,bytes=7 "$D/fields.txt"
	status_is 0
	no_err
	golden np-dma/fields.tsv
}

np_dma_6() {
	np np-dma "$D/fields.txt"
	status_is 1
	err_is "np-dma: lines not understood: 2 (first: $D/fields.txt:2)
np-dma: $D/fields.txt: nothing recognised as show-session --show-dma lines"
}

np_dma_7() {
	printf 'queue_name\tstart_ts\tend_ts\ttransfer_bytes\nq\t1\t2.5\t3\n' >"$T/us.tsv"
	np np-dma -n -u us "$T/us.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "q	1000	2500	1500	3											" ]
}

np_dma_8() {
	printf '  1  q  M2S_SOP  -  1\n  2  q  S2M_EOP  0x1  3  bytes=5\n' >"$T/us.txt"
	np np-dma -n -u us "$T/us.txt"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "q	1000	3000	2000	5								0x1			" ]
}


np_dma_t4() {
	# ps: 9223372036854775807 / 1000 = 9223372036854775 rest 807, which
	# rounds up; -1500 ps is -1.5 ns, half away from zero: -2.
	printf 'queue_name\tstart_ts\tend_ts\nq\t9223372036854775807\t\nr\t-9223372036854775808\t\ns\t-1500\t1499\n' >"$T/ps.tsv"
	np np-dma -n -u ps "$T/ps.tsv"
	status_is 0
	no_err
	[ "$(cut -f 1-4 "$OUT")" = "q	9223372036854776		
r	-9223372036854776		
s	-2	1	3" ]
	# us: 9223372036854776 us is past 2^63 ns.
	printf 'queue_name\tstart_ts\nq\t9223372036854776\n' >"$T/us.tsv"
	np np-dma -u us "$T/us.tsv"
	status_is 1
	err_is "np-dma: rows with start_ts beyond 64 bits of ns skipped: 1 (first: $T/us.tsv:2)
np-dma: $T/us.tsv: nothing recognised as DMA transfer rows"
}

np_dma_10() {
	np np-dma -n "$D/explorer.jsonl"
	status_is 0
	tail -n +2 "$GOLD/np-dma/explorer.tsv" | cmp -s - "$OUT"
}

np_dma_11() {
	npgen -n 400 view-json >"$T/v.json"
	npgen -n 400 dma-text >"$T/d.txt"
	npgen -n 400 dma-tsv >"$T/d.tsv"
	for m in -s -H -sH; do
		np-dma $m "$T/v.json" >"$T/a" 2>"$ERR"
		no_err
		np-dma $m "$T/d.txt" >"$T/b" 2>"$ERR"
		no_err
		np-dma $m "$T/d.tsv" >"$T/c" 2>"$ERR"
		no_err
		[ "$(wc -l <"$T/a")" -gt 6 ]
		cmp "$T/a" "$T/b"
		cmp "$T/a" "$T/c"
	done
}

@test "np-dma: view JSON dma rows: nested arrays skipped, semaphore -1 empty; Neuron Explorer DmaPacket rows as JSON lines; its own output reads back unchanged; show-dma text: SOP paired with EOP or COMPLETION per queue; -F moves the text field positions; without -F the shifted text is not understood; -u us scales times to ns; -u us scales text times once; -u at the ends of the int64 range; -n drops the header line; view JSON, show-dma text and DmaPacket TSV agree" {
	cases \
	    "view JSON dma rows: nested arrays skipped, semaphore -1 empty" np_dma_1 \
	    "Neuron Explorer DmaPacket rows as JSON lines" np_dma_2 \
	    "its own output reads back unchanged" np_dma_3 \
	    "show-dma text: SOP paired with EOP or COMPLETION per queue" np_dma_t3 \
	    "-F moves the text field positions" np_dma_5 \
	    "without -F the shifted text is not understood" np_dma_6 \
	    "-u us scales times to ns" np_dma_7 \
	    "-u us scales text times once" np_dma_8 \
	    "-u at the ends of the int64 range" np_dma_t4 \
	    "-n drops the header line" np_dma_10 \
	    "view JSON, show-dma text and DmaPacket TSV agree" np_dma_11
}

# ---- -s, -H: the interval union and sizes ----

np_dma_12() {
	np np-dma -s "$D/union.tsv"
	status_is 0
	no_err
	golden np-dma/union-s.tsv
}

np_dma_13() {
	np np-dma -s -r 1 "$D/union.tsv"
	status_is 0
	no_err
	golden np-dma/union-s.tsv
}

np_dma_14() {
	np np-dma -H "$D/union.tsv"
	status_is 0
	no_err
	golden np-dma/union-H.tsv
}

np_dma_15() {
	np np-dma -s -H "$D/union.tsv"
	status_is 0
	no_err
	golden np-dma/union-sH.tsv
}

np_dma_16() {
	np np-dma -s -r 2 "$D/window.tsv"
	status_is 0
	err_is "np-dma: 1 row beyond the reorder window (-r 2), put in order in memory (first: $D/window.tsv:5:4)"
	golden np-dma/window-w3.tsv
}

np_dma_17() {
	np np-dma -s -r 3 "$D/window.tsv"
	status_is 0
	no_err
	golden np-dma/window-w3.tsv
}

np_dma_18() {
	np np-dma -s "$D/grouped.txt"
	status_is 0
	no_err
	golden np-dma/grouped-s.tsv
}

np_dma_19() {
	np np-dma -s -r 1 "$D/grouped.txt"
	status_is 0
	golden np-dma/grouped-s.tsv
	err_is "np-dma: 1 row beyond the reorder window (-r 1), put in order in memory (first: $D/grouped.txt:9)"
}

@test "np-dma -s: overlapping, nested, adjacent, zero-length, unsorted; a window of 1 is enough for union.tsv; np-dma -H: power-of-two size histogram over all queues; np-dma -s -H: one histogram per queue; beyond the window the transfer is put in order apart; within the window the late transfer is merged; text grouped by queue, union across queues; across queues beyond the window, the all row is whole" {
	cases \
	    "overlapping, nested, adjacent, zero-length, unsorted" np_dma_12 \
	    "a window of 1 is enough for union.tsv" np_dma_13 \
	    "np-dma -H: power-of-two size histogram over all queues" np_dma_14 \
	    "np-dma -s -H: one histogram per queue" np_dma_15 \
	    "beyond the window the transfer is put in order apart" np_dma_16 \
	    "within the window the late transfer is merged" np_dma_17 \
	    "text grouped by queue, union across queues" np_dma_18 \
	    "across queues beyond the window, the all row is whole" np_dma_19
}

np_dma_20() {
	np sh -c 'np-dma "$1" | sort -t "	" -k2,2n | np-dma -s -r 1' sh \
	    "$D/grouped.txt"
	status_is 0
	no_err
	golden np-dma/grouped-s.tsv
}

np_dma_21() {
	# Sizes 600 700 1000 share the bucket [512, 1023].  p50 is rank 2,
	# 700: log bucket k = ceil(ln 700 / ln G) = 328 (G = 1.01/0.99),
	# representative 2 G^328 / (G + 1) = 699.36, to the byte 699.
	# p90 is rank 3, 1000: bucket 346, 2 G^346 / (G + 1) = 1002.43,
	# clamped to the largest size of [512, 1023] seen: 1000.
	# Busy: adjacent [0,10) [10,20) [20,30) = 30; 2300 / 30 =
	# 76.66666666666667 GB/s; mean 2300 / 3 = 766.6666666666666.
	printf 'queue_name\tstart_ts\tend_ts\ttransfer_bytes\n' >"$T/e.tsv"
	printf 'q\t0\t10\t600\nq\t10\t20\t700\nq\t20\t30\t1000\n' >>"$T/e.tsv"
	np np-dma -s "$T/e.tsv"
	status_is 0
	no_err
	[ "$(sed -n 2p "$OUT")" = "q	3	2300	30	0	30	76.66666666666667	766.6666666666666	699	1000	" ]
}

np_dma_22() {
	printf 'queue_name\tstart_ts\tend_ts\ttransfer_bytes\n' >"$T/m.tsv"
	printf 'q\t0\t10\t\nq\t20\t\t8\n' >>"$T/m.tsv"
	np np-dma -s "$T/m.tsv"
	status_is 0
	# busy: [0,10) only; bytes: 8 only; last end: 10.
	[ "$(sed -n 2p "$OUT")" = "q	2	8	10	0	10	0.8	8	8	8	" ]
	err_is "np-dma: transfers without transfer_bytes, left out of byte counts: 1 (first: $T/m.tsv:2)
np-dma: transfers without an end time, left out of busy_ns: 1 (first: $T/m.tsv:3)"
}

np_dma_23() {
	printf '{"dma": [], "instruction": []}\n' >"$T/e.json"
	np np-dma -s "$T/e.json"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$SHDR" ]
	np np-dma -H "$T/e.json"
	status_is 0
	[ "$(<"$OUT")" = "bucket_lo	bucket_hi	transfers	bytes	share" ]
}

np_dma_24() {
	awk 'BEGIN { print "queue_name\tstart_ts\tend_ts";
	    for (i = 0; i <= 1024; i++) print "q" i "\t" i "\t" i + 1 }' \
	    >"$T/q.tsv"
	np np-dma -s "$T/q.tsv"
	status_is 1
	err_is "np-dma: $T/q.tsv:1026: expected at most 1024 DMA queues, found more"
}


np_dma_t1() {
	printf '{"dma":[{"timestamp":1,"duration":2,"subgroup":"q","transfer_size":-5}]}\n' >"$T/a.json"
	np np-dma -s "$T/a.json"
	status_is 1
	err_is "np-dma: $T/a.json:1:68: expected transfer_bytes >= 0, found -5"
	good='{"timestamp":1,"duration":2,"subgroup":"q","transfer_size":5}'
	printf '{"dma":[{"timestamp":1,"duration":-2,"subgroup":"q"},%s]}\n' "$good" >"$T/b.json"
	np np-dma -s -n "$T/b.json"
	status_is 0
	err_is "np-dma: rows with a negative duration_ns skipped: 1 (first: $T/b.json:1)"
	[ "$(head -1 "$OUT" | cut -f1-4)" = "$(printf 'q\t1\t5\t2')" ]
	printf '{"dma":[{"timestamp":10,"end_ts":5,"subgroup":"q"},%s]}\n' "$good" >"$T/c.json"
	np np-dma -s -n "$T/c.json"
	status_is 0
	err_is "np-dma: rows with end_ts before start_ts skipped: 1 (first: $T/c.json:1)"
	[ "$(head -1 "$OUT" | cut -f1-4)" = "$(printf 'q\t1\t5\t2')" ]
	printf '{"dma":[{"timestamp":1,"subgroup":"q","transfer_size":5.5}]}\n' >"$T/d.json"
	np np-dma -H "$T/d.json"
	status_is 1
	err_is "np-dma: $T/d.json:1:55: expected a whole number for 'transfer_size', found '5.5' (byte offset 54)"
	printf '{"dma":[{"timestamp":NaN,"subgroup":"q"},%s]}\n' "$good" >"$T/e.json"
	np np-dma -s -n "$T/e.json"
	status_is 0
	err_is "np-dma: rows with start_ts NaN or infinite skipped: 1 (first: $T/e.json:1)"
	[ "$(head -1 "$OUT" | cut -f1-4)" = "$(printf 'q\t1\t5\t2')" ]
	printf 'queue_name\tstart_ts\tend_ts\ttransfer_bytes\nq\t-5\t2\t1\nq\t1\t3\t5\n' >"$T/f.tsv"
	np np-dma -s -n "$T/f.tsv"
	status_is 0
	err_is "np-dma: rows with a negative start_ts skipped: 1 (first: $T/f.tsv:2)"
	[ "$(head -1 "$OUT" | cut -f1-4)" = "$(printf 'q\t1\t5\t2')" ]
	# Without -s the row is a transfer like any other.
	np np-dma -n "$T/f.tsv"
	status_is 0
	no_err
	[ "$(cut -f1-3 "$OUT")" = "$(printf 'q\t-5\t2\nq\t1\t3')" ]
}

np_dma_t2() {
	# a: 9e18 twice = 18000000000000000000 over [1,3) u [2,5) = 4 ns:
	# 4500000000000000000 bytes/ns, mean 9e18.  b: 2^63 - 1 and 1 = 2^63
	# = 9223372036854775808, mean 2^62 = 4611686018427387904.  all: the
	# two, 27223372036854775808, over [1,5): / 4 = 6805843009213693952
	# for both the bandwidth and the mean (4 transfers).  Checked with bc;
	# past int64 in exponent form with every digit (np(7), OUTPUT).
	printf 'queue_name\tstart_ts\tend_ts\ttransfer_bytes\n' >"$T/o.tsv"
	printf 'a\t1\t3\t9000000000000000000\na\t2\t5\t9000000000000000000\n' >>"$T/o.tsv"
	printf 'b\t3\t4\t9223372036854775807\nb\t3\t4\t1\n' >>"$T/o.tsv"
	np np-dma -s -n "$T/o.tsv"
	status_is 0
	no_err
	[ "$(cut -f1-8 "$OUT")" = "$(printf '%s\n' \
	    'a	2	1.8e19	4	1	5	4500000000000000000	9000000000000000000' \
	    'b	2	9.223372036854775808e18	1	3	4	9.223372036854776e18	4611686018427387904' \
	    'all	4	2.7223372036854775808e19	4	1	5	6805843009213693952	6805843009213693952')" ]
	np np-dma -H -s -n "$T/o.tsv"
	status_is 0
	[ "$(head -1 "$OUT")" = "$(printf 'a\t4611686018427387904\t9223372036854775807\t2\t1.8e19\t1\t')" ]
	# -S: a read of 9e18 + 9e18 (not skinny); skinny ones of 9e18 ns
	# each: 18000000000000000000 ns; their bytes, the larger of read and
	# write, 107 and 3: 110, mean 55.
	printf 'start_ts\topcode\thbm_read_bytes\tsbuf_read_bytes\tduration_ns\n' >"$T/o2.tsv"
	printf '1\tDMA_X\t9000000000000000000\t9000000000000000000\t1\n' >>"$T/o2.tsv"
	printf '1\tDMA_X\t100\t7\t9000000000000000000\n' >>"$T/o2.tsv"
	printf '2\tDMA_X\t1\t2\t9000000000000000000\n' >>"$T/o2.tsv"
	np np-dma -S -n "$T/o2.tsv"
	status_is 0
	no_err
	# No source location: an empty source_location (missing).
	[ "$(<"$OUT")" = "$(printf '\t2\t110\t55\t1.8e19')" ]
	printf 'start_ts\topcode\thbm_read_bytes\tduration_ns\n1\tDMA_X\t1\t-5\n' >"$T/o3.tsv"
	np np-dma -S "$T/o3.tsv"
	status_is 1
	err_is "np-dma: rows with a negative duration_ns skipped: 1 (first: $T/o3.tsv:2)
np-dma: $T/o3.tsv: nothing recognised as instruction rows"
}


# ---- -S: skinny DMA instructions ----

np_dma_27() {
	np np-dma -S "$D/skinny.json"
	status_is 0
	golden np-dma/skinny.tsv
	err_is "np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: 2 (first: $D/skinny.json:4)
np-dma: skinny DMA instructions without a duration, counted as 0 ns: 1 (first: $D/skinny.json:8)"
}

np_dma_28() {
	np np-dma -S -b 100 "$D/skinny.json"
	status_is 0
	golden np-dma/skinny-b100.tsv
	err_is "np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: 2 (first: $D/skinny.json:4)"
}

np_dma_29() {
	np sh -c 'np-trace "$1" | np-dma -S' sh "$D/skinny.json"
	status_is 0
	golden np-dma/skinny.tsv
}

np_dma_30() {
	awk 'BEGIN { print "start_ts\topcode\thbm_read_bytes\tbir_debug_info_source_location";
	    for (i = 0; i <= 100000; i++) print i "\tDMA_X\t1\tf.py:" i }' \
	    >"$T/l.tsv"
	np np-dma -S "$T/l.tsv"
	status_is 1
	err_is "np-dma: $T/l.tsv:100002: expected at most 100000 source lines, found more"
}

@test "np-dma -s: sorted by start_ts, a window of 1 gives the all row; p50 is the histogram's estimate, within 1%; transfers without an end or a size are counted; np-dma -s, -H: an empty dma table gives the header only; more than 1024 queues is an error; negative, fractional and NaN values: a byte count is an error, a time leaves its row out; np-dma: totals past 2^63 are exact, not a wrap nor an error; np-dma -S: DMA instructions below 512 bytes per source line; those without a size apart; np-dma -S -b 100: a lower threshold; np-dma -S: reads the instruction stream np-trace writes; np-dma -S: more than 100000 source lines is an error" {
	cases \
	    "sorted by start_ts, a window of 1 gives the all row" np_dma_20 \
	    "p50 is the histogram's estimate, within 1%" np_dma_21 \
	    "transfers without an end or a size are counted" np_dma_22 \
	    "np-dma -s, -H: an empty dma table gives the header only" np_dma_23 \
	    "more than 1024 queues is an error" np_dma_24 \
	    "negative, fractional and NaN values: a byte count is an error, a time leaves its row out" np_dma_t1 \
	    "np-dma: totals past 2^63 are exact, not a wrap nor an error" np_dma_t2 \
	    "np-dma -S: DMA instructions below 512 bytes per source line; those without a size apart" np_dma_27 \
	    "np-dma -S -b 100: a lower threshold" np_dma_28 \
	    "np-dma -S: reads the instruction stream np-trace writes" np_dma_29 \
	    "np-dma -S: more than 100000 source lines is an error" np_dma_30
}

# ---- bad input ----

np_dma_31() {
	: >"$T/empty"
	np np-dma "$T/empty"
	status_is 1
	err_is "np-dma: $T/empty: empty input, expected JSON, TSV, CSV or show-session --show-dma"
}

np_dma_32() {
	printf 'DMA trace\n  1 q M2S\0SOP\n' >"$T/bin"
	np np-dma "$T/bin"
	status_is 1
	err_is "np-dma: $T/bin:2:10: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 19)"
}

np_dma_33() {
	printf '{"dma":[{"timestamp":1,"duration":2,' >"$T/t.json"
	np np-dma "$T/t.json"
	status_is 1
	err_is "np-dma: $T/t.json:1:37: expected a string key, found end of input (byte offset 36)"
}

np_dma_34() {
	printf 'DMA trace for ND 0 NC 4 queue q\n  1  q  M2S_SOP  -  100\n  2  q  S2M_EOP  0x1  200  bytes=5\n  3  q  M2S_SOP  -  300\n  4  q  S2M_E' >"$T/t.txt"
	np np-dma -n "$T/t.txt"
	status_is 0
	[ "$(<"$OUT")" = "q	100	200	100	5								0x1	0	4	" ]
	err_is "np-dma: lines not understood: 1 (first: $T/t.txt:5)
np-dma: SOP events without an EOP or COMPLETION: 1 (first: $T/t.txt:4)"
}

np_dma_35() {
	printf 'DMA trace for ND 0 NC 4 queue q\r\n  1  q  M2S_SOP  -  100\r\n  2  q  S2M_EOP  0x1  200  bytes=5\r\n' >"$T/c.txt"
	np np-dma -n "$T/c.txt"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "q	100	200	100	5								0x1	0	4	" ]
	printf 'queue_name\tstart_ts\tend_ts\tcrc\r\nq\t100\t200\t0x1\r\n' >"$T/c.tsv"
	np np-dma -n "$T/c.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "q	100	200	100									0x1			" ]
	printf '{"dma":[\r\n{"timestamp":100,"duration":100,"subgroup":"q"}\r\n]}\r\n' >"$T/c.json"
	np np-dma -n "$T/c.json"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "q	100	200	100												" ]
}

np_dma_36() {
	{ printf '  1  q  M2S_SOP  -  '; head -c 1100000 /dev/zero | tr '\0' 1; echo; } >"$T/h.txt"
	np np-dma "$T/h.txt"
	status_is 1
	err_is "np-dma: $T/h.txt:1:1048576: line longer than 1048575 bytes"
}

np_dma_37() {
	q=$(printf 'q%.0s' $(seq 64))
	printf '  1  %s  M2S_SOP  -  100\n' "$q" >"$T/q.txt"
	np np-dma "$T/q.txt"
	status_is 1
	err_is "np-dma: $T/q.txt:1:6: expected a queue name of at most 63 bytes, found 64 bytes"
}

np_dma_38() {
	{ printf '{"dma":[{"source":'; printf '[%.0s' $(seq 70);
	  printf ']%.0s' $(seq 70); printf '}]}\n'; } >"$T/n.json"
	np np-dma "$T/n.json"
	status_is 1
	# '{"dma":[{"source":' is 18 bytes at depth 3; the 61st '[' makes 64,
	# so the 62nd, at column 18 + 62, is one too deep.
	err_is "np-dma: $T/n.json:1:80: nesting deeper than 64 levels (byte offset 79)"
}

np_dma_39() {
	printf '{"dma":[{"timestamp":1,"subgroup":"q","transfer_size":"abc"}]}\n' >"$T/w.json"
	np np-dma "$T/w.json"
	status_is 1
	err_is "np-dma: $T/w.json:1:55: expected a number for 'transfer_size', found 'abc' (byte offset 54)"
	printf '{"dma":[{"timestamp":1,"duration":[2],"subgroup":"q"}]}\n' >"$T/w2.json"
	np np-dma "$T/w2.json"
	status_is 1
	err_is "np-dma: $T/w2.json:1:35: expected a number for 'duration', found an array (byte offset 34)"
	printf 'queue_name\tstart_ts\nq\tx\n' >"$T/w.tsv"
	np np-dma "$T/w.tsv"
	status_is 1
	err_is "np-dma: $T/w.tsv:2:3: expected a number for 'start_ts', found 'x'"
}

np_dma_40() {
	np np-dma "$SAMPLES/summary-compact.json"
	status_is 1
	err_is "np-dma: $SAMPLES/summary-compact.json: no 'dma' table and no DMA transfer rows found"
}

np_dma_41() {
	printf 'hello world\nfoo\n' >"$T/j.txt"
	np np-dma "$T/j.txt"
	status_is 1
	err_is "np-dma: lines not understood: 2 (first: $T/j.txt:1)
np-dma: $T/j.txt: nothing recognised as show-session --show-dma lines"
}

@test "np-dma: empty input; binary input; truncated JSON; truncated text: the cut line and its SOP are counted; CRLF line ends in text, TSV and JSON; a line longer than the buffer; a queue name too long for the text reader; deeply nested JSON; wrong-typed JSON values; a summary has no dma table; text that is no DMA trace" {
	cases \
	    "empty input" np_dma_31 \
	    "binary input" np_dma_32 \
	    "truncated JSON" np_dma_33 \
	    "truncated text: the cut line and its SOP are counted" np_dma_34 \
	    "CRLF line ends in text, TSV and JSON" np_dma_35 \
	    "a line longer than the buffer" np_dma_36 \
	    "a queue name too long for the text reader" np_dma_37 \
	    "deeply nested JSON" np_dma_38 \
	    "wrong-typed JSON values" np_dma_39 \
	    "a summary has no dma table" np_dma_40 \
	    "text that is no DMA trace" np_dma_41
}

# ---- conventions ----

np_dma_42() {
	np np-dma -h
	status_is 0
	[ "$(sed '/^  -/,$d' "$OUT")" = "$USAGE" ]
	np np-dma --help
	status_is 0
	[ "$(sed '/^  -/,$d' "$OUT")" = "$USAGE" ]
}

np_dma_43() {
	np np-dma --version
	status_is 0
	[ "$(<"$OUT")" = "np-dma 0.1" ]
}

np_dma_44() {
	np np-dma --bogus
	status_is 2
	err_is "np-dma: unknown option '--bogus'
$USAGE"
	np np-dma -S -s "$D/skinny.json"
	status_is 2
	err_is "np-dma: -S: cannot be combined with -s or -H
$USAGE"
	np np-dma -r 0 "$D/union.tsv"
	status_is 2
	err_is "np-dma: -r: expected an integer from 1 to 65536, found '0'
$USAGE"
	np np-dma -b -1 -S "$D/skinny.json"
	status_is 2
	err_is "np-dma: -b: expected an integer from 0 to 9223372036854775807, found '-1'
$USAGE"
	np np-dma -F bogus=2 "$D/show-dma.txt"
	status_is 2
	err_is "np-dma: -F: unknown field 'bogus' (known: queue event crc ts bytes)
$USAGE"
	np np-dma -u ms "$D/union.tsv"
	status_is 2
	err_is "np-dma: -u: expected ps, ns or us, found 'ms'
$USAGE"
}

np_dma_45() {
	np np-dma --summary --window 1 --no-header "$D/union.tsv"
	status_is 0
	tail -n +2 "$GOLD/np-dma/union-s.tsv" | cmp -s - "$OUT"
	np np-dma --skinny --bytes 100 "$D/skinny.json"
	status_is 0
	golden np-dma/skinny-b100.tsv
	np np-dma --summary --histogram "$D/union.tsv"
	golden np-dma/union-sH.tsv
}

np_dma_46() {
	np np-dma "$D/union.tsv" --window=1 --summary -n
	status_is 0
	no_err
	tail -n +2 "$GOLD/np-dma/union-s.tsv" | cmp -s - "$OUT"
	np np-dma "$D/skinny.json" --bytes=100 -S
	status_is 0
	golden np-dma/skinny-b100.tsv
	np np-dma "$D/skinny.json" --skinny -b 100
	status_is 0
	golden np-dma/skinny-b100.tsv
}

np_dma_47() {
	cp "$D/union.tsv" "$T/-s"
	np bash -c 'cd "$1" && np-dma -H -- -s' sh "$T"
	status_is 0
	golden np-dma/union-H.tsv
	POSIXLY_CORRECT=1 np np-dma -s "$D/union.tsv" --histogram
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-dma: --histogram: No such file or directory"
}

np_dma_48() {
	np np-dma -s --window
	status_is 2
	err_is "np-dma: option '--window' requires an argument
$USAGE"
	np np-dma --bytes= "$D/union.tsv"
	status_is 2
	err_is "np-dma: option '--bytes' requires an argument
$USAGE"
	np np-dma --summary=yes "$D/union.tsv"
	status_is 2
	err_is "np-dma: option '--summary' doesn't allow an argument
$USAGE"
	np np-dma --sum "$D/union.tsv"
	status_is 2
	err_is "np-dma: unknown option '--sum'
$USAGE"
}

np_dma_49() {
	npgen -n 20000 view-json >"$T/v.json"
	np bash -c 'np-dma "$1" | head -1 >/dev/null; echo "${PIPESTATUS[0]}"' \
	    sh "$T/v.json"
	no_err
	[ "$(<"$OUT")" = 0 ]
}

np_dma_50() {
	np sh -c 'np-dma "$1" >/dev/full' sh "$D/show-dma.txt"
	status_is 1
	[ "$(tail -1 "$ERR")" = "np-dma: write error: No space left on device" ]
	np sh -c 'np-dma -s "$1" >/dev/full' sh "$D/union.tsv"
	status_is 1
	err_is "np-dma: write error: No space left on device"
}

@test "np-dma: -h and --help print the synopsis; --version; bad usage exits 2; long options; options after the files, and --name=value; -- ends the options, and so does a file under POSIXLY_CORRECT; a long option's argument, missing or not allowed; a closed pipe ends quietly; a failed write exits 1" {
	cases \
	    "-h and --help print the synopsis" np_dma_42 \
	    "--version" np_dma_43 \
	    "bad usage exits 2" np_dma_44 \
	    "long options" np_dma_45 \
	    "options after the files, and --name=value" np_dma_46 \
	    "-- ends the options, and so does a file under POSIXLY_CORRECT" np_dma_47 \
	    "a long option's argument, missing or not allowed" np_dma_48 \
	    "a closed pipe ends quietly" np_dma_49 \
	    "a failed write exits 1" np_dma_50
}

# ---- constant memory ----

@test "np-dma -s: 3 MB of view JSON in 16 MiB (300 MB: np-dma-big.bats)" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -b 3000000 view-json | np-dma -s'
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 8 ]
	# about 210 transfers: the input was read to its end
	[ "$(awk -F '\t' '$1 == "all" { print ($2 > 200) }' "$OUT")" = 1 ]
}

@test "np-dma -S: 3 MB of view JSON in 16 MiB (300 MB: np-dma-big.bats)" {
	need_plain_build
	under_ulimit 16384 sh -c 'npgen -b 3000000 view-json | np-dma -S'
	status_is 0
	# The DMAs of 0 bytes npgen makes are counted apart.
	grep -q "^np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: [0-9]* (first: -:1)$" "$ERR"
	[ "$(wc -l <"$ERR")" -eq 1 ]
	[ "$(wc -l <"$OUT")" -gt 10 ]
}

@test "np-dma -H: 2 MB of show-dma text in 16 MiB (200 MB: np-dma-big.bats)" {
	need_plain_build
	npgen -n 7000 dma-text >"$T/d.txt"
	set -- "$T/d.txt"
	set -- "$@" "$@" "$@" "$@" "$@"
	under_ulimit 16384 np-dma -H "$@" "$@"
	status_is 0
	no_err
	[ "$(awk -F '\t' 'NR > 1 { n += $3 } END { print (n > 10000) }' "$OUT")" = 1 ]
}

np_dma_54() {
	# q0: SOP at 500, EOP at 400: neither is a transfer; then 600 to 700.
	printf '%s\n' 'DMA trace for ND 0 NC 0 queue q0' \
	    '1 q0 M2S_SOP - 500' '2 q0 S2M_EOP 0x1 400 bytes=8' \
	    '3 q0 M2S_SOP - 600' '4 q0 S2M_EOP 0x2 700 bytes=16' >"$T/back.txt"
	np np-dma -n "$T/back.txt"
	status_is 0
	err_is "np-dma: EOP or COMPLETION events earlier than their SOP: 1 (first: $T/back.txt:3)"
	[ "$(wc -l <"$OUT")" -eq 1 ]
	[ "$(cut -f1-3 "$OUT")" = "$(printf 'q0\t600\t700')" ]
}

np_dma_55() {
	# qSyncIO0a and qSyncIO0b share their first 8 bytes; bytes=N after
	# another token, in the crc's place, on the SOP only, and on a line
	# that is no transfer's (not understood, and not read).
	printf '%s\n' 'DMA trace for ND 0 NC 0 queue all' \
	    '1 qSyncIO0a M2S_SOP - 100' \
	    '2 qSyncIO0b M2S_SOP - 110 bytes=7' \
	    '3 qSyncIO0a S2M_EOP 0x1 150 note=x bytes=5 bytes=6' \
	    '4 qSyncIO0b S2M_EOP bytes=9 160' \
	    '5 q M2S_SOP - 200 bytes=4' \
	    '6 q S2M_EOP 0x2 210' \
	    '7 q M2S_SOP - 300' \
	    '8 q S2M_BOGUS 0x3 310 bytes=' >"$T/bytes.txt"
	np np-dma -n "$T/bytes.txt"
	status_is 0
	err_is "np-dma: lines not understood: 1 (first: $T/bytes.txt:9)
np-dma: SOP events without an EOP or COMPLETION: 1 (first: $T/bytes.txt:8)"
	[ "$(cut -f1-5,13 "$OUT")" = "$(printf '%s\n' \
	    'qSyncIO0a	100	150	50	5	0x1' \
	    'qSyncIO0b	110	160	50	9	bytes=9' \
	    'q	200	210	10	4	0x2')" ]
}

np_dma_56() {
	printf '%s\n' 'DMA trace for ND 0 NC 4 queue q' \
	    '1 q M2S_SOP - 100' '2 q S2M_EOP 0x1 200 bytes=5' \
	    '3 q M2S_SOP - 300' '4 q S2M_COMPLETION 0x2 4OO bytes=6' >"$T/ts.txt"
	np np-dma -n "$T/ts.txt"
	status_is 1
	err_is "np-dma: $T/ts.txt:5:24: expected an integer for 'ts' (field 5, -F ts=5), found '4OO'"
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'q\t100\t200\t100\t5')" ]
	# The first bytes=N token, empty; at the position given, -F bytes=6.
	printf '%s\n' 'DMA trace for ND 0 NC 4 queue q' \
	    '1 q M2S_SOP - 100 bytes=' '2 q S2M_EOP 0x1 200 bytes=5' >"$T/b.txt"
	np np-dma -n "$T/b.txt"
	status_is 1
	err_is "np-dma: $T/b.txt:2:19: expected an integer for 'bytes' (bytes=N), found 'bytes='"
	[ ! -s "$OUT" ]
	printf '%s\n' 'DMA trace for ND 0 NC 4 queue q' \
	    '1 q M2S_SOP - 100 4096' '2 q S2M_EOP 0x1 200 4k' >"$T/p.txt"
	np np-dma -n -F bytes=6 "$T/p.txt"
	status_is 1
	err_is "np-dma: $T/p.txt:3:21: expected an integer for 'bytes' (field 6, -F bytes=6), found '4k'"
	# A line that is no transfer's is counted, whatever its numbers.
	printf '%s\n' 'DMA trace for ND 0 NC 4 queue q' \
	    '1 q M2S_SOP - 100' '2 q S2M_EOP 0x1 200' '3 q RESET - 12x4 bytes=z' >"$T/o.txt"
	np np-dma -n "$T/o.txt"
	status_is 0
	err_is "np-dma: lines not understood: 1 (first: $T/o.txt:4)"
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'q\t100\t200\t100')" ]
}

np_dma_57() {
	printf 'DMA trace for ND 1 NC 2 queue q\n 1 q M2S_SOP - 1000\n' >"$T/f1.txt"
	printf 'DMA trace for ND 1 NC 3 queue q\n 3 q M2S_SOP - 1200\n 4 q M2S_EOP 0x1 1300 bytes=6\n' >"$T/f2.txt"
	np np-dma -n "$T/f1.txt" "$T/f2.txt"
	status_is 0
	err_is "np-dma: SOP events without an EOP or COMPLETION: 1 (first: $T/f1.txt:2)"
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'q\t1200\t1300\t100\t6')" ]
	# Lines not understood, and nothing else, are still an error.
	printf 'DMA trace for ND 1 NC 2 queue q\n 1 q BOGUS - 1000\n' >"$T/f3.txt"
	np np-dma "$T/f3.txt"
	status_is 1
	err_is "np-dma: lines not understood: 1 (first: $T/f3.txt:2)
np-dma: $T/f3.txt: nothing recognised as show-session --show-dma lines"
}


np_dma_t5() {
	np np-dma -S "$FIX/np-gaps/basic.tsv"
	status_is 1
	err_is "np-dma: no DMA instructions (opcode DMA_... or PSEUDO_DMA_...) in 15 instructions read (seen: TENSOR_TENSOR 3, MATMUL 6, LDWEIGHTS 1, NOTIFY 2, TRANSPOSE 1, and 2 rows of other names)"
	[ ! -s "$OUT" ]
	printf 'start_ts\topcode\n1\tDMA_DIRECT2D\n' >"$T/nobytes.tsv"
	np np-dma -S "$T/nobytes.tsv"
	status_is 1
	err_is "np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: 1 (first: $T/nobytes.tsv:2)
np-dma: no DMA instruction with a size: the 1 read have 0 bytes or no byte column"
	printf 'queue_name\tstart_ts\tend_ts\nq\t-5\t2\n' >"$T/neg.tsv"
	np np-dma -s "$T/neg.tsv"
	status_is 1
	err_is "np-dma: rows with a negative start_ts skipped: 1 (first: $T/neg.tsv:2)
np-dma: no transfers to report on: every row read was left out (counted above)"
	[ ! -s "$OUT" ]
	# An instruction table with no rows is an empty answer.
	printf '{"instruction": []}\n' >"$T/e.json"
	np np-dma -S "$T/e.json"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'source_location\tskinny_dmas\ttotal_bytes\tmean_bytes\ttotal_duration_ns')" ]
}

np_dma_59() {
	npgen -n 8000 explorer-tsv >"$T/ex.tsv"
	np np-dma -S -n "$T/ex.tsv"
	status_is 0
	err_is "np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: 10 (first: $T/ex.tsv:633)"
	[ "$(awk -F'\t' '{ n += $2 } END { print n }' "$OUT")" -eq 142 ]
	# np's rule, and the recipe of np-dma(1), by awk over the same rows.
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["opcode"] !~ /^(PSEUDO_)?DMA_/ { next }
	    { hr = $c["hbm_read_bytes"]; hw = $c["hbm_write_bytes"]
	      sr = $c["sbuf_read_bytes"]; sw = $c["sbuf_write_bytes"]
	      rd = hr + sr; wr = hw + sw; m = rd > wr ? rd : wr
	      if (m == 0) unsized++; else if (m < 512) np++
	      if (hr + hw + sw < 512) { recipe++
	          if ($c["bir_debug_info_source_location"] != "") bir++ } }
	    END { print np, unsized, recipe, bir }' "$T/ex.tsv" >"$T/awk"
	[ "$(<"$T/awk")" = "142 10 258 236" ]
}

np_dma_60() {
	# a field of zeros where the time should be, the time after it
	npgen -n 8000 dma-text | awk '/^DMA/ { print; next }
	    { printf "  %s  %s  %s  %s  0  %s  %s\n", $1, $2, $3, $4, $5, $6 }' >"$T/z.txt"
	np np-dma "$T/z.txt"
	status_is 1
	err_is "np-dma: $T/z.txt:2004:36: expected the time at field 5 (-F ts=5), found all of the first 1000 transfers lasting 0: give the field that holds it with -F ts=N"
	[ "$(wc -l <"$OUT")" -eq 1000 ]
	np np-dma -F ts=6 "$T/z.txt"
	status_is 0
	npgen -n 8000 dma-text >"$T/d.txt"
	np-dma "$T/d.txt" | cmp - "$OUT"
	for f in "$F"/*.txt; do
		np np-dma "$f"
		! grep -q 'expected the time' "$ERR" || { cat "$ERR"; return 1; }
	done
}

@test "np-dma: show-dma text: an EOP earlier than its SOP is counted, not a transfer; show-dma text: the first bytes=N token wherever it is; queues alike in 8 bytes kept apart; text: a transfer's time or byte count that is no integer is an error, after the rows before it; a text file of only an unpaired SOP is understood, and the next file is read; -S without a DMA instruction, and -s with every transfer left out, say why and exit 1; np-dma -S: a DMA without a size is counted apart; the page's numbers against the common recipe (npgen -n 8000); a layout that cannot be right is an error naming -F, the rows before it written" {
	cases \
	    "show-dma text: an EOP earlier than its SOP is counted, not a transfer" np_dma_54 \
	    "show-dma text: the first bytes=N token wherever it is; queues alike in 8 bytes kept apart" np_dma_55 \
	    "text: a transfer's time or byte count that is no integer is an error, after the rows before it" np_dma_56 \
	    "a text file of only an unpaired SOP is understood, and the next file is read" np_dma_57 \
	    "-S without a DMA instruction, and -s with every transfer left out, say why and exit 1" np_dma_t5 \
	    "np-dma -S: a DMA without a size is counted apart; the page's numbers against the common recipe (npgen -n 8000)" np_dma_59 \
	    "a layout that cannot be right is an error naming -F, the rows before it written" np_dma_60
}
