/*
 * zstd: Zstandard frames (RFC 8878) decompressed into a buffer whose size
 * the caller knows (a Parquet page states it).
 *
 * The input is one or more frames back to back.  Facts of the format this
 * relies on:
 *   - a Zstandard frame is the magic FD2FB528 (little-endian), a frame
 *     header, blocks each with a 3-byte header (last flag, type: raw, RLE,
 *     compressed or reserved; size), and, when the header says so, the low
 *     32 bits of the XXH64 (seed 0) of the frame's content;
 *   - a skippable frame is a magic 184D2A50 to 184D2A5F and a 32-bit size
 *     of data to pass over;
 *   - a block's content, and what it decompresses to, is at most
 *     min(window size, 128 KiB);
 *   - a compressed block is a literals section (raw, RLE, or Huffman coded
 *     in 1 or 4 streams, with a new tree or the previous one) and a
 *     sequences section: (literal length, match length, offset) triples
 *     coded by three interleaved FSE decoders whose tables are predefined,
 *     RLE, described in the block, or those of the previous block;
 *   - Huffman and FSE payloads are backward bit streams: read from the
 *     last byte, whose highest set bit marks the start, towards the first,
 *     and each must end exactly at its first bit;
 *   - offsets 1 to 3 name the three repeat offsets (1, 4, 8 at the start of
 *     a frame), shifted by one when the literal length is 0.
 *
 * The whole output is in memory, so matches refer straight into dst and
 * an offset may reach back to the start of its frame's output (frames are
 * independent: no dictionaries).  Every table is a fixed-size array in a
 * context on the caller's stack; nothing grows with the input.
 *
 * How it decodes: a sequence table entry holds, for its state, the base
 * of the next state and the bits to read for it, and its code turned into
 * a base value and extra bits, built in one pass over the spread symbols.
 * The sequences are decoded and executed one at a time, the bit reader in
 * registers as the count of bits left in a 64-bit word (a value is one
 * shift and one mask), reloaded only when a sequence's next values could
 * need more bits than are left.  While the output has WILD bytes of room,
 * literals and matches are copied 16 bytes at a time (8 when the offset
 * is 8 to 15, a spread pattern below 8), writing past the sequence into
 * that room; near the end, byte by byte.  The three tests a sequence must
 * pass (literals left, offset within the output, room) are made together,
 * each with its own message when one fails.
 * Huffman literals in four streams are decoded side by side, 5 symbols a
 * stream a reload.  A sequence table is built only when a block asks for
 * another than the one held: the predefined one is kept until a block
 * uses another, a described one with its description, which the next
 * block's is compared with.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "codec/codec.h"

#define ZSTD_MAGIC	0xFD2FB528u
#define SKIP_MAGIC	0x184D2A50u	/* the low 4 bits are free */
#define BLOCK_MAX	(128 * 1024)
#define WILD		32	/* slack for copies a word at a time */

#define HUF_MAXBITS	11
#define LL_MAXAL	9
#define ML_MAXAL	9
#define OF_MAXAL	8
#define LL_MAXSYM	35
#define ML_MAXSYM	52
#define OF_MAXSYM	31
#define WT_MAXAL	6	/* Huffman weights' FSE table */
#define WT_MAXSYM	12

struct fsent {			/* one state of an FSE decoding table */
	uint16_t next;		/* base of the next state */
	uint8_t nbits;		/* bits read for the next state */
	uint8_t sym;
};

struct seqent {			/* one state, its symbol turned into a value */
	uint32_t base;		/* value before the extra bits */
	uint16_t next;
	uint8_t nbits;
	uint8_t extra;		/* extra bits added to base */
};

struct hufent {
	uint8_t sym;
	uint8_t nbits;
};

enum { HELD_NONE, HELD_DEFAULT, HELD_DESC };

struct seqtab {
	struct seqent *e;
	unsigned al;		/* accuracy log: the table has 1 << al states */
	int ok;			/* set in this frame: a repeat may use it */
	int held;		/* what e holds: HELD_NONE, _DEFAULT, _DESC */
	unsigned nsym;		/* HELD_DESC: the description it was built from */
	int16_t norm[ML_MAXSYM + 1];
};

/* Everything one call needs, on its stack (about 142 KiB, most of it the
 * literals of one block): the module keeps nothing between calls. */
struct zstd {
	const unsigned char *src;	/* the input, for "at byte N" */
	size_t n;
	unsigned char *dst, *op, *end;	/* the output, its next byte, its end */
	unsigned char *frame;		/* the current frame's first byte out */
	char *err;
	size_t errlen;
	size_t blockmax;		/* min(window, 128 KiB) */
	uint32_t rep[3];		/* repeat offsets */
	int huf_ok;			/* a tree for treeless literals */
	unsigned huf_bits;		/* its longest code */
	struct seqtab ll, of, ml;
	const unsigned char *lit, *litend;	/* literals not yet copied */
	struct hufent huf[1 << HUF_MAXBITS];
	struct seqent lltab[1 << LL_MAXAL];
	struct seqent oftab[1 << OF_MAXAL];
	struct seqent mltab[1 << ML_MAXAL];
	uint32_t mask[32];		/* lowmask, where the sequence loop reaches
				 * it as it does the tables: one register
				 * fewer there */
	unsigned char litbuf[BLOCK_MAX + WILD];
};

/* The backward bit stream: bits are taken from the top of a 64-bit word
 * loaded below ptr; used counts those taken.  Past its first bit the
 * stream is overread, which used > 64 shows (after a reload). */
struct bitin {
	const unsigned char *start, *limit, *ptr;	/* limit: start + 8 */
	uint64_t bits;
	unsigned used;
};

static const int16_t ll_default[LL_MAXSYM + 1] = {
	4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1,
	-1, -1, -1, -1
};
static const int16_t ml_default[ML_MAXSYM + 1] = {
	1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1,
	-1, -1, -1, -1, -1
};
static const int16_t of_default[28 + 1] = {
	1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1
};

/* Literal length codes 16 to 35 and match length codes 32 to 52: base
 * value and extra bits (below those, the code is the value, or value - 3).*/
