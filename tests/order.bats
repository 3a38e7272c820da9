#!/usr/bin/env bats
# Any row order: np-gaps, np-dma -s and np-cc -G/-L/-K give on rows far
# out of order exactly what they give on the same rows sorted by start
# (sort -s, ties in input order), through spill.h's sorted runs in TMPDIR;
# the note that says so; merges beyond the fan-in; a TMPDIR that cannot
# be used; memory that does not grow with the input.
#
# Inputs are made here: npgen -x B shuffles rows in blocks of B (seeded),
# far beyond the windows used; permute() below shuffles any TSV's rows by
# a fixed permutation of their line numbers (no random numbers, so the
# notes' counts are the same on every awk).

load helpers

# The rows of a TSV in a fixed scrambled order, header first: row i goes
# to place i * 7919 mod 100003 (a prime, so no two rows share one).
permute() {
	awk 'NR == 1 { print; next }
	    { printf "%d\t%s\n", (NR * 7919) % 100003, $0 | "sort -k1,1n | cut -f2-" }' "$1"
}

# The rows of a TSV sorted by column $2 (numeric), ties in input order.
sorted_by() {
	(head -1 "$1"; tail -n +2 "$1" | sort -s -t "	" -k"$2,$2n")
}

setup() {
	untraced
	mkdir -p "$T/spill"
	export TMPDIR="$T/spill"
}

# ---- spill.h on its own ----

@test "spill: any order comes out sorted, ties in input order" {
	# 20000 keys in a scrambled order, each of 2000 values ten times.
	seq 1 20000 | awk '{ print ($1 * 7919) % 20011 % 2000 }' >"$T/k"
	awk '{ print $1 "\t" NR - 1 }' "$T/k" | sort -s -k1,1n >"$T/want"
	np spillcheck -w 5 <"$T/k"
	status_is 0
	err_is "spillcheck: 19957 rows beyond the reorder window (-r 5): 311296 bytes spilled to $T/spill in 19 runs, merged 16 at a time in 1 intermediate merge (first: -:7)"
	cmp "$OUT" "$T/want"
	# Reversed: every row but the first few is beyond the window.
	seq 100000 -1 1 >"$T/r"
	np spillcheck -w 100 <"$T/r"
	status_is 0
	err_is "spillcheck: 99899 rows beyond the reorder window (-r 100): 1.6 MB spilled to $T/spill in 97 runs, merged 16 at a time in 6 intermediate merges (first: -:102)"
	[ "$(head -1 "$OUT")" = "$(printf '1\t99999')" ]
	[ "$(tail -1 "$OUT")" = "$(printf '100000\t0')" ]
	[ "$(wc -l <"$OUT")" -eq 100000 ]
	# Nothing is left behind in TMPDIR.
	[ -z "$(ls -A "$T/spill")" ]
}

@test "spill: runs beyond the merge fan-in are merged in passes" {
	seq 1 20000 | awk '{ print ($1 * 7919) % 20011 % 2000 }' >"$T/k"
	awk '{ print $1 "\t" NR - 1 }' "$T/k" | sort -s -k1,1n >"$T/want"
	for f in 2 3 5; do
		NP_MERGE_FANIN=$f spillcheck -w 5 <"$T/k" >"$T/got" 2>"$ERR"
		cmp "$T/got" "$T/want"
	done
	err_is "spillcheck: 19957 rows beyond the reorder window (-r 5): 311296 bytes spilled to $T/spill in 19 runs, merged 5 at a time in 4 intermediate merges (first: -:7)"
	NP_MERGE_FANIN=2 np spillcheck -w 5 <"$T/k"
	err_is "spillcheck: 19957 rows beyond the reorder window (-r 5): 311296 bytes spilled to $T/spill in 19 runs, merged 2 at a time in 19 intermediate merges (first: -:7)"
	cmp "$OUT" "$T/want"
	# Every window and fan-in, on keys with many ties and on reversed keys.
	seq 12000 -1 1 | awk '{ print int($1 / 3) }' >"$T/r"
	awk '{ print $1 "\t" NR - 1 }' "$T/r" | sort -s -k1,1n >"$T/rwant"
	for w in 1 2 7 1000 5000; do
		for f in 2 3 16; do
			NP_MERGE_FANIN=$f spillcheck -w $w <"$T/k" >"$T/got" \
			    2>/dev/null
			cmp "$T/got" "$T/want"
			NP_MERGE_FANIN=$f spillcheck -w $w <"$T/r" >"$T/got" \
			    2>/dev/null
			cmp "$T/got" "$T/rwant"
		done
	done
	NP_MERGE_FANIN=1 np spillcheck <"$T/k"
	status_is 1
	err_is "spillcheck: NP_MERGE_FANIN: expected a number from 2 to 1024, found '1'"
}

