#!/usr/bin/env bats
# The Parquet reader (common/format/parquet.c, thrift.c) through pqdump.
#
# Valid files: the fixtures of tests/fixtures/parquet (README.md there says
# how each was made and how the expected rows in tests/golden/parquet were
# written, by DuckDB or arrow-rs reading the same file).  Broken files are
# made here: valid fixtures cut or patched with dd, and small files built
# byte by byte (mkpq below), so that every message is exact.

load helpers

PQ=$FIX/parquet

# ---- building files by hand ----

# uv N: N as a ULEB128 varint, in printf escapes; zz N: zigzag first.
uv() {
	local v=$1
	while [ "$v" -ge 128 ]; do
		printf '\\x%02x' $(((v & 127) | 128))
		v=$((v >> 7))
	done
	printf '\\x%02x' "$v"
}
zz() {
	if [ "$1" -lt 0 ]; then uv $((-2 * $1 - 1)); else uv $((2 * $1)); fi
}
# A Thrift compact field header: delta from the previous id, and type.
fh() { printf '\\x%02x' $(($1 * 16 + $2)); }
# fi32 DELTA N, fi64 DELTA N, fbin DELTA TEXT.
fi32() { fh "$1" 5; zz "$2"; }
fi64() { fh "$1" 6; zz "$2"; }
fbin() { fh "$1" 8; uv ${#2}; printf '%s' "$2"; }

# page TYPE USIZE CSIZE NV ENC [NNULLS DEFLEN RAW]: a PageHeader, v1 (0),
# dictionary (2) or v2 (3); a v2 page with RAW set says is_compressed
# false.
page() {
	fi32 1 "$1"; fi32 1 "$2"; fi32 1 "$3"
	case $1 in
	0) fh 2 12; fi32 1 "$4"; fi32 1 "$5"; fi32 1 3; fi32 1 3
	   printf '\\x00' ;;
	2) fh 4 12; fi32 1 "$4"; fi32 1 "$5"; printf '\\x00' ;;
	3) fh 5 12; fi32 1 "$4"; fi32 1 "$6"; fi32 1 "$4"; fi32 1 "$5"
	   fi32 1 "$7"; fi32 1 0
	   [ -z "$8" ] || fh 1 2
	   printf '\\x00' ;;
	esac
	printf '\\x00'
}

