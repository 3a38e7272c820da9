#!/usr/bin/env bats
# make report (cmd/report/): the answers and pictures of every profile
# in a directory, and an index.html that is well-formed XHTML, built with
# make -j2; the metrics table that puts the metrics that differ most
# first.

load helpers

TOP=$BATS_TEST_DIRNAME/..

# Profiles: two generated view exports, the Explorer profile directory, a
# real summary alone, with a name that needs escaping in HTML, and a text
# trace.
profiles() {
	mkdir -p "$T/p"
	npgen -s 1 -n 2000 view-json >"$T/p/run1.json"
	npgen -s 2 -n 3000 view-json >"$T/p/run2.json"
	ln -s "$FIX/explorer/profile@latest" "$T/p/dir@latest"
	cp "$SAMPLES/summary-compact.json" "$T/p/r&d.json"
	npgen -s 1 -n 2000 trace-text >"$T/p/trace.txt"
}

report() {
	np make -s -j2 -f "$TOP/cmd/report/report.mk" PROFILES="$T/p/" \
	    REPORT="$T/r" NP="$NP_BIN" "$@"
}

# The report of profiles(), made once in $BATS_FILE_TMPDIR for the three
# tests that read it (make is most of this file's time); the third adds a
# profile to it, and so comes last of them.
setup_file() {
	local T=$BATS_FILE_TMPDIR s=0
	profiles
	make -s -j2 -f "$TOP/cmd/report/report.mk" PROFILES="$T/p/" \
	    REPORT="$T/r" NP="$NP_BIN" >"$T/make.out" 2>"$T/make.err" || s=$?
	echo "$s" >"$T/make.status"
}

# shared: $T is that report's directory, made with exit status 0.
shared() {
	T=$BATS_FILE_TMPDIR
	[ "$(<"$T/make.status")" -eq 0 ] || { cat "$T/make.err"; return 1; }
}

report_t1() {
	shared
	for p in run1 run2 dir 'r&d'; do
		for a in summary mix stall util dma dmasize layers bound; do
			[ -f "$T/r/$p/$a.tsv" ]
		done
		for a in mix stall util dma dmasize layers bound; do
			[ -f "$T/r/$p/$a.svg" ]
		done
	done
	# Instructions, DMA and collectives where the profile has them (each
	# picture well-formed, all by one xmlcheck: a process is dear).
	svgs=()
	for p in run1 run2 dir; do
		for a in mix stall util dma dmasize; do
			[ -s "$T/r/$p/$a.svg" ]
			svgs+=("$T/r/$p/$a.svg")
		done
	done
	# Busy share over time, from np-gaps -B: a heat strip per engine.
	[ -s "$T/r/run1/buckets.svg" ]
	xmlcheck "${svgs[@]}" "$T/r/run1/buckets.svg"
	grep -q '<img src="run1/buckets.svg"' "$T/r/index.html"
	# The instruction mix, most time first.
	awk -F '\t' 'NR > 2 && $5 > last { exit 1 } { last = $5 }' "$T/r/run1/mix.tsv"
	[ "$(head -1 "$T/r/run1/mix.tsv" | cut -f5)" = sum ]
	[ -s "$T/r/dir/layers.svg" ]
	xmlcheck "$T/r/dir/layers.svg"
	# None in a summary alone, or collectives in a view export: an empty
	# answer, and why beside it.
	[ ! -s "$T/r/r&d/stall.tsv" ]
	[ ! -s "$T/r/r&d/stall.svg" ]
	grep -q "^np-stall: " "$T/r/r&d/stall.tsv.err"
	[ ! -s "$T/r/run1/layers.tsv" ]
	[ -s "$T/r/run1/layers.tsv.err" ]
	# The text trace: collectives, but no waits: an empty answer, and
	# np-stall's why, naming -v.
	[ -s "$T/r/trace/layers.svg" ]
	[ ! -s "$T/r/trace/stall.tsv" ]
	[ ! -s "$T/r/trace/stall.svg" ]
	grep -q "^np-stall: no instruction with evt_wait_time_ns in 2000 rows read (the text traces have none): -v chooses" "$T/r/trace/stall.tsv.err"
	# Nor DMA: np-dma writes its header alone, which is no answer either.
	[ ! -s "$T/r/trace/dma.tsv" ]
	[ ! -s "$T/r/trace/dma.svg" ]
	[ "$(<"$T/r/trace/dma.tsv.err")" = "dma.tsv: no rows" ]
	# A summary for each, in the metrics table.
	[ "$(head -1 "$T/r/metrics.tsv")" = "$(printf 'key\tdir\tr&d\trun1\trun2\ttrace\tratio')" ]
	xmlcheck "$T/r/metrics.svg"
	xmlcheck "$T/r/index.html"
}

report_t2() {
	shared
	h=$T/r/index.html
	for p in run1 run2 dir; do
		for a in mix stall util dma dmasize; do
			grep -q "<a href=\"$p/$a.tsv\"><img src=\"$p/$a.svg\"" "$h"
		done
	done
	grep -q '<a href="dir/layers.tsv"><img src="dir/layers.svg"' "$h"
	grep -q '<a href="dir/bound.tsv"><img src="dir/bound.svg"' "$h"
	grep -q '<a href="run1/layers.tsv.err">why</a>' "$h"
	grep -q '<a href="trace/stall.tsv.err">why</a>' "$h"
	grep -q '<a href="trace/layers.tsv"><img src="trace/layers.svg"' "$h"
	# The summary alone has no column of pictures, but is named.
	grep -q '<p class="sub">No pictures for <a href="r&amp;d/">r&amp;d</a>' "$h"
	not grep -q 'r&d' "$h"
	grep -q '<h2>Metrics that differ most between the runs</h2>' "$h"
	! grep -qi '<script' "$h"
}

