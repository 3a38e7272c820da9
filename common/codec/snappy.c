/*
 * snappy: the Snappy block format (the raw format Parquet's SNAPPY codec
 * uses; no stream framing, no checksums), into a buffer of the size the
 * caller expects.
 *
 * What the decoder relies on:
 *   - The block starts with the uncompressed length as a little-endian
 *     base-128 varint (7 bits a byte, the high bit set on every byte but
 *     the last), at most 2^32 - 1, so at most 5 bytes.
 *   - Elements follow until the input ends.  The low two bits of each tag
 *     byte give its kind:
 *       00 literal: the upper six bits hold len - 1 when it is below 60;
 *          60 to 63 say that len - 1 follows in 1 to 4 little-endian bytes.
 *          Then the len bytes themselves.
 *       01 copy, length 4 + bits 2-4, offset bits 5-7 (high) and the next
 *          byte (low): 11 bits.
 *       10 copy, length 1 + bits 2-7, offset in the next 2 bytes (LE).
 *       11 copy, length 1 + bits 2-7, offset in the next 4 bytes (LE).
 *   - A copy repeats the len bytes that start offset bytes back in the
 *     output; len may exceed offset (the copy then reads what it writes: a
 *     run).  Offset 0, and offsets reaching before the start of the output,
 *     are invalid.
 *   - Every element produces at least one byte, and the block holds exactly
 *     the stated number of bytes: an element past it is an error, and so is
 *     an input that ends before it.
 *
 * The stated length must not exceed cap (the size the caller expects);
 * when it is smaller, *outlen says so and the caller decides.  Messages
 * name the byte of the input where the faulty preamble or element starts
 * (an element cut short included), or its end when it ends between
 * elements short of the stated length.
 *
 * Speed: short literals and copies move in fixed 16-byte (or 8-byte)
 * blocks, which may write up to 15 bytes past their end; that is done only
 * while the end of the output is far enough away, so nothing is ever
 * written past it.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "codec/codec.h"
#include "codec/lzcopy.h"

/* Room that fixed-size block copies need past the bytes they produce. */
#define SLACK LZ_SLACK
/*
 * Away from both ends: FAST_IN bytes of input left hold any tag's offset
 * and a short literal's 16-byte block, and FAST_ROOM bytes of output the
 * longest copy (64) and its slack.
 */
#define FAST_IN 16
#define FAST_ROOM (64 + SLACK)

#if defined(__GNUC__)
static int fail(char *, size_t, size_t, const char *, ...)
    __attribute__((format(printf, 4, 5), cold, noinline));
#endif

/* Puts "snappy: at byte AT: MESSAGE" in err and returns -1. */
static int
fail(char *err, size_t errlen, size_t at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	codec_vfail(err, errlen, "snappy", at, fmt, ap);
	va_end(ap);
	return -1;
}

/* The same near the end of the output, one byte at a time. */
static inline void
copy_back_exact(unsigned char *op, size_t off, size_t len)
{
	const unsigned char *m = op - off;

	while (len--)
		*op++ = *m++;
}

/* Little-endian integer of k (1 to 4) bytes. */
static inline uint32_t
le(const unsigned char *p, size_t k)
{
	uint32_t v = 0;

	while (k--)
		v = v << 8 | p[k];
	return v;
}

