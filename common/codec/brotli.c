/*
 * brotli: Brotli streams (RFC 7932) decompressed into a buffer whose size
 * the caller knows (a Parquet page states it).
 *
 * Facts of the format this relies on:
 *   - bits are read from the least significant end of each byte; a prefix
 *     code's bits come first bit first, so a table indexed by the next
 *     bits holds each code bit-reversed (as in DEFLATE);
 *   - the stream header gives WBITS (10 to 24); distances reach back at
 *     most (1 << WBITS) - 16 bytes, and a distance beyond that window, or
 *     beyond the start of the output, names a word of the static
 *     dictionary (Appendix A, in brotli_dict.c) under one of 121
 *     transforms (Appendix B): prefix + transformed word + suffix;
 *   - meta-blocks follow: a header (last flag, length in 4 to 6 nibbles or
 *     a metadata block to skip, an uncompressed flag), then for each of
 *     the three categories (literals, insert-and-copy commands, distances)
 *     the number of block types and, when above one, codes for block
 *     types and block counts; the distance parameters NPOSTFIX and
 *     NDIRECT; a context mode per literal block type; context maps that
 *     pick a literal code from the block type and the last two bytes out
 *     (64 contexts), and a distance code from the block type and the copy
 *     length (4 contexts); then the prefix codes themselves;
 *   - prefix codes are "simple" (1 to 4 symbols with fixed lengths) or
 *     "complex" (code lengths coded with a code over 0..17, whose own
 *     lengths use a fixed code); a complex code must be complete;
 *   - each command is an insert-and-copy symbol (insert length, copy
 *     length, and whether the last distance is reused), that many
 *     literals, then a distance symbol: 0 to 15 relative to the last four
 *     distances (4, 11, 15, 16 at the start of the stream), then NDIRECT
 *     direct ones, then ones with extra bits; the meta-block ends when
 *     its length has been produced, which may be right after the
 *     literals of the last command;
 *   - padding bits (before uncompressed and metadata bytes, and after the
 *     last meta-block) are zeros.
 *
 * The whole output is in memory, so copies refer straight into dst.  The
 * context (about 27 KiB) is on the caller's stack; a meta-block's prefix
 * codes are in one allocation sized for its counts of codes, which the
 * format bounds (256 of each kind: about 1.2 MiB at most), kept for the
 * next meta-block and freed at the end; nothing grows with the input.  Input bits past the end read as zeros, and any
 * error met after that, or the end of the stream reached past it, is
 * reported as the input ending early, at byte n.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/brotli.h"
#include "codec/codec.h"
#include "codec/lzcopy.h"

#define ROOTBITS	8	/* bits a table lookup decodes */
#define LONGCODE	15	/* a root entry's length for longer codes */
#define MAXBITS		15	/* the longest prefix code */
#define NLIT		256
#define NCMD		704
#define NCOUNT		26
#define MAXTYPES	256
#define NCTXMAP		(256 + 16)	/* context map alphabet */
#define MAXMLEN		((size_t)1 << 24)
#define NTRANSFORMS	121

enum { LIT, CMD, DST };

struct code {			/* one prefix code */
	/* By the next ROOTBITS bits: symbol << 4 | length, or LONGCODE. */
	uint16_t root[1 << ROOTBITS];
	uint16_t count[MAXBITS + 1];	/* codes of each length */
	const uint16_t *sorted;		/* symbols by length, then value */
};

struct category {		/* block switching of literals, commands or
				   distances */
	unsigned ntypes, type, prev;
	size_t left;		/* symbols left in the current block */
	struct code typecode, countcode;
	uint16_t typesyms[MAXTYPES + 2], countsyms[NCOUNT];
};

struct bits {
	const unsigned char *ip, *end;
	uint64_t v;		/* n bits not yet used, from the bottom */
	unsigned n;
	size_t over;		/* zero bytes put in past the end */
};

struct br {
	const unsigned char *src;
	size_t srclen;
	unsigned char *dst, *op, *oend;
	char *err;
	size_t errlen;
	const char *inside;	/* what is being read */
	struct bits in;
	size_t window;
	size_t dist[4];		/* the last distances; last at di */
	unsigned di;
	unsigned npostfix, ndirect;
	struct category cat[3];
	unsigned char cmode[MAXTYPES];
	unsigned ntreesl, ntreesd;
	unsigned char ctx1[4][256], ctx2[4][256];	/* by mode, p1 and p2 */
	unsigned char cmapl[64 * MAXTYPES], cmapd[4 * MAXTYPES];
	uint16_t lens[NCMD];
	struct code mapcode;
	uint16_t mapsyms[NCTXMAP];
	/* The meta-block's codes and their sorted symbols, in arena. */
	struct code *lit, *cmd, *dst_;
	uint16_t *litsyms, *cmdsyms, *distsyms;
	void *arena;
	size_t arenasize;
};

/* Section 7.1: the context lookup tables. */
const unsigned char brotli_lut[3][256] = { {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0, 0, 4, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	8, 12, 16, 12, 12, 20, 12, 16, 24, 28, 12, 12, 32, 12, 36, 12,
	44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 32, 32, 24, 40, 28, 12,
	12, 48, 52, 52, 52, 48, 52, 52, 52, 48, 52, 52, 52, 52, 52, 48,
	52, 52, 52, 52, 52, 48, 52, 52, 52, 52, 52, 24, 12, 28, 12, 12,
	12, 56, 60, 60, 60, 56, 60, 60, 60, 56, 60, 60, 60, 60, 60, 56,
	60, 60, 60, 60, 60, 56, 60, 60, 60, 60, 60, 24, 12, 28, 12, 0,
	0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
	0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
	0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
	0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
	2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3,
	2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3,
	2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3,
	2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3,
}, {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1,
	1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1,
	1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
}, {
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
	5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
	5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
	6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7,
} };

/* Appendix B: the transforms; elementary ones numbered as the appendix
 * does for its checksum. */