@test "spill: in order, or beyond the window only a little: no note" {
	# 1.6 MB of rows in order: past 512 KiB they wait in TMPDIR, unnoted.
	seq 1 100000 >"$T/s"
	np spillcheck -w 1 <"$T/s"
	status_is 0
	no_err
	cmp "$OUT" <(awk '{ print $1 "\t" NR - 1 }' "$T/s")
	# Where TMPDIR cannot take them, they go on in order without it...
	TMPDIR=$T/none np spillcheck -w 1 <"$T/s"
	status_is 0
	no_err
	cmp "$OUT" <(awk '{ print $1 "\t" NR - 1 }' "$T/s")
	# ... until a row comes beyond the window: an error, the rows given
	# out so far written first.
	(seq 1 50000; echo 7) >"$T/s"
	TMPDIR=$T/none np spillcheck -w 1 <"$T/s"
	status_is 1
	err_is "spillcheck: $T/none/np-spill-XXXXXX: cannot create a temporary file (TMPDIR $T/none) to put rows in order: No such file or directory"
	[ "$(wc -l <"$OUT")" -eq 49999 ]
	# Beyond the window before run 0 is full: the error at once.
	(echo 2; echo 3; echo 1; seq 4 50000) >"$T/s"
	TMPDIR=$T/none np spillcheck -w 1 <"$T/s"
	status_is 1
	err_is "spillcheck: $T/none/np-spill-XXXXXX: cannot create a temporary file (TMPDIR $T/none) to put rows in order: No such file or directory"
	[ ! -s "$OUT" ]
	# 3 waits; 4 pushes it out; 1 and 2 come after 3 has left.
	printf '%s\n' 3 4 1 2 5 >"$T/l"
	np spillcheck -w 1 <"$T/l"
	status_is 0
	err_is "spillcheck: 2 rows beyond the reorder window (-r 1), put in order in memory (first: -:3)"
	[ "$(cut -f1 "$OUT" | tr '\n' ' ')" = "1 2 3 4 5 " ]
}

@test "order: np-gaps, every mode, far out of order = sorted" {
	npgen -n 20000 -x 5000 explorer-tsv >"$T/x.tsv"
	npgen -n 20000 explorer-tsv >"$T/o.tsv"
	sorted_by "$T/x.tsv" 2 >"$T/s.tsv"
	for m in "" "-m 0" "-a" "-a -m 0" "-U" "-U -t 10261900000,10262000000"; do
		np-gaps $m "$T/s.tsv" >"$T/want"
		np np-gaps -r 64 $m "$T/x.tsv"
		status_is 0
		cmp "$OUT" "$T/want"
		[ "$(wc -l <"$OUT")" -gt 6 ]
	done
	# The rows as generated, in start order (ties in another order,
	# which -u does not see): the same busy time.
	np-gaps -U "$T/o.tsv" >"$T/want"
	np np-gaps -U -r 64 "$T/x.tsv"
	cmp "$OUT" "$T/want"
	np np-gaps -r 64 "$T/x.tsv"
	err_is "np-gaps: 18674 rows beyond the reorder window (-r 64): 589824 bytes spilled to $T/spill in 18 runs, merged 16 at a time in 1 intermediate merge (first: $T/x.tsv:81:8)"
	# The sorted input needs no note.
	np np-gaps -r 64 "$T/s.tsv"
	no_err
}

