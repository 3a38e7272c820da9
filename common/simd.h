/*
 * simd: the byte-class masks the JSON parser scans strings by, 64 bytes a
 * call, in three implementations: portable C, SSE2 (the x86-64 baseline)
 * and AVX2.  Which one runs is settled here and nowhere else: the best the
 * build and the CPU have (AVX2 is asked of the CPU at run time, as the
 * build assumes only the baseline), or the one NP_SIMD names (np(7)), so
 * that the tests can run each.  Builds without SSE2 (make check-portable:
 * -U__SSE2__) have the portable one only.
 */
#ifndef NP_SIMD_H
#define NP_SIMD_H

#include <stdint.h>

enum { SIMD_PORTABLE, SIMD_SSE2, SIMD_AVX2, SIMD_NLEVELS };

/*
 * Of the 64 bytes at p, a bit a byte (bit i for p[i]): in special, those
 * that may end a plain run of string text: '"', '\\', a control byte (below
 * 0x20) or a byte of 0x80 and up; in bslash, the '\\' among them.  All 64
 * bytes from p must be readable (the input buffer's padding sees to that).
 */
struct simd_masks {
	uint64_t special, bslash;
};
typedef struct simd_masks (*simd_mask_fn)(const char *p);

/* The level to run: NP_SIMD's (portable, sse2, avx2; it dies for one the
 * build or the CPU lacks, or a word it does not know), else the best. */
int simd_level(void);
/* Whether this build and CPU can run a level. */
int simd_have(int level);
/* The string mask of a level it has. */
simd_mask_fn simd_strmask(int level);
/* "portable", "sse2", "avx2". */
const char *simd_name(int level);

#endif
