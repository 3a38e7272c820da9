/*
 * number: numbers read by hand and printed without locale.
 *
 * Reading follows JSON's grammar (plus NaN, Infinity, -Infinity, which old
 * neuron-profile printed, and nan, -nan, inf, -inf, which printf and
 * DuckDB's CSV print).  Integers are exact over the whole int64 range;
 * doubles are correctly rounded, as strtod rounds them: Clinger's fast path
 * for up to 15 digits and powers of ten to 22, Eisel and Lemire's 128-bit
 * product for the rest, and where that cannot be sure an exact comparison
 * with the halfway point in big integers.  Printing uses '.' whatever the
 * locale; doubles print in the fewest digits that read back to the same
 * value, the digits printf would give: worked out exactly in 128-bit
 * integers for magnitudes from about 1e-15 to 1e15, in big integers beyond.
 * A float (float32) prints in the fewest digits that read back to it, in
 * big integers (Burger and Dybvig).
 * No libc routine reads or prints a number (tests/tools/numcheck.c compares
 * them with strtod and printf).
 */
#ifndef NP_NUM_H
#define NP_NUM_H

#include <float.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define NUM_MAXLEN 1024		/* longest number text accepted */
#define NUM_BUFSZ 32		/* room for any number num_fmt_* prints */

/* 1 if s[0..n) is exactly a decimal integer (optional '-') within int64. */
int num_i64(const char *s, size_t n, int64_t *v);
/* 1 if s[0..n) is exactly a JSON number or one of the words above. */
int num_f64(const char *s, size_t n, double *v);
/* Length of the JSON number at the start of s (0 if none); stops at any
 * byte that cannot continue it.  Does not accept NaN / Infinity. */
size_t num_scan(const char *s, const char *end);

/*
 * An option's "FROM,TO" pair of integers: either side may be empty, which
 * leaves *lo or *hi as it was and clears *haslo or *hashi.  1 when well
 * formed with FROM <= TO.
 */
int num_range(const char *arg, int64_t *lo, int64_t *hi, int *haslo,
    int *hashi);

/*
 * Is d within int64, so that casting a whole d is exact?  -2^63 is left
 * out as 2^63 is: a double there is as likely a rounded number beyond
 * int64 (-9223372036854775809 reads as -2^63), which then keeps its
 * double form rather than printing as INT64_MIN.  Whole-number text of
 * int64 itself, INT64_MIN too, is read by num_i64, not as a double.
 */
static inline int
num_inint64(double d)
{
	return d > -9223372036854775808.0 && d < 9223372036854775808.0;
}

/*
 * Print into buf (NUM_BUFSZ bytes, all of which may be written), return
 * the length.  A whole double within int64 prints as an integer, any other
 * in the fewest digits that read back the same ("2.5e-9", "1e40"); NaN
 * and infinities print as nothing (an empty field is "missing").
 */
/* v rounded to digits (1 to 15) significant digits: the double nearest
 * that decimal.  Zero, NaN and infinities are v. */
double num_round(double v, int digits);

size_t num_fmt_i64(char *buf, int64_t v);
size_t num_fmt_u64(char *buf, uint64_t v);
size_t num_fmt_f64(char *buf, double v);
/*
 * A float (a Parquet FLOAT) in the fewest digits that read back as that
 * float, the nearest of them to it, spelt as num_fmt_f64 spells the double
 * those digits read as: so the float and the text a float printer made of
 * it ("6.1961e-05", read as a double) print the same ("6.1961e-5").
 */
size_t num_fmt_f32(char *buf, float v);

/* Is d exactly a finite float32 (a float widened, not a float printer's
 * digits)? */
static inline int
num_isfloat(double d)
{
	return d >= -FLT_MAX && d <= FLT_MAX && (double)(float)d == d;
}

/*
 * Could s[0..n), read as the double d, be a double printer's text of a
 * float widened to double (DuckDB's JSON lines: 0.10000000149011612)?
 * That is: written with a point or an exponent, in at most 17 significant
 * digits (leading and trailing zeros not counted), and d exactly a float
 * other than 0 (which reads the same either way).  An integer, or an exact
 * decimal of more digits, is taken as written.
 */
int num_widened(const char *s, size_t n, double d);

