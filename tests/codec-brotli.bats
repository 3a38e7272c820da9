#!/usr/bin/env bats
# The Brotli decompressor (common/codec/brotli.c) through the codec test tool
# unzip (tests/tools/unzip.c): unzip brotli SIZE <stream >data.  The valid
# streams were made by the reference encoder (Node's zlib) or by hand and
# checked with it, and decode to the plain files beside them
# (tests/fixtures/codec/brotli/README.md says how each was made and what
# it exercises); the broken ones are hand-made (hand.mjs there, which
# prints the byte of each broken field) or patched here, and their
# messages are written from RFC 7932.  The tables of the format are
# checked against the CRC-32 values the RFC states, computed by gzip.

load helpers

B=$FIX/codec/brotli

# decodes BR PLAIN: unzip gives exactly PLAIN, at PLAIN's size.
decodes() {
	np unzip brotli "$(wc -c <"$2")" <"$1"
	status_is 0 || { echo "$1"; cat "$ERR"; return 1; }
	no_err
	cmp "$2" "$OUT"
}

# fails SIZE MESSAGE: unzip brotli SIZE <in.br exits 1 with MESSAGE.
fails() {
	np unzip brotli "$1" <"$T/in.br"
	status_is 1
	err_is "unzip: brotli: $2"
	[ ! -s "$OUT" ]
}

# crc32 TABLE: the CRC-32 of brtab's TABLE, from gzip's trailer.
crc32() {
	brtab "$1" | gzip -c | tail -c 8 | od -An -tx1 -N4 |
	    awk '{ print $4 $3 $2 $1 }'
}

codec_brotli_1() {
	[ "$(brtab dict | wc -c)" -eq 122784 ]
	[ "$(crc32 dict)" = 5136cb04 ]
	np sh -c 'brtab dict | brdictgen'
	status_is 0
	cmp "$OUT" "$BATS_TEST_DIRNAME/../common/codec/brotli_dict.c"
}

codec_brotli_2() {
	[ "$(brtab transforms | wc -c)" -eq 648 ]
	[ "$(crc32 transforms)" = 3d965f81 ]
}

codec_brotli_3() {
	[ "$(crc32 lut0)" = 8e91efb7 ]
	[ "$(crc32 lut1)" = d01a32f4 ]
	[ "$(crc32 lut2)" = 0dd7a0d6 ]
}

codec_brotli_4() {
	for f in text-q0 text-q5-w10 text-q5-w16 text-q9 text-q11 \
	    text-q11-w10 text-q11-w24; do
		decodes "$B/$f.br" "$B/text.txt" || return 1
	done
}

codec_brotli_5() {
	decodes "$B/words-q11.br" "$B/words.txt"
	decodes "$B/words-q5.br" "$B/words.txt"
}

codec_brotli_6() {
	decodes "$B/mixed-q11.br" "$B/mixed.bin"
	decodes "$B/mixed-q6.br" "$B/mixed.bin"
	decodes "$B/mixed-q2.br" "$B/mixed.bin"
}

@test "brotli: the static dictionary is RFC 7932's (122,784 bytes, CRC-32 5136cb04), as brdictgen writes it; the 121 transforms are Appendix B's (648 bytes, CRC-32 3d965f81); the context lookup tables are section 7.1's; qualities 0 to 11, windows of 2^10, 2^16, 2^22 and 2^24 bytes; the static dictionary under many transforms, and words of several languages; block switches, context maps, the four context modes' tables, NDIRECT" {
	cases \
	    "the static dictionary is RFC 7932's (122,784 bytes, CRC-32 5136cb04), as brdictgen writes it" codec_brotli_1 \
	    "the 121 transforms are Appendix B's (648 bytes, CRC-32 3d965f81)" codec_brotli_2 \
	    "the context lookup tables are section 7.1's" codec_brotli_3 \
	    "qualities 0 to 11, windows of 2^10, 2^16, 2^22 and 2^24 bytes" codec_brotli_4 \
	    "the static dictionary under many transforms, and words of several languages" codec_brotli_5 \
	    "block switches, context maps, the four context modes' tables, NDIRECT" codec_brotli_6
}

codec_brotli_7() {
	decodes "$B/text-post.br" "$B/text.txt"
	decodes "$B/text-font.br" "$B/text.txt"
}

codec_brotli_8() {
	decodes "$B/rand-q5.br" "$B/rand.bin"
	decodes "$B/text-flush.br" "$B/text.txt"
	np unzip brotli 6 <"$B/meta-hand.br"
	status_is 0
	no_err
	[ "$(<"$OUT")" = 'world!' ]
}

codec_brotli_9() {
	# OmitFirst 1, 2 and 7, FermentFirst, FermentAll on ASCII, two- and
	# three-byte UTF-8 letters, with prefixes and suffixes; OmitLast1.
	decodes "$B/dict-hand.br" "$B/dict-hand.txt"
}

codec_brotli_10() {
	np unzip brotli 0 <"$B/empty-q0.br"
	status_is 0
	no_err
	[ ! -s "$OUT" ]
	: >"$T/in.br"
	fails 0 "at byte 0: empty input"
}

codec_brotli_11() {
	np unzip brotli 20001 <"$B/text-q11.br"
	status_is 1
	err_is "unzip: 20000 bytes out, expected 20001"
	# One meta-block of 20000 bytes, its header from byte 0.
	cp "$B/text-q11.br" "$T/in.br"
	fails 19999 "at byte 0: meta-block of 20000 bytes at output byte 0 would pass the 19999 bytes expected"
	cp "$B/rand-q5.br" "$T/in.br"
	fails 2999 "at byte 0: meta-block of 3000 bytes at output byte 0 would pass the 2999 bytes expected"
}

