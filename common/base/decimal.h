/*
 * decimal: exact decimal numbers, for sums that come out the same whatever the
 * order the values were added in.
 *
 * A dec is m * 10^e, m a 128-bit two's complement integer: any number of up
 * to 38 significant digits is held exactly, so sums of the integers and
 * decimals that profilers print are exact, and partial sums from many files
 * or machines add up to exactly what one pass gives.  Past that (a sum
 * needing more than 2^127 in the mantissa) dec_add says so and the caller
 * falls back to a double.
 */
#ifndef NP_DEC_H
#define NP_DEC_H

#include <stddef.h>
#include <stdint.h>

#include "base/number.h"

#define DEC_DIGITS 38		/* significant digits read, at most */
#define DEC_BUFSZ 64		/* room for any number dec_fmt prints */
#define DEC_MAXEXP 9999		/* larger exponents are not read */

struct dec {
	uint64_t hi, lo;	/* the mantissa, two's complement */
	int e;			/* power of ten */
};

/* Reads a JSON number of at most DEC_DIGITS significant digits: 1, or 0
 * when s[0..n) is not one (NaN and Infinity are not). */
int dec_parse(const char *s, size_t n, struct dec *d);
void dec_i64(struct dec *d, int64_t v);
/* acc += v exactly: 1, or 0 (acc unchanged) when it does not fit. */
int dec_add(struct dec *acc, const struct dec *v);
/* -1, 0 or 1 as a < b, a == b, a > b (by value: 1.50 equals 1.5). */
int dec_cmp(const struct dec *a, const struct dec *b);
/* 1 when d has more than DEC_DIGITS significant digits (it fits in 128
 * bits, but would not read back). */
int dec_long(const struct dec *d);
/* The canonical text, np's one spelling as num_fmt_f64 writes a double:
 * no trailing zeros after a point, an exponent only below 10^-4 or beyond
 * int64 ("3.22352e-7", "3.4028235e38").  NUL-terminated. */
size_t dec_fmt(char *buf, const struct dec *d);
/*
 * dec_fmt for a row writer: the same text, with no NUL, inline (no call)
 * for a whole number from 0 to 10^16 - 1, the usual value, which may
 * write 16 bytes (buf has DEC_BUFSZ, as for dec_fmt).
 */
static inline size_t
dec_put(char *buf, const struct dec *d)
{
	if (d->e == 0 && d->hi == 0 && d->lo < 10000000000000000ULL)
		return num_put_i64(buf, (int64_t)d->lo);
	return dec_fmt(buf, d);
}
/* The nearest double. */
double dec_f64(const struct dec *d);
/*
 * Sums of whole numbers >= 0 (counts, bytes, ns): a dec of power 0 is the
 * accumulator, a value added to its low half and the carry to its high.
 * Fewer than 2^63 values below 2^63 sum below 2^126: such a sum is exact
 * and never overflows, at the cost of an add with carry.
 */
static inline void
dec_addu(struct dec *acc, uint64_t v)
{
	acc->lo += v;
	acc->hi += acc->lo < v;
}
/* a / b, whole numbers from 0 to 2^127 - 1 (b > 0), as the nearest
 * double: rounded once, as the division of two exact doubles is. */
double dec_quot(const struct dec *a, const struct dec *b);
/* a / b (b not 0), any signs and powers of ten, as the nearest double:
 * rounded once, unless aligning the two needs more than 127 bits, when
 * it is the quotient of their doubles. */
double dec_div(const struct dec *a, const struct dec *b);
/*
 * A field of a column whose type its form does not state (a CSV or TSV
 * field, a JSON number), in np's spelling at buf (DEC_BUFSZ bytes): its
 * length, or 0 to keep s as written.  An integer (no point, no exponent)
 * is kept, as written; NaN and the infinities are JSON's words
 * (num_word); with floats, a float widened to double (num_widened) is
 * that float's fewest digits (num_fmt_f32), as a float printer writes
 * it; any other number is its exact decimal
 * (dec_fmt), or kept past DEC_DIGITS significant digits.  Text that is no
 * number is kept.  Once respelt, a text is kept as it is.
 */
size_t dec_respell(char *buf, const char *s, size_t n, int floats);
/* Could dec_respell respell s at all: does it begin (after a '-') with a
 * digit, or as NaN and the infinities do?  A look without a call, for a
 * loop over keys that are mostly text. */
static inline int
dec_mayrespell(const char *s, size_t n)
{
	unsigned c;

	if (n == 0)
		return 0;
	c = (unsigned char)s[s[0] == '-' && n > 1];
	return c - '0' <= 9 || (c | 0x20) == 'n' || (c | 0x20) == 'i';
}
/* Is d a whole number?  For a dec from dec_parse or dec_i64, whose
 * mantissa has no trailing zeros below the point. */
int dec_whole(const struct dec *d);
/* A whole number from 0 to 2^126 - 1 (as a row spells a sum of dec_addu's)
 * made such a sum: power 0.  Returns 0 when d is not one. */
int dec_sum(struct dec *d);

#endif
