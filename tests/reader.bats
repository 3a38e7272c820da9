#!/usr/bin/env bats
# The record readers (common/read/reader*.c, table.c, source.c, and the instruction
# text reader) on bad and awkward input, through np-trace: truncated, empty,
# binary, CRLF, huge lines, deep nesting, wrong types, wrong field counts.
# Every message is exact: file, line, column where there is one, what was
# expected and what was found; bad data exits 1.
#
# Expected rows are written by hand.  np-trace's columns, in order:
#   start_ts end_ts duration_ns engine opcode pc evt_wait_time_ns
#   hbm_read_bytes hbm_write_bytes sbuf_read_bytes sbuf_write_bytes
#   bir_debug_info_source_location nki_source_location layer subgraph nd nc
# end_ts = start_ts + duration_ns when the input gives only those two.

load helpers

MiB=1048576
TRACE_NAME="show-session --show-trace instruction"

# row FIELD...: one output row, the fields given first, the rest empty.
row() {
	local i=0 f
	for f in "$@"; do
		[ $i -gt 0 ] && printf '\t'
		printf '%s' "$f"
		i=$((i + 1))
	done
	while [ $i -lt 19 ]; do
		printf '\t'
		i=$((i + 1))
	done
	printf '\n'
}

# out_is: stdout must be exactly what is on stdin.  Read by the shell, a
# NUL at a time (read -d '' stops at one), not by cat: a process is dear.
out_is() {
	local part
	{
		while IFS= read -r -d '' part; do
			printf '%s\0' "$part"
		done
		printf '%s' "$part"
	} >"$T/want"
	if ! samebytes "$T/want" "$OUT"; then
		diff -u "$T/want" "$OUT" | head -30
		return 1
	fi
}

# input NAME FORMAT...: writes $T/NAME with printf.
input() {
	local f=$T/$1
	shift
	printf "$@" >"$f"
}

letters() { head -c "$1" /dev/zero | tr '\0' a; }

# ---- CRLF ----

reader_1() {
	input crlf.json '{\r\n  "instruction": [\r\n    {"timestamp": 100, "duration": 5, "label": "Tensor", "opcode": "MATMUL"},\r\n    {"timestamp": 110, "duration": 7, "label": "Vector", "opcode": "ADD"}\r\n  ]\r\n}\r\n'
	np np-trace -n "$T/crlf.json"
	status_is 0
	no_err
	{ row 100 105 5 Tensor MATMUL; row 110 117 7 Vector ADD; } | out_is
}

reader_2() {
	input crlf.json '{"start_ts":1,"end_ts":3,"engine":"scalar"}\r\n{"start_ts":4,"duration_ns":2,"engine":"Pool"}\r\n'
	np np-trace -n "$T/crlf.json"
	status_is 0
	no_err
	# Engine names take their usual spelling whatever the input's case.
	{ row 1 3 2 Scalar; row 4 6 2 Pool; } | out_is
}

reader_3() {
	input crlf.tsv 'start_ts\tduration_ns\tengine\topcode\r\n10\t5\tTensor\tMATMUL\r\n20\t3\tvector\tADD\r\n'
	np np-trace -n "$T/crlf.tsv"
	status_is 0
	no_err
	{ row 10 15 5 Tensor MATMUL; row 20 23 3 Vector ADD; } | out_is
}

reader_4() {
	# duration_ns is better than duration, engine than label, whichever
	# comes first; an empty field is missing, and the other name gives it.
	input two.tsv 'start_ts\tduration\tduration_ns\tlabel\tengine\topcode\n10\t5\t7\tVector\tTensor\tMM\n20\t6\t\tScalar\t\tADD\n'
	input owt.tsv 'start_ts\tengine\tlabel\tduration_ns\tduration\topcode\n10\tTensor\tVector\t7\t5\tMM\n20\t\tScalar\t\t6\tADD\n'
	np np-trace -n "$T/two.tsv" "$T/owt.tsv"
	status_is 0
	no_err
	{ row 10 17 7 Tensor MM; row 20 26 6 Scalar ADD
	  row 10 17 7 Tensor MM; row 20 26 6 Scalar ADD; } | out_is
}

reader_5() {
	# Read as np's escaped TSV (NP_TSV=escaped): \t is a TAB, read and
	# written back as \t; a backslash before no escape letter is itself
	# (written \\); a row after them has none; a field of more than 32
	# bytes holds \\ and \n.
	input esc.tsv 'start_ts\tduration_ns\tengine\topcode\n1\t1\tTensor\tA\\tB\n2\t1\tTensor\tC\\D\n3\t1\tTensor\tE\n4\t1\tTensor\tlong opcode of more than thirty-two bytes, \\\\ and \\n\n'
	np env NP_TSV=escaped np-trace -n "$T/esc.tsv"
	status_is 0
	no_err
	{ row 1 2 1 Tensor 'A\tB'; row 2 3 1 Tensor 'C\\D'; row 3 4 1 Tensor E
	  row 4 5 1 Tensor 'long opcode of more than thirty-two bytes, \\ and \n'
	} | out_is
	# Undeclared, its \D is no escape of np's: every backslash is text.
	np np-trace -n "$T/esc.tsv"
	status_is 0
	no_err
	{ row 1 2 1 Tensor 'A\\tB'; row 2 3 1 Tensor 'C\\D'; row 3 4 1 Tensor E
	  row 4 5 1 Tensor 'long opcode of more than thirty-two bytes, \\\\ and \\n'
	} | out_is
}


reader_t1() {
	# A CRLF blank line, a line of blanks, an indented logrus line: passed
	# over as the format was sniffed past them, each kind counted.
	input pre.tsv '\r\n \t \n  time="2026-03-19T02:57:19Z" level=info\nstart_ts\tengine\n1\tTensor\n'
	np np-trace -n "$T/pre.tsv"
	status_is 0
	err_is "np-trace: log lines skipped: 1 (first: $T/pre.tsv:3)
np-trace: blank lines skipped: 2 (first: $T/pre.tsv:1)"
	row 1 "" "" Tensor | out_is
}

reader_t2() {
	input crlf.txt 'Instruction trace for ND 0 NC 4\r\n  1042  Tensor   MATMUL        START  10261883214  pc=418\r\n  1043  Tensor   MATMUL        END    10261883362  pc=418\r\n'
	np np-trace -n "$T/crlf.txt"
	status_is 0
	no_err
	# 10261883362 - 10261883214 = 148; pc from pc=418; ND 0, NC 4.
	row 10261883214 10261883362 148 Tensor MATMUL 418 "" "" "" "" "" "" \
	    "" "" "" 0 4 | out_is
}


# ---- truncated ----

reader_8() {
	# The string "Ten starts at column 55; input ends at column 59.
	input cut.json '{"instruction":[{"timestamp":100,"duration":5,"label":"Ten'
	np np-trace "$T/cut.json"
	status_is 1
	err_is "np-trace: $T/cut.json:1:59: expected '\"' to end the string, found end of input (byte offset 58)"
}

reader_9() {
	input cut.json '{"instruction":[{"timestamp":100,"duration":5}'
	np np-trace "$T/cut.json"
	status_is 1
	err_is "np-trace: $T/cut.json:1:47: expected ',' or ']' after the element, found end of input (byte offset 46)"
}

