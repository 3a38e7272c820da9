#!/usr/bin/env bats
# A missing value (NULL), an empty string ('') and the text <none> are three
# values in every program and mode, written so that they stay three: a
# missing value as an empty field, an empty string as "" (np(7), OUTPUT).
# The inputs are tests/fixtures/explorer/nulls/*, written by DuckDB
# (nulls.sql, run by nulls.mjs) as Parquet, CSV, TSV and JSON lines; each
# program gives the same bytes for all four (the goldens under
# tests/golden/nulls), and its groups and counts are DuckDB's own, as
# nulls.mjs wrote them in nulls/answers.txt.

load helpers

N=$BATS_TEST_DIRNAME/fixtures/explorer/nulls
A=$N/answers.txt

# duck TAG: DuckDB's answer TAG from answers.txt, sorted (C order).
duck() {
	grep "^'$1'	" "$A" | LC_ALL=C sort
}

# asduck TAG SPEC [FILE]: np's rows (not the header line) spelt as
# nulls.mjs prints DuckDB's, sorted: 'TAG', then the fields SPEC names
# (column numbers, comma-separated; one ending in s is text).  An empty
# field is NULL, "" the empty string '', other text in single quotes.
asduck() {
	awk -F'\t' -v tag="$1" -v spec="$2" 'NR > 1 {
		n = split(spec, c, ",")
		line = "\047" tag "\047"
		for (i = 1; i <= n; i++) {
			v = $(c[i] + 0)
			if (v == "")
				v = "NULL"
			else if (c[i] ~ /s$/)
				v = v == "\"\"" ? "\047\047" : "\047" v "\047"
			line = line "\t" v
		}
		print line
	}' "${3:-$OUT}" | LC_ALL=C sort
}

# counted: asduck's lines with their repeats counted, the count last.
counted() {
	uniq -c | awk '{ n = $1; sub(/^ *[0-9]+ /, ""); print $0 "\t" n }'
}

# forms CMD...: CMD FILE for the four forms of FILE's table (CMD's last
# word names the table: insn, dmapacket, ccop or summary), each exit 0,
# stderr empty (or $FORMS_ERR), the same bytes: the Parquet file's answer
# is left in $OUT.
forms() {
	local tab=${*: -1} f
	set -- "${@:1:$#-1}"
	for f in csv tsv jsonl parquet; do
		np "$@" "$N/$tab.$f"
		status_is 0
		if [ -n "${FORMS_ERR:-}" ]; then
			err_is "$FORMS_ERR"
		else
			no_err
		fi
		if [ "$f" = csv ]; then
			cp "$OUT" "$T/first"
		else
			cmp "$T/first" "$OUT"
		fi
	done
}

nulls_1() {
	forms np-trace insn
	golden nulls/trace.tsv
	# Each text column holds as many empty fields, "" and <none> as
	# DuckDB finds NULL, '' and '<none>' (answer insn-col).
	for c in 4:engine 5:opcode 12:bir_debug_info_source_location \
	    13:nki_source_location 14:layer; do
		awk -F'\t' -v k="${c%%:*}" -v name="${c#*:}" 'NR > 1 {
			nul += $k == ""; emp += $k == "\"\""; non += $k == "<none>"
		} END { printf "\047insn-col\047\t\047%s\047\t%d\t%d\t%d\n",
		    name, nul, emp, non }' "$OUT"
	done | LC_ALL=C sort | cmp - <(duck insn-col)
	# hlo_name through -c, as the rows pass any other column on
	forms np-trace -c hlo_name instruction
	golden nulls/trace-c.tsv
	[ "$(cut -f20 "$OUT" | tail -n +2 | LC_ALL=C sort | uniq -c |
	    awk '{ printf "%s %s,", $2, $1 }')" = ' 4,"" 5,<none> 4,fusion.1 4,' ]
	grep -q "^'stall-hlo'	NULL	4	" "$A"
	grep -q "^'stall-hlo'	''	5	" "$A"
	grep -q "^'stall-hlo'	'<none>'	4	" "$A"
}

