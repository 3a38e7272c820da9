/*
 * lz4raw_fuzz: libFuzzer target for the LZ4 block decompressor
 * (common/codec/lz4raw.c).
 *
 * The first three bytes choose how the rest, the block, is decoded:
 *   byte 0   bit 0: cap is the size the block decodes to (when the plain
 *            decoder below accepts it), else bytes 1-2 times 1 + bits 1-2;
 *            bits 4-7: the size of a short message buffer (0 to 15)
 *   bytes 1-2  a 16-bit size (little-endian)
 * The output buffer is exactly cap bytes, poisoned around, so that
 * AddressSan catches a write past it.  Beyond what the sanitizers catch,
 * it checks that
 *   - the decoder agrees with a plain one written here, a byte at a time:
 *     the same blocks accepted, the same bytes out, the same byte offset in
 *     the message of a rejected one;
 *   - a message is "lz4raw: at byte N: ..." with N at most the input's size,
 *     and in a short buffer it is cut, NUL-terminated, never overrun;
 *   - a block accepted with one cap is accepted, with the same bytes, with a
 *     larger one and with exactly its size.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include "codec/codec.h"
#include "fuzz.h"

#define MAXCAP (1 << 18)
/* The largest cap: 4 times 65535, plus 1 + 255 more for a second run. */
#define OUTSZ (MAXCAP + 512)

static unsigned char ref[MAXCAP];

/*
 * The plain decoder needs no coverage feedback, and the comparisons
 * libFuzzer would trace in its byte loops took most of each run.
 */
#if defined(__clang__)
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define NO_COVERAGE
#endif

/* The plain decoder: 0 with *out, or -1 with the byte offset in *at. */
NO_COVERAGE static int
plain(const uint8_t *s, size_t n, size_t cap, size_t *out, size_t *at)
{
	size_t i = 0, o = 0, t, ll, ml, off, j, last = 0, lastml = 0;
	int matched = 0;
	unsigned b;

	*at = 0;
	if (n == 0)
		return -1;
	for (;;) {
		*at = t = i;
		ll = s[i] >> 4;
		ml = s[i++] & 15;
		if (ll == 15)
			do {
				if (i == n)
					return -1;
				b = s[i++];
				ll += b;
			} while (b == 255);
		if (ll > n - i || ll > cap - o)
			return -1;
		memcpy(ref + o, s + i, ll);
		i += ll;
		o += ll;
		if (i == n)
			break;
		*at = i;
		if (n - i < 2)
			return -1;
		off = s[i] | (size_t)s[i + 1] << 8;
		if (off == 0 || off > o)
			return -1;
		i += 2;
		*at = t;
		if (ml == 15)
			do {
				if (i == n)
					return -1;
				b = s[i++];
				ml += b;
			} while (b == 255);
		ml += 4;
		if (ml > cap - o)
			return -1;
		for (j = 0; j < ml; j++, o++)
			ref[o] = ref[o - off];
		matched = 1;
		last = t;
		lastml = ml;
		*at = n;
		if (i == n)
			return -1;
	}
	/* The end-of-block rules: 5 literals last, the match 12 back. */
	*at = last;
	if (matched && (ll < 5 || ll + lastml < 12))
		return -1;
	*out = o;
	return 0;
}

/* The N of "lz4raw: at byte N: ". */
static size_t
msgat(const char *err, size_t n)
{
	static const char head[] = "lz4raw: at byte ";
	char *end;
	unsigned long long v;

	FZ_CHECK(strncmp(err, head, sizeof head - 1) == 0, "message '%s'",
	    err);
	v = strtoull(err + sizeof head - 1, &end, 10);
	FZ_CHECK(end[0] == ':' && end[1] == ' ' && end[2] != '\0',
	    "message '%s'", err);
	FZ_CHECK(v <= n, "message '%s' past the input's %zu bytes", err, n);
	return (size_t)v;
}

/*
 * An output buffer of exactly cap bytes, the last of one of two heap blocks
 * allocated once (a malloc a run is slow under AddressSan), the bytes
 * before it poisoned: a write past either end is caught.
 */
static unsigned char *
outbuf(int which, size_t cap)
{
	static unsigned char *buf[2];

	FZ_CHECK(cap <= OUTSZ, "cap %zu", cap);
	if (!buf[which] && !(buf[which] = malloc(OUTSZ)))
		abort();
	ASAN_UNPOISON_MEMORY_REGION(buf[which], OUTSZ);
	ASAN_POISON_MEMORY_REGION(buf[which], OUTSZ - cap);
	return buf[which] + OUTSZ - cap;
}

static int
run(const uint8_t *s, size_t n, size_t cap, size_t *out, unsigned char **dst,
    char *err, size_t errlen, int which)
{
	*dst = outbuf(which, cap);
	return lz4raw_decompress(s, n, *dst, cap, out, err, errlen);
}

/* A block accepted at one cap gives the same bytes at another. */
static void
same_at(const uint8_t *s, size_t n, size_t cap, const unsigned char *want,
    size_t wantlen)
{
	unsigned char *dst;
	size_t out;
	char err[256];
	int r;

	err[0] = '\0';
	r = run(s, n, cap, &out, &dst, err, sizeof err, 1);
	FZ_CHECK(r == 0 && out == wantlen && (out == 0 ||
	    memcmp(dst, want, out) == 0), "cap %zu changes the result: %s",
	    cap, r ? err : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *s;
	unsigned char *dst;
	size_t n, cap, out, out2, refout, at, shortlen;
	char err[256], *shorterr;
	int r, rr, r2;

	if (size < 3)
		return 0;
	s = data + 3;
	n = size - 3;
	cap = (size_t)(data[1] | data[2] << 8) * (1 + (data[0] >> 1 & 3));
	if ((data[0] & 1) && plain(s, n, MAXCAP, &refout, &at) == 0)
		cap = refout;

	rr = plain(s, n, cap, &refout, &at);
	err[0] = '\0';
	r = run(s, n, cap, &out, &dst, err, sizeof err, 0);
	FZ_CHECK(r == rr, "decoder says %d, plain %d (at %zu): '%s'", r, rr,
	    at, err);
	if (r == 0) {
		FZ_CHECK(out == refout && out <= cap, "%zu bytes out, plain "
		    "%zu, cap %zu", out, refout, cap);
		FZ_CHECK(out == 0 || memcmp(dst, ref, out) == 0,
		    "bytes differ from the plain decoder's");
		same_at(s, n, cap + 1 + data[1], dst, out);
		same_at(s, n, out, dst, out);
	} else {
		FZ_CHECK(memchr(err, '\0', sizeof err) != NULL, "no NUL");
		FZ_CHECK(msgat(err, n) == at, "'%s', plain decoder at %zu",
		    err, at);
		/* A short message buffer: cut, terminated, not overrun. */
		shortlen = data[0] >> 4;
		shorterr = malloc(shortlen ? shortlen : 1);
		FZ_CHECK(shorterr != NULL, "out of memory");
		r2 = run(s, n, cap, &out2, &dst, shorterr, shortlen, 0);
		FZ_CHECK(r2 == -1, "second run succeeds");
		if (shortlen) {
			FZ_CHECK(strlen(shorterr) < shortlen &&
			    strncmp(shorterr, err, strlen(shorterr)) == 0,
			    "short message '%s' of '%s'", shorterr, err);
		}
		free(shorterr);
	}
	return 0;
}