/*
 * A number of a float32 column (a Parquet FLOAT, or a column Neuron Explorer
 * writes as one): d is exactly a float where a form widened it (Parquet,
 * DuckDB's JSON lines: 24005861376.0), and the decimal a float printer made
 * of it where one did (DuckDB's CSV: 24005861000.0).  Both are taken as the
 * decimal of the float's fewest digits, so every form gives one value
 * (num_float: its double) and one text (num_fmt_float, as num_fmt_f32; a d
 * that is not exactly a float is kept, as num_fmt_f64 prints it).
 */
double num_float(double d);
size_t num_fmt_float(char *buf, double d);
/* NaN, Infinity or -Infinity, as num_f64 reads and JSON writes them: the
 * text of a non-finite d where a value must not print as missing. */
const char *num_word(double d);
/* The text s[0..n) of a float32 column in np's spelling (num_fmt_float, or
 * num_word), at buf (NUM_BUFSZ bytes): its length, or 0 when s is no
 * number (kept as it is).  So each form's text of a float reads as one. */
size_t num_floattext(char *buf, const char *s, size_t n);


#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * Eight ASCII digits in a little-endian word as a number, or -1 if they
 * are not all digits: SWAR, three multiplications instead of eight.
 */
static inline int64_t
num_digitword(uint64_t w)
{
	if ((w & 0xf0f0f0f0f0f0f0f0ULL) != 0x3030303030303030ULL ||
	    ((w + 0x0606060606060606ULL) & 0xf0f0f0f0f0f0f0f0ULL) !=
	    0x3030303030303030ULL)
		return -1;
	w -= 0x3030303030303030ULL;
	w = (w * 10 + (w >> 8)) & 0x00ff00ff00ff00ffULL;
	w = (w * 100 + (w >> 16)) & 0x0000ffff0000ffffULL;
	w = (w * 10000 + (w >> 32)) & 0x00000000ffffffffULL;
	return (int64_t)w;
}
#endif

/*
 * The first t (1 to 8) of the eight bytes at s as a number, or -1 if they
 * are not all ASCII digits.  Little-endian: one word, the bytes after them
 * shifted out and leading zeros shifted in, then SWAR (three
 * multiplications instead of eight).
 */
static inline int64_t
num_digits8(const char *s, size_t t)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;

	memcpy(&w, s, 8);
	if (t < 8)
		w = w << (8 * (8 - t)) |
		    (0x3030303030303030ULL >> (8 * t));
	return num_digitword(w);
#else
	int64_t v = 0;
	size_t i;

	for (i = 0; i < t; i++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (d > 9)
			return -1;
		v = v * 10 + d;
	}
	return v;
#endif
}

/*
 * 1 with the number in *v if s[0..n) is a whole number of 1 to 16 digits
 * written as num_fmt_i64 prints it (no sign, no leading zero): its text
 * may then be copied where the number is printed.  0 for anything else,
 * which num_i64 may still read.  s must have 8 readable bytes past s + n
 * (it lies in src's buffer, whose padding makes them so).  Inline: the
 * text readers' hot path.
 */
static inline int
num_canon(const char *s, size_t n, int64_t *v)
{
	int64_t hi, lo;

	if (n - 1 >= 16 || (s[0] == '0' && n > 1))
		return 0;
	if (n <= 8) {
		if ((lo = num_digits8(s, n)) < 0)
			return 0;
		*v = lo;
		return 1;
	}
#if defined(__SSE2__) && defined(__x86_64__)
	{
		/* 9 to 16 digits, as num_digits8 reads them, but both
		 * halves at once: the first n - 8 (zeros shifted in before
		 * them) and the last 8, side by side in one register. */
		uint64_t w0, w1, u;
		__m128i d, t;

		memcpy(&w0, s, 8);
		memcpy(&w1, s + n - 8, 8);
		if (n < 16)
			w0 = w0 << (8 * (16 - n)) |
			    (0x3030303030303030ULL >> (8 * (n - 8)));
		d = _mm_sub_epi8(_mm_unpacklo_epi64(
		    _mm_cvtsi64_si128((long long)w0),
		    _mm_cvtsi64_si128((long long)w1)), _mm_set1_epi8('0'));
		/* A byte that is not a digit is above 9 once '0' is taken
		 * from it (below '0', it wraps). */
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(d,
		    _mm_set1_epi8(9)), _mm_set1_epi8(9))) != 0xffff)
			return 0;
		/* Pairs, fours, eights of digits, the first the higher. */
		t = _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d,
		    _mm_set1_epi16(0xff)), _mm_set1_epi16(10)),
		    _mm_srli_epi16(d, 8));
		t = _mm_madd_epi16(t, _mm_set1_epi32(1 << 16 | 100));
		t = _mm_packs_epi32(t, t);
		t = _mm_madd_epi16(t, _mm_set1_epi32(1 << 16 | 10000));
		u = (uint64_t)_mm_cvtsi128_si64(t);
		*v = (int64_t)(u & 0xffffffff) * 100000000 +
		    (int64_t)(u >> 32);
		return 1;
	}