enum { IDENTITY, FERMENT_FIRST, FERMENT_ALL };
#define OMIT_FIRST(k)	(2 + (k))
#define OMIT_LAST(k)	(11 + (k))

static const struct transform {
	const char *prefix;
	unsigned char type;
	const char *suffix;
} transforms[NTRANSFORMS] = {
	{ "", IDENTITY, "" },	/* 0 */
	{ "", IDENTITY, " " },	/* 1 */
	{ " ", IDENTITY, " " },	/* 2 */
	{ "", OMIT_FIRST(1), "" },	/* 3 */
	{ "", FERMENT_FIRST, " " },	/* 4 */
	{ "", IDENTITY, " the " },	/* 5 */
	{ " ", IDENTITY, "" },	/* 6 */
	{ "s ", IDENTITY, " " },	/* 7 */
	{ "", IDENTITY, " of " },	/* 8 */
	{ "", FERMENT_FIRST, "" },	/* 9 */
	{ "", IDENTITY, " and " },	/* 10 */
	{ "", OMIT_FIRST(2), "" },	/* 11 */
	{ "", OMIT_LAST(1), "" },	/* 12 */
	{ ", ", IDENTITY, " " },	/* 13 */
	{ "", IDENTITY, ", " },	/* 14 */
	{ " ", FERMENT_FIRST, " " },	/* 15 */
	{ "", IDENTITY, " in " },	/* 16 */
	{ "", IDENTITY, " to " },	/* 17 */
	{ "e ", IDENTITY, " " },	/* 18 */
	{ "", IDENTITY, "\"" },	/* 19 */
	{ "", IDENTITY, "." },	/* 20 */
	{ "", IDENTITY, "\">" },	/* 21 */
	{ "", IDENTITY, "\n" },	/* 22 */
	{ "", OMIT_LAST(3), "" },	/* 23 */
	{ "", IDENTITY, "]" },	/* 24 */
	{ "", IDENTITY, " for " },	/* 25 */
	{ "", OMIT_FIRST(3), "" },	/* 26 */
	{ "", OMIT_LAST(2), "" },	/* 27 */
	{ "", IDENTITY, " a " },	/* 28 */
	{ "", IDENTITY, " that " },	/* 29 */
	{ " ", FERMENT_FIRST, "" },	/* 30 */
	{ "", IDENTITY, ". " },	/* 31 */
	{ ".", IDENTITY, "" },	/* 32 */
	{ " ", IDENTITY, ", " },	/* 33 */
	{ "", OMIT_FIRST(4), "" },	/* 34 */
	{ "", IDENTITY, " with " },	/* 35 */
	{ "", IDENTITY, "'" },	/* 36 */
	{ "", IDENTITY, " from " },	/* 37 */
	{ "", IDENTITY, " by " },	/* 38 */
	{ "", OMIT_FIRST(5), "" },	/* 39 */
	{ "", OMIT_FIRST(6), "" },	/* 40 */
	{ " the ", IDENTITY, "" },	/* 41 */
	{ "", OMIT_LAST(4), "" },	/* 42 */
	{ "", IDENTITY, ". The " },	/* 43 */
	{ "", FERMENT_ALL, "" },	/* 44 */
	{ "", IDENTITY, " on " },	/* 45 */
	{ "", IDENTITY, " as " },	/* 46 */
	{ "", IDENTITY, " is " },	/* 47 */
	{ "", OMIT_LAST(7), "" },	/* 48 */
	{ "", OMIT_LAST(1), "ing " },	/* 49 */
	{ "", IDENTITY, "\n\t" },	/* 50 */
	{ "", IDENTITY, ":" },	/* 51 */
	{ " ", IDENTITY, ". " },	/* 52 */
	{ "", IDENTITY, "ed " },	/* 53 */
	{ "", OMIT_FIRST(9), "" },	/* 54 */
	{ "", OMIT_FIRST(7), "" },	/* 55 */
	{ "", OMIT_LAST(6), "" },	/* 56 */
	{ "", IDENTITY, "(" },	/* 57 */
	{ "", FERMENT_FIRST, ", " },	/* 58 */
	{ "", OMIT_LAST(8), "" },	/* 59 */
	{ "", IDENTITY, " at " },	/* 60 */
	{ "", IDENTITY, "ly " },	/* 61 */
	{ " the ", IDENTITY, " of " },	/* 62 */
	{ "", OMIT_LAST(5), "" },	/* 63 */
	{ "", OMIT_LAST(9), "" },	/* 64 */
	{ " ", FERMENT_FIRST, ", " },	/* 65 */
	{ "", FERMENT_FIRST, "\"" },	/* 66 */
	{ ".", IDENTITY, "(" },	/* 67 */
	{ "", FERMENT_ALL, " " },	/* 68 */
	{ "", FERMENT_FIRST, "\">" },	/* 69 */
	{ "", IDENTITY, "=\"" },	/* 70 */
	{ " ", IDENTITY, "." },	/* 71 */
	{ ".com/", IDENTITY, "" },	/* 72 */
	{ " the ", IDENTITY, " of the " },	/* 73 */
	{ "", FERMENT_FIRST, "'" },	/* 74 */
	{ "", IDENTITY, ". This " },	/* 75 */
	{ "", IDENTITY, "," },	/* 76 */
	{ ".", IDENTITY, " " },	/* 77 */
	{ "", FERMENT_FIRST, "(" },	/* 78 */
	{ "", FERMENT_FIRST, "." },	/* 79 */
	{ "", IDENTITY, " not " },	/* 80 */
	{ " ", IDENTITY, "=\"" },	/* 81 */
	{ "", IDENTITY, "er " },	/* 82 */
	{ " ", FERMENT_ALL, " " },	/* 83 */
	{ "", IDENTITY, "al " },	/* 84 */
	{ " ", FERMENT_ALL, "" },	/* 85 */
	{ "", IDENTITY, "='" },	/* 86 */
	{ "", FERMENT_ALL, "\"" },	/* 87 */
	{ "", FERMENT_FIRST, ". " },	/* 88 */
	{ " ", IDENTITY, "(" },	/* 89 */
	{ "", IDENTITY, "ful " },	/* 90 */
	{ " ", FERMENT_FIRST, ". " },	/* 91 */
	{ "", IDENTITY, "ive " },	/* 92 */
	{ "", IDENTITY, "less " },	/* 93 */
	{ "", FERMENT_ALL, "'" },	/* 94 */
	{ "", IDENTITY, "est " },	/* 95 */
	{ " ", FERMENT_FIRST, "." },	/* 96 */
	{ "", FERMENT_ALL, "\">" },	/* 97 */
	{ " ", IDENTITY, "='" },	/* 98 */
	{ "", FERMENT_FIRST, "," },	/* 99 */
	{ "", IDENTITY, "ize " },	/* 100 */
	{ "", FERMENT_ALL, "." },	/* 101 */
	{ "\xc2\xa0", IDENTITY, "" },	/* 102 */
	{ " ", IDENTITY, "," },	/* 103 */
	{ "", FERMENT_FIRST, "=\"" },	/* 104 */
	{ "", FERMENT_ALL, "=\"" },	/* 105 */
	{ "", IDENTITY, "ous " },	/* 106 */
	{ "", FERMENT_ALL, ", " },	/* 107 */
	{ "", FERMENT_FIRST, "='" },	/* 108 */
	{ " ", FERMENT_FIRST, "," },	/* 109 */
	{ " ", FERMENT_ALL, "=\"" },	/* 110 */
	{ " ", FERMENT_ALL, ", " },	/* 111 */
	{ "", FERMENT_ALL, "," },	/* 112 */
	{ "", FERMENT_ALL, "(" },	/* 113 */
	{ "", FERMENT_ALL, ". " },	/* 114 */
	{ " ", FERMENT_ALL, "." },	/* 115 */
	{ "", FERMENT_ALL, "='" },	/* 116 */
	{ " ", FERMENT_ALL, ". " },	/* 117 */
	{ " ", FERMENT_FIRST, "=\"" },	/* 118 */
	{ " ", FERMENT_ALL, "='" },	/* 119 */
	{ " ", FERMENT_FIRST, "='" },	/* 120 */
};