reader_10() {
	input cut.json '{"timestamp":1}\n{"timest'
	np np-trace "$T/cut.json"
	status_is 1
	err_is "np-trace: $T/cut.json:2:9: expected '\"' to end the string, found end of input (byte offset $(byteoff "$T/cut.json" 2 9))"
}

reader_11() {
	input cut.tsv 'start_ts\tduration_ns\tengine\n10\t5\tTensor\n20\t3'
	np np-trace "$T/cut.tsv"
	status_is 1
	err_is "np-trace: $T/cut.tsv:3:5: expected 3 tab-separated fields as in the header, found 2"
}

reader_12() {
	input cut.txt 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL START 100 pc=1\n 2 Vector ADD START 105\n 3 Vector ADD END 107\n'
	np np-trace -n "$T/cut.txt"
	status_is 0
	err_is "np-trace: START lines without an END: 1 (first: $T/cut.txt:2)"
	row 105 107 2 Vector ADD "" "" "" "" "" "" "" "" "" "" 0 4 | out_is
}

@test "reader: CRLF view JSON; CRLF JSON lines; CRLF TSV, the header's last name and each row's last field intact; a TSV column under two of its names: the better name's field, else the other's; TSV escapes read row by row, rows with and without them mixed; blank and log lines before a TSV header, however written; CRLF show-trace text; JSON cut inside a string; JSON cut between rows; JSON lines cut inside a key; TSV cut inside its last row; show-trace text cut after a START: counted, the rest kept" {
	cases \
	    "CRLF view JSON" reader_1 \
	    "CRLF JSON lines" reader_2 \
	    "CRLF TSV, the header's last name and each row's last field intact" reader_3 \
	    "a TSV column under two of its names: the better name's field, else the other's" reader_4 \
	    "TSV escapes read row by row, rows with and without them mixed" reader_5 \
	    "blank and log lines before a TSV header, however written" reader_t1 \
	    "CRLF show-trace text" reader_t2 \
	    "JSON cut inside a string" reader_8 \
	    "JSON cut between rows" reader_9 \
	    "JSON lines cut inside a key" reader_10 \
	    "TSV cut inside its last row" reader_11 \
	    "show-trace text cut after a START: counted, the rest kept" reader_12
}

# ---- empty ----

reader_13() {
	: >"$T/empty"
	np np-trace "$T/empty"
	status_is 1
	err_is "np-trace: $T/empty: empty input, expected JSON, TSV, CSV or $TRACE_NAME"
	# The header comes with the first row: input that gives none, nothing.
	[ ! -s "$OUT" ]
}

reader_14() {
	np np-trace </dev/null
	status_is 1
	err_is "np-trace: -: empty input, expected JSON, TSV, CSV or $TRACE_NAME"
}

reader_15() {
	input logs.txt '\n  \r\ntime="2026-03-19T02:57:19Z" level=info msg="start"\n'
	np np-trace "$T/logs.txt"
	status_is 1
	err_is "np-trace: $T/logs.txt: only blank or log lines, expected JSON, TSV, CSV or $TRACE_NAME"
}


reader_t3() {
	# One log line in a.jsonl; three, and a row without a start, in
	# b.jsonl: 4 and 1, each first seen where it was.
	L='time="2026-03-19T02:57:19Z" level=info msg="x"'
	printf '%s\n{"timestamp":1,"duration":2,"label":"Tensor"}\n' "$L" >"$T/a.jsonl"
	printf '%s\n%s\n%s\n{"timestamp":5,"duration":2,"label":"Tensor"}\n{"duration":3,"label":"Tensor"}\n' \
	    "$L" "$L" "$L" >"$T/b.jsonl"
	np np-trace -n "$T/a.jsonl" "$T/b.jsonl"
	status_is 0
	err_is "np-trace: non-JSON lines skipped: 4 (first: $T/a.jsonl:1)
np-trace: rows without a start time skipped: 1 (first: $T/b.jsonl:5)"
	{ row 1 3 2 Tensor; row 5 7 2 Tensor; } | out_is
}

reader_t4() {
	# 2000 logrus lines of 70 bytes: what sniffs the format reads on
	# until it finds the data, whatever the pipe hands it per read.
	yes 'time="2026-03-19T02:57:19Z" level=info msg="Successfully initialized"' |
	    head -n 2000 >"$T/logs"
	np np-trace -n < <(cat "$T/logs" "$FIX/np-trace/official.json")
	status_is 0
	err_is "np-trace: non-JSON lines skipped: 2000 (first: -:1)"
	row 10261883214 10261883362 148 Tensor MATMUL "" "" "" "" "" "" "" "" "" "" "" "" "" TensorMatrix |
	    out_is
}

reader_t5() {
	# 16000 lines of 70 bytes fill the 1 MiB buffer.
	yes 'time="2026-03-19T02:57:19Z" level=info msg="Successfully initialized"' |
	    head -n 16000 >"$T/logs"
	np np-trace -n < <(cat "$T/logs" "$FIX/np-trace/official.json")
	status_is 1
	err_is "np-trace: -: more than 1048576 bytes of blank or log lines, expected JSON, TSV, CSV or $TRACE_NAME"
}

reader_t6() {
	# An empty object is counted wherever it stands: a row of JSON lines
	# or a whole file.
	input e.jsonl '{"timestamp":1,"duration":2}\n{}\n'
	np np-trace -n "$T/e.jsonl"
	status_is 0
	err_is "np-trace: empty objects skipped: 1 (first: $T/e.jsonl:2)"
	row 1 3 2 | out_is
	input e.json '{}'
	np np-trace "$T/e.json"
	status_is 1
	err_is "np-trace: empty objects skipped: 1 (first: $T/e.json:1)
np-trace: $T/e.json: no 'instruction' table and no instruction rows found"
	input e.json '[]\n'
	np np-trace "$T/e.json"
	status_is 1
	err_is "np-trace: $T/e.json: no 'instruction' table and no instruction rows found"
}


reader_20() {
	input e.json '{"dma":[],"instruction":[]}'
	np np-trace -n "$T/e.json"
	status_is 0
	no_err
	[ ! -s "$OUT" ]
	input e.tsv 'start_ts\tengine\n'
	np np-trace -n "$T/e.tsv"
	status_is 0
	no_err
	[ ! -s "$OUT" ]
}

reader_21() {
	input x.tsv 'name\tvalue\n'
	np np-trace "$T/x.tsv"
	status_is 1
	err_is "np-trace: $T/x.tsv:1:1: expected a header with instruction column names (such as start_ts), found none"
}


# ---- binary ----

reader_22() {
	input bin '\x1f\x8b\x08\x00'		# gzip's magic
	np np-trace "$T/bin"
	status_is 1
	err_is "np-trace: $T/bin:1:1: expected text (JSON, TSV, CSV or profiler output), found byte 0x1f (byte offset 0)"
	[ ! -s "$OUT" ]
}

reader_23() {
	input bin 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL START 100\n 2 Te\0sor\n'
	np np-trace "$T/bin"
	status_is 1
	err_is "np-trace: $T/bin:3:6: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 64)"
}

