#include <math.h>
#include <string.h>

#include "base/decimal.h"
#include "base/number.h"

#define SIGN (1ULL << 63)

static const uint64_t pow10u[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL, 1000000000000000000ULL,
	10000000000000000000ULL,
};

static int
isneg(const struct dec *d)
{
	return (d->hi & SIGN) != 0;
}

static void
negate(struct dec *d)
{
	d->lo = ~d->lo + 1;
	d->hi = ~d->hi + (d->lo == 0);
}

/* Full 64 x 64 -> 128 bit product. */
static void
mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t al = a & 0xffffffff, ah = a >> 32;
	uint64_t bl = b & 0xffffffff, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);

	*lo = (mid << 32) | (ll & 0xffffffff);
	*hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* Multiplies the mantissa by 10^k and lowers e by k: 0 if the magnitude
 * would reach 2^127. */
static int
scale(struct dec *d, int k)
{
	int neg = isneg(d);
	uint64_t ph, pl, f;

	if (d->hi == 0 && d->lo == 0) {
		d->e -= k;
		return 1;
	}
	if (neg)
		negate(d);
	for (; k > 0; k -= 19) {
		f = pow10u[k < 19 ? k : 19];
		mul64(d->lo, f, &ph, &pl);
		if (d->hi && d->hi > (SIGN - 1) / f)
			return 0;
		d->hi *= f;
		if (d->hi + ph < d->hi || ((d->hi + ph) & SIGN))
			return 0;
		d->hi += ph;
		d->lo = pl;
		d->e -= k < 19 ? k : 19;
	}
	if (neg)
		negate(d);
	return 1;
}

void
dec_i64(struct dec *d, int64_t v)
{
	d->lo = (uint64_t)v;
	d->hi = v < 0 ? ~0ULL : 0;
	d->e = 0;
}

/* mantissa = mantissa * 10 + digit; the caller bounds the digits. */
static void
push(struct dec *d, int digit)
{
	uint64_t ph, pl;

	mul64(d->lo, 10, &ph, &pl);
	d->hi = d->hi * 10 + ph;
	d->lo = pl + (uint64_t)digit;
	d->hi += d->lo < pl;
}

int
dec_parse(const char *s, size_t n, struct dec *d)
{
	const char *p = s, *e = s + n;
	int neg = 0, ndig = 0, zeros = 0, infrac = 0, x = 0, xneg = 0;

	if (n == 0 || num_scan(s, e) != n)
		return 0;
	d->hi = d->lo = 0;
	d->e = 0;
	if (*p == '-') {
		neg = 1;
		p++;
	}
	/* Leading zeros are dropped; zeros after a non-zero digit wait in
	 * "zeros" until another non-zero digit shows that they are
	 * significant; trailing ones become powers of ten. */
	for (; p < e && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			infrac = 1;
			continue;
		}
		d->e -= infrac;
		if (*p == '0') {
			zeros += ndig > 0;
			continue;
		}
		if ((ndig += zeros + 1) > DEC_DIGITS)
			return 0;
		for (; zeros; zeros--)
			push(d, 0);
		push(d, *p - '0');
	}
	d->e += zeros;
	if (p < e) {
		p++;
		if (*p == '+' || *p == '-')
			xneg = *p++ == '-';
		for (; p < e; p++)
			if ((x = x * 10 + (*p - '0')) > DEC_MAXEXP)
				return 0;
		d->e += xneg ? -x : x;
	}
	if (neg)
		negate(d);
	return 1;
}

/* Takes the trailing zeros off the mantissa while e is below to: the same
 * number in fewer digits, for dec_add to align another to. */
static void
trim(struct dec *d, int to)
{
	__extension__ typedef unsigned __int128 u128;
	u128 m;
	int neg = isneg(d);

	if (neg)
		negate(d);
	m = (u128)d->hi << 64 | d->lo;
	while (d->e < to && m != 0 && m % 10 == 0) {
		m /= 10;
		d->e++;
	}
	d->hi = (uint64_t)(m >> 64);
	d->lo = (uint64_t)m;
	if (neg)
		negate(d);
}