static const uint32_t ll_base[LL_MAXSYM + 1] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048,
	4096, 8192, 16384, 32768, 65536
};
static const uint8_t ll_extra[LL_MAXSYM + 1] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
};
static const uint32_t ml_base[ML_MAXSYM + 1] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
	19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,
	35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027,
	2051, 4099, 8195, 16387, 32771, 65539
};
static const uint8_t ml_extra[ML_MAXSYM + 1] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
};
/* Offset code N: base 1 << N, N extra bits. */
static const uint32_t of_base[OF_MAXSYM + 1] = {
	0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400,
	0x800, 0x1000, 0x2000, 0x4000, 0x8000, 0x10000, 0x20000, 0x40000,
	0x80000, 0x100000, 0x200000, 0x400000, 0x800000, 0x1000000,
	0x2000000, 0x4000000, 0x8000000, 0x10000000, 0x20000000, 0x40000000,
	0x80000000
};
static const uint8_t of_extra[OF_MAXSYM + 1] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
};

static int
fail(struct zstd *z, const unsigned char *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	codec_vfail(z->err, z->errlen, "zstd", (size_t)(at - z->src), fmt, ap);
	va_end(ap);
	return -1;
}

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint64_t
le64(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
#else
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
#endif
}

/* Index of the highest set bit of v (v > 0). */
static unsigned
highbit(uint32_t v)
{
	return 31 - __builtin_clz(v);
}

/* XXH64 with seed 0, as the content checksum uses it. */
#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P4 0x85EBCA77C2B2AE63ull
#define P5 0x27D4EB2F165667C5ull

static uint64_t
rotl64(uint64_t v, unsigned r)
{
	return v << r | v >> (64 - r);
}

static uint64_t
xxh_round(uint64_t acc, uint64_t in)
{
	return rotl64(acc + in * P2, 31) * P1;
}

static uint64_t
xxh_merge(uint64_t h, uint64_t v)
{
	return (h ^ xxh_round(0, v)) * P1 + P4;
}

/* XXH64 with seed 0, as the content checksum uses it, taken a block at a
 * time while the block is still in cache: the 32-byte stripes as they
 * come, the tail at the end.  The bytes stay in the output, so nothing is
 * buffered. */
struct xxh {
	uint64_t v[4];
	const unsigned char *start, *p;	/* the frame's output, next stripe */
};

static void
xxh_init(struct xxh *x, const unsigned char *start)
{
	x->v[0] = P1 + P2;
	x->v[1] = P2;
	x->v[2] = 0;
	x->v[3] = -P1;
	x->start = x->p = start;
}

static void
xxh_update(struct xxh *x, const unsigned char *end)
{
	const unsigned char *p = x->p;
	uint64_t v0 = x->v[0], v1 = x->v[1], v2 = x->v[2], v3 = x->v[3];

	for (; end - p >= 32; p += 32) {
		v0 = xxh_round(v0, le64(p));
		v1 = xxh_round(v1, le64(p + 8));
		v2 = xxh_round(v2, le64(p + 16));
		v3 = xxh_round(v3, le64(p + 24));
	}
	x->v[0] = v0;
	x->v[1] = v1;
	x->v[2] = v2;
	x->v[3] = v3;
	x->p = p;
}

static uint64_t
xxh_final(struct xxh *x, const unsigned char *end)
{
	const unsigned char *p;
	size_t n = end - x->start;
	uint64_t h;

	xxh_update(x, end);
	p = x->p;
	if (n >= 32) {
		h = rotl64(x->v[0], 1) + rotl64(x->v[1], 7) +
		    rotl64(x->v[2], 12) + rotl64(x->v[3], 18);
		h = xxh_merge(h, x->v[0]);
		h = xxh_merge(h, x->v[1]);
		h = xxh_merge(h, x->v[2]);
		h = xxh_merge(h, x->v[3]);
	} else
		h = P5;
	h += n;
	for (; end - p >= 8; p += 8)
		h = rotl64(h ^ xxh_round(0, le64(p)), 27) * P1 + P4;
	if (end - p >= 4) {
		h = rotl64(h ^ (uint64_t)le32(p) * P1, 23) * P2 + P3;
		p += 4;
	}
	for (; p < end; p++)
		h = rotl64(h ^ *p * P5, 11) * P1;
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	h ^= h >> 32;
	return h;
}

/*
 * The backward bit stream.
 */
static int
bitin_init(struct bitin *b, const unsigned char *p, size_t n)
{
	size_t i;

	if (n == 0 || p[n - 1] == 0)
		return -1;	/* no start marker */
	b->start = p;
	b->limit = p + 8;
	if (n >= 8) {
		b->ptr = p + n - 8;
		b->bits = le64(b->ptr);
		b->used = 0;
	} else {
		/* Short: the bytes sit low in the word, the rest counts as
		 * already read. */
		b->ptr = p;
		b->bits = 0;
		for (i = 0; i < n; i++)
			b->bits |= (uint64_t)p[i] << 8 * i;
		b->used = 8 * (8 - n);
	}
	b->used += 8 - highbit(p[n - 1]);
	return 0;
}

static inline void
bitin_reload(struct bitin *b)
{
	size_t nb, left;

	if (b->ptr >= b->limit && b->used <= 64) {
		b->ptr -= b->used >> 3;
		b->used &= 7;
		b->bits = le64(b->ptr);
		return;
	}
	/* Near the start, or past it. */
	left = b->ptr - b->start;
	nb = b->used >> 3;
	if (nb > left)
		nb = left;
	if (nb == 0)
		return;
	b->ptr -= nb;
	b->used -= 8 * nb;
	b->bits = le64(b->ptr);
}

/* n bits (0 to 57 since the last reload). */
static inline uint32_t
bitin_read(struct bitin *b, unsigned n)
{
	uint64_t v = (b->bits << (b->used & 63)) >> 1 >> (63 - n);

	b->used += n;
	return (uint32_t)v;
}

static inline unsigned
bitin_peek(const struct bitin *b, unsigned n)
{
	return (unsigned)((b->bits << (b->used & 63)) >> 1 >> (63 - n));
}

static int
bitin_done(const struct bitin *b)
{
	return b->ptr == b->start && b->used == 64;
}

static int
bitin_over(const struct bitin *b)
{
	return b->used > 64;
}

/*
 * FSE tables.
 */

