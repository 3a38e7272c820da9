#include <stdlib.h>
#include <string.h>

#include "base/msg.h"
#include "bytes/byteclass.h"

/* AVX2 and AVX-512 are compiled for one function at a time, with the
 * compiler's target attribute, in a build that is for the x86-64 baseline
 * (and so never in one without SSE2). */
#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2 1
#define HAVE_AVX512 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

static const char *const names[SIMD_NLEVELS] = {
	"portable", "sse2", "avx2", "avx512",
};

/* The masks of 64 bytes, a bit a byte: '"', '\\', and the bytes that end
 * a plain run of string text (those two, controls, non-ASCII). */
struct masks {
	uint64_t quote, bslash, special;
};

/*
 * Portable, 8 bytes a step, exact (a byte's answer never depends on its
 * neighbours, as it does in the quicker "has a zero byte" test): a byte t
 * is 0 when (t & 0x7f) + 0x7f leaves bit 7 clear and t has it clear too.
 */
static inline struct masks
masks_portable(const char *p)
{
	const uint64_t ones = 0x0101010101010101ULL, high = ones * 0x80,
	    low = ones * 0x7f, gather = 0x0102040810204080ULL;
	struct masks r = { 0, 0, 0 };
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
		r.quote |= ((q >> 7) * gather >> 56) << (8 * i);
		r.bslash |= ((b >> 7) * gather >> 56) << (8 * i);
		r.special |= ((w >> 7) * gather >> 56) << (8 * i);
	}
	return r;
}

#if defined(__SSE2__)
/* The masks of 16 bytes. */
static inline void
masks16_sse2(const char *p, uint64_t *q, uint64_t *b, uint64_t *s)
{
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\'),
	    space = _mm_set1_epi8(0x20);
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i vq = _mm_cmpeq_epi8(v, quote);
	__m128i vb = _mm_cmpeq_epi8(v, bslash);

	*q = (unsigned)_mm_movemask_epi8(vq);
	*b = (unsigned)_mm_movemask_epi8(vb);
	/* 0x20 taken from each byte, signed and saturating, leaves the
	 * high bit of the controls and of the bytes of 0x80 and up. */
	*s = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(vq, vb),
	    _mm_subs_epi8(v, space)));
}

static inline struct masks
masks_sse2(const char *p)
{
	struct masks r;
	uint64_t q[3], b[3], s[3];

	masks16_sse2(p, &r.quote, &r.bslash, &r.special);
	masks16_sse2(p + 16, &q[0], &b[0], &s[0]);
	masks16_sse2(p + 32, &q[1], &b[1], &s[1]);
	masks16_sse2(p + 48, &q[2], &b[2], &s[2]);
	r.quote |= q[0] << 16 | q[1] << 32 | q[2] << 48;
	r.bslash |= b[0] << 16 | b[1] << 32 | b[2] << 48;
	r.special |= s[0] << 16 | s[1] << 32 | s[2] << 48;
	return r;
}
#endif

#if defined(HAVE_AVX2)
#define AVX2 __attribute__((target("avx2")))

/*
 * The bytes of v that end a plain run, in four steps, their high bits
 * set: '"' and '\\' are the bytes that the table of low nibbles gives
 * back ('"' for 2, '\\' for 12; the zero of any other matches only a
 * zero byte, a control; a byte of 0x80 and up looks up zero), and 0x20
 * taken from each byte, signed and saturating, leaves the high bit of
 * the controls and of the bytes of 0x80 and up.
 */
AVX2 static inline __m256i
special32_avx2(__m256i v)
{
	const __m256i ends = _mm256_setr_epi8(0, 0, '"', 0, 0, 0, 0, 0, 0, 0,
	    0, 0, '\\', 0, 0, 0, 0, 0, '"', 0, 0, 0, 0, 0, 0, 0, 0, 0, '\\', 0,
	    0, 0);

	return _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(ends,
	    v), v), _mm256_subs_epi8(v, _mm256_set1_epi8(0x20)));
}

/* The masks of 32 bytes. */
AVX2 static inline void
masks32_avx2(const char *p, uint64_t *q, uint64_t *b, uint64_t *s)
{
	const __m256i quote = _mm256_set1_epi8('"'),
	    bslash = _mm256_set1_epi8('\\');
	__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);

	*q = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, quote));
	*b = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, bslash));
	*s = (uint32_t)_mm256_movemask_epi8(special32_avx2(v));
}

AVX2 static inline struct masks
masks_avx2(const char *p)
{
	struct masks r;
	uint64_t q, b, s;

	masks32_avx2(p, &r.quote, &r.bslash, &r.special);
	masks32_avx2(p + 32, &q, &b, &s);
	r.quote |= q << 32;
	r.bslash |= b << 32;
	r.special |= s << 32;
	return r;
}
#endif

