#!/usr/bin/env bats
# The text formats' fast path (whole buffered lines split in place, times
# copied as text, rows written by the format) against their general way
# (each line through src_getfields, each record through rec_write).
#
# A line whose time or pc is not written as np prints it (a leading zero)
# is left to the general way; the same trace with a 0 before every number
# therefore takes the general way on every line, and must give the same
# bytes on stdout and stderr.  -t , (a window holding every time) makes
# np-trace write each record itself instead of letting the format do it.
load helpers

# A generated trace made awkward on purpose, line by line: CRLF, tabs,
# fields past the first 64 bytes, long lines, log and blank lines, lines
# not understood, lines dropped (unpaired events), a missing pc, an
# engine in lower case, an opcode that needs escaping, an END before its
# START, a second section.
messy() {
	awk '
	NR == 1 { print; next }
	NR % 29 == 0 { next }
	NR % 17 == 0 { print "time=\"2024-01-01T00:00:00Z\" level=info msg=\"x\"" }
	NR % 19 == 0 { print "" }
	NR % 41 == 0 { print "  foo bar baz" }
	NR == 1500 { print "Instruction trace for ND 1 NC 2" }
	{
		line = $0
		if (NR % 31 == 0) sub(/ pc=[0-9]+/, "", line)
		if (NR % 37 == 0) sub(/Tensor|Vector|Scalar/, "tensor", line)
		if (NR % 53 == 0) sub(/ [A-Z_]+  /, " \"Q\\\\B  ", line)
		if (NR % 43 == 0 && line ~ / END /) sub(/ [0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]+ /, " 7 ", line)
		if (NR % 23 == 0) gsub(/ +/, "\t", line)
		if (NR % 13 == 0) line = sprintf("%60s%s", "", line)
		if (NR % 11 == 0) line = line "  x=1 y=" sprintf("%70s", "z")
		if (NR % 47 == 0) line = line " "
		if (NR % 7 == 0 || NR % 47 == 0) line = line "\r"
		print line
	}'
}

# The same text with a 0 before every number that is a whole field, or
# follows '=' (twice: a match takes the blank after it).
zeroed() {
	sed -E -e 's/([ 	=])([0-9]+)([ 	\r]|$)/\10\2\3/g' \
	    -e 's/([ 	=])([0-9]+)([ 	\r]|$)/\10\2\3/g'
}

