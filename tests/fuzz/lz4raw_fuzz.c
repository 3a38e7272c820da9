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
#include <string.h>

#include "fuzz.h"
#include "decode.h"

#define MAXCAP FC_MAXCAP

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

/* The plain decoder (decode.h's fc_plain). */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n, cap, refout, at;

	if (size < 3)
		return 0;
	n = size - 3;
	cap = (size_t)(data[1] | data[2] << 8) * (1 + (data[0] >> 1 & 3));
	if ((data[0] & 1) && plain(data + 3, n, MAXCAP, &refout, &at) == 0)
		cap = refout;
	fc_block(lz4raw_decompress, "lz4raw", plain, ref, data + 3, n, cap,
	    data[0] >> 4, 1 + (size_t)data[1]);
	return 0;
}