#if defined(HAVE_AVX512)
/* AVX-512 with its byte compares (BW): a mask a compare, of 64 bytes. */
#define AVX512 __attribute__((target("avx512bw")))

/* The bytes compared with, made once a skip: the empty asm keeps GCC
 * from making them again at each step, as it would. */
struct bytes512 {
	__m512i quote, bslash, space;
};

AVX512 static inline struct bytes512
bytes512(void)
{
	struct bytes512 k;

	k.quote = _mm512_set1_epi8('"');
	k.bslash = _mm512_set1_epi8('\\');
	k.space = _mm512_set1_epi8(0x20);
	__asm__("" : "+v"(k.quote), "+v"(k.bslash), "+v"(k.space));
	return k;
}

AVX512 static inline struct masks
masks_avx512(const char *p, const struct bytes512 *k)
{
	__m512i v = _mm512_loadu_si512((const void *)p);
	struct masks r;

	r.quote = _mm512_cmpeq_epi8_mask(v, k->quote);
	r.bslash = _mm512_cmpeq_epi8_mask(v, k->bslash);
	/* 0x20 > v, signed: the controls and the bytes of 0x80 and up. */
	r.special = r.quote | r.bslash | _mm512_cmplt_epi8_mask(v, k->space);
	return r;
}
#endif

/* The bytes that may follow a '\\' in a string: 1, or 2 for 'u' (which
 * wants four hex digits). */
static const unsigned char escletter[256] = {
	['"'] = 1, ['\\'] = 1, ['/'] = 1, ['b'] = 1, ['f'] = 1, ['n'] = 1,
	['r'] = 1, ['t'] = 1, ['u'] = 2,
};
/* Bit 0: a hex digit; bit 1: one that may begin a surrogate. */
static const unsigned char hexdigit[256] = {
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1,
	['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, ['a'] = 1, ['b'] = 1,
	['c'] = 1, ['d'] = 3, ['e'] = 1, ['f'] = 1, ['A'] = 1, ['B'] = 1,
	['C'] = 1, ['D'] = 3, ['E'] = 1, ['F'] = 1,
};

/*
 * The bytes escaped by the backslashes in b (a bit a byte), *carry set
 * when the step before ended in a backslash that escapes this step's
 * first byte, and set for the next step likewise.  Subtracting the starts
 * of the runs of backslashes, each run shifted up a bit and laid on the
 * odd bits, leaves the parity of each run's length on the bit after it.
 */
static inline uint64_t
escaped(uint64_t b, uint64_t *carry)
{
	const uint64_t odd = 0xaaaaaaaaaaaaaaaaULL;
	uint64_t lead = b & ~*carry;	/* an escaped first byte escapes
					   nothing */
	uint64_t runs = ((lead << 1 | odd) - lead) ^ odd;
	uint64_t escapers = runs & b;	/* those that escape a byte */

	runs ^= b | *carry;		/* the bytes they escape */
	*carry = escapers >> 63;
	return runs;
}

/* Is the escape at c (the byte after its '\\') one that the masks cannot
 * take, but that is right and no half of a surrogate pair? */
static inline int
escapeok(const unsigned char *c)
{
	/* The usual one, \u00XX (what JSON writers escape '<', '>' and
	 * '&' as): its first three bytes compared at once, two digits to
	 * look up, and no surrogate. */
	if (memcmp(c, "u00", 3) == 0)
		return hexdigit[c[3]] & hexdigit[c[4]] & 1;
	if (*c != 'u')
		return escletter[*c] == 1;
	return (hexdigit[c[1]] & hexdigit[c[2]] & hexdigit[c[3]] &
	    hexdigit[c[4]] & 1) && !(hexdigit[c[1]] == 3 && c[2] >= '8');
}

/*
 * The string skip (byteclass.h), one body for each level's masks, so that
 * each is compiled with its own (the AVX2 one for AVX2).  Each step's
 * masks are made once; a backslash that ends a step carries into the
 * next, so that no escape is cut in two and a run of any length is
 * taken.  The escapes the masks do not settle (all but \" and \\) are
 * checked one by one, up to the step's first byte that ends the scan.
 */
#define SKIPBODY(specialfn, masksfn, setup) {				\
	struct masks m;							\
	uint64_t e, stop, carry = 0;					\
									\
	setup;								\
	for (;; p += 64) {						\
		/* Most steps of a long string: one mask, tested. */	\
		if (!carry && !specialfn)				\
			continue;					\
		m = masksfn;						\
		if (!(m.bslash | carry))				\
			stop = m.special;				\
		else {						\
			e = escaped(m.bslash, &carry);			\
			stop = m.special & ~m.bslash & ~e;		\
			if (stop)					\
				e &= (stop & -stop) - 1;		\
			/* \" and \\ need nothing more. */		\
			for (e &= ~(m.quote | m.bslash); e; e &= e - 1)	\
				if (!escapeok((const unsigned char *)p + \
				    __builtin_ctzll(e)))		\
					return p + __builtin_ctzll(e) - 1; \
			if (!stop)					\
				continue;				\
		}							\
		kept->blk = p;						\
		kept->mask = m.special;					\
		p += __builtin_ctzll(stop);				\
		if (*p == '"' && p < end) {				\
			kept->done = 1;					\
			return p + 1;					\
		}							\
		return p;						\
	}								\
}

