#!/usr/bin/env bats
# The LZ4 block decompressor (common/codec/lz4raw.c, Parquet's LZ4_RAW) through
# the test driver unzip (tests/tools/unzip.c): blocks made by the reference
# library (through the Python lz4 bindings), small blocks written by hand
# whose acceptance or rejection the reference decoder agrees with, and broken
# blocks, each with its exact message.  How every fixture was made:
# fixtures/codec/lz4raw/README.md.
#
# A block is a run of sequences: a token (high nibble: literal count, low:
# match length - 4, 15 meaning "more in the bytes that follow"), the
# literals, a 2-byte little-endian offset and the match length's extension
# bytes; the last sequence stops after its literals.  Positions in messages
# count input bytes from 0.

load helpers

Z=$FIX/codec/lz4raw

# decodes BLOCK SIZE EXPECTED: the block gives exactly the bytes of EXPECTED.
decodes() {
	np unzip lz4raw "$2" <"$1"
	status_is 0
	no_err
	if ! cmp -s "$3" "$OUT"; then
		echo "output differs from $3:"
		cmp "$3" "$OUT"
		return 1
	fi
}

# bytes FORMAT: the input from a printf format.  rejects SIZE MESSAGE: it
# fails with exit 1 and exactly that message.
bytes() { printf "$1" >"$T/in"; }
rejects() {
	np unzip lz4raw "$1" <"$T/in"
	status_is 1
	err_is "unzip: $2"
}

# The 338 KiB text big.lz4 was made from (integer arithmetic only, so every
# awk prints the same).
bigtext() {
	awk 'BEGIN {
		split("Tensor Vector Scalar GpSimd Sync", eng, " ")
		split("MATMUL LOAD STORE ACTIVATE TENSOR_COPY DMA_WAIT SEM_INC",
		    op, " ")
		x = 1
		for (i = 0; i < 8000; i++) {
			x = (x * 75 + 74) % 65537
			k = x % 40
			printf "%s\t%s\t%d\tsrc/layer_%d.py:%d\tq=%d\n",
			    eng[k % 5 + 1], op[k % 7 + 1], k * 131, k % 9,
			    100 + k, k % 3
		}
	}'
}

codec_lz4raw_1() {
	: >"$T/empty"
	decodes "$Z/empty.lz4" 0 "$T/empty"
	[ "$(od -An -tx1 "$Z/empty.lz4")" = " 00" ]
}

codec_lz4raw_2() {
	decodes "$Z/literal.lz4" 1000 "$Z/literal.out"
	[ "$(head -c 5 "$Z/literal.lz4" | od -An -tx1)" = " f0 ff ff ff dc" ]
}

codec_lz4raw_3() {
	decodes "$Z/runs.lz4" 9705 "$Z/runs.out"
}

codec_lz4raw_4() {
	{
		cat "$Z/far-piece.bin"
		head -c 65503 /dev/zero
		cat "$Z/far-piece.bin"
	} >"$T/want"
	decodes "$Z/far.lz4" 65567 "$T/want"
}

codec_lz4raw_5() {
	bigtext >"$T/want"
	[ "$(wc -c <"$T/want")" -eq 338242 ]
	decodes "$Z/big.lz4" 338242 "$T/want"
}

codec_lz4raw_6() {
	# Literals only, fewer than 5: one sequence may hold any number.
	bytes '\x40abcd'
	np unzip lz4raw 4 <"$T/in"
	status_is 0
	[ "$(<"$OUT")" = abcd ]
	# The last match starts 12 bytes before the end, 5 literals after it.
	bytes '\x13a\x01\x00\x50vwxyz'
	np unzip lz4raw 13 <"$T/in"
	status_is 0
	[ "$(<"$OUT")" = aaaaaaaavwxyz ]
}

codec_lz4raw_7() {
	bytes '\x10a\x01\x00\x30xyz'
	rejects 8 "lz4raw: at byte 0: the last match ends 3 bytes before the end of the block, not the 5 literals required"
	bytes '\x13a\x01\x00\x40wxyz'
	rejects 12 "lz4raw: at byte 0: the last match ends 4 bytes before the end of the block, not the 5 literals required"
	bytes '\x12a\x01\x00\x50vwxyz'
	rejects 12 "lz4raw: at byte 0: the last match starts 11 bytes before the end of the block, not the 12 required"
	bytes '\x10a\x01\x00\x50vwxyz'
	rejects 10 "lz4raw: at byte 0: the last match starts 9 bytes before the end of the block, not the 12 required"
	bytes '\x10a\x01\x00'
	rejects 5 "lz4raw: at byte 4: the block ends after a match, not in a sequence of literals only"
}

