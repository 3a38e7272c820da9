/*
 * numcheck: num_fmt_f64 against printf's digits, and num_round against
 * printf's rounding, on many doubles of every magnitude np prints.
 *
 *   numcheck [count]
 *
 * The reference is what num_fmt_f64 wrote before it had its own digits:
 * the first of %.15g, %.16g, %.17g that reads back the same (strtod),
 * with the exponent tidied.  Prints each difference; exits 1 if any.
 * The doubles come from a fixed generator: every run checks the same.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/num.h"

static uint64_t state = 0x9e3779b97f4a7c15ULL;

static uint64_t
next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static size_t
reference(char *buf, double v)
{
	char *e, *d, *end;
	int prec, n = 0;

	if (num_inint64(v) && v == floor(v))
		return (size_t)snprintf(buf, 64, "%lld", (long long)v);
	for (prec = fabs(v) < DBL_MIN ? 1 : 15; prec <= 17; prec++) {
		n = snprintf(buf, 64, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	end = buf + n;
	if ((e = memchr(buf, 'e', (size_t)n))) {
		d = e + 1;
		if (*d == '-')
			d++;
		else if (*d == '+')
			memmove(d, d + 1, (size_t)(end-- - d - 1));
		while (*d == '0' && d + 1 < end) {
			memmove(d, d + 1, (size_t)(end - d - 1));
			end--;
		}
		*end = '\0';
	}
	return (size_t)(end - buf);
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
		v = ldexp(1, (int)(next() % 200) - 100);
		return r & 8 ? nextafter(v, 0) : r & 16 ? nextafter(v, 1e300) : v;
	default:
		bits = (next() % 0x7feULL + 1) << 52 | (next() >> 12);
		memcpy(&v, &bits, sizeof v);
		return r & 32 ? -v : v;
	}
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000, i, bad = 0;
	char got[64], want[64];
	double v, a, b;

	for (i = 0; i < n; i++) {
		v = sample();
		got[num_fmt_f64(got, v)] = '\0';
		reference(want, v);
		if (strcmp(got, want) != 0 && bad++ < 20)
			printf("num_fmt_f64 %a: %s, printf %s\n", v, got, want);
		if (v == 0)
			continue;
		a = num_round(v, 4);
		snprintf(want, sizeof want, "%.4g", v);
		b = strtod(want, NULL);
		/* Ties at the 4th digit may round either way: the scaled
		 * value is one rounding from exact. */
		if (a != b && fabs(a - b) > 1e-15 * fabs(b) * 1e4 && bad++ < 20)
			printf("num_round %a: %.17g, printf %.17g\n", v, a, b);
	}
	printf("%ld doubles, %ld differences\n", n, bad);
	return bad != 0;
}
