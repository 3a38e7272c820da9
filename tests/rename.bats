#!/usr/bin/env bats
# Renamed columns (a profile schema of another MAJOR): a missing start time
# or further column names the closest columns the input has; NP_COLUMNS
# maps a role to another column in every program and every form; a
# profile directory's Metadata and SchemaFields tables say which schema it
# is.  The fixtures are tests/fixtures/explorer/rename/, made by DuckDB
# from ../rename.sql: schema/lnc2's rows with start_ts, end_ts,
# duration_ns, evt_wait_time_ns and hlo_name renamed start_time_ns,
# end_time_ns, dur_ns, event_wait_ns and hlo_op_name.

load helpers

R=$BATS_TEST_DIRNAME/fixtures/explorer/rename
S=$BATS_TEST_DIRNAME/fixtures/explorer/schema
MAP=start_ts=start_time_ns,end_ts=end_time_ns,duration_ns=dur_ns,evt_wait_time_ns=event_wait_ns,hlo_name=hlo_op_name
HINT="NP_COLUMNS=ROLE=COLUMN reads one from another column (np(7), ENVIRONMENT)"
START="expected a column for start_ts (or end_ts and duration_ns, which give it)"
NEAR="(closest to start_ts: start_time_ns, end_time_ns, dma_wait_time_ns)"
HAS="start_time_ns end_time_ns dur_ns engine timeline_track pcore_idx opcode hlo_op_name dma_wait_time_ns spill_save_bytes psum_read_bytes bir_debug_info_source_location event_wait_ns"
V12="profile schema 12.0.1 (its Metadata table); np knows schema 7's column names, and one renamed since reads as missing unless NP_COLUMNS names it (np(7), Schema versions)"

rename_t1() {
	cd "$R"
	for p in np-trace np-gaps np-stall; do
		np $p lnc2.csv
		status_is 1
		[ ! -s "$OUT" ]
		err_is "$p: lnc2.csv:1:1: $START, found none in the header $NEAR; $HINT"
		np $p lnc2.parquet
		status_is 1
		err_is "$p: lnc2.parquet: $START, found none in the file $NEAR; $HINT"
	done
	# JSON rows may leave a column out: said at the end, after the count.
	np np-trace lnc2.jsonl
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-trace: rows without a start time skipped: 4 (first: lnc2.jsonl:1)
np-trace: lnc2.jsonl: $START, found none in its rows $NEAR; $HINT"
	# One of end and duration there: the other is named too.
	cut -d, -f2- lnc2.csv | sed '1s/end_time_ns/end_ts/' >"$T/e.csv"
	np np-trace "$T/e.csv"
	status_is 1
	err_is "np-trace: $T/e.csv:1:1: $START, found none in the header (closest to start_ts: dma_wait_time_ns; to duration_ns: dur_ns, dma_wait_time_ns, event_wait_ns); $HINT"
	# Before: every row left out, and the answer empty.
	sed '1s/start_ts,end_ts,duration_ns/ts_start,ts_end,dur/' "$S/lnc2.csv" >"$T/none.csv"
	np np-trace "$T/none.csv"
	status_is 1
	err_is "np-trace: $T/none.csv:1:1: $START, found none in the header (closest to start_ts: ts_start, ts_end, dma_wait_time_ns); $HINT"
}

rename_2() {
	export NP_COLUMNS=$MAP
	for f in "$R/lnc2.csv" "$R/lnc2.parquet" "$R/lnc2.jsonl" "$R/v12@latest"; do
		err=
		[ "${f##*@}" = latest ] && err="np-stall: $f: $V12"
		np np-stall -g engine "$f"
		status_is 0
		err_is "$err"
		golden schema/lnc2-stall.tsv
		np np-gaps -U "$f"
		status_is 0
		golden schema/lnc2-gaps-u.tsv
		# -c names a role too: hlo_name is read from hlo_op_name.
		np np-trace -c psum_read_bytes,hlo_name,dma_wait_time_ns,spill_save_bytes "$f"
		status_is 0
		golden schema/lnc2-c.tsv
		np np-sum -g engine,hlo_name -v duration_ns,evt_wait_time_ns "$f"
		status_is 0
		# By hand: dot.1 is rows 1 and 3 (1000 + 1000 ns, waits 100 + 0).
		[ "$(grep '^Tensor	dot.1	duration_ns	' "$OUT" | cut -f4,5)" = "2	2000" ]
		[ "$(grep '^Tensor	dot.1	evt_wait_time_ns	' "$OUT" | cut -f4,5)" = "2	100" ]
		mv "$OUT" "$T/sum.tsv"
		NP_COLUMNS= np np-sum -g engine,hlo_name -v duration_ns,evt_wait_time_ns "$S/lnc2.csv"
		cmp "$OUT" "$T/sum.tsv"
	done
	# np-stall sums the wait (read from event_wait_ns) per source line.
	np np-stall "$R/lnc2.parquet"
	status_is 0
	mv "$OUT" "$T/stall.tsv"
	NP_COLUMNS= np np-stall "$S/lnc2.parquet"
	cmp "$OUT" "$T/stall.tsv"
	[ "$(grep '^a.py:1	' "$T/stall.tsv" | cut -f4)" = 100 ]
}