/* n bits (at most 25) at bit pos of p[0..len), zeros past the end. */
static uint32_t
fwd_bits(const unsigned char *p, size_t len, size_t pos, unsigned n)
{
	size_t i, byte = pos >> 3;
	uint32_t v = 0;

	for (i = 0; i < 4 && byte + i < len; i++)
		v |= (uint32_t)p[byte + i] << 8 * i;
	return v >> (pos & 7) & ((1u << n) - 1);
}

/*
 * An FSE table description: the accuracy log, then each symbol's
 * probability (its value + 1, in as few bits as the points left allow;
 * -1 is "less than 1"), a zero followed by 2-bit counts of more zeros.
 * Returns the bytes it took, or 0 when it is not well formed.
 */
static size_t
fse_desc(const unsigned char *p, size_t len, int16_t *norm, unsigned maxsym,
    unsigned maxal, unsigned *nsym, unsigned *al)
{
	size_t pos = 4;
	int remaining, threshold, max, v, count;
	unsigned nbits, sym = 0, rep, i;

	if (len == 0)
		return 0;
	*al = (p[0] & 15) + 5;
	if (*al > maxal)
		return 0;
	remaining = (1 << *al) + 1;
	threshold = 1 << *al;
	nbits = *al + 1;
	while (remaining > 1) {
		if (sym > maxsym || pos > 8 * len)
			return 0;
		max = 2 * threshold - 1 - remaining;
		v = fwd_bits(p, len, pos, nbits - 1);
		if (v < max)
			pos += nbits - 1;
		else {
			v = fwd_bits(p, len, pos, nbits);
			if (v >= threshold)
				v -= max;
			pos += nbits;
		}
		count = v - 1;
		remaining -= count < 0 ? -count : count;
		norm[sym++] = count;
		if (count == 0) {
			do {
				rep = fwd_bits(p, len, pos, 2);
				pos += 2;
				if (sym + rep > maxsym + 1)
					return 0;
				for (i = 0; i < rep; i++)
					norm[sym++] = 0;
			} while (rep == 3 && pos <= 8 * len);
		}
		while (remaining < threshold) {
			nbits--;
			threshold >>= 1;
		}
	}
	if (pos > 8 * len)
		return 0;
	*nsym = sym;
	return (pos + 7) >> 3;
}

/* The symbols of norm spread over the 1 << al states (sym[state]), as
 * fse_build and seq_build use; returns -1 when they do not fill the table
 * exactly.  Without a "less than 1" symbol every position is free, and
 * the walk needs no test. */
static int
fse_spread(uint8_t *sym, uint16_t *next, const int16_t *norm, unsigned nsym,
    unsigned al)
{
	unsigned size = 1u << al, mask = size - 1, high = size - 1;
	unsigned step = (size >> 1) + (size >> 3) + 3, pos = 0, s;
	int i;

	for (s = 0; s < nsym; s++) {
		if (norm[s] == -1) {
			sym[high--] = s;
			next[s] = 1;
		} else
			next[s] = norm[s];
	}
	if (high == mask) {
		for (s = 0; s < nsym; s++)
			for (i = 0; i < norm[s]; i++) {
				sym[pos] = s;
				pos = (pos + step) & mask;
			}
	} else {
		for (s = 0; s < nsym; s++)
			for (i = 0; i < norm[s]; i++) {
				sym[pos] = s;
				do
					pos = (pos + step) & mask;
				while (pos > high);
			}
	}
	return pos == 0 ? 0 : -1;
}

/* The FSE decoding table of norm over the 1 << al states (al at most
 * WT_MAXAL: the Huffman weights').  Returns -1 when the distribution does
 * not fill the table exactly. */
static int
fse_build(struct fsent *t, const int16_t *norm, unsigned nsym, unsigned al)
{
	uint8_t sym[1 << WT_MAXAL];
	uint16_t next[256];	/* any byte: sym[] is read whole */
	unsigned size = 1u << al, u;
	uint16_t x;

	if (fse_spread(sym, next, norm, nsym, al) != 0)
		return -1;
	for (u = 0; u < size; u++) {
		t[u].sym = sym[u];
		x = next[sym[u]]++;
		t[u].nbits = al - highbit(x);
		t[u].next = (x << t[u].nbits) - size;
	}
	return 0;
}

/* A sequence code's table (literal length, offset, match length) from
 * norm in one pass: each state's next-state base and bits as fse_build
 * gives them, its symbol turned into a base value and extra bits. */
static int
seq_build(struct seqent *e, const int16_t *norm, unsigned nsym, unsigned al,
    const uint32_t *base, const uint8_t *extra)
{
	uint8_t sym[1 << LL_MAXAL];
	uint16_t next[256];	/* any byte: sym[] is read whole */
	struct seqent t[ML_MAXSYM + 1];	/* each symbol's base and extra */
	unsigned size = 1u << al, u, s, nb, x;

	if (fse_spread(sym, next, norm, nsym, al) != 0)
		return -1;
	for (s = 0; s < nsym; s++) {
		t[s].base = base[s];
		t[s].next = 0;
		t[s].nbits = 0;
		t[s].extra = extra[s];
	}
	for (u = 0; u < size; u++) {
		s = sym[u];
		x = next[s]++;
		nb = al - highbit(x);
		e[u] = t[s];
		e[u].nbits = nb;
		e[u].next = (x << nb) - size;
	}
	return 0;
}

