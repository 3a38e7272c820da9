#!/usr/bin/env bats
# FLOAT, DOUBLE and DECIMAL columns under names np does not know, as
# DuckDB writes them in Parquet, CSV, TSV and JSON lines (issue 25, item
# 5): one value and one spelling from every form, by np(7)'s rule for a
# number whose type a text form does not state.  tests/fixtures/floats
# says how the tables were made and what DuckDB says of them; the goldens
# under tests/golden/floats are np's output on the Parquet files, their
# float columns checked against DuckDB's CSV below.

load helpers

F=$BATS_TEST_DIRNAME/fixtures/floats

floats_1() {
	for f in parquet csv tsv jsonl; do
		np np-trace -c xfloat,xdouble,xwhole,xkey,xdecimal \
		    "$F/instruction.$f"
		status_is 0
		no_err
		golden floats/trace.tsv
		np np-dma -c xfloat,xdouble,xwhole,xkey,xdecimal "$F/dmapacket.$f"
		status_is 0
		no_err
		golden floats/dma.tsv
		np-cc -c xfloat,xdouble,xkey "$F/ccop.$f" 2>"$ERR" |
		    cut -f2- >"$OUT"
		no_err
		golden floats/cc.tsv
		np np-sum -g grp -v xfloat,xdouble,xwhole,xdecimal \
		    "$F/instruction.$f"
		status_is 0
		golden floats/sum-grp.tsv
		np np-sum -g xkey,xfloat,xdouble,xdecimal -v duration_ns \
		    "$F/instruction.$f"
		status_is 0
		no_err
		golden floats/sum-keys.tsv
		np np-sum -H -g xkey -v xfloat,xwhole,xdecimal \
		    "$F/instruction.$f"
		status_is 0
		golden floats/sum-hist.tsv
		np np-stall -g xkey -v duration_ns "$F/instruction.$f"
		status_is 0
		no_err
		golden floats/stall-key.tsv
		np np-stall -g grp -v xwhole "$F/instruction.$f"
		status_is 0
		golden floats/stall-whole.tsv
		np-sum "$F/summary.$f" 2>"$ERR" | cut -f2- >"$OUT"
		no_err
		golden floats/summary.tsv
	done
}

floats_2() {
	# xfloat, xwhole and xkey from every form are DuckDB's CSV (its
	# columns 7, 9, 11) spelt as np spells a number; 365779616, which
	# DuckDB writes whole, is its fewest digits, 365779620 (strtof reads
	# both as the float).  So are the goldens' (np-trace's columns 20,
	# 22, 23).
	awk -F, 'NR > 1 {
		for (i = 7; i <= 11; i += 2) {
			f = $i
			if (f == "nan") f = "NaN"
			else if (f == "inf") f = "Infinity"
			else if (f == "-inf") f = "-Infinity"
			sub(/\.0$/, "", f)
			sub(/e\+/, "e", f)
			sub(/e-0*/, "e-", f)
			if (f == "365779616") f = "365779620"
			printf "%s%s", f, i < 11 ? "\t" : "\n"
		}
	}' "$F/instruction.csv" >"$T/want"
	sed 1d "$GOLD/floats/trace.tsv" | cut -f20,22,23 >"$T/got"
	diff "$T/want" "$T/got"
	for f in parquet csv tsv jsonl; do
		np np-trace -c xfloat,xwhole,xkey "$F/instruction.$f"
		status_is 0
		sed 1d "$OUT" | cut -f20- >"$T/got"
		diff "$T/want" "$T/got" || { echo "$f"; return 1; }
	done
}

floats_3() {
	# DuckDB (tests/fixtures/floats/README.md): the fewest digits summed
	# exactly, 24379349987.89001095367430000000 for grp a; as doubles,
	# 3.402823522676506e+38 (b) and 2.3509887e-38 (c).  DuckDB's SUM of
	# the floats widened (as JSON lines write them) is 24379350359.889072
	# for grp a: what np-sum said from JSON lines before.
	for f in parquet csv tsv jsonl; do
		np np-sum -g grp -v xfloat "$F/instruction.$f"
		status_is 0
		[ "$(cut -f1,3,4 "$OUT" | sed 1d | tr '\t\n' ' ,')" = \
		    "a 9 24379349987.8900109536743,b 3 3.402823522676506e38,c 3 2.3509887e-38," ] ||
		    { echo "$f: $(cat "$OUT")"; return 1; }
		# whole floats: 24388463667, 30000000000, 3 (DuckDB's SUM
		# of the widened floats: 24388464039 for grp a); the DECIMAL
		# 123457090.126
		np np-sum -g grp -v xwhole,xdecimal "$F/instruction.$f"
		status_is 0
		[ "$(cut -f1-4 "$OUT" | sed 1d | tr '\t\n' ' ,')" = \
		    "a xwhole 9 24388463667,a xdecimal 5 123457090.126,b xwhole 3 30000000000,c xwhole 3 3," ] ||
		    { echo "$f: $(cat "$OUT")"; return 1; }
		# np-stall sums the whole floats the same way
		np np-stall -g grp -v xwhole "$F/instruction.$f"
		status_is 0
		[ "$(cut -f1,4 "$OUT" | sed 1d | tr '\t\n' ' ,')" = \
		    "b 30000000000,a 24388463667,c 3," ]
		# a float as a key: DuckDB's GROUP BY xkey, rows and
		# duration_ns (NULL 3 351, 0.1 2 203, 1.1754944e-38 1 115,
		# 1e-05 2 215, 1e-45 2 227, 2.5 2 207, 24005861000.0 2 211,
		# 3.4028235e+38 2 223, 365779616.0 2 219), keys spelt by np
		np np-sum -g xkey -v duration_ns "$F/instruction.$f"
		status_is 0
		no_err
		[ "$(cut -f1,3,4 "$OUT" | sed 1d | tr '\t\n' ' ,')" = \
		    " 3 351,0.1 2 203,1.1754944e-38 1 115,1e-45 2 227,1e-5 2 215,2.5 2 207,24005861000 2 211,3.4028235e38 2 223,365779620 2 219," ] ||
		    { echo "$f: $(cat "$OUT")"; return 1; }
	done
}

