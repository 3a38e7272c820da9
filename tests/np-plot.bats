#!/usr/bin/env bats
# np-plot: each kind of chart from each np program's output, in terminal
# and SVG form, against goldens; every SVG through tests/tools/xmlcheck.c; the
# width, colour and error rules.  The fixtures are the np programs' own
# output (tests/fixtures/np-plot/README.md says how each was made).

load helpers

P=$FIX/np-plot

setup() {
	untraced
	export COLUMNS=80
	unset NO_COLOR
}

# plot NAME FIXTURE ARGS...: the terminal and the SVG form of FIXTURE
# against goldens plot/NAME.txt and plot/NAME.svg; the SVG must be XML.
plot() {
	local name=$1 fix=$2
	shift 2
	np np-plot "$@" "$P/$fix"
	status_is 0
	no_err
	golden "plot/$name.txt"
	np np-plot -o svg "$@" "$P/$fix"
	status_is 0
	no_err
	golden "plot/$name.svg"
	xmlcheck "$OUT"
}

np_plot_1() {
	plot stall stall.tsv
}

np_plot_2() {
	plot stall2 stall2.tsv
}

np_plot_3() {
	plot layers layers.tsv
	grep -q '^ns by layer; rank g.txt, cc_core 8$' "$GOLD/plot/layers.txt"
	! grep -q total "$GOLD/plot/layers.txt"
}

np_plot_4() {
	cd "$T"
	npgen -s 1 -n 4000 trace-text >g.txt
	np-cc -L g.txt 2>/dev/null >layers.tsv
	[ "$(head -1 layers.tsv | cut -f6)" = layer_ns ]
	np np-plot layers.tsv
	status_is 0
	no_err
	[ "$(head -1 "$OUT")" = "layer_ns by layer; rank g.txt, cc_core 8" ]
	[ "$(tail -n +2 "$OUT")" = "$(tail -n +2 "$GOLD/plot/layers.txt")" ]
}

np_plot_5() {
	plot dmas dmas.tsv
}

np_plot_6() {
	plot util util.tsv
}

np_plot_7() {
	plot dmah dmah.tsv
	grep -q '^\[128 KiB, 256 KiB) ' "$GOLD/plot/dmah.txt"
}


np_plot_8() {
	plot sumh sumh.tsv
	# A title, and a heading and 40 bins for each of five engines (no two
	# empty bins in a row, which would be one bar).
	[ "$(wc -l <"$GOLD/plot/sumh.txt")" -eq 206 ]
	[ "$(grep -c '^[A-Z][A-Za-z]*$' "$GOLD/plot/sumh.txt")" -eq 5 ]
}

np_plot_9() {
	plot heat buckets.tsv
}

np_plot_10() {
	plot heat-pcore buckets-pcore.tsv
}

np_plot_11() {
	plot cck cck.tsv
}


np_plot_t1() {
	np np-plot "$P/wide.tsv"
	status_is 0
	golden plot/wide.txt
	err_is "np-plot: rows without a number skipped: 2 (first: $P/wide.tsv:11)"
	np np-plot -o svg "$P/wide.tsv"
	status_is 0
	golden plot/wide.svg
	xmlcheck "$OUT"
}

@test "plot: np-stall's stall per source line, as bars; np-stall by engine and opcode: a key of two parts; np-cc -L: time per layer; rank and CC-core, the same in every row, in the title; no total row; np-cc -L's layer_ns, as np-cc writes it now, draws as np 0.1's ns; np-dma -s: bandwidth per queue in GB/s; np-gaps -U: busy share per engine, in %; np-dma -H: a bar per power-of-two bucket, in bytes; np-sum -H: one histogram per engine, 2% buckets merged into 40 log bins; np-gaps -B buckets: a heat strip per engine; buckets with pcore_idx: a strip per core and engine; a missing bucket is idle; np-cc -K: the spread of each collective's starts across ranks; np-sum -w: each metric across profiles; a text metric is skipped and counted" {
	cases \
	    "np-stall's stall per source line, as bars" np_plot_1 \
	    "np-stall by engine and opcode: a key of two parts" np_plot_2 \
	    "np-cc -L: time per layer; rank and CC-core, the same in every row, in the title; no total row" np_plot_3 \
	    "np-cc -L's layer_ns, as np-cc writes it now, draws as np 0.1's ns" np_plot_4 \
	    "np-dma -s: bandwidth per queue in GB/s" np_plot_5 \
	    "np-gaps -U: busy share per engine, in %" np_plot_6 \
	    "np-dma -H: a bar per power-of-two bucket, in bytes" np_plot_7 \
	    "np-sum -H: one histogram per engine, 2% buckets merged into 40 log bins" np_plot_8 \
	    "np-gaps -B buckets: a heat strip per engine" np_plot_9 \
	    "buckets with pcore_idx: a strip per core and engine; a missing bucket is idle" np_plot_10 \
	    "np-cc -K: the spread of each collective's starts across ranks" np_plot_11 \
	    "np-sum -w: each metric across profiles; a text metric is skipped and counted" np_plot_t1
}