@test "lz4raw: the empty block, one token 0, gives no bytes; 1000 random bytes, one sequence of literals, its length in 4 extra bytes; runs copied over themselves, offsets 1 to 9, 12, 15, 16, 17, 40, 100, one of 4999 bytes; a match at offset 65535, the largest; 338 KiB of text through 19000 sequences; short blocks at the end-of-block limits; the end-of-block rules: 5 literals last, the last match 12 bytes before the end" {
	cases \
	    "the empty block, one token 0, gives no bytes" codec_lz4raw_1 \
	    "1000 random bytes, one sequence of literals, its length in 4 extra bytes" codec_lz4raw_2 \
	    "runs copied over themselves, offsets 1 to 9, 12, 15, 16, 17, 40, 100, one of 4999 bytes" codec_lz4raw_3 \
	    "a match at offset 65535, the largest" codec_lz4raw_4 \
	    "338 KiB of text through 19000 sequences" codec_lz4raw_5 \
	    "short blocks at the end-of-block limits" codec_lz4raw_6 \
	    "the end-of-block rules: 5 literals last, the last match 12 bytes before the end" codec_lz4raw_7
}

codec_lz4raw_8() {
	: >"$T/in"
	rejects 0 "lz4raw: at byte 0: empty input (a block holds at least one token)"
}

codec_lz4raw_9() {
	bytes '\x10a\x00\x00\x50vwxyz'
	rejects 10 "lz4raw: at byte 2: match offset 0"
	bytes '\x10a\x02\x00\x50vwxyz'
	rejects 10 "lz4raw: at byte 2: match offset 2 before the start of the output"
	bytes '\x00\xff\xff\x50vwxyz'
	rejects 10 "lz4raw: at byte 1: match offset 65535 before the start of the output"
}

codec_lz4raw_10() {
	bytes '\xf0'
	rejects 100 "lz4raw: at byte 0: literal length runs past the end of the input"
	bytes '\xf0\xff'
	rejects 1000 "lz4raw: at byte 0: literal length runs past the end of the input"
	bytes '\x50abc'
	rejects 5 "lz4raw: at byte 0: 5 literals, only 3 left in the input"
	bytes '\x10a\x01'
	rejects 100 "lz4raw: at byte 2: match offset runs past the end of the input"
	bytes '\x1fa\x01\x00\xff'
	rejects 1000 "lz4raw: at byte 0: match length runs past the end of the input"
}

codec_lz4raw_11() {
	head -c 1 "$Z/big.lz4" >"$T/in"
	rejects 338242 "lz4raw: at byte 0: literal length runs past the end of the input"
	head -c 2 "$Z/big.lz4" >"$T/in"
	rejects 338242 "lz4raw: at byte 0: 38 literals, only 0 left in the input"
	head -c 100 "$Z/big.lz4" >"$T/in"
	rejects 338242 "lz4raw: at byte 96: 6 literals, only 3 left in the input"
	head -c 30000 "$Z/big.lz4" >"$T/in"
	rejects 338242 "lz4raw: at byte 29997: match length runs past the end of the input"
	head -c 64893 "$Z/big.lz4" >"$T/in"
	rejects 338242 "lz4raw: at byte 64888: 5 literals, only 4 left in the input"
}

codec_lz4raw_12() {
	np unzip lz4raw 999 <"$Z/literal.lz4"
	status_is 1
	err_is "unzip: lz4raw: at byte 0: 1000 literals at output byte 0 would pass the 999 bytes expected"
	np unzip lz4raw 9000 <"$Z/runs.lz4"
	status_is 1
	err_is "unzip: lz4raw: at byte 325: match of 4999 bytes at output byte 4690 would pass the 9000 bytes expected"
	np unzip lz4raw 9704 <"$Z/runs.lz4"
	status_is 1
	err_is "unzip: lz4raw: at byte 349: 16 literals at output byte 9689 would pass the 9704 bytes expected"
	bytes '\xf0\xff\xff\xff\xff'
	rejects 100 "lz4raw: at byte 0: literal length longer than input and output"
	bytes '\x1fa\x01\x00\xff\xff'
	rejects 100 "lz4raw: at byte 0: match length longer than the output"
}

codec_lz4raw_13() {
	np unzip lz4raw 1001 <"$Z/literal.lz4"
	status_is 1
	err_is "unzip: 1000 bytes out, expected 1001"
}

codec_lz4raw_14() {
	np unzip lz4raw 100000 <"$Z/literal.out"
	status_is 1
	err_is "unzip: lz4raw: at byte 4: match offset 16645 before the start of the output"
}

@test "lz4raw: empty input; match offsets of 0 and before the start of the output; hand-made blocks cut short: in a length, the literals, the offset; a real block cut short at several points; literals and matches past the size expected, lengths past anything; output short of the size expected; random bytes" {
	cases \
	    "empty input" codec_lz4raw_8 \
	    "match offsets of 0 and before the start of the output" codec_lz4raw_9 \
	    "hand-made blocks cut short: in a length, the literals, the offset" codec_lz4raw_10 \
	    "a real block cut short at several points" codec_lz4raw_11 \
	    "literals and matches past the size expected, lengths past anything" codec_lz4raw_12 \
	    "output short of the size expected" codec_lz4raw_13 \
	    "random bytes" codec_lz4raw_14
}
