/*
 * numcheck: number.c's own digits against libc's, as the oracle: num_fmt_f64
 * against printf, num_round against printf's rounding, on doubles of
 * every magnitude; num_f64 against strtod on decimal strings of every
 * shape it reads.
 *
 *   numcheck [count]
 *   numcheck f32 [count]
 *   numcheck f32all [from to]
 *   numcheck f32big [count [span]]
 *
 * The reference for printing is what num_fmt_f64 wrote when it still
 * called printf: the first of %.15g, %.16g, %.17g (from %.1g for a
 * subnormal) that reads back the same (strtod), with the exponent tidied.
 * For reading it is strtod, bit for bit, on count strings: short and long
 * mantissas (up to 800 digits), exponents past either end of the doubles,
 * subnormals, the exact decimals of doubles and of the points halfway
 * between two, and those a digit above or below.  Prints each difference;
 * exits 1 if any.  Integers too: num_fmt_i64 and num_put_i64 against
 * printf's %lld on every number below 10^6, each power of ten and its
 * neighbours, either sign, and count random ones of every bit length
 * (counted among the doubles' differences).  The numbers come from a
 * fixed generator: every run checks the same.
 *
 * f32: num_fmt_f32 against num_reference_f32 (the first of the floats
 * rounded to 1 to 9 digits by printf, or a p-digit neighbour, that strtof
 * reads back) on every power of two with the three floats either side,
 * the smallest and largest floats, 2^16 floats spread evenly over every
 * bit pattern, and count random ones, either sign.
 *
 * f32big: num_fmt_f32 against num_fmt_f32big, number.c's big-integer
 * printer, byte for byte (see f32big below).
 *
 * f32all: every float whose bits are from from to to - 1 (all positive
 * ones without them: 2^31 patterns, some ten minutes), against the
 * properties that define the digits rather than against printf, which
 * would take hours: the text reads back as the float, neither decimal of
 * one digit fewer next to it does, and a decimal of as many digits that
 * reads back is no nearer.  Reading back is num_f64 rounded to float:
 * exact, since a decimal can round wrongly through a double only onto a
 * point halfway between two floats, which strtof then settles.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* number.c itself, with its big-integer float printer (num_fmt_f32big). */
#define NUM_F32BIG
#include "base/number.c"
#include "numref.h"

size_t num_fmt_f32big(char *, float);

static uint64_t state = 0x9e3779b97f4a7c15ULL;

static uint64_t
next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

/* A double of one of the shapes np prints: any bits, a ratio of counts
 * (shares, means), a short decimal, a power of two and its neighbours. */
static double
sample(void)
{
	uint64_t r = next(), bits;
	double v;

	switch (r % 5) {
	case 0:
		bits = next();
		memcpy(&v, &bits, sizeof v);
		return isfinite(v) ? v : 1.5;
	case 1:
		return (double)(next() % 100000000000ULL) /
		    (double)(next() % 100000000000ULL + 1);
	case 2:
		return (double)(int64_t)(next() % 2000000) /
		    pow(10, (double)(next() % 12));
	case 3:
		v = ldexp(1, (int)(next() % 2098) - 1074);
		return r & 8 ? nextafter(v, 0) : r & 16 ? nextafter(v, 1e300) : v;
	default:
		/* a normal or (one in eight) subnormal double */
		bits = (r & 0x700 ? next() % 0x7feULL + 1 : 0) << 52 |
		    (next() >> 12);
		memcpy(&v, &bits, sizeof v);
		return r & 32 ? -v : v;
	}
}

/* A double of any finite bits, one in four subnormal, one in eight near
 * the largest. */
static double
anydouble(void)
{
	uint64_t r = next(), bits = next() >> 12;
	double v;

	if (r % 8 == 0)
		bits |= (0x7fdULL + (r >> 8) % 2) << 52;
	else if (r % 4 != 1)
		bits |= ((r >> 8) % 0x7fe + 1) << 52;
	memcpy(&v, &bits, sizeof v);
	return v == 0 ? 1 : v;
}

/*
 * The significant digits of a positive decimal (the first not 0) into
 * dg, their number returned, with the power of ten of the first in *x:
 * %.*Le of a long double, which glibc prints exactly.
 */
