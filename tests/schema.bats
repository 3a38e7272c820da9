#!/usr/bin/env bats
# Neuron Explorer schema fidelity: physical cores (pcore_idx), timeline
# tracks, CcOp streams, DmaPacket queues, and further columns carried
# through (-c).  The fixtures are tests/fixtures/explorer/schema/, made by
# DuckDB from ../schema.sql (see the README there); each table is read as
# Parquet, CSV and JSON lines, and through np's own TSV.

load helpers

S=$BATS_TEST_DIRNAME/fixtures/explorer/schema

@test "schema: two physical cores are never one engine: np-gaps in every mode" {
	# Each core's Tensor engine is busy 2000 ns of 4000 with one gap of
	# 1000 ns; merged they would be busy 4000 ns without a gap.
	for f in "$S/lnc2.parquet" "$S/lnc2.csv" "$S/lnc2.jsonl"; do
		np np-gaps -u "$f"
		status_is 0
		no_err
		golden schema/lnc2-gaps-u.tsv
		np np-gaps -m 0 "$f"
		status_is 0
		golden schema/lnc2-gaps.tsv
		np np-gaps -a -m 0 "$f"
		status_is 0
		golden schema/lnc2-gaps-a.tsv
	done
	[ "$(grep -c '^Tensor	2	2000	4000	0.5	1	1000	[01]$' "$GOLD/schema/lnc2-gaps-u.tsv")" -eq 2 ]
}

@test "schema: np-trace's TSV keeps pcore_idx, and reads back the same way" {
	np-trace "$S/lnc2.parquet" >"$T/lnc2.tsv"
	[ "$(head -1 "$T/lnc2.tsv" | tr '\t' '\n' | grep -c '^pcore_idx$')" -eq 1 ]
	np np-gaps -u "$T/lnc2.tsv"
	golden schema/lnc2-gaps-u.tsv
	np np-stall -k engine "$T/lnc2.tsv"
	golden schema/lnc2-stall.tsv
	# without pcore_idx the column is there, empty
	cut -f1-17 "$T/lnc2.tsv" >"$T/nocore.tsv"
	np np-gaps -u "$T/nocore.tsv"
	[ "$(cat "$OUT")" = "$(printf '%s\n' \
	    'engine	instructions	busy_ns	span_ns	busy_share	gaps	idle_ns	pcore_idx' \
	    'Tensor	4	4000	4000	1	0	0	' \
	    'any	4	4000	4000	1	0	0	')" ]
}

@test "schema: np-stall keeps physical cores apart, unless -k names pcore_idx" {
	np np-stall -k engine "$S/lnc2.parquet"
	status_is 0
	golden schema/lnc2-stall.tsv
	np np-stall -k pcore_idx,engine "$S/lnc2.csv"
	status_is 0
	[ "$(cat "$OUT")" = "$(printf '%s\n' \
	    'pcore_idx	engine	instructions	stalled	stall_ns	stall_mean_ns	stall_max_ns	stall_share	duration_ns' \
	    '0	Tensor	2	1	100	100	100	0.5555555555555556	2000' \
	    '1	Tensor	2	2	80	40	50	0.4444444444444444	2000')" ]
}

@test "schema: the timeline track is the engine where the input gives none" {
	# the UI export form has no engine column; track.* a NULL engine
	np np-trace "$S/track-export.csv"
	status_is 0
	no_err
	golden schema/track.tsv
	for f in "$S/track.csv" "$S/track.parquet"; do
		np np-trace "$f"
		status_is 0
		golden schema/track.tsv
	done
	np np-gaps -u "$S/track-export.csv"
	status_is 0
	[ "$(cut -f1,3 "$OUT" | tr '\t\n' ':,')" = "engine:busy_ns,:100,GpSimd:60,TensorMatrix:100,Vector:150,any:300," ]
}

@test "schema: -e matches the timeline track as well as the engine" {
	# rows 2 and 4 are Tensor instructions on the TensorMatrix track
	for f in "$S/lnc2.parquet" "$S/lnc2.csv" "$S/lnc2.jsonl"; do
		np np-trace -e tensormatrix "$f"
		status_is 0
		no_err
		golden schema/lnc2-tensormatrix.tsv
	done
	[ "$(tail -n +2 "$OUT" | cut -f1,4,19 | tr '\t\n' ' ,')" = "2000 Tensor TensorMatrix,4000 Tensor TensorMatrix," ]
	np np-trace -n -e Tensor "$S/lnc2.csv"
	[ "$(wc -l <"$OUT")" -eq 4 ]
	# np-gaps: the rows selected are those of the Tensor engine of core 1
	np np-gaps -u -e TensorMatrix "$S/lnc2.csv"
	[ "$(sed -n 2p "$OUT")" = "Tensor	2	2000	3000	0.6666666666666666	1	1000	1" ]
}

@test "schema: CcOp streams are kept apart in np-cc's gaps, layers and skew" {
	# stream 40 starts every 150000 ns, and stream 41 70000 ns after
	# each: one stream would give gaps of 70000 and 80000 ns
	cd "$T"
	cp "$S/streams.csv" r0.csv
	cp "$S/streams.parquet" r1.parquet
	np np-cc -g -e AllReduce r0.csv
	status_is 0
	no_err
	golden schema/streams-g.tsv
	[ "$(tail -n +2 "$OUT" | cut -f5 | sort -u)" = 150000 ]
	np np-cc -L -k 1 -p 0 -e AllReduce r1.parquet
	status_is 0
	no_err
	golden schema/streams-L.tsv
	# rank r0's collective n of a stream meets r1's of the same stream
	np np-cc -K -e AllReduce r0.csv r1.parquet
	status_is 0
	no_err
	golden schema/streams-K.tsv
	[ "$(tail -n +2 "$OUT" | cut -f1,2,12 | tr '\t\n' ' ,')" = "1 2 40,1 2 41,2 2 40,2 2 41,3 2 40,3 2 41," ]
}

@test "schema: DmaPacket without queue_name: queue_idx names the queue, none is <none>" {
	for f in "$S/noname.csv" "$S/noname.parquet" "$S/noname.jsonl"; do
		np np-dma -s "$f"
		status_is 0
		no_err
		golden schema/noname-s.tsv
	done
	# the two packets without a queue: one queue <none>, of core 0
	[ "$(grep '^<none>' "$OUT")" = "<none>	2	96	150	300	450	0.64	48	32	64	0" ]
	[ "$(cut -f1 "$OUT" | grep -c '^$')" -eq 0 ]
	# the rows keep the queue empty, and read back the same
	np-dma "$S/noname.parquet" >"$T/rows.tsv"
	[ "$(cut -f1 "$T/rows.tsv" | tr '\n' ,)" = "queue_name,3,3,3,,,7," ]
	np np-dma -s "$T/rows.tsv"
	golden schema/noname-s.tsv
	np np-dma -s -H "$S/noname.csv"
	[ "$(cut -f1,7 "$OUT" | sort -u | tr '\t\n' ' ,')" = "3 0,3 1,7 ,<none> 0,queue_name pcore_idx," ]
}