reader_24() {
	{ printf '{"instruction":[{"timestamp":1,"operands":"x'; letters $MiB
	  printf '\001"}]}'; } >"$T/bin.json"
	np np-trace "$T/bin.json"
	status_is 1
	# The x is at column 44, MiB letters follow: the byte is at MiB + 45.
	err_is "np-trace: $T/bin.json:1:1048621: expected '\"' to end the string, found raw control character 0x01 (byte offset 1048620)"
}

@test "reader: an empty file; empty stdin; blank and log lines only; counts over several files add to the right note; log lines beyond the first 64 KiB of a pipe, then JSON; more than 1 MiB of log lines before the data; an empty object and an empty array hold no instructions; an empty instruction table, and a TSV header without rows, are empty results; a TSV header naming no instruction column; binary input; a NUL byte on line 3 of text; a control byte inside the JSON past the first read" {
	cases \
	    "an empty file" reader_13 \
	    "empty stdin" reader_14 \
	    "blank and log lines only" reader_15 \
	    "counts over several files add to the right note" reader_t3 \
	    "log lines beyond the first 64 KiB of a pipe, then JSON" reader_t4 \
	    "more than 1 MiB of log lines before the data" reader_t5 \
	    "an empty object and an empty array hold no instructions" reader_t6 \
	    "an empty instruction table, and a TSV header without rows, are empty results" reader_20 \
	    "a TSV header naming no instruction column" reader_21 \
	    "binary input" reader_22 \
	    "a NUL byte on line 3 of text" reader_23 \
	    "a control byte inside the JSON past the first read" reader_24
}

# ---- huge lines ----

reader_25() {
	# Line 2: "1", TAB, then MiB - 3 letters: MiB - 1 bytes, and its LF.
	{ printf 'start_ts\tlayer\n1\t'; letters $((MiB - 3)); printf '\n'; } \
	    >"$T/long.tsv"
	np np-trace -n "$T/long.tsv"
	status_is 0
	no_err
	# start_ts 1, layer (the 14th column) the letters: 1, 13 TABs, the
	# letters, 5 TABs, LF.
	[ "$(wc -c <"$OUT")" -eq $((1 + 13 + MiB - 3 + 5 + 1)) ]
	[ "$(cut -f14 "$OUT" | tr -d 'a\n' | wc -c)" -eq 0 ]
	{ printf 'start_ts\tlayer\n1\t'; letters $((MiB - 2)); printf '\n'; } \
	    >"$T/long.tsv"
	np np-trace -n "$T/long.tsv"
	status_is 1
	err_is "np-trace: $T/long.tsv:2:1048576: line longer than 1048575 bytes"
}

reader_26() {
	{ printf 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL START 100\n# '
	  letters $MiB; printf '\n'; } >"$T/long.txt"
	np np-trace "$T/long.txt"
	status_is 1
	err_is "np-trace: $T/long.txt:3:1048576: line longer than 1048575 bytes"
}

reader_27() {
	{ printf '{"instruction":[{"timestamp":7,"operands":"'
	  letters $((3 * MiB)); printf '","duration":1,"label":"Sync"}]}'; } \
	    >"$T/wide.json"
	np np-trace -n "$T/wide.json"
	status_is 0
	no_err
	row 7 8 1 Sync | out_is
}

reader_28() {
	# The string after "layer": starts at column 40.
	{ printf '{"instruction":[{"timestamp":7,"layer":"'; letters $((MiB + 1))
	  printf '"}]}'; } >"$T/wide.json"
	np np-trace -n "$T/wide.json"
	status_is 1
	err_is "np-trace: $T/wide.json:1:40: string longer than 1048576 bytes (byte offset 39)"
}


# ---- deep nesting ----

reader_t16() {
	# The top '{', '[' and the row's '{' are 3 levels; "x" may open 61
	# more.  Its first '[' is at column 49, so the 62nd is at column 110.
	deep=$(printf '[%.0s' $(seq 61))$(printf ']%.0s' $(seq 61))
	input ok.json '{"instruction":[{"timestamp":1,"duration":2,"x":%s}]}' "$deep"
	np np-trace -n "$T/ok.json"
	status_is 0
	no_err
	row 1 3 2 | out_is
	deep=$(printf '[%.0s' $(seq 62))$(printf ']%.0s' $(seq 62))
	input deep.json '{"instruction":[{"timestamp":1,"duration":2,"x":%s}]}' "$deep"
	np np-trace -n "$T/deep.json"
	status_is 1
	err_is "np-trace: $T/deep.json:1:110: nesting deeper than 64 levels (byte offset 109)"
}

# ---- wrong types ----

reader_30() {
	input t.json '{"instruction":[{"timestamp":"abc","duration":1}]}'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:1:30: expected a number for 'timestamp', found 'abc' (byte offset 29)"
}

reader_31() {
	input t.json '{"instruction":[{"timestamp":"100","duration":"5"}]}'
	np np-trace -n "$T/t.json"
	status_is 0
	no_err
	row 100 105 5 | out_is
}

reader_32() {
	input t.json '{"instruction":[{"timestamp":1,"label":{"a":1}}]}'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:1:40: expected a string for 'label', found an object (byte offset 39)"
}


reader_t17() {
	input t.json '{"timestamp":1,"duration":[5]}\n'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:1:27: expected a number for 'duration', found an array (byte offset 26)"
	# First in its row too: a column's container is no table of a view
	# export to pass over.
	input t.json '{"timestamp":[5],"duration":1}\n'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:1:14: expected a number for 'timestamp', found an array (byte offset 13)"
	input t.json '\n{"timestamp":true}\n'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:2:14: expected a number for 'timestamp', found true (byte offset $(byteoff "$T/t.json" 2 14))"
	# null is missing: the row has no start, and is counted.
	input t.json '{"timestamp":null,"duration":1}\n{"timestamp":2}\n'
	np np-trace -n "$T/t.json"
	status_is 0
	err_is "np-trace: rows without a start time skipped: 1 (first: $T/t.json:1)"
	row 2 | out_is
}

@test "reader: a TSV line of the longest length (1 MiB - 1 bytes), and one longer; a text trace line longer than 1 MiB; JSON rows are not lines: a 3 MiB field nobody reads is passed over; a JSON text field longer than 1 MiB; nesting beyond 64 levels in a field nobody reads; JSON: a string where a number is due; JSON: a number in a string is a number; JSON: an object where a string is due; JSON: an array, true or null where a number is due" {
	cases \
	    "a TSV line of the longest length (1 MiB - 1 bytes), and one longer" reader_25 \
	    "a text trace line longer than 1 MiB" reader_26 \
	    "JSON rows are not lines: a 3 MiB field nobody reads is passed over" reader_27 \
	    "a JSON text field longer than 1 MiB" reader_28 \
	    "nesting beyond 64 levels in a field nobody reads" reader_t16 \
	    "JSON: a string where a number is due" reader_30 \
	    "JSON: a number in a string is a number" reader_31 \
	    "JSON: an object where a string is due" reader_32 \
	    "JSON: an array, true or null where a number is due" reader_t17
}

