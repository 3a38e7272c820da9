/*
 * gzip_fuzz: libFuzzer target for the GZIP page decompressor
 * (common/codec/gzip.c).
 *
 * The first three bytes give the output buffer's size (the low 17 bits,
 * little-endian: up to 128 KiB) and a mode (bit 4 of the third byte); the
 * rest is the page.  In the second mode the rest is deflate data: the
 * target wraps it in a gzip member and mends the trailer (from the CRC-32
 * and ISIZE the errors report), so that random deflate data reaches the
 * checks of a success too.  Every buffer is allocated at its exact size,
 * so that the sanitizer sees a write past it.  Beyond what the sanitizers
 * catch, it checks that
 *   - an error is one NUL-terminated "gzip: at byte N: ..." with N at most
 *     the input's size, and *outlen is 0;
 *   - on success *outlen is at most the buffer's size, and the same page
 *     decompressed into a buffer of exactly *outlen bytes, and into one
 *     300 bytes larger, gives the same bytes (the fast loop and the
 *     careful loop take turns by the room left, so they must agree), and
 *     into one byte less fails with "output exceeds";
 *   - an error other than "output exceeds" is the same error whatever the
 *     buffer's size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "fuzz.h"

#define ERRSZ 256

static const char exceeds[] = "output exceeds the stated size";

/* Decompresses into a fresh buffer of cap bytes; *dst is it. */
static int
run(const uint8_t *src, size_t n, size_t cap, unsigned char **dst,
    size_t *out, char *err)
{
	int r;

	if (!(*dst = malloc(cap ? cap : 1)))
		abort();
	memset(err, 'x', ERRSZ);
	*out = 12345;
	r = gzip_decompress(src, n, *dst, cap, out, err, ERRSZ);
	FZ_CHECK(r == 0 || r == -1, "returned %d", r);
	if (r == 0) {
		FZ_CHECK(*out <= cap, "%zu bytes out into %zu", *out, cap);
	} else {
		size_t at;
		char c;

		FZ_CHECK(memchr(err, 0, ERRSZ) != NULL, "no NUL in the error");
		FZ_CHECK(sscanf(err, "gzip: at byte %zu%c", &at, &c) == 2 &&
		    c == ':', "error without a place: %s", err);
		FZ_CHECK(at <= n, "at byte %zu of %zu: %s", at, n, err);
		FZ_CHECK(*out == 0, "*outlen %zu after an error", *out);
	}
	return r;
}

/*
 * A gzip member of the deflate data d[0..n) in buf (n + 18 bytes), its
 * trailer mended if the data ends before it: the member's size, or 0.
 */
static size_t
wrap(const uint8_t *d, size_t n, size_t cap, unsigned char *buf)
{
	static const unsigned char hdr[10] = { 0x1f, 0x8b, 8 };
	unsigned char *dst;
	char err[ERRSZ];
	size_t at, out, held;
	unsigned want, got;

	memcpy(buf, hdr, 10);
	memcpy(buf + 10, d, n);
	memset(buf + 10 + n, 0, 8);
	if (!(dst = malloc(cap ? cap : 1)))
		abort();
	if (gzip_decompress(buf, n + 18, dst, cap, &out, err, ERRSZ) == 0 ||
	    sscanf(err, "gzip: at byte %zu: CRC-32 0x%x, but the output's is "
	    "0x%x", &at, &want, &got) != 3 || at + 8 > n + 18) {
		free(dst);
		return 0;
	}
	buf[at] = got & 0xff;
	buf[at + 1] = got >> 8 & 0xff;
	buf[at + 2] = got >> 16 & 0xff;
	buf[at + 3] = got >> 24;
	if (gzip_decompress(buf, at + 8, dst, cap, &out, err, ERRSZ) == 0 ||
	    sscanf(err, "gzip: at byte %*u: ISIZE %u, but the member holds "
	    "%zu bytes", &want, &held) != 2) {
		free(dst);
		return at + 8;
	}
	buf[at + 4] = held & 0xff;
	buf[at + 5] = held >> 8 & 0xff;
	buf[at + 6] = held >> 16 & 0xff;
	buf[at + 7] = (held >> 24) & 0xff;
	free(dst);
	return at + 8;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *a, *b, *member = NULL;
	char erra[ERRSZ], errb[ERRSZ];
	size_t cap, n, outa, outb;
	const uint8_t *src;
	int r;

	if (size < 3)
		return 0;
	cap = (size_t)data[0] | (size_t)data[1] << 8 |
	    (size_t)(data[2] & 1) << 16;
	src = data + 3;
	n = size - 3;
	if (data[2] & 16) {
		if (!(member = malloc(n + 18)))
			abort();
		if ((n = wrap(src, n, cap, member)) == 0) {
			free(member);
			return 0;
		}
		src = member;
	}

	r = run(src, n, cap, &a, &outa, erra);
	if (r == 0) {
		FZ_CHECK(run(src, n, outa, &b, &outb, errb) == 0 &&
		    outb == outa && memcmp(a, b, outa) == 0,
		    "%zu bytes into %zu, not into exactly that", outa, cap);
		free(b);
		FZ_CHECK(run(src, n, outa + 300, &b, &outb, errb) == 0 &&
		    outb == outa && memcmp(a, b, outa) == 0,
		    "%zu bytes into %zu, not into 300 more", outa, cap);
		free(b);
		if (outa > 0) {
			FZ_CHECK(run(src, n, outa - 1, &b, &outb, errb) != 0 &&
			    strstr(errb, exceeds), "%zu bytes fit in one less",
			    outa);
			free(b);
		}
	} else if (!strstr(erra, exceeds)) {
		FZ_CHECK(run(src, n, cap + 300, &b, &outb, errb) != 0 &&
		    strcmp(erra, errb) == 0, "with %zu bytes: %s\nwith 300 "
		    "more: %s", cap, erra, errb);
		free(b);
	}
	free(a);
	free(member);
	return 0;
}
