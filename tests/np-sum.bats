#!/usr/bin/env bats
# np-sum, summaries: every form, the real samples value for value, -w, -d,
# -i, options, and bad input.  How each golden file was computed by hand:
# tests/fixtures/np-sum/README.md.

load helpers

NS=$FIX/np-sum

np_sum_t5() {
	cd "$SAMPLES"
	np np-sum summary-compact-2.json summary-compact.json \
	    summary-pretty.json summary-with-log-lines.txt
	status_is 0
	golden np-sum/samples.tsv
	err_is "np-sum: non-JSON lines skipped: 2 (first: summary-with-log-lines.txt:1)"
}

np_sum_2() {
	cd "$SAMPLES"
	np np-sum summary-compact-2.json
	status_is 0
	grep -qx "summary-compact-2.json	gpsimd_engine_active_time	6.7444891e-5" "$OUT"
	grep -qx "summary-compact-2.json	dma_transfer_average_bytes	38353.80842911878" "$OUT"
	grep -qx "summary-compact-2.json	profiler_version	2.28.23.0%kaena-tools/2.28@f1c114a" "$OUT"
}

np_sum_3() {
	np sh -c "np-sum < '$SAMPLES/summary-pretty.json'"
	status_is 0
	no_err
	[ "$(sed -n 2p "$OUT")" = "-	activate_instruction_count	1056" ]
	[ "$(wc -l < "$OUT")" -eq 103 ]
}

np_sum_4() {
	cd "$SAMPLES"
	np np-sum -w summary-compact-2.json summary-compact.json \
	    summary-pretty.json summary-with-log-lines.txt
	status_is 0
	golden np-sum/samples-wide.tsv
}

np_sum_5() {
	printf '{"n_a":{"b":1,"d":2}}\n' > "$T/a.json"
	printf '{"n_b":{"a":3,"b":4,"c":5,"e":6}}\n' > "$T/b.json"
	cd "$T"
	np np-sum -w a.json b.json
	status_is 0
	no_err
	printf 'key\ta.json\tb.json\na\t\t3\nb\t1\t4\nc\t\t5\nd\t2\t\ne\t\t6\n' > "$T/want"
	cmp "$T/want" "$OUT"
}

np_sum_6() {
	cd "$SAMPLES"
	np sh -c "cat summary-compact.json; echo; cat summary-compact-2.json; echo" 
	mv "$OUT" "$T/two.json"
	cd "$T"
	np np-sum two.json
	status_is 0
	no_err
	[ "$(cut -f1 "$OUT" | uniq | tr '\n' ' ')" = "profile two.json:n_1a447b6bd3076d9ee9fc8e464f6f475bf86e2ec4 two.json:n_b22dd93c3b18de8fc605e36b5f1ac6369e81abaf " ]
	[ "$(wc -l < "$OUT")" -eq $((1 + 96 + 111)) ]
}


np_sum_t6() {
	cd "$NS"
	np np-sum summary.txt
	status_is 0
	golden np-sum/summary-text.tsv
	err_is "np-sum: log lines skipped: 1 (first: summary.txt:1)
np-sum: lines not understood: 1 (first: summary.txt:2)"
}

np_sum_8() {
	printf 'nc_idx 4\ntotal_time  0.5\nnc_idx   5\ntotal_time 0.25\n' > "$T/t.txt"
	cd "$T"
	np np-sum t.txt
	status_is 0
	no_err
	printf 'profile\tkey\tvalue\nt.txt:1\tnc_idx\t4\nt.txt:1\ttotal_time\t0.5\nt.txt:2\tnc_idx\t5\nt.txt:2\ttotal_time\t0.25\n' > "$T/want"
	cmp "$T/want" "$OUT"
}

np_sum_9() {
	cd "$NS"
	np np-sum session.json
	status_is 0
	no_err
	golden np-sum/session-json.tsv
}

np_sum_10() {
	cd "$NS"
	np np-sum -w session.txt
	status_is 0
	no_err
	golden np-sum/session-table-wide.tsv
}

np_sum_11() {
	cd "$NS"
	np np-sum -w -k 'EXEC TIME (NS)' session.txt
	status_is 0
	no_err
	# The same table as by NODE ID, its profiles named by EXEC TIME (NS).
	sed '1s/session.txt:1/session.txt:1734224/; 1s/session.txt:2/session.txt:1733101/' \
	    "$GOLD/np-sum/session-table-wide.tsv" >"$T/want"
	cmp "$T/want" "$OUT"
	np np-sum -w -k 'exec time' session.txt
	status_is 0
	no_err
	cmp "$T/want" "$OUT"
	# A first line that does not grow into the key is not the header.
	np np-sum -k 'EXEC TIME (US)' session.txt
	status_is 1
	err_is "np-sum: lines not understood: 3 (first: session.txt:5)
np-sum: session.txt: no summary found (expected summary-json, summary-text, show-session -j or a show-session table)"
}

np_sum_12() {
	cd "$NS"
	np np-sum session.txt
	status_is 0
	no_err
	grep -qx "session.txt:1	NAME	my model (bf16) step 1" "$OUT"
	grep -qx "session.txt:2	ERRORS	1" "$OUT"
	[ "$(wc -l < "$OUT")" -eq 27 ]
}

