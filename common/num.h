/*
 * num: numbers read by hand and printed without locale.
 *
 * Reading follows JSON's grammar (plus NaN, Infinity, -Infinity, which old
 * neuron-profile printed).  Integers are exact over the whole int64 range;
 * doubles round exactly as strtod does (a fast exact path for the common case,
 * strtod itself otherwise).  Printing uses '.' whatever the locale; doubles
 * print in the fewest digits that read back to the same value, the digits
 * printf would give: worked out exactly in 128-bit integers for magnitudes
 * from about 1e-16 to 1e15, by printf beyond (tests/numcheck.c compares).
 */
#ifndef NP_NUM_H
#define NP_NUM_H

#include <stddef.h>
#include <stdint.h>

#define NUM_MAXLEN 1024		/* longest number text accepted */
#define NUM_BUFSZ 32		/* room for any number num_fmt_* prints */

/* 1 if s[0..n) is exactly a decimal integer (optional '-') within int64. */
int num_i64(const char *s, size_t n, int64_t *v);
/* 1 if s[0..n) is exactly a JSON number, NaN, Infinity or -Infinity. */
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

/* Is d within int64 (so that casting a whole d is exact)? */
static inline int
num_inint64(double d)
{
	return d >= -9223372036854775808.0 && d < 9223372036854775808.0;
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
size_t num_fmt_f64(char *buf, double v);

#endif