int
dec_add(struct dec *acc, const struct dec *v)
{
	struct dec a = *acc, b = *v, r;

	/* A zero takes the other's exponent: aligning 1e40 to the exponent of
	 * an empty sum (0) would need 41 digits for one. */
	if (b.hi == 0 && b.lo == 0)
		return 1;
	if (a.hi == 0 && a.lo == 0) {
		*acc = b;
		return 1;
	}
	/* The one of the higher power of ten is aligned to the other; where
	 * that needs too many digits, the other's trailing zeros are taken
	 * off first, so that a sum's exactness does not hang on how its
	 * numbers were written (365779620 as 365779620e0 or 36577962e1). */
	if (a.e > b.e && !scale(&a, a.e - b.e)) {
		a = *acc;
		trim(&b, a.e);
		if (a.e > b.e && !scale(&a, a.e - b.e))
			return 0;
	}
	if (b.e > a.e && !scale(&b, b.e - a.e)) {
		b = *v;
		trim(&a, b.e);
		if (b.e > a.e && !scale(&b, b.e - a.e))
			return 0;
	}
	r.lo = a.lo + b.lo;
	r.hi = a.hi + b.hi + (r.lo < a.lo);
	r.e = a.e;
	if (isneg(&a) == isneg(&b) && isneg(&r) != isneg(&a))
		return 0;
	if (r.hi == SIGN && r.lo == 0)
		return 0;	/* -2^127 has no magnitude */
	*acc = r;
	return 1;
}

int
dec_cmp(const struct dec *a, const struct dec *b)
{
	struct dec d = *a, nb = *b;
	double x, y;

	negate(&nb);
	if (!dec_add(&d, &nb)) {
		x = dec_f64(a);
		y = dec_f64(b);
		return x < y ? -1 : x > y;
	}
	if (d.hi == 0 && d.lo == 0)
		return 0;
	return isneg(&d) ? -1 : 1;
}

/*
 * A 128-bit mantissa holds numbers up to 1.7e38, a digit more than
 * dec_parse reads, so dec_fmt can write a number that does not read back
 * (np-sum's histogram rows are read again to merge).  Trailing zeros do
 * not count: dec_parse makes them a power of ten.
 */
int
dec_long(const struct dec *d)
{
	__extension__ typedef unsigned __int128 u128;
	/* The high half of 10^38: a number whose high half lies outside
	 * [TENHI, ~TENHI] is below 10^38 in magnitude, the usual case. */
	const uint64_t TENHI = 0x4B3B4CA85A86C47AULL;
	const u128 ten38 = (u128)TENHI << 64 | 0x098A224000000000ULL;
	struct dec m = *d;
	u128 v;

	if (m.hi - TENHI > ~TENHI - TENHI)
		return 0;
	if (isneg(&m))
		negate(&m);
	for (v = (u128)m.hi << 64 | m.lo; v >= ten38 && v % 10 == 0; v /= 10)
		;
	return v >= ten38;
}