np_plot_13() {
	npgen -s 1 -n 4000 view-json >"$T/g.json"
	np sh -c "np-stall -N 8 '$T/g.json' | np-plot"
	status_is 0
	golden plot/stall.txt
	np sh -c "np-dma -H '$T/g.json' | np-plot -o svg"
	status_is 0
	golden plot/dmah.svg
}

np_plot_14() {
	# np's escaped TSV (its \t), declared: nothing is said.
	NP_TSV=escaped plot weird weird.tsv
	grep -q '&lt;b&gt;&amp;amp;&quot;x&quot;&#39;' "$GOLD/plot/weird.svg"
	# An ESC from the input never reaches the terminal.
	! grep -q "$(printf '\033')" "$GOLD/plot/weird.txt"
}

np_plot_15() {
	np np-plot -k opcode -v duration_ns "$P/stall2.tsv"
	status_is 0
	golden plot/stall2-k.txt
	np np-plot -P spread -k engine -v busy_ns,span_ns "$P/util.tsv"
	status_is 0
	golden plot/util-spread.txt
	np np-plot -P bar "$P/cck.tsv"
	status_is 0
	head -1 "$OUT" | grep -qx 'members by n'
}

np_plot_16() {
	COLUMNS=50 np np-plot "$P/stall.tsv"
	status_is 0
	golden plot/stall-50.txt
	# Characters, not bytes: no line is wider than 50.
	LC_ALL=C awk '{ s = $0; if (length(s) - gsub(/[\200-\277]/, "", s) > 50) exit 1 }' "$OUT"
	COLUMNS=10 np np-plot "$P/util.tsv"
	COLUMNS=40 np-plot "$P/util.tsv" | cmp - "$OUT"
	! grep -q "$(printf '\033')" "$OUT"
}

@test "plot: the pipelines of the README just work; markup, control bytes, bad UTF-8 and long labels: escaped in SVG, replaced on the terminal; -k, -v and -P choose the columns and the chart; the width is COLUMNS, at least 40; no colour into a file" {
	cases \
	    "the pipelines of the README just work" np_plot_13 \
	    "markup, control bytes, bad UTF-8 and long labels: escaped in SVG, replaced on the terminal" np_plot_14 \
	    "-k, -v and -P choose the columns and the chart" np_plot_15 \
	    "the width is COLUMNS, at least 40; no colour into a file" np_plot_16
}

@test "plot: colour on a terminal, none under NO_COLOR" {
	command -v script >/dev/null || skip "no script(1) to give a terminal"
	script -qec "COLUMNS=80 np-plot '$P/util.tsv'" /dev/null >"$T/tty"
	grep -q "$(printf '\033')\[36m" "$T/tty"
	script -qec "NO_COLOR=1 COLUMNS=80 np-plot '$P/util.tsv'" \
	    /dev/null >"$T/plain"
	not grep -q "$(printf '\033')" "$T/plain"
	# The same picture, but for the escapes (and script's CR LF).
	sed "s/$(printf '\033')\[[0-9;]*m//g" "$T/tty" | cmp - "$T/plain"
}

@test "plot: the terminal's width from TIOCGWINSZ without COLUMNS" {
	command -v script >/dev/null || skip "no script(1) to give a terminal"
	script -qec "stty cols 60; unset COLUMNS; NO_COLOR=1 np-plot '$P/stall.tsv'" \
	    /dev/null | tr -d '\r' >"$T/tty"
	COLUMNS=60 np-plot "$P/stall.tsv" | cmp - "$T/tty"
}

