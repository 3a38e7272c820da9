/*
 * scale: units by a column's name, their scales, a value spelt for
 * people, an axis's ticks (plot.h).
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/number.h"
#include "plot.h"

static int
endswith(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* What a column holds, from its name (np(7): units live in names). */
enum unit
unitof(const char *name)
{
	if (endswith(name, "_ts"))
		return U_TS;
	if (endswith(name, "_ns") || strcmp(name, "ns") == 0)
		return U_NS;
	if (endswith(name, "_bytes") || strcmp(name, "bytes") == 0)
		return U_BYTES;
	if (endswith(name, "_share") || strcmp(name, "share") == 0)
		return U_SHARE;
	if (endswith(name, "_percent"))
		return U_PERCENT;
	if (endswith(name, "_gb_per_s"))
		return U_GBPS;
	return U_NONE;
}


/* The steps of each unit, smallest first. */
static const struct scale *
steps(enum unit u, int *n)
{
	static const struct scale ns[] = { { 1, "ns" },
	    { 1e3, "\xc2\xb5s" }, { 1e6, "ms" }, { 1e9, "s" } };
	static const struct scale bytes[] = { { 1, "B" }, { 1024, "KiB" },
	    { 1048576, "MiB" }, { 1073741824, "GiB" },
	    { 1099511627776.0, "TiB" } };
	static const struct scale plain[] = { { 1, "" }, { 1e3, "k" },
	    { 1e6, "M" }, { 1e9, "G" }, { 1e12, "T" } };
	static const struct scale share[] = { { 0.01, "%" } };
	static const struct scale pct[] = { { 1, "%" } };
	static const struct scale gbps[] = { { 1, "GB/s" } };

	switch (u) {
	case U_NS:
	case U_TS:
		*n = 4;
		return ns;
	case U_BYTES:
		*n = 5;
		return bytes;
	case U_SHARE:
		*n = 1;
		return share;
	case U_PERCENT:
		*n = 1;
		return pct;
	case U_GBPS:
		*n = 1;
		return gbps;
	default:
		*n = 5;
		return plain;
	}
}

/* Three significant digits, no exponent, trailing zeros dropped. */
void
sig3(char *b, size_t n, double x)
{
	double a = fabs(x);
	char *dot, *e;

	snprintf(b, n, a >= 999.5 * 1000 ? "%.3g" : a >= 99.95 ? "%.0f" : a >= 9.995 ? "%.1f" :
	    a >= 0.9995 || a == 0 ? "%.2f" : "%.3g", x);
	if ((dot = strchr(b, '.')) && !strchr(b, 'e')) {
		for (e = b + strlen(b); e > dot + 1 && e[-1] == '0'; e--)
			;
		if (e == dot + 1)
			e = dot;
		*e = '\0';
	}
	if (strcmp(b, "-0") == 0)
		strcpy(b, "0");
}

/* The step of u to show values up to max in. */
const struct scale *
scalefor(enum unit u, double max)
{
	const struct scale *s;
	int i, n;

	s = steps(u, &n);
	max = fabs(max);
	for (i = n - 1; i > 0; i--)
		if (max >= s[i].div * 0.9995)
			break;
	return &s[i];
}

/* v for a person: "16.6 ms", "128 KiB", "8.12%", "1568". */
const char *
human(char *b, size_t n, double v, enum unit u)
{
	const struct scale *s = scalefor(u, v);
	char d[32];

	if (u == U_NONE && v == floor(v) && fabs(v) < 1e7) {
		snprintf(b, n, "%.0f", v);
		return b;
	}
	if (fabs(v) / s->div >= 1e6) {	/* beyond the largest step */
		sig3(b, n, v);
		return b;
	}
	sig3(d, sizeof d, v / s->div);
	snprintf(b, n, "%s%s%s", d, *s->name && strcmp(s->name, "%") &&
	    u != U_NONE ? " " : "", s->name);
	return b;
}

int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* A tick step of 1, 2 or 5 times a power of ten, for about five ticks
 * over span. */
double
tickstep(double span)
{
	double raw = span / 5, mag, f;

	if (!(raw > 0))
		return 1;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
}



/* v to 4 significant digits, rounded down (dir -1) or up (1): v itself
 * when 4 digits spell it. */
static void
outward(char *d, size_t n, double v, int dir)
{
	double scale, m, x;
	int i;

	snprintf(d, n, "%.4g", v);
	if (strtod(d, NULL) == v)
		return;
	scale = pow(10, floor(log10(fabs(v))) - 3);
	m = dir < 0 ? floor(v / scale) : ceil(v / scale);
	/* The quotient's error may leave it a step short. */
	for (i = 0; i < 3; i++) {
		snprintf(d, n, "%.4g", m * scale);
		x = strtod(d, NULL);
		if (dir < 0 ? x <= v : x >= v)
			return;
		m += dir;
	}
}
/* x in at most 6 significant digits, exactly, into d: 0 if they cannot
 * spell it. */
static int
exact6(char *d, size_t n, double x)
{
	snprintf(d, n, "%.6g", x);
	return !strchr(d, 'e') && strtod(d, NULL) == x;
}

/*
 * The step of u to spell the whole number v in: the largest it reaches
 * that spells it exactly in at most 6 significant digits ("1.481 µs",
 * "2 KiB"); 0, the unit itself, else ("1481 B").
 */
static int
exactstep(double v, enum unit u)
{
	const struct scale *s;
	char d[NUM_BUFSZ];
	int i, k;

	if (u != U_NS && u != U_TS && u != U_BYTES)
		return 0;
	s = steps(u, &k);
	for (i = k - 1; i > 0; i--)
		if (fabs(v) >= s[i].div && exact6(d, sizeof d, v / s[i].div))
			return i;
	return 0;
}

/*
 * v for a histogram's bounds.  A whole number exactly, in the step of
 * its unit exactstep picks; any other number to 4 significant digits,
 * rounded away from the bucket's inside (dir: -1 down, a lower bound; 1 up, an upper
 * one; 0 in the fewest digits that read back to it), in the unit itself,
 * so that the label holds all the bucket does.
 */
const char *
exactnum(char *b, size_t n, double v, enum unit u, int whole, int dir)
{
	const struct scale *s;
	char d[NUM_BUFSZ];
	const char *name;
	int k, step = whole ? exactstep(v, u) : 0;

	s = steps(u, &k);
	name = u == U_NS || u == U_TS ? "ns" : u == U_BYTES ? "B" :
	    u == U_PERCENT ? "%" : u == U_GBPS ? "GB/s" : "";
	if (whole && step > 0 && step < k) {
		exact6(d, sizeof d, v / s[step].div);
		snprintf(b, n, "%s %s", d, s[step].name);
		return b;
	}
	if (whole && fabs(v) < 1e15)
		snprintf(d, sizeof d, "%.0f", v);
	else if (dir && v != 0 && isfinite(v))
		outward(d, sizeof d, v, dir);
	else
		d[num_fmt_f64(d, v)] = '\0';
	snprintf(b, n, "%s%s%s", d, *name && *name != '%' ? " " : "", name);
	return b;
}
