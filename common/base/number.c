#include <float.h>
#include <math.h>
#include <string.h>

#include "base/number.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The eight digits at s, or -1. */
static int64_t
digits8(const char *s)
{
	uint64_t w;

	memcpy(&w, s, 8);
	return num_digitword(w);
}

/* The last t (1 to 8) of the eight bytes at s as digits, or -1: the
 * bytes before them read as leading zeros. */
static int64_t
digits8tail(const char *s, size_t t)
{
	uint64_t w;

	memcpy(&w, s, 8);
	if (t < 8) {
		uint64_t before = ((uint64_t)1 << (8 * (8 - t))) - 1;
		w = (w & ~before) | (0x3030303030303030ULL & before);
	}
	return num_digitword(w);
}
#else
static int64_t
digits8tail(const char *s, size_t t)
{
	int64_t v = 0;
	size_t i;

	for (i = 8 - t; i < 8; i++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (d > 9)
			return -1;
		v = v * 10 + d;
	}
	return v;
}

static int64_t
digits8(const char *s)
{
	return digits8tail(s, 8);
}
#endif

static const uint32_t pow10int[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

int
num_i64(const char *s, size_t n, int64_t *v)
{
	const char *e = s + n;
	uint64_t u = 0, lim;
	int64_t d8;
	int neg = 0;

	if (s < e && *s == '-') {
		neg = 1;
		s++;
	}
	if (s == e)
		return 0;
	if (e - s > 8 && e - s <= 16) {
		/* Nanosecond timestamps: the first 8 digits, then the last 8
		 * (overlapping them) as a block with the overlap's digits
		 * shifted out and leading zeros shifted in. */
		int64_t lo = digits8tail(e - 8, (size_t)(e - s) - 8);

		if ((d8 = digits8(s)) < 0 || lo < 0)
			return 0;
		u = (uint64_t)d8 * (uint64_t)pow10int[e - s - 8] + (uint64_t)lo;
	} else if (e - s <= 18) {
		/* 18 digits cannot overflow: no check per digit. */
		for (; e - s >= 8; s += 8) {
			if ((d8 = digits8(s)) < 0)
				return 0;
			u = u * 100000000 + (uint64_t)d8;
		}
		for (; s < e; s++) {
			unsigned d = (unsigned)(*s - '0');
			if (d > 9)
				return 0;
			u = u * 10 + d;
		}
	} else {
		lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
		for (; s < e; s++) {
			unsigned d = (unsigned)(*s - '0');
			if (d > 9 || u > (lim - d) / 10)
				return 0;
			u = u * 10 + d;
		}
	}
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return 1;
}

int
num_range(const char *arg, int64_t *lo, int64_t *hi, int *haslo, int *hashi)
{
	const char *comma = strchr(arg, ',');

	if (!comma)
		return 0;
	*haslo = comma > arg;
	*hashi = comma[1] != '\0';
	if (*haslo && !num_i64(arg, (size_t)(comma - arg), lo))
		return 0;
	if (*hashi && !num_i64(comma + 1, strlen(comma + 1), hi))
		return 0;
	return *lo <= *hi;
}

size_t
num_scan(const char *s, const char *end)
{
	const char *p = s;

#define DIGIT(q) ((q) < end && (unsigned)(*(q) - '0') <= 9)
	if (p < end && *p == '-')
		p++;
	if (p < end && *p == '0')
		p++;
	else if (DIGIT(p))
		while (DIGIT(p))
			p++;
	else
		return 0;
	if (p < end && *p == '.') {
		if (!DIGIT(p + 1))
			return 0;
		p++;
		while (DIGIT(p))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		const char *q = p + 1;
		if (q < end && (*q == '+' || *q == '-'))
			q++;
		if (!DIGIT(q))
			return 0;
		while (DIGIT(q))
			q++;
		p = q;
	}
#undef DIGIT
	return (size_t)(p - s);
}

static const double pow10tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

#define FRAC ((1ULL << 52) - 1)		/* a double's fraction bits */
#define INFBITS 0x7ff0000000000000ULL	/* +Infinity, one past DBL_MAX */

/*
 * Exact arithmetic for what the fast paths cannot settle: natural numbers
 * in 32-bit limbs, least significant first, on the stack.  The largest
 * is a mantissa of NUM_MAXLEN digits (3402 bits) compared with a halfway
 * point of about the same size; printing needs at most 1140 bits.
 */
#define BIG_LIMBS 112

struct big {
	int n;			/* limbs in use, the top one not 0 */
	uint32_t d[BIG_LIMBS];
};

static void
big_set(struct big *a, uint64_t v)
{
	for (a->n = 0; v; v >>= 32)
		a->d[a->n++] = (uint32_t)v;
}

static void
big_copy(struct big *a, const struct big *b)
{
	a->n = b->n;
	memcpy(a->d, b->d, (size_t)b->n * sizeof b->d[0]);
}

/* a = a m + c */
static void
big_muladd(struct big *a, uint32_t m, uint32_t c)
{
	uint64_t t = c;
	int i;

	for (i = 0; i < a->n; i++) {
		t += (uint64_t)a->d[i] * m;
		a->d[i] = (uint32_t)t;
		t >>= 32;
	}
	if (t)
		a->d[a->n++] = (uint32_t)t;
}

/* r = a m */
static void
big_mul64(struct big *r, const struct big *a, uint64_t m)
{
	uint32_t half[2] = { (uint32_t)m, (uint32_t)(m >> 32) };
	uint64_t t;
	int i, j;

	memset(r->d, 0, ((size_t)a->n + 2) * sizeof r->d[0]);
	for (j = 0; j < 2; j++) {
		for (t = 0, i = 0; i < a->n; i++) {
			t += (uint64_t)a->d[i] * half[j] + r->d[i + j];
			r->d[i + j] = (uint32_t)t;
			t >>= 32;
		}
		r->d[i + j] = (uint32_t)t;
	}
	for (r->n = a->n + 2; r->n > 0 && r->d[r->n - 1] == 0; r->n--)
		;
}

static void
big_shl(struct big *a, int s)
{
	int w = s / 32, b = s % 32, i;
	uint32_t top;

	if (a->n == 0 || s == 0)
		return;
	if (b == 0)
		memmove(a->d + w, a->d, (size_t)a->n * sizeof a->d[0]);
	else {
		top = a->d[a->n - 1] >> (32 - b);
		for (i = a->n - 1; i > 0; i--)
			a->d[i + w] = a->d[i] << b | a->d[i - 1] >> (32 - b);
		a->d[w] = a->d[0] << b;
		if (top)
			a->d[a->n++ + w] = top;
	}
	memset(a->d, 0, (size_t)w * sizeof a->d[0]);
	a->n += w;
}

static void
big_mulpow5(struct big *a, int k)
{
	static const uint32_t p5[13] = { 1, 5, 25, 125, 625, 3125, 15625,
	    78125, 390625, 1953125, 9765625, 48828125, 244140625 };

	for (; k >= 13; k -= 13)
		big_muladd(a, 1220703125, 0);	/* 5^13 */
	if (k > 0)
		big_muladd(a, p5[k], 0);
}

static void
big_mulpow10(struct big *a, int k)
{
	big_mulpow5(a, k);
	big_shl(a, k);
}

static int
big_cmp(const struct big *a, const struct big *b)
{
	int i;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (i = a->n - 1; i >= 0; i--)
		if (a->d[i] != b->d[i])
			return a->d[i] < b->d[i] ? -1 : 1;
	return 0;
}

/* a -= b, which is at most a. */
static void
big_sub(struct big *a, const struct big *b)
{
	uint64_t t, borrow = 0;
	int i;

	for (i = 0; i < a->n; i++) {
		t = (uint64_t)a->d[i] - (i < b->n ? b->d[i] : 0) - borrow;
		a->d[i] = (uint32_t)t;
		borrow = t >> 63;
	}
	while (a->n > 0 && a->d[a->n - 1] == 0)
		a->n--;
}

static void
big_add(struct big *a, const struct big *b)
{
	uint64_t t = 0;
	int i, n = a->n > b->n ? a->n : b->n;

	for (i = 0; i < n; i++) {
		t += (uint64_t)(i < a->n ? a->d[i] : 0) +
		    (i < b->n ? b->d[i] : 0);
		a->d[i] = (uint32_t)t;
		t >>= 32;
	}
	a->n = n;
	if (t)
		a->d[a->n++] = (uint32_t)t;
}

/* floor(q log2 10) for |q| up to 400 (tests/tools/pow5gen.c checks it). */
static int
floorlog2ten(int q)
{
	return q >= 0 ? (q * 217706) >> 16 : -((-q * 217706 + 65535) >> 16);
}

#include "base/number_pow5.h"

/* The 128-bit product of a and b. */
static inline void
mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
	__extension__ unsigned __int128 p = (unsigned __int128)a * b;

	*hi = (uint64_t)(p >> 64);
	*lo = (uint64_t)p;
#else
	uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;

	*lo = mid << 32 | (uint32_t)p00;
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

static inline int
clz64(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_clzll(x);
#else
	int n = 0;

	for (; !(x >> 63); x <<= 1)
		n++;
	return n;
#endif
}

/*
 * w 10^q (w > 0, q within pow5tab) as the nearest double, after Eisel and
 * Lemire: w times pow5tab's 128 bits of 5^q, which are at or below it,
 * is a 192-bit product whose top 53 bits are the mantissa and whose next
 * bit rounds, unless the bits cut from 5^q (less than w in the product's
 * last place, twice that once normalised) could change those.  1 with the
 * double's bits in *bits when sure; 0 when not, *bits then a double at
 * most an ulp below, for the exact comparison to settle.  Subnormals are
 * left to that too.
 */
static int
eisel(uint64_t w, int q, uint64_t *bits)
{
	const uint64_t *t = pow5tab[q - POW5_QMIN];
	uint64_t hi, mid, lo, h2, m53, rh;
	int lz = clz64(w), be, up;

	w <<= lz;
	mul64(w, t[0], &hi, &mid);
	mul64(w, t[1], &h2, &lo);
	mid += h2;
	hi += mid < h2;
	be = floorlog2ten(q) + 64 - lz + 1023;
	if (!(hi >> 63)) {
		hi = hi << 1 | mid >> 63;
		mid = mid << 1 | lo >> 63;
		lo <<= 1;
		be--;
	}
	m53 = hi >> 11;
	rh = hi & 0x7ff;	/* with mid and lo: what rounds; half is 0x400 */
	if (be >= 2047) {
		*bits = INFBITS;
		return 1;
	}
	if (be <= 0) {
		*bits = 1 - be < 64 ? m53 >> (1 - be) : 0;
		return 0;
	}
	if (q >= 0 && q <= 55)	/* 5^q exact in 128 bits: so is the product */
		up = rh > 0x400 || (rh == 0x400 && (mid || lo || (m53 & 1)));
	else if (rh < 0x3ff || (rh == 0x3ff && mid <= UINT64_MAX - 3))
		up = 0;		/* below half even with the cut bits added */
	else if ((rh > 0x400 || (rh == 0x400 && (mid || lo))) &&
	    (rh < 0x7ff || mid <= UINT64_MAX - 3))
		up = 1;		/* above half, and no carry into m53 */
	else {
		*bits = (uint64_t)be << 52 | (m53 & FRAC);
		return 0;
	}
	m53 += (uint64_t)up;
	if (m53 >> 53) {
		m53 >>= 1;
		if (++be == 2047) {
			*bits = INFBITS;
			return 1;
		}
	}
	*bits = (uint64_t)be << 52 | (m53 & FRAC);
	return 1;
}

/*
 * -1, 0 or 1 as the decimal l 2^q / p5 is below, at or above the point
 * halfway between the positive double of bits b and the next one up,
 * (2m + 1) 2^(e - 1): cross-multiplied by p5, the power of two on the
 * side with the smaller one.
 */
static int
cmphalf(const struct big *l, const struct big *p5, int q, uint64_t b)
{
	struct big x, h;
	uint64_t m = b & FRAC;
	int be = (int)(b >> 52), e = -1074;

	if (be) {
		m |= 1ULL << 52;
		e = be - 1075;
	}
	big_mul64(&h, p5, 2 * m + 1);
	big_copy(&x, l);
	if (q > e - 1)
		big_shl(&x, q - (e - 1));
	else
		big_shl(&h, e - 1 - q);
	return big_cmp(&x, &h);
}

/*
 * The nd digits at s (a '.' among them passed over) times 10^q as the
 * nearest double, from b, at most a few doubles away: b moves up while the
 * decimal is past the halfway point above it (or at it, b odd), then down
 * while it is short of the one below (or at it, that one even).
 */
static uint64_t
exactf64(const char *s, int nd, int q, uint64_t b)
{
	struct big l, p5;
	uint32_t chunk = 0;
	int k = 0, c;

	for (l.n = 0; nd > 0; s++) {
		if (*s == '.')
			continue;
		chunk = chunk * 10 + (uint32_t)(*s - '0');
		k++;
		if (--nd == 0 || k == 8) {
			big_muladd(&l, pow10int[k], chunk);
			chunk = 0;
			k = 0;
		}
	}
	big_set(&p5, 1);
	if (q > 0)
		big_mulpow5(&l, q);
	else
		big_mulpow5(&p5, -q);
	while (b < INFBITS && (c = cmphalf(&l, &p5, q, b)) >= 0 &&
	    (c > 0 || (b & 1)))
		b++;
	while (b > 0 && ((c = cmphalf(&l, &p5, q, b - 1)) < 0 ||
	    (c == 0 && !((b - 1) & 1))))
		b--;
	return b;
}

/*
 * Any number num_scan takes, correctly rounded: its first 19 significant
 * digits as w, the power of ten of w's last digit as q; eisel when it is
 * sure (for w and w + 1 both when digits were cut), else exactf64 on
 * every digit.  Beyond pow5tab the decimal is past DBL_MAX or below half
 * the least subnormal.
 */
static double
slowf64(const char *s, const char *e)
{
	const char *p = s, *first = NULL;
	uint64_t w = 0, bits, b2;
	int neg = 0, nd = 0, nw = 0, nfrac = 0, dot = 0, cut = 0, x = 0;
	int xneg = 0, q;
	double v;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	for (; p < e && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			dot = 1;
			continue;
		}
		nfrac += dot;
		if (!first && *p == '0')
			continue;
		if (!first)
			first = p;
		nd++;
		if (nw < 19) {
			w = w * 10 + (uint64_t)(*p - '0');
			nw++;
		} else if (*p != '0')
			cut = 1;
	}
	if (p < e) {
		if (*++p == '+' || *p == '-')
			xneg = *p++ == '-';
		/* Past 100000 only the sign matters. */
		for (; p < e; p++)
			if (x < 100000)
				x = x * 10 + (*p - '0');
	}
	q = (xneg ? -x : x) - nfrac + (nd - nw);
	if (w == 0 || q < POW5_QMIN)
		bits = 0;
	else if (q > POW5_QMAX)
		bits = INFBITS;
	else if (!eisel(w, q, &bits) ||
	    (cut && (!eisel(w + 1, q, &b2) || b2 != bits)))
		bits = cut ? exactf64(first, nd, q - (nd - nw), bits) :
		    exactf64(first, nw, q, bits);
	if (neg)
		bits |= 1ULL << 63;
	memcpy(&v, &bits, sizeof v);
	return v;
}

