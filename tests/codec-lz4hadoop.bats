#!/usr/bin/env bats
# Parquet's deprecated LZ4 codec (common/codec/lz4hadoop.c) through the test
# driver unzip (tests/tools/unzip.c): Hadoop frames (a 4-byte big-endian
# uncompressed size, a 4-byte big-endian compressed size, one LZ4 block)
# around the blocks of fixtures/codec/lz4raw (made by the reference
# library), the raw block that earlier Parquet C++ wrote under the same
# codec, and pages that are neither, with their exact messages.  Positions
# in messages count input bytes from 0.

load helpers

Z=$FIX/codec/lz4raw

# be32 N: N as 4 big-endian bytes.
be32() {
	printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($1 >> 24 & 255)) \
	    $(($1 >> 16 & 255)) $(($1 >> 8 & 255)) $(($1 & 255)))"
}
size() { wc -c <"$1" | tr -d ' '; }
# frame BLOCK USIZE: one Hadoop frame around the block file BLOCK.
frame() {
	be32 "$2"
	be32 "$(size "$1")"
	cat "$1"
}
# decodes SIZE EXPECTED: $T/in gives exactly the bytes of EXPECTED.
decodes() {
	np unzip lz4hadoop "$1" <"$T/in"
	status_is 0
	no_err
	if ! cmp -s "$2" "$OUT"; then
		echo "output differs from $2:"
		cmp "$2" "$OUT"
		return 1
	fi
}
rejects() {
	np unzip lz4hadoop "$1" <"$T/in"
	status_is 1
	err_is "unzip: $2"
}

codec_lz4hadoop_1() {
	frame "$Z/runs.lz4" 9705 >"$T/in"
	[ "$(head -c 8 "$T/in" | od -An -tx1)" = " 00 00 25 e9 00 00 01 6f" ]
	decodes 9705 "$Z/runs.out"
}

codec_lz4hadoop_2() {
	{
		frame "$Z/literal.lz4" 1000
		frame "$Z/runs.lz4" 9705
		be32 0
		be32 0
	} >"$T/in"
	cat "$Z/literal.out" "$Z/runs.out" >"$T/want"
	decodes 10705 "$T/want"
}

codec_lz4hadoop_3() {
	cp "$Z/runs.lz4" "$T/in"
	decodes 9705 "$Z/runs.out"
	# Its first 8 bytes do not read as sizes that fit.
	[ "$(head -c 8 "$T/in" | od -An -tx1)" != " 00 00 25 e9 00 00 01 6f" ]
}

codec_lz4hadoop_4() {
	frame "$Z/runs.lz4" 9705 | head -c 300 >"$T/in"
	rejects 9705 "lz4: at byte 0: not Hadoop frames (a frame of 367 bytes past the end of the page), nor a raw block (lz4raw: at byte 1: match offset 9472 before the start of the output)"
	frame "$Z/runs.lz4" 9704 >"$T/in"
	rejects 9704 "lz4: at byte 0: not Hadoop frames (its block, from byte 8: lz4raw: at byte 349: 16 literals at output byte 9689 would pass the 9704 bytes expected), nor a raw block (lz4raw: at byte 1: match offset 9472 before the start of the output)"
	{ frame "$Z/literal.lz4" 1000; printf 'xyz'; } >"$T/in"
	rejects 1003 "lz4: at byte 1013: not Hadoop frames (3 bytes after the last frame), nor a raw block (lz4raw: at byte 1: match offset 768 before the start of the output)"
	printf 'abc' >"$T/in"
	rejects 3 "lz4: at byte 0: not Hadoop frames (3 bytes, fewer than a frame's 8-byte sizes), nor a raw block (lz4raw: at byte 0: 6 literals, only 2 left in the input)"
}

codec_lz4hadoop_5() {
	frame "$Z/runs.lz4" 9705 >"$T/in"
	rejects 100 "lz4: at byte 0: not Hadoop frames (a frame of 9705 bytes uncompressed past the page's size), nor a raw block (lz4raw: at byte 1: match offset 9472 before the start of the output)"
}

@test "lz4hadoop: one frame around a block; two frames, then the end mark of sizes 0 and 0; a raw block without frames, as earlier Parquet C++ wrote; neither frames nor a raw block: both reasons; a frame larger than the page's stated size" {
	cases \
	    "one frame around a block" codec_lz4hadoop_1 \
	    "two frames, then the end mark of sizes 0 and 0" codec_lz4hadoop_2 \
	    "a raw block without frames, as earlier Parquet C++ wrote" codec_lz4hadoop_3 \
	    "neither frames nor a raw block: both reasons" codec_lz4hadoop_4 \
	    "a frame larger than the page's stated size" codec_lz4hadoop_5
}
