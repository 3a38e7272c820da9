#!/usr/bin/env bats
# Profile directories: every table a program reads from one (Instruction
# for np-trace, np-gaps, np-stall and np-sum -g; DmaPacket for np-dma;
# CcInstruction and CcOp for np-cc; Summary for np-sum) is read whole, its
# parts in numeric order, or refused naming the files: a part missing
# between others, or the table both whole and split.  Paths joined to a
# directory named with a trailing slash have one slash.  The directories
# are made of links to the fixture profile's files.

load helpers

D=$BATS_TEST_DIRNAME/fixtures/explorer/profile@latest

# part DIR NAME SOURCE: DIR/NAME, a link to the fixture profile's SOURCE.
part() {
	mkdir -p "$1"
	ln -s "$D/$3" "$1/$2"
}

# Each program, the table it reads from a directory, and a file of it.
readers() {
	cat <<'LIST'
np-trace|Instruction|Instruction_0.parquet
np-gaps -U|Instruction|Instruction_1.parquet
np-stall -g src|Instruction|Instruction_0.parquet
np-sum -g engine -v duration_ns|Instruction|Instruction_1.parquet
np-dma -s|DmaPacket|DmaPacket.parquet
np-cc|CcInstruction|CcInstruction.parquet
np-cc -L|CcOp|CcOp.parquet
np-sum|Summary|Summary.parquet
LIST
}

profdir_1() {
	readers | while IFS='|' read -r cmd table file; do
		rm -rf "$T/g"
		part "$T/g" "${table}_0.parquet" "$file"
		part "$T/g" "${table}_2.parquet" "$file"
		part "$T/g" "${table}_3.parquet" "$file"
		# shellcheck disable=SC2086
		np $cmd "$T/g"
		echo "$cmd"
		status_is 1
		err_is "${cmd%% *}: $T/g/${table}_1.parquet: missing: the $table table is split into ${table}_0.parquet to ${table}_3.parquet, of which 3 are there, so it would be read in part (name the files to read those there are)"
		[ ! -s "$OUT" ]
	done
	# The first part missing; the directory named with a trailing slash.
	part "$T/h" Instruction_1.parquet Instruction_1.parquet
	np np-trace "$T/h/"
	status_is 1
	err_is "np-trace: $T/h/Instruction_0.parquet: missing: the Instruction table is split into Instruction_0.parquet to Instruction_1.parquet, of which 1 are there, so it would be read in part (name the files to read those there are)"
	# Named, the parts there are read.
	np np-trace "$T/h/Instruction_1.parquet"
	status_is 0
	no_err
	[ "$(wc -l <"$OUT")" -eq 41 ]
}

profdir_2() {
	readers | while IFS='|' read -r cmd table file; do
		rm -rf "$T/b"
		part "$T/b" "$table.parquet" "$file"
		part "$T/b" "${table}_0.parquet" "$file"
		# shellcheck disable=SC2086
		np $cmd "$T/b/"
		echo "$cmd"
		status_is 1
		err_is "${cmd%% *}: $T/b/$table.parquet and $T/b/${table}_0.parquet: the $table table is there both whole and split, so one of them is left from another run (name the files to read)"
		[ ! -s "$OUT" ]
	done
}

profdir_3() {
	for i in 0 1 2 3 4 5 6 7 8 9 10; do
		part "$T/n" "Instruction_$i.parquet" "Instruction_$((i % 2)).parquet"
	done
	# Names that are another table's, or no part's, are not read.
	part "$T/n" InstructionFoo.parquet Instruction_1.parquet
	part "$T/n" InstructionFoo_11.parquet Instruction_1.parquet
	part "$T/n" Instruction_x.parquet Instruction_1.parquet
	part "$T/n" Instruction_11.parquet.bak Instruction_1.parquet
	np np-trace "$T/n"
	status_is 0
	no_err
	mv "$OUT" "$T/dir.tsv"
	np np-trace "$T"/n/Instruction_0.parquet "$T"/n/Instruction_1.parquet \
	    "$T"/n/Instruction_2.parquet "$T"/n/Instruction_3.parquet \
	    "$T"/n/Instruction_4.parquet "$T"/n/Instruction_5.parquet \
	    "$T"/n/Instruction_6.parquet "$T"/n/Instruction_7.parquet \
	    "$T"/n/Instruction_8.parquet "$T"/n/Instruction_9.parquet \
	    "$T"/n/Instruction_10.parquet
	status_is 0
	cmp "$T/dir.tsv" "$OUT"
	# Parts 0, 2, ... 10 of part 0's 60 rows, 1, 3, ... 9 of part 1's 40,
	# and a header.
	[ "$(wc -l <"$OUT")" -eq $((6 * 60 + 5 * 40 + 1)) ]
}

profdir_4() {
	part "$T/z" Instruction_0.parquet Instruction_0.parquet
	part "$T/z" Instruction_01.parquet Instruction_1.parquet
	np np-gaps -U "$T/z"
	status_is 1
	err_is "np-gaps: $T/z/Instruction_01.parquet: a part of the Instruction table numbered as Explorer does not (no leading zero, at most 9 digits); name the files to read"
}

