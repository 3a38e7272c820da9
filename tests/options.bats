#!/usr/bin/env bats
# One meaning per option letter across the suite (np(7) OPTIONS): each
# renamed letter works under its new name, and the old one says where it
# went, with the usage, exit 2.

load helpers

G=$FIX/np-gaps
CC=$FIX/np-cc

# usage PROG: the usage its --help prints, before the option lines, in
# $usage; kept in $USAGE for the rest of the test, which asks again and
# again.
declare -gA USAGE=()
usage() {
	[ -n "${USAGE[$1]+set}" ] ||
	    USAGE[$1]=$("$1" --help | sed '/^  -/,$d')
	usage=${USAGE[$1]}
}

# moved PROG OLD NEW WHAT OTHER ARGS...: PROG ARGS fails with the hint.
moved() {
	local p=$1 old=$2 new=$3 what=$4 other=$5
	shift 5
	np "$p" "$@"
	status_is 2
	[ ! -s "$OUT" ]
	usage "$p"
	if [ -n "$other" ]; then
		err_is "$p: -$old is now -$new ($what); -$old is $other
$usage"
	else
		err_is "$p: -$old is now -$new ($what)
$usage"
	fi
}

options_1() {
	np np-gaps -U "$G/basic.tsv"
	status_is 0
	golden np-gaps/util.tsv
	moved np-gaps u U utilisation "the time unit: ps, ns or us" \
	    -u "$G/basic.tsv"
	moved np-gaps u U utilisation "the time unit: ps, ns or us" \
	    -au "$G/basic.tsv"
}

options_2() {
	moved np-gaps u U utilisation "the time unit: ps, ns or us" -u
	moved np-gaps u U utilisation "the time unit: ps, ns or us" -nu
}

options_3() {
	# basic.tsv in ps and in us gives the ns answer: the same gaps and
	# busy times, as ns.
	awk -F'\t' -v OFS='\t' 'NR > 1 { $1 *= 1000; $2 *= 1000 } 1' \
	    "$G/basic.tsv" >"$T/ps.tsv"
	awk -F'\t' -v OFS='\t' 'NR > 1 { $1 /= 1000; $2 /= 1000 } 1' \
	    "$G/basic.tsv" >"$T/us.tsv"
	for m in "" -a -U; do
		np-gaps $m "$G/basic.tsv" >"$T/want"
		np np-gaps $m -u ps "$T/ps.tsv"
		status_is 0
		no_err
		cmp "$T/want" "$OUT"
		np np-gaps $m -u us "$T/us.tsv"
		status_is 0
		no_err
		cmp "$T/want" "$OUT"
		np np-gaps $m -u ns "$G/basic.tsv"
		cmp "$T/want" "$OUT"
	done
	# Not what ns gives: the option is read.
	np-gaps -U "$T/ps.tsv" >"$T/asns"
	! cmp -s "$T/want" "$T/asns"
}

options_4() {
	np np-gaps -r 1 -m 0 "$G/order.tsv"
	status_is 0
	err_is "np-gaps: 1 row beyond the reorder window (-r 1), put in order in memory (first: $G/order.tsv:5:1)"
	np np-gaps --no-header -r 0 "$G/order.tsv"
	status_is 2
	moved np-gaps w r "reorder window" "np-sum's one column per profile" \
	    -w 1 "$G/order.tsv"
	np np-dma -s -r 2 "$FIX/np-dma/window.tsv"
	status_is 0
	err_is "np-dma: 1 row beyond the reorder window (-r 2), put in order in memory (first: $FIX/np-dma/window.tsv:5:4)"
	np np-dma -s --window 2 "$FIX/np-dma/window.tsv"
	status_is 0
	moved np-dma w r "reorder window" "np-sum's one column per profile" \
	    -s -w 2 "$FIX/np-dma/window.tsv"
	np np-cc -G -r 1 "$CC/r0.txt"
	status_is 0
	moved np-cc w r "reorder window" "np-sum's one column per profile" \
	    -G -w 1 "$CC/r0.txt"
}

options_5() {
	np np-stall -N 1 -g engine "$FIX/np-stall/stall.json"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 2 ]
	[ "$(head -1 "$OUT" | cut -f1)" = engine ]
	moved np-stall t N "top rows" "the time window elsewhere" \
	    -t 5 "$FIX/np-stall/stall.json"
	moved np-stall k g "group-by keys" "np-sum's summary key column" \
	    -k engine "$FIX/np-stall/stall.json"
}

