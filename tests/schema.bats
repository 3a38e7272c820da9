#!/usr/bin/env bats
# Neuron Explorer schema fidelity: physical cores (pcore_idx), timeline
# tracks, CcOp streams, DmaPacket queues, and further columns carried
# through (-c).  The fixtures are tests/fixtures/explorer/schema/, made by
# DuckDB from ../schema.sql (see the README there); each table is read as
# Parquet, CSV and JSON lines, and through np's own TSV.

load helpers

S=$BATS_TEST_DIRNAME/fixtures/explorer/schema

schema_1() {
	# Each core's Tensor engine is busy 2000 ns of 4000 with one gap of
	# 1000 ns; merged they would be busy 4000 ns without a gap.
	for f in "$S/lnc2.parquet" "$S/lnc2.csv" "$S/lnc2.jsonl"; do
		np np-gaps -U "$f"
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

schema_2() {
	np-trace "$S/lnc2.parquet" >"$T/lnc2.tsv"
	[ "$(head -1 "$T/lnc2.tsv" | tr '\t' '\n' | grep -c '^pcore_idx$')" -eq 1 ]
	np np-gaps -U "$T/lnc2.tsv"
	golden schema/lnc2-gaps-u.tsv
	np np-stall -g engine "$T/lnc2.tsv"
	golden schema/lnc2-stall.tsv
	# without pcore_idx the column is there, empty
	cut -f1-17 "$T/lnc2.tsv" >"$T/nocore.tsv"
	np np-gaps -U "$T/nocore.tsv"
	[ "$(<"$OUT")" = "$(printf '%s\n' \
	    'engine	instructions	busy_ns	span_ns	busy_share	gaps	idle_ns	pcore_idx' \
	    'Tensor	4	4000	4000	1	0	0	' \
	    'any	4	4000	4000	1	0	0	')" ]
}

schema_3() {
	np np-stall -g engine "$S/lnc2.parquet"
	status_is 0
	golden schema/lnc2-stall.tsv
	np np-stall -g pcore_idx,engine "$S/lnc2.csv"
	status_is 0
	[ "$(<"$OUT")" = "$(printf '%s\n' \
	    'pcore_idx	engine	instructions	stalled	stall_ns	stall_mean_ns	stall_max_ns	stall_share	duration_ns' \
	    '0	Tensor	2	1	100	100	100	0.5555555555555556	2000' \
	    '1	Tensor	2	2	80	40	50	0.4444444444444444	2000')" ]
}

schema_4() {
	# the UI export form has no engine column; track.* a NULL engine.
	# The TensorMatrix track is the Tensor engine's: its busy time too.
	np np-trace "$S/track-export.csv"
	status_is 0
	no_err
	golden schema/track.tsv
	for f in "$S/track.csv" "$S/track.parquet"; do
		np np-trace "$f"
		status_is 0
		golden schema/track.tsv
	done
	np np-gaps -U "$S/track-export.csv"
	status_is 0
	[ "$(cut -f1,3 "$OUT" | tr '\t\n' ':,')" = "engine:busy_ns,:100,GpSimd:60,Tensor:100,Vector:150,any:300," ]
}

schema_5() {
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
	np np-gaps -U -e TensorMatrix "$S/lnc2.csv"
	[ "$(sed -n 2p "$OUT")" = "Tensor	2	2000	3000	0.6666666666666666	1	1000	1" ]
}

schema_6() {
	# stream 40 starts every 150000 ns, and stream 41 70000 ns after
	# each: one stream would give gaps of 70000 and 80000 ns
	cd "$T"
	cp "$S/streams.csv" r0.csv
	cp "$S/streams.parquet" r1.parquet
	np np-cc -G -E AllReduce r0.csv
	status_is 0
	no_err
	golden schema/streams-g.tsv
	[ "$(tail -n +2 "$OUT" | cut -f5 | sort -u)" = 150000 ]
	# two layers a stream: layer 0 and the epilogue, so no steady state
	np np-cc -L -l 1 -p 0 -E AllReduce r1.parquet
	status_is 0
	err_is "np-cc: last layers left out of mean, median, min and max, as the epilogue: 2 (first: rank r1.parquet, stream 40)"
	golden schema/streams-L.tsv
	# rank r0's collective n of a stream meets r1's of the same stream
	np np-cc -K -E AllReduce r0.csv r1.parquet
	status_is 0
	no_err
	golden schema/streams-K.tsv
	[ "$(tail -n +2 "$OUT" | cut -f1,2,12 | tr '\t\n' ' ,')" = "1 2 40,1 2 41,2 2 40,2 2 41,3 2 40,3 2 41," ]
}


schema_7() {
	for f in "$S/noname.csv" "$S/noname.parquet" "$S/noname.jsonl"; do
		np np-dma -s "$f"
		status_is 0
		no_err
		golden schema/noname-s.tsv
	done
	# the two packets without a queue: one queue with no name (a missing
	# value, np(7)), of core 0, apart from any queue named <none>
	[ "$(grep '^	' "$OUT")" = "	2	96	150	300	450	0.64	48	32	64	0" ]
	[ "$(cut -f1 "$OUT" | grep -c '^<none>$')" -eq 0 ]
	# the rows keep the queue empty, and read back the same
	np-dma "$S/noname.parquet" >"$T/rows.tsv"
	[ "$(cut -f1 "$T/rows.tsv" | tr '\n' ,)" = "queue_name,3,3,3,,,7," ]
	np np-dma -s "$T/rows.tsv"
	golden schema/noname-s.tsv
	np np-dma -s -H "$S/noname.csv"
	[ "$(cut -f1,7 "$OUT" | sort -u | tr '\t\n' ' ,')" = " 0,3 0,3 1,7 ,queue_name pcore_idx," ]
}

schema_8() {
	for f in "$S/lnc2.parquet" "$S/lnc2.csv" "$S/lnc2.jsonl"; do
		np np-trace -c psum_read_bytes,hlo_name,dma_wait_time_ns,spill_save_bytes "$f"
		status_is 0
		no_err
		golden schema/lnc2-c.tsv
	done
	[ "$(head -1 "$OUT" | cut -f18-)" = "pcore_idx	timeline_track	psum_read_bytes	hlo_name	dma_wait_time_ns	spill_save_bytes" ]
	[ "$(tail -1 "$OUT" | cut -f20-)" = "0	fusion \"x\", y	-25	128" ]
	# np's TSV carries them on: the next program reads them by name
	np-trace -c hlo_name "$S/lnc2.csv" >"$T/t.tsv"
	np np-trace -c hlo_name "$T/t.tsv"
	cmp "$T/t.tsv" "$OUT"
	np np-dma -c id "$S/noname.csv"
	status_is 0
	[ "$(cut -f17 "$OUT" | tr '\n' ,)" = "id,1,2,3,4,5,6," ]
	np np-cc -n -c stream_index "$S/streams.parquet"
	status_is 0
	[ "$(cut -f19 "$OUT" | tr '\n' ,)" = "0,1,0,1,0,1," ]
}

schema_9() {
	np np-trace -n -c hlo_name,nope "$S/lnc2.csv"
	status_is 1
	err_is "np-trace: $S/lnc2.csv:1:1: expected a column 'nope' (given to -c), found none in the header, which has: start_ts end_ts duration_ns engine timeline_track pcore_idx opcode hlo_name dma_wait_time_ns spill_save_bytes psum_read_bytes bir_debug_info_source_location evt_wait_time_ns"
	np np-trace -n -c nope "$S/lnc2.parquet"
	status_is 1
	err_is "np-trace: $S/lnc2.parquet: expected a column 'nope' (given to -c), found none in the file, which has: start_ts end_ts duration_ns engine timeline_track pcore_idx opcode hlo_name dma_wait_time_ns spill_save_bytes psum_read_bytes bir_debug_info_source_location evt_wait_time_ns"
	np np-trace -n -c hlo_name "$BATS_TEST_DIRNAME/fixtures/np-trace/trace.txt"
	status_is 1
	err_is "np-trace: $BATS_TEST_DIRNAME/fixtures/np-trace/trace.txt: -c hlo_name: profiler text (show-session --show-trace instruction) has no further columns; -c reads them from JSON, TSV, CSV or Parquet"
	[ ! -s "$OUT" ]
	# JSON rows are not checked: the column is empty
	np np-trace -n -c nope "$S/lnc2.jsonl"
	status_is 0
	[ "$(cut -f20 "$OUT" | sort -u)" = "" ]
	np np-trace -c label "$S/lnc2.csv"
	status_is 2
	err_is "np-trace: -c: 'label' is read as the instruction column engine already
usage: np-trace [-nq] [-c columns] [-e engines] [-F positions] [-t from,to] [-u unit] [file ...]"
	np np-trace -c hlo_name,hlo_name "$S/lnc2.csv"
	status_is 2
	np np-trace -c a,b,c,d,e,f,g,h,i,j,k,l,m,n "$S/lnc2.csv"
	status_is 2
	err_is "np-trace: -c: at most 13 columns, found 14
usage: np-trace [-nq] [-c columns] [-e engines] [-F positions] [-t from,to] [-u unit] [file ...]"
	np np-dma -s -c id "$S/noname.csv"
	status_is 2
	np np-cc -G -c stream_index "$S/streams.csv"
	status_is 2
}

@test "schema: two physical cores are never one engine: np-gaps in every mode; np-trace's TSV keeps pcore_idx, and reads back the same way; np-stall keeps physical cores apart, unless -g names pcore_idx; the timeline track is the engine where the input gives none; -e matches the timeline track as well as the engine; CcOp streams are kept apart in np-cc's gaps, layers and skew; DmaPacket without queue_name: queue_idx names the queue, none is an empty field; -c carries further columns through, in the order given, empty where missing; -c: a column the header lacks, text traces, and misuse are errors" {
	cases \
	    "two physical cores are never one engine: np-gaps in every mode" schema_1 \
	    "np-trace's TSV keeps pcore_idx, and reads back the same way" schema_2 \
	    "np-stall keeps physical cores apart, unless -g names pcore_idx" schema_3 \
	    "the timeline track is the engine where the input gives none" schema_4 \
	    "-e matches the timeline track as well as the engine" schema_5 \
	    "CcOp streams are kept apart in np-cc's gaps, layers and skew" schema_6 \
	    "DmaPacket without queue_name: queue_idx names the queue, none is an empty field" schema_7 \
	    "-c carries further columns through, in the order given, empty where missing" schema_8 \
	    "-c: a column the header lacks, text traces, and misuse are errors" schema_9
}

@test "schema: -c holds no memory per row (ulimit -v)" {
	need_plain_build
	npgen -n 200000 explorer-tsv >"$T/big.tsv"
	under_ulimit 40960 np-trace -n -c hlo_name,dma_wait_time_ns,psum_read_bytes,raw_flops "$T/big.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 200000 ]
	[ "$(cut -f20 "$OUT" | grep -c fusion)" -gt 0 ]
}

schema_11() {
	# v12@latest: Metadata gives 12.0.1; its Instruction table is the
	# Track rows (schema 7's names).  profile@latest gives 7.4.0: quiet
	# (explorer.bats), as is a directory without a Metadata table.
	local D=$S/v12@latest
	local msg="profile schema 12.0.1 (its Metadata table); np knows schema 7's column names, and one renamed since reads as missing unless NP_COLUMNS names it (np(7), Schema versions)"
	np np-trace "$D"
	status_is 0
	err_is "np-trace: $D: $msg"
	golden schema/track.tsv
	np np-trace "$D" "$D"
	status_is 0
	err_is "np-trace: $D: $msg
np-trace: $D: $msg"
	np np-sum "$D"
	status_is 0
	err_is "np-sum: $D: $msg"
	[ "$(cut -f2 "$OUT" | tr '\n' ' ')" = "key total_time event_count " ]
	np np-cc "$D"
	status_is 1
	err_is "np-cc: $D: $msg
np-cc: $D: a profile directory without collective tables (expected CcInstruction.parquet or CcOp.parquet in it, or the table split into _0, _1, ... files)"
	mkdir "$T/p"
	cp "$D/Instruction.parquet" "$T/p/"
	np np-trace "$T/p"
	status_is 0
	no_err
	golden schema/track.tsv
}

schema_12() {
	# No hbm_read_bytes or hbm_write_bytes: instruction_hbm_read_bytes
	# and _write_bytes hold the same values.  dma_transfer_total_bytes is
	# 0: the bytes are static + software + hardware dynamic sizes.
	# By hand (README, schema/): dma_gbps (1e6 + 2e6 + 1e6) / 0.25 / 1e9 =
	# 0.016; hbm_gbps (3e6 + 1e6) / 0.5 / 1e9 = 0.008; hbm_flops_per_byte
	# 8e6 / 4e6 = 2; spill_reload_share 9e5 / 3e6 = 0.3 (over 0.25:
	# spill_heavy); spill_save_share 5e5 / 1e6 = 0.5.
	cd "$S/.."
	np np-sum -d schema/summary-2.34.parquet
	status_is 0
	no_err
	golden schema/summary-2.34-d.tsv
	np np-sum -i schema/summary-2.34.parquet
	status_is 0
	no_err
	golden schema/summary-2.34-i.tsv
}

@test "schema: a profile directory of another schema MAJOR is named on stderr, and still read; a Neuron 2.34 Summary: -d and -i read the fields that replace the deprecated ones" {
	cases \
	    "a profile directory of another schema MAJOR is named on stderr, and still read" schema_11 \
	    "a Neuron 2.34 Summary: -d and -i read the fields that replace the deprecated ones" schema_12
}