static int
exactdigits(char *dg, long double v, int x0, int *x)
{
	char tmp[1200], *e;
	int n = 0, i;

	snprintf(tmp, sizeof tmp, "%.*Le", x0, v);
	e = strchr(tmp, 'e');
	for (i = 0; tmp + i < e; i++)
		if (tmp[i] != '.')
			dg[n++] = tmp[i];
	while (n > 1 && dg[n - 1] == '0')
		n--;
	*x = atoi(e + 1);
	return n;
}

/*
 * Digits and a power of ten as JSON writes a number: the point after the
 * first digit, after some other, before leading zeros, or none, with or
 * without an exponent to make up for it.
 */
static size_t
layout(char *buf, const char *dg, int n, int x, int neg)
{
	char *o = buf;
	int how = (int)(next() % 4), i, at, z;

	if (neg)
		*o++ = '-';
	if (how == 0 || (how == 1 && n == 1)) {
		/* d.ddde+x */
		*o++ = dg[0];
		if (n > 1) {
			*o++ = '.';
			memcpy(o, dg + 1, (size_t)n - 1);
			o += n - 1;
		}
		o += sprintf(o, next() & 1 ? "e%d" : "E%+d", x);
	} else if (how == 1) {
		/* dd.dd with the rest in the exponent */
		at = 1 + (int)(next() % (uint64_t)(n - 1));
		memcpy(o, dg, (size_t)at);
		o += at;
		*o++ = '.';
		memcpy(o, dg + at, (size_t)(n - at));
		o += n - at;
		o += sprintf(o, "e%d", x - at + 1);
	} else if (how == 2 && x < 0 && x > -40) {
		/* 0.000ddd */
		*o++ = '0';
		*o++ = '.';
		for (z = -x - 1; z > 0; z--)
			*o++ = '0';
		memcpy(o, dg, (size_t)n);
		o += n;
	} else if (how == 3 && x >= n - 1 && x < 40) {
		/* ddd000 */
		memcpy(o, dg, (size_t)n);
		o += n;
		for (i = n; i <= x; i++)
			*o++ = '0';
	} else {
		/* ddd with an exponent */
		memcpy(o, dg, (size_t)n);
		o += n;
		o += sprintf(o, "e%d", x - n + 1);
	}
	*o = '\0';
	return (size_t)(o - buf);
}

/* One more or one less in the last of n digits (n > 1 when less). */
static void
nudge(char *dg, int n, int up)
{
	int i = n - 1;

	if (up) {
		while (i >= 0 && dg[i] == '9')
			dg[i--] = '0';
		if (i >= 0)
			dg[i]++;
		else
			dg[0] = '1';	/* 99 -> 10 (0): a bit off, still a case */
	} else {
		while (i > 0 && dg[i] == '0')
			dg[i--] = '9';
		dg[i]--;
		if (dg[0] == '0')
			dg[0] = '1';
	}
}

/*
 * A decimal num_f64 must read as strtod does.  Shapes: random digits
 * (1 to 20, or up to 800) at any power of ten from -345 to 330; a double
 * printed in 15 to 17 digits (0.1 and the like) or exactly; the exact
 * point halfway between a double and the next; each of these cut short
 * or a unit of the last digit above or below.
 */