rename_3() {
	export NP_COLUMNS=$MAP
	np np-gaps -U < <(np-trace "$R/lnc2.csv")
	status_is 0
	no_err
	golden schema/lnc2-gaps-u.tsv
	np np-gaps -U "$S/lnc2.jsonl"
	status_is 0
	no_err
	golden schema/lnc2-gaps-u.tsv
	# Another kind's tables: only start_ts and its like are shared.
	np np-dma -s "$S/noname.csv"
	status_is 0
	golden schema/noname-s.tsv
}

rename_4() {
	cd "$R"
	NP_COLUMNS=start_ts np np-trace lnc2.csv
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-trace: NP_COLUMNS: expected ROLE=COLUMN, comma-separated, found 'start_ts'"
	NP_COLUMNS=start_ts=a,=b np np-trace lnc2.csv
	status_is 1
	err_is "np-trace: NP_COLUMNS: expected ROLE=COLUMN, comma-separated, found '=b'"
	NP_COLUMNS=start_ts=a=b np np-trace lnc2.csv
	status_is 1
	err_is "np-trace: NP_COLUMNS: expected ROLE=COLUMN, comma-separated, found 'start_ts=a=b'"
	NP_COLUMNS=start_ts=a,start_ts=b np np-trace lnc2.csv
	status_is 1
	err_is "np-trace: NP_COLUMNS: expected each role once, found 'start_ts' again"
	NP_COLUMNS=star_ts=start_time_ns np np-trace lnc2.csv
	status_is 1
	err_is "np-trace: NP_COLUMNS: expected a role (a column np writes, a field of schema 7 or a column an option names), found 'star_ts' (closest: start_ts, end_ts)"
	# A column an option names is a role; one no program knows is not.
	NP_COLUMNS=my_col=hlo_op_name np np-stall -g my_col lnc2.csv
	status_is 1
	err_is "np-stall: lnc2.csv:1:1: $START, found none in the header $NEAR; $HINT"
	NP_COLUMNS=my_col=hlo_op_name np np-sum -g engine -v dur_ns lnc2.csv
	status_is 1
	err_is "np-sum: NP_COLUMNS: expected a role (a column np writes, a field of schema 7 or a column an option names), found 'my_col'"
	NP_COLUMNS=my_col=hlo_op_name np np-sum -g my_col -v dur_ns lnc2.csv
	status_is 0
	[ "$(cut -f1 "$OUT" | tr '\n' ' ')" = 'my_col dot.1 dot.2 fusion "x", y ' ]
}


rename_t2() {
	cd "$R"
	NP_COLUMNS=start_ts=start_tim np np-trace lnc2.csv
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-trace: lnc2.csv:1:1: NP_COLUMNS: start_ts=start_tim: expected a column 'start_tim' (or 'start_ts'), found none in the header $NEAR"
	NP_COLUMNS=start_ts=start_tim np np-trace lnc2.parquet
	status_is 1
	err_is "np-trace: lnc2.parquet: NP_COLUMNS: start_ts=start_tim: expected a column 'start_tim' (or 'start_ts'), found none in the file $NEAR"
	NP_COLUMNS=start_ts=start_tim np np-trace lnc2.jsonl
	status_is 1
	err_is "np-trace: rows without a start time skipped: 4 (first: lnc2.jsonl:1)
np-trace: lnc2.jsonl: NP_COLUMNS: start_ts=start_tim: expected a column 'start_tim' (or 'start_ts'), found none in its rows $NEAR"
	# A further column's, in np-sum's own reading of TSV and CSV.
	NP_COLUMNS=hlo_name=hlo_op_nam np np-sum -g hlo_name -v dur_ns lnc2.csv
	status_is 1
	err_is "np-sum: lnc2.csv:1: NP_COLUMNS: hlo_name=hlo_op_nam: expected a column 'hlo_op_nam' (or 'hlo_name'), found none in the header (closest to hlo_name: hlo_op_name, opcode)"
}

rename_6() {
	cd "$R"
	export NP_COLUMNS=start_ts=start_time_ns,end_ts=end_time_ns,duration_ns=dur_ns
	np np-stall -g hlo_name lnc2.csv
	status_is 1
	err_is "np-stall: lnc2.csv:1:1: expected a column 'hlo_name' (given to -g), found none in the header (closest: hlo_op_name), which has: $HAS"
	np np-stall -g hlo_name lnc2.parquet
	status_is 1
	err_is "np-stall: lnc2.parquet: expected a column 'hlo_name' (given to -g), found none in the file (closest: hlo_op_name), which has: $HAS"
	np np-stall -g hlo_name lnc2.jsonl
	status_is 1
	err_is "np-stall: rows without evt_wait_time_ns: 4 (first: lnc2.jsonl:1)
np-stall: lnc2.jsonl: expected a column 'hlo_name' (given to -g), found none in its rows (closest: hlo_op_name), the first of which has: $HAS"
	np np-sum -g hlo_name -v duration_ns lnc2.csv
	status_is 1
	err_is "np-sum: lnc2.csv:1: expected a column 'hlo_name' in the header (closest: hlo_op_name), found none in: $HAS"
	# Nothing close: no list of the closest.
	np np-trace -c zzz lnc2.csv
	status_is 1
	err_is "np-trace: lnc2.csv:1:1: expected a column 'zzz' (given to -c), found none in the header, which has: $HAS"
}

