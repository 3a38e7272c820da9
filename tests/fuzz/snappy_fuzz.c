/*
 * snappy_fuzz: libFuzzer target for the Snappy block decompressor
 * (common/codec/snappy.c).
 *
 * The first three bytes choose how the rest, the block, is decoded:
 *   byte 0   bit 0: cap is the block's stated length (when it fits),
 *            else bytes 1-2 times 1 + bits 1-2;
 *            bits 4-7: the size of a short message buffer (0 to 15)
 *   bytes 1-2  a 16-bit size (little-endian)
 * The output buffer is exactly cap bytes, poisoned around, so that
 * AddressSan catches a write past it.  Beyond what the sanitizers catch,
 * it checks that
 *   - the decoder agrees with a plain one written here, a byte at a time:
 *     the same blocks accepted, the same bytes out, the same byte offset in
 *     the message of a rejected one;
 *   - a message is "snappy: at byte N: ..." with N at most the input's size,
 *     and in a short buffer it is cut, NUL-terminated, never overrun;
 *   - a block accepted with one cap is accepted, with the same bytes, with a
 *     larger one.
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
	uint64_t want = 0, len, off;
	size_t i = 0, o = 0, k, j;
	unsigned shift = 0, tag;

	*at = 0;
	for (;;) {
		if (i == n || shift == 35)
			return -1;
		want |= (uint64_t)(s[i] & 127) << shift;
		shift += 7;
		if (!(s[i++] & 128))
			break;
	}
	if (want > 0xffffffffu || want > cap)
		return -1;
	while (i < n) {
		*at = i;
		tag = s[i++];
		if ((tag & 3) == 0) {
			len = (tag >> 2) + 1;
			if (len > 60) {
				k = len - 60;
				if (n - i < k)
					return -1;
				for (len = 0, j = 0; j < k; j++)
					len |= (uint64_t)s[i + j] << (8 * j);
				len++;
				i += k;
			}
			if (len > n - i || len > want - o)
				return -1;
			memcpy(ref + o, s + i, len);
			i += len;
			o += len;
			continue;
		}
		k = (tag & 3) == 1 ? 1 : (tag & 3) == 2 ? 2 : 4;
		if (n - i < k)
			return -1;
		if (k == 1) {
			len = 4 + (tag >> 2 & 7);
			off = (uint64_t)(tag >> 5) << 8 | s[i];
		} else {
			len = (tag >> 2) + 1;
			for (off = 0, j = 0; j < k; j++)
				off |= (uint64_t)s[i + j] << (8 * j);
		}
		i += k;
		if (off == 0 || off > o || len > want - o)
			return -1;
		for (j = 0; j < len; j++, o++)
			ref[o] = ref[o - off];
	}
	*at = n;
	if (o != want)
		return -1;
	*out = o;
	return 0;
}

/* The N of "snappy: at byte N: ". */
static size_t
msgat(const char *err, size_t n)
{
	static const char head[] = "snappy: at byte ";
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
	return snappy_decompress(s, n, *dst, cap, out, err, errlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *s;
	unsigned char *dst, *dst2;
	size_t n, cap, out, out2, refout, at, shortlen, i;
	uint64_t stated = 0;
	char err[256], *shorterr;
	int r, rr, r2;

	if (size < 3)
		return 0;
	s = data + 3;
	n = size - 3;
	cap = (size_t)(data[1] | data[2] << 8) * (1 + (data[0] >> 1 & 3));
	if (data[0] & 1) {
		for (i = 0; i < n && i < 5; i++) {
			stated |= (uint64_t)(s[i] & 127) << (7 * i);
			if (!(s[i] & 128))
				break;
		}
		if (stated <= MAXCAP)
			cap = (size_t)stated;
	}

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
		/* More room changes nothing. */
		r2 = run(s, n, cap + 1 + data[1], &out2, &dst2, err,
		    sizeof err, 1);
		FZ_CHECK(r2 == 0 && out2 == out && (out == 0 ||
		    memcmp(dst2, dst, out) == 0), "a larger cap changes the "
		    "result: %s", r2 ? err : "");
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