int
num_f64(const char *s, size_t n, double *v)
{
	const char *p = s, *e = s + n;
	uint64_t mant = 0;
	int digits = 0, exp10 = 0, neg = 0;

	/* JSON's extension, then printf's words (DuckDB's CSV writes them, -nan
	 * for a NaN whose sign bit is set). */
	if ((n == 3 && (memcmp(s, "NaN", 3) == 0 || memcmp(s, "nan", 3) == 0)) ||
	    (n == 4 && memcmp(s, "-nan", 4) == 0)) {
		*v = NAN;
		return 1;
	}
	if ((n == 8 && memcmp(s, "Infinity", 8) == 0) ||
	    (n == 9 && memcmp(s, "-Infinity", 9) == 0) ||
	    (n == 3 && memcmp(s, "inf", 3) == 0) ||
	    (n == 4 && memcmp(s, "-inf", 4) == 0)) {
		*v = *s == '-' ? -INFINITY : INFINITY;
		return 1;
	}
	if (n == 0 || num_scan(s, e) != n)
		return 0;
	/*
	 * Fast path (Clinger): a mantissa of at most 15 digits and a power of
	 * ten up to 22 are both exact doubles, so one multiplication or
	 * division rounds correctly.  Everything else goes to slowf64.
	 */
	if (*p == '-') {
		neg = 1;
		p++;
	}
	for (; p < e && *p != '.' && *p != 'e' && *p != 'E'; p++) {
		if (digits || *p != '0')
			digits++;
		mant = mant * 10 + (uint64_t)(*p - '0');
		if (digits > 15)
			goto slow;
	}
	if (p < e && *p == '.')
		for (p++; p < e && *p != 'e' && *p != 'E'; p++) {
			if (digits || *p != '0')
				digits++;
			mant = mant * 10 + (uint64_t)(*p - '0');
			exp10--;
			if (digits > 15)
				goto slow;
		}
	if (p < e) {
		int64_t x;
		p++;
		if (*p == '+')
			p++;
		if (!num_i64(p, (size_t)(e - p), &x) || x > 400 || x < -400)
			goto slow;
		exp10 += (int)x;
	}
	if (exp10 < -22 || exp10 > 22)
		goto slow;
	*v = exp10 < 0 ? (double)mant / pow10tab[-exp10]
	    : (double)mant * pow10tab[exp10];
	if (neg)
		*v = -*v;
	return 1;
slow:
	if (n > NUM_MAXLEN)
		return 0;
	*v = slowf64(s, e);
	return 1;
}