/* A sequence table in mode 0 to 3 from p[0..len): returns bytes taken. */
static int
seq_table(struct zstd *z, struct seqtab *st, unsigned mode,
    const unsigned char *p, size_t len, const char *name,
    const int16_t *def, unsigned defsym, unsigned defal, unsigned maxsym,
    unsigned maxal, const uint32_t *base, const uint8_t *extra)
{
	int16_t norm[ML_MAXSYM + 1];
	unsigned nsym, al;
	size_t k = 0;

	switch (mode) {
	case 0:
		if (st->held != HELD_DEFAULT) {
			st->held = HELD_NONE;
			if (seq_build(st->e, def, defsym, defal, base,
			    extra) != 0)
				return fail(z, p, "%s: predefined table", name);
			st->held = HELD_DEFAULT;
		}
		al = defal;
		break;
	case 1:
		if (len < 1)
			return fail(z, p, "%s: truncated RLE symbol", name);
		if (p[0] > maxsym)
			return fail(z, p, "%s: RLE code %u above %u", name,
			    p[0], maxsym);
		st->held = HELD_NONE;
		st->e[0].next = 0;
		st->e[0].nbits = 0;
		st->e[0].base = base[p[0]];
		st->e[0].extra = extra[p[0]];
		al = 0;
		k = 1;
		break;
	case 2:
		k = fse_desc(p, len, norm, maxsym, maxal, &nsym, &al);
		if (k == 0)
			return fail(z, p, "%s: bad FSE table description",
			    name);
		/* An encoder often describes the same table block after
		 * block: built once, it is kept. */
		if (st->held == HELD_DESC && nsym == st->nsym &&
		    al == st->al && memcmp(norm, st->norm,
		    nsym * sizeof norm[0]) == 0)
			break;
		st->held = HELD_NONE;
		if (seq_build(st->e, norm, nsym, al, base, extra) != 0)
			return fail(z, p, "%s: bad FSE table description",
			    name);
		st->held = HELD_DESC;
		st->nsym = nsym;
		memcpy(st->norm, norm, nsym * sizeof norm[0]);
		break;
	default:
		if (!st->ok)
			return fail(z, p, "%s: repeat mode with no previous "
			    "table", name);
		return 0;
	}
	st->al = al;
	st->ok = 1;
	return (int)k;
}

/*
 * Huffman literals.
 */

/* The tree description at p[0..len) into z->huf: returns bytes taken. */
static int
huf_tree(struct zstd *z, const unsigned char *p, size_t len)
{
	uint8_t w[256];
	unsigned nw, i, maxbits, rank[HUF_MAXBITS + 2], start, k;
	uint32_t sum = 0, rest;
	size_t taken;

	if (len < 1)
		return fail(z, p, "truncated Huffman tree");
	if (p[0] >= 128) {
		/* Direct: 4-bit weights, two a byte, high nibble first. */
		nw = p[0] - 127;
		taken = 1 + (nw + 1) / 2;
		if (taken > len)
			return fail(z, p, "truncated Huffman tree");
		for (i = 0; i < nw; i++)
			w[i] = i & 1 ? p[1 + i / 2] & 15 : p[1 + i / 2] >> 4;
	} else {
		/* FSE-coded weights, two interleaved states. */
		struct fsent t[1 << WT_MAXAL];
		int16_t norm[WT_MAXSYM + 1];
		struct bitin b;
		unsigned nsym, al, s1, s2;
		size_t hd;

		taken = 1 + p[0];
		if (taken > len || p[0] == 0)
			return fail(z, p, "truncated Huffman tree");
		hd = fse_desc(p + 1, p[0], norm, WT_MAXSYM, WT_MAXAL, &nsym,
		    &al);
		if (hd == 0 || fse_build(t, norm, nsym, al) != 0)
			return fail(z, p + 1, "bad Huffman weights table");
		if (bitin_init(&b, p + 1 + hd, p[0] - hd) != 0)
			return fail(z, p + 1 + hd, "bad Huffman weights "
			    "stream");
		s1 = bitin_read(&b, al);
		s2 = bitin_read(&b, al);
		nw = 0;
		for (;;) {
			/* After an update that runs past the stream's start,
			 * the other state holds the last weight. */
			if (nw > 253)
				return fail(z, p, "too many Huffman weights");
			w[nw++] = t[s1].sym;
			s1 = t[s1].next + bitin_read(&b, t[s1].nbits);
			bitin_reload(&b);
			if (bitin_over(&b)) {
				w[nw++] = t[s2].sym;
				break;
			}
			w[nw++] = t[s2].sym;
			s2 = t[s2].next + bitin_read(&b, t[s2].nbits);
			bitin_reload(&b);
			if (bitin_over(&b)) {
				if (nw > 254)
					return fail(z, p, "too many Huffman "
					    "weights");
				w[nw++] = t[s1].sym;
				break;
			}
		}
		if (nw > 255)
			return fail(z, p, "too many Huffman weights");
	}
	for (i = 0; i < nw; i++) {
		if (w[i] > HUF_MAXBITS)
			return fail(z, p, "Huffman weight %u too large", w[i]);
		if (w[i])
			sum += 1u << (w[i] - 1);
	}
	if (sum == 0)
		return fail(z, p, "Huffman tree without weights");
	maxbits = highbit(sum) + 1;
	if (maxbits > HUF_MAXBITS)
		return fail(z, p, "Huffman codes longer than %u bits",
		    HUF_MAXBITS);
	/* The last weight makes the sum a power of two. */
	rest = (1u << maxbits) - sum;
	if (rest & (rest - 1))
		return fail(z, p, "Huffman weights do not complete a tree");
	w[nw++] = highbit(rest) + 1;
	/* Codes by weight, lightest (longest) first, then by symbol. */
	memset(rank, 0, sizeof rank);
	for (i = 0; i < nw; i++)
		rank[w[i]]++;
	start = 0;
	for (i = 1; i <= maxbits; i++) {
		k = rank[i];
		rank[i] = start;
		start += k << (i - 1);
	}
	for (i = 0; i < nw; i++) {
		unsigned wi = w[i], lo, n;

		if (wi == 0)
			continue;
		lo = rank[wi];
		n = 1u << (wi - 1);
		rank[wi] += n;
		for (k = lo; k < lo + n; k++) {
			z->huf[k].sym = i;
			z->huf[k].nbits = maxbits + 1 - wi;
		}
	}
	z->huf_bits = maxbits;
	z->huf_ok = 1;
	return (int)taken;
}

static inline unsigned char
huf_sym(const struct hufent *h, struct bitin *b, unsigned maxbits)
{
	const struct hufent *e = &h[bitin_peek(b, maxbits)];

	b->used += e->nbits;
	return e->sym;
}

/* One Huffman stream p[0..len) into out[0..count). */
static int
huf_stream(struct zstd *z, const unsigned char *p, size_t len,
    unsigned char *out, size_t count, int which)
{
	const struct hufent *h = z->huf;
	unsigned mb = z->huf_bits;
	unsigned char *end = out + count;
	struct bitin b;

	if (bitin_init(&b, p, len) != 0)
		return fail(z, p, "Huffman stream %d without end mark", which);
	while (end - out >= 4) {
		bitin_reload(&b);
		out[0] = huf_sym(h, &b, mb);
		out[1] = huf_sym(h, &b, mb);
		out[2] = huf_sym(h, &b, mb);
		out[3] = huf_sym(h, &b, mb);
		out += 4;
	}
	bitin_reload(&b);
	while (out < end)
		*out++ = huf_sym(h, &b, mb);
	bitin_reload(&b);
	if (!bitin_done(&b))
		return fail(z, p, "Huffman stream %d does not end at its "
		    "last bit", which);
	return 0;
}