@test "np-sum: the four real samples, every value the number in the input; numbers in np's spelling, every digit kept (6.7444891e-5 for 0.000067444891); standard input is the profile '-'; -w puts the samples side by side, keys merged in order; -w places a new key after the key before it; several profiles in a document are named file:n_<hex>; summary-text, with profile headers, a log line and a stray line; summary-text: a key seen again starts the next profile; show-session -j is flattened, every scalar kept; show-session table, wrapped header and cells joined; -k names a wrapped header cell whole or by its first line; show-session table, long form names rows by NODE ID" {
	cases \
	    "the four real samples, every value the number in the input" np_sum_t5 \
	    "numbers in np's spelling, every digit kept (6.7444891e-5 for 0.000067444891)" np_sum_2 \
	    "standard input is the profile '-'" np_sum_3 \
	    "-w puts the samples side by side, keys merged in order" np_sum_4 \
	    "-w places a new key after the key before it" np_sum_5 \
	    "several profiles in a document are named file:n_<hex>" np_sum_6 \
	    "summary-text, with profile headers, a log line and a stray line" np_sum_t6 \
	    "summary-text: a key seen again starts the next profile" np_sum_8 \
	    "show-session -j is flattened, every scalar kept" np_sum_9 \
	    "show-session table, wrapped header and cells joined" np_sum_10 \
	    "-k names a wrapped header cell whole or by its first line" np_sum_11 \
	    "show-session table, long form names rows by NODE ID" np_sum_12
}

np_sum_t7() {
	printf '+----+--------+\n| NC | CYCLES |\n+----+--------+\n| 4  | 100    |\n| 5  | 200 | x |\n| 6  | 300    |\n' > "$T/t.txt"
	cd "$T"
	np np-sum -k nc t.txt
	status_is 0
	printf 'profile\tkey\tvalue\nt.txt:4\tNC\t4\nt.txt:4\tCYCLES\t100\nt.txt:6\tNC\t6\nt.txt:6\tCYCLES\t300\n' > "$T/want"
	cmp "$T/want" "$OUT"
	err_is "np-sum: table rows with another number of cells skipped: 1 (first: t.txt:5)"
}

np_sum_14() {
	printf '{"dma":[{"timestamp":1,"duration":2}],"instruction":[{"opcode":"MATMUL","operands":"S[5] (Tensor)"}],"summary":[{"nc_idx":4,"total_time":0.017}]}\n' > "$T/v.json"
	cd "$T"
	np np-sum v.json
	status_is 0
	no_err
	printf 'profile\tkey\tvalue\nv.json\tnc_idx\t4\nv.json\ttotal_time\t0.017\n' > "$T/want"
	cmp "$T/want" "$OUT"
}

np_sum_15() {
	cd "$NS"
	np np-sum -d derive.json
	status_is 0
	no_err
	golden np-sum/derive.tsv
}

np_sum_16() {
	cd "$NS"
	np np-sum -dw derive.json
	status_is 0
	no_err
	grep -qx "clock_ghz	1.4	" "$OUT"
	grep -qx "busiest_engine	dma	tensor" "$OUT"
	grep -qx "gpsimd_busy_share	0.25	" "$OUT"
	grep -qx "nd_idx		" "$OUT"
	[ "$(tail -1 "$OUT")" = "sync_avg_instruction_ns	488281.25	0" ]
}

np_sum_17() {
	cd "$NS"
	np np-sum -i derive.json
	status_is 0
	no_err
	golden np-sum/insights.tsv
}

np_sum_18() {
	cd "$SAMPLES"
	np np-sum -i -n summary-compact-2.json
	status_is 0
	no_err
	[ "$(cut -f2 "$OUT" | tr '\n' ' ')" = "tensor_idle memory_bound low_intensity " ]
	grep -qx "summary-compact-2.json	memory_bound	mfu_estimated_percent	0.0003014434881519365	0.1	MFU is 0.03% while DMA is busy 97.8% of the run: memory-bound" "$OUT"
}

# Issue #25: a share is a part of the run (or of the bytes) it is over; an
# input more than that whole is not what the share's definition reads (a
# sum over queues, cores or streams, where the time something was busy is
# meant), so the share is left out and stderr says why.  Arithmetic in
# tests/fixtures/np-sum/README.md (over.json).
np_sum_19() {
	cd "$NS"
	np np-sum -d over.json
	status_is 0
	golden np-sum/over-d.tsv
	err_is "np-sum: over.json:n_over: total_active_time (0.625) is more than total_time (0.5), so it is not a time within the run: idle_share left out
np-sum: over.json:n_over: tensor_engine_active_time (0.75) is more than total_time (0.5), so it is not a time within the run: tensor_busy_share and busiest_engine left out
np-sum: over.json:n_over: dma_active_time (1.5) is more than total_time (0.5), so it is not a time within the run: dma_busy_share, busiest_engine and dma_gbps left out
np-sum: over.json:n_over: spill_reload_bytes (2000000) is more than hbm_read_bytes (1000000), so it is not a part of them: spill_reload_share left out"
}

