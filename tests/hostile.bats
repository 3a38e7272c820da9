#!/usr/bin/env bats
# Hostile text (backslashes, TABs, newlines, quotes, control bytes) in
# every form DuckDB exports: CSV, TSV as DuckDB writes it (quoted only
# where needed, and every field quoted), JSON lines and Parquet give the
# same bytes in every program; how a TSV's backslashes are read (np(7),
# TSV); and the one rule for control bytes.  The fixtures and how the
# goldens were checked against DuckDB: tests/fixtures/hostile/README.md.

load helpers

H=$BATS_TEST_DIRNAME/fixtures/hostile

# Runs "$@ FILE" on each form of TABLE (insn or dma): each must give
# golden hostile/NAME, with nothing on stderr.
forms() {
	name=$1 table=$2
	shift 2
	for f in "$table.csv" "$table.tsv" "$table-q.tsv" "$table.jsonl" \
	    "$table.parquet"; do
		np "$@" "$H/$f"
		status_is 0
		no_err
		golden "hostile/$name" || { echo "from $f"; return 1; }
	done
}

hostile_1() {
	forms trace.tsv insn np-trace
}

hostile_2() {
	forms stall.tsv insn np-stall
}

hostile_3() {
	forms sum.tsv insn np-sum -g opcode -v duration_ns
}

hostile_4() {
	forms dma.tsv dma np-dma
	forms dmas.tsv dma np-dma -s
}

hostile_5() {
	# np's TSV declares nothing: its backslashes, all np's escapes, and
	# no quoted field, are read as escapes, and said so once a file.
	np sh -c 'np-trace "$1" | np-stall' sh "$H/insn.csv"
	status_is 0
	err_is "np-stall: -:2:23: this TSV has backslashes and no quoted field: read as np's escaped TSV ('\\\\' is one backslash); if its backslashes are text, as in DuckDB's TSV, read it with NP_TSV=quoted"
	golden hostile/stall.tsv
	# Declared, nothing is said.
	np sh -c 'np-dma "$1" | NP_TSV=escaped np-dma -s' sh "$H/dma.csv"
	status_is 0
	no_err
	golden hostile/dmas.tsv
	np sh -c 'np-sum -g opcode -v duration_ns "$1" |
	    NP_TSV=escaped np-sum -g opcode -v sum | cut -f1,4' sh "$H/insn.jsonl"
	status_is 0
	no_err
	cut -f1,4 "$GOLD/hostile/sum.tsv" | sed '1s/.*/opcode\tsum/' >"$T/want"
	cmp "$T/want" "$OUT"
}

hostile_6() {
	# Row 1, C:\new\table.py:1, reads as np's escapes would (\n, \t); the
	# quoted row after it, in the first 64 KiB, says the file is
	# DuckDB's: its backslashes are text, as in the CSV.
	sed -n '1,2p;5p' "$H/insn.tsv" >"$T/i.tsv"
	sed -n '1,2p;5p' "$H/insn.csv" >"$T/i.csv"
	np np-sum -g opcode -v duration_ns "$T/i.csv"
	status_is 0
	cp "$OUT" "$T/want"
	grep -q '^C:\\\\new\\\\table.py:1	' "$T/want"
	np np-sum -g opcode -v duration_ns "$T/i.tsv"
	status_is 0
	no_err
	cmp "$T/want" "$OUT"
}

hostile_7() {
	# ambiguous.tsv: DuckDB's TSV of rows 1 and 14, no field quoted, its
	# backslashes all np's escapes.
	np np-sum -g opcode -v duration_ns "$H/ambiguous.tsv"
	status_is 0
	err_is "np-sum: $H/ambiguous.tsv:2:23: this TSV has backslashes and no quoted field: read as np's escaped TSV ('\\n' is a newline); if its backslashes are text, as in DuckDB's TSV, read it with NP_TSV=quoted"
	# C:, a newline, ew, a TAB, able.py:1: written back escaped.
	[ "$(sed -n 2p "$OUT" | cut -f1-3)" = "$(printf 'C:\\new\\table.py:1\tduration_ns\t1')" ]
	np env NP_TSV=quoted np-sum -g opcode -v duration_ns "$H/ambiguous.tsv"
	status_is 0
	no_err
	grep -v -e '^opcode' -e '^all' "$OUT" >"$T/got"
	grep -e '^C:\\\\new' -e '^plain' "$GOLD/hostile/sum.tsv" | cut -f1-10 >"$T/want"
	cut -f1-10 "$T/got" | cmp "$T/want" -
}