np_plot_19() {
	head -1 "$P/stall.tsv" >"$T/empty.tsv"
	np np-plot "$T/empty.tsv"
	status_is 1
	err_is "np-plot: $T/empty.tsv: no rows to draw"
	: >"$T/nothing.tsv"
	np np-plot "$T/nothing.tsv"
	status_is 1
	err_is "np-plot: $T/nothing.tsv: empty input, expected TSV or CSV with a header line"
	printf '\ntime="2026-03-19T02:57:19Z" level=info msg="start"\n' >"$T/logs.tsv"
	np np-plot "$T/logs.tsv"
	status_is 1
	err_is "np-plot: $T/logs.tsv: only blank or log lines, expected TSV or CSV with a header line"
	np np-plot -v wait_ns "$P/stall.tsv"
	status_is 1
	err_is "np-plot: $P/stall.tsv:1: no column 'wait_ns' (-v), the header has: src instructions stalled stall_ns stall_mean_ns stall_max_ns stall_share duration_ns"
	np np-plot -k queue "$P/dmas.tsv"
	status_is 1
	err_is "np-plot: $P/dmas.tsv:1: no column 'queue' (-k), the header has: queue_name transfers total_bytes busy_ns first_start_ts last_end_ts bandwidth_gb_per_s mean_bytes p50_bytes p90_bytes"
	awk 'NR == 3 { $4 = "abc" } 1' OFS='\t' "$P/stall.tsv" >"$T/bad.tsv"
	np np-plot "$T/bad.tsv"
	status_is 1
	col=$(($(sed -n 3p "$T/bad.tsv" | cut -f1-3 | wc -c) + 1))
	err_is "np-plot: $T/bad.tsv:3:$col: expected a number in column 'stall_ns', found 'abc'"
	[ ! -s "$OUT" ]
	printf 'n\tfirst_start_ts\tmedian_start_ts\tlast_start_ts\n1\t5\tx\t7\n' \
	    >"$T/spread.tsv"
	np np-plot "$T/spread.tsv"
	status_is 1
	err_is "np-plot: $T/spread.tsv:2:5: expected a number in column 'median_start_ts', found 'x'"
	np np-plot "$FIX/np-stall/stall.json"
	status_is 1
	err_is "np-plot: $FIX/np-stall/stall.json:1:1: expected TSV or CSV with a header line, found JSON (np-plot draws the TSV the np programs write)"
	# Parquet named as JSON is; a binary byte in the words every reader
	# uses, "text (...)" (once "expected TSV or CSV with a header line,
	# found byte 0x15" at Parquet's magic)
	np np-plot "$FIX/parquet/duckdb_snappy_v1.parquet"
	status_is 1
	err_is "np-plot: $FIX/parquet/duckdb_snappy_v1.parquet: expected TSV or CSV with a header line, found Parquet (np-plot draws the TSV the np programs write)"
	printf 'a\tb\n1\t2\n3\0\t4\n' >"$T/bin.tsv"
	np np-plot "$T/bin.tsv"
	status_is 1
	err_is "np-plot: $T/bin.tsv:3:2: expected text (TSV or CSV with a header line), found byte 0x00 (byte offset 9)"
	np np-plot "$FIX"
	status_is 1
	err_is "np-plot: $FIX: a directory; np-plot draws TSV, such as another np program writes"
}

np_plot_20() {
	printf 'bucket_lo\tbucket_hi\tcount\n1\t\t5\n' >"$T/h.tsv"
	np np-plot "$T/h.tsv"
	status_is 1
	err_is "np-plot: $T/h.tsv:2: a bucket row without bucket_hi"
	printf 'engine\tbucket_start_ns\tbusy_share\nTensor\t\t0.5\n' >"$T/b.tsv"
	np np-plot "$T/b.tsv"
	status_is 1
	err_is "np-plot: $T/b.tsv:2: a bucket row without bucket_start_ns"
}

np_plot_21() {
	np np-plot -P pie "$P/stall.tsv"
	status_is 2
	err_is "np-plot: -P: expected bar, hist, heat or spread, found 'pie'
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
	np np-plot -o png "$P/stall.tsv"
	status_is 2
	err_is "np-plot: -o: expected term or svg, found 'png'
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
	np np-plot -n "$P/stall.tsv"
	status_is 2
	err_is "np-plot: -n: a picture has no header line to leave out
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
	np np-plot -Z "$P/stall.tsv"
	status_is 2
	err_is "np-plot: unknown option '-Z'
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
	np np-plot -k </dev/null
	status_is 2
	err_is "np-plot: option '-k' requires an argument
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
	np np-plot --no-header "$P/stall.tsv"
	status_is 2
	err_is "np-plot: -n: a picture has no header line to leave out
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
	np np-plot -v stall_ns,duration_ns "$P/stall.tsv"
	status_is 2
	err_is "np-plot: -v: a bar chart draws one column, given 2
usage: np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] [file ...]"
}