options_6() {
	np np-cc -G "$CC/r0.txt"
	status_is 0
	np np-cc --gaps "$CC/r0.txt"
	status_is 0
	np np-cc -n -E dma_advance "$CC/r0.txt"
	status_is 0
	[ -s "$OUT" ]
	not grep -qv DMA_ADVANCE "$OUT"
	np np-cc -L -l 1 -p 0 "$CC/r0.txt"
	status_is 0
	np np-cc -K -C 2,3 "$CC/r0.txt" "$CC/r1.txt"
	status_is 0
	moved np-cc g G "gaps mode" "group-by keys elsewhere" -g "$CC/r0.txt"
	moved np-cc e E event "the engine filter elsewhere" \
	    -e dma_advance "$CC/r0.txt"
	moved np-cc k l "collectives per layer" "np-sum's summary key column" \
	    -L -k 1 "$CC/r0.txt"
	# -c now names further columns (np-trace, np-dma, np-cc): the old
	# range given with -K is a usage error that says what -c is for
	np np-cc -K -c 2,3 "$CC/r0.txt"
	status_is 2
	usage np-cc
	err_is "np-cc: -c: the events' columns, not with -G, -L or -K
$usage"
}

options_7() {
	printf 'k\tv\na\t1\nb\t2\nc\t3\n' >"$T/t.tsv"
	np np-sum -M 2 -g k -v v "$T/t.tsv"
	status_is 1
	err_is "np-sum: $T/t.tsv:4: more than 2 groups (raise the limit with -M)"
	np np-sum --max-groups 3 -n -g k -v v "$T/t.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 3 ]
	moved np-sum m M "bound on groups" "np-gaps' minimum gap" \
	    -m 2 -g k -v v "$T/t.tsv"
}

@test "options: np-gaps -U is utilisation; -u FILE says it moved; np-gaps -u last, with no argument, says -U too; np-gaps -u ps and -u us read times in that unit; the reorder window is -r in np-gaps, np-dma, np-cc; -w says so; np-stall -N is top rows and -g the keys; -t and -k say so; np-cc -G, -E, -l, -C; -g, -e, -k say so, -c is columns; np-sum -M bounds the groups; -m says so" {
	cases \
	    "np-gaps -U is utilisation; -u FILE says it moved" options_1 \
	    "np-gaps -u last, with no argument, says -U too" options_2 \
	    "np-gaps -u ps and -u us read times in that unit" options_3 \
	    "the reorder window is -r in np-gaps, np-dma, np-cc; -w says so" options_4 \
	    "np-stall -N is top rows and -g the keys; -t and -k say so" options_5 \
	    "np-cc -G, -E, -l, -C; -g, -e, -k say so, -c is columns" options_6 \
	    "np-sum -M bounds the groups; -m says so" options_7
}

# usage_err PROG MSG ARGS...: PROG ARGS fails with MSG, then the usage.
usage_err() {
	local p=$1 msg=$2
	shift 2
	np "$p" "$@" </dev/null
	status_is 2
	[ ! -s "$OUT" ]
	usage "$p"
	err_is "$p: $msg
$usage"
}

options_8() {
	moved np-stall t N "top rows" "the time window elsewhere" -t
	moved np-stall k g "group-by keys" "np-sum's summary key column" -k
	moved np-cc k l "collectives per layer" "np-sum's summary key column" \
	    -L -k
	moved np-cc e E event "the engine filter elsewhere" -e
	moved np-dma w r "reorder window" "np-sum's one column per profile" \
	    -s -w
	moved np-gaps w r "reorder window" "np-sum's one column per profile" -w
	moved np-sum m M "bound on groups" "np-gaps' minimum gap" -g k -m
}

options_9() {
	for p in np-trace np-dma np-gaps np-stall np-cc np-sum; do
		usage_err $p "unknown option '-j'" -j
		usage_err $p "unknown option '-j'" -nj
	done
	for p in np-trace np-dma np-gaps np-stall np-cc; do
		usage_err $p "option '-F' requires an argument" -F
	done
	usage_err np-gaps "option '-m' requires an argument" -m
	usage_err np-sum "option '-g' requires an argument" -g
	usage_err np-sum "option '-k' requires an argument" -dk
}

options_10() {
	D=$FIX/np-dma
	usage_err np-dma "-b needs -S (skinny DMAs)" -b 100 "$D/skinny.json"
	usage_err np-dma "-b needs -S (skinny DMAs)" --bytes=100 -s \
	    "$D/union.tsv"
	usage_err np-dma "-r needs -s (per-queue summary)" -r 2 "$D/union.tsv"
	usage_err np-dma "-r needs -s (per-queue summary)" -H --window 2 \
	    "$D/union.tsv"
	usage_err np-dma "-r needs -s (per-queue summary)" -S -r 2 \
	    "$D/skinny.json"
	np np-dma -S -b 100 "$D/skinny.json"
	status_is 0
	np np-dma -s -r 2 "$D/union.tsv"
	status_is 0
	np np-dma -sH -r 2 "$D/union.tsv"
	status_is 0
}