# A TSV of n plain rows (65 KiB and more, past what np looks at first),
# after one whose backslashes are np's escapes.
longtsv() {
	printf 'start_ts\tduration_ns\tengine\topcode\n1\t1\tTensor\tC:\\new\n'
	awk 'BEGIN { for (i = 2; i < 3002; i++) printf "%d\t1\tTensor\tplain opcode number %d\n", i, i }'
}

hostile_8() {
	{ longtsv; printf '9000\t1\tTensor\t"a\tb"\n'; } >"$T/q.tsv"
	np np-trace -n "$T/q.tsv"
	status_is 1
	err_is "np-trace: $T/q.tsv:2:14: this TSV has backslashes and no quoted field: read as np's escaped TSV ('\\n' is a newline); if its backslashes are text, as in DuckDB's TSV, read it with NP_TSV=quoted
np-trace: $T/q.tsv:3003:15: expected np's escaped TSV, as its backslashes were read from line 2 on, found a quoted field, as DuckDB's quoted TSV has: read it with NP_TSV=quoted"
	[ "$(wc -l <"$OUT")" -eq 3001 ]
	{ longtsv; printf '9000\t1\tTensor\tC:\\src\n'; } >"$T/b.tsv"
	np np-trace -n "$T/b.tsv"
	status_is 1
	[ "$(tail -1 "$ERR")" = "np-trace: $T/b.tsv:3003:15: expected np's escaped TSV, as its backslashes were read from line 2 on, found a backslash that begins none of np's escapes ('\\' then a byte that is no escape), as DuckDB's quoted TSV has: read it with NP_TSV=quoted" ]
	# Declared either way, each reads through.
	np env NP_TSV=quoted np-trace -n "$T/q.tsv"
	status_is 0
	no_err
	[ "$(head -1 "$OUT" | cut -f5)" = 'C:\\new' ]
	[ "$(tail -1 "$OUT" | cut -f5)" = 'a\tb' ]
	np env NP_TSV=escaped np-trace -n "$T/b.tsv"
	status_is 0
	no_err
	[ "$(head -1 "$OUT" | cut -f5)" = 'C:\new' ]
	[ "$(tail -1 "$OUT" | cut -f5)" = 'C:\\src' ]
	# With no backslash before it, a quoted field far in decides.
	{ longtsv | sed 2d; printf '9000\t1\tTensor\t"a\tb"\n9001\t1\tTensor\tC:\\new\n'; } >"$T/l.tsv"
	np np-trace -n "$T/l.tsv"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f5)" = 'C:\\new' ]
}

hostile_9() {
	np env NP_TSV=csv np-trace "$H/insn.tsv"
	status_is 1
	err_is "np-trace: NP_TSV: expected escaped or quoted, found 'csv'"
	[ ! -s "$OUT" ]
}

# noraw FILE...: fails when a FILE holds a control byte other than TAB and
# LF (NUL too: -a, or grep takes it for a line's end), or a C1 control in
# UTF-8 (0xc2 then 0x80 to 0x9f), naming the files.  Two greps for them
# all: a process is dear.
noraw() {
	if LC_ALL=C grep -alP '[\x00-\x08\x0b-\x1f\x7f]' "$@" >"$T/raw"; then
		echo "a raw control byte in $(<"$T/raw")"
		return 1
	fi
	if LC_ALL=C grep -alP '\xc2[\x80-\x9f]' "$@" >"$T/raw"; then
		echo "a raw C1 control in $(<"$T/raw")"
		return 1
	fi
}