reader_34() {
	input t.json '{"instruction":{}}'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:1:16: expected an array of rows for 'instruction', found an object (byte offset 15)"
	input t.json '{"instruction":[{"timestamp":1},2]}'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:1:33: expected an object for a row, found a number (byte offset 32)"
	input t.json '{"timestamp":1}\n"x"\n'
	np np-trace "$T/t.json"
	status_is 1
	err_is "np-trace: $T/t.json:2:1: expected an object or an array, found a string (byte offset $(byteoff "$T/t.json" 2 1))"
}

reader_35() {
	input f.tsv 'start_ts\tengine\n1\tTensor\n2\n'
	np np-trace "$T/f.tsv"
	status_is 1
	err_is "np-trace: $T/f.tsv:3:2: expected 2 tab-separated fields as in the header, found 1"
	input f.tsv 'start_ts\tengine\n1\tTensor\t\n'
	np np-trace "$T/f.tsv"
	status_is 1
	err_is "np-trace: $T/f.tsv:2:10: expected 2 tab-separated fields as in the header, found 3"
}

reader_36() {
	# Line 3: "2", TAB, "12ab": the field starts at column 3.
	input n.tsv 'start_ts\tpc\n1\t7\n2\t12ab\n'
	np np-trace "$T/n.tsv"
	status_is 1
	err_is "np-trace: $T/n.tsv:3:3: expected a number for 'pc', found '12ab'"
	input n.tsv 'timestamp\tlabel\nabc\tx\n'
	np np-trace "$T/n.tsv"
	status_is 1
	err_is "np-trace: $T/n.tsv:2:1: expected a number for 'timestamp', found 'abc'"
}

reader_37() {
	input n.txt 'Instruction trace for ND 0 NC 4\n 2 Vector ADD START 105\n 3 Vector ADD END 107\n 1 Tensor MATMUL START 1x0\n'
	np np-trace -n "$T/n.txt"
	status_is 1
	err_is "np-trace: $T/n.txt:4:24: expected an integer for 'ts' (field 5, -F ts=5), found '1x0'"
	row 105 107 2 Vector ADD "" "" "" "" "" "" "" "" "" "" 0 4 | out_is
}


# ---- order, several files ----

reader_38() {
	input o.json '{"timestamp":30,"duration":1}\n{"timestamp":10,"duration":1}\n{"timestamp":20,"duration":1}\n'
	np np-trace -n "$T/o.json"
	status_is 0
	no_err
	{ row 30 31 1; row 10 11 1; row 20 21 1; } | out_is
}

reader_39() {
	input a.tsv 'start_ts\tengine\n5\tSync\n'
	input b.json '{"timestamp":6}\n{"timestamp":[]}\n'
	np np-trace -n "$T/a.tsv" - "$T/b.json" <"$T/a.tsv"
	status_is 1
	err_is "np-trace: $T/b.json:2:14: expected a number for 'timestamp', found an array (byte offset $(byteoff "$T/b.json" 2 14))"
}


# ---- limits of numbers and times (found by fuzzing) ----

reader_t7() {
	input big.json '{"timestamp":1,"hbm_read_bytes":1e30,"sbuf_read_bytes":-1.5e300}\n'
	np np-trace -n "$T/big.json"
	status_is 0
	no_err
	row 1 "" "" "" "" "" "" 1e30 "" -1.5e300 | out_is
}

reader_t8() {
	# One good row after each, so that the file has rows.
	good='{"timestamp":1,"duration":1}\n'
	input t.json '{"timestamp":9223372036854775807,"duration":1}\n'"$good"
	np np-trace -n "$T/t.json"
	status_is 0
	err_is "np-trace: rows with end_ts beyond 64 bits of ns skipped: 1 (first: $T/t.json:1)"
	row 1 2 1 | out_is
	input t.json '{"end_ts":-9223372036854775807,"duration_ns":2}\n'"$good"
	np np-trace -n "$T/t.json"
	status_is 0
	err_is "np-trace: rows with start_ts beyond 64 bits of ns skipped: 1 (first: $T/t.json:1)"
	input t.json '{"timestamp":9223372036854776,"duration":1}\n'"$good"
	np np-trace -n -u us "$T/t.json"
	status_is 0
	err_is "np-trace: rows with start_ts beyond 64 bits of ns skipped: 1 (first: $T/t.json:1)"
	row 1000 2000 1000 | out_is
	# A double as well, in any unit.
	input t.json '{"timestamp":1e25,"duration":1}\n'"$good"
	np np-trace -n -u ps "$T/t.json"
	status_is 0
	err_is "np-trace: rows with start_ts beyond 64 bits of ns skipped: 1 (first: $T/t.json:1)"
	# A text trace gives start and end; the duration between them is
	# computed, and at one more than INT64_MAX it does not fit.
	input t.txt 'Instruction trace for ND 0 NC 0\n1 Tensor MM START -9223372036854775000 pc=1\n2 Tensor MM END 9223372036854775000 pc=1\n3 Vector ADD START -1 pc=2\n4 Vector ADD END 9223372036854775806 pc=2\n'
	np np-trace -n "$T/t.txt"
	status_is 0
	err_is "np-trace: rows with duration_ns beyond 64 bits of ns skipped: 1 (first: $T/t.txt:2)"
	row -1 9223372036854775806 9223372036854775807 Vector ADD 2 "" "" "" "" "" "" "" "" "" 0 0 | out_is
	# Only rows like that: an error, after the count.
	input t.json '{"timestamp":9223372036854775807,"duration":1}\n'
	np np-trace -n "$T/t.json"
	status_is 1
	err_is "np-trace: rows with end_ts beyond 64 bits of ns skipped: 1 (first: $T/t.json:1)
np-trace: $T/t.json: nothing recognised as instruction rows"
}

reader_t9() {
	# 1e400 is beyond a double: infinite.
	printf 'start_ts\tduration_ns\tengine\n1\t1\tTensor\n1e400\t1\tTensor\nInfinity\t1\tTensor\nNaN\t1\tTensor\n2\t-Infinity\tTensor\n' >"$T/t.tsv"
	np np-trace -n "$T/t.tsv"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 3 (first: $T/t.tsv:3)
np-trace: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.tsv:6)"
	row 1 2 1 Tensor | out_is
	np np-trace -n "$FIX/explorer/extra/nonfinite.parquet"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 2 (first: $FIX/explorer/extra/nonfinite.parquet:2)
np-trace: rows with duration_ns NaN or infinite skipped: 1 (first: $FIX/explorer/extra/nonfinite.parquet:4)
np-trace: rows with start_ts beyond 64 bits of ns skipped: 1 (first: $FIX/explorer/extra/nonfinite.parquet:5)"
	row 1 2 1 Tensor | out_is
	# The same rows through every program| out_is
	tr '\t' , <"$T/t.tsv" >"$T/t.csv"
	np np-trace -n "$T/t.csv"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 3 (first: $T/t.csv:3)
np-trace: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.csv:6)"
	row 1 2 1 Tensor | out_is
	input t.json '{"instruction":[{"timestamp":1,"duration":1,"label":"Tensor"},{"timestamp":1e400,"duration":1},{"timestamp":NaN,"duration":1},{"timestamp":2,"duration":Infinity}]}\n'
	np np-trace -n "$T/t.json"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 2 (first: $T/t.json:1)
