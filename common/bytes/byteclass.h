/*
 * byteclass: the byte-class masks the JSON parser scans strings by, 64 bytes a
 * call, in four implementations: portable C, SSE2 (the x86-64 baseline),
 * AVX2 and AVX-512 (its byte compares, BW).  Which one runs is settled
 * here and nowhere else: the best the build and the CPU have up to AVX2
 * (AVX2 and AVX-512 are asked of the CPU at run time, as the build assumes
 * only the baseline), or the one NP_SIMD names (np(7)), so that the tests
 * can run each; AVX-512 runs only when named.  Builds without SSE2 (make check-portable: -U__SSE2__) have the
 * portable one only.
 */
#ifndef NP_SIMD_H
#define NP_SIMD_H

#include <stdint.h>

enum { SIMD_PORTABLE, SIMD_SSE2, SIMD_AVX2, SIMD_AVX512, SIMD_NLEVELS };

/*
 * The first 64 bytes from p, moving on 64 bytes at a time, whose mask is
 * not zero, and that mask: bit i set when blk[i] may end a plain run of
 * string text: '"', '\\', a control byte (below 0x20) or a byte of 0x80
 * and up.  A long run is passed over here, in one call (the two are
 * given back in registers).  The data must be followed by 64 zero bytes
 * (the input buffer's padding sees to that), which stop it.
 */
struct simd_blk {
	const char *blk;
	uint64_t mask;
};
typedef struct simd_blk (*simd_mask_fn)(const char *p);

/* What a string skip says besides where it stopped: whether the string
 * ended, and then the mask (as simd_mask_fn's) of the 64 bytes from blk
 * that hold its closing quote, for what follows it to be found in. */
struct simd_end {
	int done;
	const char *blk;
	uint64_t mask;
};

/*
 * Passes over the text of a JSON string from p (after its opening quote),
 * 64 bytes a step, for a string that is not kept: its escapes are found
 * from the mask of its backslashes (a backslash at the end of a step
 * carries into the next), the usual \" and \\ are taken from the masks
 * alone, and each other escape is checked at the byte it escapes (a \u
 * escape at its four digits), never at the bytes between.  Returns the
 * address after the closing quote, with e->done set; or, e->done unset,
 * that of the first thing it leaves to the caller: the end of the data
 * (end), a control byte, a non-ASCII byte, or the backslash of a wrong
 * escape or of a surrogate.  The data must be followed by 64 zero bytes.
 */
typedef const char *(*simd_skip_fn)(const char *p, const char *end,
    struct simd_end *e);

/* The level to run: NP_SIMD's (portable, sse2, avx2, avx512; it dies for
 * one the build or the CPU lacks, or a word it does not know), else the
 * best of portable, sse2 and avx2. */
int simd_level(void);
/* Whether this build and CPU can run a level. */
int simd_have(int level);
/* The string mask and string skip of a level it has. */
simd_mask_fn simd_strmask(int level);
simd_skip_fn simd_strskip(int level);
/* "portable", "sse2", "avx2", "avx512". */
const char *simd_name(int level);

#endif