profdir_5() {
	np np-sum -g queue_name -v duration_ns "$D/"
	status_is 1
	case $(<"$ERR") in
	"np-sum: $D/Instruction_0.parquet: expected a column 'queue_name' (given to -g)"*) ;;
	*) echo "stderr: $(<"$ERR")"; false ;;
	esac
	# TMPDIR too, where rows wait to be put in order.
	npgen -n 20000 explorer-tsv >"$T/g.tsv"
	TMPDIR=$T/none/ np np-gaps -B 1ms "$T/g.tsv"
	status_is 1
	err_is "np-gaps: $T/none/np-spill-XXXXXX: cannot create a temporary file (TMPDIR $T/none/) to put rows in order: No such file or directory"
}


# What every program says of a profile directory's Warning and Error tables
# (tests/fixtures/np-bound/gate, written by DuckDB), dir its name.
gatelines() {
	local p=$1 d=$2
	cat <<GATE
$p: $d: Warning table, category DroppedEvents: 2 rows (first: system trace events dropped on core 0)
$p: $d: Warning table, category Timestamps: 1 row (first: timestamps out of order\\non queue qSyncIO3)
$p: $d: Warning table, category (none): 1 row
$p: $d: Warning table, category Long: 1 row (first: a message longer than sixty bytes, so that it is cut short w...)
$p: $d: Warning table, category C01: 1 row (first: message 1)
$p: $d: Warning table, category C02: 1 row (first: message 2)
$p: $d: Warning table, category C03: 1 row (first: message 3)
$p: $d: Warning table, category C04: 1 row (first: message 4)
$p: $d: Warning table, category C05: 1 row (first: message 5)
$p: $d: Warning table, category C06: 1 row (first: message 6)
$p: $d: Warning table, category C07: 1 row (first: message 7)
$p: $d: Warning table, category C08: 1 row (first: message 8)
$p: $d: Warning table, category C09: 1 row (first: message 9)
$p: $d: Warning table, category C10: 1 row (first: message 10)
$p: $d: Warning table, category C11: 1 row (first: message 11)
$p: $d: Warning table, category C12: 1 row (first: message 12)
$p: $d: Warning table, 2 more categories: 2 rows (first: message 13)
$p: $d: Error table, type DmaError: 2 rows (first: DMA queue 3 overflowed)
$p: $d: Error table, type HwError: 1 row (first: semaphore timeout)
GATE
}

profdir_6() {
	G=$BATS_TEST_DIRNAME/fixtures/np-bound/gate
	readers | while IFS='|' read -r cmd table file; do
		rm -rf "$T/w" "$T/plain"
		part "$T/plain" "$table.parquet" "$file"
		part "$T/w" "$table.parquet" "$file"
		ln -s "$G/Warning.parquet" "$G/Error.parquet" "$T/w/"
		# shellcheck disable=SC2086
		np $cmd "$T/plain"
		st=$status
		# (np-cc names the rank, the directory, in its rows)
		sed "s|$T/plain|$T/w|g" "$OUT" >"$T/want"
		sed "s|$T/plain|$T/w|g" "$ERR" >"$T/wanterr"
		# shellcheck disable=SC2086
		np $cmd "$T/w"
		echo "$cmd"
		status_is "$st"
		cmp "$T/want" "$OUT"
		{ gatelines "${cmd%% *}" "$T/w"; cat "$T/wanterr"; } >"$T/e"
		diff "$T/e" "$ERR"
	done
}

profdir_7() {
	part "$T/e" Instruction.parquet Instruction_0.parquet
	np np-trace "$T/e"
	cp "$OUT" "$T/want"
	rm -rf "$T/e"
	part "$T/e" Instruction.parquet Instruction_0.parquet
	ln -s "$BATS_TEST_DIRNAME/fixtures/np-bound/bad/dmapacket-empty.parquet" "$T/e/Warning.parquet"
	np np-trace "$T/e"
	status_is 0
	no_err
	cmp "$T/want" "$OUT"
}

@test "profdir: a split table with a part missing is refused, naming it, for every table a directory gives; a table both whole and split is refused, naming both, for every table a directory gives; parts are read in numeric order, _10 after _9; other tables' files are not parts; a part number spelt with a leading zero is refused, naming the file; a directory named with a trailing slash joins its files with one slash; every program says a directory's Warning and Error tables by category, first, with the same rows; empty Warning and Error tables say nothing" {
	cases \
	    "a split table with a part missing is refused, naming it, for every table a directory gives" profdir_1 \
	    "a table both whole and split is refused, naming both, for every table a directory gives" profdir_2 \
	    "parts are read in numeric order, _10 after _9; other tables' files are not parts" profdir_3 \
	    "a part number spelt with a leading zero is refused, naming the file" profdir_4 \
	    "a directory named with a trailing slash joins its files with one slash" profdir_5 \
	    "every program says a directory's Warning and Error tables by category, first, with the same rows" profdir_6 \
	    "empty Warning and Error tables say nothing" profdir_7
}