np-trace: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.json:1)"
	row 1 2 1 Tensor | out_is
	# The same rows through every program that reads instructions.
	np np-gaps -U "$T/t.json"
	status_is 0
	err_is "np-gaps: rows with start_ts NaN or infinite skipped: 2 (first: $T/t.json:1)
np-gaps: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.json:1)"
	np np-stall -v duration_ns "$T/t.json"
	status_is 0
	err_is "np-stall: rows with start_ts NaN or infinite skipped: 2 (first: $T/t.json:1)
np-stall: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.json:1)"
}

reader_t10() {
	input t.jsonl '{"timestamp":1,"duration":1,"evt_wait_time":Infinity}\n{"timestamp":2,"duration":1,"evt_wait_time":1e400}\n{"timestamp":3,"duration":1,"evt_wait_time":1e30}\n'
	np np-trace -n "$T/t.jsonl"
	status_is 0
	err_is "np-trace: rows with evt_wait_time_ns NaN or infinite taken as missing: 2 (first: $T/t.jsonl:1)
np-trace: rows with evt_wait_time_ns beyond 64 bits of ns taken as missing: 1 (first: $T/t.jsonl:3)"
	{ row 1 2 1; row 2 3 1; row 3 4 1; } | out_is
}

reader_t11() {
	printf 'start_ts\tend_ts\tduration_ns\n1\t2\t\n5\t4\t\n6\t\t-1\n7\t9\t-2\n' >"$T/t.tsv"
	np np-trace -n "$T/t.tsv"
	status_is 0
	err_is "np-trace: rows with end_ts before start_ts skipped: 1 (first: $T/t.tsv:3)
np-trace: rows with a negative duration_ns skipped: 2 (first: $T/t.tsv:4)"
	row 1 2 1 | out_is
}

@test "reader: JSON: a table that is not an array, a row that is not an object; TSV: a row with fewer fields, and one with more; TSV: text in a number column; text trace: a timestamp that is not a number is an error, after the rows before it; rows out of time order come out in input order; files in order; an error names the file it is in; a number beyond int64 in a byte count prints as a double; times that do not fit in int64 ns are counted, and their rows left out; NaN and infinite times are counted, and their rows left out, in every format; a NaN or infinite wait is taken as missing, and counted; an end before the start, or a negative duration, is counted and its row left out" {
	cases \
	    "JSON: a table that is not an array, a row that is not an object" reader_34 \
	    "TSV: a row with fewer fields, and one with more" reader_35 \
	    "TSV: text in a number column" reader_36 \
	    "text trace: a timestamp that is not a number is an error, after the rows before it" reader_37 \
	    "rows out of time order come out in input order" reader_38 \
	    "files in order; an error names the file it is in" reader_39 \
	    "a number beyond int64 in a byte count prints as a double" reader_t7 \
	    "times that do not fit in int64 ns are counted, and their rows left out" reader_t8 \
	    "NaN and infinite times are counted, and their rows left out, in every format" reader_t9 \
	    "a NaN or infinite wait is taken as missing, and counted" reader_t10 \
	    "an end before the start, or a negative duration, is counted and its row left out" reader_t11
}

reader_45() {
	# 9223372036854775807 ps = 9223372036854775.807 ns -> ...776;
	# -9223372036854775808 ps -> -...776; 1499 ps -> 1; 1500 ps -> 2;
	# -1500 ps -> -2 (halves away from zero).
	input ps.json '{"timestamp":9223372036854775807}\n{"timestamp":-9223372036854775808}\n{"timestamp":1499,"duration":1500}\n{"timestamp":-1500}\n'
	np np-trace -n -u ps "$T/ps.json"
	status_is 0
	no_err
	{ row 9223372036854776; row -9223372036854776; row 1 3 2; row -2; } |
	    out_is
}

reader_46() {
	# Fields are found 64 bytes at a time.  Line by line: the fields
	# wanted past byte 64 (wide padding); a field across bytes 64-65;
	# tabs; the fields wanted in the first 64 bytes of a longer line, with
	# pc=N after a long field; a blank and a CR before the LF (the CR is
	# in no field); and the same START/END pairing throughout.
	pad=$(printf '%60s' '')
	long=$(printf 'x%.0s' $(seq 70))
	{
		printf 'Instruction trace for ND 1 NC 2\n'
		printf '1%sTensor MM START 100 pc=7\n' "$pad"
		printf '2%sTensor MM END 150 pc=7\n' "${pad% }"
		printf '3\tVector\tADD\tSTART\t200\tpc=8\n'
		printf '4\tVector\tADD\tEND\t260\n'
		printf '5 Sync DMA START 300 %s pc=9\n' "$long"
		printf '6 Sync DMA END 310 %s\n' "$long"
		printf '7 Scalar EXP START 400 pc=10 \r\n'
		printf '8 Scalar EXP END 470 \r\n'
	} >"$T/f.txt"
	# Line 3's engine is bytes 60 to 65 (from 0): across the first block's
	# end.
	[ "$(sed -n 3p "$T/f.txt" | cut -c 61-66)" = "Tensor" ]
	np np-trace -n "$T/f.txt"
	status_is 0
	no_err
	{
		row 100 150 50 Tensor MM 7 "" "" "" "" "" "" "" "" "" 1 2
		row 200 260 60 Vector ADD 8 "" "" "" "" "" "" "" "" "" 1 2
		row 300 310 10 Sync DMA 9 "" "" "" "" "" "" "" "" "" 1 2
		row 400 470 70 Scalar EXP 10 "" "" "" "" "" "" "" "" "" 1 2
	} | out_is
	# A timestamp moved by -F to a field past byte 64.
	{
		printf 'Instruction trace for ND 1 NC 2\n'
		printf '1 Tensor MM START - %s 100 pc=7\n' "$pad"
		printf '2 Tensor MM END - %s 150\n' "$pad"
	} >"$T/g.txt"
	np np-trace -n -F ts=6 "$T/g.txt"
	status_is 0
	no_err
	row 100 150 50 Tensor MM 7 "" "" "" "" "" "" "" "" "" 1 2 | out_is
}

reader_47() {
	# Names are kept in 64-byte slots: longer ones are an error, neither
	# cut short nor written past the slot.
	e=$(printf 'E%.0s' $(seq 64))
	input e.txt 'Instruction trace for ND 0 NC 4\n 1 Tensor ADD START 300\n 2 Tensor ADD END 310\n 3 %s MATMUL START 100\n' "$e"
	np np-trace -n "$T/e.txt"
	status_is 1
	err_is "np-trace: $T/e.txt:4:4: engine name longer than 63 bytes"
	input e.txt 'Instruction trace for ND 0 NC 4\n 1 Tensor %s START 100\n' "$e"
	np np-trace -n "$T/e.txt"
	status_is 1
	err_is "np-trace: $T/e.txt:2:11: opcode longer than 63 bytes"
	e=${e%E}
	input e.txt 'Instruction trace for ND 0 NC 4\n 1 %s %s START 100\n 2 %s %s END 110\n' "$e" "$e" "$e" "$e"
	np np-trace -n "$T/e.txt"
	status_is 0
	no_err
	row 100 110 10 "$e" "$e" "" "" "" "" "" "" "" "" "" "" 0 4 | out_is
}

