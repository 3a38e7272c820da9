/*
 * numref: the digits num_fmt_f64 must print, made with libc, for the
 * tests that check it (numcheck, and the num_fuzz target).
 *
 * They are what num_fmt_f64 wrote when it still called printf: a whole
 * number within int64 as %lld; otherwise the first of %.15g, %.16g and
 * %.17g (from %.1g for a subnormal) that strtod reads back the same, the
 * exponent without '+' or leading zeros.
 */
#ifndef NP_NUMREF_H
#define NP_NUMREF_H

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/number.h"

static size_t
num_reference(char *buf, size_t size, double v)
{
	char *e, *d, *end;
	int prec, n = 0;

	if (num_inint64(v) && v == floor(v))
		return (size_t)snprintf(buf, size, "%lld", (long long)v);
	for (prec = fabs(v) < DBL_MIN ? 1 : 15; prec <= 17; prec++) {
		n = snprintf(buf, size, "%.*g", prec, v);
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

/*
 * The digits num_fmt_f32 must print: for p from 1 to 9, the float rounded
 * to p digits (%.*e), or the p-digit decimal one above or below it, the
 * first that strtof reads back as v; spelt as num_reference spells the
 * double that decimal reads as.  The nearest first: so the fewest digits,
 * and of those the nearest v.  NaN and infinities print as nothing.
 */
static size_t
num_reference_f32(char *buf, size_t size, float v)
{
	char t[64], c[64], *e, *d;
	long long q;
	int p, x, i, n;

	if (isnan(v) || isinf(v)) {
		buf[0] = '\0';
		return 0;
	}
	if (v == 0)
		return num_reference(buf, size, 0);
	for (p = 1; p <= 9; p++) {
		snprintf(t, sizeof t, "%.*e", p - 1, (double)v);
		if (strtof(t, NULL) == v)
			return num_reference(buf, size, strtod(t, NULL));
		e = strchr(t, 'e');
		x = atoi(e + 1);
		for (q = 0, d = t; d < e; d++)
			if (*d >= '0' && *d <= '9')
				q = q * 10 + (*d - '0');
		for (i = -1; i <= 1; i += 2) {
			n = snprintf(c, sizeof c, "%s%llde%d", v < 0 ? "-" : "",
			    q + i, x - (p - 1));
			if (n > 0 && strtof(c, NULL) == v)
				return num_reference(buf, size,
				    strtod(c, NULL));
		}
	}
	return num_reference(buf, size, (double)v);	/* not reached */
}

#endif