np_sum_20() {
	# n_over: collectives 0.375 / 0.5 = 0.75 > 0.3 (cc_op_time 1.25, the
	# sum over operations, is not read); n_pct: total_active_time_percent
	# 100 = 100 * 0.5 / 0.5, so percentages: MFU 5 is 0.05 < 0.1 with DMA
	# 0.4 / 0.5 = 0.8 > 0.7, threshold written 10 in the MFU's unit;
	# n_unsure: nothing tells the unit of MFU 5
	cd "$NS"
	np np-sum -i over.json
	status_is 0
	printf 'profile\trule\tmetric\tvalue\tthreshold\tfinding\n%s\n%s\n' \
	    "over.json:n_over	collectives_heavy	cc_share	0.75	0.3	collectives take 75.0% of the run" \
	    "over.json:n_pct	memory_bound	mfu_estimated_percent	5	10	MFU is 5.00% while DMA is busy 80.0% of the run: memory-bound" >"$T/want"
	cmp "$T/want" "$OUT"
	err_is "np-sum: over.json:n_over: total_active_time (0.625) is more than total_time (0.5), so it is not a time within the run: core_idle not tested
np-sum: over.json:n_over: tensor_engine_active_time (0.75) is more than total_time (0.5), so it is not a time within the run: tensor_idle, vector_bound, scalar_bound and gpsimd_bound not tested
np-sum: over.json:n_over: dma_active_time (1.5) is more than total_time (0.5), so it is not a time within the run: memory_bound not tested
np-sum: over.json:n_over: spill_reload_bytes (2000000) is more than hbm_read_bytes (1000000), so it is not a part of them: spill_heavy not tested
np-sum: over.json:n_unsure: mfu_estimated_percent (5) may be a fraction or a percentage, and total_active_time_percent, which would tell, is missing: memory_bound not tested"
}


np_sum_t1() {
	# dma_active_time 0.000113357 s is the sum of the 60 DmaPacket
	# durations (113357 ns, = dma_packet_time); the packets' union is
	# 29452 ns.  cc_op_active_time 0.0002312406 s is more than the run
	# too (the 16 CcOps' union is 54492 ns).  total_time 6.1961e-5 s.
	# Engine shares stay: tensor 3.162835e-5 / 6.1961e-5 = 0.51045577...
	cd "$FIX/explorer"
	np np-sum -d profile@latest
	status_is 0
	err_is "np-sum: profile@latest: dma_active_time (0.000113357) is more than total_time (6.1961e-5), so it is not a time within the run: dma_busy_share, busiest_engine and dma_gbps left out
np-sum: profile@latest: cc_op_active_time (0.0002312406) is more than total_time (6.1961e-5), so it is not a time within the run: cc_share left out"
	not grep -E '	(dma_busy_share|busiest_engine|dma_gbps|cc_share)	' "$OUT"
	grep -qx 'profile@latest	tensor_busy_share	0.5104557705653556' "$OUT"
	awk -F'\t' '$2 ~ /_share$/ && ($3 > 1 || $3 < 0) { exit 1 }' "$OUT"
	np np-sum -i profile@latest
	status_is 0
	# MFU 41.75 is a percentage (total_active_time_percent 91 = 100 *
	# 5.638451e-5 / 6.1961e-5): 0.4175, not < 0.1, so DMA is not read
	err_is "np-sum: profile@latest: cc_op_active_time (0.0002312406) is more than total_time (6.1961e-5), so it is not a time within the run: collectives_heavy not tested"
	[ "$(cut -f2 "$OUT" | tr '\n' ' ')" = "rule low_intensity " ]
}

np_sum_t2() {
	# The profiler writes each share itself as a fraction (FORMATS: the
	# *_percent fields of summary-json): E_engine_active_time_percent,
	# dma_active_time_percent, 1 - total_active_time_percent; -d's shares,
	# computed from the times, must agree to rounding (1e-12)
	cd "$SAMPLES"
	for f in summary-*.json summary-*.txt; do
		np np-sum -d "$f"
		status_is 0
		grep -v 'non-JSON lines skipped' "$ERR" | { ! grep .; }
		awk -F'\t' -v f="$f" '
		    { v[$2] = $3 }
		    END {
			n = split("tensor vector scalar gpsimd sync", e, " ")
			for (i = 1; i <= n; i++)
				c(e[i] "_busy_share", e[i] "_engine_active_time_percent", 0)
			c("dma_busy_share", "dma_active_time_percent", 0)
			c("idle_share", "total_active_time_percent", 1)
			if (checked != 7) { print f ": " checked " checked"; exit 1 }
		    }
		    function c(share, pct, one,   want) {
			want = one ? 1 - v[pct] : v[pct]
			if (!(share in v) || v[share] - want > 1e-12 ||
			    want - v[share] > 1e-12) {
				print f ": " share " " v[share] ", " pct " " v[pct]
				exit 1
			}
			checked++
		    }' "$OUT"
	done
}

@test "np-sum: -k names another key column; rows of the wrong width are counted; the view export's summary table is read, other tables skipped; -d adds the derived metrics (hand-computed); -dw: derived rows, empty where a profile lacks the inputs; -i writes the findings (hand-computed); -i on the real samples; -d leaves out a share whose input is more than its whole, and says why (hand-computed); -i tests no rule on a share more than its whole, reads MFU in the profile's own unit, and says why (hand-computed); -d and -i on the bundled Explorer profile: no share above 1; -d on the real samples: each busy share is the profile's own percent field" {
	cases \
	    "-k names another key column; rows of the wrong width are counted" np_sum_t7 \
	    "the view export's summary table is read, other tables skipped" np_sum_14 \
	    "-d adds the derived metrics (hand-computed)" np_sum_15 \
	    "-dw: derived rows, empty where a profile lacks the inputs" np_sum_16 \
	    "-i writes the findings (hand-computed)" np_sum_17 \
	    "-i on the real samples" np_sum_18 \
	    "-d leaves out a share whose input is more than its whole, and says why (hand-computed)" np_sum_19 \
	    "-i tests no rule on a share more than its whole, reads MFU in the profile's own unit, and says why (hand-computed)" np_sum_20 \
	    "-d and -i on the bundled Explorer profile: no share above 1" np_sum_t1 \
	    "-d on the real samples: each busy share is the profile's own percent field" np_sum_t2
}