options_11() {
	for m in "" -G -K; do
		usage_err np-cc "-l needs -L (layers)" $m -l 1 "$CC/r0.txt"
		usage_err np-cc "-p needs -L (layers)" $m -p 0 "$CC/r0.txt"
	done
	for m in "" -G -L; do
		usage_err np-cc "-x needs -K (skew)" $m -x 3 "$CC/r0.txt"
		usage_err np-cc "-C needs -K (skew)" $m -C 1,2 "$CC/r0.txt"
	done
	usage_err np-cc "-r needs -G, -L or -K (a mode that puts starts in order)" \
	    -r 5 "$CC/r0.txt"
	usage_err np-cc "-r needs -G, -L or -K (a mode that puts starts in order)" \
	    -E tpb_trigger -r 5 "$CC/r0.txt"
	np np-cc -L -l 1 -p 0 -r 5 "$CC/r0.txt"
	status_is 0
	np np-cc --skew -x 3 -C 1,2 -r 5 "$CC/r0.txt"
	status_is 0
	np np-cc -G -r 5 "$CC/r0.txt"
	status_is 0
}

options_12() {
	S=$SAMPLES/summary-compact.json
	usage_err np-sum "-d (summaries) does not go with -g (group-by statistics)" \
	    -d -g k "$S"
	usage_err np-sum "-i (summaries) does not go with -M (group-by statistics)" \
	    -M 5 -i "$S"
	usage_err np-sum "-k (summaries) does not go with -H (group-by statistics)" \
	    --key NAME --histograms "$S"
	usage_err np-sum "-w (summaries) does not go with -v (group-by statistics)" \
	    -w -v x "$S"
	# The first of each kind in the page's order, whatever the order given.
	usage_err np-sum "-d (summaries) does not go with -g (group-by statistics)" \
	    -v x -w -g k -d "$S"
	# Each alone is fine; -v, -H and -M need no -g (one group of all rows).
	printf 'k\tv\na\t1\nb\t2\n' >"$T/t.tsv"
	np np-sum -d "$S"
	status_is 0
	np np-sum -M 5 -v v "$T/t.tsv"
	status_is 0
	[ "$(cut -f1-3 "$OUT")" = "$(printf 'value_column\tcount\tsum\nv\t2\t3')" ]
}

options_13() {
	F=$FIX/np-stall/stall.json
	usage_err np-cc "-E: expected an event name, found an empty one" \
	    -E '' "$CC/r0.txt"
	usage_err np-sum "-k: expected a column name, found an empty one" \
	    -k '' "$SAMPLES/summary-compact.json"
	for a in '' a,,b ,a a,; do
		usage_err np-sum "-g: expected column names separated by commas, found an empty one" \
		    -g "$a" /dev/null
		usage_err np-sum "-v: expected column names separated by commas, found an empty one" \
		    -v "$a" /dev/null
		usage_err np-trace "-e: expected engine names separated by commas, found an empty one" \
		    -e "$a" "$F"
		usage_err np-gaps "-e: expected engine names separated by commas, found an empty one" \
		    -e "$a" "$F"
		usage_err np-stall "-g: expected keys separated by commas, found an empty one" \
		    -g "$a" "$F"
	done
	usage_err np-stall "-g: expected distinct keys, found 'src' twice" \
	    -g src,src "$F"
	usage_err np-stall "-g: expected distinct keys, found 'engine' twice" \
	    -g engine,src,engine "$F"
	usage_err np-sum "-g: expected distinct column names, found 'a' twice" \
	    -g a,a /dev/null
	usage_err np-sum "-v: expected distinct column names, found 'x' twice" \
	    -v x,y,x /dev/null
	for p in np-trace np-gaps; do
		usage_err $p "-e: expected distinct engine names, found 'pe' twice" \
		    -e pe,pe "$F"
		# Engines match without regard to case, over every -e.
		usage_err $p "-e: expected distinct engine names, found 'PE' twice" \
		    -e pe,act -e PE "$F"
	done
	# Distinct names pass.
	np np-stall -n -g engine,src "$F"
	status_is 0
	np np-trace -n -e tensor,vector "$F"
	status_is 0
}

@test "options: an old letter last, with no argument, gives the hint too; an unknown option, and one missing its argument, in our words; np-dma -b needs -S, -r needs -s; np-cc -l and -p need -L, -x and -C need -K, -r a mode that orders; np-sum's summary options do not go with its group-by ones; an empty list, an empty name, or a name given twice is a usage error" {
	cases \
	    "an old letter last, with no argument, gives the hint too" options_8 \
	    "an unknown option, and one missing its argument, in our words" options_9 \
	    "np-dma -b needs -S, -r needs -s" options_10 \
	    "np-cc -l and -p need -L, -x and -C need -K, -r a mode that orders" options_11 \
	    "np-sum's summary options do not go with its group-by ones" options_12 \
	    "an empty list, an empty name, or a name given twice is a usage error" options_13
}