# mkpq OUT CHUNK ROWS [PHYS REP CODEC NVALUES CHUNKLEN NAME2]: a file of
# one column "a" whose chunk is the file CHUNK (pages, as printf escapes
# turned to bytes), after the magic.  PHYS is the physical type (1, INT32),
# REP the repetition (0 required, 1 optional), CODEC the codec (0); the
# chunk's num_values and length are its rows and size unless given.  With
# KIDS set, the column's element has that num_children: a group; COLPATH
# is the chunk's path_in_schema (a).
mkpq() {
	local out=$1 chunk=$2 rows=$3 phys=${4:-1} rep=${5:-0} codec=${6:-0}
	local nv=${7:-$3} clen=${8:-$(wc -c <"$2")} foot=$T/foot.$$
	local path=${COLPATH:-a} esc t le
	{
		fi32 1 1
		fh 1 9; printf '\\x2c'
		fbin 4 s; fi32 1 1; printf '\\x00'
		fi32 1 "$phys"; fi32 2 "$rep"; fbin 1 a
		[ -z "$KIDS" ] || fi32 1 "$KIDS"
		printf '\\x00'
		fi64 1 "$rows"
		fh 1 9; printf '\\x1c'
		fh 1 9; printf '\\x1c'
		fh 3 12
		fi32 1 "$phys"
		fh 1 9; printf '\\x15'; zz 0
		fh 1 9; printf '\\x18'; uv ${#path}; printf %s "$path"
		fi32 1 "$codec"; fi64 1 "$nv"; fi64 1 "$clen"; fi64 1 "$clen"
		fi64 2 4
		printf '\\x00\\x00'
		fi64 1 "$clen"; fi64 1 "$rows"; printf '\\x00'
		printf '\\x00'
	} >"$foot.esc"
	# Read, sized and written by the shell: a process is dear.  Each \xHH
	# is a byte; the names (s, a) are the only other text.
	IFS= read -r -d '' esc <"$foot.esc" || :
	t=${esc//\\x/}
	n=$((${#t} - (${#esc} - ${#t}) / 2))
	printf -v le '\\x%02x\\x%02x\\x%02x\\x%02x' $((n & 255)) \
	    $((n >> 8 & 255)) $((n >> 16 & 255)) $((n >> 24))
	{
		printf PAR1
		cat "$chunk"
		printf "$esc"
		printf "$le"
		printf PAR1
	} >"$out"
}

# bytes FILE ESCAPES...: the escapes as bytes into FILE.
bytes() {
	local f=$1
	shift
	printf "$(printf '%s' "$@")" >"$f"
}

# patch FILE OFFSET ESCAPES: overwrite bytes in place.
patch() {
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

size() { wc -c <"$1" | tr -d ' '; }

# footer_at FILE: the byte offset where the footer starts.
footer_at() {
	local s n
	s=$(size "$1")
	n=$(od -An -tu4 -j $((s - 8)) -N4 "$1" | tr -d ' ')
	echo $((s - 8 - n))
}

# at FILE TEXT: the offset of TEXT's first occurrence in FILE (from 0).
at() {
	grep -obUa -- "$2" "$1" | head -1 | cut -d: -f1
}

# ---- valid files: every row as DuckDB / arrow-rs read it ----

parquet_1() {
	for c in uncompressed snappy zstd gzip lz4_raw brotli; do
		for v in v1 v2; do
			np pqdump "$PQ/duckdb_${c}_$v.parquet"
			status_is 0 || { echo "$c $v"; return 1; }
			no_err
			golden parquet/duckdb_zstd_v2.tsv || { echo "$c $v"; return 1; }
		done
	done
}

parquet_2() {
	for f in delta_v2 delta_v1_zstd dict_v1_snappy dict_v2_gzip \
	    plain_v1_lz4raw split_v2 lz4hadoop; do
		np pqdump "$PQ/arrow_$f.parquet"
		status_is 0 || { echo "$f"; return 1; }
		no_err
		golden parquet/arrow.tsv || { echo "$f"; return 1; }
	done
}

parquet_3() {
	for v in v1 v2; do
		np pqdump "$PQ/arrow_required_$v.parquet"
		status_is 0
		no_err
		golden parquet/arrow_required.tsv
	done
}

parquet_4() {
	np pqdump "$PQ/duckdb_rowgroups.parquet"
	status_is 0
	no_err
	golden parquet/duckdb_rowgroups.tsv
}

parquet_5() {
	np pqdump "$PQ/duckdb_allnull.parquet"
	status_is 0
	no_err
	golden parquet/duckdb_allnull.tsv
}


# ---- the Explorer fixtures (tests/fixtures/explorer): each file's rows
# equal those of rows/TABLE.jsonl, as DuckDB (or, for the files it cannot
# read, arrow-rs) reads them; see tests/golden/parquet/README.md ----

EX=$FIX/explorer

# explorer GOLDEN FILE...: each Parquet file prints the golden rows.
explorer() {
	local g=$1 f
	shift
	for f in "$@"; do
		np pqdump "$EX/parquet/$f.parquet"
		status_is 0 || { echo "$f"; return 1; }
		no_err || { echo "$f"; return 1; }
		golden "parquet/explorer/$g.tsv" || { echo "$f"; return 1; }
	done
}

parquet_6() {
	explorer instruction instruction-gzip-v1 instruction-gzip-v2 \
	    instruction-lz4raw-v1 instruction-lz4raw-v2 instruction-snappy-v1 \
	    instruction-snappy-v1-nodict instruction-snappy-v1-rg16 \
	    instruction-snappy-v2 instruction-types-snappy-v2 \
	    instruction-uncompressed-v1 instruction-uncompressed-v2 \
	    instruction-zstd-v1 instruction-zstd-v2 instruction-zstd-v2-nodict \
	    instruction-zstd-v2-rg16 pw-instruction-bss-v2 \
	    pw-instruction-delta-gzip-v2 pw-instruction-fallback-snappy-v1 \
	    pw-instruction-fallback-snappy-v2 pw-instruction-lz4raw-v2-rg32 \
	    pw-instruction-plain-v1 pw-instruction-required-snappy-v1 \
	    pw-instruction-snappy-dict-v1 pw-instruction-types-snappy-v1 \
	    pw-instruction-zstd-v1
}

parquet_7() {
	explorer dmapacket dmapacket-snappy-v1 dmapacket-zstd-v2-nodict \
	    pw-dmapacket-bss-zstd-v2 pw-dmapacket-snappy-v1
	explorer ccop ccop-snappy-v1 pw-ccop-snappy-v1
	explorer ccinstruction ccinstruction-snappy-v1 pw-ccinstruction-snappy-v1
	explorer summary summary-snappy-v1 pw-summary-snappy-v1
	explorer metadata metadata-snappy-v1 pw-metadata-snappy-v1 \
	    pw-metadata-v2
}

parquet_8() {
	local P=$EX/profile@latest
	np pqdump "$P/Instruction_0.parquet"
	status_is 0
	head -61 "$GOLD/parquet/explorer/instruction.tsv" | cmp - "$OUT"
	np pqdump "$P/Instruction_1.parquet"
	status_is 0
	{ head -1 "$GOLD/parquet/explorer/instruction.tsv"
	  tail -n +62 "$GOLD/parquet/explorer/instruction.tsv"; } | cmp - "$OUT"
	for t in DmaPacket CcOp CcInstruction Summary Metadata; do
		np pqdump "$P/$t.parquet"
		status_is 0
		golden "parquet/explorer/${t,,}.tsv" ||
		    { echo "$t"; return 1; }
	done
}

parquet_9() {
	np pqdump -c s,id,u64 "$PQ/duckdb_snappy_v2.parquet"
	status_is 0
	no_err
	awk -F'\t' -v OFS='\t' '{ print $11, $1, $8 }' \
	    "$GOLD/parquet/duckdb_zstd_v2.tsv" >"$T/want"
	cmp "$T/want" "$OUT"
}

parquet_10() {
	cp "$PQ/duckdb_uncompressed_v1.parquet" "$T/p.parquet"
	# Column uniq's only page header, at its data_page_offset.
	off=$(awk -F'\t' '$1 == 0 && $3 == "uniq" { print $10 }' \
	    "$GOLD/parquet/duckdb_uncompressed_v1.meta")
	patch "$T/p.parquet" "$off" '\x1d\x1d\x1d\x1d'
	np pqdump -c id,s "$T/p.parquet"
	status_is 0
	no_err
	cut -f 1,11 "$GOLD/parquet/duckdb_zstd_v2.tsv" | cmp - "$OUT"
	np pqdump -c id,uniq "$T/p.parquet"
	status_is 1
	err_is "pqdump: $T/p.parquet: byte $off: PageHeader: a field of unknown type 13"
}


parquet_11() {
	np pqdump -c id,nope "$PQ/duckdb_snappy_v2.parquet"
	status_is 1
	err_is "pqdump: $PQ/duckdb_snappy_v2.parquet: no column nope"
}

parquet_12() {
	np pqdump -m "$PQ/arrow_required_v2.parquet"
	status_is 0
	no_err
	golden parquet/arrow_required_v2.meta
	np pqdump -m "$PQ/duckdb_zstd_v1.parquet"
	status_is 0
	golden parquet/duckdb_zstd_v1.meta
	np pqdump -m "$PQ/duckdb_uncompressed_v1.parquet"
	status_is 0
	golden parquet/duckdb_uncompressed_v1.meta
}

@test "parquet: DuckDB files, every codec, pages v1 and v2, equal DuckDB's rows; arrow-rs files (delta, split, RLE, dictionary encodings) equal arrow-rs's rows; required columns, pages v1 and v2, three row groups; three row groups of 2048, 2048 and 404 rows; a column of nulls only; Explorer Instruction, 25 files: every codec, v1 and v2, dictionary or not, fallback, delta, split, required, unsigned and timestamp types; Explorer DmaPacket, CcOp, CcInstruction, Summary, Metadata from both writers; an Explorer profile directory: Instruction in two files, the other tables; -c reads the columns named, in their order; -c reads only the columns named: a broken one not named is not read; -c of a column not there; -m lists the schema and the column chunks" {
	cases \
	    "DuckDB files, every codec, pages v1 and v2, equal DuckDB's rows" parquet_1 \
	    "arrow-rs files (delta, split, RLE, dictionary encodings) equal arrow-rs's rows" parquet_2 \
	    "required columns, pages v1 and v2, three row groups" parquet_3 \
	    "three row groups of 2048, 2048 and 404 rows" parquet_4 \
	    "a column of nulls only" parquet_5 \
	    "Explorer Instruction, 25 files: every codec, v1 and v2, dictionary or not, fallback, delta, split, required, unsigned and timestamp types" parquet_6 \
	    "Explorer DmaPacket, CcOp, CcInstruction, Summary, Metadata from both writers" parquet_7 \
	    "an Explorer profile directory: Instruction in two files, the other tables" parquet_8 \
	    "-c reads the columns named, in their order" parquet_9 \
	    "-c reads only the columns named: a broken one not named is not read" parquet_10 \
	    "-c of a column not there" parquet_11 \
	    "-m lists the schema and the column chunks" parquet_12
}

# ---- files built by hand ----

parquet_13() {
	bytes "$T/c" "$(page 0 12 12 3 0)" '\x07\x00\x00\x00\xf9\xff\xff\xff' \
	    '\xff\xff\xff\x7f'
	mkpq "$T/a.parquet" "$T/c" 3
	np pqdump "$T/a.parquet"
	status_is 0
	no_err
	printf 'a\n7\n-7\n2147483647\n' | cmp - "$OUT"
}

parquet_14() {
	# first value 0; a block of one miniblock of 128 64-bit deltas, min
	# delta 0: all ones (0 - 1), then 2^63 (-1 + 2^63).
	{
		printf '%s' "$(uv 128)" "$(uv 1)" "$(uv 3)" "$(zz 0)" \
		    "$(zz 0)" '\x40'
		printf '\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff'
		printf '\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x80'
	} >"$T/v.esc"
	printf "$(<"$T/v.esc")" >"$T/v"
	head -c $((1024 - 16)) /dev/zero >>"$T/v"
	n=$(size "$T/v")
	bytes "$T/c" "$(page 0 "$n" "$n" 3 5)"
	cat "$T/v" >>"$T/c"
	mkpq "$T/a.parquet" "$T/c" 3 2
	np pqdump "$T/a.parquet"
	status_is 0
	no_err
	printf 'a\n0\n-1\n9223372036854775807\n' | cmp - "$OUT"
}

parquet_15() {
	# Dictionary [10, 20]; indices of 2 bits: an RLE run of 3 times 3.
	bytes "$T/c" "$(page 2 8 8 2 0)" '\x0a\x00\x00\x00\x14\x00\x00\x00' \
	    "$(page 0 3 3 3 8)" '\x02\x06\x03'
	mkpq "$T/a.parquet" "$T/c" 3
	np pqdump "$T/a.parquet"
	status_is 1
	off=$(($(at "$T/a.parquet" "$(printf '\x02\x06\x03')") + 3))
	err_is "pqdump: $T/a.parquet: byte $off: column a: dictionary index 3 out of range (the dictionary has 2 entries)"
}

parquet_16() {
	# 3 values, all defined (an RLE run of 3 ones), 2 INT32s.
	bytes "$T/c" "$(page 0 14 14 3 0)" '\x02\x00\x00\x00\x06\x01' \
	    '\x01\x00\x00\x00\x02\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 3 1 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 27: column a: PLAIN: the page's values run out before its definition levels do"
}

parquet_17() {
	# 3 values, one defined (levels 1, 0, 0 bit-packed), 2 INT32s.
	bytes "$T/c" "$(page 0 14 14 3 0)" '\x02\x00\x00\x00\x03\x01' \
	    '\x01\x00\x00\x00\x02\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 3 1 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 31: column a: the page holds more values than its definition levels give"
}

parquet_18() {
	# v2: 3 values, levels 1, 0, 1 (bit-packed, 1 byte), num_nulls 0.
	bytes "$T/c" "$(page 3 10 10 3 0 0 2)" '\x03\x05' \
	    '\x01\x00\x00\x00\x02\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 3 1 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: nulls: 1 by the page's definition levels, 0 by its header"
	# A required column with nulls.
	bytes "$T/c" "$(page 3 8 8 3 0 1 0)" '\x01\x00\x00\x00\x02\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 3 1 0
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: a page of 3 values of which 1 null, in a required column"
}

parquet_19() {
	# Levels 1, 0, 1, then snappy: 8 literal bytes (1, 2).
	bytes "$T/c" "$(page 3 10 12 3 0 1 2)" '\x03\x05' \
	    '\x08\x1c\x01\x00\x00\x00\x02\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 3 1 1 1
	np pqdump "$T/a.parquet"
	status_is 0
	no_err
	printf 'a\n1\n\n2\n' | cmp - "$OUT"
}

parquet_20() {
	bytes "$T/c" "$(page 3 8 8 2 0 0 0 1)" '\x05\x00\x00\x00\x06\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 2 1 0 1
	np pqdump "$T/a.parquet"
	status_is 0
	no_err
	printf 'a\n5\n6\n' | cmp - "$OUT"
}

@test "parquet: a file built here: INT32 PLAIN, required; DELTA_BINARY_PACKED with 64-bit deltas; a dictionary index out of range; definition levels that call for more values than the page holds; definition levels that give fewer values than the page holds; nulls of a v2 page that differ from its num_nulls; a v2 page, levels uncompressed before snappy values; a v2 page not compressed in a snappy chunk (is_compressed false)" {
	cases \
	    "a file built here: INT32 PLAIN, required" parquet_13 \
	    "DELTA_BINARY_PACKED with 64-bit deltas" parquet_14 \
	    "a dictionary index out of range" parquet_15 \
	    "definition levels that call for more values than the page holds" parquet_16 \
	    "definition levels that give fewer values than the page holds" parquet_17 \
	    "nulls of a v2 page that differ from its num_nulls" parquet_18 \
	    "a v2 page, levels uncompressed before snappy values" parquet_19 \
	    "a v2 page not compressed in a snappy chunk (is_compressed false)" parquet_20
}

parquet_21() {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 0 1 400
	np pqdump -m "$T/a.parquet"
	status_is 1
	off=$(footer_at "$T/a.parquet")
	err_is "pqdump: $T/a.parquet: byte $off: column a: row group 0: the column chunk at byte 4, 400 bytes long, is not between the magic and the footer (bytes 4 to $off)"
}

parquet_22() {
	bytes "$T/c" "$(page 0 8 8 2 0)" '\x01\x00\x00\x00\x02\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 3
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 29: column a: the column chunk ends after 2 of its 3 values"
}

parquet_23() {
	bytes "$T/c" "$(page 0 12 12 3 0)" '\x01\x00\x00\x00\x02\x00\x00\x00' \
	    '\x03\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 2
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: a page of 3 values, with 2 left in the column chunk"
}

parquet_24() {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 0 1 5
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 9: a varint runs past the end of the column chunk"
}

parquet_25() {
	bytes "$T/c" "$(page 0 4 40 1 0)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: a page of 40 bytes runs past the end of the column chunk (byte 25)"
}

parquet_26() {
	# Snappy: 4 bytes, then a copy from before the start.
	bytes "$T/c" "$(page 0 4 3 1 0)" '\x04\x01\x05'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 21: column a: snappy: at byte 1: copy offset 5 before the start of the output"
	# Brotli: an uncompressed meta-block of the 4 bytes (WBITS 16, MLEN
	# 4, ISUNCOMPRESSED at bit 20), without the last meta-block's byte.
	bytes "$T/c" "$(page 0 4 7 1 0)" '\x30\x00\x10\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 4
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 21: column a: brotli: at byte 7: input ends inside a meta-block header"
	# With it, the page reads.
	bytes "$T/c" "$(page 0 4 8 1 0)" '\x30\x00\x10\x01\x00\x00\x00\x03'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 4
	np pqdump "$T/a.parquet"
	status_is 0
	[ "$(<"$OUT")" = "$(printf 'a\n1')" ]
}

parquet_27() {
	# Snappy: 4 literal bytes, where the header says 8.
	bytes "$T/c" "$(page 0 8 6 2 0)" '\x04\x0c\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 2 1 0 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: the page decompressed to 4 bytes, its header says 8"
}

parquet_28() {
	bytes "$T/c" "$(page 0 4 4 1 42)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: unknown encoding 42"
	bytes "$T/c" "$(page 0 4 4 1 6)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: DELTA_LENGTH_BYTE_ARRAY encoding of INT32 values is not supported"
}


parquet_29() {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 3
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: byte 4: column a: the LZO codec is not supported"
}

parquet_30() {
	bytes "$T/c" "$(page 0 12 12 1 0)" '\x01\x02\x03\x04\x05\x06\x07\x08' \
	    '\x09\x0a\x0b\x0c'
	mkpq "$T/a.parquet" "$T/c" 1 3
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: column a: INT96 values (deprecated timestamps) are not supported"
	np pqdump -m "$T/a.parquet"
	status_is 0
	[ "$(sed -n 4p "$OUT")" = "$(printf 'a\tINT96\t\trequired')" ]
}

parquet_31() {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1 1 2
	np pqdump "$T/a.parquet"
	status_is 1
	err_is "pqdump: $T/a.parquet: column a: a repeated column: np reads flat columns only"
}

parquet_32() {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	mkpq "$T/a.parquet" "$T/c" 1 1 0 0 2
	np pqdump "$T/a.parquet"
	status_is 1
	off=$(footer_at "$T/a.parquet")
	err_is "pqdump: $T/a.parquet: byte $off: column a: row group 0: 2 values in a row group of 1 rows"
}

@test "parquet: a column chunk that runs into the footer; a page of fewer values than the chunk; a page of more values than the chunk; a page header past the end of the column chunk; a page's compressed size past the end of the column chunk; a page that fails to decompress gives the codec's message; a page that decompresses to another size than it says; an unknown encoding, and one for another type; codecs not supported are named; INT96 is an error only when its column is read; a repeated column is an error when it is read; a row group whose column chunk disagrees on its rows" {
	cases \
	    "a column chunk that runs into the footer" parquet_21 \
	    "a page of fewer values than the chunk" parquet_22 \
	    "a page of more values than the chunk" parquet_23 \
	    "a page header past the end of the column chunk" parquet_24 \
	    "a page's compressed size past the end of the column chunk" parquet_25 \
	    "a page that fails to decompress gives the codec's message" parquet_26 \
	    "a page that decompresses to another size than it says" parquet_27 \
	    "an unknown encoding, and one for another type" parquet_28 \
	    "codecs not supported are named" parquet_29 \
	    "INT96 is an error only when its column is read" parquet_30 \
	    "a repeated column is an error when it is read" parquet_31 \
	    "a row group whose column chunk disagrees on its rows" parquet_32
}

# ---- the file and its footer ----

parquet_33() {
	np sh -c "cat '$PQ/duckdb_allnull.parquet' | pqdump /dev/stdin"
	status_is 1
	err_is "pqdump: /dev/stdin: Parquet needs a file, not a pipe: the footer is at its end"
}

parquet_34() {
	printf 'PAR1PAR1' >"$T/s.parquet"
	np pqdump "$T/s.parquet"
	status_is 1
	err_is "pqdump: $T/s.parquet: byte 0: a file of 8 bytes is too short for Parquet (12 at least)"
}

parquet_35() {
	cp "$PQ/duckdb_allnull.parquet" "$T/m.parquet"
	patch "$T/m.parquet" 0 'PAR2'
	np pqdump "$T/m.parquet"
	status_is 1
	err_is "pqdump: $T/m.parquet: byte 0: not a Parquet file: no PAR1 magic at its start"
	head -c 400 "$PQ/duckdb_allnull.parquet" >"$T/t.parquet"
	np pqdump "$T/t.parquet"
	status_is 1
	err_is "pqdump: $T/t.parquet: byte 396: no PAR1 magic at the end of the file (truncated?)"
}

parquet_36() {
	cp "$PQ/duckdb_allnull.parquet" "$T/f.parquet"
	patch "$T/f.parquet" 400 '\x00\x10\x00\x00'
	np pqdump "$T/f.parquet"
	status_is 1
	err_is "pqdump: $T/f.parquet: byte 400: a footer of 4096 bytes is longer than the file (408 bytes) holds"
}

parquet_37() {
	cp "$PQ/duckdb_allnull.parquet" "$T/f.parquet"
	off=$(footer_at "$T/f.parquet")
	patch "$T/f.parquet" "$off" '\x1d'
	np pqdump "$T/f.parquet"
	status_is 1
	err_is "pqdump: $T/f.parquet: byte $off: FileMetaData: a field of unknown type 13"
}

parquet_38() {
	cp "$PQ/duckdb_allnull.parquet" "$T/f.parquet"
	off=$(footer_at "$T/f.parquet")
	patch "$T/f.parquet" "$off" '\x35'
	np pqdump "$T/f.parquet"
	status_is 1
	err_is "pqdump: $T/f.parquet: byte $off: FileMetaData field 3 (num_rows): expected i64, found i32"
}

parquet_39() {
	cp "$PQ/duckdb_allnull.parquet" "$T/f.parquet"
	foot=$(footer_at "$T/f.parquet")
	off=$(($(at "$T/f.parquet" duckdb_schema) - 1))
	[ "$off" -gt "$foot" ]
	patch "$T/f.parquet" "$off" '\xff\xff\xff\xff\x0f'
	np pqdump "$T/f.parquet"
	status_is 1
	left=$((400 - off - 5))
	err_is "pqdump: $T/f.parquet: byte $off: a binary of 4294967295 bytes runs past the end of the footer ($left bytes left)"
}


parquet_t1() {
	# FileMetaData's field 5 (skipped) holding 40 structs in each other.
	{
		printf 'PAR1'
		for i in $(seq 40); do printf '\x5c'; done
		head -c 40 /dev/zero
		printf '\x00\x00\x00\x00'
		printf '\x54\x00\x00\x00PAR1'
	} >"$T/d.parquet"
	np pqdump "$T/d.parquet"
	status_is 1
	err_is "pqdump: $T/d.parquet: byte 36: metadata nested deeper than 32 levels"
}

@test "parquet: a column chunk whose path is another column's; one whose path holds a NUL after the column's name" {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	COLPATH=b mkpq "$T/b.parquet" "$T/c" 1
	np pqdump "$T/b.parquet"
	status_is 1
	# The path's list: its header, the element's length, the element.
	err_is "pqdump: $T/b.parquet: byte $(($(at "$T/b.parquet" b) - 2)): column a: the column chunk is of another column (b)"
	# "a" and a NUL: the comparison goes on past the NUL, not past the
	# name's end (which it read beyond before).
	COLPATH=aZ mkpq "$T/n.parquet" "$T/c" 1
	off=$(at "$T/n.parquet" aZ)
	patch "$T/n.parquet" $((off + 1)) '\x00'
	np pqdump "$T/n.parquet"
	status_is 1
	err_is "pqdump: $T/n.parquet: byte $((off - 2)): column a: the column chunk is of another column (a)"
}

parquet_41() {
	bytes "$T/c" "$(page 0 4 4 1 0)" '\x01\x00\x00\x00'
	KIDS=1 mkpq "$T/a.parquet" "$T/c" 1
	np pqdump "$T/a.parquet"
	status_is 1
	off=$(($(footer_at "$T/a.parquet") + 10))
	err_is "pqdump: $T/a.parquet: byte $off: the schema is corrupt: the group a has 1 children, and 0 elements follow it"
}

parquet_42() {
	np pqdump "$PQ/duckdb_logical.parquet"
	status_is 0
	no_err
	golden parquet/duckdb_logical.tsv
}

# A file cut short while np-trace is blocked writing its first row group's
# rows to a pipe not yet read (they are far more than a pipe holds): the
# first read of the second row group finds the end; every row of the first
# is written.  profgen -n 7000: 66,501 rows, row groups of 65,536 and 965;
# the second's start_ts chunk at byte 8,014,932 (pqdump -m).
parquet_43() {
	local rows

	profgen -n 7000 "$T/cut@latest"
	mv "$T/cut@latest/Instruction.parquet" "$T/cut.parquet"
	mkfifo "$T/fifo"
	(OUT=$T/fifo np np-trace "$T/cut.parquet"; echo "$status" >"$T/rc") &
	exec 3<"$T/fifo"
	IFS= read -r rows <&3
	truncate -s 1000 "$T/cut.parquet"
	rows=$(wc -l <&3)
	exec 3<&-
	wait
	status=$(<"$T/rc")
	status_is 1
	err_is "np-trace: $T/cut.parquet: byte 8014932: column start_ts: the file ended early (did it shrink while read?)"
	[ "$rows" = 65536 ]
}

@test "parquet: a pipe is not a file; a file shorter than 12 bytes; bad magic at the start, at the end; a footer longer than the file; a footer field of a bad type, with its offset; a footer field of another type than its own; a footer string longer than the footer; a footer nested too deep; a group whose children the schema's list does not hold: corrupt, not nested; DECIMAL in INT32, INT64 and FIXED_LEN_BYTE_ARRAY(16), UUID and DATE as their values, as DuckDB prints them; a file that shrinks while read: the read's message, the rows before it written" {
	cases \
	    "a pipe is not a file" parquet_33 \
	    "a file shorter than 12 bytes" parquet_34 \
	    "bad magic at the start, at the end" parquet_35 \
	    "a footer longer than the file" parquet_36 \
	    "a footer field of a bad type, with its offset" parquet_37 \
	    "a footer field of another type than its own" parquet_38 \
	    "a footer string longer than the footer" parquet_39 \
	    "a footer nested too deep" parquet_t1 \
	    "a group whose children the schema's list does not hold: corrupt, not nested" parquet_41 \
	    "DECIMAL in INT32, INT64 and FIXED_LEN_BYTE_ARRAY(16), UUID and DATE as their values, as DuckDB prints them" parquet_42 \
	    "a file that shrinks while read: the read's message, the rows before it written" parquet_43
}