np_sum_23() {
	sed 's/$/\r/' "$SAMPLES/summary-pretty.json" > "$T/crlf.json"
	sed 's/$/\r/' "$NS/summary.txt" > "$T/summary.txt"
	cd "$T"
	np np-sum crlf.json
	status_is 0
	sed 's/^summary-pretty.json/crlf.json/' "$GOLD/np-sum/samples.tsv" |
	    grep -e '^crlf.json' -e '^profile' > "$T/want"
	cmp "$T/want" "$OUT"
	np np-sum summary.txt
	status_is 0
	golden np-sum/summary-text.tsv
	sed 's/$/\r/' "$NS/session.txt" > "$T/session.txt"
	np np-sum -w session.txt
	status_is 0
	no_err
	golden np-sum/session-table-wide.tsv
}

np_sum_24() {
	printf '{"n_a":{"z":1,"a":2,"m":"x"}}\n' > "$T/o.json"
	cd "$T"
	np np-sum -n o.json
	status_is 0
	printf 'o.json\tz\t1\no.json\ta\t2\no.json\tm\tx\n' > "$T/want"
	cmp "$T/want" "$OUT"
}

np_sum_25() {
	printf '{"n_a":{"s":"tab\\there \\"q\\" back\\\\slash \\u00e9"}}\n' > "$T/s.json"
	np np-sum -n "$T/s.json"
	status_is 0
	[ "$(cut -f3- "$OUT")" = 'tab\there "q" back\\slash é' ]
}

np_sum_26() {
	printf '{"n_a":{"b":{"c":[1,{"d":null}]}}}\n' > "$T/n.json"
	np np-sum -n "$T/n.json"
	status_is 0
	[ "$(cut -f2- "$OUT" | tr '\n\t' '| ')" = "b.c.0 1|b.c.1.d |" ]
	awk 'BEGIN { for (i = 0; i < 65; i++) printf "{\"a\":"; printf "1";
	    for (i = 0; i < 65; i++) printf "}"; print "" }' > "$T/deep.json"
	np np-sum "$T/deep.json"
	status_is 1
	err_is "np-sum: $T/deep.json:1:321: nesting deeper than 64 levels (byte offset 320)"
}

np_sum_27() {
	printf '[{"total_time":1}]\n' > "$T/a.json"
	np np-sum "$T/a.json"
	status_is 1
	err_is "np-sum: $T/a.json:1:1: expected an object at the top level, found an array (byte offset 0)"
	printf '{"n_a":{"x":1}}\n"str"\n' > "$T/b.json"
	np np-sum "$T/b.json"
	status_is 1
	err_is "np-sum: $T/b.json:2:1: expected an object at the top level, found a string (byte offset $(byteoff "$T/b.json" 2 1))"
}

np_sum_28() {
	head -c 2000 "$SAMPLES/summary-compact.json" > "$T/t.json"
	np np-sum "$T/t.json"
	status_is 1
	err_is "np-sum: $T/t.json:1:2001: expected a value, found end of input (byte offset 2000)"
	printf '{"n_a": {"x": 1,' > "$T/u.json"
	np np-sum "$T/u.json"
	status_is 1
	err_is "np-sum: $T/u.json:1:17: expected a string key, found end of input (byte offset 16)"
}

np_sum_29() {
	: > "$T/e"
	np np-sum "$T/e"
	status_is 1
	err_is "np-sum: $T/e: empty input, expected a summary"
	printf '\n  \n' > "$T/b"
	np np-sum "$T/b"
	status_is 1
	err_is "np-sum: $T/b: only blank lines, expected a summary"
	printf 'nc_idx 4\ntotal\0time 1\n' > "$T/bin"
	np np-sum "$T/bin"
	status_is 1
	err_is "np-sum: $T/bin:2:6: expected text (a summary), found byte 0x00 (byte offset 14)"
	printf 'Hello World\n' > "$T/h"
	np np-sum "$T/h"
	status_is 1
	err_is "np-sum: lines not understood: 1 (first: $T/h:1)
np-sum: $T/h: no summary found (expected summary-json, summary-text, show-session -j or a show-session table)"
}

np_sum_30() {
	awk 'BEGIN { printf "total_time "; for (i = 0; i < 1100000; i++)
	    printf "x"; print "" }' > "$T/huge.txt"
	np np-sum "$T/huge.txt"
	status_is 1
	err_is "np-sum: $T/huge.txt:1:1048576: line longer than 1048575 bytes"
}

np_sum_31() {
	awk 'BEGIN { printf "{\"n_a\":{\"s\":\""; for (i = 0; i < 1100000; i++)
	    printf "x"; print "\"}}" }' > "$T/huge.json"
	np np-sum "$T/huge.json"
	status_is 1
	err_is "np-sum: $T/huge.json:1:13: string longer than 1048576 bytes (byte offset 12)"
}

