#!/usr/bin/env bats
# The Zstandard decompressor (common/codec/zstd.c) through the codec test tool
# unzip (tests/tools/unzip.c): unzip zstd SIZE <frames >data.  The valid inputs
# were made by the zstd tool and decode to the plain files beside them
# (tests/fixtures/codec/zstd/README.md says how each was made and what it
# exercises); the broken ones are built here from hand-made frames, each
# byte written out, and their messages are written from RFC 8878.

load helpers

Z=$FIX/codec/zstd

# near: a 21-byte frame decoding to "aaaa" (see the README): header with a
# 1 KiB window and a 4-byte content size of 4, one compressed block of raw
# literal 'a' and one sequence (literal length 1, repeat offset 1, match
# length 3) with RLE-mode tables.  Its parts, for the tests to patch:
MAGIC='\x28\xb5\x2f\xfd'
HDR4="$MAGIC"'\x80\x00\x04\x00\x00\x00'	# content size 4
BLOCK='\x45\x00\x00'			# last, compressed, 8 bytes
LITS='\x08\x61'				# raw literals: 'a'
SEQ='\x01\x54\x01\x00\x00\x01'		# 1 sequence, RLE codes 1 0 0, end mark

# bytes FORMAT: the input from a printf format.
bytes() { printf "$1" >"$T/in.zst"; }

# decodes ZST PLAIN: unzip gives exactly PLAIN, at PLAIN's size.
decodes() {
	np unzip zstd "$(wc -c <"$2")" <"$1"
	status_is 0
	no_err
	cmp "$2" "$OUT"
}

# variants WHAT N FROM STEP ERE: unzip -c or -x wrote a line for each
# variant K = FROM, FROM + STEP, ... below N, in order, "WHAT K: " then
# what matches ERE.
variants() {
	awk -v what="$1" -v n="$2" -v k="$3" -v step="$4" -v re="^($5)" '
		{ p = what " " k ": " }
		substr($0, 1, length(p)) != p || substr($0, length(p) + 1) !~ re {
			print "not as expected: " $0; bad = 1
		}
		{ k += step }
		END {
			if (k < n || k - step >= n) {
				print "the last variant is not the last below " n
				bad = 1
			}
			exit bad
		}' "$OUT"
}

# fails SIZE MESSAGE: unzip zstd SIZE <in.zst exits 1 with MESSAGE.
fails() {
	np unzip zstd "$1" <"$T/in.zst"
	status_is 1
	err_is "unzip: $2"
	[ ! -s "$OUT" ]
}

codec_zstd_1() {
	for l in 1 3 19 22; do
		decodes "$Z/text-$l.zst" "$Z/text.txt"
	done
	decodes "$Z/seq-19.zst" "$Z/seq.txt"
}

codec_zstd_2() {
	decodes "$Z/text-nocheck.zst" "$Z/text.txt"
	decodes "$Z/text-nosize.zst" "$Z/text.txt"
	decodes "$Z/text-long.zst" "$Z/text.txt"
}

codec_zstd_3() {
	decodes "$Z/text-w10.zst" "$Z/text.txt"
	decodes "$Z/text-tcb.zst" "$Z/text.txt"
	decodes "$Z/seq-w10.zst" "$Z/seq.txt"
	decodes "$Z/lit-w10.zst" "$Z/lit.bin"
}

codec_zstd_4() {
	decodes "$Z/rand.zst" "$Z/rand.bin"
	decodes "$Z/run.zst" "$Z/run.bin"
	decodes "$Z/run-w10.zst" "$Z/run.bin"
}

codec_zstd_5() {
	decodes "$Z/lit-19.zst" "$Z/lit.bin"
	decodes "$Z/small16.zst" "$Z/small16.bin"
}

codec_zstd_6() {
	np unzip zstd 8 <"$Z/rlelit.zst"
	status_is 0
	no_err
	[ "$(<"$OUT")" = aaaaaaaa ]
	np unzip zstd 4 <"$Z/near.zst"
	status_is 0
	[ "$(<"$OUT")" = aaaa ]
}

codec_zstd_7() {
	np unzip zstd 0 <"$Z/empty.zst"
	status_is 0
	no_err
	[ ! -s "$OUT" ]
}

# A table kept from block to block (hand-made, checked with zstd -dc): three
# blocks of one sequence, the first with the predefined tables (literal
# length 1 from state 2, offset and match length from state 0), the second
# with RLE tables as near's, the third with the predefined ones again, every
# state 0: literal length 0, so repeat offset 2 (4), match length 3.  The
# RLE block in between must not leave its entry in the predefined table.
codec_zstd_8() {
	bytes "$MAGIC"'\x80\x00\x0b\x00\x00\x00'\
'\x3c\x00\x00\x08\x61\x01\x00\x00\x10\x02'\
'\x44\x00\x00'"$LITS$SEQ"\
'\x35\x00\x00\x00\x01\x00\x00\x00\x02'
	np unzip zstd 11 <"$T/in.zst"
	status_is 0
	no_err
	[ "$(<"$OUT")" = aaaaaaaaaaa ]
}