reader_48() {
	# 390000 bytes, a TAB, a backslash and a newline (as TSV escapes) in
	# every 13: written in pieces, none of them split or lost.
	f=$(awk 'BEGIN { for (i = 0; i < 30000; i++) printf "ab\\\\t\\\\\\\\c\\\\n" }')
	printf 'start_ts\tend_ts\tlayer\n1\t2\t%s\n' "$f" >"$T/long.tsv"
	np env NP_TSV=escaped sh -c 'np-trace -n "$1" | cut -f14' sh "$T/long.tsv"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "$f" ]
	[ "${#f}" -eq 390000 ]
}

reader_49() {
	printf '{"engine":"Tensor","start_ts":1,"duration_ns":1,"opcode":"a\\u0000b"}\n{"engine":"Tensor","start_ts":2,"duration_ns":1,"opcode":"a\\u0000b\\t\\\\0 sixteen bytes on"}\n' >"$T/nul.json"
	np np-trace -n "$T/nul.json"
	status_is 0
	no_err
	[ "$(cut -f5 "$OUT")" = 'a\0b
a\0b\t\\0 sixteen bytes on' ]
	np-trace "$T/nul.json" >"$T/nul.tsv"
	np np-trace "$T/nul.tsv"
	cmp "$T/nul.tsv" "$OUT"
	np np-stall -g opcode -v duration_ns "$T/nul.tsv"
	status_is 0
	[ "$(cut -f1,2 "$OUT")" = 'opcode	instructions
a\0b	1
a\0b\t\\0 sixteen bytes on	1' ]
	np np-sum -g opcode -v duration_ns "$T/nul.tsv"
	status_is 0
	[ "$(cut -f1,3 "$OUT")" = 'opcode	count
a\0b	1
a\0b\t\\0 sixteen bytes on	1' ]
}

reader_50() {
	printf 'start_ts\tduration_ns\tpc\thbm_read_bytes\n1.4\t1.6\t7\t2.5\n' >"$T/frac.tsv"
	np np-trace "$T/frac.tsv"
	status_is 1
	err_is "np-trace: $T/frac.tsv:2:11: expected a whole number for 'hbm_read_bytes', found '2.5'"
	printf '{"start_ts":1.4,"duration_ns":1.6,"compiler_pc":1.5}\n' >"$T/frac.jsonl"
	np np-trace "$T/frac.jsonl"
	status_is 1
	err_is "np-trace: $T/frac.jsonl:1:49: expected a whole number for 'compiler_pc', found '1.5' (byte offset 48)"
	printf 'start_ts\tduration_ns\tpc\thbm_read_bytes\n1.4\t1.6\t7e0\t2.0\n' >"$T/whole.tsv"
	np np-trace -n "$T/whole.tsv"
	status_is 0
	[ "$(cut -f1-3,6,8 "$OUT")" = "$(printf '1\t3\t2\t7\t2')" ]
}


reader_51() {
	printf 'start_ts\tduration_ns\tstart_ts\n1\t2\t3\n' >"$T/dup.tsv"
	np np-trace "$T/dup.tsv"
	status_is 1
	err_is "np-trace: $T/dup.tsv:1:22: expected each column once, found 'start_ts' again"
	printf 'start_ts\tfoo\tduration_ns\tfoo\n1\tx\t2\ty\n' >"$T/extra.tsv"
	np np-trace -n "$T/extra.tsv"
	status_is 0
	no_err
	[ "$(cut -f1-3 "$OUT")" = "$(printf '1\t3\t2')" ]
}

reader_52() {
	for n in 2 30000; do
		{ printf 'start_ts\tduration_ns\n'
		  seq "$n" | sed 's/$/\t1/'
		  printf 'x\t1\n'
		} >"$T/late.tsv"
		np np-trace -n "$T/late.tsv"
		status_is 1
		err_is "np-trace: $T/late.tsv:$((n + 2)):1: expected a number for 'start_ts', found 'x'"
		[ "$(wc -l <"$OUT")" -eq "$n" ]
		[ "$(tail -1 "$OUT" | cut -f1)" = "$n" ]
	done
}

reader_53() {
	printf 'start_ts\tduration_ns\n1\t1\nx\t1\n' >"$T/bad.tsv"
	np bash -c '(sleep 0.3; np-trace "$1"; echo "rc=$?" >&2) | true' sh "$T/bad.tsv"
	err_is "np-trace: $T/bad.tsv:3:1: expected a number for 'start_ts', found 'x'
rc=1"
	np bash -c 'np-trace "$1" >/dev/full' sh "$T/bad.tsv"
	status_is 1
	err_is "np-trace: $T/bad.tsv:3:1: expected a number for 'start_ts', found 'x'"
}


# ---- review leftovers: blank lines in tables, CSV headers with blanks,
# log lines inside JSON ----

reader_t12() {
	printf 'start_ts,end_ts,engine\r\n1,2,Tensor\r\n\r\n3,4,Vector\r\n\r\n' >"$T/b.csv"
	np np-trace -n "$T/b.csv"
	status_is 0
	{ row 1 2 1 Tensor; row 3 4 1 Vector; } | out_is
	err_is "np-trace: blank lines skipped: 2 (first: $T/b.csv:3)"
	printf 'start_ts\tend_ts\tengine\n1\t2\tTensor\n\n3\t4\tVector\n' >"$T/b.tsv"
	np np-trace -n "$T/b.tsv"
	status_is 0
	{ row 1 2 1 Tensor; row 3 4 1 Vector; } | out_is
	err_is "np-trace: blank lines skipped: 1 (first: $T/b.tsv:3)"
	# a quoted empty field is a row, and still must have every field
	printf 'start_ts,engine\n1,Tensor\n""\n' >"$T/q.csv"
	np np-trace -n "$T/q.csv"
	status_is 1
	err_is "np-trace: $T/q.csv:3:3: expected 2 comma-separated fields as in the header, found 1"
	# np-sum's tables too
	printf 'total_time,event_count\n\n1.5,7\n' >"$T/s.csv"
	np np-sum "$T/s.csv"
	status_is 0
	[ "$(tail -n +2 "$OUT" | cut -f2,3 | tr '\t\n' '=,')" = "total_time=1.5,event_count=7," ]
	err_is "np-sum: blank lines skipped: 1 (first: $T/s.csv:2)"
}

reader_t13() {
	# Blank, blanks only, CR LF, and a log line (counted apart) before
	# the header; one blank line between the rows.
	printf '\n  \r\ntime="t" level=info msg="m"\n\t\nstart_ts,end_ts,engine\n1,2,Tensor\n\n3,4,Vector\n' >"$T/p.csv"
	np np-trace -n "$T/p.csv"
	status_is 0
	{ row 1 2 1 Tensor; row 3 4 1 Vector; } | out_is
	err_is "np-trace: log lines skipped: 1 (first: $T/p.csv:3)
np-trace: blank lines skipped: 4 (first: $T/p.csv:1)"
	tr , '\t' <"$T/p.csv" >"$T/p.tsv"
	np np-trace -n "$T/p.tsv"
	status_is 0
	{ row 1 2 1 Tensor; row 3 4 1 Vector; } | out_is
	err_is "np-trace: log lines skipped: 1 (first: $T/p.tsv:3)
np-trace: blank lines skipped: 4 (first: $T/p.tsv:1)"
	# Before a header alone; np-sum's summary tables and -g alike.
	printf '\n\nstart_ts,end_ts,engine\n1,2,Tensor\n' >"$T/h.csv"
	np np-trace -n "$T/h.csv"
	status_is 0
	row 1 2 1 Tensor | out_is
	err_is "np-trace: blank lines skipped: 2 (first: $T/h.csv:1)"
	printf '\ntotal_time,event_count\n1.5,7\n' >"$T/s.csv"
	np np-sum "$T/s.csv"
	status_is 0
	[ "$(tail -n +2 "$OUT" | cut -f2,3 | tr '\t\n' '=,')" = "total_time=1.5,event_count=7," ]
	err_is "np-sum: blank lines skipped: 1 (first: $T/s.csv:1)"
	printf '\n\r\nk\tv\na\t1\n' >"$T/g.tsv"
	np np-sum -g k -v v "$T/g.tsv"
	status_is 0
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'k\tvalue_column\tcount\tsum\na\tv\t1\t1')" ]
	err_is "np-sum: blank lines skipped: 2 (first: $T/g.tsv:1)"
	# JSON's blank lines are its whitespace: not counted.
	printf '\n\n{"start_ts":1,"end_ts":2,"engine":"Tensor"}\n' >"$T/j.jsonl"
	np np-trace -n "$T/j.jsonl"
	status_is 0
	no_err
}

@test "reader: picoseconds round to the nearest ns, at both ends of int64; text trace fields wherever they fall, whatever the blanks; text trace: an engine or opcode of 64 bytes or more; a text field longer than the output buffer, escapes and all, is written back whole; a NUL in a JSON string is written as \\0, and read back as one; a count or index with a fraction is an error, a time with one is rounded; a TSV column the program reads, named twice, is an error; others may repeat; on bad data, every row before it is written, however large the output; bad data is reported though the output is closed or full; a blank line between TSV or CSV rows is passed over and counted; blank lines before a TSV or CSV header are passed over and counted with those between rows" {
	cases \
	    "picoseconds round to the nearest ns, at both ends of int64" reader_45 \
	    "text trace fields wherever they fall, whatever the blanks" reader_46 \
	    "text trace: an engine or opcode of 64 bytes or more" reader_47 \
	    "a text field longer than the output buffer, escapes and all, is written back whole" reader_48 \
	    "a NUL in a JSON string is written as \\0, and read back as one" reader_49 \
	    "a count or index with a fraction is an error, a time with one is rounded" reader_50 \
	    "a TSV column the program reads, named twice, is an error; others may repeat" reader_51 \
	    "on bad data, every row before it is written, however large the output" reader_52 \
	    "bad data is reported though the output is closed or full" reader_53 \
	    "a blank line between TSV or CSV rows is passed over and counted" reader_t12 \
	    "blank lines before a TSV or CSV header are passed over and counted with those between rows" reader_t13
}

reader_56() {
	printf 'start_ts, end_ts, engine\n1, 2, Tensor\n3,4,Vector\n' >"$T/h.csv"
	np np-trace -n "$T/h.csv"
	status_is 0
	no_err
	{ row 1 2 1 Tensor; row 3 4 1 Vector; } | out_is
	# without them, a leading blank stays: RFC 4180
	printf 'start_ts,end_ts,layer\n1,2, a\n' >"$T/k.csv"
	np np-trace -n "$T/k.csv"
	status_is 0
	[ "$(cut -f14 "$OUT")" = " a" ]
}

reader_57() {
	printf '[{"start_ts":1,"end_ts":2},\ntime="2024-05-01T00:00:00Z" level=info msg=x\n{"start_ts":3,"end_ts":4}]\n' >"$T/l.json"
	np np-trace -n "$T/l.json"
	status_is 1
	err_is "np-trace: $T/l.json:2:1: found a log line inside a JSON array, where only JSON may be (expected 'true', found 'i'; byte offset 28)"
	[ "$(<"$OUT")" = "$(row 1 2 1)" ]
	printf '[{"start_ts":1,\n  time="x" level=info\n}]\n' >"$T/o.json"
	np np-trace "$T/o.json"
	status_is 1
	err_is "np-trace: $T/o.json:2:3: found a log line inside a JSON object, where only JSON may be (expected a string key, found 't'; byte offset 18)"
	printf '{"summary": {"a": 1,\ntime="x" level=info\n"b": 2}}\n' >"$T/s.json"
	np np-sum "$T/s.json"
	status_is 1
	err_is "np-sum: $T/s.json:2:1: found a log line inside a JSON object, where only JSON may be (expected a string key, found 't'; byte offset 21)"
	# named whatever bytes the read before it left: here the first 1 MiB
	# read ends 3 bytes into "time=" (summary_fuzz found it by chunking)
	{ printf '{"n_1": {"a": 1,\n'
	  head -c $((1048576 - 21)) /dev/zero | tr '\0' ' '
	  printf '\ntime="x" level=info\n"b": 2}}\n'; } >"$T/c.json"
	np np-sum "$T/c.json"
	status_is 1
	err_is "np-sum: $T/c.json:3:1: found a log line inside a JSON object, where only JSON may be (expected a string key, found 't'; byte offset 1048573)"
	np np-trace "$T/c.json"
	status_is 1
	err_is "np-trace: $T/c.json:3:1: found a log line inside a JSON object, where only JSON may be (expected a string key, found 't'; byte offset 1048573)"
	# other text there is the parser's plain message
	printf '[{"start_ts":1},\nhello\n]\n' >"$T/h.json"
	np np-trace "$T/h.json"
	status_is 1
	err_is "np-trace: $T/h.json:2:1: expected a value, found 'h' (byte offset 17)"
}

reader_58() {
	E=$BATS_TEST_DIRNAME/fixtures/explorer
	np np-dma "$E/json/Instruction.jsonl"
	status_is 1
	[ ! -s "$OUT" ]
	np np-trace "$E/json/DmaPacket.jsonl"
	status_is 1
	[ ! -s "$OUT" ]
	np np-cc "$E/json/Instruction.jsonl"
	status_is 1
	[ ! -s "$OUT" ]
	# A good file, then a bad one: the first file's rows, after the header.
	np np-trace "$E/json/Instruction.jsonl" "$E/json/DmaPacket.jsonl"
	status_is 1
	np-trace "$E/json/Instruction.jsonl" | cmp - "$OUT"
}

reader_59() {
	# TSV, CSV (quoted and not), profiler text and np-sum -g: the byte is
	# the value's, written \xHH.
	printf 'start_ts\tend_ts\tengine\topcode\n1\t5\tT\tX\n3\t7\tT\001\tZ\n' >"$T/b.tsv"
	np np-trace "$T/b.tsv"
	status_is 0
	no_err
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'start_ts\tend_ts\tduration_ns\tengine\topcode\n1\t5\t4\tT\tX\n3\t7\t4\tT\\x01\tZ')" ]
	printf 'start_ts,end_ts,engine,opcode\n1,5,T,X\n3,7,"T\002",Z\n3,7,T\002,Z\n' >"$T/b.csv"
	np np-trace "$T/b.csv"
	status_is 0
	no_err
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'start_ts\tend_ts\tduration_ns\tengine\topcode\n1\t5\t4\tT\tX\n3\t7\t4\tT\\x02\tZ\n3\t7\t4\tT\\x02\tZ')" ]
	printf 'Instruction trace for ND 0 NC 4\n 1 Tensor MATMUL START 100\n 2 Tensor MATMUL END 200\n 3 Te\001sor MATMUL START 300\n 4 Te\001sor MATMUL END 310\n' >"$T/b.txt"
	np np-trace "$T/b.txt"
	status_is 0
	no_err
	[ "$(tail -1 "$OUT" | cut -f1-5)" = "$(printf '300\t310\t10\tTe\\x01sor\tMATMUL')" ]
	printf 'k\tv\na\t1\nb\003\t2\n' >"$T/g.tsv"
	np np-sum -g k -v v "$T/g.tsv"
	status_is 0
	no_err
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'k\tvalue_column\tcount\tsum\na\tv\t1\t1\nb\\x03\tv\t1\t2')" ]
	# A NUL: the rows before it, then the error.  The header is 30
	# bytes, each row 8, then '3\t7\tT'.
	printf 'start_ts\tend_ts\tengine\topcode\n1\t5\tT\tX\n2\t6\tT\tY\n3\t7\tT\0\tZ\n4\t8\tT\tW\n' >"$T/n.tsv"
	np np-trace "$T/n.tsv"
	status_is 1
	err_is "np-trace: $T/n.tsv:4:6: expected text (JSON, TSV, CSV or profiler output), found byte 0x00 (byte offset 51)"
	[ "$(cut -f1-5 "$OUT")" = "$(printf 'start_ts\tend_ts\tduration_ns\tengine\topcode\n1\t5\t4\tT\tX\n2\t6\t4\tT\tY')" ]
	# In the first line, or before it, the file is not text: nothing.
	printf 'start_ts\tend\001_ts\n1\t2\n' >"$T/h.tsv"
	np np-trace "$T/h.tsv"
	status_is 1
	err_is "np-trace: $T/h.tsv:1:13: expected text (JSON, TSV, CSV or profiler output), found byte 0x01 (byte offset 12)"
	[ ! -s "$OUT" ]
}

