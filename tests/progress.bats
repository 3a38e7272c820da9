#!/usr/bin/env bats
# The progress line on stderr (progress.h): shown while a regular file of
# 8 MiB or more is read and stderr is a terminal, erased at the end and
# before any message; never with -q, CI, NP_PROGRESS=0, or stderr not a
# terminal.  script(1) gives the program a pseudo-terminal; NP_PROGRESS=test
# replaces the clock by one that moves 1/10 s at each reading (every MiB
# read or so), so that what is drawn depends on the bytes read only.

load helpers

setup_file() {
	D=$BATS_FILE_TMPDIR
	export D
	npgen -b 20000000 explorer-tsv >"$D/big.tsv"
	npgen -b 12000000 trace-text >"$D/big.txt"
	npgen -b 12000000 dma-tsv >"$D/dma.tsv"
	# np-trace reads 8.9 MB of this file's columns: enough.
	npgen -b 60000000 explorer-parquet >"$D/big.parquet"
}

# Runs a shell command in $D on a pseudo-terminal (stdout to $T/o, unless
# the command says otherwise); what reached the terminal is in $T/tty.
ontty() {
	command -v script >/dev/null || skip "no script(1) (util-linux)"
	env -u CI NP_PROGRESS=${NP_PROGRESS-test} \
	    script -qc "cd '$D' && $1" /dev/null >"$T/tty" </dev/null
}

# Every drawing is CR, "prog: file", percent, MB/s, time left, and
# erase-to-end-of-line; the capture ends with CR and erase.
drawn() {
	local prog=$1 file=$2
	[ -s "$T/tty" ] || { echo "nothing on the terminal"; return 1; }
	tr '\r' '\n' <"$T/tty" | grep -v '^$' >"$T/lines"
	tail -c 4 "$T/tty" | cmp -s - <(printf '\r\033[K') ||
	    { echo "not erased at the end:"; tail -c 80 "$T/tty" | od -c; return 1; }
	if grep -av "^$prog: $file  *[0-9]*% *[0-9]* MB/s [0-9]*:[0-9][0-9] left"$'\033\\[K$' \
	    "$T/lines" | grep -av $'^\033\\[K$' | grep -q .; then
		echo "a line not a drawing:"; grep -av "left" "$T/lines" | head -3 | od -c | head
		return 1
	fi
	[ "$(grep -c left "$T/lines")" -ge 2 ]
}

progress_t1() {
	ontty 'np-stall big.tsv >o.tsv'
	cmp "$T/tty" "$GOLD/progress/np-stall.tty" || {
		od -c "$T/tty" | head -20; return 1; }
	# The first drawing by hand: the first reading past 2 MiB comes after
	# the third read(2), of 1048576 + 1047713 + 1047637 = 3143926 bytes
	# (each refill keeps the line it cuts), 1/10 s after the start: 15% of
	# 20000802 bytes, 31 MB/s, (20000802 - 3143926) / 31439260 B/s =
	# 0.54 s left, shown rounded: 0:01.
	printf '\rnp-stall: big.tsv  15%%    31 MB/s 0:01 left\033[K' >"$T/first"
	head -c "$(wc -c <"$T/first")" "$T/tty" | cmp - "$T/first"
}

progress_t2() {
	ontty 'np-trace big.txt >o.tsv'
	drawn np-trace big.txt
	ontty 'np-dma dma.tsv >o.tsv'
	drawn np-dma dma.tsv
	ontty 'np-cc big.txt >o.tsv'
	drawn np-cc big.txt
	ontty 'np-gaps -B 1ms big.tsv >o.tsv'
	drawn np-gaps big.tsv
	ontty 'np-sum -g engine -v duration_ns big.tsv >o.tsv'
	drawn np-sum big.tsv
	ontty 'np-stall big.tsv >o.tsv'
	drawn np-stall big.tsv
}

progress_t3() {
	ontty 'np-trace big.parquet >o.tsv'
	drawn np-trace big.parquet
	# The last drawing is near the end of the columns' bytes, not at the
	# 15% of the file they are (the clock is read once a MiB, so the last
	# drawing may come a MiB before the end of the few MiB they are).
	[ "$(grep left "$T/lines" | tail -1 | awk '{ print $3 + 0 }')" -ge 75 ]
}

progress_t4() {
	ontty 'np-stall <big.tsv >o.tsv'
	drawn np-stall stdin
}

