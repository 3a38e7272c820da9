#!/usr/bin/env bats
# np-plot on every mode of every np program: the real program run on the
# bundled fixtures (the Explorer profile, the samples, the text traces)
# and piped into np-plot, against goldens (terminal, NO_COLOR, 80
# columns; SVG for some); a mode np-plot draws no picture of, its
# message and exit status.  No two bars or spreads may carry the same
# label, and many rows are drawn as the largest few with the rest
# counted (np-plot(1)).

load helpers

# Run from the fixtures' folders, so that the names the programs write
# (np-cc's rank, np-sum's profile) are the same on every machine.
E=profile@latest
X=$FIX/explorer
C=np-cc

setup() {
	untraced
	export COLUMNS=80 NO_COLOR=1
}

# mode NAME 'PIPELINE': PIPELINE's output (its own notes aside) drawn by
# np-plot from standard input, against golden plot/modes/NAME.txt, with
# nothing on np-plot's stderr.
mode() {
	sh -c "$2" >"$T/in.tsv" 2>/dev/null
	[ -s "$T/in.tsv" ]
	np np-plot - <"$T/in.tsv"
	status_is 0
	no_err
	golden "plot/modes/$1.txt"
}

# svg NAME: the SVG of the last mode's input, against plot/modes/NAME.svg;
# it must be XML.
svg() {
	np np-plot -o svg - <"$T/in.tsv"
	status_is 0
	no_err
	golden "plot/modes/$1.svg"
	xmlcheck "$OUT"
}

# refused 'PIPELINE' MESSAGE: np-plot draws no picture of PIPELINE's
# output: MESSAGE, exit 1, nothing on stdout.
refused() {
	sh -c "$1" >"$T/in.tsv" 2>/dev/null
	[ -s "$T/in.tsv" ]
	np np-plot - <"$T/in.tsv"
	status_is 1
	err_is "np-plot: -:1: no picture of $2, or choose columns with -P, -k and -v"
	[ ! -s "$OUT" ]
}

# ---- two physical cores: a bar each, labelled by its core ----

plot_modes_1() {
	mode gaps-U "cd $X && np-gaps -U $E"
	[ "$(grep -c '^GpSimd [01] ' "$OUT")" -eq 2 ]
	[ "$(grep -c '^any [01] ' "$OUT")" -eq 2 ]
	svg gaps-U
}

plot_modes_2() {
	mode stall "cd $X && np-stall $E"
	svg stall
}

plot_modes_3() {
	mode stall-g "cd $X && np-stall -g engine,opcode $E"
	head -1 "$OUT" | grep -qx 'stall_ns by engine, opcode, pcore_idx'
}

plot_modes_4() {
	mode dma-s "cd $X && np-dma -s $E"
	[ "$(grep -c '^all' "$OUT")" -eq 3 ]
	svg dma-s
}


# ---- the other modes that draw ----

plot_modes_5() {
	mode dma-H "cd $X && np-dma -H $E"
}

plot_modes_6() {
	mode dma-S "np-dma -S '$FIX/np-dma/skinny.json'"
}

plot_modes_7() {
	mode gaps-B "cd $X && np-gaps -B 100x $E"
}

plot_modes_8() {
	mode cc-G "cd $X && np-cc -G $E"
	head -1 "$OUT" | grep -qx "gap_ns by cc_core, n; rank $E"
}

plot_modes_9() {
	mode cc-L "cd $FIX && np-cc -L $C/r0.txt $C/r1.txt"
	! grep -Eq ' (total|mean|median|min|max) ' "$OUT"
}

plot_modes_10() {
	mode cc-K "cd '$FIX' && np-cc -K np-cc/r0.txt np-cc/r1.txt"
	grep -q '^1 np-cc/r1.txt:8 ' "$OUT"
	svg cc-K
}

plot_modes_11() {
	mode cc-K-explorer "cd $X && np-cc -K $E"
}

plot_modes_12() {
	mode sum-w "cd '$SAMPLES' && np-sum -w summary-pretty.json summary-compact.json | awk -F'\t' 'NR == 1 || /^(dma_|total_time|tensor_)/'"
	mode sum-dw "cd '$SAMPLES' && np-sum -dw summary-pretty.json summary-compact.json | awk -F'\t' 'NR == 1 || /^(dma_b|mfu|tensor_)/'"
}