/*
 * The bulk of four streams, side by side, in registers: 5 symbols from each
 * (55 bits at most) per reload, while every stream is 8 bytes or more from
 * its start and the last (the shortest) has 5 symbols to go.
 */
#define HUF_DEC(bits, used, o) do {					\
	const struct hufent *e_ = &h[(bits << used) >> (64 - mb)];	\
	used += e_->nbits;						\
	*o++ = e_->sym;							\
} while (0)
#define HUF_RELOAD(bits, used, ptr) do {				\
	ptr -= used >> 3;						\
	used &= 7;							\
	bits = le64(ptr);						\
} while (0)

static void
huf_four_fast(const struct hufent *h, unsigned mb, struct bitin *b,
    unsigned char **o, const unsigned char *e3)
{
	const unsigned char *p0 = b[0].ptr, *p1 = b[1].ptr, *p2 = b[2].ptr,
	    *p3 = b[3].ptr;
	unsigned u0 = b[0].used, u1 = b[1].used, u2 = b[2].used,
	    u3 = b[3].used;
	uint64_t b0 = b[0].bits, b1 = b[1].bits, b2 = b[2].bits,
	    b3 = b[3].bits;
	unsigned char *o0 = o[0], *o1 = o[1], *o2 = o[2], *o3 = o[3];
	int k;

	if (u0 > 64 || u1 > 64 || u2 > 64 || u3 > 64)
		return;
	while (e3 - o3 >= 5 && (size_t)(p0 - b[0].start) >= 8 + (u0 >> 3) &&
	    (size_t)(p1 - b[1].start) >= 8 + (u1 >> 3) &&
	    (size_t)(p2 - b[2].start) >= 8 + (u2 >> 3) &&
	    (size_t)(p3 - b[3].start) >= 8 + (u3 >> 3)) {
		HUF_RELOAD(b0, u0, p0);
		HUF_RELOAD(b1, u1, p1);
		HUF_RELOAD(b2, u2, p2);
		HUF_RELOAD(b3, u3, p3);
		for (k = 0; k < 5; k++) {
			HUF_DEC(b0, u0, o0);
			HUF_DEC(b1, u1, o1);
			HUF_DEC(b2, u2, o2);
			HUF_DEC(b3, u3, o3);
		}
	}
	b[0].ptr = p0; b[1].ptr = p1; b[2].ptr = p2; b[3].ptr = p3;
	b[0].used = u0; b[1].used = u1; b[2].used = u2; b[3].used = u3;
	b[0].bits = b0; b[1].bits = b1; b[2].bits = b2; b[3].bits = b3;
	o[0] = o0; o[1] = o1; o[2] = o2; o[3] = o3;
}

/* Four streams: the first three of (count + 3) / 4 symbols, the last of
 * the rest. */
static int
huf_four(struct zstd *z, const unsigned char *p, size_t len,
    unsigned char *out, size_t count)
{
	const struct hufent *h = z->huf;
	unsigned mb = z->huf_bits;
	const unsigned char *sp[4];
	size_t sl[4], seg = (count + 3) / 4, total;
	unsigned char *o[4], *e[4];
	struct bitin b[4];
	int i, k;

	if (len < 6)
		return fail(z, p, "truncated Huffman jump table");
	sl[0] = p[0] | p[1] << 8;
	sl[1] = p[2] | p[3] << 8;
	sl[2] = p[4] | p[5] << 8;
	total = 6 + sl[0] + sl[1] + sl[2];
	if (total > len)
		return fail(z, p, "Huffman streams longer than the literals");
	sl[3] = len - total;
	if (3 * seg > count)
		return fail(z, p, "%zu literals in four streams", count);
	sp[0] = p + 6;
	for (i = 1; i < 4; i++)
		sp[i] = sp[i - 1] + sl[i - 1];
	for (i = 0; i < 4; i++) {
		o[i] = out + i * seg;
		e[i] = i < 3 ? o[i] + seg : out + count;
		if (bitin_init(&b[i], sp[i], sl[i]) != 0)
			return fail(z, sp[i], "Huffman stream %d without "
			    "end mark", i + 1);
	}
	huf_four_fast(h, mb, b, o, e[3]);
	for (i = 0; i < 4; i++) {
		while (e[i] - o[i] >= 4) {
			bitin_reload(&b[i]);
			for (k = 0; k < 4; k++)
				*o[i]++ = huf_sym(h, &b[i], mb);
		}
	}
	for (i = 0; i < 4; i++) {
		while (o[i] < e[i]) {
			bitin_reload(&b[i]);
			*o[i]++ = huf_sym(h, &b[i], mb);
		}
		bitin_reload(&b[i]);
		if (!bitin_done(&b[i]))
			return fail(z, sp[i], "Huffman stream %d does not end "
			    "at its last bit", i + 1);
	}
	return 0;
}

