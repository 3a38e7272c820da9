/*
 * lz4raw: the LZ4 block format, as Parquet's LZ4_RAW codec stores a page
 * (one block, no frame, no checksums, no stated size: the page header
 * gives it), into a buffer of the size the caller expects.
 *
 * What the decoder relies on:
 *   - A block is a run of sequences.  Each starts with a token byte: its
 *     high 4 bits count literals, its low 4 bits give the match length
 *     less 4.  A count of 15 goes on in the bytes that follow, each added
 *     to it, for as long as they are 255.
 *   - Then the literals, copied as they are; then a 2-byte little-endian
 *     offset, 1 to 65535 (0 is invalid), and the match length's own
 *     extension bytes.  The match repeats the bytes that start offset
 *     bytes back in the output, and may overlap what it writes (a run).
 *   - The last sequence holds only literals: the block ends right after
 *     them, with no offset.  An input that ends just after a match ends
 *     without that sequence, and is invalid.
 *   - The format's end-of-block rules, which the reference decoder
 *     enforces and a decoder may: the last 5 bytes of the block are
 *     literals, and the last match starts at least 12 bytes before its
 *     end.  A block holding only literals (one sequence) may be of any
 *     size, even empty (the single token 0).  They are checked against the
 *     block's actual end, once it is known.
 *
 * Nothing is written past cap; a block that decodes to fewer bytes leaves
 * *outlen short for the caller to judge.  Messages name the byte of the
 * input where the faulty sequence starts (one cut short included), its
 * offset field for a bad or missing offset, or the end of the input when
 * the block ends after a match.
 *
 * Speed: short literals and matches move in fixed 16-byte (or 8-byte)
 * blocks, which may write up to 15 bytes past their end; that is done only
 * while the end of the output is far enough away, and a long match near
 * the end finishes one byte at a time.
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
 * The common sequence, away from both ends: fewer than 15 literals, moved
 * as one 16-byte block when FAST_IN bytes of input are left (so it is not
 * the last sequence, and its offset is there), and a match of at most 18
 * bytes, copied in blocks when FAST_ROOM bytes of output are left.
 */
#define FAST_IN 32
#define FAST_ROOM 48
/* The end-of-block rules. */
#define LAST_LITERALS 5
#define LAST_MATCH_ROOM 12

#if defined(__GNUC__)
static int fail(char *, size_t, size_t, const char *, ...)
    __attribute__((format(printf, 4, 5), cold, noinline));
#endif