/* Decimal digits of a magnitude, most significant first; the count. */
static int
digits(uint64_t hi, uint64_t lo, char *out)
{
	uint32_t limb[4] = { (uint32_t)(hi >> 32), (uint32_t)hi,
	    (uint32_t)(lo >> 32), (uint32_t)lo };
	char tmp[48];
	int n = 0, i;

	do {
		uint64_t r = 0;
		for (i = 0; i < 4; i++) {
			uint64_t cur = r << 32 | limb[i];
			limb[i] = (uint32_t)(cur / 10);
			r = cur % 10;
		}
		tmp[n++] = (char)('0' + r);
	} while (limb[0] | limb[1] | limb[2] | limb[3]);
	for (i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return n;
}

static int fits64(const struct dec *, int64_t *);

/*
 * Is the magnitude of digits dg[0..n) with point of them before the
 * decimal point beyond int64's range: 2^63 or more, or more than 2^63 for
 * a negative whole number (whose -2^63 int64 holds)?
 */
static int
beyond64(const char *dg, int n, int point, int negwhole)
{
	static const char lim[] = "9223372036854775808";
	int i;

	if (point != 19)
		return point > 19;
	for (i = 0; i < 19; i++) {
		char c = i < n ? dg[i] : '0';

		if (c != lim[i])
			return c > lim[i];
	}
	return !(negwhole && n <= 19);
}

size_t
dec_fmt(char *buf, const struct dec *d)
{
	struct dec m = *d;
	char dg[48];
	char *o = buf;
	int n, e = d->e, point, i;
	int64_t v;

	/* A whole number within int64, the common case, as num prints it. */
	if (e == 0 && fits64(d, &v))
		return num_fmt_i64(buf, v);

	if (isneg(&m)) {
		negate(&m);
		*o++ = '-';
	}
	n = digits(m.hi, m.lo, dg);
	if (n == 1 && dg[0] == '0') {
		strcpy(buf, "0");
		return 1;
	}
	while (dg[n - 1] == '0') {
		n--;
		e++;
	}
	point = n + e;		/* digits before the decimal point */
	/* np's one spelling (num_fmt_f64's): no exponent for a magnitude
	 * from 10^-4 to int64's, as a double within them prints. */
	if (e >= 0 && !beyond64(dg, n, point, o > buf)) {
		memcpy(o, dg, (size_t)n);
		o += n;
		for (i = 0; i < e; i++)
			*o++ = '0';
	} else if (e < 0 && point > 0 && !beyond64(dg, n, point, 0)) {
		memcpy(o, dg, (size_t)point);
		o += point;
		*o++ = '.';
		memcpy(o, dg + point, (size_t)(n - point));
		o += n - point;
	} else if (e < 0 && point <= 0 && point > -4) {
		*o++ = '0';
		*o++ = '.';
		for (i = point; i < 0; i++)
			*o++ = '0';
		memcpy(o, dg, (size_t)n);
		o += n;
	} else {
		*o++ = dg[0];
		if (n > 1) {
			*o++ = '.';
			memcpy(o, dg + 1, (size_t)(n - 1));
			o += n - 1;
		}
		*o++ = 'e';
		o += num_fmt_i64(o, (int64_t)(point - 1));
	}
	*o = '\0';
	return (size_t)(o - buf);
}

int
dec_whole(const struct dec *d)
{
	return d->e >= 0 || (d->hi == 0 && d->lo == 0);
}

/* The int64 a dec with a power of ten of 0 holds, if it fits. */
static int
fits64(const struct dec *d, int64_t *v)
{
	if (!((d->hi == 0 && d->lo < (1ULL << 63)) ||
	    (d->hi == UINT64_MAX && d->lo >= (1ULL << 63))))
		return 0;
	*v = (int64_t)d->lo;
	return 1;
}

double
dec_f64(const struct dec *d)
{
	static const double p10[23] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	    1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
	    1e18, 1e19, 1e20, 1e21, 1e22 };
	char buf[DEC_BUFSZ];
	int64_t m;
	double v;

	/* Clinger's fast path, as num_f64 takes it: a mantissa and a power
	 * of ten that are both exact doubles round once, correctly. */
	if (fits64(d, &m)) {
		if (d->e == 0)
			return (double)m;
		if (m > -(1LL << 53) && m < (1LL << 53) && d->e >= -22 &&
		    d->e <= 22)
			return d->e < 0 ? (double)m / p10[-d->e] :
			    (double)m * p10[d->e];
	}

	num_f64(buf, dec_fmt(buf, d), &v);
	return v;
}

/* Bits in a 128-bit magnitude. */
static int
bitlen(uint64_t hi, uint64_t lo)
{
	int n = 0;

	if (hi) {
		n = 64;
		lo = hi;
	}
	for (; lo; lo >>= 1)
		n++;
	return n;
}

/* Is the whole number h:l (power 0) a double exactly: 53 significant bits
 * at most? */
static int
exact53(uint64_t h, uint64_t l)
{
	if (h == 0 && l < (1ULL << 53))
		return 1;
	if (l == 0 && h == 0)
		return 1;
	while (!(l & 1)) {	/* trailing zeros do not count */
		l = l >> 1 | h << 63;
		h >>= 1;
	}
	return h == 0 && l < (1ULL << 53);
}

static void
shl1(uint64_t *h, uint64_t *l, int k)
{
	if (k >= 64) {
		*h = *l << (k - 64);
		*l = 0;
	} else if (k > 0) {
		*h = *h << k | *l >> (64 - k);
		*l <<= k;
	}
}

double
dec_quot(const struct dec *a, const struct dec *b)
{
	uint64_t rh = a->hi, rl = a->lo, dh = b->hi, dl = b->lo, q = 0;
	int la, lb, i;

	/* Two exact doubles: one division, rounded once. */
	if (rh == 0 && dh == 0 && rl < (1ULL << 53) && dl < (1ULL << 53))
		return (double)rl / (double)dl;
	if (exact53(rh, rl) && exact53(dh, dl))
		return dec_f64(a) / dec_f64(b);
	if (rh == 0 && rl == 0)
		return 0;
	/*
	 * Otherwise 64 bits of the quotient by long division, the two aligned
	 * to the same length (below 2^127, so that the remainder doubled
	 * fits): q in [2^62, 2^64), and a remainder left sets q's last bit,
	 * a sticky bit well below the 53 kept, so that the conversion of q
	 * rounds as the exact quotient would.
	 */
	la = bitlen(rh, rl);
	lb = bitlen(dh, dl);
#ifdef __SIZEOF_INT128__
	/* Both within 64 bits, the usual case: the same 64 bits of quotient
	 * by one 128-bit division (a << s stays below 2^127). */
	if (rh == 0 && dh == 0) {
		__extension__ unsigned __int128 num =
		    (unsigned __int128)rl << (63 + lb - la);

		q = (uint64_t)(num / dl);
		if (num % dl)
			q |= 1;
		return ldexp((double)q, la - lb - 63);
	}
#endif
	if (la > lb)
		shl1(&dh, &dl, la - lb);
	else
		shl1(&rh, &rl, lb - la);
	for (i = 0; i < 64; i++) {
		q <<= 1;
		if (rh > dh || (rh == dh && rl >= dl)) {
			rh -= dh + (rl < dl);
			rl -= dl;
			q |= 1;
		}
		shl1(&rh, &rl, 1);
	}
	if (rh | rl)
		q |= 1;
	return ldexp((double)q, la - lb - 63);
}

