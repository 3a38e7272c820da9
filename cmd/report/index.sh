#!/bin/sh
# index.sh REPORT 'pictures' name ...: for make report, the index.html of
# REPORT on standard output: the metrics that differ most between the
# profiles first (REPORT/metrics.tsv), then each answer's picture, one
# column per profile, each linking its TSV.  XHTML, so that the test
# suite's XML checker reads it; hand-written CSS, no script.
set -eu
report=$1
pictures=$2
shift 2

# esc TEXT: TEXT with & < > and " written as XML's entities, by the shell
# alone: the index escapes every name many times, and a sed each was most
# of its time.
esc() {
	e_s=$1 e_r=
	while :; do
		case $e_s in
		*[\&\<\>\"]*) ;;
		*) break ;;
		esac
		e_h=${e_s%%[\&\<\>\"]*}
		e_s=${e_s#"$e_h"}
		case $e_s in
		\&*) e_r="$e_r$e_h&amp;" ;;
		\<*) e_r="$e_r$e_h&lt;" ;;
		\>*) e_r="$e_r$e_h&gt;" ;;
		*) e_r="$e_r$e_h&quot;" ;;
		esac
		e_s=${e_s#?}
	done
	printf '%s' "$e_r$e_s"
}

caption() {
	case $1 in
	mix) echo 'Instruction mix: time per engine and opcode|np-trace | np-sum -g engine,opcode' ;;
	stall) echo 'Who waits: semaphore wait per source line|np-stall -N 20' ;;
	util) echo 'Busy share per engine|np-gaps -U' ;;
	buckets) echo 'Busy share over time|np-gaps -B' ;;
	dma) echo 'Bandwidth per DMA queue|np-dma -s' ;;
	dmasize) echo 'DMA transfer sizes|np-dma -H' ;;
	layers) echo 'Time per decoder layer|np-cc -L' ;;
	bound) echo 'Performance bounds and the bottleneck|np-bound' ;;
	*) echo "$1|" ;;
	esac
}