hostile_10() {
	local f cmd n=0 outs=()
	# Each output in a file of its own, named by the command and file
	# that made it; then all looked at once.
	for f in insn.csv insn.tsv insn-q.tsv insn.jsonl insn.parquet; do
		for cmd in np-trace np-stall 'np-stall -g layer,hlo_name' \
		    'np-sum -g opcode,layer -v pc' 'np-sum -H -g layer -v pc'; do
			n=$((n + 1))
			OUT="$T/$n: $cmd $f"
			np $cmd "$H/$f"
			status_is 0
			outs+=("$OUT")
		done
	done
	noraw "${outs[@]}"
	OUT=$T/out
	grep -q 'e\\x1b\[31mred\\x1b\[0m' "$GOLD/hostile/trace.tsv"
	grep -q 'del\\x7f and us\\x1f' "$GOLD/hostile/trace.tsv"
	grep -q 'csi\\xc2\\x9b\[1m °C' "$GOLD/hostile/trace.tsv"
	# np-plot draws the text of np's TSV: no ESC of the data's.
	np sh -c 'np-sum -g opcode -v duration_ns "$1" | NP_TSV=escaped np-plot' sh "$H/insn.csv"
	status_is 0
	no_err
	noraw "$OUT"
	grep -q '^e.\[31mred.\[0m ' "$OUT"
}

hostile_11() {
	printf 'k\tv\na\\x1bb\t1\na\\x1\t2\na\\xzz\t3\na\\X41\t4\n' >"$T/x.tsv"
	np env NP_TSV=escaped np-sum -g k -v v "$T/x.tsv"
	status_is 0
	no_err
	[ "$(cut -f1,4 "$OUT")" = "$(printf 'k\tsum\na\\\\X41\t4\na\\\\x1\t2\na\\\\xzz\t3\na\\x1bb\t1')" ]
}

hostile_12() {
	# A field longer than the writer escapes at once is written in pieces
	# of 16380 bytes: a C1 control (0xc2 0x9b, CSI) at every place about
	# the first piece's end is still written as both bytes' escapes, and a
	# degree sign (0xc2 0xb0) as it is.
	# The last row's field 14 taken by the shell (a process is dear).
	# The letters cut from one run made by doubling: ${a// /a} over
	# 16 KiB costs bash a tenth of a second of CPU each time.
	local n a i row A=a
	while [ ${#A} -lt 16381 ]; do
		A+=$A
	done
	for n in 16377 16378 16379 16380 16381; do
		a=${A:0:n}
		printf 'start_ts,end_ts,engine,layer\n1,2,Tensor,%s\302\233[1m \302\260C\n' \
		    "$a" >"$T/c1.csv"
		np np-trace "$T/c1.csv"
		status_is 0
		no_err
		while IFS= read -r i || [ -n "$i" ]; do
			row=$i
		done <"$OUT"
		for i in {1..13}; do
			[[ $row == *$'\t'* ]] && row=${row#*$'\t'} || row=
		done
		[ "${row%%$'\t'*}" = "$a\\xc2\\x9b[1m °C" ] ||
		    { echo "n=$n"; return 1; }
	done
}

@test "hostile: np-trace gives the same rows from every form; np-stall gives the same answer from every form; np-sum -g gives the same groups from every form; np-dma and np-dma -s give the same answers from every form; np's own TSV reads back as the same text, with a note; DuckDB's TSV whose first quoted field follows rows with backslashes; a TSV np cannot tell is read as np's, said so, and read as text with NP_TSV=quoted; a TSV read as np's that shows itself DuckDB's further on is an error; NP_TSV takes escaped or quoted; no control byte reaches the output raw, from any form or program; \\xHH reads back as its byte; \\X, or \\x without two hex digits, is text; a C1 control is escaped wherever it falls in a field written in pieces" {
	cases \
	    "np-trace gives the same rows from every form" hostile_1 \
	    "np-stall gives the same answer from every form" hostile_2 \
	    "np-sum -g gives the same groups from every form" hostile_3 \
	    "np-dma and np-dma -s give the same answers from every form" hostile_4 \
	    "np's own TSV reads back as the same text, with a note" hostile_5 \
	    "DuckDB's TSV whose first quoted field follows rows with backslashes" hostile_6 \
	    "a TSV np cannot tell is read as np's, said so, and read as text with NP_TSV=quoted" hostile_7 \
	    "a TSV read as np's that shows itself DuckDB's further on is an error" hostile_8 \
	    "NP_TSV takes escaped or quoted" hostile_9 \
	    "no control byte reaches the output raw, from any form or program" hostile_10 \
	    "\\xHH reads back as its byte; \\X, or \\x without two hex digits, is text" hostile_11 \
	    "a C1 control is escaped wherever it falls in a field written in pieces" hostile_12
}
