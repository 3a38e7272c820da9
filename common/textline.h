/*
 * textline: what the readers of the profiler's text formats share
 * (show-session --show-trace and --show-dma), beyond the fields of a line
 * that src_getfields finds: section headers, "key=N" tokens, and field
 * positions the user can override.
 */
#ifndef NP_TEXTLINE_H
#define NP_TEXTLINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "num.h"
#include "reader.h"

#define TL_MAXFIELDS SRC_MAXFIELDS	/* the largest position -F accepts */

/* Is the n bytes at s exactly word?  Inline, so that a literal word's
 * length and comparison are known when compiled: no calls per line. */
static inline int
tl_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* tl_keyint for the rest of a line, after the fields split. */
int tl_keyrest(char *rest, const char *key, int64_t *v);

/*
 * The number of a line's first "key=N" field: among the fields fl holds,
 * then, when the line was split into max fields and may hold more, in the
 * rest of it.  1 with N in *v, -1 when N is not a number, 0 when there is
 * none.
 */
static inline int
tl_keyint(const struct src_fields *fl, int max, const char *key, int64_t *v)
{
	/* Inline: a literal key's length and comparison are known when
	 * compiled. */
	size_t klen = strlen(key);
	int i;

	for (i = 0; i < fl->n; i++)
		if (fl->len[i] > klen && fl->f[i][klen] == '=' &&
		    memcmp(fl->f[i], key, klen) == 0)
			return num_i64(fl->f[i] + klen + 1,
			    fl->len[i] - klen - 1, v) ? 1 : -1;
	return fl->n == max ? tl_keyrest(fl->rest, key, v) : 0;
}

/* The number in a field at a position the user gave: "N" or "key=N".  1
 * with it in *v, -1 when it is not a number. */
int tl_posint(const char *s, size_t n, const char *key, int64_t *v);

/*
 * The token's first min(n, 8) bytes as one number, to compare short tokens
 * at once.  s lies in src's buffer, whose padding makes 8 bytes readable.
 */
static inline uint64_t
tl_key8(const char *s, size_t n)
{
	uint64_t w = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&w, s, 8);
	return n >= 8 ? w : w & (((uint64_t)1 << (8 * n)) - 1);
#else
	memcpy(&w, s, n < 8 ? n : 8);
	return w;
#endif
}

/* A section header: "<What> trace for ND <d> NC <c> ..." or
 * "Collectives trace for CC-core <n>". */
struct tl_section {
	const char *what;	/* "Instruction", "Collectives", "DMA", ... */
	size_t whatlen;
	int hasnd, hasnc, hascore;
	int64_t nd, nc, core;
};

/* 1 if the line (with its first fields in fl) is a section header, which
 * is then described in *sec. */
int tl_section(char *line, const struct src_fields *fl,
    struct tl_section *sec);

/*
 * Takes the n field positions named by names from the reader (the user's
 * -F, else defs; 0 means "found by its key=N token") into pos, 0-based
 * (-1 for none).  Returns how many fields to split: the last one needed,
 * one more when a field is found by its token (where it usually is), and
 * at least the three words that start a section header.
 */
int tl_positions(struct reader *r, const char *const *names, const int *defs,
    int n, int *pos);

#endif