/* Section 8: the dictionary holds 1 << NDBITS[len] words of each length. */
static const unsigned char ndbits[25] = {
	0, 0, 0, 0, 10, 10, 11, 11, 10, 10, 10, 10, 10, 9, 9, 8, 7, 7, 8, 7,
	7, 6, 6, 5, 5
};

/* Section 5: insert and copy lengths, base and extra bits by code. */
static const uint32_t ins_base[24] = {
	0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 18, 26, 34, 50, 66, 98, 130, 194,
	322, 578, 1090, 2114, 6210, 22594
};
static const unsigned char ins_extra[24] = {
	0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 12,
	14, 24
};
static const uint32_t copy_base[24] = {
	2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 18, 22, 30, 38, 54, 70, 102, 134,
	198, 326, 582, 1094, 2118
};
static const unsigned char copy_extra[24] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10,
	24
};
/* The insert-and-copy cells of 64 symbols: first insert and copy code. */
static const unsigned char cell_ins[11] = { 0, 0, 0, 0, 8, 8, 0, 16, 8,
	16, 16 };
static const unsigned char cell_copy[11] = { 0, 8, 0, 8, 0, 8, 16, 0, 16,
	8, 16 };

/* Section 6: block counts, base and extra bits by code. */
static const uint32_t count_base[NCOUNT] = {
	1, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 145, 177, 209, 241,
	305, 369, 497, 753, 1265, 2289, 4337, 8433, 16625
};
static const unsigned char count_extra[NCOUNT] = {
	2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 7, 8, 9, 10, 11,
	12, 13, 24
};

/* Section 3.5: the order of the code length code lengths. */
static const unsigned char clc_order[18] = {
	1, 2, 3, 4, 0, 5, 17, 6, 16, 7, 8, 9, 10, 11, 12, 13, 14, 15
};

#if defined(__GNUC__)
static int fail(struct br *, size_t, const char *, ...)
    __attribute__((format(printf, 3, 4), cold, noinline));
#endif

/* The input ran out if bits put in past its end were used. */
static int
overrun(const struct bits *in)
{
	return in->over * 8 > in->n;
}

/* The byte that holds the next bit to read. */
static size_t
bytepos(const struct br *b)
{
	const struct bits *in = &b->in;

	return (((size_t)(in->ip - b->src) + in->over) * 8 - in->n) / 8;
}

/* Puts "brotli: at byte AT: MESSAGE" in err and returns -1. */
static int
fail0(char *err, size_t errlen, size_t at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	codec_vfail(err, errlen, "brotli", at, fmt, ap);
	va_end(ap);
	return -1;
}

/* The input ends before the stream does. */
static int
truncated(struct br *b)
{
	return fail0(b->err, b->errlen, b->srclen, "input ends inside %s",
	    b->inside);
}

/*
 * Puts "brotli: at byte AT: MESSAGE" in err and returns -1; when the
 * input ran out first (what was read past its end was zeros), the
 * message says so instead.
 */
static int
fail(struct br *b, size_t at, const char *fmt, ...)
{
	va_list ap;

	if (overrun(&b->in))
		return truncated(b);
	va_start(ap, fmt);
	codec_vfail(b->err, b->errlen, "brotli", at, fmt, ap);
	va_end(ap);
	return -1;
}

static inline uint64_t
le64(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
#else
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
#endif
}

/*
 * Fills the bit buffer to at least 57 bits.  Eight bytes at a time where
 * there are eight: the bits above n then hold the start of the next byte,
 * the same bits that the next load puts there.  Past the end, zero bytes
 * are put in and counted.
 */
