/*
 * lz4hadoop: Parquet's deprecated LZ4 codec (number 5), as the writers
 * that still produce it store a page.
 *
 * What it relies on:
 *   - Hadoop's Lz4Codec, which parquet-mr used, and Arrow's C++ and Rust
 *     writers (and so parquet-wasm) frame a page as one or more frames,
 *     each a 4-byte big-endian uncompressed size, a 4-byte big-endian
 *     compressed size, then that many bytes of one LZ4 block (the format
 *     of lz4raw.c) that decodes to exactly the uncompressed size; the
 *     frames fill the page to its last byte.
 *   - Earlier Parquet C++ wrote a bare LZ4 block under the same codec
 *     number.  The readers tell the two apart as Arrow's Lz4HadoopCodec
 *     does: when the bytes do not hold a run of frames that decode as they
 *     say (a size past the end, a block that fails or decodes to another
 *     size, bytes left over), the whole page is read as one raw block.
 *     The LZ4 frame format (magic 04 22 4D 18) is not used by any Parquet
 *     writer under this codec, and is not read.
 *
 * A frame of sizes 0 and 0 (the end mark of Hadoop's stream format) is
 * passed over.  A page that is neither fails naming the frame that did not
 * fit and the raw block's own message: "lz4: at byte 8: not Hadoop frames
 * (a frame of 900 bytes past the end of the page), nor a raw block
 * (lz4raw: at byte 3: ...)".
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "codec/codec.h"

static uint32_t
be32(const unsigned char *s)
{
	return (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 |
	    (uint32_t)s[2] << 8 | (uint32_t)s[3];
}

/*
 * The frames: 0 with *outlen, or -1 with why not in why (whylen bytes) and
 * the byte of src where the frame that failed begins in *at.
 */
static int
frames(const unsigned char *src, size_t n, unsigned char *dst, size_t cap,
    size_t *outlen, char *why, size_t whylen, size_t *at)
{
	char err[200];
	size_t i = 0, o = 0, got;
	uint32_t ulen, clen;

	if (n < 8) {
		*at = 0;
		snprintf(why, whylen, "%zu bytes, fewer than a frame's "
		    "8-byte sizes", n);
		return -1;
	}
	while (n - i >= 8) {
		*at = i;
		ulen = be32(src + i);
		clen = be32(src + i + 4);
		if (ulen == 0 && clen == 0) {
			i += 8;
			continue;
		}
		if (clen > n - i - 8) {
			snprintf(why, whylen, "a frame of %lu bytes past the "
			    "end of the page", (unsigned long)clen);
			return -1;
		}
		if (ulen > cap - o) {
			snprintf(why, whylen, "a frame of %lu bytes "
			    "uncompressed past the page's size",
			    (unsigned long)ulen);
			return -1;
		}
		if (lz4raw_decompress(src + i + 8, clen, dst + o, ulen, &got,
		    err, sizeof err) != 0) {
			snprintf(why, whylen, "its block, from byte %zu: %s",
			    i + 8, err);
			return -1;
		}
		if (got != ulen) {
			snprintf(why, whylen, "a block of %zu bytes where the "
			    "frame says %lu", got, (unsigned long)ulen);
			return -1;
		}
		i += 8 + (size_t)clen;
		o += ulen;
	}
	if (i != n) {
		*at = i;
		snprintf(why, whylen, "%zu bytes after the last frame",
		    n - i);
		return -1;
	}
	*outlen = o;
	return 0;
}

static int
fail(char *err, size_t errlen, size_t at, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = codec_vfail(err, errlen, "lz4", at, fmt, ap);
	va_end(ap);
	return r;
}

int
lz4hadoop_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen)
{
	char why[300], raw[300];
	size_t at;

	why[0] = '\0';
	if (frames(src, n, dst, cap, outlen, why, sizeof why, &at) == 0)
		return 0;
	if (lz4raw_decompress(src, n, dst, cap, outlen, raw, sizeof raw) == 0)
		return 0;
	/* raw is "lz4raw: at byte N: what": the block's own words. */
	return fail(err, errlen, at, "not Hadoop frames (%s), nor a raw "
	    "block (%s)", why, raw);
}