@test "plot modes: np-gaps -U of two physical cores: engine and pcore_idx label each bar; np-stall of two physical cores: src and pcore_idx; np-stall -g engine,opcode: every key part, and the core; np-dma -s: a queue of each core, and of none, told apart; np-dma -H: the size histogram; np-dma -S: skinny DMAs per source line; np-gaps -B: a heat strip per core and engine; np-cc -G: the gap after each collective, by CC-core; np-cc -L: layers of two ranks; the summary rows are no layers; np-cc -K: each collective by n and the rank that came last; np-cc -K of the Explorer profile; np-sum -w and -dw: each metric across profiles" {
	cases \
	    "np-gaps -U of two physical cores: engine and pcore_idx label each bar" plot_modes_1 \
	    "np-stall of two physical cores: src and pcore_idx" plot_modes_2 \
	    "np-stall -g engine,opcode: every key part, and the core" plot_modes_3 \
	    "np-dma -s: a queue of each core, and of none, told apart" plot_modes_4 \
	    "np-dma -H: the size histogram" plot_modes_5 \
	    "np-dma -S: skinny DMAs per source line" plot_modes_6 \
	    "np-gaps -B: a heat strip per core and engine" plot_modes_7 \
	    "np-cc -G: the gap after each collective, by CC-core" plot_modes_8 \
	    "np-cc -L: layers of two ranks; the summary rows are no layers" plot_modes_9 \
	    "np-cc -K: each collective by n and the rank that came last" plot_modes_10 \
	    "np-cc -K of the Explorer profile" plot_modes_11 \
	    "np-sum -w and -dw: each metric across profiles" plot_modes_12
}

plot_modes_t1() {
	mode sum-g "np-trace $X/$E | np-sum -g engine,pcore_idx -v duration_ns"
	mode sum-H "np-trace $X/$E | np-sum -H -g pcore_idx -v duration_ns"
}

# ---- the modes that make no picture ----

plot_modes_14() {
	refused "np-trace $X/$E" "np-trace's instructions, one row each: draw a summary, such as np-sum -H -g engine -v duration_ns of them"
}

plot_modes_15() {
	refused "np-dma $X/$E" "np-dma's transfers, one row each: draw np-dma -s, -H or -S"
}

plot_modes_16() {
	refused "np-gaps '$FIX/np-gaps/basic.json'" "np-gaps' gaps, one row each: draw np-gaps -U or -B"
	refused "np-gaps -a '$FIX/np-gaps/basic.json'" "np-gaps' gaps, one row each: draw np-gaps -U or -B"
}

plot_modes_17() {
	refused "np-cc $FIX/$C/r0.txt" "np-cc's events, one row each: draw np-cc -G, -L or -K"
	refused "np-cc $X/$E" "np-cc's events, one row each: draw np-cc -G, -L or -K"
}

plot_modes_18() {
	refused "np-sum '$SAMPLES/summary-pretty.json'" "np-sum's metrics, each in a unit of its own: draw np-sum -w (or -dw) of several profiles"
	refused "np-sum -d $X/$E" "np-sum's metrics, each in a unit of its own: draw np-sum -w (or -dw) of several profiles"
}

plot_modes_19() {
	refused "np-sum -w '$SAMPLES/summary-pretty.json'" "np-sum -w's metrics of one profile, each in a unit of its own: draw np-sum -w (or -dw) of several profiles"
}

plot_modes_20() {
	refused "np-sum -i '$SAMPLES/summary-pretty.json'" "np-sum -i's findings, which are sentences: read them as text"
}


plot_modes_t2() {
	# (the real sample: the Explorer profile's -d has no text value left
	# since busiest_engine is left out there, issue #25)
	(cd "$SAMPLES" && np-sum -d summary-pretty.json) >"$T/d.tsv"
	np np-plot -k key -v value "$T/d.tsv"
	status_is 1
	err_is "np-plot: $T/d.tsv:12:41: expected a number in column 'value', found '2.30.59 ()'"
	(cd "$X" && np-sum -d "$E" 2>/dev/null) >"$T/d.tsv"
	awk -F'\t' 'NR == 1 || $2 ~ /_share$/' "$T/d.tsv" >"$T/share.tsv"
	np np-plot -k key -v value "$T/share.tsv"
	status_is 0
	no_err
	golden plot/modes/sum-d-k.txt
}

# ---- no two bars alike ----

plot_modes_22() {
	np-gaps -U "$X/$E" >"$T/u.tsv"
	np np-plot -k engine "$T/u.tsv"
	status_is 1
	err_is "np-plot: $T/u.tsv:3: the same label as $T/u.tsv:2, 'GpSimd' (engine): name the columns that tell the rows apart with -k"
	[ ! -s "$OUT" ]
	# Parts joined by a space are compared as drawn: 'a b','c' is 'a','b c'.
	printf 'x\ty\tv\na b\tc\t1\na\tb c\t2\n' >"$T/sp.tsv"
	np np-plot -k x,y -v v "$T/sp.tsv"
	status_is 1
	err_is "np-plot: $T/sp.tsv:3: the same label as $T/sp.tsv:2, 'a b c' (x, y): name the columns that tell the rows apart with -k"
	# Spreads too.
	printf 'key\tr1\tr2\nm\t1\t2\nm\t3\t4\n' >"$T/w.tsv"
	np np-plot "$T/w.tsv"
	status_is 1
	err_is "np-plot: $T/w.tsv:3: the same label as $T/w.tsv:2, 'm' (key): name the columns that tell the rows apart with -k"
}