codec_zstd_t1() {
	cat "$Z/text.txt" "$Z/seq.txt" "$Z/run.bin" >"$T/want"
	decodes "$Z/multi.zst" "$T/want"
	# The empty frame between two others adds nothing.
	cat "$Z/run.zst" "$Z/empty.zst" "$Z/lit-19.zst" >"$T/two.zst"
	cat "$Z/run.bin" "$Z/lit.bin" >"$T/want"
	decodes "$T/two.zst" "$T/want"
}

@test "zstd: levels 1, 3, 19 and --ultra -22, with a content checksum; --no-check, --no-content-size and a 128 MiB --long window; small blocks (1 KiB window, target block size): repeat and RLE tables, treeless literals; raw blocks, RLE blocks, raw literals, a long offset-1 match; 1-stream Huffman literals, and a tree of direct 4-bit weights; RLE literals (hand-made frame); an empty frame is 0 bytes; predefined tables, RLE ones, the predefined again (hand-made frame); concatenated frames decode one after the other" {
	cases \
	    "levels 1, 3, 19 and --ultra -22, with a content checksum" codec_zstd_1 \
	    "--no-check, --no-content-size and a 128 MiB --long window" codec_zstd_2 \
	    "small blocks (1 KiB window, target block size): repeat and RLE tables, treeless literals" codec_zstd_3 \
	    "raw blocks, RLE blocks, raw literals, a long offset-1 match" codec_zstd_4 \
	    "1-stream Huffman literals, and a tree of direct 4-bit weights" codec_zstd_5 \
	    "RLE literals (hand-made frame)" codec_zstd_6 \
	    "an empty frame is 0 bytes" codec_zstd_7 \
	    "predefined tables, RLE ones, the predefined again (hand-made frame)" codec_zstd_8 \
	    "concatenated frames decode one after the other" codec_zstd_t1
}

@test "zstd: skippable frames (hand-made, magic 0x184D2A53 and 0x184D2A5F) are passed over" {
	decodes "$Z/skip.zst" "$Z/lit.bin"
	# Only skippable frames: no output.
	bytes '\x50\x2a\x4d\x18\x02\x00\x00\x00xy'
	np unzip zstd 0 <"$T/in.zst"
	status_is 0
	no_err
}

codec_zstd_10() {
	np unzip zstd 8001 <"$Z/text-3.zst"
	status_is 1
	err_is "unzip: 8000 bytes out, expected 8001"
	# The content size says at once that it does not fit.
	np unzip zstd 7999 <"$Z/text-3.zst"
	status_is 1
	err_is "unzip: zstd: at byte 0: frame content size 8000 above the 7999 bytes left in the output"
	# Without one, the sequence that would pass the end is caught.
	np unzip zstd 7999 <"$Z/text-nosize.zst"
	status_is 1
	err_is "unzip: zstd: at byte 1538: output larger than 7999 bytes"
	np unzip zstd 4999 <"$Z/run-w10.zst"
	status_is 1
	err_is "unzip: zstd: at byte 0: frame content size 5000 above the 4999 bytes left in the output"
	# The second frame does not fit in what the first left.
	np unzip zstd 5000 <"$Z/multi.zst"
	status_is 1
	err_is "unzip: zstd: at byte 0: frame content size 8000 above the 5000 bytes left in the output"
}

codec_zstd_11() {
	bytes ''
	fails 0 "zstd: at byte 0: empty input"
	bytes 'hello world'
	fails 11 "zstd: at byte 0: bad magic number 6c6c6568"
	head -c 3000 "$Z/rand.bin" >"$T/in.zst"
	fails 3000 "zstd: at byte 0: bad magic number $(od -An -tx4 -N4 \
	    "$Z/rand.bin" | tr -d ' ')"
	# A good frame, then garbage.
	{ cat "$Z/near.zst"; printf 'xyz!'; } >"$T/in.zst"
	fails 4 "zstd: at byte 21: bad magic number 217a7978"
}

@test "zstd: output shorter or longer than the stated size; empty input, random bytes, bad magic" {
	cases \
	    "output shorter or longer than the stated size" codec_zstd_10 \
	    "empty input, random bytes, bad magic" codec_zstd_11
}