/* The literals section at p[0..len) into z->lit: returns bytes taken. */
static int
literals(struct zstd *z, const unsigned char *p, size_t len)
{
	unsigned type = p[0] & 3, sf = p[0] >> 2 & 3;
	size_t hl, regen, comp, k;
	uint64_t h;
	int t;

	if (type < 2) {		/* raw or RLE */
		hl = sf == 3 ? 3 : sf == 1 ? 2 : 1;
		if (hl > len)
			return fail(z, p, "truncated literals header");
		if (hl == 1)
			regen = p[0] >> 3;
		else if (hl == 2)
			regen = p[0] >> 4 | (size_t)p[1] << 4;
		else
			regen = p[0] >> 4 | (size_t)p[1] << 4 |
			    (size_t)p[2] << 12;
		if (regen > z->blockmax)
			return fail(z, p, "%zu literals above the block "
			    "maximum %zu", regen, z->blockmax);
		k = type == 0 ? regen : 1;
		if (k > len - hl)
			return fail(z, p, "truncated literals");
		if (type == 0)
			memcpy(z->litbuf, p + hl, regen);
		else
			memset(z->litbuf, p[hl], regen);
		z->lit = z->litbuf;
		z->litend = z->litbuf + regen;
		return (int)(hl + k);
	}
	hl = sf < 2 ? 3 : sf + 2;
	if (hl > len)
		return fail(z, p, "truncated literals header");
	h = 0;
	for (k = 0; k < hl; k++)
		h |= (uint64_t)p[k] << 8 * k;
	if (hl == 3) {
		regen = h >> 4 & 0x3FF;
		comp = h >> 14 & 0x3FF;
	} else if (hl == 4) {
		regen = h >> 4 & 0x3FFF;
		comp = h >> 18 & 0x3FFF;
	} else {
		regen = h >> 4 & 0x3FFFF;
		comp = h >> 22 & 0x3FFFF;
	}
	if (regen > z->blockmax)
		return fail(z, p, "%zu literals above the block maximum %zu",
		    regen, z->blockmax);
	if (comp > len - hl)
		return fail(z, p, "truncated literals");
	p += hl;
	k = 0;
	if (type == 2) {
		if ((t = huf_tree(z, p, comp)) < 0)
			return -1;
		k = t;
	} else if (!z->huf_ok)
		return fail(z, p - hl, "treeless literals with no previous "
		    "Huffman tree");
	if (sf == 0)
		t = huf_stream(z, p + k, comp - k, z->litbuf, regen, 1);
	else
		t = huf_four(z, p + k, comp - k, z->litbuf, regen);
	if (t != 0)
		return -1;
	z->lit = z->litbuf;
	z->litend = z->litbuf + regen;
	return (int)(hl + comp);
}

/*
 * Sequences.
 */

static inline void
copy16(unsigned char *d, const unsigned char *s)
{
	memcpy(d, s, 16);
}

/* The least multiple of each offset below 8 that is 8 or more. */
static const uint8_t spread[8] = { 0, 8, 8, 9, 8, 10, 12, 14 };
/* The low n bits set, n 0 to 31. */
static const uint32_t lowmask[32] = {
	0x0, 0x1, 0x3, 0x7, 0xF, 0x1F, 0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF,
	0x7FF, 0xFFF, 0x1FFF, 0x3FFF, 0x7FFF, 0xFFFF, 0x1FFFF, 0x3FFFF,
	0x7FFFF, 0xFFFFF, 0x1FFFFF, 0x3FFFFF, 0x7FFFFF, 0xFFFFFF, 0x1FFFFFF,
	0x3FFFFFF, 0x7FFFFFF, 0xFFFFFFF, 0x1FFFFFFF, 0x3FFFFFFF, 0x7FFFFFFF
};

/*
 * The sequence loop's own view of the backward bit stream, in registers:
 * left is how many of the 64 bits loaded at ptr are still unread (the
 * next at the top of those), so a value of n bits is one shift and one
 * mask, with no test for n = 0.  left below 0 is an overread; it happens
 * only at the stream's start, where no reload can undo it, so the loop
 * need only look at it when a sequence fails a check and at the end.
 * A sequence reloads first when its offset's and match length's extra
 * bits are more than left, and again before its literal length's when
 * those and the states' 26 are.  While ptr is 8 bytes or more past the
 * start every reload is whole (left 57 or more after it, enough for any
 * of those reads: at most 31 + 16, then 16 + 26), so there left is never
 * below 0 and the reload's first test need not look at it.
 */
#define SEQ_BITS(n, v) do {						\
	left -= (int)(n);						\
	(v) = (uint32_t)(bits >> (left & 63)) & z->mask[(n)];		\
} while (0)
#define SEQ_RELOAD() do {							\
	size_t nb_ = (size_t)(unsigned)(64 - left) >> 3;		\
	if (__builtin_expect(ptr >= limit, 1) ||			\
	    nb_ <= (size_t)(ptr - start)) {				\
		ptr -= nb_;						\
		left += 8 * (int)nb_;					\
		bits = le64(ptr);					\
	} else if (ptr > start) {	/* the last bytes */		\
		left += 8 * (int)(ptr - start);				\
		ptr = start;						\
		bits = le64(ptr);					\
	}								\
} while (0)

/*
 * The nseq sequences of bit stream b, each executed as it is decoded: ll
 * literals, then ml bytes from off back.  The fast path copies whole words
 * and may write up to WILD bytes past the sequence, so it runs only while
 * the output has that much room.  The three states index the tables in z
 * directly, the repeat offsets are three variables, and a value or state
 * is read with the bits of SEQ_BITS.
 */