reader_60() {
	# 9223372036854775808 and -9223372036854775809 are beyond int64 and
	# read as the doubles 2^63 and -2^63: both print as doubles, not the
	# second as INT64_MIN (a number the input does not hold).
	# -9223372036854775808 itself is int64's and prints as it is.
	printf 'start_ts\tduration_ns\tengine\thbm_read_bytes\n10\t5\tTensor\t-9223372036854775809\n20\t5\tTensor\t9223372036854775808\n30\t5\tTensor\t-9223372036854775808\n40\t5\tTensor\t-9.2233720368547758e18\n' >"$T/big.tsv"
	np np-trace -n "$T/big.tsv"
	status_is 0
	no_err
	[ "$(cut -f 8 "$OUT")" = "-9.223372036854776e18
9.223372036854776e18
-9223372036854775808
-9.223372036854776e18" ]
}


reader_t14() {
	printf 'start_ts,duration_ns,engine\n1,1,Tensor\ninf,1,Tensor\nnan,1,Tensor\n2,-inf,Tensor\n' >"$T/t.csv"
	np np-trace -n "$T/t.csv"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 2 (first: $T/t.csv:3)
np-trace: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.csv:5)"
	row 1 2 1 Tensor | out_is
	tr , '\t' <"$T/t.csv" >"$T/t.tsv"
	np np-trace -n "$T/t.tsv"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 2 (first: $T/t.tsv:3)
np-trace: rows with duration_ns NaN or infinite skipped: 1 (first: $T/t.tsv:5)"
	row 1 2 1 Tensor | out_is
	# -nan, a NaN whose sign bit is set
	printf 'start_ts,duration_ns,engine\n-nan,1,Tensor\n3,1,Tensor\n' >"$T/n.csv"
	np np-trace -n "$T/n.csv"
	status_is 0
	err_is "np-trace: rows with start_ts NaN or infinite skipped: 1 (first: $T/n.csv:2)"
	row 3 4 1 Tensor | out_is
	# Only these spellings: others are no number
	for w in Nan INF infinity +inf -NaN; do
		printf 'start_ts,duration_ns,engine\n%s,1,Tensor\n' "$w" >"$T/w.csv"
		np np-trace -n "$T/w.csv"
		status_is 1
		err_is "np-trace: $T/w.csv:2:1: expected a number for 'start_ts', found '$w'"
	done
}