same() {	# same CMD ARGS... FILE: the fast and the general way agree
	local f=${!#}
	"$@" >"$T/fast.out" 2>"$T/fast.err" && st1=0 || st1=$?
	set -- "${@:1:$#-1}"
	zeroed <"$f" >"$T/zeroed"
	"$@" "$T/zeroed" >"$T/slow.out" 2>"$T/slow.err" && st2=0 || st2=$?
	sed "s|$T/zeroed|$f|g" "$T/slow.err" >"$T/slow.err2"
	[ "$st1" -eq "$st2" ] || { echo "exit $st1 against $st2"; return 1; }
	cmp "$T/fast.out" "$T/slow.out" || { diff "$T/fast.out" "$T/slow.out" | head; return 1; }
	cmp "$T/fast.err" "$T/slow.err2" || { diff "$T/fast.err" "$T/slow.err2"; return 1; }
}

textfast_1() {
	npgen -n 3000 trace-text >"$T/t.txt"
	same np-trace "$T/t.txt"
	[ "$(wc -l <"$T/fast.out")" -eq 3001 ]
	[ ! -s "$T/fast.err" ]
}

textfast_2() {
	npgen -n 3000 trace-text | messy >"$T/m.txt"
	grep -q $'\r$' "$T/m.txt"
	same np-trace "$T/m.txt"
	[ "$(wc -l <"$T/fast.out")" -gt 2500 ]
	# Every kind of note the awkward lines make.
	grep -q '^np-trace: lines not understood: ' "$T/fast.err"
	grep -q '^np-trace: log lines (time=...) passed over: ' "$T/fast.err" ||
	    grep -q 'log lines' "$T/fast.err"
	grep -q '^np-trace: START lines without an END: ' "$T/fast.err"
	grep -q '^np-trace: END lines earlier than their START: ' "$T/fast.err"
	grep -q '\\"Q\\\\B' "$T/fast.out"
	grep -q '	1	2		$' "$T/fast.out"
}

# Lines made to sit at the edges of the usual line's quicker split (its end
# within its first 64 bytes, 5 fields or more, parted by spaces): ends
# on each side of byte 64, the key=N field past the sixth field or after
# a field that ends in "key=N", a "\r" at the end and in a field, a tab,
# a vertical tab, 4 fields.
edges() {	# edges KEY
	awk -v key="$1" '
	NR == 1 { print; next }
	{
		line = $0
		if (NR % 5 == 0) line = line sprintf("%" (NR % 11) "s", "")
		if (NR % 7 == 0) sub(" " key "=", "  a=1  b=2  " key "=", line)
		if (NR % 9 == 0) sub(" " key "=", " x" key "=1  " key "=", line)
		if (NR % 17 == 0) line = line "\r"
		if (NR % 19 == 0) sub(/_/, "_\r", line)
		if (NR % 23 == 0) sub(/  /, "\t", line)
		if (NR % 29 == 0) sub(/ [A-Za-z]/, "\v&", line)
		if (NR % 31 == 0) sub(/ [A-Za-z]/, "\r&", line)
		if (NR % 37 == 0) line = sprintf("%" (NR % 13) "s", "") line
		if (NR % 43 == 0) { $5 = ""; $6 = ""; line = "  " $0 }
		print line
	}'
}

textfast_3() {
	npgen -n 3000 trace-text | edges pc >"$T/e.txt"
	same np-trace "$T/e.txt"
	grep -q '^np-trace: lines not understood: ' "$T/fast.err"
	[ "$(wc -l <"$T/fast.out")" -gt 2500 ]
	same np-trace -t , "$T/e.txt"
	npgen -n 3000 dma-text | edges bytes >"$T/d.txt"
	same np-dma "$T/d.txt"
	same np-dma -H "$T/d.txt"
	same np-dma -s "$T/d.txt"
	[ "$(wc -l <"$T/fast.out")" -gt 5 ]
}

# The first key=N field is the key's, even one where the opcode or the CRC
# would be: the line the fast path takes and the same line with a 0
# before its time, which the general way takes, give the same row.
textfast_4() {
	npgen -n 3000 trace-text >"$T/t.txt"
	for ts in 10262000000 010262000000; do
		{ head -n 2000 "$T/t.txt"
		  echo "  2001  Tensor  pc=7  START  $ts  pc=1"
		  echo "  2002  Tensor  MATMUL  END  10262000100  pc=2"
		  tail -n +2001 "$T/t.txt"; } >"$T/k$ts.txt"
		np-trace "$T/k$ts.txt" >"$T/k$ts.out"
	done
	cmp "$T/k10262000000.out" "$T/k010262000000.out"
	grep -q '^10262000000	10262000100	100	Tensor	pc=7	7	' \
	    "$T/k10262000000.out"
	npgen -n 3000 dma-text >"$T/d.txt"
	q=$(awk 'NR == 2 { print $2 }' "$T/d.txt")
	for ts in 10262000000 010262000000; do
		{ head -n 2000 "$T/d.txt"
		  echo "  2001  $q  M2S_SOP  -  $ts  bytes=5"
		  echo "  2002  $q  S2M_EOP  bytes=7  10262000100  bytes=9"
		  tail -n +2001 "$T/d.txt"; } >"$T/k$ts.txt"
		np-dma "$T/k$ts.txt" >"$T/k$ts.out"
	done
	cmp "$T/k10262000000.out" "$T/k010262000000.out"
	grep -q "^$q	10262000000	10262000100	100	7	" "$T/k10262000000.out"
}

# A field "pc=" before the pc=N one is the START's pc field, to the general
# way as to the fast path: the same error (the fast path once passed over
# it and took the next).
textfast_5() {
	npgen -n 3000 trace-text >"$T/t.txt"
	for bad in '  2001  Tensor  pc=  START  10262000000  pc=1' \
	    '  2001  Tensor  MATMUL  START  10262000000  pc=  pc=1'; do
		{ head -n 2000 "$T/t.txt"; printf '%s\n' "$bad"
		  tail -n +2001 "$T/t.txt"; } >"$T/p.txt"
		col=$(printf '%s\n' "$bad" | awk '{ print index($0, "pc=") }')
		np np-trace "$T/p.txt"
		status_is 1
		err_is "np-trace: $T/p.txt:2001:$col: expected an integer for 'pc' (pc=N), found 'pc='"
		[ "$(wc -l <"$OUT")" -gt 900 ]
	done
}

textfast_6() {
	npgen -n 3000 trace-text | messy >"$T/m.txt"
	np-trace "$T/m.txt" >"$T/rows.out" 2>"$T/rows.err"
	np np-trace -t , "$T/m.txt"
	cmp "$T/rows.out" "$OUT"
	cmp "$T/rows.err" "$ERR"
	np np-trace -e Tensor,Vector,Scalar,GpSimd,Sync "$T/m.txt"
	cmp "$T/rows.out" "$OUT"
}


textfast_7() {
	npgen -n 3000 trace-text | messy >"$T/m.txt"
	same np-trace -u ps "$T/m.txt"
	same np-trace -u us "$T/m.txt"
	same np-trace -e Tensor "$T/m.txt"
	same np-trace -t 10261900000,10262000000 "$T/m.txt"
	# ts and event swapped, pc at a position given (a START without its
	# pc has no field there: what is at it must be the pc)
	awk '$4 == "START" || $4 == "END" { t = $4; $4 = $5; $5 = t }
	    $0 !~ / pc=/ { sub(/[ \t]+x=1 y=.*/, "") } { print }' \
	    "$T/m.txt" | tr -d '\r' >"$T/f.txt"
	same np-trace -F ts=4,event=5,pc=6 "$T/f.txt"
	grep -c . "$T/fast.out" | grep -qv '^1$'
}

textfast_8() {
	npgen -n 3000 trace-text >"$T/t.txt"
	{ head -n 2000 "$T/t.txt"; printf '  2001  Tensor  MATMUL  START  10\000261  pc=1\n'
	  tail -n +2001 "$T/t.txt"; } >"$T/nul.txt"
	off=$(($(head -n 2000 "$T/t.txt" | wc -c) + 33))
	np np-trace "$T/nul.txt"
	status_is 1
	err_is "np-trace: $T/nul.txt:2001:34: expected text, found byte 0x00 (byte offset $off)"
	[ "$(wc -l <"$OUT")" -gt 900 ]
	head -n 2000 "$T/t.txt" >"$T/head.txt"
	np-trace "$T/head.txt" 2>/dev/null | cmp - "$OUT"
}

textfast_9() {
	npgen -n 3000 dma-text >"$T/d.txt"
	same np-dma "$T/d.txt"
	[ ! -s "$T/fast.err" ]
	same np-dma -H "$T/d.txt"
	npgen -n 3000 dma-text | awk '
	NR % 29 == 0 { next }
	NR % 17 == 0 { print "time=\"2024\" level=info msg=\"x\"" }
	NR % 41 == 0 { print "  foo bar baz" }
	{
		line = $0
		if (NR % 23 == 0) gsub(/ +/, "\t", line)
		if (NR % 13 == 0) line = sprintf("%60s%s", "", line)
		if (NR % 11 == 0) line = line "  x=1 y=" sprintf("%70s", "z")
		if (NR % 31 == 0) sub(/ bytes=[0-9]+/, "", line)
		if (NR % 37 == 0) sub(/ 0x/, " \"c\\\\0x", line)
		if (NR % 7 == 0) line = line "\r"
		print line
	}' >"$T/m.txt"
	same np-dma "$T/m.txt"
	grep -q '^np-dma: lines not understood: ' "$T/fast.err"
	same np-dma -H "$T/m.txt"
	same np-dma -s "$T/m.txt"
	same np-dma -u ps "$T/m.txt"
	np-dma "$T/m.txt" 2>/dev/null | grep -q '\\"c\\\\'
}

textfast_10() {
	# 5 MB: instruction lines over several 1 MiB buffers, then the
	# collectives section
	npgen -n 40000 trace-text >"$T/g.txt"
	sed -n '/^Collectives trace/,$p' "$T/g.txt" >"$T/cc.txt"
	for o in -L -K -G ""; do
		np-cc $o "$T/cc.txt" 2>/dev/null | sed "s|$T/cc.txt||g" >"$T/want"
		np np-cc $o "$T/g.txt"
		status_is 0
		sed "s|$T/g.txt||g" "$OUT" | cmp - "$T/want"
	done
	# the lines passed over are counted: a place named after them
	printf 'ZZZ  10270000000000  START\n' >>"$T/g.txt"
	np np-cc -K "$T/g.txt"
	grep -qx "np-cc: START lines without an END: 1 (first: $T/g.txt:$(wc -l <"$T/g.txt"))" "$ERR" ||
	    { cat "$ERR"; false; }
}

textfast_11() {
	npgen -n 40000 trace-text >"$T/g.txt"
	{ head -n 50000 "$T/g.txt"; printf '  5000  Tensor  MATMUL  START  10\000261  pc=1\n'
	  tail -n +50001 "$T/g.txt"; } >"$T/nul.txt"
	off=$(($(head -n 50000 "$T/g.txt" | wc -c) + 33))
	np np-cc -L "$T/nul.txt"
	status_is 1
	err_is "np-cc: $T/nul.txt:50001:34: expected text, found byte 0x00 (byte offset $off)"
}

@test "textfast: np-trace, the fast path and the general way agree on a plain trace; np-trace, the fast path and the general way agree on an awkward trace; the usual line's quicker split and the general way agree on its edges; a key=N where the opcode or the CRC is, either way; np-trace, an empty pc= before the pc is the error either way; np-trace, rows the format writes and records np-trace writes agree; np-trace -F, -u and -e take the same way as ever; np-trace, a NUL far into a trace is the same error, rows before it written; np-dma, the fast path and the general way agree; np-cc passes over instruction lines in bulk, with the same answers; np-cc, a NUL among the instruction lines is the same error" {
	cases \
	    "np-trace, the fast path and the general way agree on a plain trace" textfast_1 \
	    "np-trace, the fast path and the general way agree on an awkward trace" textfast_2 \
	    "the usual line's quicker split and the general way agree on its edges" textfast_3 \
	    "a key=N where the opcode or the CRC is, either way" textfast_4 \
	    "np-trace, an empty pc= before the pc is the error either way" textfast_5 \
	    "np-trace, rows the format writes and records np-trace writes agree" textfast_6 \
	    "np-trace -F, -u and -e take the same way as ever" textfast_7 \
	    "np-trace, a NUL far into a trace is the same error, rows before it written" textfast_8 \
	    "np-dma, the fast path and the general way agree" textfast_9 \
	    "np-cc passes over instruction lines in bulk, with the same answers" textfast_10 \
	    "np-cc, a NUL among the instruction lines is the same error" textfast_11
}
