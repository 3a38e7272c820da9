/*
 * num_fuzz: libFuzzer target for num.c's own reading and printing of
 * doubles (common/num.c), with libc as the oracle.
 *
 * The first byte is a control byte:
 *   bit 0  0: the rest is text; 1: its first 8 bytes are a double's bits
 *   bit 1  (with bit 0 clear) its first 4 bytes are a float's bits
 * Beyond what the sanitizers catch, it checks that
 *   - num_f64 takes a text exactly when num_scan spans it (NaN, Infinity
 *     and -Infinity aside) and it is at most NUM_MAXLEN bytes long, and
 *     reads it to the bits strtod reads;
 *   - num_fmt_f64 prints a double (one read so, or the bits given) in the
 *     digits printf gives: the first of %.15g, %.16g and %.17g (from %.1g
 *     for a subnormal) that strtod reads back the same, the exponent
 *     without '+' or leading zeros, a whole one within int64 as %lld; and
 *     that num_f64 reads that back to the same value (-0 prints as 0);
 *   - num_fmt_f32 prints a float (the bits given, or a text read as a
 *     double that rounds to a float exactly) in num_reference_f32's
 *     digits: the fewest that strtof reads back, the nearest of them, spelt
 *     as num_fmt_f64 spells the double they read as, which it must be.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	special = (n == 3 && memcmp(s, "NaN", 3) == 0) ||
	    (n == 8 && memcmp(s, "Infinity", 8) == 0) ||
	    (n == 9 && memcmp(s, "-Infinity", 9) == 0);
	memcpy(text, s, n);
	text[n] = '\0';
	if (special) {
		FZ_CHECK(ok, "num_f64 rejects '%s'", text);
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
	if (isfinite(v) && fabs(v) <= FLT_MAX && (double)(float)v == v)
		checkf32((float)v);
	return 0;
}