static inline void
refill(struct bits *in)
{
	if (in->end - in->ip >= 8) {
		in->v |= le64(in->ip) << in->n;
		in->ip += (63 - in->n) >> 3;
		in->n |= 56;
		return;
	}
	while (in->n <= 56) {
		if (in->ip < in->end)
			in->v |= (uint64_t)*in->ip++ << in->n;
		else
			in->over++;
		in->n += 8;
	}
}

/* The next k bits (k <= 24) as a number. */
static inline uint32_t
getbits(struct bits *in, unsigned k)
{
	uint32_t x;

	if (in->n < k)
		refill(in);
	x = (uint32_t)(in->v & (((uint64_t)1 << k) - 1));
	in->v >>= k;
	in->n -= k;
	return x;
}

/*
 * A code longer than ROOTBITS, read bit by bit from v as a canonical code:
 * returns its symbol << 4 | its length, as a root entry is.
 */
static unsigned
getlong(uint64_t v, const struct code *c)
{
	unsigned len, code = 0, first = 0, index = 0, cnt;

	for (len = 1; len <= MAXBITS; len++) {
		code |= (unsigned)(v & 1);
		v >>= 1;
		cnt = c->count[len];
		if (code - first < cnt)
			return (unsigned)c->sorted[index + code - first] << 4 |
			    len;
		index += cnt;
		first = (first + cnt) << 1;
		code <<= 1;
	}
	return 0;	/* not reached: every code built here is complete */
}

/* The next symbol of code c. */
static inline unsigned
getsym(struct bits *in, const struct code *c)
{
	unsigned e;

	if (in->n < MAXBITS)
		refill(in);
	e = c->root[in->v & ((1 << ROOTBITS) - 1)];
	if ((e & 15) == LONGCODE)
		e = getlong(in->v, c);
	in->v >>= e & 15;
	in->n -= e & 15;
	return e >> 4;
}

static unsigned
reverse(unsigned code, unsigned len)
{
	unsigned r = 0;

	while (len--) {
		r = r << 1 | (code & 1);
		code >>= 1;
	}
	return r;
}

/* A code of one symbol, which takes no bits. */
static void
build_single(struct code *c, unsigned sym)
{
	unsigned i;

	for (i = 0; i < 1u << ROOTBITS; i++)
		c->root[i] = (uint16_t)(sym << 4);
	memset(c->count, 0, sizeof c->count);
}

/*
 * The canonical code of lens[0..n), which the caller has checked to be
 * complete; its symbols sorted go to sorted[0..n).
 */
static void
build(struct code *c, const uint16_t *lens, unsigned n, uint16_t *sorted)
{
	unsigned offs[MAXBITS + 2], len, i, k, code, r, step;

	memset(c->count, 0, sizeof c->count);
	for (i = 0; i < n; i++)
		c->count[lens[i]]++;
	c->count[0] = 0;
	offs[1] = 0;
	for (len = 1; len <= MAXBITS; len++)
		offs[len + 1] = offs[len] + c->count[len];
	for (i = 0; i < n; i++)
		if (lens[i])
			sorted[offs[lens[i]]++] = (uint16_t)i;
	c->sorted = sorted;
	code = 0;
	k = 0;
	for (len = 1; len <= MAXBITS; len++) {
		for (i = 0; i < c->count[len]; i++, k++, code++) {
			if (len <= ROOTBITS) {
				step = 1u << len;
				for (r = reverse(code, len); r < 1u << ROOTBITS;
				    r += step)
					c->root[r] = (uint16_t)(sorted[k] << 4 |
					    len);
			} else
				c->root[reverse(code >> (len - ROOTBITS),
				    ROOTBITS)] = LONGCODE;
		}
		code <<= 1;
	}
}

/* Section 3.4: a simple code of 1 to 4 symbols of an alphabet of n. */
static int
read_simple(struct br *b, struct code *c, unsigned n, uint16_t *sorted,
    size_t at)
{
	static const unsigned char lens[4][4] = { { 0 }, { 1, 1 },
	    { 1, 2, 2 }, { 2, 2, 2, 2 } };
	unsigned nsym, abits = 0, sym[4], i, j;

	while ((1u << abits) < n)
		abits++;
	nsym = getbits(&b->in, 2) + 1;
	for (i = 0; i < nsym; i++) {
		sym[i] = getbits(&b->in, abits);
		if (sym[i] >= n)
			return fail(b, at, "simple prefix code: symbol %u of an "
			    "alphabet of %u", sym[i], n);
		for (j = 0; j < i; j++)
			if (sym[j] == sym[i])
				return fail(b, at, "simple prefix code: "
				    "symbol %u twice", sym[i]);
	}
	if (nsym == 1) {
		build_single(c, sym[0]);
		return 0;
	}
	for (i = 0; i < n; i++)
		b->lens[i] = 0;
	for (i = 0; i < nsym; i++)
		b->lens[sym[i]] = lens[nsym - 1][i];
	if (nsym == 4 && getbits(&b->in, 1)) {
		b->lens[sym[0]] = 1;
		b->lens[sym[1]] = 2;
		b->lens[sym[2]] = 3;
		b->lens[sym[3]] = 3;
	}
	build(c, b->lens, n, sorted);
	return 0;
}

/*
 * Section 3.5: the code lengths of a complex code, each coded with the
 * fixed code of the table there (two to four bits, by the low 4 bits of
 * the input: length 2, 2, 2 for 0 mod 4, 1 and 2; 3 or 4 bits for 3).
 */
static unsigned
read_clc_len(struct bits *in)
{
	static const unsigned char sym[16] = { 0, 4, 3, 2, 0, 4, 3, 1, 0, 4,
	    3, 2, 0, 4, 3, 5 };
	static const unsigned char len[16] = { 2, 2, 2, 3, 2, 2, 2, 4, 2, 2,
	    2, 3, 2, 2, 2, 4 };
	unsigned v;

	if (in->n < 4)
		refill(in);
	v = (unsigned)(in->v & 15);
	in->v >>= len[v];
	in->n -= len[v];
	return sym[v];
}