@test "plot: errors: no rows, a missing column, a value that is no number; JSON and Parquet named; a binary byte; a bucket row without its bounds or start; bad usage" {
	cases \
	    "errors: no rows, a missing column, a value that is no number; JSON and Parquet named; a binary byte" np_plot_19 \
	    "a bucket row without its bounds or start" np_plot_20 \
	    "bad usage" np_plot_21
}

@test "plot: at most 65536 rows, an error past them; memory bounded by that" {
	need_plain_build
	# Keys of 256 bytes and more, the most a row keeps of one, told
	# apart in their first 256.
	awk 'BEGIN { k = sprintf("%0256d", 0)
	    print "k\tv_ns"; for (i = 1; i <= 65536; i++) print i "k" k "\t" i }' \
	    >"$T/max.tsv"
	under_ulimit 40960 np-plot -N 0 -o svg "$T/max.tsv"
	status_is 0
	[ "$(grep -c '<rect class="b"' "$OUT")" -eq 65536 ]
	# A spread at the bound on values: 65536 rows of 16.
	awk 'BEGIN { printf "key"; for (j = 1; j <= 16; j++) printf "\tr%d", j
	    print ""; for (i = 1; i <= 65536; i++) { printf "%d", i
	    for (j = 1; j <= 16; j++) printf "\t%d", i + j; print "" } }' >"$T/sp.tsv"
	under_ulimit 40960 np-plot -N 0 "$T/sp.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 65537 ]
	echo "k65537	1" >>"$T/max.tsv"
	np np-plot "$T/max.tsv"
	status_is 1
	err_is "np-plot: $T/max.tsv:65538: more than 65536 rows to draw: np-plot keeps at most 65536"
}

np_plot_t2() {
	cp "$P/util.tsv" "$T/util2.tsv"
	cd "$P"
	np np-plot util.tsv "$T/util2.tsv"
	status_is 0
	[ "$(grep -c '^util.tsv any ' "$OUT")" -eq 1 ]
	[ "$(grep -c 'util2.tsv any ' "$OUT")" -eq 1 ]
	tr '\t' , <"$P/dmas.tsv" >"$T/dmas.csv"
	np np-plot "$T/dmas.csv"
	status_is 0
	golden plot/dmas.txt
}

np_plot_t3() {
	# As every reader of TSV and CSV counts them (np(7)): two before the
	# header (one of them CR LF), two between rows; the picture is that
	# of the file without them.
	{ printf '\n\r\n'; head -3 "$P/dmas.tsv"; printf '\n\n'
	  tail -n +4 "$P/dmas.tsv"; } >"$T/blank.tsv"
	np np-plot "$T/blank.tsv"
	status_is 0
	err_is "np-plot: blank lines skipped: 4 (first: $T/blank.tsv:1)"
	golden plot/dmas.txt
	tr '\t' , <"$T/blank.tsv" >"$T/blank.csv"
	np np-plot "$T/blank.csv"
	status_is 0
	err_is "np-plot: blank lines skipped: 4 (first: $T/blank.csv:1)"
	golden plot/dmas.txt
}

np_plot_25() {
	bad() {
		printf '%b' "$1" >"$T/x.xml"
		np xmlcheck "$T/x.xml"
		status_is 1
		err_is "xmlcheck: $T/x.xml:$2"
	}
	bad '<a><b></a>' '1:7: an end tag that does not match the open element'
	bad '<a x="1" x="2"/>' '1:10: an attribute given twice'
	bad '<a x=1/>' '1:6: expected a quoted attribute value'
	bad '<a>&nbsp;</a>' "1:4: '&' that starts no entity of XML's five (amp, lt, gt, quot, apos) nor a character reference"
	bad '<a>&#0;</a>' '1:4: a character reference to a character XML does not allow'
	bad '<a/><b/>' '1:5: a second root element'
	bad '<a>' '1:4: the document ends inside an element'
	bad 'text' '1:1: expected the root element'
	bad '<a x="<"/>' "1:7: '<' in an attribute value"
	bad '<a>\001</a>' '1:4: a character XML does not allow'
	bad '<a>\377</a>' '1:4: malformed UTF-8'
	bad '<a>\n<!-- a -- b --></a>' "2:1: '--' inside a comment"
	bad '<a/>\n</a>' '2:1: a second root element'
	printf '<?xml version="1.0"?>\n<!DOCTYPE html>\n<!-- c -->\n<a b="&amp;&#x41;">x<![CDATA[<&]]><c/></a>\n' >"$T/ok.xml"
	np xmlcheck "$T/ok.xml"
	status_is 0
	no_err
}