const char num_digits2[200] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* Writes the 8 digits of v < 10^8, with leading zeros, at p. */
static inline void
put8(char *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t x = num_word8(v);

	memcpy(p, &x, 8);
#else
	int i;

	for (i = 6; i >= 0; i -= 2, v /= 100)
		memcpy(p + i, num_digits2 + v % 100 * 2, 2);
#endif
}

/*
 * Writes the digits of v < 10^8, without leading zeros, at p, and zeros
 * after them up to 4 or 8 bytes; returns their number.  Little-endian:
 * the leading zeros shifted out of a word of the digits, which is stored
 * whole, the number of digits worked out without a branch (a count by
 * comparisons mispredicts on numbers of mixed lengths).  Otherwise
 * straight into place, back to front: copying them from a scratch buffer
 * at a varying offset stalls on store forwarding.
 */
static size_t
putsmall(char *p, uint32_t v)
{
	size_t n;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	static const uint32_t pow10[9] = { 1, 10, 100, 1000, 10000, 100000,
	    1000000, 10000000, 100000000 };
	unsigned t, q;
	uint32_t w;
	uint64_t x;

	if (v < 10000) {
		/* The usual number: its two pairs of digits from the
		 * table, in fewer steps. */
		q = v * 5243 >> 19;		/* v / 100 */
		w = (uint32_t)(unsigned char)num_digits2[2 * q] |
		    (uint32_t)(unsigned char)num_digits2[2 * q + 1] << 8 |
		    (uint32_t)(unsigned char)num_digits2[2 * (v - 100 * q)] <<
		    16 | (uint32_t)(unsigned char)
		    num_digits2[2 * (v - 100 * q) + 1] << 24;
		n = 1 + (v >= 10) + (v >= 100) + (v >= 1000);
		w >>= 8 * (4 - n);
		memcpy(p, &w, 4);
		return n;
	}
	/* floor(log10(2) * bits): the digits, or one fewer. */
	t = (unsigned)(32 - __builtin_clz(v)) * 1233 >> 12;
	n = t + (v >= pow10[t]);
	x = num_word8(v) >> (8 * (8 - n));
	memcpy(p, &x, 8);
	return n;
#else
	char *e;

	n = v < 10000 ? (v < 100 ? (v < 10 ? 1 : 2) : (v < 1000 ? 3 : 4))
	    : v < 1000000 ? (v < 100000 ? 5 : 6) : (v < 10000000 ? 7 : 8);
	e = p + n;
	while (v >= 100) {
		e -= 2;
		memcpy(e, num_digits2 + v % 100 * 2, 2);
		v /= 100;
	}
	if (v >= 10)
		memcpy(e - 2, num_digits2 + v * 2, 2);
	else
		e[-1] = (char)('0' + v);
	return n;
#endif
}