static int
run_sequences(struct zstd *z, struct bitin *bp, unsigned nseq,
    const unsigned char *at)
{
	const struct seqent *le, *oe, *me;
	const unsigned char *lit = z->lit, *litend = z->litend;
	const unsigned char *frame = z->frame, *start = bp->start;
	const unsigned char *ptr = bp->ptr;
	const unsigned char *limit = bp->limit;
	unsigned char *op = z->op, *end = z->end, *m;
	uintptr_t wend = (uintptr_t)end - WILD;	/* room for word copies */
	uint64_t bits = bp->bits;
	uint32_t ll, ml, v, ex, r0 = z->rep[0], r1 = z->rep[1], r2 = z->rep[2];
	unsigned sl, so, sm, idx;
	size_t off, i;
	int left = 64 - (int)bp->used;

	SEQ_BITS(z->ll.al, sl);
	SEQ_BITS(z->of.al, so);
	SEQ_BITS(z->ml.al, sm);
	for (;;) {
		le = &z->lltab[sl];
		oe = &z->oftab[so];
		me = &z->mltab[sm];
		ex = oe->extra;
		if (left < (int)(ex + me->extra))	/* seldom */
			SEQ_RELOAD();
		SEQ_BITS(ex, v);
		v += oe->base;
		SEQ_BITS(me->extra, ml);
		ml += me->base;
		if (__builtin_expect(left < 26 + (int)le->extra, 0))
			SEQ_RELOAD();
		SEQ_BITS(le->extra, ll);
		ll += le->base;

		/* The offset, and the repeat offsets after it: codes 2 and
		 * up are new offsets (value - 3); the values 1 to 3 of codes
		 * 0 and 1 name a repeat offset, one further on when ll is
		 * 0 (the fourth, rep[0] - 1, is 0 when rep[0] is 1: caught
		 * below). */
		if (ex > 1) {
			r2 = r1;
			r1 = r0;
			r0 = v - 3;
		} else if ((idx = v - 1 + (ll == 0)) == 0) {
			/* the first again, the common case: nothing moves */
		} else if (idx == 1) {
			v = r1;
			r1 = r0;
			r0 = v;
		} else {
			v = idx == 2 ? r2 : r0 - 1;
			r2 = r1;
			r1 = r0;
			r0 = v;
		}
		off = r0;

		/* The tests below as addresses: each sum is also what the
		 * copies need. */
		if (__builtin_expect((uintptr_t)lit + ll > (uintptr_t)litend ||
		    off - 1 >= (uintptr_t)op + ll - (uintptr_t)frame ||
		    (uintptr_t)op + ll + ml > wend, 0)) {
			/* Past the stream's start the values are garbage:
			 * say so rather than what they break. */
			if (left < 0)
				return fail(z, at, "sequence bit stream "
				    "overread");
			if (ll > (size_t)(litend - lit))
				return fail(z, at, "literal length %u beyond "
				    "the %zu literals left", ll,
				    (size_t)(litend - lit));
			if (off - 1 >= (size_t)(op - frame) + ll) {
				if (off == 0)
					return fail(z, at, "repeat offset of "
					    "0");
				return fail(z, at, "offset %zu beyond the %zu "
				    "bytes of output", off,
				    (size_t)(op - frame) + ll);
			}
			if (ll + ml > (size_t)(end - op))
				return fail(z, at, "output larger than %zu "
				    "bytes", (size_t)(end - z->dst));
			memcpy(op, lit, ll);
			op += ll;
			lit += ll;
			m = op - off;
			for (i = 0; i < ml; i++)
				op[i] = m[i];
			op += ml;
		} else {
			copy16(op, lit);
			for (i = 16; i < ll; i += 16)
				copy16(op + i, lit + i);
			op += ll;
			lit += ll;
			m = op - off;
			if (off >= 16) {
				copy16(op, m);
				for (i = 16; i < ml; i += 32) {
					copy16(op + i, m + i);
					copy16(op + i + 16, m + i + 16);
				}
			} else if (off >= 8) {
				memcpy(op, m, 8);
				memcpy(op + 8, m + 8, 8);
				for (i = 16; i < ml; i += 8)
					memcpy(op + i, m + i, 8);
			} else {
				/* The first 8 bytes one by one; after them
				 * the pattern repeats at a distance of 8 or
				 * more. */
				for (i = 0; i < 8; i++)
					op[i] = m[i];
				off = spread[off];
				for (; i < ml; i += 8)
					memcpy(op + i, op + i - off, 8);
			}
			op += ml;
		}
		if (--nseq == 0)
			break;
		/* The state updates, LL ML OF. */
		SEQ_BITS(le->nbits, v);
		sl = le->next + v;
		SEQ_BITS(me->nbits, v);
		sm = me->next + v;
		SEQ_BITS(oe->nbits, v);
		so = oe->next + v;
	}
	SEQ_RELOAD();
	if (left < 0)
		return fail(z, at, "sequence bit stream overread");
	if (ptr != start || left != 0)
		return fail(z, at, "sequence bit stream does not end at its "
		    "last bit");
	z->rep[0] = r0;
	z->rep[1] = r1;
	z->rep[2] = r2;
	z->op = op;
	z->lit = lit;
	return 0;
}

static int
sequences(struct zstd *z, const unsigned char *p, size_t len)
{
	const unsigned char *at = p, *end = p + len;
	unsigned nseq, modes;
	struct bitin b;
	int k;

	if (len < 1)
		return fail(z, p, "truncated sequences header");
	if (p[0] < 128) {
		nseq = p[0];
		p++;
	} else if (p[0] < 255) {
		if (len < 2)
			return fail(z, p, "truncated sequences header");
		nseq = (p[0] - 128) << 8 | p[1];
		p += 2;
	} else {
		if (len < 3)
			return fail(z, p, "truncated sequences header");
		nseq = (p[1] | p[2] << 8) + 0x7F00;
		p += 3;
	}
	if (nseq == 0) {
		if (p != end)
			return fail(z, p, "%zu bytes after no sequences",
			    (size_t)(end - p));
		goto rest;
	}
	if (p >= end)
		return fail(z, p, "truncated sequences header");
	modes = *p++;
	if (modes & 3)
		return fail(z, p - 1, "reserved bits set in the sequence "
		    "compression modes");
	if ((k = seq_table(z, &z->ll, modes >> 6, p, end - p, "literal "
	    "lengths", ll_default, LL_MAXSYM + 1, 6, LL_MAXSYM, LL_MAXAL,
	    ll_base, ll_extra)) < 0)
		return -1;
	p += k;
	if ((k = seq_table(z, &z->of, modes >> 4 & 3, p, end - p,
	    "offsets", of_default, 29, 5, OF_MAXSYM, OF_MAXAL, of_base,
	    of_extra)) < 0)
		return -1;
	p += k;
	if ((k = seq_table(z, &z->ml, modes >> 2 & 3, p, end - p, "match "
	    "lengths", ml_default, ML_MAXSYM + 1, 6, ML_MAXSYM, ML_MAXAL,
	    ml_base, ml_extra)) < 0)
		return -1;
	p += k;
	if (bitin_init(&b, p, end - p) != 0)
		return fail(z, p, "sequence bit stream without end mark");
	if (run_sequences(z, &b, nseq, at) != 0)
		return -1;
rest:
	k = z->litend - z->lit;
	if ((size_t)k > (size_t)(z->end - z->op))
		return fail(z, at, "output larger than %zu bytes",
		    (size_t)(z->end - z->dst));
	memcpy(z->op, z->lit, k);
	z->op += k;
	return 0;
}

/* A compressed block p[0..len). */
static int
compressed(struct zstd *z, const unsigned char *p, size_t len)
{
	unsigned char *start = z->op;
	int k;

	if (len < 1)
		return fail(z, p, "empty compressed block");
	if ((k = literals(z, p, len)) < 0)
		return -1;
	if (sequences(z, p + k, len - k) != 0)
		return -1;
	if ((size_t)(z->op - start) > z->blockmax)
		return fail(z, p, "block decompresses to %zu bytes, above "
		    "the maximum %zu", (size_t)(z->op - start), z->blockmax);
	return 0;
}