static size_t
decimal(char *buf)
{
	static char dg[1200];	/* 1101 digits of %.1100Le */
	uint64_t r = next();
	int n, x, i, neg = (int)(r >> 40 & 1);
	long double h;
	double v;

	switch (r % 6) {
	case 0:
	case 1:
		n = r >> 8 & 15 ? 1 + (int)(next() % 20) :
		    1 + (int)(next() % 800);
		dg[0] = (char)('1' + next() % 9);
		for (i = 1; i < n; i++)
			dg[i] = (char)('0' + (r >> 20 & 3 ? next() % 10 :
			    next() % 2 * 9));	/* or runs of 0 and 9 */
		x = r >> 12 & 3 ? (int)(next() % 80) - 40 :
		    (int)(next() % 676) - 345;
		break;
	case 2:
		v = anydouble();
		n = 15 + (int)(next() % 3);
		n = exactdigits(dg, fabs(v), n - 1, &x);
		break;
	case 3:
		v = anydouble();
		n = exactdigits(dg, fabs(v), 1100, &x);
		break;
	default:
		/* halfway up from v: v + half its ulp, exact in a long
		 * double of 64 bits (11 more than a double's) */
		v = fabs(anydouble());
		h = (long double)v + ((long double)nextafter(v, INFINITY) -
		    (long double)v) / 2;
		if (LDBL_MANT_DIG < 64 || !isfinite(nextafter(v, INFINITY)))
			h = v;
		n = exactdigits(dg, h, 1100, &x);
		break;
	}
	if (n > 1000)
		n = 1000;
	switch (next() % 5) {
	case 0:
		nudge(dg, n, 1);
		break;
	case 1:
		if (n > 1)
			nudge(dg, n, 0);
		break;
	case 2:
		if (n > 1)
			n = 1 + (int)(next() % (uint64_t)(n - 1));
		break;
	case 3:
		dg[n++] = '1';	/* just past it */
		break;
	}
	return layout(buf, dg, n, x, neg);
}

/* One integer: 0, or 1 when num_fmt_i64 (with its NUL) or num_put_i64
 * (without) writes other than printf. */
static int
checkint(int64_t v)
{
	static int shown;
	char got[NUM_BUFSZ], put[NUM_BUFSZ], want[NUM_BUFSZ];
	size_t len, plen;

	memset(got, 'x', sizeof got);
	memset(put, 'x', sizeof put);
	len = num_fmt_i64(got, v);
	plen = num_put_i64(put, v);
	snprintf(want, sizeof want, "%lld", (long long)v);
	if (len == strlen(want) && memcmp(got, want, len + 1) == 0 &&
	    plen == len && memcmp(put, want, plen) == 0)
		return 0;
	if (++shown <= 20)
		printf("num_fmt_i64 %lld: %.*s (%zu bytes), num_put_i64: "
		    "%.*s (%zu bytes)\n", (long long)v,
		    (int)(len < sizeof got ? len : sizeof got), got, len,
		    (int)(plen < sizeof put ? plen : sizeof put), put, plen);
	return 1;
}

/* Integers of every length, and at the edges of each. */
static long
checkints(long n)
{
	long bad = 0, i;
	int64_t p;
	int k;

	for (i = 0; i < 1000000; i++)
		bad += checkint(i);
	for (p = 1, k = 0;; p *= 10) {
		bad += checkint(p - 1) + checkint(p) + checkint(p + 1);
		bad += checkint(-p + 1) + checkint(-p) + checkint(-p - 1);
		if (++k == 19)
			break;	/* 10^18, the last in 64 bits */
	}
	bad += checkint(INT64_MAX) + checkint(INT64_MIN) +
	    checkint(INT64_MIN + 1);
	for (i = 0; i < n; i++)
		bad += checkint((int64_t)(next() >> (next() & 63)));
	return bad;
}

/* ---- floats ---- */

static float
fbits(uint32_t b)
{
	float f;

	memcpy(&f, &b, sizeof f);
	return f;
}

/* One float against the reference: 0, or 1 when they differ. */
static int
checkf32(float v)
{
	static int shown;
	char got[NUM_BUFSZ], want[64];

	memset(got, 'x', sizeof got);
	got[num_fmt_f32(got, v)] = '\0';
	num_reference_f32(want, sizeof want, v);
	if (strcmp(got, want) == 0)
		return 0;
	if (++shown <= 20)
		printf("num_fmt_f32 %a: %s, reference %s\n", (double)v, got,
		    want);
	return 1;
}

static long
checkf32s(long n)
{
	long bad = 0, i;
	uint32_t b, k;
	float p;
	int e, sign;

	for (sign = 0; sign < 2; sign++) {
		for (e = -149; e <= 127; e++) {
			p = ldexpf(sign ? -1 : 1, e);
			memcpy(&b, &p, sizeof b);
			for (k = 0; k <= 6; k++)
				if (isfinite(fbits(b + k - 3)))
					bad += checkf32(fbits(b + k - 3));
		}
		bad += checkf32(sign ? -FLT_MAX : FLT_MAX) +
		    checkf32(sign ? -FLT_MIN : FLT_MIN) +
		    checkf32(fbits(sign ? 0x80000001u : 1)) +
		    checkf32(sign ? -0.0f : 0.0f);
	}
	for (b = 0; b < 65536; b++)
		if (isfinite(fbits(b << 16 | b)))
			bad += checkf32(fbits(b << 16 | b));
	for (i = 0; i < n; i++) {
		b = (uint32_t)next();
		if (isfinite(fbits(b)))
			bad += checkf32(fbits(b));
		else
			i--;
	}
	return bad;
}

