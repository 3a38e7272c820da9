#!/usr/bin/env bats
# np-stall on Parquet a span of rows at a time (read/reader.h, rd_span): the
# same answers, notes and errors as a record at a time.  The tables
# (fixtures/np-stall/span, span.sql says what each row tests) hold 2500 rows,
# beyond a batch of cells, with the rows a span must end at in the middle
# of batches; span.jsonl holds the same rows as JSON lines, which are read
# a record at a time.  golden/np-stall/span.tsv was checked against
# DuckDB's answer (fixtures/np-stall/span/README.md).

load helpers

S=$BATS_TEST_DIRNAME/fixtures/np-stall/span

# asjsonl ARGS...: np-stall ARGS on span-d.parquet and span-p.parquet gives
# the rows, the messages (the file's name aside) and the exit status it
# gives on span.jsonl.
asjsonl() {
	local js f
	np np-stall "$@" "$S/span.jsonl"
	js=$status
	cp "$OUT" "$T/jsonl.out"
	sed "s|$S/span.jsonl|FILE|" "$ERR" >"$T/jsonl.err"
	for f in span-d span-p; do
		np np-stall "$@" "$S/$f.parquet"
		status_is "$js"
		diff -u "$T/jsonl.out" "$OUT"
		sed "s|$S/$f.parquet|FILE|" "$ERR" >"$T/pq.err"
		diff -u "$T/jsonl.err" "$T/pq.err"
	done
}

@test "np-stall-span: Parquet's rows a span at a time give DuckDB's groups; a row without a start, with its end before its start or a negative duration, mid-batch, left out and counted; times worked out; a wait missing or negative counted; no location, an empty one, nki's; no physical core" {
	for f in span-d span-p; do
		np np-stall "$S/$f.parquet"
		status_is 0
		golden np-stall/span.tsv
		err_is "np-stall: rows without a start time skipped: 1 (first: $S/$f.parquet:301)
np-stall: rows with end_ts before start_ts skipped: 1 (first: $S/$f.parquet:302)
np-stall: rows with a negative duration_ns skipped: 1 (first: $S/$f.parquet:303)
np-stall: rows without evt_wait_time_ns: 2 (first: $S/$f.parquet:701)
np-stall: rows with a negative evt_wait_time_ns taken as missing: 1 (first: $S/$f.parquet:702)"
	done
	asjsonl
}

@test "np-stall-span: as a record at a time: -g engine,opcode, -g opcode, -g nki_source_location, -v duration_ns, -N 2, -A, -u us and -u ps (no spans), NP_COLUMNS" {
	asjsonl -g engine,opcode
	asjsonl -g opcode
	asjsonl -g nki_source_location
	asjsonl -v duration_ns
	asjsonl -N 2
	asjsonl -A
	asjsonl -u us
	asjsonl -u ps
	NP_COLUMNS=evt_wait_time_ns=duration_ns asjsonl
	NP_COLUMNS=bir_debug_info_source_location=opcode asjsonl
}

@test "np-stall-span: a key too long mid-span is the error it is a record at a time, at its row; -A's rows of spans merge as one run's" {
	np np-stall "$S/long.parquet"
	status_is 1
	err_is "np-stall: $S/long.parquet:1801: key longer than 65536 bytes (-g src)"
	awk 'NR == 1801 { a = "a"; while (length(a) < 70000) a = a a
		a = substr(a, 1, 70000)
		sub(/"bir_debug_info_source_location":"[^"]*"/,
		    "\"bir_debug_info_source_location\":\"" a "\"") }
	    { print }' "$S/span.jsonl" >"$T/long.jsonl"
	np np-stall "$T/long.jsonl"
	status_is 1
	err_is "np-stall: $T/long.jsonl:1801: key longer than 65536 bytes (-g src)"
	np-stall -A "$S/span-d.parquet" >"$T/a.tsv" 2>/dev/null
	np-stall -A "$S/span-p.parquet" >"$T/b.tsv" 2>/dev/null
	np np-stall "$T/a.tsv" "$T/b.tsv"
	status_is 0
	np-stall "$S/span.jsonl" "$S/span.jsonl" >"$T/two.tsv" 2>/dev/null
	diff -u "$T/two.tsv" "$OUT"
}

@test "np-stall-span: spans across row groups, the first ending mid-batch; end_ts before start_ts at a batch's last and first rows and a group's; keys with TAB, quote, backslash, newline, empty, none, nki's; waits near 2^63: the rows, notes and groups of the same rows as JSON lines" {
	local a
	for a in "" "-g bir_debug_info_source_location" \
	    "-g nki_source_location" "-v duration_ns" "-A" "-g src,pcore_idx"; do
		np np-stall $a "$S/spanrg.jsonl"
		status_is 0
		cp "$OUT" "$T/jsonl.out"
		sed "s|$S/spanrg.jsonl|FILE|" "$ERR" >"$T/jsonl.err"
		np np-stall $a "$S/spanrg.parquet"
		status_is 0
		diff -u "$T/jsonl.out" "$OUT"
		sed "s|$S/spanrg.parquet|FILE|" "$ERR" >"$T/pq.err"
		diff -u "$T/jsonl.err" "$T/pq.err"
	done
	np np-stall "$S/spanrg.parquet"
	err_is "np-stall: rows without evt_wait_time_ns: 86 (first: $S/spanrg.parquet:14)
np-stall: rows with a negative evt_wait_time_ns taken as missing: 71 (first: $S/spanrg.parquet:17)
np-stall: rows with end_ts before start_ts skipped: 5 (first: $S/spanrg.parquet:1023)"
}

@test "np-stall-span: src from nki_source_location where bir_debug_info_source_location is empty or null, nki's text kept at one address only in those rows (rd_keysome): such rows at batches', row groups' and spans' edges, and past where the reader stops keeping nki's values (mostly new): the rows, notes and groups of the same rows as JSON lines; -u us (no spans) the same" {
	local f a
	for a in "" "-u us" "-A"; do
		np np-stall $a "$S/spannki.jsonl"
		status_is 0
		cp "$OUT" "$T/jsonl.out"
		sed "s|$S/spannki.jsonl|FILE|" "$ERR" >"$T/jsonl.err"
		[ "$(wc -l <"$OUT")" -gt 2900 ]
		for f in spannki-d spannki-p; do
			np np-stall $a "$S/$f.parquet"
			status_is 0
			diff -u "$T/jsonl.out" "$OUT"
			sed "s|$S/$f.parquet|FILE|" "$ERR" >"$T/pq.err"
			diff -u "$T/jsonl.err" "$T/pq.err"
		done
	done
}