@test "np-sum: CRLF line ends read the same; keys out of order stay in input order; strings are decoded and escaped again; nesting is flattened; deeper than 64 levels is an error; a top level that is not an object is an error; a truncated document is an error; empty, blank, binary and unrecognised input are errors; a huge line is an error, not truncated; a JSON string over 1 MiB is an error" {
	cases \
	    "CRLF line ends read the same" np_sum_23 \
	    "keys out of order stay in input order" np_sum_24 \
	    "strings are decoded and escaped again" np_sum_25 \
	    "nesting is flattened; deeper than 64 levels is an error" np_sum_26 \
	    "a top level that is not an object is an error" np_sum_27 \
	    "a truncated document is an error" np_sum_28 \
	    "empty, blank, binary and unrecognised input are errors" np_sum_29 \
	    "a huge line is an error, not truncated" np_sum_30 \
	    "a JSON string over 1 MiB is an error" np_sum_31
}

np_sum_32() {
	printf '{"n_a": {"total_time": "fast", "neuroncore_cycle_count": 5}}\n' > "$T/w.json"
	np np-sum "$T/w.json"
	status_is 0
	np np-sum -d "$T/w.json"
	status_is 1
	err_is "np-sum: $T/w.json:1:24: expected a number for 'total_time' (needed by -d), found a string (byte offset 23)"
	np np-sum -i "$T/w.json"
	status_is 1
	err_is "np-sum: $T/w.json:1:24: expected a number for 'total_time' (needed by -i), found a string (byte offset 23)"
	# Summary text has no byte offsets.
	printf 'total_time     fast\nneuroncore_cycle_count   5\n' >"$T/w.txt"
	np np-sum -d "$T/w.txt"
	status_is 1
	err_is "np-sum: $T/w.txt:1:16: expected a number for 'total_time' (needed by -d), found a string"
}

np_sum_33() {
	np np-sum -h
	status_is 0
	man_synopsis np-sum.1 > "$T/syn"
	sed '/^  -/,$d; s/^usage: //; s/^ *//' "$OUT" > "$T/help"
	cmp "$T/syn" "$T/help"
	np np-sum --help
	status_is 0
	np np-sum --version
	status_is 0
	[ "$(<"$OUT")" = "np-sum 0.1" ]
	np np-sum -x
	status_is 2
	np np-sum -i -w "$SAMPLES/summary-compact.json"
	status_is 2
	err_is "np-sum: -i writes findings: it takes neither -w nor -d
usage: np-sum [-dinqw] [-k column] [file ...]
       np-sum [-Hnq] [-g keys] [-M groups] [-v values] [file ...]"
	np np-sum -d -g engine "$SAMPLES/summary-compact.json"
	status_is 2
	np np-sum --frobnicate
	status_is 2
}

np_sum_34() {
	np np-sum -n "$SAMPLES/summary-compact.json"
	status_is 0
	[ "$(wc -l < "$OUT")" -eq 96 ]
	np sh -c "np-sum '$SAMPLES/summary-compact.json' '$SAMPLES/summary-pretty.json' | head -1"
	status_is 0
	no_err
	np sh -c "np-sum '$SAMPLES/summary-compact.json' > /dev/full"
	status_is 1
	err_is "np-sum: write error: No space left on device"
}

np_sum_35() {
	np np-sum "$T/nope.json"
	status_is 1
	err_is "np-sum: $T/nope.json: No such file or directory"
}

@test "np-sum: -d and -i need numbers where they compute; -h prints the synopsis of the man page; bad usage exits 2; -n drops the header; | head ends quietly; /dev/full fails; a missing file is an error" {
	cases \
	    "-d and -i need numbers where they compute" np_sum_32 \
	    "-h prints the synopsis of the man page; bad usage exits 2" np_sum_33 \
	    "-n drops the header; | head ends quietly; /dev/full fails" np_sum_34 \
	    "a missing file is an error" np_sum_35
}

@test "np-sum: constant memory over 30 files and a 2 MB view export (3000 and 210 MB: np-sum-big.bats)" {
	need_plain_build
	for i in $(seq 30); do echo "$SAMPLES/summary-compact-2.json"; done > "$T/list"
	under_ulimit 16384 sh -c "xargs np-sum -n < '$T/list' | wc -l"
	status_is 0
	[ "$(<"$OUT")" -eq $((30 * 111)) ]
	npgen -n 600 view-json > "$T/big.json"
	[ "$(wc -c < "$T/big.json")" -gt 1500000 ]
	under_ulimit 16384 np-sum -n "$T/big.json"
	status_is 0
	no_err
	grep -q '	total_time	' "$OUT"
}

np_sum_t3() {
	# One line before the document in s1.json; three, and a key given
	# twice, in s2.json: 4 and 1, each first seen where it was.
	printf 'junk\n{"total_time":1}\n' >"$T/s1.json"
	printf 'j1\nj2\nj3\n{"total_time":1,"total_time":2}\n' >"$T/s2.json"
	np np-sum "$T/s1.json" "$T/s2.json"
	status_is 0
	err_is "np-sum: non-JSON lines skipped: 4 (first: $T/s1.json:1)
np-sum: duplicate keys ignored: 1 (first: $T/s2.json:4)"
}