@test "order: np-gaps on view JSON far out of order = sorted" {
	npgen -n 5000 -x 2000 view-json >"$T/x.json"
	npgen -n 5000 view-json >"$T/s.json"
	np-trace "$T/x.json" >"$T/x.tsv"
	sorted_by "$T/x.tsv" 1 >"$T/s.tsv"
	for m in "-m 0" "-a -m 0" "-U"; do
		np-gaps $m "$T/s.tsv" >"$T/want"
		np np-gaps -r 16 $m "$T/x.json"
		status_is 0
		cmp "$OUT" "$T/want"
	done
	err_is "np-gaps: 4721 rows beyond the reorder window (-r 16): 131072 bytes spilled to $T/spill in 4 runs (first: $T/x.json:1:374104)"
	# The same instructions in start order: the same busy time.
	np-gaps -U "$T/s.json" >"$T/want"
	cmp "$OUT" "$T/want"
}

@test "order: np-dma -s far out of order = sorted" {
	npgen -n 40000 -x 10000 dma-tsv >"$T/x.tsv"
	sorted_by "$T/x.tsv" 1 >"$T/s.tsv"
	np-dma -s "$T/s.tsv" >"$T/want"
	np np-dma -s -r 16 "$T/x.tsv"
	status_is 0
	err_is "np-dma: 9600 rows beyond the reorder window (-r 16): 294912 bytes spilled to $T/spill in 9 runs (first: $T/x.tsv:26:1)"
	cmp "$OUT" "$T/want"
	[ "$(wc -l <"$OUT")" -eq 8 ]
	# Grouped by queue, as the text lists them: the same.
	npgen -n 40000 dma-text >"$T/q.txt"
	np np-dma -s -r 16 "$T/q.txt"
	status_is 0
	cmp "$OUT" "$T/want"
}

# Collective events of two ranks on three CC-cores each, as np-cc's TSV.
cc_events() {
	npgen -n 60000 trace-text >"$T/a.txt"
	npgen -s 2 -n 60000 trace-text >"$T/b.txt"
	(cd "$T" && np-cc a.txt b.txt 2>/dev/null) |
	    awk -F'\t' -v OFS='\t' 'NR > 1 { $2 = 8 + NR % 3 } { print }'
}

@test "order: np-cc -G, -L and -K far out of order = sorted" {
	cc_events >"$T/ev.tsv"
	permute "$T/ev.tsv" >"$T/x.tsv"
	sorted_by "$T/ev.tsv" 4 >"$T/s.tsv"
	np-cc -G "$T/s.tsv" >"$T/want.g" 2>/dev/null
	for m in -G -L -K "-L -l 3 -p 0" "-K -C 5,50"; do
		np-cc $m "$T/s.tsv" >"$T/want" 2>/dev/null
		np np-cc -r 32 $m "$T/x.tsv"
		status_is 0
		cmp "$OUT" "$T/want"
		[ "$(wc -l <"$OUT")" -gt 20 ]
	done
	np np-cc -r 32 -G "$T/x.tsv"
	err_is "np-cc: 2234 rows beyond the reorder window (-r 32): 98304 bytes spilled to $T/spill in 2 runs (first: $T/x.tsv:58:21)"
	# Streams are taken one after another (rank, then CC-core): rows in
	# that order need no note; rows in time order across streams do.
	(head -1 "$T/ev.tsv"; tail -n +2 "$T/ev.tsv" |
	    sort -s -t "	" -k1,1 -k2,2n -k4,4n) >"$T/k.tsv"
	np np-cc -r 32 -G "$T/k.tsv"
	no_err
	cmp "$OUT" "$T/want.g"
	np np-cc -r 32 -G "$T/s.tsv"
	err_is "np-cc: 1929 rows beyond the reorder window (-r 32): 49152 bytes spilled to $T/spill in 1 run (first: $T/s.tsv:55:21)"
	cmp "$OUT" "$T/want.g"
}