static int
read_complex(struct br *b, struct code *c, unsigned n, uint16_t *sorted,
    unsigned hskip, size_t at)
{
	uint16_t clens[18], csorted[18];
	struct code clc;
	unsigned i, l, num = 0, single = 0, sym, prev = 8, rep = 0, repsym = 0;
	unsigned old, fill, k;
	int space = 32;

	memset(clens, 0, sizeof clens);
	for (i = hskip; i < 18 && space > 0; i++) {
		l = read_clc_len(&b->in);
		clens[clc_order[i]] = (uint16_t)l;
		if (l) {
			space -= 32 >> l;
			num++;
			single = clc_order[i];
		}
	}
	if (num != 1 && space != 0)
		return fail(b, at, "code length code lengths do not make a "
		    "complete code");
	if (num == 1)
		build_single(&clc, single);
	else
		build(&clc, clens, 18, csorted);

	space = 32768;
	for (i = 0; i < n && space > 0;) {
		sym = getsym(&b->in, &clc);
		if (sym < 16) {
			b->lens[i++] = (uint16_t)sym;
			repsym = 0;
			if (sym) {
				prev = sym;
				space -= 32768 >> sym;
			}
			continue;
		}
		if (sym != repsym) {
			rep = 0;
			repsym = sym;
		}
		old = rep;
		if (sym == 16) {
			if (rep)
				rep = (rep - 2) << 2;
			rep += getbits(&b->in, 2) + 3;
			l = prev;
		} else {
			if (rep)
				rep = (rep - 2) << 3;
			rep += getbits(&b->in, 3) + 3;
			l = 0;
		}
		fill = rep - old;
		if (fill > n - i)
			return fail(b, at, "code lengths repeated past the "
			    "%u symbols of the alphabet", n);
		for (k = 0; k < fill; k++)
			b->lens[i++] = (uint16_t)l;
		if (l)
			space -= (int)fill * (32768 >> l);
	}
	if (space != 0)
		return fail(b, at, "code lengths do not make a complete "
		    "prefix code");
	for (; i < n; i++)
		b->lens[i] = 0;
	build(c, b->lens, n, sorted);
	return 0;
}

/* A prefix code over an alphabet of n symbols (n <= NCMD). */
static int
read_code(struct br *b, struct code *c, unsigned n, uint16_t *sorted)
{
	size_t at = bytepos(b);
	unsigned hskip;

	hskip = getbits(&b->in, 2);
	if (hskip == 1)
		return read_simple(b, c, n, sorted, at);
	return read_complex(b, c, n, sorted, hskip, at);
}

/* Section 9.2: 1 to 256, in 1 to 11 bits. */
static unsigned
read_varlen8(struct bits *in)
{
	unsigned k;

	if (!getbits(in, 1))
		return 1;
	k = getbits(in, 3);
	if (k == 0)
		return 2;
	return (1u << k) + getbits(in, k) + 1;
}

static size_t
read_count(struct bits *in, const struct code *c)
{
	unsigned sym = getsym(in, c);

	return count_base[sym] + getbits(in, count_extra[sym]);
}

/* Section 6: a block switch command of category k. */
static void
switch_block(struct bits *in, struct category *ct)
{
	unsigned sym = getsym(in, &ct->typecode), t;

	if (sym == 0)
		t = ct->prev;
	else if (sym == 1)
		t = ct->type + 1 == ct->ntypes ? 0 : ct->type + 1;
	else
		t = sym - 2;
	ct->prev = ct->type;
	ct->type = t;
	ct->left = read_count(in, &ct->countcode);
}

static int
read_category(struct br *b, struct category *ct)
{
	ct->ntypes = read_varlen8(&b->in);
	ct->type = 0;
	ct->prev = 1;
	ct->left = SIZE_MAX;
	if (ct->ntypes < 2)
		return 0;
	if (read_code(b, &ct->typecode, ct->ntypes + 2, ct->typesyms) != 0 ||
	    read_code(b, &ct->countcode, NCOUNT, ct->countsyms) != 0)
		return -1;
	ct->left = read_count(&b->in, &ct->countcode);
	return 0;
}

/* Section 7.3: a context map of size entries below ntrees. */
static int
read_cmap(struct br *b, unsigned char *map, size_t size, unsigned ntrees)
{
	unsigned char mtf[256], v;
	unsigned rlemax = 0, sym, j;
	size_t i, run, at;

	if (getbits(&b->in, 1))
		rlemax = getbits(&b->in, 4) + 1;
	if (read_code(b, &b->mapcode, ntrees + rlemax, b->mapsyms) != 0)
		return -1;
	for (i = 0; i < size;) {
		at = bytepos(b);
		sym = getsym(&b->in, &b->mapcode);
		if (sym == 0 || sym > rlemax) {
			map[i++] = (unsigned char)(sym ? sym - rlemax : 0);
			continue;
		}
		run = ((size_t)1 << sym) + getbits(&b->in, sym);
		if (run > size - i)
			return fail(b, at, "context map run of %zu zeros past "
			    "its %zu entries", run, size);
		memset(map + i, 0, run);
		i += run;
	}
	if (getbits(&b->in, 1)) {
		for (j = 0; j < 256; j++)
			mtf[j] = (unsigned char)j;
		for (i = 0; i < size; i++) {
			j = map[i];
			v = mtf[j];
			map[i] = v;
			for (; j; j--)
				mtf[j] = mtf[j - 1];
			mtf[0] = v;
		}
	}
	return 0;
}

/*
 * Room for the meta-block's codes: ntreesl literal codes, one command code
 * per block type, ntreesd distance codes of ndist symbols each.  The
 * arena grows to the largest meta-block's need (at most the format's
 * bound), or fails when memory is short.
 */