/*
 * Integers in blocks of 8 digits, each split 4 + 4 and 2 + 2: a tree of
 * 32-bit divisions by constants instead of a chain of 64-bit ones (the
 * chain cost a fifth of np-trace's time on a text trace).
 */
size_t
num_fmt_i64(char *buf, int64_t v)
{
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	char *p = buf;

	if (v < 0)
		*p++ = '-';
	if (u < 100000000) {
		p += putsmall(p, (uint32_t)u);
	} else if (u < 10000000000000000ULL) {
		p += putsmall(p, (uint32_t)(u / 100000000));
		put8(p, (uint32_t)(u % 100000000));
		p += 8;
	} else {
		uint64_t low = u % 10000000000000000ULL;
		p += putsmall(p, (uint32_t)(u / 10000000000000000ULL));
		put8(p, (uint32_t)(low / 100000000));
		put8(p + 8, (uint32_t)(low % 100000000));
		p += 16;
	}
	*p = '\0';
	return (size_t)(p - buf);
}

/* The digits of q (p of them, trailing zeros dropped) as %.*g writes
 * them with first-digit exponent x, the exponent without '+' or leading
 * zeros ("2.5e-9", "1e40"): no digit or sign that reading does not need.
 * The digits are written 8 at a time, not one division by ten each
 * (which were a quarter of printing a ratio), and the exponent, of at
 * most 3 digits, by hand. */
static size_t
gform(char *buf, int neg, uint64_t q, int p, int x)
{
	char all[24], *dg = all + 24 - p, *o = buf;
	int nd = p, i;

	if (p > 16)
		put8(all, (uint32_t)(q / 10000000000000000ULL));
	put8(all + 8, (uint32_t)(q / 100000000 % 100000000));
	put8(all + 16, (uint32_t)(q % 100000000));
	while (nd > 1 && dg[nd - 1] == '0')
		nd--;
	if (neg)
		*o++ = '-';
	if (x < -4 || x >= p) {
		*o++ = dg[0];
		if (nd > 1) {
			*o++ = '.';
			memcpy(o, dg + 1, (size_t)nd - 1);
			o += nd - 1;
		}
		*o++ = 'e';
		if (x < 0) {
			*o++ = '-';
			x = -x;
		}
		if (x >= 100)
			*o++ = (char)('0' + x / 100);
		if (x >= 10)
			*o++ = (char)('0' + x / 10 % 10);
		*o++ = (char)('0' + x % 10);
	} else if (x >= 0) {
		for (i = 0; i <= x; i++)
			*o++ = i < nd ? dg[i] : '0';
		if (nd > x + 1) {
			*o++ = '.';
			memcpy(o, dg + x + 1, (size_t)(nd - x - 1));
			o += nd - x - 1;
		}
	} else {
		*o++ = '0';
		*o++ = '.';
		for (i = x + 1; i < 0; i++)
			*o++ = '0';
		memcpy(o, dg, (size_t)nd);
		o += nd;
	}
	*o = '\0';
	return (size_t)(o - buf);
}

