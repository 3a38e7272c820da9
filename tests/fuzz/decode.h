/*
 * What the decompressors' targets share: the checks of a message
 * ("NAME: at byte N: ..."), of output buffers that nothing is written
 * past, and the two tests, of a frame decoder (brotli_fuzz, zstd_fuzz:
 * fc_frame) and of a block decoder checked against a plain one written in
 * its target (lz4raw_fuzz, snappy_fuzz: fc_block).  Included by the target
 * after fuzz.h.
 */
#ifndef NP_FUZZ_DECODE_H
#define NP_FUZZ_DECODE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include "codec/codec.h"

#define FC_GUARD 64		/* bytes after a frame's buffer, 0xA5 */
#define FC_MAXCAP (1 << 18)	/* a block's largest cap */
/* The largest cap: 4 times 65535, plus 1 + 255 more for a second run. */
#define FC_OUTSZ (FC_MAXCAP + 512)

/* The N of "NAME: at byte N: ", which must be at most n. */
static size_t
fc_msgat(const char *name, const char *err, size_t n)
{
	size_t len = strlen(name);
	unsigned long long v;
	char *end;

	FZ_CHECK(memchr(err, '\0', 256) != NULL, "message not terminated");
	FZ_CHECK(strncmp(err, name, len) == 0 &&
	    strncmp(err + len, ": at byte ", 10) == 0, "message '%s'", err);
	v = strtoull(err + len + 10, &end, 10);
	FZ_CHECK(end != err + len + 10 && end[0] == ':' && end[1] == ' ' &&
	    end[2] != '\0', "message '%s'", err);
	FZ_CHECK(v <= n, "message '%s' past the input's %zu bytes", err, n);
	return (size_t)v;
}

/* Nothing written in the FC_GUARD bytes after dst's cap. */
static void
fc_guard(const unsigned char *dst, size_t cap)
{
	size_t i;

	for (i = 0; i < FC_GUARD; i++)
		FZ_CHECK(dst[cap + i] == 0xA5, "byte %zu past the end of a "
		    "%zu-byte buffer written", i, cap);
}

/*
 * A frame decoder, fn, whose messages begin with name.  The first two
 * bytes choose the output buffer's size: little-endian, bits 0-14 the
 * size, times 4 when bit 15 is set; the rest is the compressed input.  A
 * failure is one message, cut short in a shorter buffer; a success decodes
 * again, into a buffer of exactly the size it gave, to the same bytes, and
 * fails in one byte less.
 */
static void
fc_frame(codec_fn *fn, const char *name, const uint8_t *data, size_t size)
{
	unsigned char *dst, *again;
	char err[256], shorter[256];
	size_t cap, out, out2, errlen;
	int rc;

	if (size < 2)
		return;
	cap = (data[0] | data[1] << 8) & 0x7FFF;
	if (data[1] & 0x80)
		cap *= 4;
	data += 2;
	size -= 2;
	if (!(dst = malloc(cap + FC_GUARD)))
		abort();
	memset(dst, 0xA5, cap + FC_GUARD);
	rc = fn(data, size, dst, cap, &out, err, sizeof err);
	fc_guard(dst, cap);
	if (rc != 0) {
		FZ_CHECK(rc == -1, "returns %d", rc);
		fc_msgat(name, err, size);
		errlen = 1 + cap % 40;
		rc = fn(data, size, dst, cap, &out, shorter, errlen);
		FZ_CHECK(rc == -1, "fails once, not twice");
		FZ_CHECK(strlen(shorter) < errlen && strncmp(shorter, err,
		    strlen(shorter)) == 0 && (strlen(shorter) == errlen - 1 ||
		    strcmp(shorter, err) == 0), "'%s' cut to %zu is '%s'", err,
		    errlen, shorter);
		free(dst);
		return;
	}
	FZ_CHECK(out <= cap, "%zu bytes out of %zu", out, cap);
	if (!(again = malloc(out + FC_GUARD)))
		abort();
	memset(again, 0xA5, out + FC_GUARD);
	rc = fn(data, size, again, out, &out2, err, sizeof err);
	FZ_CHECK(rc == 0 && out2 == out, "a second decode into %zu bytes "
	    "gives %d, %zu bytes: %s", out, rc, out2, rc ? err : "");
	FZ_CHECK(memcmp(dst, again, out) == 0, "a second decode differs");
	fc_guard(again, out);
	if (out > 0) {
		memset(again, 0xA5, out + FC_GUARD);
		rc = fn(data, size, again, out - 1, &out2, err, sizeof err);
		FZ_CHECK(rc == -1, "%zu bytes fit in %zu", out, out - 1);
		fc_msgat(name, err, size);
		fc_guard(again, out - 1);
	}
	free(again);
	free(dst);
}

