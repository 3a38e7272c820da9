/*
 * lzcopy: the back-reference copy of the LZ77 block decoders (snappy.c,
 * lz4raw.c): len bytes from off bytes back in the output, where len may
 * exceed off (a run repeats what it writes).
 */
#ifndef NP_LZCOPY_H
#define NP_LZCOPY_H

#include <stddef.h>
#include <string.h>

/* Room that lz_copyback needs past the bytes it produces. */
#define LZ_SLACK 16

/*
 * The back-reference copy: len bytes from off bytes back, when the output
 * has room for LZ_SLACK bytes past them.  An offset of 16 or more lets 16-byte
 * blocks go one after another (each reads only bytes already written); 8 to
 * 15, 8-byte blocks.  Below 8 the output repeats with period off, so one
 * 16-byte pattern of it is stored again and again, advanced by the largest
 * multiple of off that fits in 16.
 */
static inline void
lz_copyback(unsigned char *op, size_t off, size_t len)
{
	static const unsigned char stride[8] = { 0, 16, 16, 15, 16, 15, 12,
	    14 };
	const unsigned char *m = op - off;
	unsigned char *end = op + len, pat[16];
	size_t i;

	if (off >= 16) {
		do {
			memcpy(op, m, 16);
			op += 16;
			m += 16;
		} while (op < end);
	} else if (off >= 8) {
		do {
			memcpy(op, m, 8);
			op += 8;
			m += 8;
		} while (op < end);
	} else {
		for (i = 0; i < off; i++)
			pat[i] = m[i];
		for (; i < 16; i++)
			pat[i] = pat[i - off];
		do {
			memcpy(op, pat, 16);
			op += stride[off];
		} while (op < end);
	}
}

#endif