static const uint64_t p10[18] = { 1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL,
    100000ULL, 1000000ULL, 10000000ULL, 100000000ULL, 1000000000ULL,
    10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
    100000000000000000ULL };

/* floor(l log10 2) for |l| up to 1100, or one off (the callers correct
 * it). */
static int
floorlog10two(int l)
{
	return l >= 0 ? (l * 78913) >> 18 : -((-l * 78913 + 262143) >> 18);
}

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* 5^0 .. 5^31, each below 2^73: as u128 built from 5^27 (the largest
 * power below 2^64) when past it. */
static u128
pow5(int t)
{
	static const uint64_t p5[28] = { 1ULL, 5ULL, 25ULL, 125ULL, 625ULL,
	    3125ULL, 15625ULL, 78125ULL, 390625ULL, 1953125ULL, 9765625ULL,
	    48828125ULL, 244140625ULL, 1220703125ULL, 6103515625ULL,
	    30517578125ULL, 152587890625ULL, 762939453125ULL,
	    3814697265625ULL, 19073486328125ULL, 95367431640625ULL,
	    476837158203125ULL, 2384185791015625ULL, 11920928955078125ULL,
	    59604644775390625ULL, 298023223876953125ULL,
	    1490116119384765625ULL, 7450580596923828125ULL };

	return t <= 27 ? p5[t] : (u128)p5[27] * p5[t - 27];
}

/*
 * num_fmt_f64's digits without printf, when 128 bits hold the exact
 * arithmetic (magnitudes from about 1e-15 to 1e15): the length, or 0.
 * The first of 15, 16 and 17 significant digits that reads back: all
 * three from one exact product, a's 17 digits truncated, with whether
 * anything was cut off below them (the digits past 15 or 16, and that,
 * round the shorter ones, half to even, as %.*g rounds), and each
 * compared with a's rounding interval at the same scale: one product per
 * bound instead of one per length tried.
 */
static size_t
fastfmt(char *buf, double v)
{
	uint64_t bits, m, d, q, sc, r, hq, lq;
	int be, e, k, t, s, p, hi, lo, hr, lr, tries, up;
	u128 n, h, l, rem, half;

	memcpy(&bits, &v, sizeof bits);
	be = (int)(bits >> 52 & 0x7ff);
	if (be == 0 || be == 0x7ff)
		return 0;	/* subnormal, or not finite */
	m = (bits & ((1ULL << 52) - 1)) | 1ULL << 52;
	e = be - 1075;
	/* The power of ten of the first digit, from the binary exponent: this
	 * or the next either side (the product says which). */
	k = floorlog10two(be - 1023);
	for (tries = 0;; tries++) {
		if (tries == 3)
			return 0;
		t = 16 - k;	/* a 10^t has 17 digits before the point */
		s = -(e + t);	/* a 10^t = m 5^t / 2^s */
		if (t < 0 || t > 31 || s < 1 || s > 125)
			return 0;
		n = (u128)m * pow5(t);
		d = (uint64_t)(n >> s);
		if (d < p10[16])
			k--;
		else if (d >= p10[17])
			k++;
		else
			break;
	}
	rem = n & (((u128)1 << s) - 1);
	half = (u128)1 << (s - 1);
	/* Reads back as a iff within a's rounding interval: half an ulp each
	 * side (a quarter below a power of two), the ends included when m is
	 * even (ties go to even).  Its ends at the scale of d, each the whole
	 * part (below 2^64, as d is) and whether there is more, so that each
	 * length's comparison is of two words. */
	h = (u128)(2 * m + 1) * pow5(t);
	hq = (uint64_t)(h >> (s + 1));
	hr = (h & (((u128)1 << (s + 1)) - 1)) != 0;
	if (m == 1ULL << 52 && e > -1074) {
		l = (u128)(4 * m - 1) * pow5(t);
		lq = (uint64_t)(l >> (s + 2));
		lr = (l & (((u128)1 << (s + 2)) - 1)) != 0;
	} else {
		l = (u128)(2 * m - 1) * pow5(t);
		lq = (uint64_t)(l >> (s + 1));
		lr = (l & (((u128)1 << (s + 1)) - 1)) != 0;
	}
	for (p = 15; p <= 17; p++) {
		/* Divisions by constants: multiplications. */
		sc = p == 15 ? 100 : p == 16 ? 10 : 1;
		q = p == 15 ? d / 100 : p == 16 ? d / 10 : d;
		r = d - q * sc;
		if (sc == 1)
			up = rem > half || (rem == half && (q & 1));
		else
			up = r > sc / 2 || (r == sc / 2 && (rem || (q & 1)));
		q += (uint64_t)up;
		/* Below the upper end, or at it when even; above the lower
		 * end, or at it when even. */
		hi = q * sc < hq || (q * sc == hq && (hr || !(m & 1)));
		lo = q * sc > lq || (q * sc == lq && !lr && !(m & 1));
		if ((hi && lo) || p == 17)
			break;
	}
	if (q == p10[p])	/* 9.99... rounded up to 10.0... */
		return gform(buf, v < 0, p10[p - 1], p, k + 1);
	return gform(buf, v < 0, q, p, k);
}
#endif

/*
 * num_fmt_f64's digits of any finite double but zero, exactly, after
 * Steele and White: v = r / s, and half the gaps to the neighbours are
 * mu / s above and ml / s below (ml half as wide at a power of two: the
 * double below is nearer).  s is scaled to v's power of ten, then each
 * digit is r / s and r, mu and ml are multiplied by ten.  From the 15th
 * digit (the first, for a subnormal) the digits so far are rounded half
 * to even and kept if the result lies within the gaps (the ends when m is
 * even, as reading rounds to even); 17 always are.
 */
