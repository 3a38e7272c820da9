#!/usr/bin/env bats
# The GZIP page decompressor (common/codec/gzip.c) through the unzip test tool:
# members written by the gzip program at several levels, with and without
# a name, several members, stored, fixed and dynamic blocks, every header
# flag, a zlib stream; then hand-built deflate data for the edges of the
# code-length rules, and every error with its exact message.  The fixtures
# and how each was made: tests/fixtures/codec/gzip/README.md.

load helpers

G=$FIX/codec/gzip
# A gzip member header with no flags, MTIME 0, XFL 0, OS 255.
HDR=1f8b08000000000000ff

# hexbytes HEX: the bytes HEX spells.
hexbytes() {
	printf "$(printf '%s' "$1" | sed 's/../\\x&/g')"
}

# member HEX: $T/in is HDR and then HEX (deflate data, and a trailer if
# given).
member() {
	hexbytes "$HDR$1" >"$T/in"
}

# patch FILE OFFSET HEX: overwrites bytes of FILE at OFFSET.
patch() {
	hexbytes "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# unz SIZE FILE: unzip gzip SIZE <FILE.
unz() {
	np unzip gzip "$1" <"$2"
}

out_is_file() {
	if ! cmp -s "$1" "$OUT"; then
		echo "output differs from $1 ($(wc -c <"$OUT") bytes)"
		return 1
	fi
}

# btype FILE OFFSET: the BTYPE of the deflate block starting at OFFSET.
btype() {
	echo $(( ($(od -An -tu1 -j "$2" -N 1 "$1") >> 1) & 3 ))
}

size() {
	wc -c <"$1" | tr -d ' '
}

# ---- valid members ----

codec_gzip_1() {
	for l in 1 6 9; do
		[ "$(btype "$G/text.$l.gz" 10)" -eq 2 ]
		unz 8469 "$G/text.$l.gz"
		status_is 0
		no_err
		out_is_file "$G/text.tsv"
	done
	# Each level wrote other data.
	not cmp -s "$G/text.1.gz" "$G/text.6.gz"
	! cmp -s "$G/text.6.gz" "$G/text.9.gz"
}

codec_gzip_2() {
	[ "$(od -An -tx1 -j 3 -N 1 "$G/page.gz")" = " 08" ]
	unz 8469 "$G/page.gz"
	status_is 0
	no_err
	out_is_file "$G/text.tsv"
}

codec_gzip_3() {
	[ "$(od -An -tx1 -j 3 -N 1 "$G/extra.gz")" = " 1f" ]
	unz 8469 "$G/extra.gz"
	status_is 0
	no_err
	out_is_file "$G/text.tsv"
}

codec_gzip_4() {
	[ "$(btype "$G/hello.gz" 10)" -eq 1 ]
	unz 20 "$G/hello.gz"
	status_is 0
	no_err
	out_is_file "$G/hello.txt"
}

codec_gzip_5() {
	[ "$(btype "$G/random.gz" 10)" -eq 0 ]
	unz 3000 "$G/random.gz"
	status_is 0
	no_err
	out_is_file "$G/random.bin"
}

codec_gzip_6() {
	cat "$G/text.tsv" "$G/hello.txt" >"$T/want"
	unz 8489 "$G/multi.gz"
	status_is 0
	no_err
	out_is_file "$T/want"
}

codec_gzip_7() {
	unz 0 "$G/empty.gz"
	status_is 0
	no_err
	[ ! -s "$OUT" ]
	cat "$G/empty.gz" "$G/hello.gz" "$G/empty.gz" >"$T/in"
	unz 20 "$T/in"
	status_is 0
	no_err
	out_is_file "$G/hello.txt"
}

codec_gzip_8() {
	unz 136409 "$G/rows.gz"
	status_is 0
	no_err
	[ "$(sha256sum <"$OUT")" = "87be3313b517dc8ebd999289bd9e93a5b812bb53c82d06b6ac22bef533e287e5  -" ]
}

codec_gzip_9() {
	unz 1000000 "$G/yes.gz"
	status_is 0
	no_err
	yes | head -c 1000000 >"$T/want"
	out_is_file "$T/want"
}

codec_gzip_10() {
	unz 8469 "$G/text.zlib"
	status_is 0
	no_err
	out_is_file "$G/text.tsv"
}

# Hand-built dynamic blocks that zlib takes (see the README for the bits).

codec_gzip_11() {
	member 0dc00104000000802000000000000000000000000001000000000000000000000000000000000000009f0545e598ad04000000
	unz 4 "$T/in"
	status_is 0
	no_err
	[ "$(<"$OUT")" = aaaa ]
}

@test "gzip: levels 1, 6 and 9, dynamic blocks; a member with a name and a time (FNAME); FTEXT, FHCRC, FEXTRA, FNAME and FCOMMENT all set; a fixed-Huffman block; random data, a stored block; two members, one after the other; a member of nothing; 136409 bytes at level 9, many blocks; a megabyte of y, matches one period long; a zlib stream (RFC 1950) is read too; a distance code of a single one-bit code" {
	cases \
	    "levels 1, 6 and 9, dynamic blocks" codec_gzip_1 \
	    "a member with a name and a time (FNAME)" codec_gzip_2 \
	    "FTEXT, FHCRC, FEXTRA, FNAME and FCOMMENT all set" codec_gzip_3 \
	    "a fixed-Huffman block" codec_gzip_4 \
	    "random data, a stored block" codec_gzip_5 \
	    "two members, one after the other" codec_gzip_6 \
	    "a member of nothing" codec_gzip_7 \
	    "136409 bytes at level 9, many blocks" codec_gzip_8 \
	    "a megabyte of y, matches one period long" codec_gzip_9 \
	    "a zlib stream (RFC 1950) is read too" codec_gzip_10 \
	    "a distance code of a single one-bit code" codec_gzip_11
}

codec_gzip_12() {
	member 05c001040000000010000000000000000000000000020000000000000000000000000000000000008008ae1baeb502000000
	unz 2 "$T/in"
	status_is 0
	no_err
	[ "$(<"$OUT")" = bb ]
}

codec_gzip_13() {
	member 05c0010400000000100000000000000000000000000000000000000000000000000000000000000080000000000000000000
	unz 0 "$T/in"
	status_is 0
	no_err
	[ ! -s "$OUT" ]
}


# ---- errors: header and trailer ----

codec_gzip_14() {
	np unzip gzip 0 </dev/null
	status_is 1
	err_is "unzip: gzip: at byte 0: empty input, no gzip member"
}

codec_gzip_15() {
	unz 10 "$G/random.bin"
	status_is 1
	err_is "unzip: gzip: at byte 0: not a gzip member: bytes 0xb5 0x98, not 0x1f 0x8b"
}

codec_gzip_16() {
	{ cat "$G/text.6.gz"; printf xy; } >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2744: not a gzip member: bytes 0x78 0x79, not 0x1f 0x8b"
	{ cat "$G/text.6.gz"; printf '\037'; } >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2745: input ends inside the gzip header"
}

codec_gzip_17() {
	cp "$G/hello.gz" "$T/in"
	patch "$T/in" 2 07
	unz 20 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2: compression method 7, not deflate (8)"
	cp "$G/hello.gz" "$T/in"
	patch "$T/in" 3 28
	unz 20 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 3: reserved header flags 0x20 set"
}

codec_gzip_18() {
	cp "$G/extra.gz" "$T/in"
	patch "$T/in" 43 00
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 43: header CRC 0xd600, but the header's is 0xd664"
}

codec_gzip_19() {
	cp "$G/text.6.gz" "$T/in"
	patch "$T/in" 2736 00
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2736: CRC-32 0x58cd5e00, but the output's is 0x58cd5e2a"
}

codec_gzip_20() {
	cp "$G/text.6.gz" "$T/in"
	patch "$T/in" 2740 00
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2740: ISIZE 8448, but the member holds 8469 bytes"
}

codec_gzip_21() {
	head -c 1 "$G/page.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 1: input ends inside the gzip header"
	head -c 5 "$G/page.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 5: input ends inside the gzip header"
	head -c 15 "$G/page.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 15: input ends inside the gzip header"
	head -c 30 "$G/extra.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 30: input ends inside the gzip header"
	head -c 1000 "$G/page.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 1000: input ends inside the deflate data"
	head -c 2741 "$G/page.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2741: input ends inside the deflate data"
	head -c 2750 "$G/page.gz" >"$T/in"
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2750: input ends inside the gzip trailer"
	head -c 100 "$G/random.gz" >"$T/in"
	unz 3000 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 100: input ends inside a stored block"
	head -c 12 "$G/hello.gz" >"$T/in"
	unz 20 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 12: input ends inside the deflate data"
}

codec_gzip_22() {
	unz 8468 "$G/text.6.gz"
	status_is 1
	err_is "unzip: gzip: at byte 2734: output exceeds the stated size of 8468 bytes"
	unz 2999 "$G/random.gz"
	status_is 1
	err_is "unzip: gzip: at byte 11: output exceeds the stated size of 2999 bytes"
	unz 19 "$G/hello.gz"
	status_is 1
	err_is "unzip: gzip: at byte 21: output exceeds the stated size of 19 bytes"
	unz 8470 "$G/text.6.gz"
	status_is 1
	err_is "unzip: 8469 bytes out, expected 8470"
	unz 0 "$G/hello.gz"
	status_is 1
	err_is "unzip: gzip: at byte 11: output exceeds the stated size of 0 bytes"
}

codec_gzip_23() {
	cp "$G/text.zlib" "$T/in"
	patch "$T/in" $(($(size "$T/in") - 1)) 00
	unz 8469 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 2728: Adler-32 0x75e90500, but the output's is 0x75e9053c"
	hexbytes 78200300 >"$T/in"
	unz 0 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 1: zlib stream needs a preset dictionary"
	hexbytes 881c0300 >"$T/in"
	unz 0 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 0: zlib window of 2^16 bytes, more than 32 KiB"
}

@test "gzip: a block of literals with no distance codes; a literal/length code of the end-of-block code alone; empty input; random bytes are not a member; bytes after the last member; a method other than deflate, reserved flags; a bad header CRC (FHCRC); a bad CRC-32; a bad ISIZE; truncated in the header, the name, the data, the trailer; output beyond the stated size, or short of it; zlib stream errors: Adler-32, dictionary, window" {
	cases \
	    "a block of literals with no distance codes" codec_gzip_12 \
	    "a literal/length code of the end-of-block code alone" codec_gzip_13 \
	    "empty input" codec_gzip_14 \
	    "random bytes are not a member" codec_gzip_15 \
	    "bytes after the last member" codec_gzip_16 \
	    "a method other than deflate, reserved flags" codec_gzip_17 \
	    "a bad header CRC (FHCRC)" codec_gzip_18 \
	    "a bad CRC-32" codec_gzip_19 \
	    "a bad ISIZE" codec_gzip_20 \
	    "truncated in the header, the name, the data, the trailer" codec_gzip_21 \
	    "output beyond the stated size, or short of it" codec_gzip_22 \
	    "zlib stream errors: Adler-32, dictionary, window" codec_gzip_23
}

# ---- errors: deflate data, hand-built (bits in the README) ----

codec_gzip_24() {
	member 07
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 10: reserved block type 3"
}

codec_gzip_25() {
	member 010500fafe68656c6c6f
	unz 5 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 11: stored block length 5 does not match its complement 0xfefa"
}

codec_gzip_26() {
	member 05009204
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 13: over-subscribed code-length code"
}

codec_gzip_27() {
	member 05c001000800000090ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 51: incomplete literal/length code"
}

codec_gzip_28() {
	member 0520022001
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 14: code-length repeat with no length before it"
}

codec_gzip_29() {
	member f50000
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 10: 287 literal/length codes, more than 286"
}

codec_gzip_30() {
	member 1b03
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 11: invalid literal/length code"
	member 4b043e
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 12: invalid distance code"
}

codec_gzip_31() {
	member 4b4c022200
	unz 10 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 13: distance 3 reaches before the start of the output (2 bytes written)"
}

codec_gzip_32() {
	# 16 bytes after the data and a big buffer: the word-at-a-time loop
	# decodes these, not the careful one.
	member 4b4c02220000000000000000000000000000000000
	unz 1000 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 13: distance 3 reaches before the start of the output (2 bytes written)"
	member 1b0300000000000000000000000000000000
	unz 1000 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 11: invalid literal/length code"
	member 4b043e00000000000000000000000000000000
	unz 1000 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 12: invalid distance code"
}

codec_gzip_33() {
	# hello.gz, then a fixed block whose first symbol is length 3,
	# distance 1.
	{ cat "$G/hello.gz"; hexbytes "${HDR}030200"; } >"$T/in"
	unz 30 "$T/in"
	status_is 1
	err_is "unzip: gzip: at byte 41: distance 1 reaches before the start of the output (0 bytes written)"
}

@test "gzip: reserved block type 3; a stored block whose length's complement is wrong; an over-subscribed code-length code; an incomplete literal/length code; a code-length repeat with nothing to repeat; 287 literal/length codes; literal/length symbol 286, distance symbol 30; a distance too far back; the same errors from the fast loop (room and input to spare); a member's distances do not reach into the member before" {
	cases \
	    "reserved block type 3" codec_gzip_24 \
	    "a stored block whose length's complement is wrong" codec_gzip_25 \
	    "an over-subscribed code-length code" codec_gzip_26 \
	    "an incomplete literal/length code" codec_gzip_27 \
	    "a code-length repeat with nothing to repeat" codec_gzip_28 \
	    "287 literal/length codes" codec_gzip_29 \
	    "literal/length symbol 286, distance symbol 30" codec_gzip_30 \
	    "a distance too far back" codec_gzip_31 \
	    "the same errors from the fast loop (room and input to spare)" codec_gzip_32 \
	    "a member's distances do not reach into the member before" codec_gzip_33
}