/* Puts "lz4raw: at byte AT: MESSAGE" in err and returns -1. */
static int
fail(char *err, size_t errlen, size_t at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	codec_vfail(err, errlen, "lz4raw", at, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * A match of at most 18 bytes, with FAST_ROOM bytes of room at op.  An
 * offset of 8 or more takes three 8-byte blocks (each reads bytes already
 * written); 8-byte loads also tend to fall inside one earlier store, which
 * the processor forwards faster than a load spanning two.
 */
static inline void
copy_short(unsigned char *op, size_t off, size_t len)
{
	const unsigned char *m = op - off;

	if (off >= 8) {
		memcpy(op, m, 8);
		memcpy(op + 8, m + 8, 8);
		memcpy(op + 16, m + 16, 8);
	} else
		lz_copyback(op, off, len);
}

/*
 * A match that ends within SLACK bytes of the end of the output: blocks up
 * to SLACK bytes before that end, then one byte at a time, which is right
 * for any offset since each byte read was written before.
 */
static void
copy_back_near_end(unsigned char *op, size_t off, size_t len,
    const unsigned char *oend)
{
	size_t room = (size_t)(oend - op), fast;
	const unsigned char *m;

	if (room > SLACK && (fast = room - SLACK) < len) {
		lz_copyback(op, off, fast);
		op += fast;
		len -= fast;
	}
	for (m = op - off; len; len--)
		*op++ = *m++;
}

/*
 * A length's extension bytes from *ipp on, added to len (15): each is added,
 * and a byte of 255 means another follows.  Returns -1 if the input ends
 * first, 1 if the length passes limit (which is below SIZE_MAX - 255, so
 * the sum never wraps), else 0.
 */
static inline int
extend(const unsigned char **ipp, const unsigned char *iend, size_t *len,
    size_t limit)
{
	const unsigned char *ip = *ipp;
	size_t v = *len;
	unsigned b;

	do {
		if (ip == iend)
			return -1;
		b = *ip++;
		v += b;
		if (v > limit)
			return 1;
	} while (b == 255);
	*ipp = ip;
	*len = v;
	return 0;
}

int
lz4raw_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen)
{
	const unsigned char *ip = src, *iend = src + n, *seq, *lastmatch;
	unsigned char *op = dst, *oend = dst + cap;
	size_t llen, mlen = 0, off, ilen, room, limit;
	unsigned tok;
	int r;

	*outlen = 0;
	if (n == 0)
		return fail(err, errlen, 0, "empty input (a block holds at "
		    "least one token)");
	lastmatch = NULL;
	/* No length passes both: src and dst are in memory, apart. */
	limit = n + cap;
	for (;;) {
		seq = ip;
		tok = *ip++;
		llen = tok >> 4;
		if (llen < 15 && (size_t)(iend - ip) >= FAST_IN) {
			if ((tok & 15) < 15 &&
			    (size_t)(oend - op) >= FAST_ROOM + 16) {
				/* Both short: nothing to check but the
				 * offset. */
				memcpy(op, ip, 16);
				op += llen;
				ip += llen;
				off = (size_t)ip[0] | (size_t)ip[1] << 8;
				if (off - 1 >= (size_t)(op - dst))
					goto badoffset;
				ip += 2;
				mlen = (tok & 15) + 4;
				copy_short(op, off, mlen);
				op += mlen;
				lastmatch = seq;
				continue;
			}
			if ((size_t)(oend - op) >= 16) {
				memcpy(op, ip, 16);
				op += llen;
				ip += llen;
				goto offset;
			}
		}
		if (llen == 15 && (r = extend(&ip, iend, &llen, limit)) != 0)
			return fail(err, errlen, (size_t)(seq - src), r < 0 ?
			    "literal length runs past the end of the input" :
			    "literal length longer than input and output");
		room = (size_t)(oend - op);
		ilen = (size_t)(iend - ip);
		if (llen > ilen)
			return fail(err, errlen, (size_t)(seq - src),
			    "%zu literals, only %zu left in the input", llen,
			    ilen);
		if (llen > room)
			return fail(err, errlen, (size_t)(seq - src),
			    "%zu literals at output byte %zu would pass the "
			    "%zu bytes expected", llen, (size_t)(op - dst),
			    cap);
		if (llen <= 16 && ilen >= 16 && room >= 16)
			memcpy(op, ip, 16);
		else
			memcpy(op, ip, llen);
		op += llen;
		ip += llen;
		if (ip == iend)
			break;		/* the last sequence */

		if (iend - ip < 2)
			return fail(err, errlen, (size_t)(ip - src),
			    "match offset runs past the end of the input");
offset:
		off = (size_t)ip[0] | (size_t)ip[1] << 8;
		/* One test for both: off - 1 wraps when off is 0. */
		if (off - 1 >= (size_t)(op - dst))
			goto badoffset;
		ip += 2;
		mlen = tok & 15;
		if (mlen < 15 && (size_t)(oend - op) >= FAST_ROOM) {
			mlen += 4;
			copy_short(op, off, mlen);
			op += mlen;
			lastmatch = seq;
			if (ip == iend)
				goto endsinmatch;
			continue;
		}
		if (mlen == 15 && (r = extend(&ip, iend, &mlen, limit)) != 0)
			return fail(err, errlen, (size_t)(seq - src), r < 0 ?
			    "match length runs past the end of the input" :
			    "match length longer than the output");
		mlen += 4;
		room = (size_t)(oend - op);
		if (mlen > room)
			return fail(err, errlen, (size_t)(seq - src),
			    "match of %zu bytes at output byte %zu would pass "
			    "the %zu bytes expected", mlen, (size_t)(op - dst),
			    cap);
		if (room - mlen >= SLACK)
			lz_copyback(op, off, mlen);
		else
			copy_back_near_end(op, off, mlen, oend);
		op += mlen;
		lastmatch = seq;
		if (ip == iend)
			goto endsinmatch;
	}

	/* llen: the last sequence's literals; mlen: the match before. */
	if (lastmatch && llen < LAST_LITERALS)
		return fail(err, errlen, (size_t)(lastmatch - src), "the "
		    "last match ends %zu bytes before the end of the block, "
		    "not the %d literals required", llen, LAST_LITERALS);
	if (lastmatch && llen + mlen < LAST_MATCH_ROOM)
		return fail(err, errlen, (size_t)(lastmatch - src), "the "
		    "last match starts %zu bytes before the end of the block, "
		    "not the %d required", llen + mlen, LAST_MATCH_ROOM);
	*outlen = (size_t)(op - dst);
	return 0;

endsinmatch:
	return fail(err, errlen, n, "the block ends after a match, not in a "
	    "sequence of literals only");
badoffset:
	if (off == 0)
		return fail(err, errlen, (size_t)(ip - src), "match offset 0");
	return fail(err, errlen, (size_t)(ip - src), "match offset %zu before "
	    "the start of the output", off);
}