/* The frame at p (its magic already read): returns its end, or NULL. */
static const unsigned char *
frame(struct zstd *z, const unsigned char *p)
{
	const unsigned char *end = z->src + z->n, *hdr = p;
	unsigned fhd, fcsflag, single, didflag, last, type;
	size_t hlen, left, bsize;
	uint64_t window = 0, fcs = 0, did = 0;
	uint32_t bh, sum;
	struct xxh x;
	int hasfcs;
	size_t i;

	if (end - p < 5)
		return fail(z, p, "truncated frame header"), NULL;
	fhd = p[4];
	fcsflag = fhd >> 6;
	single = fhd >> 5 & 1;
	didflag = fhd & 3;
	if (fhd & 8)
		return fail(z, p + 4, "reserved bit set in the frame header"),
		    NULL;
	hlen = 5 + !single + (didflag == 3 ? 4 : didflag) +
	    (fcsflag == 0 ? single : 1u << fcsflag);
	if ((size_t)(end - p) < hlen)
		return fail(z, p, "truncated frame header"), NULL;
	p += 5;
	if (!single) {
		unsigned e = *p >> 3, m = *p & 7;

		window = (uint64_t)1 << (10 + e);
		window += window / 8 * m;
		p++;
	}
	for (i = 0; i < (didflag == 3 ? 4u : didflag); i++)
		did |= (uint64_t)*p++ << 8 * i;
	hasfcs = fcsflag != 0 || single;
	for (i = 0; i < (fcsflag == 0 ? single : 1u << fcsflag); i++)
		fcs |= (uint64_t)*p++ << 8 * i;
	if (fcsflag == 1)
		fcs += 256;
	if (did != 0)
		return fail(z, hdr, "frame needs dictionary %llu",
		    (unsigned long long)did), NULL;
	left = z->end - z->op;
	if (hasfcs && fcs > left)
		return fail(z, hdr, "frame content size %llu above the %zu "
		    "bytes left in the output", (unsigned long long)fcs,
		    left), NULL;
	if (single)
		window = fcs;
	z->blockmax = window < BLOCK_MAX ? (size_t)window : BLOCK_MAX;
	z->frame = z->op;
	z->rep[0] = 1;
	z->rep[1] = 4;
	z->rep[2] = 8;
	z->huf_ok = z->ll.ok = z->of.ok = z->ml.ok = 0;
	xxh_init(&x, z->op);
	do {
		if (end - p < 3)
			return fail(z, p, "truncated block header"), NULL;
		bh = p[0] | p[1] << 8 | (uint32_t)p[2] << 16;
		last = bh & 1;
		type = bh >> 1 & 3;
		bsize = bh >> 3;
		p += 3;
		if (type == 3)
			return fail(z, p - 3, "reserved block type"), NULL;
		if (bsize > z->blockmax)
			return fail(z, p - 3, "block size %zu above the "
			    "maximum %zu", bsize, z->blockmax), NULL;
		left = z->end - z->op;
		if (type == 1) {
			if (end - p < 1)
				return fail(z, p, "truncated block"), NULL;
			if (bsize > left)
				return fail(z, p - 3, "output larger than %zu "
				    "bytes", (size_t)(z->end - z->dst)), NULL;
			memset(z->op, *p, bsize);
			z->op += bsize;
			p++;
			if (fhd & 4)
				xxh_update(&x, z->op);
			continue;
		}
		if ((size_t)(end - p) < bsize)
			return fail(z, p, "truncated block"), NULL;
		if (type == 0) {
			if (bsize > left)
				return fail(z, p - 3, "output larger than %zu "
				    "bytes", (size_t)(z->end - z->dst)), NULL;
			memcpy(z->op, p, bsize);
			z->op += bsize;
		} else if (compressed(z, p, bsize) != 0)
			return NULL;
		p += bsize;
		if (fhd & 4)
			xxh_update(&x, z->op);
	} while (!last);
	if (hasfcs && fcs != (uint64_t)(z->op - z->frame))
		return fail(z, hdr, "frame content size %llu, decoded %zu",
		    (unsigned long long)fcs, (size_t)(z->op - z->frame)), NULL;
	if (fhd & 4) {
		if (end - p < 4)
			return fail(z, p, "truncated content checksum"), NULL;
		sum = (uint32_t)xxh_final(&x, z->op);
		if (sum != le32(p))
			return fail(z, p, "content checksum %08x, computed "
			    "%08x", le32(p), sum), NULL;
		p += 4;
	}
	return p;
}

int
zstd_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen)
{
	struct zstd z;
	const unsigned char *p = src, *end = src + n;
	uint32_t magic, skip;

	z.src = src;
	z.n = n;
	z.dst = z.op = z.frame = dst;
	z.end = dst + cap;
	z.err = err;
	z.errlen = errlen;
	z.ll.e = z.lltab;
	z.of.e = z.oftab;
	z.ml.e = z.mltab;
	z.ll.held = z.of.held = z.ml.held = HELD_NONE;
	memcpy(z.mask, lowmask, sizeof z.mask);
	/* Word copies read up to WILD bytes past the literals. */
	memset(z.litbuf + BLOCK_MAX, 0, WILD);
	*outlen = 0;
	if (n == 0)
		return fail(&z, p, "empty input");
	while (p < end) {
		if (end - p < 4)
			return fail(&z, p, "truncated magic number");
		magic = le32(p);
		if ((magic & ~15u) == SKIP_MAGIC) {
			if (end - p < 8)
				return fail(&z, p, "truncated skippable frame");
			skip = le32(p + 4);
			if ((size_t)(end - p) - 8 < skip)
				return fail(&z, p, "skippable frame of %u "
				    "bytes, %zu left", skip,
				    (size_t)(end - p) - 8);
			p += 8 + (size_t)skip;
			continue;
		}
		if (magic != ZSTD_MAGIC)
			return fail(&z, p, "bad magic number %08x", magic);
		if (!(p = frame(&z, p)))
			return -1;
	}
	*outlen = z.op - dst;
	return 0;
}