/*
 * An output buffer of exactly cap bytes, the last of one of two heap blocks
 * allocated once (a malloc a run is slow under AddressSan), the bytes
 * before it poisoned: a write past either end is caught.
 */
static unsigned char *
fc_outbuf(int which, size_t cap)
{
	static unsigned char *buf[2];

	FZ_CHECK(cap <= FC_OUTSZ, "cap %zu", cap);
	if (!buf[which] && !(buf[which] = malloc(FC_OUTSZ)))
		abort();
	ASAN_UNPOISON_MEMORY_REGION(buf[which], FC_OUTSZ);
	ASAN_POISON_MEMORY_REGION(buf[which], FC_OUTSZ - cap);
	return buf[which] + FC_OUTSZ - cap;
}

/* A block accepted at one cap gives the same bytes at another. */
static void
fc_sameat(codec_fn *fn, const uint8_t *s, size_t n, size_t cap,
    const unsigned char *want, size_t wantlen)
{
	unsigned char *dst = fc_outbuf(1, cap);
	size_t out;
	char err[256];
	int r;

	err[0] = '\0';
	r = fn(s, n, dst, cap, &out, err, sizeof err);
	FZ_CHECK(r == 0 && out == wantlen && (out == 0 ||
	    memcmp(dst, want, out) == 0), "cap %zu changes the result: %s",
	    cap, r ? err : "");
}

/* The plain decoder of a block target: 0 with *out bytes in its ref
 * buffer, or -1 with the byte offset of the error in *at. */
typedef int fc_plain(const uint8_t *s, size_t n, size_t cap, size_t *out,
    size_t *at);

/*
 * A block decoder, fn, whose messages begin with name, against plain (its
 * output in ref): the block s of n bytes decoded into exactly cap bytes,
 * shortlen the size of a short message buffer, more a few bytes of room to
 * add.  The same blocks are accepted, with the same bytes, and accepted
 * again with more room and with exactly their size; a rejected one's
 * message names the plain decoder's byte offset, and in a short buffer is
 * cut, NUL-terminated, never overrun.
 */
static void
fc_block(codec_fn *fn, const char *name, fc_plain *plain,
    const unsigned char *ref, const uint8_t *s, size_t n, size_t cap,
    size_t shortlen, size_t more)
{
	unsigned char *dst = fc_outbuf(0, cap);
	size_t out, out2, refout, at;
	char err[256], *shorterr;
	int r, rr, r2;

	rr = plain(s, n, cap, &refout, &at);
	err[0] = '\0';
	r = fn(s, n, dst, cap, &out, err, sizeof err);
	FZ_CHECK(r == rr, "decoder says %d, plain %d (at %zu): '%s'", r, rr,
	    at, err);
	if (r == 0) {
		FZ_CHECK(out == refout && out <= cap, "%zu bytes out, plain "
		    "%zu, cap %zu", out, refout, cap);
		FZ_CHECK(out == 0 || memcmp(dst, ref, out) == 0,
		    "bytes differ from the plain decoder's");
		fc_sameat(fn, s, n, cap + more, dst, out);
		fc_sameat(fn, s, n, out, dst, out);
		return;
	}
	FZ_CHECK(fc_msgat(name, err, n) == at, "'%s', plain decoder at %zu",
	    err, at);
	shorterr = malloc(shortlen ? shortlen : 1);
	FZ_CHECK(shorterr != NULL, "out of memory");
	dst = fc_outbuf(0, cap);
	r2 = fn(s, n, dst, cap, &out2, shorterr, shortlen);
	FZ_CHECK(r2 == -1, "second run succeeds");
	if (shortlen)
		FZ_CHECK(strlen(shorterr) < shortlen &&
		    strncmp(shorterr, err, strlen(shorterr)) == 0,
		    "short message '%s' of '%s'", shorterr, err);
	free(shorterr);
}

#endif