np_plot_26() {
	np np-plot "$P/group.tsv"
	status_is 0
	golden plot/group.txt
	np np-plot -v count "$P/group.tsv"
	status_is 0
	tail -1 "$OUT" | grep -q ' 2$'
}

np_plot_27() {
	sed '1s/\tcolumn\t/\tvalue_column\t/' "$P/group.tsv" >"$T/group.tsv"
	np np-plot "$T/group.tsv"
	status_is 0
	no_err
	[ "$(head -1 "$OUT")" = "sum by engine; value_column duration_ns" ]
	[ "$(tail -n +2 "$OUT")" = "$(tail -n +2 "$GOLD/plot/group.txt")" ]
	sed '1s/\tcolumn\t/\tvalue_column\t/' "$P/sumh.tsv" >"$T/sumh.tsv"
	np np-plot "$T/sumh.tsv"
	status_is 0
	no_err
	[ "$(head -1 "$OUT")" = "count per bucket by engine; value_column duration_ns" ]
	[ "$(tail -n +2 "$OUT")" = "$(tail -n +2 "$GOLD/plot/sumh.txt")" ]
	# np-sum's own output: a statistic in the unit of the column named
	npgen -s 1 -n 4000 view-json | np-trace | np-sum -g engine -v duration_ns >"$T/g.tsv"
	[ "$(head -1 "$T/g.tsv" | cut -f2)" = value_column ]
	np np-plot "$T/g.tsv"
	status_is 0
	no_err
	[ "$(head -1 "$OUT")" = "sum by engine; value_column duration_ns" ]
	sed -n 2p "$OUT" | grep -q ' ms$'
}

np_plot_28() {
	# buckets-explorer.tsv: np-gaps -B 100x of the Explorer profile, whose
	# times are ns since 1970: buckets of 190 ns, not of a double's 256.
	plot heat-explorer buckets-explorer.tsv
	head -1 "$GOLD/plot/heat-explorer.txt" | grep -q '(100 buckets of 190 ns)$'
	np np-plot "$P/cck-epoch.tsv"
	status_is 0
	golden plot/cck.txt
}

np_plot_29() {
	np np-plot "$P/buckets-nc.tsv"
	status_is 0
	head -1 "$OUT" | grep -qx 'busy_share by nc, engine over 10 µs (10 buckets of 1 µs)'
	np np-plot "$P/buckets-pcore.tsv"
	sed 1d "$OUT" >"$T/pcore"
	np np-plot "$P/buckets-nc.tsv"
	sed 1d "$OUT" | cmp - "$T/pcore"
}

np_plot_30() {
	awk 'BEGIN { printf "key"; for (j = 1; j <= 64; j++) printf "\tr%d", j
	    print ""; for (i = 1; i <= 16385; i++) { printf "%d", i
	    for (j = 1; j <= 64; j++) printf "\t%d", j; print "" } }' >"$T/v.tsv"
	np np-plot "$T/v.tsv"
	status_is 1
	err_is "np-plot: $T/v.tsv:16386: more than 1048576 values to draw: np-plot keeps at most 1048576"
	sed '$d' "$T/v.tsv" >"$T/v2.tsv"
	np np-plot "$T/v2.tsv"
	status_is 0
}

np_plot_31() {
	plot bound bound.tsv
}


np_plot_32() {
	plot bound2 bound2.tsv
}

np_plot_33() {
	plot bound-w bound-w.tsv
	# The bottleneck of each profile, at its engine's active time.
	np np-plot "$P/bound-w.tsv"
	[ "$(grep -c 'bo.*neck DMA .*750 ns$' "$OUT")" -eq 1 ]
	[ "$(grep -c 'bo.*neck DMA .*650 ns$' "$OUT")" -eq 1 ]
	! grep -q change "$OUT"
}