# ---- TMPDIR ----

@test "order: a TMPDIR that cannot hold a file is an error, exit 1" {
	seq 1 20000 | awk '{ print ($1 * 7919) % 20011 }' >"$T/k"
	TMPDIR=$T/none np spillcheck -w 5 <"$T/k"
	status_is 1
	err_is "spillcheck: $T/none/np-spill-XXXXXX: cannot create a temporary file (TMPDIR $T/none) to put rows in order: No such file or directory"
	npgen -n 20000 -x 5000 explorer-tsv >"$T/x.tsv"
	TMPDIR=$T/x.tsv np np-gaps -r 64 "$T/x.tsv"
	status_is 1
	err_is "np-gaps: $T/x.tsv/np-spill-XXXXXX: cannot create a temporary file (TMPDIR $T/x.tsv) to put rows in order: Not a directory"
	# No gap was made before the error: no output, not a header alone.
	[ ! -s "$OUT" ]
	# Rows in order need no TMPDIR, however many: the same answer.
	npgen -n 20000 explorer-tsv >"$T/o.tsv"
	for m in "" -a -U; do
		np-gaps $m "$T/o.tsv" >"$T/want"
		TMPDIR=$T/none np np-gaps $m "$T/o.tsv"
		status_is 0
		no_err
		cmp "$OUT" "$T/want"
	done
	npgen -n 40000 dma-tsv >"$T/d.tsv"
	np-dma -s "$T/d.tsv" >"$T/want"
	TMPDIR=$T/none np np-dma -s "$T/d.tsv"
	status_is 0
	no_err
	cmp "$OUT" "$T/want"
}

@test "order: a write that fails in TMPDIR is an error, exit 1" {
	npgen -n 20000 -x 5000 explorer-tsv >"$T/x.tsv"
	# ulimit -f: a write past 64 KiB fails with EFBIG (SIGXFSZ ignored).
	(trap '' XFSZ; ulimit -f 128; exec np-gaps -U -r 64 "$T/x.tsv") \
	    >"$OUT" 2>"$ERR" && status=0 || status=$?
	status_is 1
	sed 's/np-spill-....../np-spill-NAME/' "$ERR" >"$T/err2"
	[ "$(<"$T/err2")" = "np-gaps: $T/spill/np-spill-NAME: write failed (TMPDIR $T/spill): File too large" ]
	# -U writes only at the end: nothing, not even the header (np(7))
	[ ! -s "$OUT" ]
}

# ---- memory ----

@test "order: memory does not grow with rows out of order (ulimit -v)" {
	need_plain_build
	# 700,000 instructions in a scrambled order: 22 MB of rows to sort
	# (32 bytes each), more than the 16 MiB limit; np-gaps holds a
	# window of 4096 and merges sorted runs from TMPDIR.
	seq 0 699999 | awk 'BEGIN { print "start_ts\tend_ts\tengine" }
	    { k = ($1 * 7919) % 700001; t = k * 10
	      print t "\t" t + 5 + k % 7 "\tE" k % 4 }' >"$T/x.tsv"
	under_ulimit 16384 np-gaps -U "$T/x.tsv"
	status_is 0
	err_is "np-gaps: 674799 rows beyond the reorder window (-r 4096): 22.3 MB spilled to $T/spill in 165 runs, merged 16 at a time in 10 intermediate merges (first: $T/x.tsv:4157:1)"
	sorted_by "$T/x.tsv" 1 >"$T/s.tsv"
	np-gaps -U "$T/s.tsv" >"$T/want"
	cmp "$OUT" "$T/want"
	[ "$(tail -1 "$OUT" | cut -f1,2)" = "$(printf 'any\t700000')" ]
}