rename_7() {
	cd "$R"
	np np-trace v12@latest
	status_is 1
	[ ! -s "$OUT" ]
	err_is "np-trace: v12@latest: $V12; its SchemaFields table lists no Instruction field start_ts, end_ts, duration_ns
np-trace: v12@latest/Instruction.parquet: $START, found none in the file $NEAR; $HINT; profile schema 12.0.1 (its Metadata table)"
	# Mapped: the SchemaFields table lists them; hlo_name (-g) it lacks.
	NP_COLUMNS=start_ts=start_time_ns,end_ts=end_time_ns,duration_ns=dur_ns np np-stall -g hlo_name v12@latest
	status_is 1
	err_is "np-stall: v12@latest: $V12; its SchemaFields table lists no Instruction field hlo_name
np-stall: v12@latest/Instruction.parquet: expected a column 'hlo_name' (given to -g), found none in the file (closest: hlo_op_name), which has: $HAS; profile schema 12.0.1 (its Metadata table)"
	# Without a SchemaFields table, the note alone.
	mkdir "$T/p"
	cp v12@latest/Metadata.parquet v12@latest/Instruction.parquet "$T/p/"
	NP_COLUMNS=$MAP np np-trace "$T/p"
	status_is 0
	err_is "np-trace: $T/p: $V12"
	cmp "$OUT" <(np-trace "$S/lnc2.parquet")
}

rename_8() {
	sed '1s/transfer_bytes,queue_idx/bytes_moved,queue_index/' "$S/noname.csv" >"$T/dma.csv"
	NP_COLUMNS=transfer_bytes=bytes_moved,queue_name=queue_index np np-dma -s "$T/dma.csv"
	status_is 0
	no_err
	golden schema/noname-s.tsv
	# The rank is the file's name, as in schema.bats.
	cd "$T"
	sed '1s/stream_id/stream/' "$S/streams.csv" >r0.csv
	NP_COLUMNS=stream_id=stream np np-cc -G -E AllReduce r0.csv
	status_is 0
	no_err
	golden schema/streams-g.tsv
	# Unmapped, the streams are one: the gaps differ.
	np np-cc -G -E AllReduce r0.csv
	status_is 0
	! cmp -s "$OUT" "$GOLD/schema/streams-g.tsv"
}

rename_9() {
	cd "$R"
	export NP_COLUMNS=start_ts=start_time_ns,end_ts=end_time_ns,duration_ns=dur_ns
	for f in lnc2.csv lnc2.parquet lnc2.jsonl; do
		np np-stall "$f"
		status_is 1
		first=$f:1
		[ "$f" = lnc2.csv ] && first=$f:2
		err_is "np-stall: rows without evt_wait_time_ns: 4 (first: $first)
np-stall: no instruction with evt_wait_time_ns in 4 rows read (the text traces have none) (closest to evt_wait_time_ns: event_wait_ns, dma_wait_time_ns): -v chooses the value column, such as -v duration_ns; $HINT"
	done
	# Mapped, it is read.
	NP_COLUMNS=$NP_COLUMNS,evt_wait_time_ns=event_wait_ns np np-stall lnc2.csv
	status_is 0
	no_err
}

@test "rename: a table without its start time names the closest columns, in every form; NP_COLUMNS reads the renamed columns in every form, byte for byte as the table of schema 7; with NP_COLUMNS set, np's own TSV and schema 7's tables read as before; an NP_COLUMNS that is not role=column pairs, or names no role, is an error before any input; an NP_COLUMNS column the input lacks, under that name and the role's, is an error naming the closest; a further column the input lacks names the closest it has; a profile directory of schema 12: its Metadata and SchemaFields tables, in one note and in errors; NP_COLUMNS maps the roles of DMA transfers and collectives too; np-stall's value column renamed: the closest columns and NP_COLUMNS named, in every form" {
	cases \
	    "a table without its start time names the closest columns, in every form" rename_t1 \
	    "NP_COLUMNS reads the renamed columns in every form, byte for byte as the table of schema 7" rename_2 \
	    "with NP_COLUMNS set, np's own TSV and schema 7's tables read as before" rename_3 \
	    "an NP_COLUMNS that is not role=column pairs, or names no role, is an error before any input" rename_4 \
	    "an NP_COLUMNS column the input lacks, under that name and the role's, is an error naming the closest" rename_t2 \
	    "a further column the input lacks names the closest it has" rename_6 \
	    "a profile directory of schema 12: its Metadata and SchemaFields tables, in one note and in errors" rename_7 \
	    "NP_COLUMNS maps the roles of DMA transfers and collectives too" rename_8 \
	    "np-stall's value column renamed: the closest columns and NP_COLUMNS named, in every form" rename_9
}