nulls_2() {
	np-trace "$N/insn.parquet" >"$T/once.tsv"
	# as many "" as DuckDB finds '' in the text columns
	[ "$(tr '\t' '\n' <"$T/once.tsv" | grep -cx '""')" -eq \
	    "$(duck insn-col | awk -F'\t' '{ n += $4 } END { print n }')" ]
	np np-trace "$T/once.tsv"
	status_is 0
	no_err
	cmp "$T/once.tsv" "$OUT"
	np-trace -c hlo_name "$N/instruction.parquet" >"$T/c.tsv"
	np np-trace -c hlo_name "$T/c.tsv"
	status_is 0
	no_err
	cmp "$T/c.tsv" "$OUT"
}

nulls_3() {
	forms np-dma dmapacket
	golden nulls/dma.tsv
	# transfers per queue_name and per op, as DuckDB's GROUP BY
	asduck dma 1s | counted | cmp - <(duck dma | cut -f1-3)
	asduck dma-op 6s | counted | cmp - <(duck dma-op)
	forms np-dma -s -H dmapacket
	golden nulls/dma-sH.tsv
	[ "$(cut -f1 "$OUT" | uniq | tr '\n' ,)" = \
	    'queue_name,,"",<none>,qSyncIO0-Q0-E3,qSyncIO0-Q1-E3,' ]
}

nulls_4() {
	forms np-dma -S insn
	golden nulls/dma-S.tsv
	asduck dma-skinny 1s,2,3 | cmp - <(duck dma-skinny)
}

nulls_5() {
	forms np-gaps insn
	golden nulls/gaps.tsv
	# every gap's engine and the pairs beside it, as DuckDB pairs each
	# engine's instructions in time order (answer gaps-pairs)
	asduck gaps-pairs 1s,5s,6s,7s,8s | counted | cmp - <(duck gaps-pairs)
	forms np-gaps -a -m 0 insn
	golden nulls/gaps-a.tsv
	forms np-gaps -U insn
	golden nulls/gaps-U.tsv
	# instructions and busy time per engine, but the any row
	head -n -1 "$OUT" | asduck gaps-engine 1s,2,3 - |
	    cmp - <(duck gaps-engine)
	forms np-gaps -B 10000 insn
	golden nulls/gaps-B.tsv
	[ "$(cut -f1 "$OUT" | sed -n 2,5p | tr '\n' ,)" = ',"",<none>,Tensor,' ]
}

nulls_6() {
	forms np-stall insn
	golden nulls/stall-src.tsv
	asduck stall-src 1s,2,3,4,8 | cmp - <(duck stall-src)
	forms np-stall -g engine,opcode insn
	golden nulls/stall-engine-opcode.tsv
	asduck stall-engine-opcode 1s,2s,3,5 | cmp - <(duck stall-engine-opcode)
	forms np-stall -g layer insn
	golden nulls/stall-layer.tsv
	asduck stall-layer 1s,2,4 | cmp - <(duck stall-layer)
}


nulls_7() {
	forms np-cc ccop
	golden nulls/cc.tsv
	forms np-cc -G -E AllReduce ccop
	golden nulls/cc-G.tsv
	# gaps per stream (rank, stream_id): DuckDB's STARTs less one
	asduck cc-streams 1s,6s | counted |
	    awk -F'\t' -v OFS='\t' '{ print $1, $2, $3, $4 + 1, $4 }' |
	    cmp - <(duck cc-streams)
	# each stream's last layer is its epilogue, the first stream's rank
	# ""
	FORMS_ERR='np-cc: last layers left out of mean, median, min and max, as the epilogue: 8 (first: rank "")' \
	    forms np-cc -L -l 1 -E AllReduce ccop
	golden nulls/cc-L.tsv
	forms np-cc -K -E AllReduce ccop
	golden nulls/cc-K.tsv
	# collectives per stream_id: its rows' members
	{ echo stream_id
	  awk -F'\t' 'NR > 1 { m[$12] += $2; k[$12] = $2 } END {
		for (s in m) printf "%s\t%d\t%d\n", s, m[s], k[s] }' "$OUT"; } |
	    asduck cc-skew 1s,2,3 - | cmp - <(duck cc-skew)
	# the rank '' is the latest and the slow one: written "", alone
	[ "$(cut -f10,11 "$OUT" | sort -u | tr '\t\n' ' ,')" = \
	    '"" "",latest slow,' ]
}

