/*
 * num_fuzz: libFuzzer target for number.c's own reading and printing of
 * doubles (common/base/number.c), with libc as the oracle.
 *
 * The first byte is a control byte:
 *   bit 0  0: the rest is text; 1: its first 8 bytes are a double's bits
 *   bit 1  (with bit 0 clear) its first 4 bytes are a float's bits
 * Beyond what the sanitizers catch, it checks that
 *   - num_f64 takes a text exactly when num_scan spans it (NaN, Infinity
 *     and -Infinity, nan, -nan, inf and -inf aside) and it is at most
 *     NUM_MAXLEN bytes long, and
 *     reads it to the bits strtod reads;
 *   - num_fmt_f64 prints a double (one read so, or the bits given) in the
 *     digits printf gives: the first of %.15g, %.16g and %.17g (from %.1g
 *     for a subnormal) that strtod reads back the same, the exponent
 *     without '+' or leading zeros, a whole one within int64 as %lld; and
 *     that num_f64 reads that back to the same value (-0 prints as 0);
 *   - num_fmt_f32 prints a float (the bits given, or a text read as a
 *     double that rounds to a float exactly) in num_reference_f32's
 *     digits: the fewest that strtof reads back, the nearest of them, spelt
 *     as num_fmt_f64 spells the double they read as, which it must be;
 *   - num_widened says yes only to a text with a point or an exponent, of
 *     at most 17 significant digits, read as a double exactly a float;
 *   - dec_respell (with and without floats) writes text it keeps as it
 *     is when read again, of the same exact decimal (a widened float
 *     the float's fewest digits; NaN and the infinities JSON's words),
 *     and keeps a text with a point only when it is dec_fmt's own (or
 *     beyond the exponents dec_parse reads once written so).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/decimal.h"
#include "base/number.h"
#include "fuzz.h"
#include "../tools/numref.h"

static char text[NUM_MAXLEN + 2];

static void
checkfmt(double v)
{
	char got[NUM_BUFSZ + 1], want[64];
	size_t k, wk;
	double back;

	memset(got, 'x', sizeof got);
	k = num_fmt_f64(got, v);
	FZ_CHECK(k < NUM_BUFSZ && got[k] == '\0' && got[NUM_BUFSZ] == 'x',
	    "num_fmt_f64 %a: length %zu", v, k);
	if (!isfinite(v)) {
		FZ_CHECK(k == 0, "num_fmt_f64 prints '%s' for %a", got, v);
		return;
	}
	wk = num_reference(want, sizeof want, v);
	FZ_CHECK(wk == k && strcmp(got, want) == 0,
	    "num_fmt_f64 %a: '%s', printf '%s'", v, got, want);
	FZ_CHECK(num_f64(got, k, &back) && back == v,	/* -0 prints 0 */
	    "num_f64 reads '%s' as %a, not %a", got, back, v);
}

static void
checkf32(float v)
{
	char got[NUM_BUFSZ + 1], want[64], again[NUM_BUFSZ];
	size_t k, wk;
	double back;

	memset(got, 'x', sizeof got);
	k = num_fmt_f32(got, v);
	FZ_CHECK(k < NUM_BUFSZ && got[k] == '\0' && got[NUM_BUFSZ] == 'x',
	    "num_fmt_f32 %a: length %zu", (double)v, k);
	if (!isfinite(v)) {
		FZ_CHECK(k == 0, "num_fmt_f32 prints '%s' for %a", got,
		    (double)v);
		return;
	}
	wk = num_reference_f32(want, sizeof want, v);
	FZ_CHECK(wk == k && strcmp(got, want) == 0,
	    "num_fmt_f32 %a: '%s', reference '%s'", (double)v, got, want);
	FZ_CHECK(strtof(got, NULL) == v, "strtof reads '%s' as %a, not %a",
	    got, (double)strtof(got, NULL), (double)v);
	FZ_CHECK(num_f64(got, k, &back) && num_fmt_f64(again, back) == k &&
	    memcmp(again, got, k) == 0, "'%s' read as a double prints '%s'",
	    got, again);
}

/* The significant digits of a number's text, leading and trailing zeros
 * not counted; *point: it has a point or an exponent. */
static int
sigdigits(const char *s, size_t n, int *point)
{
	size_t i, first = n, last = 0;
	int pts = 0;

	*point = 0;
	for (i = 0; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
		if (s[i] == '.')
			*point = 1;
		else if (s[i] >= '1' && s[i] <= '9') {
			if (first == n)
				first = i;
			last = i;
		}
	}
	if (i < n)
		*point = 1;
	if (first == n)
		return 0;
	for (i = first; i < last; i++)
		pts += s[i] == '.';
	return (int)(last - first + 1) - pts;
}

