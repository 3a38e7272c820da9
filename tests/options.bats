#!/usr/bin/env bats
# One meaning per option letter across the suite (np(7) OPTIONS): each
# renamed letter works under its new name, and the old one says where it
# went, with the usage, exit 2.

load helpers

G=$FIX/np-gaps
CC=$FIX/np-cc

# usage PROG: the usage its --help prints, before the option lines.
usage() {
	"$1" --help | sed '/^  -/,$d'
}

# moved PROG OLD NEW WHAT OTHER ARGS...: PROG ARGS fails with the hint.
moved() {
	local p=$1 old=$2 new=$3 what=$4 other=$5
	shift 5
	np "$p" "$@"
	status_is 2
	[ ! -s "$OUT" ]
	if [ -n "$other" ]; then
		err_is "$p: -$old is now -$new ($what); -$old is $other
$(usage "$p")"
	else
		err_is "$p: -$old is now -$new ($what)
$(usage "$p")"
	fi
}

@test "options: np-gaps -U is utilisation; -u FILE says it moved" {
	np np-gaps -U "$G/basic.tsv"
	status_is 0
	golden np-gaps/util.tsv
	moved np-gaps u U utilisation "the time unit: ps, ns or us" \
	    -u "$G/basic.tsv"
	moved np-gaps u U utilisation "the time unit: ps, ns or us" \
	    -au "$G/basic.tsv"
}

@test "options: np-gaps -u last, with no argument, says -U too" {
	np np-gaps -u </dev/null
	status_is 2
	# The first line is getopt's, worded by the libc.
	[ "$(wc -l <"$ERR")" -eq 3 ]
	grep -q "^np-gaps: .*u" "$ERR"
	[ "$(tail -n 2 "$ERR")" = "np-gaps: -u is now -U (utilisation); -u is the time unit: ps, ns or us
$(usage np-gaps)" ]
}

@test "options: np-gaps -u ps and -u us read times in that unit" {
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

@test "options: the reorder window is -r in np-gaps, np-dma, np-cc; -w says so" {
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

@test "options: np-stall -N is top rows and -g the keys; -t and -k say so" {
	np np-stall -N 1 -g engine "$FIX/np-stall/stall.json"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 2 ]
	[ "$(head -1 "$OUT" | cut -f1)" = engine ]
	moved np-stall t N "top rows" "the time window elsewhere" \
	    -t 5 "$FIX/np-stall/stall.json"
	moved np-stall k g "group-by keys" "np-sum's summary key column" \
	    -k engine "$FIX/np-stall/stall.json"
}

@test "options: np-cc -G, -E, -l, -C; -g, -e, -k, -c say so" {
	np np-cc -G "$CC/r0.txt"
	status_is 0
	np np-cc --gaps "$CC/r0.txt"
	status_is 0
	np np-cc -n -E dma_advance "$CC/r0.txt"
	status_is 0
	[ -s "$OUT" ]
	! grep -qv DMA_ADVANCE "$OUT"
	np np-cc -L -l 1 -p 0 "$CC/r0.txt"
	status_is 0
	np np-cc -K -C 2,3 "$CC/r0.txt" "$CC/r1.txt"
	status_is 0
	moved np-cc g G "gaps mode" "group-by keys elsewhere" -g "$CC/r0.txt"
	moved np-cc e E event "the engine filter elsewhere" \
	    -e dma_advance "$CC/r0.txt"
	moved np-cc k l "collectives per layer" "np-sum's summary key column" \
	    -L -k 1 "$CC/r0.txt"
	moved np-cc c C "collectives range" "" -K -c 2,3 "$CC/r0.txt"
}

@test "options: np-sum -M bounds the groups; -m says so" {
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