nulls_8() {
	for f in csv tsv jsonl parquet; do
		np np-sum "$N/summary.$f"
		status_is 0
		no_err
		cut -f2- "$OUT" >"$T/long.$f"
		np np-sum -w "$N/summary.$f"
		status_is 0
		no_err
		tail -n +2 "$OUT" >"$T/wide.$f"
	done
	for f in tsv jsonl parquet; do
		cmp "$T/long.csv" "$T/long.$f"
		cmp "$T/wide.csv" "$T/wide.$f"
	done
	cmp "$T/long.csv" "$GOLD/nulls/summary.tsv"
	cmp "$T/wide.csv" "$GOLD/nulls/summary-w.tsv"
	# one profile each for NULL, '' and '<none>' (answer summary)
	{ echo value; awk -F'\t' '$1 == "note" { print $2 }' "$T/long.csv"; } |
	    asduck summary 1s - | counted | cmp - <(duck summary)
}

nulls_9() {
	np sh -c 'np-dma -s "$1" | np-plot' sh "$N/dmapacket.parquet"
	status_is 0
	no_err
	golden nulls/plot-dma-s.txt
	np sh -c 'np-gaps -U "$1" | np-plot' sh "$N/insn.parquet"
	status_is 0
	no_err
	golden nulls/plot-gaps-U.txt
	[ "$(sed -n 2,4p "$OUT" | awk '{ printf "%s,", $1 }')" = '∅,"",<none>,' ]
}

nulls_10() {
	np-trace "$N/insn.parquet" >"$T/rows.tsv"
	for m in "" "-a -m 0" -U "-B 10000"; do
		# shellcheck disable=SC2086
		np-gaps $m "$N/insn.parquet" >"$T/direct"
		# shellcheck disable=SC2086
		np np-gaps $m "$T/rows.tsv"
		status_is 0
		no_err
		cmp "$T/direct" "$OUT"
	done
	for k in src engine,opcode layer,src; do
		np-stall -g "$k" "$N/insn.parquet" >"$T/direct"
		np sh -c 'np-trace "$1" | np-stall -g "$2"' sh \
		    "$N/insn.parquet" "$k"
		status_is 0
		no_err
		cmp "$T/direct" "$OUT"
	done
	np sh -c 'np-trace "$1" | np-dma -S' sh "$N/insn.parquet"
	status_is 0
	no_err
	golden nulls/dma-S.tsv
	# np-sum -g over the rows: busy time per engine, DuckDB's
	np np-sum -g engine -v duration_ns "$T/rows.tsv"
	status_is 0
	no_err
	asduck gaps-engine 1s,3,4 | cmp - <(duck gaps-engine)
}

nulls_11() {
	np-dma "$N/dmapacket.parquet" >"$T/rows.tsv"
	np np-dma -s "$T/rows.tsv"
	status_is 0
	no_err
	golden explorer/nulls-dma.tsv
	np np-dma -s -H "$T/rows.tsv"
	status_is 0
	no_err
	golden nulls/dma-sH.tsv
	np-cc "$N/ccop.parquet" >"$T/cc.tsv"
	for m in -G "-L -l 1" -K; do
		# shellcheck disable=SC2086
		np np-cc $m -E AllReduce "$T/cc.tsv"
		status_is 0
		case $m in
		-G) golden nulls/cc-G.tsv ;;
		-K) golden nulls/cc-K.tsv ;;
		*) golden nulls/cc-L.tsv ;;
		esac
	done
	# np-dma -s's queues read back by np-sum -g: DuckDB's transfers
	np sh -c 'np-dma -s "$1" | np-sum -g queue_name -v transfers' sh \
	    "$N/dmapacket.parquet"
	status_is 0
	no_err
	# the all row is a queue of its own here
	grep -v "^all	" "$OUT" | asduck dma 1s,4 - | cmp - <(duck dma | cut -f1-3)
}

