#!/usr/bin/env bats
# The Snappy block decompressor (common/codec/snappy.c) through the test driver
# unzip (tests/tools/unzip.c): blocks made by the reference library (through
# the Python snappy bindings), one assembled by hand from the format
# description for the elements that library never writes, and broken
# blocks, each with its exact message.  How every fixture was made:
# fixtures/codec/snappy/README.md.
#
# A block is a varint of its uncompressed length, then elements: a tag byte
# whose low two bits say literal (00), copy with a 1-, 2- or 4-byte offset
# (01, 10, 11).  Positions in messages count input bytes from 0.

load helpers

Z=$FIX/codec/snappy

# decodes BLOCK SIZE EXPECTED: the block gives exactly the bytes of EXPECTED.
decodes() {
	np unzip snappy "$2" <"$1"
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
	np unzip snappy "$1" <"$T/in"
	status_is 1
	err_is "unzip: $2"
}

# The 338 KiB text big.sz was made from (integer arithmetic only, so every
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

codec_snappy_1() {
	: >"$T/empty"
	decodes "$Z/empty.sz" 0 "$T/empty"
	[ "$(od -An -tx1 "$Z/empty.sz")" = " 00" ]
}

codec_snappy_2() {
	decodes "$Z/literal.sz" 1000 "$Z/literal.out"
}

codec_snappy_3() {
	decodes "$Z/runs.sz" 9705 "$Z/runs.out"
}

codec_snappy_4() {
	{
		cat "$Z/far-piece.bin"
		head -c 65468 /dev/zero
		cat "$Z/far-piece.bin"
	} >"$T/want"
	decodes "$Z/far.sz" 65532 "$T/want"
}

codec_snappy_5() {
	{
		printf 'ABCDEFGH0123456789abcdef'
		head -c 65601 /dev/zero | tr '\0' z
		printf '0123456789abcdefdefdefdefd'
		head -c 16 /dev/zero | tr '\0' z
		printf 'end\n'
	} >"$T/want"
	decodes "$Z/handmade.sz" 65671 "$T/want"
}

codec_snappy_6() {
	bigtext >"$T/want"
	[ "$(wc -c <"$T/want")" -eq 338242 ]
	decodes "$Z/big.sz" 338242 "$T/want"
}

codec_snappy_7() {
	: >"$T/in"
	rejects 0 "snappy: at byte 0: empty input, no length preamble"
}

codec_snappy_8() {
	bytes '\x80\x80'
	rejects 10 "snappy: at byte 0: length preamble runs past the end of the input"
	bytes '\x80\x80\x80\x80\x80\x00'
	rejects 10 "snappy: at byte 0: length preamble longer than 5 bytes"
	bytes '\xff\xff\xff\xff\x1f'
	rejects 10 "snappy: at byte 0: uncompressed length 8589934591 is over 2^32 - 1"
	bytes '\xff\xff\xff\xff\x0f'
	rejects 10 "snappy: at byte 0: uncompressed length 4294967295 is more than the 10 bytes expected"
}

@test "snappy: the empty block gives no bytes; 1000 random bytes, one literal with a 2-byte length; runs copied over themselves, offsets 1 to 9, 12, 15, 16, 17, 40; a copy 65500 bytes back, the farthest the compressor goes; 3- and 4-byte literal lengths, copies with 4-byte offsets, largest 1- and 2-byte offsets; 338 KiB of text through 20000 elements; empty input; a length preamble that ends too soon, runs past 5 bytes, or passes 32 bits" {
	cases \
	    "the empty block gives no bytes" codec_snappy_1 \
	    "1000 random bytes, one literal with a 2-byte length" codec_snappy_2 \
	    "runs copied over themselves, offsets 1 to 9, 12, 15, 16, 17, 40" codec_snappy_3 \
	    "a copy 65500 bytes back, the farthest the compressor goes" codec_snappy_4 \
	    "3- and 4-byte literal lengths, copies with 4-byte offsets, largest 1- and 2-byte offsets" codec_snappy_5 \
	    "338 KiB of text through 20000 elements" codec_snappy_6 \
	    "empty input" codec_snappy_7 \
	    "a length preamble that ends too soon, runs past 5 bytes, or passes 32 bits" codec_snappy_8
}