static size_t
bigfmt(char *buf, double v)
{
	struct big r, s, mu, ml, t;
	uint64_t bits, m, q = 0;
	int be, e, k, p, first, lower, later = 0, c, d, up, ok;

	memcpy(&bits, &v, sizeof bits);
	be = (int)(bits >> 52 & 0x7ff);
	m = bits & FRAC;
	e = -1074;
	if (be) {
		m |= 1ULL << 52;
		e = be - 1075;
	}
	lower = m == 1ULL << 52 && be > 1 ? 1 : 2;
	big_set(&mu, 2);
	big_set(&ml, (uint64_t)lower);
	if (e >= 0) {
		big_set(&r, m);
		big_shl(&r, e + 2);
		big_set(&s, 4);
		big_shl(&mu, e);
		big_shl(&ml, e);
	} else {
		big_set(&r, 4 * m);
		big_set(&s, 1);
		big_shl(&s, 2 - e);
	}
	/* k: the power of ten of the first digit; mu and ml are scaled
	 * only once the digits are kept or not (later: by how much). */
	k = floorlog10two(e + 63 - clz64(m));
	if (k >= 0)
		big_mulpow10(&s, k);
	else {
		big_mulpow10(&r, -k);
		later = -k;
	}
	for (;;) {
		big_copy(&t, &s);
		big_muladd(&t, 10, 0);
		if (big_cmp(&r, &t) < 0)
			break;
		big_copy(&s, &t);
		k++;
	}
	while (big_cmp(&r, &s) < 0) {
		big_muladd(&r, 10, 0);
		later++;
		k--;
	}
	first = be ? 15 : 1;
	for (p = 1;; p++) {
		if (p > 1) {
			big_muladd(&r, 10, 0);
			later++;
		}
		for (d = 0; big_cmp(&r, &s) >= 0; d++)
			big_sub(&r, &s);
		q = q * 10 + (uint64_t)d;
		if (p < first)
			continue;
		big_copy(&t, &r);
		big_shl(&t, 1);
		c = big_cmp(&t, &s);
		up = c > 0 || (c == 0 && (q & 1));
		if (p == 17)
			break;
		big_mulpow10(&mu, later);
		big_mulpow10(&ml, later);
		later = 0;
		if (up) {
			big_copy(&t, &r);
			big_add(&t, &mu);
			c = -big_cmp(&t, &s);
		} else
			c = big_cmp(&r, &ml);
		ok = c < 0 || (c == 0 && !(m & 1));
		if (ok)
			break;
	}
	q += (uint64_t)up;
	if (q == p10[p]) {	/* 9.99... rounded up to 10.0... */
		q = p10[p - 1];
		k++;
	}
	return gform(buf, (int)(bits >> 63), q, p, k);
}

size_t
num_fmt_f64(char *buf, double v)
{
	if (isnan(v) || isinf(v)) {
		buf[0] = '\0';
		return 0;
	}
	/* The range test first: casting a double beyond int64 is undefined.
	 * A whole v is the same after the cast back (floor was a call). */
	if (num_inint64(v) && (double)(int64_t)v == v)
		return num_fmt_i64(buf, (int64_t)v);
	/*
	 * The first of 15, 16 and 17 significant digits that reads back the
	 * same: 15 are the fewest for any normal double that has a form of
	 * 15 digits or fewer (its error is far below the 15th digit); the
	 * others need 16 or 17.  A subnormal is coarser than that: its digits
	 * are tried from 1.
	 */
#ifdef __SIZEOF_INT128__
	{
		size_t n = fastfmt(buf, v);

		if (n > 0)
			return n;
	}
#endif
	return bigfmt(buf, v);
}

size_t
num_fmt_u64(char *buf, uint64_t v)
{
	size_t n;

	if (v <= INT64_MAX)
		return num_fmt_i64(buf, (int64_t)v);
	/* 19 or 20 digits: all but the last as an int64 would print them. */
	n = num_fmt_i64(buf, (int64_t)(v / 10));
	buf[n++] = (char)('0' + v % 10);
	buf[n] = '\0';
	return n;
}

/* 4 x 2^(q-2) 10^-k from g and x shifted (see f32digits): the integer
 * part, odd when a fraction was cut. */
static inline uint64_t
f32scaled(uint64_t g, uint64_t xs)
{
	uint64_t hi, lo;

	mul64(g, xs, &hi, &lo);
	return hi >> 32 | ((hi & 0xffffffffULL) != 0);
}

/*
 * The fewest digits that read back as the float v (positive, finite, not
 * 0), and of those the nearest v, a tie to the even digit, in 64-bit
 * arithmetic after Giulietti's Schubfach.  v = c 2^q; the floats that
 * read back as v lie within R, from v less half the gap below (a quarter,
 * at a power of two) to v plus half the gap above, the ends included when
 * c is even.  With 10^k at most R's width and 10^(k+1) above it, R holds
 * at most one multiple of 10^(k+1) (the answer, when there is one) and at
 * least one of 10^k: of those, the nearest v.  The ends and v are
 * compared with integers n 10^k as 4 x 2^(q-2) 10^-k, for x 4c and the
 * ends about it: g, pow5tab's top 64 bits of 10^-k plus one, times x
 * shifted so that the product's bits from 96 up are the integer part of
 * that and the 32 below it its fraction, which only says whether it is
 * 0 (odd when not: then no multiple of 4 equals it, and the comparisons
 * with 4n, 4n + 2 are exact).  g exceeds 10^-k by less than one in its
 * last place, so the product exceeds the exact one by less than x 2^h <
 * 2^64, below the bits looked at; that no fraction lies so near 0 or 1
 * that this shows is what the exhaustive test (numcheck f32all) checks of
 * every float.  *x: the power of ten of the first digit; the digits are
 * returned, *nd of them.
 */