static inline uint64_t
mask_portable(const char *p)
{
	return masks_portable(p).special;
}

#if defined(__SSE2__)
static inline uint64_t
mask_sse2(const char *p)
{
	return masks_sse2(p).special;
}
#endif

#if defined(HAVE_AVX2)
AVX2 static inline uint64_t
mask_avx2(const char *p)
{
	return masks_avx2(p).special;
}

#endif


/* The string masks (byteclass.h), one loop for each level's, like the skip. */
#define FINDBODY(maskfn) {						\
	struct simd_blk r;						\
									\
	while (!(r.mask = maskfn))					\
		p += 64;						\
	r.blk = p;							\
	return r;							\
}

static struct simd_blk
find_portable(const char *p)
FINDBODY(mask_portable(p))

#if defined(__SSE2__)
static struct simd_blk
find_sse2(const char *p)
FINDBODY(mask_sse2(p))
#endif

#if defined(HAVE_AVX2)
AVX2 static struct simd_blk
find_avx2(const char *p)
FINDBODY(mask_avx2(p))
#endif

#if defined(HAVE_AVX512)
AVX512 static struct simd_blk
find_avx512(const char *p)
{
	struct bytes512 k = bytes512();
	struct simd_blk r;

	while (!(r.mask = masks_avx512(p, &k).special))
		p += 64;
	r.blk = p;
	return r;
}
#endif

static const char *
skip_portable(const char *p, const char *end, struct simd_end *kept)
SKIPBODY(mask_portable(p), masks_portable(p), )

#if defined(__SSE2__)
static const char *
skip_sse2(const char *p, const char *end, struct simd_end *kept)
SKIPBODY(mask_sse2(p), masks_sse2(p), )
#endif

#if defined(HAVE_AVX2)
AVX2 static const char *
skip_avx2(const char *p, const char *end, struct simd_end *kept)
SKIPBODY(mask_avx2(p), masks_avx2(p), )
#endif

#if defined(HAVE_AVX512)
AVX512 static const char *
skip_avx512(const char *p, const char *end, struct simd_end *kept)
SKIPBODY(masks_avx512(p, &k).special, masks_avx512(p, &k),
    struct bytes512 k = bytes512())
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
#if defined(HAVE_AVX512)
	case SIMD_AVX512:
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx512bw") != 0;
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
			np_die("NP_SIMD: expected portable, sse2, avx2 or "
			    "avx512, found '%s'", v);
		if (!simd_have(l))
			np_die("NP_SIMD: %s is not in this build or CPU", v);
		return l;
	}
	/* AVX-512 only when asked for: on the CPUs measured it was no
	 * quicker than AVX2 (np(7)), and AVX2 is on every CPU that has it. */
	for (l = SIMD_AVX2; !simd_have(l); l--)
		;
	return l;
}

simd_mask_fn
simd_strmask(int level)
{
	switch (level) {
#if defined(__SSE2__)
	case SIMD_SSE2:
		return find_sse2;
#endif
#if defined(HAVE_AVX2)
	case SIMD_AVX2:
		return find_avx2;
#endif
#if defined(HAVE_AVX512)
	case SIMD_AVX512:
		return find_avx512;
#endif
	}
	return find_portable;
}

simd_skip_fn
simd_strskip(int level)
{
	switch (level) {
#if defined(__SSE2__)
	case SIMD_SSE2:
		return skip_sse2;
#endif
#if defined(HAVE_AVX2)
	case SIMD_AVX2:
		return skip_avx2;
#endif
#if defined(HAVE_AVX512)
	case SIMD_AVX512:
		return skip_avx512;
#endif
	}
	return skip_portable;
}

const char *
simd_name(int level)
{
	return names[level];
}