#endif
	hi = num_digits8(s, n - 8);
	lo = num_digits8(s + n - 8, 8);
	if (hi < 0 || lo < 0)
		return 0;
	*v = hi * 100000000 + lo;
	return 1;
}

/* The digits 00 to 99, two bytes each. */
extern const char num_digits2[200];

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * The 8 digits of v < 10^8, with leading zeros, as the bytes of a word, the
 * first digit in the lowest byte, first in memory, each its value (0 to
 * 9).  Both halves of 4 digits at once in 32-bit lanes, then pairs in
 * 16-bit lanes, each divided by a constant with a multiplication and a
 * shift (exact for these ranges).
 */
static inline uint64_t
num_digitbytes8(uint32_t v)
{
	uint64_t x = v / 10000 | (uint64_t)(v % 10000) << 32, hi;

	hi = (x * 10486) >> 20 & 0x0000007f0000007fULL;	/* / 100 */
	x = hi | (x - hi * 100) << 16;
	hi = (x * 103) >> 10 & 0x000f000f000f000fULL;		/* / 10 */
	return hi | (x - hi * 10) << 8;
}

/* The same as ASCII digits. */
static inline uint64_t
num_word8(uint32_t v)
{
	return num_digitbytes8(v) + 0x3030303030303030ULL;
}

/*
 * Writes the digits of v < 10^8 without leading zeros, and zero bytes
 * after them up to 8; returns their number.  The leading zeros are the
 * word's low bytes that are 0, counted by its trailing zero bits (the
 * last digit counted as if it were not 0, for v = 0), and shifted out.
 */
static inline size_t
num_put8(char *buf, uint32_t v)
{
	uint64_t x = num_digitbytes8(v);
	unsigned sh = (unsigned)__builtin_ctzll(x | 1ULL << 56) & 56;

	x = (x + 0x3030303030303030ULL) >> sh;
	memcpy(buf, &x, 8);
	return 8 - sh / 8;
}
#endif

/*
 * num_fmt_i64 for a row writer's loop, without a call where v is 0 to
 * 10^16 - 1 (every count and time of a profile): num_put8, and the
 * last 8 digits after it for more than 8.
 * It may write 16 bytes (buf has NUM_BUFSZ, as for num_fmt_i64, which
 * writes any other v) and writes no NUL.
 */
static inline size_t
num_put_i64(char *buf, int64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t u = (uint64_t)v, x;
	uint32_t hi;
	size_t n;

	if (u < 100000000)
		return num_put8(buf, (uint32_t)u);
	if (u < 10000000000000000ULL) {
		hi = (uint32_t)(u / 100000000);
		n = num_put8(buf, hi);
		x = num_word8((uint32_t)(u - (uint64_t)hi * 100000000));
		memcpy(buf + n, &x, 8);
		return n + 8;
	}
#endif
	return num_fmt_i64(buf, v);
}

/*
 * num_fmt_i64 for the fast paths' durations, without a call or a branch
 * on the number of digits where v is 0 to 9999 (the usual one): the
 * number's digits, and any bytes after them up to 4 (buf has NUM_BUFSZ,
 * as for num_fmt_i64, which writes any other v).
 */
static inline size_t
num_fmt_small(char *buf, int64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t u, q, w;
	size_t n;

	if ((uint64_t)v >= 10000)
		return num_fmt_i64(buf, v);
	u = (uint32_t)v;
	q = u * 5243 >> 19;		/* u / 100, for u < 10000 */
	w = (uint32_t)(unsigned char)num_digits2[2 * q] |
	    (uint32_t)(unsigned char)num_digits2[2 * q + 1] << 8 |
	    (uint32_t)(unsigned char)num_digits2[2 * (u - 100 * q)] << 16 |
	    (uint32_t)(unsigned char)num_digits2[2 * (u - 100 * q) + 1] << 24;
	n = 1 + (u >= 10) + (u >= 100) + (u >= 1000);
	w >>= 8 * (4 - n);		/* the leading zeros out */
	memcpy(buf, &w, 4);
	return n;
#else
	return num_fmt_i64(buf, v);
#endif
}
#endif