static uint64_t
f32digits(float v, int *nd, int *x)
{
	uint32_t bits, c, odd;
	uint64_t g, s, t, vb, vl, vr;
	int be, q, k, h;

	memcpy(&bits, &v, sizeof bits);
	be = (int)(bits >> 23 & 0xff);
	c = bits & 0x7fffff;
	q = -149;
	if (be) {
		c |= 1u << 23;
		q = be - 150;
	}
	odd = c & 1;
	/* k = floor(log10 of R's width): 2^q, or 3/4 2^q at a power of two
	 * (log10(3/4) as -131008 / 2^20, exact enough over q's range). */
	if (c == 1u << 23 && be > 1)
		k = (q * 315653 - 131008) >> 20;
	else
		k = (q * 315653) >> 20;
	g = pow5tab[-k - POW5_QMIN][0] + 1;
	h = 96 + q + floorlog2ten(-k) - 63;
	vb = f32scaled(g, 4 * (uint64_t)c << h);
	vl = f32scaled(g, (4 * (uint64_t)c - (c == 1u << 23 && be > 1 ?
	    1 : 2)) << h);
	vr = f32scaled(g, (4 * (uint64_t)c + 2) << h);
	s = vb >> 2;		/* floor(v / 10^k) */
	/* A multiple of 10^(k+1) within R: the largest at or below v, or
	 * the next. */
	t = s / 10 * 10;
	if (vl + odd <= 4 * t) {
		s = t;
		goto strip;
	}
	if (4 * (t + 10) + odd <= vr) {
		s = t + 10;
		goto strip;
	}
	/* s or s + 1, whichever is within R; the nearer when both are. */
	if (vl + odd > 4 * s ||
	    (4 * (s + 1) + odd <= vr && (vb > 4 * s + 2 ||
	    (vb == 4 * s + 2 && (s & 1)))))
		s++;
	*x = k;
	goto count;
strip:
	/* No trailing zeros: the digits end where R would let them. */
	*x = k;
	while (s % 10 == 0) {
		s /= 10;
		++*x;
	}
count:
	for (*nd = 1; s >= p10[*nd]; ++*nd)
		;
	*x += *nd - 1;
	return s;
}

/* The digits q (nd of them, the first at 10^x) of a float, spelt as
 * num_fmt_f64 spells the double these digits read as, so that the float
 * and its shortest text read back give one text: a whole number within
 * int64 as an integer, the rest by gform. */
static size_t
f32spell(char *buf, int neg, uint64_t q, int nd, int x)
{
	uint64_t whole;
	int i;
	char *o = buf;

	if (x >= nd - 1 && x <= 18) {
		for (whole = q, i = x - nd + 1; i > 0; i--)
			whole *= 10;	/* below 10^19: no overflow */
		if (whole <= INT64_MAX) {
			if (neg)
				*o++ = '-';
			return (size_t)(o - buf) + num_fmt_i64(o, (int64_t)whole);
		}
	}
	return gform(buf, neg, q, nd, x);
}

size_t
num_fmt_f32(char *buf, float v)
{
	uint64_t q;
	int nd, x, neg = signbit(v) != 0;

	if (isnan(v) || isinf(v)) {
		buf[0] = '\0';
		return 0;
	}
	if (v == 0)
		return num_fmt_i64(buf, 0);
	q = f32digits(neg ? -v : v, &nd, &x);
	return f32spell(buf, neg, q, nd, x);
}

#ifdef NUM_F32BIG
/*
 * The big-integer digits f32digits must agree with, for the test that
 * checks it (tests/tools/numcheck.c compiles number.c with NUM_F32BIG): slow
 * (some 4,500 instructions a float) but exact by construction.
 */
/* Is the gap above (r + mp) / s wide enough to take the point up to 1,
 * its end included when reading would round it back (even)? */
static int
reaches(const struct big *r, const struct big *mp, const struct big *s,
    int even)
{
	struct big t;
	int c;

	big_copy(&t, r);
	big_add(&t, mp);
	c = big_cmp(&t, s);
	return even ? c >= 0 : c > 0;
}

/*
 * The fewest digits that read back as the float v (positive, finite, not
 * 0), and of those the nearest v, a tie to the even digit: as Burger and
 * Dybvig's free-format printing makes them.  v = r / s; half the gaps to
 * the neighbouring floats are mp / s above and mm / s below (mm half as
 * wide at a power of two, where the float below is nearer); a digit is
 * the last when v less it lies within the lower gap, or v plus the rest
 * up to the next digit within the upper one.  Unlike num_fmt_f64's first
 * of 15, 16, 17 digits that reads back, the nearest of the fewest is what
 * float printers (DuckDB's among them) write, and they differ at three
 * powers of two (2^-96, 2^87, 2^90).  *x: the power of ten of the first
 * digit; the digits are returned, *nd of them.
 */
