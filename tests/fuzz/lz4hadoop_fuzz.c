/*
 * lz4hadoop_fuzz: libFuzzer target for Parquet's deprecated LZ4 codec
 * (common/codec/lz4hadoop.c): Hadoop frames of LZ4 blocks, or one raw block.
 *
 * The first two bytes are the page's stated size, cap (little-endian,
 * times 4); the rest is the page.  The output buffer is exactly cap bytes,
 * poisoned before, so that AddressSan catches a write past it.  Beyond
 * what the sanitizers catch, it checks that
 *   - a page the raw block decoder accepts is accepted, with those bytes,
 *     unless it also reads as frames;
 *   - a page that is one frame whose block lz4raw accepts at exactly the
 *     size the frame says gives those bytes;
 *   - a message is "lz4: at byte N: ..." with N at most the page's size.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include "codec/codec.h"
#include "fuzz.h"

#define OUTSZ (4 * 65536)

static unsigned char ref[OUTSZ];

static unsigned char *
outbuf(size_t cap)
{
	static unsigned char *buf;

	if (!buf && !(buf = malloc(OUTSZ)))
		abort();
	ASAN_UNPOISON_MEMORY_REGION(buf, OUTSZ);
	ASAN_POISON_MEMORY_REGION(buf, OUTSZ - cap);
	return buf + OUTSZ - cap;
}

static uint32_t
be32(const uint8_t *s)
{
	return (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 |
	    (uint32_t)s[2] << 8 | s[3];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char head[] = "lz4: at byte ";
	const uint8_t *s;
	unsigned char *dst;
	size_t n, cap, out, refout;
	unsigned long long at;
	char err[512], rerr[256], *end;
	uint32_t ulen;
	int r;

	if (size < 2)
		return 0;
	s = data + 2;
	n = size - 2;
	cap = (size_t)(data[0] | data[1] << 8) * 4;
	dst = outbuf(cap);
	err[0] = '\0';
	r = lz4hadoop_decompress(s, n, dst, cap, &out, err, sizeof err);
	if (r != 0) {
		FZ_CHECK(memchr(err, '\0', sizeof err) != NULL, "no NUL");
		FZ_CHECK(strncmp(err, head, sizeof head - 1) == 0,
		    "message '%s'", err);
		at = strtoull(err + sizeof head - 1, &end, 10);
		FZ_CHECK(end[0] == ':' && end[1] == ' ' && at <= n,
		    "message '%s' of %zu bytes", err, n);
		FZ_CHECK(lz4raw_decompress(s, n, ref, cap, &refout, rerr,
		    sizeof rerr) != 0, "a raw block refused: '%s'", err);
		return 0;
	}
	FZ_CHECK(out <= cap, "%zu bytes out, cap %zu", out, cap);
	/* One frame filling the page, its block good at its size. */
	if (n >= 8 && be32(s + 4) == n - 8 && (ulen = be32(s)) <= cap &&
	    ulen > 0 && lz4raw_decompress(s + 8, n - 8, ref, ulen, &refout,
	    rerr, sizeof rerr) == 0 && refout == ulen)
		FZ_CHECK(out == ulen && memcmp(dst, ref, out) == 0,
		    "one frame of %lu bytes gives %zu other bytes",
		    (unsigned long)ulen, out);
	return 0;
}