codec_brotli_12() {
	# rand-q5.br: a 3-byte meta-block header, 3000 uncompressed bytes,
	# and the last (empty) meta-block's byte.
	head -c 100 "$B/rand-q5.br" >"$T/in.br"
	fails 3000 "at byte 100: input ends inside an uncompressed meta-block"
	head -c 3003 "$B/rand-q5.br" >"$T/in.br"
	fails 3000 "at byte 3003: input ends inside a meta-block header"
	# text-q11.br: one meta-block, whose header is longer than a byte
	# and whose commands reach into the last byte.
	head -c 1 "$B/text-q11.br" >"$T/in.br"
	fails 20000 "at byte 1: input ends inside a meta-block header"
	head -c 6608 "$B/text-q11.br" >"$T/in.br"
	fails 20000 "at byte 6608: input ends inside the commands of a meta-block"
	# meta-hand.br: 5 bytes of metadata from byte 2.
	head -c 4 "$B/meta-hand.br" >"$T/in.br"
	fails 6 "at byte 4: input ends inside a metadata block"
}

codec_brotli_13() {
	{ cat "$B/text-q11.br"; printf xy; } >"$T/in.br"
	fails 20000 "at byte 6609: 2 bytes of input after the end of the stream"
}


codec_brotli_14() {
	# WBITS: 1, 000, 001 from the lowest bit.
	printf '\x11' >"$T/in.br"
	fails 0 "at byte 0: WBITS bit pattern 0010001, which is reserved"
	# The empty stream 0x3b (WBITS 22, ISLAST, ISLASTEMPTY) with its top
	# padding bit set.
	printf '\xbb' >"$T/in.br"
	fails 0 "at byte 0: padding bits before the end of the stream not zero"
	# WBITS 16, not last, MNIBBLES 0 (metadata), reserved bit 1.
	printf '\x1c\x00' >"$T/in.br"
	fails 0 "at byte 0: reserved bit set in a metadata block header"
	cp "$B/err-nibble.br" "$T/in.br"
	fails 4 "at byte 0: meta-block length with a last nibble of 0"
	# meta-hand.br (see the README), its padding bits set: the top bit of
	# byte 1 (after the metadata length), then the top 4 bits of byte 9
	# (after the uncompressed meta-block's header, 0x08).
	{ printf '\x2c\x82'; tail -c +3 "$B/meta-hand.br"; } >"$T/in.br"
	fails 6 "at byte 1: padding bits before metadata not zero"
	{ head -c 9 "$B/meta-hand.br"; printf '\x88'
	  tail -c +11 "$B/meta-hand.br"; } >"$T/in.br"
	fails 6 "at byte 9: padding bits before an uncompressed meta-block not zero"
	cp "$B/err-padding.br" "$T/in.br"
	fails 4 "at byte 9: padding bits before the end of the stream not zero"
}

codec_brotli_15() {
	cp "$B/err-same.br" "$T/in.br"
	fails 4 "at byte 4: simple prefix code: symbol 7 twice"
	cp "$B/err-incomplete.br" "$T/in.br"
	fails 4 "at byte 4: code length code lengths do not make a complete code"
}

codec_brotli_16() {
	# 'a', a copy at distance 1, 'a', then distance code 4: 1 - 1.
	cp "$B/err-distance.br" "$T/in.br"
	fails 6 "at byte 9: distance code 4 gives a distance below 1"
}

codec_brotli_17() {
	cp "$B/err-transform.br" "$T/in.br"
	fails 4 "at byte 8: dictionary transform 121"
	cp "$B/err-wordlen.br" "$T/in.br"
	fails 3 "at byte 8: dictionary word of length 3"
	cp "$B/err-wordend.br" "$T/in.br"
	fails 4 "at byte 8: dictionary word of 4 bytes at output byte 0 passes the end of the meta-block"
	# Valid by the RFC, but a word of no bytes lets commands of no bits
	# repeat without end: refused.
	cp "$B/err-emptyword.br" "$T/in.br"
	fails 1 "at byte 8: dictionary word 0 of length 9 under transform 54 gives no bytes"
}

@test "brotli: NPOSTFIX 3 and NDIRECT 120, and font mode; uncompressed meta-blocks, empty metadata blocks (flushes) and metadata bytes; dictionary words under transforms the encoder does not choose (hand-made); an empty stream is 0 bytes; an empty input is an error; output shorter or longer than the stated size; input cut short says where it ends; bytes after the end of the stream; stream and meta-block headers: reserved WBITS, padding, reserved bit, a last nibble of 0; broken prefix codes (hand-made); a distance code relative to the last distance that gives 0 (hand-made); broken dictionary references (hand-made)" {
	cases \
	    "NPOSTFIX 3 and NDIRECT 120, and font mode" codec_brotli_7 \
	    "uncompressed meta-blocks, empty metadata blocks (flushes) and metadata bytes" codec_brotli_8 \
	    "dictionary words under transforms the encoder does not choose (hand-made)" codec_brotli_9 \
	    "an empty stream is 0 bytes; an empty input is an error" codec_brotli_10 \
	    "output shorter or longer than the stated size" codec_brotli_11 \
	    "input cut short says where it ends" codec_brotli_12 \
	    "bytes after the end of the stream" codec_brotli_13 \
	    "stream and meta-block headers: reserved WBITS, padding, reserved bit, a last nibble of 0" codec_brotli_14 \
	    "broken prefix codes (hand-made)" codec_brotli_15 \
	    "a distance code relative to the last distance that gives 0 (hand-made)" codec_brotli_16 \
	    "broken dictionary references (hand-made)" codec_brotli_17
}