np_sum_t4() {
	# More than one pipe read of log lines, then text that is neither:
	# the JSON after it is found however the reads fall.
	f=$SAMPLES/summary-compact-2.json
	{ yes 'time="2026-03-19T02:57:19Z" level=info msg="Successfully initialized"' |
	    head -n 1200; echo 'Profile summary:'; cat "$f"; } >"$T/s.txt"
	np-sum "$f" | cut -f2- >"$T/want"
	np sh -c 'np-sum "$1" | cut -f2-' sh "$T/s.txt"
	status_is 0
	err_is "np-sum: non-JSON lines skipped: 1201 (first: $T/s.txt:1)"
	cmp "$T/want" "$OUT"
	np sh -c 'cat "$1" | np-sum | cut -f2-' sh "$T/s.txt"
	status_is 0
	err_is "np-sum: non-JSON lines skipped: 1201 (first: -:1)"
	cmp "$T/want" "$OUT"
}


np_sum_39() {
	yes 'time="2026-03-19T02:57:19Z" level=info msg="Successfully initialized"' |
	    head -n 16000 >"$T/logs"
	np sh -c 'cat "$1" "$2" | np-sum' sh "$T/logs" "$SAMPLES/summary-compact-2.json"
	status_is 1
	err_is "np-sum: -: more than 1048576 bytes of blank or log lines, expected a summary"
}

np_sum_40() {
	printf '+--------+------+\n| NAME   | TIME |\n| a      | 1    |\n| b      | 2    |\n+--------+------+\n' >"$T/t1.txt"
	np np-sum -k NAME "$T/t1.txt"
	status_is 0
	no_err
	[ "$(cut -f2,3 "$OUT" | tail -n +2 | tr '\n' ' ')" = "NAME	a TIME	1 NAME	b TIME	2 " ]
	printf '+-------------+------+\n| kernel name | time |\n+-------------+------+\n| kernel      | 1    |\n| b           | 2    |\n+-------------+------+\n' >"$T/t2.txt"
	cd "$T"
	np np-sum -k 'kernel name' t2.txt
	status_is 0
	no_err
	[ "$(cut -f1 "$OUT" | tail -n +2 | uniq | tr '\n' ' ')" = "t2.txt:kernel t2.txt:b " ]
}


np_sum_t8() {
	cd "$T"
	printf '{"version":2,"instruction":[{"opcode":"A"}],"summary":[{"total_time":0.5}]}\n' > v.json
	np np-sum v.json
	status_is 0
	err_is "np-sum: plain values among the tables skipped: 1 (first: v.json:1)"
	printf 'profile\tkey\tvalue\nv.json\ttotal_time\t0.5\n' > want
	cmp want "$OUT"
	# Without a summary table, the version and count are no summary.
	printf '{"version":"2.0","count":3,\n"dma":[{"queue_name":"q"}]}\n' > d.json
	np np-sum d.json
	status_is 1
	err_is "np-sum: plain values among the tables skipped: 2 (first: d.json:1)
np-sum: d.json: no summary found (expected summary-json, summary-text, show-session -j or a show-session table)"
}

# Issue #12: the same profile in any form gives the same np output.
SUMFORMS="csv/Summary.csv csv/Summary.tsv csv/Summary.jsonl
    parquet/summary-snappy-v1.parquet json/Summary.jsonl profile@latest"

np_sum_42() {
	# DuckDB writes a FLOAT as the float's fewest digits in CSV
	# (6.1961e-05), widened to double in JSON lines
	# (0.000061961000028532), as the float in Parquet: all are 6.1961e-5
	# (-d and -i: each form as the CSV, whose rows are checked above)
	cd "$FIX/explorer"
	# (the same notes on stderr too: this profile's dma_active_time and
	# cc_op_active_time are more than its total_time, issue #25)
	np np-sum -d csv/Summary.csv
	cut -f2- "$OUT" >"$T/derived"
	sed 's|^np-sum: csv/Summary.csv: ||' "$ERR" >"$T/derr"
	np np-sum -i csv/Summary.csv
	cut -f2- "$OUT" >"$T/insights"
	sed 's|^np-sum: csv/Summary.csv: ||' "$ERR" >"$T/ierr"
	[ "$(wc -l <"$T/derived")" -eq 120 ]
	[ "$(wc -l <"$T/insights")" -eq 2 ]
	[ "$(wc -l <"$T/derr")" -eq 2 ]
	[ "$(wc -l <"$T/ierr")" -eq 1 ]
	for f in $SUMFORMS; do
		np np-sum "$f"
		status_is 0
		no_err
		cut -f2- "$OUT" >"$T/got"
		cmp "$GOLD/explorer/summary.tsv" "$T/got" || { echo "$f"; false; }
		np np-sum -d "$f"
		status_is 0
		sed "s|^np-sum: $f: ||" "$ERR" | cmp "$T/derr" -
		cut -f2- "$OUT" | cmp "$T/derived" - || { echo "-d $f"; false; }
		np np-sum -i "$f"
		status_is 0
		sed "s|^np-sum: $f: ||" "$ERR" | cmp "$T/ierr" -
		cut -f2- "$OUT" | cmp "$T/insights" - || { echo "-i $f"; false; }
	done
	grep -qx 'total_time	6.1961e-5' "$GOLD/explorer/summary.tsv"
	grep -qx 'dma_transfer_average_bytes	299520' "$GOLD/explorer/summary.tsv"
}