codec_snappy_9() {
	np unzip snappy 999 <"$Z/literal.sz"
	status_is 1
	err_is "unzip: snappy: at byte 0: uncompressed length 1000 is more than the 999 bytes expected"
	np unzip snappy 1001 <"$Z/literal.sz"
	status_is 1
	err_is "unzip: 1000 bytes out, expected 1001"
}

codec_snappy_10() {
	head -c 1 "$Z/big.sz" >"$T/in"
	rejects 338242 "snappy: at byte 0: length preamble runs past the end of the input"
	head -c 3 "$Z/big.sz" >"$T/in"
	rejects 338242 "snappy: at byte 3: input ends after 0 of the 338242 bytes stated"
	head -c 4 "$Z/literal.sz" >"$T/in"
	rejects 1000 "snappy: at byte 2: literal length runs past the end of the input"
	head -c 500 "$Z/literal.sz" >"$T/in"
	rejects 1000 "snappy: at byte 2: literal of 1000 bytes, only 495 left in the input"
	head -c 40 "$Z/handmade.sz" >"$T/in"
	rejects 65671 "snappy: at byte 38: copy runs past the end of the input"
	head -c 41 "$Z/handmade.sz" >"$T/in"
	rejects 65671 "snappy: at byte 41: input ends after 89 of the 65671 bytes stated"
	head -c 3100 "$Z/handmade.sz" >"$T/in"
	rejects 65671 "snappy: at byte 3098: copy runs past the end of the input"
	head -c 30000 "$Z/big.sz" >"$T/in"
	rejects 338242 "snappy: at byte 29999: copy runs past the end of the input"
}

codec_snappy_11() {
	bytes '\x05\x00a\x01\x00'
	rejects 5 "snappy: at byte 3: copy offset 0"
	bytes '\x05\x00a\x01\x02'
	rejects 5 "snappy: at byte 3: copy offset 2 before the start of the output"
	bytes '\x05\x00a\x0a\x02\x00'
	rejects 5 "snappy: at byte 3: copy offset 2 before the start of the output"
	bytes '\x05\x00a\x0f\xff\xff\xff\xff'
	rejects 5 "snappy: at byte 3: copy offset 4294967295 before the start of the output"
}

codec_snappy_12() {
	bytes '\x02\x08abc'
	rejects 2 "snappy: at byte 1: literal of 3 bytes at output byte 0, past the stated length 2"
	bytes '\x04\x00a\x01\x01'
	rejects 4 "snappy: at byte 3: copy of 4 bytes at output byte 1, past the stated length 4"
	bytes '\x01\x00a\x00b'
	rejects 1 "snappy: at byte 3: literal of 1 bytes at output byte 1, past the stated length 1"
}

codec_snappy_13() {
	np unzip snappy 100000 <"$Z/literal.out"
	status_is 1
	err_is "unzip: snappy: at byte 34: literal of 48 bytes at output byte 32, past the stated length 60"
}

@test "snappy: a stated length over the size expected, and output short of it; blocks cut short: in the preamble, before any element, in a literal, in a copy, between elements; copy offsets of 0 and before the start of the output; elements past the stated length, an extra one after it; random bytes" {
	cases \
	    "a stated length over the size expected, and output short of it" codec_snappy_9 \
	    "blocks cut short: in the preamble, before any element, in a literal, in a copy, between elements" codec_snappy_10 \
	    "copy offsets of 0 and before the start of the output" codec_snappy_11 \
	    "elements past the stated length, an extra one after it" codec_snappy_12 \
	    "random bytes" codec_snappy_13
}