nulls_12() {
	# A layer with a TAB (written \t) after rows with "": read escaped,
	# with the note, not as DuckDB's quoted TSV.
	{ np-trace "$N/insn.parquet"
	  printf '{"start_ts":1,"duration_ns":1,"layer":"a\\tb"}\n' |
	      np-trace -n; } >"$T/esc.tsv"
	grep -q '	""	' "$T/esc.tsv"
	np np-trace "$T/esc.tsv"
	status_is 0
	cmp "$T/esc.tsv" "$OUT"
	err_is "np-trace: $T/esc.tsv:62:$(($(tail -1 "$T/esc.tsv" | cut -f1-13 | wc -c) + 2)): this TSV has backslashes and no quoted field: read as np's escaped TSV ('\\t' is a TAB); if its backslashes are text, as in DuckDB's TSV, read it with NP_TSV=quoted"
	# a quoted field other than "" still makes the file quoted: its
	# backslashes are text
	printf 'start_ts\tlayer\topcode\n1\t""\ta\\tb\n2\t"x"\t""\n' >"$T/q.tsv"
	np np-trace "$T/q.tsv"
	status_is 0
	no_err
	[ "$(cut -f1,5,14 "$OUT" | tail -n 2)" = "$(printf '1\ta\\\\tb\t""\n2\t""\tx')" ]
}

@test "nulls: np-trace's rows write NULL empty, '' as \"\" and <none> as it is, in every form; np-trace reads its own rows back unchanged; np-dma's rows, and -s -H, keep the three queues and ops apart; np-dma -S: skinny DMAs per src, NULL, '' and <none> apart; np-gaps keeps engines, opcodes and src apart: gaps, -a, -U, -B; np-stall -g src, engine,opcode and layer: DuckDB's groups; np-cc's rows, -G, -L and -K keep ranks and stream_ids apart; np-sum's summaries write a null value empty, '' as \"\"; np-plot draws a missing key as ∅, an empty one as \"\", <none> as it is; pipelines keep the three apart: np-trace | np-gaps, np-stall, np-dma -S, np-sum -g; pipelines keep the three apart: np-dma | np-dma -s, np-cc | np-cc, np-dma -s | np-sum -g; \"\" alone makes no TSV quoted: np's escapes are read beside it" {
	cases \
	    "np-trace's rows write NULL empty, '' as \"\" and <none> as it is, in every form" nulls_1 \
	    "np-trace reads its own rows back unchanged" nulls_2 \
	    "np-dma's rows, and -s -H, keep the three queues and ops apart" nulls_3 \
	    "np-dma -S: skinny DMAs per src, NULL, '' and <none> apart" nulls_4 \
	    "np-gaps keeps engines, opcodes and src apart: gaps, -a, -U, -B" nulls_5 \
	    "np-stall -g src, engine,opcode and layer: DuckDB's groups" nulls_6 \
	    "np-cc's rows, -G, -L and -K keep ranks and stream_ids apart" nulls_7 \
	    "np-sum's summaries write a null value empty, '' as \"\"" nulls_8 \
	    "np-plot draws a missing key as ∅, an empty one as \"\", <none> as it is" nulls_9 \
	    "pipelines keep the three apart: np-trace | np-gaps, np-stall, np-dma -S, np-sum -g" nulls_10 \
	    "pipelines keep the three apart: np-dma | np-dma -s, np-cc | np-cc, np-dma -s | np-sum -g" nulls_11 \
	    "\"\" alone makes no TSV quoted: np's escapes are read beside it" nulls_12
}