cat <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="UTF-8"/>
<title>np report</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; color: #222; margin: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; }
p.sub { color: #666; margin: 0 0 16px; }
table { border-collapse: collapse; }
th, td { padding: 3px 8px; text-align: left; vertical-align: top; }
table.m td.v { text-align: right; font-variant-numeric: tabular-nums; }
table.m tr:nth-child(even) { background: #f6f7f9; }
table.m th { border-bottom: 1px solid #bbb; }
.bar { display: inline-block; height: 10px; background: #e15759; }
.mono { font-family: ui-monospace, monospace; }
table.g { table-layout: fixed; width: 100%; }
table.g td, table.g th.p { border: 1px solid #e4e4e4; }
table.g th.k { width: 150px; font-weight: normal; color: #444; }
table.g th.k b { display: block; color: #222; }
table.g th.k code { font-size: 11px; color: #777; }
table.g img { width: 100%; height: auto; display: block; }
.none { color: #aaa; }
.none a { color: #999; font-size: 12px; }
details { margin-top: 8px; }
</style>
</head>
<body>
EOF
n=$#
printf '<h1>np report: %d profile%s</h1>\n' "$n" "$([ "$n" -eq 1 ] || echo s)"
printf '<p class="sub">Made by <code>make report</code> from '
for p in "$@"; do
	printf '<a href="%s/">%s</a> ' "$(esc "$p")" "$(esc "$p")"
done
printf '&#8212; every picture is np-plot of the TSV it links to.</p>\n'

# The metrics: those that differ most first, the difference as a bar.
printf '<h2>Metrics that differ most between the runs</h2>\n'
printf '<p class="sub">Each metric of np-sum -d, its most over its least across the profiles (&#8734; when the least is 0), those that differ most first; those that some profiles lack after them.</p>\n'
awk -F '\t' -v top=25 '
function esc(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
	return s
}
function show(s) {
	if (s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && s + 0 == s + 0 &&
	    s !~ /^-?[0-9]+$/)
		return sprintf("%.4g", s + 0)
	return s == "" ? "\342\200\224" : esc(s)
}
# The ratio as a bar: 33 px a factor of ten, at most 100.
function width(r,   w) {
	w = log(r) / log(10) * 33
	return w > 100 ? 100 : w < 1 ? 1 : w
}
function ratio(r) {
	return r >= 100 ? sprintf("%.0f", r) : sprintf("%.3g", r)
}
function row(   i) {
	printf "<tr><td class=\"mono\">%s</td>", esc($1)
	for (i = 2; i < NF; i++)
		printf "<td class=\"v\">%s</td>", show($i)
	if ($NF == "")
		printf "<td></td></tr>\n"
	else if ($NF == "inf")
		printf "<td><span class=\"bar\" style=\"width:100px\"></span> \342\210\236</td></tr>\n"
	else
		printf "<td><span class=\"bar\" style=\"width:%dpx\"></span> \303\227%s</td></tr>\n", \
		    width($NF), ratio($NF)
}
function head(   i) {
	printf "<table class=\"m\">\n<tr><th>metric</th>"
	for (i = 2; i < NF; i++)
		printf "<th>%s</th>", esc($i)
	printf "<th>most / least</th></tr>\n"
}
NR == 1 { head(); h = $0; next }
{ all[++n] = $0 }
($NF == "inf" || ($NF != "" && $NF > 1)) && shown < top { row(); shown++ }
END {
	if (shown == 0)
		printf "<tr><td colspan=\"%d\">No metric differs.</td></tr>\n", NF
	printf "</table>\n"
	printf "<details><summary>All %d metrics</summary>\n", n
	$0 = h
	head()
	for (i = 1; i <= n; i++) {
		$0 = all[i]
		row()
	}
	printf "</table>\n</details>\n"
}' "$report/metrics.tsv"
if [ -s "$report/metrics.svg" ]; then
	printf '<p><a href="metrics.tsv"><img src="metrics.svg" alt="the metrics that differ most, across the profiles" style="max-width: 800px"/></a></p>\n'
fi

# The answers, a row each, a column per profile that has a picture; the
# others (a summary alone) are named.
with= without=
for p in "$@"; do
	has=
	for k in $pictures; do
		[ ! -s "$report/$p/$k.svg" ] || has=1
	done
	if [ -n "$has" ]; then
		with="$with $p"
	else
		without="$without $p"
	fi
done
set -- $with
printf '<h2 id="side">Side by side</h2>\n'
if [ -n "$without" ]; then
	printf '<p class="sub">No pictures for'
	for p in $without; do
		printf ' <a href="%s/">%s</a>' "$(esc "$p")" "$(esc "$p")"
	done
	printf ': a summary, with no instructions, DMA or collectives to draw.</p>\n'
fi
printf '<table class="g">\n<tr><th class="k"></th>'
for p in "$@"; do
	printf '<th class="p"><a href="%s/">%s</a></th>' "$(esc "$p")" "$(esc "$p")"
done
printf '</tr>\n'
for k in $pictures; do
	c=$(caption "$k")
	printf '<tr><th class="k"><b>%s</b><code>%s</code></th>' \
	    "$(esc "${c%%|*}")" "$(esc "${c#*|}")"
	for p in "$@"; do
		f=$report/$p/$k
		if [ -s "$f.svg" ]; then
			printf '<td><a href="%s/%s.tsv"><img src="%s/%s.svg" alt="%s of %s"/></a></td>' \
			    "$(esc "$p")" "$k" "$(esc "$p")" "$k" "$k" "$(esc "$p")"
		elif [ -s "$f.svg.err" ] || [ -s "$f.tsv.err" ]; then
			w=$k.tsv.err
			[ ! -s "$f.svg.err" ] || w=$k.svg.err
			printf '<td class="none">&#8212; <a href="%s/%s">why</a></td>' \
			    "$(esc "$p")" "$w"
		else
			printf '<td class="none">&#8212;</td>'
		fi
	done
	printf '</tr>\n'
done
printf '</table>\n</body>\n</html>\n'