np_sum_43() {
	cd "$FIX/explorer"
	np np-sum -w -n $SUMFORMS
	status_is 0
	no_err
	cut -f1,2 "$OUT" >"$T/got"
	tail -n +2 "$GOLD/explorer/summary.tsv" | cmp - "$T/got"
	awk -F'\t' 'NF != 7 { exit 1 } { for (i = 3; i <= 7; i++)
	    if ($i != $2 "") exit 1 }' "$OUT"
}

np_sum_44() {
	# 2^-96 and 2^90 as FLOAT (fewest digits that are not printf's
	# first to read back), the smallest and largest float, whole floats,
	# integers past 2^53 and at both ends of 64 bits, doubles
	cd "$FIX/explorer/spell"
	for f in summary.parquet summary.csv summary.tsv summary.jsonl; do
		np np-sum "$f"
		status_is 0
		no_err
		cut -f2- "$OUT" >"$T/got"
		cmp "$GOLD/explorer/spell.tsv" "$T/got" || { echo "$f"; false; }
	done
}

np_sum_45() {
	cd "$T"
	printf '{"n_a":{"a":-0,"b":15.0,"c":1e3,"d":0.000067444891,"e":123456789012345678901234567890,"f":NaN,"g":"15.0","h":-0.0,"i":1708.984375,"j":1E-7,"k":-12}}\n' >a.json
	np np-sum -n a.json
	status_is 0
	no_err
	printf 'a.json\ta\t0\na.json\tb\t15\na.json\tc\t1000\na.json\td\t6.7444891e-5\na.json\te\t123456789012345678901234567890\na.json\tf\tNaN\na.json\tg\t15.0\na.json\th\t0\na.json\ti\t1708.984375\na.json\tj\t1e-7\na.json\tk\t-12\n' >want
	cmp want "$OUT"
	# summary-text: a version is text even when it reads as a number
	printf 'n_1:\ntotal_time 0.500\ndriver_version 2.10\n' >v.txt
	np np-sum -n v.txt
	status_is 0
	no_err
	printf 'v.txt\ttotal_time\t0.5\nv.txt\tdriver_version\t2.10\n' >want
	cmp want "$OUT"
	# A flat row of Summary columns is Explorer's, as JSON lines: a
	# FLOAT column's value that is exactly a float is that float, in
	# its fewest digits, and so is a float widened in a column np does
	# not know (other; issue 25, item 5), but not a number of more
	# digits than a double prints (other2: the double it reads as) nor
	# an integer (other3: as written); the same keys in summary-json
	# stay doubles.
	printf '{"total_time":0.000061961000028532,"dma_transfer_average_bytes":1708.984375,"event_count":3,"other":1708.984375,"other2":1708.98437500000000001,"other3":16777217}\n' >row.jsonl
	np np-sum -n row.jsonl
	status_is 0
	no_err
	printf 'row.jsonl\ttotal_time\t6.1961e-5\nrow.jsonl\tdma_transfer_average_bytes\t1708.9844\nrow.jsonl\tevent_count\t3\nrow.jsonl\tother\t1708.9844\nrow.jsonl\tother2\t1708.984375\nrow.jsonl\tother3\t16777217\n' >want
	cmp want "$OUT"
	printf '{"n_a":{"total_time":0.000061961000028532,"dma_transfer_average_bytes":1708.984375}}\n' >old.json
	np np-sum -n old.json
	status_is 0
	printf 'old.json\ttotal_time\t6.1961000028532e-5\nold.json\tdma_transfer_average_bytes\t1708.984375\n' >want
	cmp want "$OUT"
	# CSV: a quoted number is text
	printf 'total_time,event_count,note\n"0.50",007,1.50\n' >q.csv
	np np-sum -n q.csv
	status_is 0
	printf 'q.csv\ttotal_time\t0.50\nq.csv\tevent_count\t007\nq.csv\tnote\t1.5\n' >want
	cmp want "$OUT"
}

np_sum_46() {
	# num_fmt_f32 (Parquet FLOAT) against num_reference_f32 (printf's
	# rounding to 1 to 9 digits, or a neighbour, read back by strtof) on
	# every power of two and the floats around it, 2^16 spread over all
	# bit patterns and 20000 random ones (np-sum-big.bats: 200000); then
	# the subnormals up to 2^16 and the floats from 1 up by 2^17, by the
	# properties
	numcheck_gives "20000 floats, 0 differences" f32 20000
	numcheck_gives "65536 floats, 0 differences" f32all 1 65537
	numcheck_gives "131072 floats, 0 differences" f32all 0x3f800000 0x3f820000
	# The 64-bit printer against number.c's big-integer one: each binade's
	# first and last 64 patterns, the subnormals below 64, 10^-45 to 10^38
	# and 8 patterns either side (from 1: 9 at 1e-45, bits 1, 15 at 1e-44,
	# bits 7), the 256 below Infinity, 10^5 random
	# patterns (np-sum-big.bats: 10^6), either sign: 2 (63 + 254 2 64 +
	# 82 17 + 9 + 15 + 256 + 10^5)
	numcheck_gives "268498 floats, 0 differences" f32big 100000 64
}

