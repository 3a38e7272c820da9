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

#include "../common/num.h"

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

#endif