progress_t5() {
	ontty 'np-trace big.txt'
	# Each drawing starts a line (after the rows' CR LF) and is erased
	# before the next rows.
	tr '\n' '\001' <"$T/tty" | sed $'s/\r\033\\[K/\\\n/g' >"$T/split"
	[ "$(grep -ac left "$T/split")" -ge 2 ]
	if grep -a left "$T/split" |
	    grep -Eav $'^(.*\001)?\rnp-trace: big\\.txt .* left\033\\[K$' | grep -aq .; then
		echo "a drawing among the rows"; return 1
	fi
	# Every row made it, as written to a file.
	sed $'s/\rnp-trace: [^\033]*\033\\[K//g; s/\r\033\\[K//g' "$T/tty" | tr -d '\r' >"$T/rows"
	np-trace "$D/big.txt" | cmp - "$T/rows"
}

progress_t6() {
	{ cat "$D/big.tsv"; echo oops; } >"$D/bad.tsv"
	ontty 'np-stall bad.tsv >o.tsv'
	# The pseudo-terminal writes the message's LF as CR LF.
	printf 'left\033[K\r\033[Knp-stall: bad.tsv:15533:5: expected 21 tab-separated fields as in the header, found 1\r\n' >"$T/end"
	tail -c "$(wc -c <"$T/end")" "$T/tty" | cmp - "$T/end"
}

progress_t7() {
	for c in 'np-trace -q big.txt' 'np-dma -q dma.tsv' 'np-cc -q big.txt' \
	    'np-gaps -q big.tsv' 'np-sum -q -g engine -v duration_ns big.tsv' \
	    'np-stall -q big.tsv' 'np-stall --quiet big.tsv' \
	    'np-trace -q big.parquet'; do
		ontty "$c >o.tsv"
		if [ -s "$T/tty" ]; then echo "$c:"; od -c "$T/tty" | head -3; return 1; fi
	done
}

@test "progress: the line, exactly, and erased at the end; every program draws it while reading a large file; Parquet, over the bytes of the columns read; standard input from a file is named stdin; output to the same terminal is never written over it; erased before an error message; never with -q or --quiet, in any program" {
	# (ontty's skip, which a case cannot make: it runs in a subshell)
	command -v script >/dev/null || skip "no script(1) (util-linux)"
	cases \
	    "the line, exactly, and erased at the end" progress_t1 \
	    "every program draws it while reading a large file" progress_t2 \
	    "Parquet, over the bytes of the columns read" progress_t3 \
	    "standard input from a file is named stdin" progress_t4 \
	    "output to the same terminal is never written over it" progress_t5 \
	    "erased before an error message" progress_t6 \
	    "never with -q or --quiet, in any program" progress_t7
}

@test "progress: never under CI, with NP_PROGRESS=0, or stderr not a terminal" {
	command -v script >/dev/null || skip "no script(1) (util-linux)"
	CI=1 NP_PROGRESS=test script -qc "cd '$D' && np-stall big.tsv >o.tsv" /dev/null >"$T/tty"
	[ ! -s "$T/tty" ]
	CI= NP_PROGRESS=test script -qc "cd '$D' && np-stall big.tsv >o.tsv" /dev/null >"$T/tty"
	[ ! -s "$T/tty" ]
	NP_PROGRESS=0 ontty 'np-stall big.tsv >o.tsv'
	[ ! -s "$T/tty" ]
	ontty 'np-stall big.tsv >o.tsv 2>err'
	[ ! -s "$T/tty" ]
	[ ! -s "$D/err" ]
	ontty 'np-stall big.tsv 2>&1 >o.tsv | cat >err'
	[ ! -s "$T/tty" ]
	[ ! -s "$D/err" ]
}

progress_t8() {
	head -c 8388000 "$D/big.tsv" | sed '$d' >"$D/small.tsv"
	ontty 'np-stall small.tsv >o.tsv'
	[ ! -s "$T/tty" ]
}

progress_t9() {
	ontty 'np-gaps -B 10us big.tsv >o.tsv'
	np np-gaps -B 10us "$D/big.tsv"
	cmp "$OUT" "$D/o.tsv"
}

@test "progress: nothing for a file under 8 MiB; the same output with and without the line" {
	command -v script >/dev/null || skip "no script(1) (util-linux)"
	cases \
	    "nothing for a file under 8 MiB" progress_t8 \
	    "the same output with and without the line" progress_t9
}