np_sum_47() {
	# A Parquet summary's cells are spelt as the reader of rows spells
	# the same column (np-sum -g reads it so): a DECIMAL as its exact
	# decimal in np's spelling (np(7): 300.00 is 300), a FLOAT16 as the
	# float it widens to exactly, in the float's fewest digits.  By hand:
	# DECIMAL(4,2) -10.00 is -10, DECIMAL(18,6) -0.100000 is -0.1,
	# DECIMAL(38,10) -0.0000000001 is -1e-10 (row 1 of duckdb_logical).
	P=$FIX/parquet
	np np-sum "$P/duckdb_logical.parquet"
	status_is 0
	no_err
	grep -E '^[^	]*:1	dec' "$OUT" | cut -f2- >"$T/got"
	printf 'dec4\t-10\ndec18\t-0.1\ndec38\t-1e-10\n' >"$T/want"
	cmp "$T/want" "$T/got"
	cp "$OUT" "$T/summary"
	for c in dec4 dec18 dec38; do
		awk -F'\t' -v c=$c '$2 == c && $3 != "" { print $3 }' \
		    "$T/summary" |
		    sort -u >"$T/sum"
		np np-sum -g $c -v id "$P/duckdb_logical.parquet"
		status_is 0
		awk -F'\t' 'NR > 1 && $1 != "" { print $1 }' "$OUT" |
		    sort -u >"$T/rows"
		[ "$(wc -l <"$T/rows")" -gt 30 ]
		cmp "$T/rows" "$T/sum"
	done
	# The half 0x2e66 (bytes 66 2e, its dictionary's first entry, at byte
	# 18) is 0.0999755859375 exactly; the float's fewest digits that read
	# back are 0.099975586 (floats near 0.1 are 2^-27 apart: 0.09997559 is
	# 4.1e-9 away, more than half of that).
	cp "$FIX/parquet/testing/float16_nonzeros_and_nans.parquet" "$T/h.parquet"
	printf '\x66\x2e' | dd of="$T/h.parquet" bs=1 seek=18 conv=notrunc \
	    2>/dev/null
	np np-sum "$T/h.parquet"
	status_is 0
	[ "$(sed -n 3p "$OUT" | cut -f2-)" = "x	0.099975586" ]
	np np-sum -g x -v x "$T/h.parquet"
	status_is 0
	grep -q '^0\.099975586	' "$OUT"
}


np_sum_t9() {
	# (a member holding an object is a profile: its paths begin inside)
	x=$(head -c 1021 /dev/zero | tr '\0' x)
	printf '{"a":{"%s":{"bb":1}}}\n' "$x" >"$T/ok.json"
	np np-sum "$T/ok.json"
	status_is 0
	no_err
	[ "$(sed -n 2p "$OUT")" = "$T/ok.json	$x.bb	1" ]
	x=$(head -c 1020 /dev/zero | tr '\0' x)
	printf '{"a":{"%s":{"bbbbbb":1}}}\n' "$x" >"$T/key.json"
	np np-sum "$T/key.json"
	status_is 1
	err_is "np-sum: $T/key.json:1:1031: expected a key path of at most 1024 bytes, found a longer one (byte offset 1030)"
	y=$(head -c 1023 /dev/zero | tr '\0' Y)
	printf '{"%s":[5]}\n' "$y" >"$T/elem.json"
	np np-sum "$T/elem.json"
	status_is 1
	err_is "np-sum: $T/elem.json:1:1029: expected a key path of at most 1024 bytes, found a longer one (byte offset 1028)"
}

@test "np-sum: counts over several files add to the right note; a summary after 84 KB of log lines and a line of text, from a file or a pipe alike; more than 1 MiB of log lines before the data is an error; a table without a rule under its header, and a data cell like the key's first word; a view export's plain values are counted, not read as metrics; the Summary table as CSV, TSV, two JSON lines, Parquet and a profile directory gives one text, with -d and -i too; -w puts the six forms of the Summary side by side, every row one value six times; numbers hard to spell read the same from DuckDB's Parquet, CSV, TSV and JSON lines; a number is written in np's spelling; integers, strings and NaN as they are; num: floats print in their fewest digits, the nearest of them, as the reference; every float of some ranges checked by what defines them; a Parquet DECIMAL and FLOAT16 are spelt as the reader of rows spells them; a flattened key path of 1024 bytes is read; one longer is an error at the key or array element that makes it so" {
	cases \
	    "counts over several files add to the right note" np_sum_t3 \
	    "a summary after 84 KB of log lines and a line of text, from a file or a pipe alike" np_sum_t4 \
	    "more than 1 MiB of log lines before the data is an error" np_sum_39 \
	    "a table without a rule under its header, and a data cell like the key's first word" np_sum_40 \
	    "a view export's plain values are counted, not read as metrics" np_sum_t8 \
	    "the Summary table as CSV, TSV, two JSON lines, Parquet and a profile directory gives one text, with -d and -i too" np_sum_42 \
	    "-w puts the six forms of the Summary side by side, every row one value six times" np_sum_43 \
	    "numbers hard to spell read the same from DuckDB's Parquet, CSV, TSV and JSON lines" np_sum_44 \
	    "a number is written in np's spelling; integers, strings and NaN as they are" np_sum_45 \
	    "num: floats print in their fewest digits, the nearest of them, as the reference; every float of some ranges checked by what defines them" np_sum_46 \
	    "a Parquet DECIMAL and FLOAT16 are spelt as the reader of rows spells them" np_sum_47 \
	    "a flattened key path of 1024 bytes is read; one longer is an error at the key or array element that makes it so" np_sum_t9
}