plot_modes_23() {
	np-gaps -U "$X/$E" >"$T/a.tsv"
	np-gaps -U -e Tensor "$X/$E" >"$T/b.tsv"
	cd "$T"
	np np-plot a.tsv b.tsv
	status_is 0
	no_err
	golden plot/modes/files.txt
	# The same file twice is the same label twice.
	np np-plot a.tsv a.tsv
	status_is 1
	err_is "np-plot: a.tsv:2: the same label as a.tsv:2, 'GpSimd 0' (file, engine, pcore_idx): name the columns that tell the rows apart with -k"
}

@test "plot modes: np-sum -g: sums by engine and core; -H: a histogram each; np-trace: no picture of one row per instruction; np-dma: no picture of one row per transfer; np-gaps and np-gaps -a: no picture of one row per gap; np-cc: no picture of one row per event; np-sum, np-sum -d: no picture of metrics each in a unit of its own; np-sum -w of one profile: no picture of its metrics; np-sum -i: no picture of findings; what -k, -v or -P choose is drawn, a mode np-plot refuses or not; two rows with the same label are an error naming both; several files: the file is the first part of each label" {
	cases \
	    "np-sum -g: sums by engine and core; -H: a histogram each" plot_modes_t1 \
	    "np-trace: no picture of one row per instruction" plot_modes_14 \
	    "np-dma: no picture of one row per transfer" plot_modes_15 \
	    "np-gaps and np-gaps -a: no picture of one row per gap" plot_modes_16 \
	    "np-cc: no picture of one row per event" plot_modes_17 \
	    "np-sum, np-sum -d: no picture of metrics each in a unit of its own" plot_modes_18 \
	    "np-sum -w of one profile: no picture of its metrics" plot_modes_19 \
	    "np-sum -i: no picture of findings" plot_modes_20 \
	    "what -k, -v or -P choose is drawn, a mode np-plot refuses or not" plot_modes_t2 \
	    "two rows with the same label are an error naming both" plot_modes_22 \
	    "several files: the file is the first part of each label" plot_modes_23
}

# ---- many rows: the largest, the rest counted ----

plot_modes_24() {
	cd "$T"
	npgen -s 1 -n 4000 trace-text >g1.txt
	npgen -s 2 -n 4000 trace-text >g2.txt
	mode cc-K-many "np-cc -K g1.txt g2.txt"
	[ "$(wc -l <"$OUT")" -eq 43 ]	# title, 40 rows, axis, note
	tail -1 "$OUT" | grep -qx '(41 more rows, each spread at most +68.8 µs, not drawn: -N 0 draws all)'
	svg cc-K-many
	np np-plot -N 0 - <"$T/in.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 83 ]
	np np-plot -N 3 - <"$T/in.tsv"
	status_is 0
	[ "$(wc -l <"$OUT")" -eq 6 ]
	np np-plot -N x - <"$T/in.tsv"
	status_is 2
}

plot_modes_25() {
	awk 'BEGIN { print "k\tv_ns"; for (i = 1; i <= 50; i++) print "r" i "\t" (i * 37 % 50) }' >"$T/m.tsv"
	np np-plot -N 4 "$T/m.tsv"
	status_is 0
	no_err
	golden plot/modes/many.txt
	np np-plot -N 4 -o svg "$T/m.tsv"
	status_is 0
	golden plot/modes/many.svg
	xmlcheck "$OUT"
}

plot_modes_26() {
	# A generated profile (tests/tools/profgen.c, as np-bound.bats
	# makes it), whose investigations have rows: the transposes by
	# source line; the flops of each matmul shape; the bytes of each
	# excess, then of each tensor; the bytes of each variable's
	# transfers, by direction.
	profgen -n 64 "$T/gen@latest"
	cd "$T"
	mode bound-T 'np-bound -T gen@latest'
	mode bound-I 'np-bound -I gen@latest'
	mode bound-X 'np-bound -X gen@latest'
	mode bound-D 'np-bound -D gen@latest'
}

@test "plot modes: np-cc -K of 81 collectives: the 40 widest, the rest counted; -N; many bars: the largest in their order, the rest counted with the largest of them; np-bound -T, -I, -X and -D: each investigation by its key columns" {
	cases \
	    "np-cc -K of 81 collectives: the 40 widest, the rest counted; -N" plot_modes_24 \
	    "many bars: the largest in their order, the rest counted with the largest of them" plot_modes_25 \
	    "np-bound -T, -I, -X and -D: each investigation by its key columns" plot_modes_26
}