reader_t15() {
	printf '{"start_ts":1,"duration_ns":5,"engine":"Tensor"}\n{"start_ts":2,"duration_ns":5,"engine":"Tensor","engine":"Vector"}\n' >"$T/dup.jsonl"
	np np-trace "$T/dup.jsonl"
	status_is 1
	err_is "np-trace: $T/dup.jsonl:2:58: expected each column once, found 'engine' again (byte offset 106)"
	# the row before it is written
	[ "$(cut -f1-4 "$OUT")" = "$(printf 'start_ts\tend_ts\tduration_ns\tengine\n1\t6\t5\tTensor')" ]
	# a view export's row, a number that is not the usual integer
	printf '{"instruction":[{"timestamp":1,"duration":5,"label":"Tensor","timestamp":1.5}]}\n' >"$T/dup.json"
	np np-trace "$T/dup.json"
	status_is 1
	err_is "np-trace: $T/dup.json:1:74: expected each column once, found 'timestamp' again (byte offset 73)"
	# two names of one column: the better one wins, as before
	printf '{"timestamp":2,"start_ts":1,"duration_ns":5,"engine":"Tensor","foo":1,"foo":2}\n' >"$T/two.jsonl"
	np np-trace -n "$T/two.jsonl"
	status_is 0
	no_err
	[ "$(cut -f1-4 "$OUT")" = "$(printf '1\t6\t5\tTensor')" ]
}

@test "reader: a CSV header with blanks after its commas is CSV, the blanks no part of a field; a log line inside a JSON array or object is named as such, wherever a read ended; another kind's rows, or input refused before its first row, leave standard output empty; a control byte past the first line is data in every form; a NUL stops the reading there; a whole number just past int64 keeps its double form on both sides; nan, -nan, inf and -inf, as DuckDB's CSV writes them, read as NaN and the infinities; a JSON row that names a column the program reads twice is an error; others may repeat" {
	cases \
	    "a CSV header with blanks after its commas is CSV, the blanks no part of a field" reader_56 \
	    "a log line inside a JSON array or object is named as such, wherever a read ended" reader_57 \
	    "another kind's rows, or input refused before its first row, leave standard output empty" reader_58 \
	    "a control byte past the first line is data in every form; a NUL stops the reading there" reader_59 \
	    "a whole number just past int64 keeps its double form on both sides" reader_60 \
	    "nan, -nan, inf and -inf, as DuckDB's CSV writes them, read as NaN and the infinities" reader_t14 \
	    "a JSON row that names a column the program reads twice is an error; others may repeat" reader_t15
}