@test "zstd: truncated at every byte of a frame, and at chosen points of others" {
	local n
	n=$(wc -c <"$Z/near.zst")
	# Every cut, in one run of unzip -c: each an error of the decoder's.
	np unzip -c 0,1 zstd 4 <"$Z/near.zst"
	status_is 0
	no_err
	variants cut "$n" 0 1 'zstd: at byte [0-9]+: '
	head -c 0 "$Z/near.zst" >"$T/in.zst"
	fails 4 "zstd: at byte 0: empty input"
	head -c 3 "$Z/near.zst" >"$T/in.zst"
	fails 4 "zstd: at byte 0: truncated magic number"
	head -c 9 "$Z/near.zst" >"$T/in.zst"
	fails 4 "zstd: at byte 0: truncated frame header"
	head -c 12 "$Z/near.zst" >"$T/in.zst"
	fails 4 "zstd: at byte 10: truncated block header"
	head -c 20 "$Z/near.zst" >"$T/in.zst"
	fails 4 "zstd: at byte 13: truncated block"
	# The checksum's 4 bytes cut to 2.
	n=$(wc -c <"$Z/text-3.zst")
	head -c $((n - 2)) "$Z/text-3.zst" >"$T/in.zst"
	fails 8000 "zstd: at byte 3418: truncated content checksum"
	# Within the last of eight blocks (its 413 bytes start at 3782: the
	# 8-byte header, seven blocks of 3750 bytes and their headers, its
	# header); within a skippable frame.
	head -c 4000 "$Z/text-w10.zst" >"$T/in.zst"
	fails 8000 "zstd: at byte 3782: truncated block"
	head -c 10 "$Z/skip.zst" >"$T/in.zst"
	fails 4000 "zstd: at byte 0: skippable frame of 5 bytes, 2 left"
	head -c 6 "$Z/skip.zst" >"$T/in.zst"
	fails 4000 "zstd: at byte 0: truncated skippable frame"
}

codec_zstd_13() {
	local n
	n=$(wc -c <"$Z/lit-w10.zst")
	# Every seventh cut, in one run of unzip -c.
	np unzip -c 1,7 zstd 4000 <"$Z/lit-w10.zst"
	status_is 0
	no_err
	variants cut "$n" 1 7 'zstd: at byte [0-9]+: '
}

codec_zstd_14() {
	n=$(wc -c <"$Z/text-3.zst")
	# The stored checksum is cb e6 a3 45; its last byte made 00.
	{ head -c $((n - 1)) "$Z/text-3.zst"; printf '\0'; } >"$T/in.zst"
	fails 8000 "zstd: at byte 3418: content checksum 00a3e6cb, computed 45a3e6cb"
	# One byte of a raw block changed: only the checksum sees it.
	{ head -c 100 "$Z/rand.zst"; printf 'X'; tail -c +102 "$Z/rand.zst"; } \
	    >"$T/in.zst"
	np unzip zstd 3000 <"$T/in.zst"
	status_is 1
	case $(<"$ERR") in
	"unzip: zstd: at byte 3010: content checksum "*", computed "*) ;;
	*) echo "$(<"$ERR")"; return 1 ;;
	esac
}

codec_zstd_15() {
	bytes "$MAGIC"'\x88\x00\x04\x00\x00\x00'"$BLOCK$LITS$SEQ"
	fails 4 "zstd: at byte 4: reserved bit set in the frame header"
	# A 1-byte and a 4-byte dictionary ID.
	bytes "$MAGIC"'\x81\x00\x07\x04\x00\x00\x00'"$BLOCK$LITS$SEQ"
	fails 4 "zstd: at byte 0: frame needs dictionary 7"
	bytes "$MAGIC"'\x83\x00\x78\x56\x34\x12\x04\x00\x00\x00'"$BLOCK$LITS$SEQ"
	fails 4 "zstd: at byte 0: frame needs dictionary 305419896"
	# A dictionary ID of 0 is no dictionary.
	bytes "$MAGIC"'\x81\x00\x00\x04\x00\x00\x00'"$BLOCK$LITS$SEQ"
	np unzip zstd 4 <"$T/in.zst"
	status_is 0
	[ "$(<"$OUT")" = aaaa ]
	# Content size 5, but the frame holds 4 bytes.
	bytes "$MAGIC"'\x80\x00\x05\x00\x00\x00'"$BLOCK$LITS$SEQ"
	fails 5 "zstd: at byte 0: frame content size 5, decoded 4"
	# A block larger than the 1 KiB window.
	bytes "$MAGIC"'\x80\x00\x04\x00\x00\x00\x09\x20\x00'
	fails 4 "zstd: at byte 10: block size 1025 above the maximum 1024"
}

