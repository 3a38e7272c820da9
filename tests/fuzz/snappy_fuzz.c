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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *s;
	size_t n, cap, i;
	uint64_t stated = 0;

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
	fc_block(snappy_decompress, "snappy", plain, ref, s, n, cap,
	    data[0] >> 4, 1 + (size_t)data[1]);
	return 0;
}