/* Does the decimal q 10^t (q > 0) read back as the float v > 0? */
static int
readsas(uint64_t q, int t, float v)
{
	char buf[64];
	size_t n = (size_t)num_fmt_i64(buf, (int64_t)q);
	double d, lo, hi;
	float f;

	buf[n++] = 'e';
	n += num_fmt_i64(buf + n, t);
	buf[n] = '\0';
	if (!num_f64(buf, n, &d))
		return 0;
	f = (float)d;
	/* A double on the point halfway between two floats may have been
	 * rounded there from either side: strtof sees the decimal. */
	lo = (double)nextafterf(f, 0);
	hi = (double)nextafterf(f, INFINITY);
	if (d != (double)f && (d == ((double)f + lo) / 2 ||
	    d == ((double)f + hi) / 2))
		f = strtof(buf, NULL);
	return f == v;
}

/* The properties of num_fmt_f32's digits of a positive finite v: 0, or 1
 * when one fails. */
static int
propf32(float v)
{
	static int shown;
	char got[NUM_BUFSZ], ref[64], *p;
	uint64_t q = 0;
	int nd = 0, x, t, i, bad = 0;
	double d;

	got[num_fmt_f32(got, v)] = '\0';
	/* The digits and the power of ten of the last one, from the text
	 * (the double it reads as may lie below a power of ten: 1e23). */
	for (x = 0, p = got; *p && *p != 'e'; p++) {
		if (*p == '.')
			x = 1;
		else if (q || *p != '0') {
			q = q * 10 + (uint64_t)(*p - '0');
			nd++;
		}
		if (*p >= '0' && *p <= '9' && x > 0)
			x++;
	}
	t = (*p == 'e' ? atoi(p + 1) : 0) - (x > 0 ? x - 1 : 0);
	while (nd > 1 && q % 10 == 0) {
		q /= 10;
		nd--;
		t++;
	}
	d = strtod(got, NULL);
	if (!readsas(q, t, v))
		bad = 1;
	else if (nd > 1 && (readsas(q / 10, t + 1, v) ||
	    readsas(q / 10 + 1, t + 1, v)))
		bad = 2;
	else {
		for (i = -1; i <= 1; i += 2) {
			if (q + i == 0 || !readsas(q + i, t, v))
				continue;
			/* Both read back: the nearer, by printf's rounding. */
			snprintf(ref, sizeof ref, "%.*e", nd - 1, (double)v);
			if (strtod(ref, NULL) != d)
				bad = 3;
		}
	}
	if (bad && ++shown <= 20)
		printf("num_fmt_f32 %a: %s, %s\n", (double)v, got,
		    bad == 1 ? "does not read back" : bad == 2 ?
		    "a shorter decimal reads back" : "not the nearest");
	return bad != 0;
}

/* num_fmt_f32 against num_fmt_f32big on v: 0, or 1 when they differ. */
static int
bigf32(float v)
{
	static int shown;
	char got[NUM_BUFSZ], want[NUM_BUFSZ];

	got[num_fmt_f32(got, v)] = '\0';
	want[num_fmt_f32big(want, v)] = '\0';
	if (strcmp(got, want) == 0)
		return 0;
	if (++shown <= 20)
		printf("num_fmt_f32 %a: %s, big %s\n", (double)v, got, want);
	return 1;
}

/* Every pattern from b to e - 1 that is finite, either sign. */
static long
bigrange(uint64_t b, uint64_t e, long *n)
{
	long bad = 0;
	float v;

	for (; b < e; b++) {
		v = fbits((uint32_t)b);
		if (!isfinite(v))
			continue;
		bad += bigf32(v) + bigf32(-v);
		*n += 2;
	}
	return bad;
}