static int
make_arena(struct br *b, unsigned ndist)
{
	size_t nlit = b->ntreesl, ncmd = b->cat[CMD].ntypes, nd = b->ntreesd;
	size_t need, syms;
	char *p;

	syms = nlit * NLIT + ncmd * NCMD + nd * ndist;
	need = (nlit + ncmd + nd) * sizeof(struct code) + syms *
	    sizeof(uint16_t);
	if (need > b->arenasize) {
		free(b->arena);
		b->arenasize = 0;
		if (!(b->arena = malloc(need)))
			return fail(b, bytepos(b), "out of memory for %zu "
			    "bytes of prefix codes", need);
		b->arenasize = need;
	}
	p = b->arena;
	b->lit = (struct code *)(void *)p;
	b->cmd = b->lit + nlit;
	b->dst_ = b->cmd + ncmd;
	b->litsyms = (uint16_t *)(void *)(b->dst_ + nd);
	b->cmdsyms = b->litsyms + nlit * NLIT;
	b->distsyms = b->cmdsyms + ncmd * NCMD;
	return 0;
}

/* The rest of a compressed meta-block's header, after ISUNCOMPRESSED. */
static int
read_header(struct br *b)
{
	unsigned i, ndist;

	for (i = 0; i < 3; i++)
		if (read_category(b, &b->cat[i]) != 0)
			return -1;
	b->npostfix = getbits(&b->in, 2);
	b->ndirect = getbits(&b->in, 4) << b->npostfix;
	for (i = 0; i < b->cat[LIT].ntypes; i++)
		b->cmode[i] = (unsigned char)getbits(&b->in, 2);
	b->ntreesl = read_varlen8(&b->in);
	if (b->ntreesl < 2)
		memset(b->cmapl, 0, 64 * b->cat[LIT].ntypes);
	else if (read_cmap(b, b->cmapl, 64 * b->cat[LIT].ntypes,
	    b->ntreesl) != 0)
		return -1;
	b->ntreesd = read_varlen8(&b->in);
	if (b->ntreesd < 2)
		memset(b->cmapd, 0, 4 * b->cat[DST].ntypes);
	else if (read_cmap(b, b->cmapd, 4 * b->cat[DST].ntypes,
	    b->ntreesd) != 0)
		return -1;
	ndist = 16 + b->ndirect + (48u << b->npostfix);
	if (make_arena(b, ndist) != 0)
		return -1;
	for (i = 0; i < b->ntreesl; i++)
		if (read_code(b, &b->lit[i], NLIT, b->litsyms + i * NLIT) != 0)
			return -1;
	for (i = 0; i < b->cat[CMD].ntypes; i++)
		if (read_code(b, &b->cmd[i], NCMD, b->cmdsyms + i * NCMD) != 0)
			return -1;
	for (i = 0; i < b->ntreesd; i++)
		if (read_code(b, &b->dst_[i], ndist, b->distsyms +
		    i * ndist) != 0)
			return -1;
	if (overrun(&b->in))
		return truncated(b);
	return 0;
}

static unsigned
ferment(unsigned char *w, size_t len, size_t pos)
{
	if (w[pos] < 192) {
		if (w[pos] >= 'a' && w[pos] <= 'z')
			w[pos] ^= 32;
		return 1;
	}
	if (w[pos] < 224) {
		if (pos + 1 < len)
			w[pos + 1] ^= 32;
		return 2;
	}
	if (pos + 2 < len)
		w[pos + 2] ^= 5;
	return 3;
}

/* Section 8: word id of length len under transform t, into out (64
 * bytes); returns its length. */
static size_t
dict_word(unsigned char *out, unsigned len, size_t index, unsigned t)
{
	const struct transform *x = &transforms[t];
	size_t off = 0, k, skip = 0, cut = 0, wl, i;
	unsigned l;

	for (l = 4; l < len; l++)
		off += (size_t)l << ndbits[l];
	off += index * len;
	k = strlen(x->prefix);
	memcpy(out, x->prefix, k);
	if (x->type >= OMIT_FIRST(1) && x->type <= OMIT_FIRST(9))
		skip = x->type - OMIT_FIRST(0);
	else if (x->type >= OMIT_LAST(1))
		cut = x->type - OMIT_LAST(0);
	if (skip > len)
		skip = len;
	if (cut > len)
		cut = len;
	wl = len - skip - cut;
	memcpy(out + k, brotli_dict + off + skip, wl);
	if (x->type == FERMENT_FIRST && wl > 0)
		ferment(out + k, wl, 0);
	else if (x->type == FERMENT_ALL)
		for (i = 0; i < wl;)
			i += ferment(out + k, wl, i);
	k += wl;
	memcpy(out + k, x->suffix, strlen(x->suffix));
	return k + strlen(x->suffix);
}

/* Section 4: the number of extra bits of distance code dcode. */
static inline unsigned
dist_extra(const struct br *b, unsigned dcode)
{
	if (dcode < 16 + b->ndirect)
		return 0;
	return 1 + ((dcode - b->ndirect - 16) >> (b->npostfix + 1));
}

/*
 * Section 4: the distance of distance code dcode with extra bits x, or 0
 * for a code relative to the last distances that gives none.
 */
static size_t
distance(const struct br *b, unsigned dcode, uint32_t x)
{
	static const unsigned char which[16] = { 0, 1, 2, 3, 0, 0, 0, 0, 0,
	    0, 1, 1, 1, 1, 1, 1 };
	static const signed char delta[16] = { 0, 0, 0, 0, -1, 1, -2, 2, -3,
	    3, -1, 1, -2, 2, -3, 3 };
	size_t ndb, hcode, lcode, off, c, d;

	if (dcode < 16) {
		d = b->dist[(b->di - which[dcode]) & 3];
		if (delta[dcode] < 0 && d <= (size_t)-delta[dcode])
			return 0;
		return d + (size_t)(long)delta[dcode];
	}
	if (dcode < 16 + b->ndirect)
		return dcode - 15;
	c = dcode - b->ndirect - 16;
	ndb = 1 + (c >> (b->npostfix + 1));
	hcode = c >> b->npostfix;
	lcode = c & ((1u << b->npostfix) - 1);
	off = ((2 + (hcode & 1)) << ndb) - 4;
	return ((off + x) << b->npostfix) + lcode + b->ndirect + 1;
}