static void
checkrespell(const char *s, size_t n, double v)
{
	char got[DEC_BUFSZ], again[DEC_BUFSZ], fmt[DEC_BUFSZ];
	struct dec a, b;
	double back;
	size_t k, k2;
	int floats, w, point, digits;

	digits = sigdigits(s, n, &point);
	w = num_widened(s, n, v);
	FZ_CHECK(w == (point && digits <= 17 && v != 0 && isfinite(v) &&
	    fabs(v) <= FLT_MAX && (double)(float)v == v),
	    "num_widened says %d for '%s'", w, text);
	for (floats = 0; floats < 2; floats++) {
		k = dec_respell(got, s, n, floats);
		FZ_CHECK(k < DEC_BUFSZ, "dec_respell '%s': length %zu", text,
		    k);
		if (k == 0) {
			/* Kept: an integer, a text beyond an exact decimal,
			 * or dec_fmt's own text. */
			if (point && isfinite(v) && dec_parse(s, n, &a) &&
			    a.e >= -DEC_MAXEXP &&
			    a.e <= DEC_MAXEXP - DEC_DIGITS && !(floats && w))
				FZ_CHECK(dec_fmt(fmt, &a) == n &&
				    memcmp(fmt, s, n) == 0,
				    "dec_respell keeps '%s', dec_fmt '%s'",
				    text, fmt);
			FZ_CHECK(!(floats && w), "dec_respell keeps '%s', "
			    "a float widened", text);
			continue;
		}
		FZ_CHECK(num_f64(got, k, &back), "dec_respell '%s': '%.*s' "
		    "is no number", text, (int)k, got);
		if (!isfinite(v))
			FZ_CHECK(!isfinite(back) && isnan(back) == isnan(v),
			    "dec_respell '%s': '%.*s'", text, (int)k, got);
		else if (floats && w)
			FZ_CHECK((float)back == (float)v, "dec_respell '%s': "
			    "'%.*s' is another float", text, (int)k, got);
		else
			FZ_CHECK(dec_parse(s, n, &a) && dec_parse(got, k, &b) &&
			    dec_cmp(&a, &b) == 0, "dec_respell '%s': '%.*s' is "
			    "another number", text, (int)k, got);
		k2 = dec_respell(again, got, k, floats);
		FZ_CHECK(k2 == 0 || (k2 == k && memcmp(again, got, k) == 0),
		    "dec_respell '%s': '%.*s', then '%.*s'", text, (int)k, got,
		    (int)k2, again);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data + 1;
	size_t n = size - 1;
	uint64_t bits;
	double v, ref;
	int ok, special;

	if (size < 1)
		return 0;
	if (data[0] & 1) {
		if (n < 8)
			return 0;
		memcpy(&bits, s, 8);
		memcpy(&v, &bits, sizeof v);
		checkfmt(v);
		return 0;
	}
	if (data[0] & 2) {
		uint32_t fb;
		float f;

		if (n < 4)
			return 0;
		memcpy(&fb, s, 4);
		memcpy(&f, &fb, sizeof f);
		checkf32(f);
		return 0;
	}
	if (n > NUM_MAXLEN + 1)
		return 0;
	ok = num_f64(s, n, &v);
	/* JSON's words, and printf's and DuckDB's CSV's */
	special = (n == 3 && memcmp(s, "NaN", 3) == 0) ||
	    (n == 8 && memcmp(s, "Infinity", 8) == 0) ||
	    (n == 9 && memcmp(s, "-Infinity", 9) == 0) ||
	    (n == 3 && memcmp(s, "nan", 3) == 0) ||
	    (n == 4 && memcmp(s, "-nan", 4) == 0) ||
	    (n == 3 && memcmp(s, "inf", 3) == 0) ||
	    (n == 4 && memcmp(s, "-inf", 4) == 0);
	memcpy(text, s, n);
	text[n] = '\0';
	if (special) {
		FZ_CHECK(ok && !isfinite(v), "num_f64 rejects '%s'", text);
		checkrespell(s, n, v);
		return 0;
	}
	FZ_CHECK(ok == (n > 0 && n <= NUM_MAXLEN &&
	    num_scan(s, s + n) == n), "num_f64 says %d for '%s'", ok, text);
	if (!ok)
		return 0;
	ref = strtod(text, NULL);
	FZ_CHECK(memcmp(&v, &ref, sizeof v) == 0,
	    "num_f64('%s') = %a, strtod %a", text, v, ref);
	checkfmt(v);
	checkrespell(s, n, v);
	if (isfinite(v) && fabs(v) <= FLT_MAX && (double)(float)v == v)
		checkf32((float)v);
	return 0;
}