double
dec_div(const struct dec *a, const struct dec *b)
{
	struct dec x = *a, y = *b;
	int neg = isneg(&x) != isneg(&y);
	double q;

	/* Whole numbers from 0 to 2^53: exact doubles, one division. */
	if ((x.e | y.e | x.hi | y.hi) == 0 && x.lo < (1ULL << 53) &&
	    y.lo < (1ULL << 53))
		return (double)x.lo / (double)y.lo;
	if (isneg(&x))
		negate(&x);
	if (isneg(&y))
		negate(&y);
	/* The same power of ten: then x / y is the quotient of the
	 * mantissas. */
	if ((x.e > y.e && !scale(&x, x.e - y.e)) ||
	    (y.e > x.e && !scale(&y, y.e - x.e)))
		return dec_f64(a) / dec_f64(b);
	x.e = y.e = 0;
	q = dec_quot(&x, &y);
	return neg ? -q : q;
}

/* Are s up to e all digits? */
static int
alldigits(const char *s, const char *e)
{
	for (; s < e; s++)
		if ((unsigned)(*s - '0') > 9)
			return 0;
	return 1;
}

/*
 * Is s (n bytes, a number with a point and no exponent) written as dec_fmt
 * writes its exact decimal: -?(0|[1-9][0-9]{0,17}).[0-9]*[1-9], and
 * from 10^-4 (0.0001, not 0.00009)?  The usual number of a text form, a
 * double or a float printer's digits, kept without reading it twice.
 */
static int
asdecfmt(const char *s, size_t n)
{
	const char *e = s + n, *p;

	if (*s == '-')
		s++;
	if (e - s < 3 || e[-1] == '0' || (unsigned)(e[-1] - '0') > 9)
		return 0;
	if (*s == '0') {
		if (s[1] != '.')
			return 0;
		for (p = s + 2; p < e && *p == '0'; p++)
			;
		return p - (s + 2) <= 3 && p < e && alldigits(p, e);
	}
	for (p = s; p < e && (unsigned)(*p - '0') <= 9; p++)
		;
	return p - s <= 18 && p < e && *p == '.' && alldigits(p + 1, e);
}

size_t
dec_respell(char *buf, const char *s, size_t n, int floats)
{
	struct dec x;
	const char *w;
	double d;
	size_t i = n > 0 && s[0] == '-';

	if (i == n)
		return 0;
	if ((unsigned)(s[i] - '0') <= 9) {
		/* Digits: a number only with a point or an exponent. */
		while (i < n && s[i] != '.' && (s[i] | 0x20) != 'e')
			i++;
		if (i == n)
			return 0;
	} else if ((s[i] | 0x20) != 'n' && (s[i] | 0x20) != 'i')
		return 0;	/* text; not NaN, nan, Infinity or inf */
	if (!num_f64(s, n, &d))
		return 0;
	if (!isfinite(d)) {
		w = num_word(d);
		memcpy(buf, w, strlen(w));
		return strlen(w);
	}
	if (floats && num_widened(s, n, d))
		return num_fmt_f32(buf, (float)d);
	if (asdecfmt(s, n))
		return 0;
	/* Past an exponent dec_parse reads (a number no double holds), as
	 * written. */
	if (!dec_parse(s, n, &x) || x.e < -DEC_MAXEXP ||
	    x.e > DEC_MAXEXP - DEC_DIGITS)
		return 0;
	return dec_fmt(buf, &x);
}

int
dec_sum(struct dec *d)
{
	__extension__ typedef unsigned __int128 u128;
	u128 m;

	if (!dec_whole(d) || d->hi >> 63)
		return 0;
	if (d->hi == 0 && d->lo == 0)
		d->e = 0;
	for (; d->e > 0; d->e--) {
		if (d->hi >> 58)	/* times 10 would pass 2^126 */
			return 0;
		m = ((u128)d->hi << 64 | d->lo) * 10;
		d->hi = (uint64_t)(m >> 64);
		d->lo = (uint64_t)m;
	}
	return !(d->hi >> 62);
}