static uint64_t
f32bigdigits(float v, int *nd, int *x)
{
	struct big r, s, mp, mm, t, u;
	uint32_t bits, m;
	uint64_t q = 0;
	int be, e, k, even, low, high, d, c;

	memcpy(&bits, &v, sizeof bits);
	be = (int)(bits >> 23 & 0xff);
	m = bits & 0x7fffff;
	e = -149;
	if (be) {
		m |= 1u << 23;
		e = be - 150;
	}
	even = !(m & 1);
	/* v = m 2^e = r / s, with room for the half gaps: r = 2 m 2^e (4 m
	 * at a power of two), mp = 2^e (2^(e+1)), mm = 2^e. */
	if (m == 1u << 23 && be > 1) {
		big_set(&r, 4 * (uint64_t)m);
		big_set(&mp, 2);
		big_set(&s, 4);
	} else {
		big_set(&r, 2 * (uint64_t)m);
		big_set(&mp, 1);
		big_set(&s, 2);
	}
	big_set(&mm, 1);
	if (e >= 0) {
		big_shl(&r, e);
		big_shl(&mp, e);
		big_shl(&mm, e);
	} else
		big_shl(&s, -e);
	/* k: one past the power of ten of the first digit, estimated from
	 * the binary exponent, then made exact: the smallest k with
	 * v + gap <= 10^k. */
	k = floorlog10two(e + 63 - clz64(m)) + 1;
	if (k >= 0)
		big_mulpow10(&s, k);
	else {
		big_mulpow10(&r, -k);
		big_mulpow10(&mp, -k);
		big_mulpow10(&mm, -k);
	}
	while (reaches(&r, &mp, &s, even)) {
		big_muladd(&s, 10, 0);
		k++;
	}
	for (;;) {
		big_copy(&t, &r);
		big_muladd(&t, 10, 0);
		big_copy(&u, &mp);
		big_muladd(&u, 10, 0);
		if (reaches(&t, &u, &s, even))
			break;
		big_muladd(&r, 10, 0);
		big_muladd(&mp, 10, 0);
		big_muladd(&mm, 10, 0);
		k--;
	}
	for (*nd = 0;;) {
		big_muladd(&r, 10, 0);
		big_muladd(&mp, 10, 0);
		big_muladd(&mm, 10, 0);
		for (d = 0; big_cmp(&r, &s) >= 0; d++)
			big_sub(&r, &s);
		c = big_cmp(&r, &mm);
		low = even ? c <= 0 : c < 0;
		high = reaches(&r, &mp, &s, even);
		++*nd;
		if (low && high) {
			/* Both ends read back: the nearer, by 2r against s. */
			big_copy(&t, &r);
			big_shl(&t, 1);
			c = big_cmp(&t, &s);
			d += c > 0 || (c == 0 && (d & 1));
		} else if (high)
			d++;
		q = q * 10 + (uint64_t)d;
		if (low || high)
			break;
	}
	*x = k - 1;
	if (q == p10[*nd]) {	/* 9.99... rounded up to 10 */
		q /= 10;
		++*x;
	}
	return q;
}

size_t num_fmt_f32big(char *, float);

size_t
num_fmt_f32big(char *buf, float v)
{
	uint64_t q;
	int nd, x, neg = signbit(v) != 0;

	if (isnan(v) || isinf(v)) {
		buf[0] = '\0';
		return 0;
	}
	if (v == 0)
		return num_fmt_i64(buf, 0);
	q = f32bigdigits(neg ? -v : v, &nd, &x);
	return f32spell(buf, neg, q, nd, x);
}
#endif

int
num_widened(const char *s, size_t n, double d)
{
	const char *e = s + n, *first = NULL, *last = NULL;
	int point = 0;

	if (!num_isfloat(d) || d == 0)
		return 0;	/* the usual number: no look at its text */
	if (n <= 18 && (memchr(s, '.', n) || memchr(s, 'e', n) ||
	    memchr(s, 'E', n)))
		return 1;	/* a point or exponent among 17 digits at most */
	for (; s < e && (*s | 0x20) != 'e'; s++)
		if (*s == '.')
			point = 1;
		else if (*s >= '1' && *s <= '9') {
			if (!first)
				first = s;
			last = s;
		}
	if (s < e)
		point = 1;	/* an exponent */
	if (!point)
		return 0;	/* an integer */
	/* The digits from the first to the last that is not 0, the point
	 * not counted where it lies between them. */
	return (last - first) + 1 - (memchr(first, '.',
	    (size_t)(last - first)) != NULL) <= 17;
}

size_t
num_fmt_float(char *buf, double d)
{
	return num_isfloat(d) ? num_fmt_f32(buf, (float)d) :
	    num_fmt_f64(buf, d);
}

double
num_float(double d)
{
	char buf[NUM_BUFSZ];
	double v;

	if (num_isfloat(d) && num_f64(buf, num_fmt_f32(buf, (float)d), &v))
		return v;
	return d;
}

const char *
num_word(double d)
{
	return isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
}

size_t
num_floattext(char *buf, const char *s, size_t n)
{
	const char *w;
	double d;

	if (!num_f64(s, n, &d))
		return 0;
	if (isfinite(d))
		return num_fmt_float(buf, d);
	w = num_word(d);
	n = strlen(w);
	memcpy(buf, w, n);
	return n;
}

double
num_round(double v, int digits)
{
	char buf[NUM_BUFSZ + 8];
	double a = fabs(v), m;
	int k, s;
	size_t n;

	if (v == 0 || !isfinite(v) || digits < 1 || digits > 15)
		return v;
	/* k: the power of ten of v's first digit (log10 may be off by one
	 * at a power of ten: checked). */
	k = (int)floor(log10(a));
	if (k > -300 && k < 300) {
		if (a < pow(10, k))
			k--;
		else if (a >= pow(10, k + 1))
			k++;
	}
	s = digits - 1 - k;	/* v * 10^s has digits digits before the point */
	if (s < -22 || s > 22)
		goto text;
	m = s < 0 ? a / pow10tab[-s] : a * pow10tab[s];
	/* A scaled value that rounded onto a half: which side the exact one
	 * is on (fma gives the exact remainder), as printf would see it. */
	if (m - floor(m) == 0.5) {
		double r = s < 0 ? fma(-m, pow10tab[-s], a) :
		    fma(a, pow10tab[s], -m);
		m = r > 0 ? floor(m) + 1 : r < 0 ? floor(m) : nearbyint(m);
	} else
		m = nearbyint(m);
	/* m and 10^s are exact doubles: one division or multiplication
	 * rounds correctly to the double nearest m * 10^-s. */
	a = s < 0 ? m * pow10tab[-s] : m / pow10tab[s];
	return v < 0 ? -a : a;
text:
	/* Outside the fast range: through decimal text. */
	m = nearbyint(a / pow(10, -s));
	if (!(m < 1e15))
		return v;
	n = num_fmt_i64(buf, (int64_t)m);
	buf[n++] = 'e';
	n += num_fmt_i64(buf + n, -s);
	if (!num_f64(buf, n, &a))
		return v;
	return v < 0 ? -a : a;
}
