#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "simd.h"

/* AVX2 is compiled for one function at a time, with the compiler's target
 * attribute, in a build that is for the x86-64 baseline (and so never in
 * one without SSE2). */
#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

static const char *const names[SIMD_NLEVELS] = { "portable", "sse2", "avx2" };

/*
 * Portable, 8 bytes a step, exact (a byte's answer never depends on its
 * neighbours, as it does in the quicker "has a zero byte" test): a byte t
 * is 0 when (t & 0x7f) + 0x7f leaves bit 7 clear and t has it clear too.
 */
static struct simd_masks
mask_portable(const char *p)
{
	const uint64_t ones = 0x0101010101010101ULL, high = ones * 0x80,
	    low = ones * 0x7f;
	struct simd_masks r = { 0, 0 };
	uint64_t w, q, b;
	int i, k;

	for (i = 0; i < 8; i++) {
		const unsigned char *u = (const unsigned char *)p + 8 * i;

		/* Assembled byte by byte: the same on either byte order. */
		for (w = 0, k = 7; k >= 0; k--)
			w = w << 8 | u[k];
		q = w ^ (ones * '"');
		b = w ^ (ones * '\\');
		q = ~(((q & low) + low) | q) & high;	/* 0x80 where '"' */
		b = ~(((b & low) + low) | b) & high;	/* where '\\' */
		/* Below 0x20: (w & 0x7f) + 0x60 leaves bit 7 clear. */
		w = (~((w & low) + ones * 0x60) & ~w & high) | (w & high) |
		    q | b;
		/* Bit 7 of byte k to bit k. */
		r.special |= ((w >> 7) * 0x0102040810204080ULL >> 56) << (8 * i);
		r.bslash |= ((b >> 7) * 0x0102040810204080ULL >> 56) << (8 * i);
	}
	return r;
}

#if defined(__SSE2__)
static struct simd_masks
mask_sse2(const char *p)
{
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\'),
	    space = _mm_set1_epi8(0x20);
	struct simd_masks r = { 0, 0 };
	int i;

	for (i = 0; i < 4; i++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16 * i));
		__m128i b = _mm_cmpeq_epi8(v, bslash);
		/* A signed compare with 0x20 catches both the controls and
		 * the bytes with the high bit set. */
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v,
		    quote), b), _mm_cmplt_epi8(v, space));

		r.special |= (uint64_t)(unsigned)_mm_movemask_epi8(hit) <<
		    (16 * i);
		r.bslash |= (uint64_t)(unsigned)_mm_movemask_epi8(b) <<
		    (16 * i);
	}
	return r;
}
#endif

#if defined(HAVE_AVX2)
__attribute__((target("avx2"))) static uint64_t
mask32_avx2(__m256i v, uint64_t *bs)
{
	const __m256i quote = _mm256_set1_epi8('"'),
	    bslash = _mm256_set1_epi8('\\'), space = _mm256_set1_epi8(0x20);
	__m256i b = _mm256_cmpeq_epi8(v, bslash);

	*bs = (uint64_t)(unsigned)_mm256_movemask_epi8(b);
	/* 0x20 > v, signed: the controls and the bytes of 0x80 and up. */
	return (uint64_t)(unsigned)_mm256_movemask_epi8(_mm256_or_si256(
	    _mm256_or_si256(_mm256_cmpeq_epi8(v, quote), b),
	    _mm256_cmpgt_epi8(space, v)));
}

__attribute__((target("avx2"))) static struct simd_masks
mask_avx2(const char *p)
{
	struct simd_masks r;
	uint64_t ba, bb;

	r.special = mask32_avx2(_mm256_loadu_si256((const __m256i *)(const
	    void *)p), &ba);
	r.special |= mask32_avx2(_mm256_loadu_si256((const __m256i *)(const
	    void *)(p + 32)), &bb) << 32;
	r.bslash = ba | bb << 32;
	return r;
}
#endif

int
simd_have(int level)
{
	switch (level) {
	case SIMD_PORTABLE:
		return 1;
#if defined(__SSE2__)
	case SIMD_SSE2:
		return 1;
#endif
#if defined(HAVE_AVX2)
	case SIMD_AVX2:
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx2") != 0;
#endif
	}
	return 0;
}

int
simd_level(void)
{
	const char *v = getenv("NP_SIMD");
	int l;

	if (v && *v) {
		for (l = 0; l < SIMD_NLEVELS; l++)
			if (strcmp(v, names[l]) == 0)
				break;
		if (l == SIMD_NLEVELS)
			np_die("NP_SIMD: expected portable, sse2 or avx2, "
			    "found '%s'", v);
		if (!simd_have(l))
			np_die("NP_SIMD: %s is not in this build or CPU", v);
		return l;
	}
	for (l = SIMD_NLEVELS - 1; !simd_have(l); l--)
		;
	return l;
}

simd_mask_fn
simd_strmask(int level)
{
	switch (level) {
#if defined(__SSE2__)
	case SIMD_SSE2:
		return mask_sse2;
#endif
#if defined(HAVE_AVX2)
	case SIMD_AVX2:
		return mask_avx2;
#endif
	}
	return mask_portable;
}

const char *
simd_name(int level)
{
	return names[level];
}