floats_4() {
	# xexact: 2^-20, 2^30, the double of the float 0.1, 8001953792.
	# Parquet says DOUBLE: the double's digits.  CSV, TSV and JSON lines
	# do not say, and give the text a float widened gives: the float's.
	np np-trace -c xexact "$F/instruction.parquet"
	status_is 0
	[ "$(cut -f20 "$OUT" | sed -n 2,5p | tr '\n' ' ')" = \
	    "9.5367431640625e-7 1073741824 0.10000000149011612 8001953792 " ]
	for f in csv tsv jsonl; do
		np np-trace -c xexact "$F/instruction.$f"
		status_is 0
		[ "$(cut -f20 "$OUT" | sed -n 2,5p | tr '\n' ' ')" = \
		    "9.536743e-7 1073741800 0.1 8001954000 " ] ||
		    { echo "$f: $(cut -f20 "$OUT")"; return 1; }
	done
}

floats_5() {
	cd "$T"
	# x is a name np does not know; operands is Explorer's text,
	# psum_read_bytes its integer
	printf '%s\n' 'start_ts,end_ts,engine,opcode,x,operands,psum_read_bytes' \
	    '1,2,Tensor,MM,16777217,1.50,1073741824.0' \
	    '3,4,Tensor,MM,0.100000001490116119384765625,1e3,16.0' \
	    '5,6,Tensor,MM,"1.50",x,7' \
	    '7,8,Tensor,MM,1.50,x,7' \
	    '9,10,Tensor,MM,1073741824.0,x,7' \
	    '11,12,Tensor,MM,nan,x,7' >a.csv
	np np-trace -c x,operands,psum_read_bytes a.csv
	status_is 0
	no_err
	# 2^24 + 1 as written (an integer); the float 0.1's exact value (27
	# digits) as written; "1.50" quoted, text; 1.50 the number 1.5;
	# 1073741824.0 exactly a float, read as one (1073741800); nan as
	# JSON's NaN.  Explorer's text as written, its integer column's
	# numbers in np's spelling, never as a float.
	[ "$(cut -f20- "$OUT" | tr '\t\n' ' ,')" = \
	    "x operands psum_read_bytes,16777217 1.50 1073741824,0.100000001490116119384765625 1e3 16,1.50 x 7,1.5 x 7,1073741800 x 7,NaN x 7," ]
	# JSON: a string is text, a number a number
	printf '%s\n' '{"start_ts":1,"end_ts":2,"engine":"Tensor","x":"1.50"}' \
	    '{"start_ts":3,"end_ts":4,"engine":"Tensor","x":1.50}' \
	    '{"start_ts":5,"end_ts":6,"engine":"Tensor","x":1e-05}' >a.jsonl
	np np-trace -c x a.jsonl
	status_is 0
	no_err
	[ "$(cut -f20 "$OUT" | tr '\n' ' ')" = "x 1.50 1.5 1e-5 " ]
	# np-sum -g and -v read TSV and CSV so too
	printf '%s\n' 'k,v' '1.50,0.10000000149011612' '"1.50",0.1' \
	    '1.5,16777217' >b.csv
	np np-sum -g k -v v b.csv
	status_is 0
	no_err
	[ "$(cut -f1,3,4 "$OUT" | sed 1d | tr '\t\n' ' ,')" = \
	    "1.5 2 16777217.1,1.50 1 0.1," ]
}

@test "floats: every program gives the same bytes from Parquet, CSV, TSV and JSON lines; a float's value is its fewest digits, as DuckDB's CSV writes them; np-sum's sums of a FLOAT column are DuckDB's sums of the floats' fewest digits; a DOUBLE that is exactly a float reads as the float from a text form, as np(7) says; integers, exact decimals of more digits, quoted fields, JSON strings and columns np knows are not read as floats" {
	cases \
	    "every program gives the same bytes from Parquet, CSV, TSV and JSON lines" floats_1 \
	    "a float's value is its fewest digits, as DuckDB's CSV writes them" floats_2 \
	    "np-sum's sums of a FLOAT column are DuckDB's sums of the floats' fewest digits" floats_3 \
	    "a DOUBLE that is exactly a float reads as the float from a text form, as np(7) says" floats_4 \
	    "integers, exact decimals of more digits, quoted fields, JSON strings and columns np knows are not read as floats" floats_5
}