codec_zstd_16() {
	bytes "$HDR4"'\x47\x00\x00'"$LITS$SEQ"
	fails 4 "zstd: at byte 10: reserved block type"
	bytes "$HDR4$BLOCK$LITS"'\x01\x55\x01\x00\x00\x01'
	fails 4 "zstd: at byte 16: reserved bits set in the sequence compression modes"
	# Literal lengths in repeat mode in the first block.
	bytes "$HDR4$BLOCK$LITS"'\x01\xd4\x01\x00\x00\x01'
	fails 4 "zstd: at byte 17: literal lengths: repeat mode with no previous table"
	# Treeless literals (type 3, 1 literal, 1 byte) in the first block.
	bytes "$HDR4"'\x55\x00\x00\x13\x40\x00\x61'"$SEQ"
	fails 4 "zstd: at byte 13: treeless literals with no previous Huffman tree"
	# Offset code 10 with extra bits 0: offset 1021, 1 byte written.
	bytes "$HDR4"'\x4d\x00\x00'"$LITS"'\x01\x54\x01\x0a\x00\x00\x04'
	fails 4 "zstd: at byte 15: offset 1021 beyond the 1 bytes of output"
	# Offset 4 reaches into the frame before: frames are independent.
	{ cat "$Z/near.zst"; printf "$HDR4$BLOCK$LITS"'\x01\x54\x01\x02\x00\x07'
	} >"$T/in.zst"
	fails 8 "zstd: at byte 36: offset 4 beyond the 1 bytes of output"
	# Literal length 0 and offset value 3: repeat offset 1 minus 1.
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x00\x01\x00\x03'
	fails 4 "zstd: at byte 15: repeat offset of 0"
	# Literal length 2 with 1 literal.
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x02\x00\x00\x01'
	fails 4 "zstd: at byte 15: literal length 2 beyond the 1 literals left"
	# Offset code 2 needs 2 bits; the stream has none.
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x01\x02\x00\x01'
	fails 4 "zstd: at byte 15: sequence bit stream overread"
	# The same with literal length 2 of 1 literal: the overread is named,
	# not what its garbage breaks.
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x02\x02\x00\x01'
	fails 4 "zstd: at byte 15: sequence bit stream overread"
	# A stream with no end mark; a stream with a bit left over.
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x01\x00\x00\x00'
	fails 4 "zstd: at byte 20: sequence bit stream without end mark"
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x01\x00\x00\x03'
	fails 4 "zstd: at byte 15: sequence bit stream does not end at its last bit"
	# RLE match length code 53 (the last is 52).
	bytes "$HDR4$BLOCK$LITS"'\x01\x54\x01\x00\x35\x01'
	fails 4 "zstd: at byte 19: match lengths: RLE code 53 above 52"
}

codec_zstd_17() {
	# small16.zst byte 15, a direct weight pair, made ff: weight 15.
	{ head -c 15 "$Z/small16.zst"; printf '\xff'; tail -c +17 \
	    "$Z/small16.zst"; } >"$T/in.zst"
	fails 2000 "zstd: at byte 14: Huffman weight 15 too large"
	# lit-19.zst byte 14, in the FSE-coded weights, made 00.
	{ head -c 14 "$Z/lit-19.zst"; printf '\0'; tail -c +16 \
	    "$Z/lit-19.zst"; } >"$T/in.zst"
	fails 4000 "zstd: at byte 13: Huffman weights do not complete a tree"
	# Byte 20, in the Huffman stream, made 00.
	{ head -c 20 "$Z/lit-19.zst"; printf '\0'; tail -c +22 \
	    "$Z/lit-19.zst"; } >"$T/in.zst"
	fails 4000 "zstd: at byte 31: Huffman stream 1 does not end at its last bit"
}

codec_zstd_18() {
	local n
	n=$(wc -c <"$Z/lit-19.zst")
	# Every third byte made 0x5a (90), in one run of unzip -x: each
	# variant decodes to its 4000 bytes or is an error of the decoder's.
	np unzip -x 0,3,90 zstd 4000 <"$Z/lit-19.zst"
	status_is 0
	no_err
	variants byte "$n" 0 3 'ok$|zstd: at byte [0-9]+: '
}

@test "zstd: truncated anywhere in a compressed frame, never a crash; a wrong content checksum; frame header: reserved bit, dictionary ID, content size; blocks and sequences: reserved values, offsets, lengths; Huffman trees and streams; every byte of a frame changed: a message or the right size, never a crash" {
	cases \
	    "truncated anywhere in a compressed frame, never a crash" codec_zstd_13 \
	    "a wrong content checksum" codec_zstd_14 \
	    "frame header: reserved bit, dictionary ID, content size" codec_zstd_15 \
	    "blocks and sequences: reserved values, offsets, lengths" codec_zstd_16 \
	    "Huffman trees and streams" codec_zstd_17 \
	    "every byte of a frame changed: a message or the right size, never a crash" codec_zstd_18
}