/*
 * A failure inside read_data: the bit reader and the output position are
 * put back first (fail reads the one, the caller neither).
 */
#define DATAFAIL(...) do {						\
	b->in = in;							\
	b->op = op;							\
	return fail(b, at, __VA_ARGS__);				\
} while (0)

/*
 * The commands of a compressed meta-block of mlen bytes (section 9.3).
 * The bit reader, the literal block's state and the last two bytes are
 * kept in locals, which stores to the output cannot alias: this loop is
 * where the time goes.  Calls that read bits take b->in, put back around
 * them.
 */
static int
read_data(struct br *b, size_t mlen)
{
	struct category *cl = &b->cat[LIT], *ci = &b->cat[CMD],
	    *cd = &b->cat[DST];
	struct bits in = b->in;
	const struct code *lit = b->lit;
	unsigned char *op = b->op, *end = op + mlen, word[64];
	const unsigned char *c1, *c2, *cmap, *dst = b->dst, *from;
	unsigned sym, cell, icode, ccode, p1, p2, dcode, ctx, t;
	size_t ilen, clen, d, maxd, at, wl, id, lleft;

	p1 = op > dst ? op[-1] : 0;
	p2 = op - dst > 1 ? op[-2] : 0;
	c1 = b->ctx1[b->cmode[cl->type]];
	c2 = b->ctx2[b->cmode[cl->type]];
	cmap = b->cmapl + 64 * cl->type;
	lleft = cl->left;
	b->inside = "the commands of a meta-block";
	for (;;) {
		at = (((size_t)(in.ip - b->src) + in.over) * 8 - in.n) / 8;
		if (ci->left == 0) {
			b->in = in;
			switch_block(&b->in, ci);
			in = b->in;
		}
		ci->left--;
		sym = getsym(&in, &b->cmd[ci->type]);
		cell = sym >> 6;
		icode = cell_ins[cell] + (sym >> 3 & 7);
		ccode = cell_copy[cell] + (sym & 7);
		ilen = ins_base[icode] + getbits(&in, ins_extra[icode]);
		clen = copy_base[ccode] + getbits(&in, copy_extra[ccode]);
		if (ilen > (size_t)(end - op))
			DATAFAIL("%zu literals at output byte %zu pass the end "
			    "of the meta-block", ilen, (size_t)(op - dst));
		while (ilen--) {
			if (lleft == 0) {
				b->in = in;
				switch_block(&b->in, cl);
				in = b->in;
				lleft = cl->left;
				c1 = b->ctx1[b->cmode[cl->type]];
				c2 = b->ctx2[b->cmode[cl->type]];
				cmap = b->cmapl + 64 * cl->type;
			}
			lleft--;
			t = getsym(&in, &lit[cmap[c1[p1] | c2[p2]]]);
			*op++ = (unsigned char)t;
			p2 = p1;
			p1 = t;
		}
		if (op == end)
			break;
		if (sym < 128) {
			dcode = 0;
			d = b->dist[b->di];
		} else {
			if (cd->left == 0) {
				b->in = in;
				switch_block(&b->in, cd);
				in = b->in;
			}
			cd->left--;
			ctx = clen > 4 ? 3 : (unsigned)clen - 2;
			dcode = getsym(&in, &b->dst_[b->cmapd[4 * cd->type +
			    ctx]]);
			d = distance(b, dcode, getbits(&in, dist_extra(b,
			    dcode)));
			if (d == 0)
				DATAFAIL("distance code %u gives a distance "
				    "below 1", dcode);
		}
		maxd = (size_t)(op - dst);
		if (maxd > b->window)
			maxd = b->window;
		if (d > maxd) {
			/* A word of the static dictionary. */
			if (clen < 4 || clen > 24)
				DATAFAIL("dictionary word of length %zu", clen);
			id = d - maxd - 1;
			t = (unsigned)(id >> ndbits[clen]);
			if (t >= NTRANSFORMS)
				DATAFAIL("dictionary transform %u", t);
			id &= ((size_t)1 << ndbits[clen]) - 1;
			wl = dict_word(word, (unsigned)clen, id, t);
			/* Not the format's rule, but an empty word would let
			 * commands of no bits go on for ever. */
			if (wl == 0)
				DATAFAIL("dictionary word %zu of length %zu "
				    "under transform %u gives no bytes", id,
				    clen, t);
			if (wl > (size_t)(end - op))
				DATAFAIL("dictionary word of %zu bytes at "
				    "output byte %zu passes the end of the "
				    "meta-block", wl, (size_t)(op - dst));
			memcpy(op, word, wl);
			op += wl;
		} else {
			if (clen > (size_t)(end - op))
				DATAFAIL("copy of %zu bytes at output byte %zu "
				    "passes the end of the meta-block", clen,
				    (size_t)(op - dst));
			if (dcode != 0) {
				b->di = (b->di + 1) & 3;
				b->dist[b->di] = d;
			}
			if ((size_t)(b->oend - op) - clen >= LZ_SLACK)
				lz_copyback(op, d, clen);
			else
				for (from = op - d, wl = 0; wl < clen; wl++)
					op[wl] = from[wl];
			op += clen;
		}
		if (op == end)
			break;
		p1 = op[-1];
		p2 = op - dst > 1 ? op[-2] : 0;
		if (overrun(&in)) {
			b->in = in;
			return truncated(b);
		}
	}
	cl->left = lleft;
	b->in = in;
	b->op = op;
	if (overrun(&in))
		return truncated(b);
	return 0;
}

#undef DATAFAIL

/* Skips to the next byte boundary: the bits passed over must be 0. */
static int
align(struct br *b, const char *what)
{
	size_t at = bytepos(b);
	unsigned k = b->in.n & 7;

	if (getbits(&b->in, k) != 0)
		return fail(b, at, "padding bits before %s not zero", what);
	return 0;
}