/*
 * f32big: num_fmt_f32 against num_fmt_f32big on the floats nearest the
 * edges of every binade (the first and last span patterns of each), the
 * first span subnormals, every power of two and of ten and the floats
 * next to them, FLT_MAX and those below it, and count random patterns.
 */
static int
f32big(long count, uint64_t span)
{
	long bad = 0, n = 0, i;
	uint64_t be, b;
	uint32_t u;
	float p;
	int k;
	char t[16];

	bad += bigrange(1, span, &n);
	for (be = 1; be < 255; be++) {
		bad += bigrange(be << 23, (be << 23) + span, &n);
		bad += bigrange(((be + 1) << 23) - span, (be + 1) << 23, &n);
	}
	for (k = -45; k <= 38; k++) {
		snprintf(t, sizeof t, "1e%d", k);
		p = strtof(t, NULL);
		memcpy(&u, &p, sizeof u);
		bad += bigrange(u > 8 ? u - 8 : 1, (uint64_t)u + 9, &n);
	}
	bad += bigrange(0x7f7fff00ULL, 0x7f800000ULL, &n);
	for (i = 0; i < count; i++) {
		b = (uint32_t)next();
		if (isfinite(fbits((uint32_t)b)))
			bad += bigrange(b, b + 1, &n);
		else
			i--;
	}
	printf("%ld floats, %ld differences\n", n, bad);
	return bad != 0;
}

static int
f32all(uint64_t from, uint64_t to)
{
	uint64_t b, n = 0;
	long bad = 0;
	float v;

	for (b = from; b < to; b++) {
		v = fbits((uint32_t)b);
		if (!isfinite(v) || v == 0)
			continue;
		bad += propf32(v < 0 ? -v : v);
		n++;
	}
	printf("%llu floats, %ld differences\n", (unsigned long long)n, bad);
	return bad != 0;
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000, i, bad = 0;
	char got[64], want[64], dec[NUM_MAXLEN + 64];
	double v, a, b;
	size_t len;

	if (argc > 1 && strcmp(argv[1], "f32all") == 0)
		return f32all(argc > 3 ? strtoull(argv[2], NULL, 0) : 1,
		    argc > 3 ? strtoull(argv[3], NULL, 0) : 0x7f800000ULL);
	if (argc > 1 && strcmp(argv[1], "f32big") == 0)
		return f32big(argc > 2 ? atol(argv[2]) : 1000000,
		    argc > 3 ? strtoull(argv[3], NULL, 0) : 1ULL << 20);
	if (argc > 1 && strcmp(argv[1], "f32") == 0) {
		n = argc > 2 ? atol(argv[2]) : 1000000;
		bad = checkf32s(n);
		printf("%ld floats, %ld differences\n", n, bad);
		return bad != 0;
	}

	for (i = 0; i < n; i++) {
		v = sample();
		got[num_fmt_f64(got, v)] = '\0';
		num_reference(want, sizeof want, v);
		if (strcmp(got, want) != 0 && bad++ < 20)
			printf("num_fmt_f64 %a: %s, printf %s\n", v, got, want);
		/* A subnormal has fewer than 4 digits to round to. */
		if (fabs(v) < DBL_MIN)
			continue;
		a = num_round(v, 4);
		snprintf(want, sizeof want, "%.4g", v);
		b = strtod(want, NULL);
		/* Ties at the 4th digit may round either way: the scaled
		 * value is one rounding from exact. */
		if (a != b && fabs(a - b) > 1e-15 * fabs(b) * 1e4 && bad++ < 20)
			printf("num_round %a: %.17g, printf %.17g\n", v, a, b);
	}
	for (i = 0; i < n; i++) {
		len = decimal(dec);
		if (len > NUM_MAXLEN) {
			i--;
			continue;
		}
		b = strtod(dec, NULL);
		if (!num_f64(dec, len, &a)) {
			if (bad++ < 20)
				printf("num_f64 rejects %s\n", dec);
		} else if (memcmp(&a, &b, sizeof a) != 0 && bad++ < 20)
			printf("num_f64 %s: %a, strtod %a\n", dec, a, b);
	}
	bad += checkints(n);
	printf("%ld doubles, %ld decimals, %ld differences\n", n, n, bad);
	return bad != 0;
}