@test "plot: several files are one table; CSV too; blank lines before the header and between rows are passed over and counted; xmlcheck: finds what is not well-formed XML; np-sum -g: a statistic is in the unit of the column its rows name; np-sum's value_column, as np-sum writes it now, reads as np 0.1's column; real np-gaps -B output; starts of 1.8e18 ns drawn to the ns; np-gaps -B's nc column leads the strips' keys like pcore_idx; at most 1048576 values (a spread's), an error past them; np-bound's bounds as bars by family, the bottleneck drawn with its engine; np-bound of two profiles: each bound's bars side by side; np-bound -w: a bar a profile's column, side by side; the change not drawn" {
	cases \
	    "several files are one table; CSV too" np_plot_t2 \
	    "blank lines before the header and between rows are passed over and counted" np_plot_t3 \
	    "xmlcheck: finds what is not well-formed XML" np_plot_25 \
	    "np-sum -g: a statistic is in the unit of the column its rows name" np_plot_26 \
	    "np-sum's value_column, as np-sum writes it now, reads as np 0.1's column" np_plot_27 \
	    "real np-gaps -B output; starts of 1.8e18 ns drawn to the ns" np_plot_28 \
	    "np-gaps -B's nc column leads the strips' keys like pcore_idx" np_plot_29 \
	    "at most 1048576 values (a spread's), an error past them" np_plot_30 \
	    "np-bound's bounds as bars by family, the bottleneck drawn with its engine" np_plot_31 \
	    "np-bound of two profiles: each bound's bars side by side" np_plot_32 \
	    "np-bound -w: a bar a profile's column, side by side; the change not drawn" np_plot_33
}

# A histogram's labels, one a line: after the title, each bar and count
# cut off.
labels() {
	sed -e 1d -e 's/ *[█▏▎▍▌▋▊▉].*//' -e 's/  *[0-9][0-9]*$//' "$OUT"
}

np_plot_34() {
	# np-dma -H: sizes lo to hi, both included: [lo, hi + 1), the one
	# size of 0 and of 1 as itself.
	printf 'bucket_lo\tbucket_hi\ttransfers\tbytes\tshare\n0\t0\t1\t0\t0.1\n1\t1\t1\t1\t0.1\n512\t1023\t4\t2048\t0.4\n1024\t2047\t4\t4096\t0.4\n' >"$T/d.tsv"
	np np-plot "$T/d.tsv"
	status_is 0
	no_err
	[ "$(labels)" = "$(printf '0 B\n1 B\n[512 B, 1 KiB)\n[1 KiB, 2 KiB)')" ]
}

np_plot_35() {
	# np-sum -H of a whole column: bucket_lo < v <= bucket_hi, as whole
	# numbers: 1480 1510 holds 1481 to 1510, [1481, 1511), each bound in
	# its largest unit that spells it in 6 digits; a value held
	# exactly, both bounds it; a negative bucket, bucket_lo <= v <
	# bucket_hi; bounds of doubles (not whole) to 4 digits, rounded out,
	# the closed side so; time and bytes are whole
	# numbers (np(7)): (49.4, 50.4] holds 50 alone.
	printf 'value_column\tbucket_lo\tbucket_hi\tcount\tsum\tmin\tmax\nx_ns\t\t\t4\t1\t1\t1\nx_ns\t-20\t-10\t1\t\t\t\nx_ns\t50\t50\t1\t\t\t\nx_ns\t1480\t1510\t1\t\t\t\nx_ns\t9511\t11618\t1\t\t\t\nx_ns\t2000000\t2000001\t1\t\t\t\n' >"$T/w.tsv"
	np np-plot "$T/w.tsv"
	status_is 0
	no_err
	[ "$(labels)" = "$(printf '[-20 ns, -10 ns)\n50 ns\n[1.481 µs, 1.511 µs)\n[9.512 µs, 11.619 µs)\n2000001 ns')" ]
	printf 'value_column\tbucket_lo\tbucket_hi\tcount\tsum\tmin\tmax\nx\t\t\t2\t1\t1\t1\nx\t0.5\t0.75\t1\t\t\t\nx\t-0.75\t-0.5\t1\t\t\t\nd_ns\t\t\t1\t1\t1\t1\nd_ns\t49.40887222679854\t50.40703126168336\t1\t\t\t\ny\t\t\t1\t1\t1\t1\ny\t0.01624318\t0.01657504\t1\t\t\t\n' >"$T/f.tsv"
	np np-plot "$T/f.tsv"
	status_is 0
	no_err
	[ "$(labels)" = "$(printf 'x\n[-0.75, -0.5)\n(0.5, 0.75]\nd_ns\n50 ns\ny\n(0.01624, 0.01658]')" ]
}

@test "plot: histogram labels: np-dma -H's sizes as [lo, hi + 1), exact in any unit; np-sum -H's buckets as what they hold, the closed side so, whole numbers exact" {
	cases \
	    "np-dma -H's sizes as [lo, hi + 1), exact in any unit" np_plot_34 \
	    "np-sum -H's buckets as what they hold, the closed side so, whole numbers exact" np_plot_35
}