int
snappy_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen)
{
	const unsigned char *ip = src, *iend = src + n, *tag_at;
	unsigned char *op = dst, *oend;
	uint64_t want = 0;
	size_t len, off, k, ilen;
	unsigned tag, shift;

	*outlen = 0;
	if (n == 0)
		return fail(err, errlen, 0, "empty input, no length preamble");
	for (shift = 0;; shift += 7) {
		if (ip == iend)
			return fail(err, errlen, 0, "length preamble runs "
			    "past the end of the input");
		if (shift == 35)
			return fail(err, errlen, 0, "length preamble longer "
			    "than 5 bytes");
		want |= (uint64_t)(*ip & 0x7f) << shift;
		if (!(*ip++ & 0x80))
			break;
	}
	if (want > UINT32_MAX)
		return fail(err, errlen, 0, "uncompressed length %llu is "
		    "over 2^32 - 1", (unsigned long long)want);
	if (want > cap)
		return fail(err, errlen, 0, "uncompressed length %llu is "
		    "more than the %zu bytes expected",
		    (unsigned long long)want, cap);
	oend = dst + want;

	while (ip < iend) {
		tag_at = ip;
		tag = *ip++;
		if ((size_t)(iend - ip) >= FAST_IN &&
		    (size_t)(oend - op) >= FAST_ROOM) {
			/* Away from both ends only the offset needs a test. */
			switch (tag & 3) {
			case 0:
				if (tag >= 16 << 2)	/* longer than 16 */
					goto literal;
				len = (tag >> 2) + 1;
				memcpy(op, ip, 16);
				op += len;
				ip += len;
				continue;
			case 1:
				len = 4 + (tag >> 2 & 7);
				off = (size_t)(tag >> 5) << 8 | *ip++;
				break;
			case 2:
				len = (tag >> 2) + 1;
				off = le(ip, 2);
				ip += 2;
				break;
			default:
				len = (tag >> 2) + 1;
				off = le(ip, 4);
				ip += 4;
				break;
			}
			/* One test for both: off - 1 wraps when off is 0. */
			if (off - 1 >= (size_t)(op - dst))
				goto badoffset;
			lz_copyback(op, off, len);
			op += len;
			continue;
		}
		switch (tag & 3) {
		case 0:
literal:
			len = (tag >> 2) + 1;
			if (len > 60) {
				k = len - 60;
				if ((size_t)(iend - ip) < k)
					return fail(err, errlen,
					    (size_t)(tag_at - src), "literal "
					    "length runs past the end of the "
					    "input");
				/* len - 1 fits 32 bits: compare it, not len,
				 * which may not fit a 32-bit size_t. */
				len = le(ip, k);
				ip += k;
				ilen = (size_t)(iend - ip);
				if (len >= ilen)
					return fail(err, errlen,
					    (size_t)(tag_at - src), "literal of "
					    "%llu bytes, only %zu left in the "
					    "input", (unsigned long long)len +
					    1, ilen);
				len++;
			}
			ilen = (size_t)(iend - ip);
			if (len > ilen)
				return fail(err, errlen,
				    (size_t)(tag_at - src), "literal of %zu "
				    "bytes, only %zu left in the input", len,
				    ilen);
			if (len > (size_t)(oend - op))
				return fail(err, errlen,
				    (size_t)(tag_at - src), "literal of %zu "
				    "bytes at output byte %zu, past the "
				    "stated length %llu", len,
				    (size_t)(op - dst),
				    (unsigned long long)want);
			if (len <= 16 && ilen >= 16 &&
			    (size_t)(oend - op) >= 16)
				memcpy(op, ip, 16);
			else
				memcpy(op, ip, len);
			op += len;
			ip += len;
			continue;
		case 1:
			if (ip == iend)
				goto truncated;
			len = 4 + (tag >> 2 & 7);
			off = (size_t)(tag >> 5) << 8 | *ip++;
			break;
		case 2:
			if (iend - ip < 2)
				goto truncated;
			len = (tag >> 2) + 1;
			off = le(ip, 2);
			ip += 2;
			break;
		default:
			if (iend - ip < 4)
				goto truncated;
			len = (tag >> 2) + 1;
			off = le(ip, 4);
			ip += 4;
			break;
		}
		if (off - 1 >= (size_t)(op - dst))
			goto badoffset;
		if (len > (size_t)(oend - op))
			return fail(err, errlen, (size_t)(tag_at - src),
			    "copy of %zu bytes at output byte %zu, past the "
			    "stated length %llu", len, (size_t)(op - dst),
			    (unsigned long long)want);
		if ((size_t)(oend - op) - len >= SLACK)
			lz_copyback(op, off, len);
		else
			copy_back_exact(op, off, len);
		op += len;
	}
	if (op != oend)
		return fail(err, errlen, n, "input ends after %zu of the "
		    "%llu bytes stated", (size_t)(op - dst),
		    (unsigned long long)want);
	*outlen = (size_t)want;
	return 0;

truncated:
	return fail(err, errlen, (size_t)(tag_at - src), "copy runs past the "
	    "end of the input");
badoffset:
	if (off == 0)
		return fail(err, errlen, (size_t)(tag_at - src),
		    "copy offset 0");
	return fail(err, errlen, (size_t)(tag_at - src), "copy offset %zu "
	    "before the start of the output", off);
}