report_t3() {
	shared
	report -q
	status_is 0
	find "$T/p" -exec touch -h -d '3 hours ago' {} +
	find "$T/r" -exec touch -h -d '2 hours ago' {} +
	npgen -s 3 -n 1000 view-json >"$T/p/run3.json"
	report
	status_is 0
	[ -s "$T/r/run3/stall.svg" ]
	grep -q 'run3/stall.svg' "$T/r/index.html"
	# run1's answers were not made again.
	[ "$(find "$T/r/run1/stall.tsv" -mmin +30)" ]
}

report_t4() {
	mkdir -p "$T/none"
	np make -s -f "$TOP/cmd/report/report.mk" PROFILES="$T/none/" \
	    REPORT="$T/r" NP="$NP_BIN"
	status_is 2
	grep -q "no profiles in PROFILES=$T/none/" "$ERR"
}

report_t5() {
	mkdir -p "$T/a" "$T/b" "$T/c"
	printf 'profile\tkey\tvalue\na\tsame\t5\na\tdouble\t1\na\tzero\t0\na\ttext\tx\na\tonly_a\t3\na\tneg\t-2\na\tpart\t1\n' >"$T/a/summary.tsv"
	printf 'profile\tkey\tvalue\nb\tsame\t5\nb\tdouble\t2\nb\tzero\t4\nb\ttext\ty\nb\tneg\t2\nb\tpart\t10\n' >"$T/b/summary.tsv"
	printf 'profile\tkey\tvalue\nc\tsame\t5\nc\tdouble\t1.5\nc\tzero\t1\nc\ttext\tx\nc\tneg\t0\n' >"$T/c/summary.tsv"
	np awk -f "$TOP/cmd/report/metrics.awk" "$T/a/summary.tsv" \
	    "$T/b/summary.tsv" "$T/c/summary.tsv"
	status_is 0
	no_err
	cat >"$T/want" <<-'EOF'
	key	a	b	c	ratio
	zero	0	4	1	inf
	neg	-2	2	0	3
	double	1	2	1.5	2
	same	5	5	5	1
	part	1	10		10
	only_a	3			
	text	x	y	x	
	EOF
	cmp "$T/want" "$OUT"
}

report_t6() {
	mkdir -p "$T/p"
	npgen -s 1 -n 2000 view-json >"$T/p/r0.json"
	npgen -s 1 -n 2000 trace-text >"$T/p/r0.txt"
	ln -s "$FIX/explorer/profile@latest" "$T/p/r0@latest"
	npgen -s 2 -n 2000 view-json >"$T/p/r1.json"
	report
	status_is 0
	not grep -q 'overriding\|ignoring' "$ERR"
	for p in r0.json r0.txt r0@latest r1; do
		[ -L "$T/r/$p/$p" ]
		[ -f "$T/r/$p/summary.tsv" ]
	done
	[ ! -e "$T/r/r0" ]
	[ "$(readlink "$T/r/r0.txt/r0.txt")" = "$T/p/r0.txt" ]
	# Each its own answers: the view export has stalls, the text trace
	# none, the directory collectives.
	[ -s "$T/r/r0.json/stall.tsv" ]
	[ ! -s "$T/r/r0.txt/stall.tsv" ]
	[ -s "$T/r/r0.txt/stall.tsv.err" ]
	[ -s "$T/r/r0@latest/layers.tsv" ]
	[ "$(head -1 "$T/r/metrics.tsv")" = "$(printf 'key\tr0.json\tr0.txt\tr0@latest\tr1\tratio')" ]
	xmlcheck "$T/r/index.html"
}

report_t7() {
	mkdir -p "$T/p"
	npgen -s 1 -n 200 view-json >"$T/p/r0.json"
	npgen -s 1 -n 200 view-json >"$T/p/r0.txt"
	npgen -s 1 -n 200 view-json >"$T/p/r0.json.txt"
	report
	status_is 2
	grep -q "more than one profile named r0.json: $T/p/r0.json $T/p/r0.json.txt (rename one)" "$ERR"
}

@test "report: make -j2 builds every profile's answers, their pictures and the index; the index shows each picture, links its TSV, and escapes names; a second make has nothing to do; a new profile adds only its own; no profiles is an error; the metrics that differ most come first, by most over least; those some profiles lack after; profiles whose names differ only by suffix are each reported, under their whole file names; names that still collide are an error naming the profiles" {
	cases \
	    "make -j2 builds every profile's answers, their pictures and the index" report_t1 \
	    "the index shows each picture, links its TSV, and escapes names" report_t2 \
	    "a second make has nothing to do; a new profile adds only its own" report_t3 \
	    "no profiles is an error" report_t4 \
	    "the metrics that differ most come first, by most over least; those some profiles lack after" report_t5 \
	    "profiles whose names differ only by suffix are each reported, under their whole file names" report_t6 \
	    "names that still collide are an error naming the profiles" report_t7
}