/* After align: moves the reader k bytes on; 0 if they are there. */
static int
skip_bytes(struct br *b, size_t k, const unsigned char **p)
{
	size_t at = bytepos(b);

	if (overrun(&b->in) || at > b->srclen || k > b->srclen - at)
		return -1;
	*p = b->src + at;
	b->in.ip = b->src + at + k;
	b->in.v = 0;
	b->in.n = 0;
	b->in.over = 0;
	return 0;
}

/* Section 9.1: the window size, from WBITS. */
static int
read_wbits(struct br *b)
{
	unsigned w;

	if (!getbits(&b->in, 1))
		w = 16;
	else if ((w = getbits(&b->in, 3)) != 0)
		w += 17;
	else if ((w = getbits(&b->in, 3)) == 1)
		return fail(b, 0, "WBITS bit pattern 0010001, which is "
		    "reserved");
	else
		w = w ? w + 8 : 17;
	b->window = ((size_t)1 << w) - 16;
	return 0;
}

/* One meta-block; *last is set if it is the last. */
static int
metablock(struct br *b, int *last)
{
	size_t at = bytepos(b), mlen = 0, skip;
	unsigned nibbles, i, k, v;
	const unsigned char *p;

	b->inside = "a meta-block header";
	*last = (int)getbits(&b->in, 1);
	if (*last && getbits(&b->in, 1))
		return 0;			/* ISLASTEMPTY */
	nibbles = getbits(&b->in, 2);
	if (nibbles == 3) {
		/* Metadata: skipped. */
		b->inside = "a metadata block";
		if (getbits(&b->in, 1))
			return fail(b, at, "reserved bit set in a metadata "
			    "block header");
		k = getbits(&b->in, 2);
		skip = 0;
		for (i = 0; i < k; i++) {
			v = getbits(&b->in, 8);
			if (i == k - 1 && k > 1 && v == 0)
				return fail(b, at, "metadata length with a "
				    "last byte of 0");
			skip |= (size_t)v << (8 * i);
		}
		if (k)
			skip++;
		if (align(b, "metadata") != 0)
			return -1;
		if (skip_bytes(b, skip, &p) != 0)
			return truncated(b);
		return 0;
	}
	nibbles += 4;
	for (i = 0; i < nibbles; i++) {
		k = getbits(&b->in, 4);
		if (i == nibbles - 1 && nibbles > 4 && k == 0)
			return fail(b, at, "meta-block length with a last "
			    "nibble of 0");
		mlen |= (size_t)k << (4 * i);
	}
	mlen++;
	if (overrun(&b->in))
		return truncated(b);
	if (mlen > (size_t)(b->oend - b->op))
		return fail(b, at, "meta-block of %zu bytes at output byte %zu "
		    "would pass the %zu bytes expected", mlen,
		    (size_t)(b->op - b->dst), (size_t)(b->oend - b->dst));
	if (!*last && getbits(&b->in, 1)) {
		b->inside = "an uncompressed meta-block";
		if (align(b, "an uncompressed meta-block") != 0)
			return -1;
		if (skip_bytes(b, mlen, &p) != 0)
			return truncated(b);
		memcpy(b->op, p, mlen);
		b->op += mlen;
		return 0;
	}
	if (read_header(b) != 0)
		return -1;
	return read_data(b, mlen);
}

int
brotli_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen)
{
	struct br ctx, *b = &ctx;
	unsigned i;
	int last, rc = -1;
	size_t at;

	*outlen = 0;
	if (errlen)
		err[0] = '\0';
	if (n == 0)
		return fail0(err, errlen, 0, "empty input");
	b->arena = NULL;
	b->arenasize = 0;
	b->src = src;
	b->srclen = n;
	b->dst = b->op = dst;
	b->oend = dst + cap;
	b->err = err;
	b->errlen = errlen;
	b->inside = "the stream header";
	b->in.ip = src;
	b->in.end = src + n;
	b->in.v = 0;
	b->in.n = 0;
	b->in.over = 0;
	b->dist[0] = 16;
	b->dist[1] = 15;
	b->dist[2] = 11;
	b->dist[3] = 4;
	b->di = 3;
	for (i = 0; i < 256; i++) {
		b->ctx1[0][i] = (unsigned char)(i & 0x3f);
		b->ctx2[0][i] = 0;
		b->ctx1[1][i] = (unsigned char)(i >> 2);
		b->ctx2[1][i] = 0;
		b->ctx1[2][i] = brotli_lut[0][i];
		b->ctx2[2][i] = brotli_lut[1][i];
		b->ctx1[3][i] = (unsigned char)(brotli_lut[2][i] << 3);
		b->ctx2[3][i] = brotli_lut[2][i];
	}
	if (read_wbits(b) != 0)
		goto out;
	do {
		if (metablock(b, &last) != 0)
			goto out;
	} while (!last);
	b->inside = "the last meta-block";
	if (align(b, "the end of the stream") != 0)
		goto out;
	if (overrun(&b->in)) {
		truncated(b);
		goto out;
	}
	at = bytepos(b);
	if (at < n) {
		fail(b, at, "%zu bytes of input after the end of the stream",
		    n - at);
		goto out;
	}
	*outlen = (size_t)(b->op - dst);
	rc = 0;
out:
	free(b->arena);
	return rc;
}

size_t
brotli_transform_bytes(unsigned char *buf, size_t cap)
{
	size_t k = 0, i, j, l;
	const char *s;

	for (i = 0; i < NTRANSFORMS; i++)
		for (j = 0; j < 3; j++) {
			if (j == 1) {
				if (k < cap)
					buf[k] = transforms[i].type;
				k++;
				continue;
			}
			s = j == 0 ? transforms[i].prefix :
			    transforms[i].suffix;
			for (l = 0; l <= strlen(s); l++, k++)
				if (k < cap)
					buf[k] = (unsigned char)s[l];
		}
	return k;
}
