/*
 * gzip: Parquet's GZIP page codec, one page into a buffer of its stated
 * size (codec.h).
 *
 * The page is one or more RFC 1952 gzip members one after the other; the
 * Parquet format names that format (not zlib, not raw deflate) and asks
 * readers to take pages of several members.  A member is
 *   10 bytes  1f 8b, CM (8, deflate), FLG, MTIME (4), XFL, OS;
 *   FLG bits  FTEXT (1, a hint, ignored), FHCRC (2), FEXTRA (4), FNAME (8),
 *             FCOMMENT (16); bits 5 to 7 are reserved and must be zero;
 *   FEXTRA    XLEN (2, little-endian) and XLEN bytes, passed over;
 *   FNAME, FCOMMENT  NUL-terminated strings, passed over;
 *   FHCRC     the low 16 bits of the CRC-32 of the header bytes before it;
 *   then the deflate data, then CRC-32 (4) of the member's output and ISIZE
 *   (4), its size mod 2^32, both little-endian.
 * Each member starts a new deflate stream: its distances reach back into
 * its own output only.  Nothing may follow the last member.
 *
 * A member may also be an RFC 1950 zlib stream: 2 header bytes (CM 8,
 * CINFO at most 7, a multiple of 31 together, no preset dictionary), the
 * deflate data, and the Adler-32 of the output (4, big-endian).  That is
 * not the format Parquet names, but the reference C++ reader asks zlib to
 * detect either header, so a page a writer wrote as zlib reads there, and
 * reads here too.  The two headers cannot be confused: a zlib stream's
 * first byte ends in the nibble 8, a gzip member's is 1f.
 *
 * RFC 1951 deflate: blocks, each with a 3-bit header (BFINAL, then BTYPE)
 * read from the least significant bit of each byte up.  Huffman codes are
 * packed starting with their most significant bit, every other field
 * starting with its least.  BTYPE 0 is stored (to the byte boundary, LEN,
 * ~LEN, LEN bytes), 1 the fixed codes, 2 dynamic codes (HLIT, HDIST,
 * HCLEN, the code-length code's lengths in a fixed order, then the
 * literal/length and distance lengths in one run-length coded sequence),
 * 3 an error.  Literal/length symbols 0-255 are bytes, 256 ends the block,
 * 257-285 are lengths 3-258 with 0-5 extra bits, 286-287 never occur;
 * distance symbols 0-29 are distances 1-32768 with 0-13 extra bits, 30-31
 * never occur.
 *
 * Code lengths are checked as zlib checks them: an over-subscribed set is
 * an error, and so is an incomplete one, except a literal/length or
 * distance code of a single one-bit code (a stream that needs one
 * distance has one) or of no codes at all (a block of literals needs no
 * distances; a literal/length code without 256 is an error anyway).
 *
 * Decoding is table-driven: a first-level table indexed by the next ROOT
 * bits gives a symbol and its length, or points to a second-level table
 * for the longer codes.  Bits come from a 64-bit buffer refilled a word at
 * a time while eight or more input bytes remain, a byte at a time (and
 * then with zeros, counted, so that reading past the end is found) near
 * the end.  The output buffer is the window: the whole page is in memory,
 * so nothing is allocated.  While enough output room and input remain, a
 * fast loop copies matches a word at a time, writing up to 31 bytes past a
 * match's end (inside dst, and overwritten later or never part of the
 * output); near either end a careful loop checks every byte.
 *
 * "at byte N" names the byte of src that holds the last bit read of what
 * was wrong (the first byte of a header field, the byte where a bad code
 * ends); an input that ends too soon is reported at its end.
 *
 * The CRC-32 tables and the fixed codes' tables are built on the first
 * call: not safe for two threads' first calls at once.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "codec/codec.h"

/* First-level table sizes, in bits. */
#define LIT_ROOT	10
#define DIST_ROOT	8
/*
 * Table sizes.  A second-level table for the codes under one root prefix
 * is 2^d entries, d its depth below the root; that subtree is complete
 * (only complete codes have second-level tables), so it holds at least
 * d + 1 codes.  2^d / (d + 1) is largest at the greatest d, 15 - ROOT:
 * 32/6 for literal/lengths (286 codes at most), 128/8 for distances (30
 * codes), so second-level tables take at most 286 * 32/6 < 1536 and
 * 30 * 16 = 480 < 512 entries.
 */
#define LIT_TABSZ	((1 << LIT_ROOT) + 1536)
#define DIST_TABSZ	((1 << DIST_ROOT) + 512)
#define CLEN_ROOT	7	/* the code-length code's lengths are 0-7 */

/*
 * A table entry: bits 0-7 the number of bits the code takes (the whole
 * code, also in a second-level entry); 8-11 the extra bits that follow a
 * length or distance code, or a second-level table's size in bits; 12-15
 * flags; 16-31 the literal, the length or distance base, the code-length
 * symbol, or where the second-level table starts.
 */
#define F_BAD	0x1000	/* a symbol that never occurs, or no code */
#define F_EOB	0x2000	/* end of block */
#define F_SUB	0x4000	/* points to a second-level table */
#define F_LIT	0x8000	/* a literal byte */

#define MAXBITS		15
#define NLITLEN		288
#define NDIST		32
#define NCLEN		19

/* Room the fast loop needs: a longest match and a 32-byte overshoot. */
#define FAST_OUT	(258 + 32)
#define FAST_IN		8

static const uint16_t len_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
};
static const uint8_t len_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
};
static const uint16_t dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
	8193, 12289, 16385, 24577
};
static const uint8_t dist_extra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
};
/* The order in which the code-length code's lengths come. */
static const uint8_t clen_order[NCLEN] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

enum code { LITLEN, DIST, CLEN };

struct inflate {
	const unsigned char *src, *p, *end;
	unsigned char *dst, *out, *outend;
	unsigned char *start;	/* the current member's output */
	uint64_t bitbuf;	/* bits not yet used, the next at bit 0 */
	unsigned bitcnt;	/* how many, counting the zeros past the end */
	unsigned overrun;	/* zero bytes added past the end of src */
	char *err;
	size_t errlen;
};

static uint32_t crc_table[8][256];
static uint32_t fixed_lit[LIT_TABSZ], fixed_dist[DIST_TABSZ];
static int tables_ready;

static int fail(struct inflate *, size_t, const char *, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int
fail(struct inflate *z, size_t at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	codec_vfail(z->err, z->errlen, "gzip", at, fmt, ap);
	va_end(ap);
	return -1;
}

static int
truncated(struct inflate *z, const char *where)
{
	return fail(z, (size_t)(z->end - z->src), "input ends inside %s",
	    where);
}

static inline uint64_t
load64le(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
#else
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	    (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	    (uint64_t)p[7] << 56;
#endif
}

static inline uint32_t
load32le(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* ---- checksums ---- */

/*
 * CRC-32 as gzip uses it: the reflected polynomial 0xedb88320 (the first
 * byte's bit 0 the highest power), the register starting at and finished
 * with all ones.  The register's four bytes are the first four message
 * bytes' worth: starting from c is the same as XORing c into them and
 * starting from zero.
 *
 * Tables: eight bytes a step (slicing by 8), table k giving the CRC of a
 * byte followed by k zero bytes.
 */
static void
crc_init(void)
{
	uint32_t c;
	unsigned i, k;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320U ^ (c >> 1) : c >> 1;
		crc_table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			crc_table[k][i] = crc_table[0][crc_table[k - 1][i] &
			    0xff] ^ crc_table[k - 1][i] >> 8;
}

/* The register after n more bytes, by the tables. */
static uint32_t
crc_tables(uint32_t c, const unsigned char *p, size_t n)
{
	uint32_t a, b;

	for (; n >= 8; n -= 8, p += 8) {
		a = load32le(p) ^ c;
		b = load32le(p + 4);
		c = crc_table[7][a & 0xff] ^ crc_table[6][a >> 8 & 0xff] ^
		    crc_table[5][a >> 16 & 0xff] ^ crc_table[4][a >> 24] ^
		    crc_table[3][b & 0xff] ^ crc_table[2][b >> 8 & 0xff] ^
		    crc_table[1][b >> 16 & 0xff] ^ crc_table[0][b >> 24];
	}
	while (n--)
		c = crc_table[0][(c ^ *p++) & 0xff] ^ c >> 8;
	return c;
}

#if defined(__x86_64__) && defined(__GNUC__) && defined(__SSE2__)
/*
 * Folding with carry-less multiplication (x86 PCLMULQDQ), when the CPU
 * has it.  16 message bytes S followed by D bits more are, mod P, the
 * same as S * x^D mod P XORed into the 16 bytes D bits on: with S = H
 * x^64 + L (H the first 8 bytes), that is H (x^(D+64) mod P) + L (x^D mod
 * P), two 64 x 32-bit products of fewer than 128 bits.  Reflected, a
 * product comes out one bit short (bit k of it is the power 126 - k, of a
 * 128-bit value 127 - k), so the constants are one power less.  Four
 * 16-byte lanes 64 bytes apart are folded at a time, then into each other
 * and 16 bytes at a time; the last 16 bytes and the tail go through the
 * tables from a zero register.
 */
#include <immintrin.h>
#define CRC_FOLD 1

static uint64_t fold512[2], fold128[2];
static int have_clmul;

/* x^n mod P, reflected into the top 32 bits of a 64-bit lane. */
static uint64_t
xpow_reflected(unsigned n)
{
	uint64_t r = 1, k = 0;
	unsigned d;

	while (n--) {
		r <<= 1;
		if (r & 0x100000000ULL)
			r ^= 0x104c11db7ULL;
	}
	for (d = 0; d < 32; d++)
		if (r >> d & 1)
			k |= 1ULL << (63 - d);
	return k;
}

static void
fold_init(void)
{
	__builtin_cpu_init();
	have_clmul = __builtin_cpu_supports("pclmul");
	fold512[0] = xpow_reflected(512 + 64 - 1);
	fold512[1] = xpow_reflected(512 - 1);
	fold128[0] = xpow_reflected(128 + 64 - 1);
	fold128[1] = xpow_reflected(128 - 1);
}

__attribute__((target("pclmul"))) static inline __m128i
fold(__m128i s, __m128i k)
{
	return _mm_xor_si128(_mm_clmulepi64_si128(s, k, 0x00),
	    _mm_clmulepi64_si128(s, k, 0x11));
}

#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

/* The register after n (64 or more) bytes. */
__attribute__((target("pclmul"))) static uint32_t
crc_fold(uint32_t c, const unsigned char *p, size_t n)
{
	__m128i s0, s1, s2, s3, k;
	unsigned char last[16];

	s0 = _mm_xor_si128(LOAD(p), _mm_cvtsi32_si128((int)c));
	s1 = LOAD(p + 16);
	s2 = LOAD(p + 32);
	s3 = LOAD(p + 48);
	p += 64;
	n -= 64;
	k = _mm_set_epi64x((long long)fold512[1], (long long)fold512[0]);
	for (; n >= 64; n -= 64, p += 64) {
		s0 = _mm_xor_si128(fold(s0, k), LOAD(p));
		s1 = _mm_xor_si128(fold(s1, k), LOAD(p + 16));
		s2 = _mm_xor_si128(fold(s2, k), LOAD(p + 32));
		s3 = _mm_xor_si128(fold(s3, k), LOAD(p + 48));
	}
	k = _mm_set_epi64x((long long)fold128[1], (long long)fold128[0]);
	s1 = _mm_xor_si128(fold(s0, k), s1);
	s2 = _mm_xor_si128(fold(s1, k), s2);
	s3 = _mm_xor_si128(fold(s2, k), s3);
	for (; n >= 16; n -= 16, p += 16)
		s3 = _mm_xor_si128(fold(s3, k), LOAD(p));
	_mm_storeu_si128((__m128i *)(void *)last, s3);
	return crc_tables(crc_tables(0, last, 16), p, n);
}
#endif

static uint32_t
crc32(uint32_t crc, const unsigned char *p, size_t n)
{
#ifdef CRC_FOLD
	if (have_clmul && n >= 64)
		return ~crc_fold(~crc, p, n);
#endif
	return ~crc_tables(~crc, p, n);
}

/*
 * Adler-32 (RFC 1950): two sums mod 65521, the first of the bytes plus
 * one, the second of the first after each byte.  5552 bytes is the most
 * that can be summed before the second overflows 32 bits.
 */
static uint32_t
adler32(const unsigned char *p, size_t n)
{
	uint32_t a = 1, b = 0;
	size_t k;

	while (n > 0) {
		k = n < 5552 ? n : 5552;
		n -= k;
		while (k--) {
			a += *p++;
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return b << 16 | a;
}

/* ---- Huffman tables ---- */

/* The table entry of symbol s of a code, its length not yet in. */
static uint32_t
entry_of(enum code kind, unsigned s)
{
	switch (kind) {
	case LITLEN:
		if (s < 256)
			return F_LIT | (uint32_t)s << 16;
		if (s == 256)
			return F_EOB;
		if (s < 286)
			return (uint32_t)len_base[s - 257] << 16 |
			    (uint32_t)len_extra[s - 257] << 8;
		return F_BAD;
	case DIST:
		if (s < 30)
			return (uint32_t)dist_base[s] << 16 |
			    (uint32_t)dist_extra[s] << 8;
		return F_BAD;
	default:
		return (uint32_t)s << 16;
	}
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

enum { BUILD_OK, BUILD_OVER, BUILD_INCOMPLETE };

/*
 * The decoding table of the canonical code with lengths lens[0..n) (RFC
 * 1951 3.2.2: shorter codes first, within a length in symbol order).
 * Over-subscribed sets are refused, and incomplete ones but for the
 * exceptions in the top comment; the empty and the one-bit code leave
 * entries with no code, marked F_BAD and one bit long.
 */
static int
build(uint32_t *table, size_t tabsz, unsigned root, const uint8_t *lens,
    unsigned n, enum code kind)
{
	unsigned count[MAXBITS + 1], next[MAXBITS + 1];
	uint16_t code[NLITLEN];
	uint8_t depth[1 << LIT_ROOT];
	unsigned s, len, i, step, pfx, maxlen = 0, used;
	long left;
	uint32_t e;

	memset(count, 0, sizeof count);
	for (s = 0; s < n; s++)
		count[lens[s]]++;
	left = 1;
	for (len = 1; len <= MAXBITS; len++) {
		left = 2 * left - count[len];
		if (left < 0)
			return BUILD_OVER;
		if (count[len])
			maxlen = len;
	}
	if (left > 0 && (kind == CLEN || maxlen > 1))
		return BUILD_INCOMPLETE;
	if (left > 0)
		for (i = 0; i < (1U << root); i++)
			table[i] = F_BAD | 1;

	next[1] = 0;
	for (len = 2; len <= MAXBITS; len++)
		next[len] = (next[len - 1] + count[len - 1]) << 1;
	for (s = 0; s < n; s++)
		if (lens[s])
			code[s] = reverse(next[lens[s]]++, lens[s]);

	/* Second-level tables: the depth of each root prefix's subtree. */
	if (maxlen > root) {
		memset(depth, 0, (size_t)1 << root);
		for (s = 0; s < n; s++)
			if (lens[s] > root) {
				pfx = code[s] & ((1U << root) - 1);
				if (lens[s] - root > depth[pfx])
					depth[pfx] = lens[s] - root;
			}
		used = 1U << root;
		for (pfx = 0; pfx < (1U << root); pfx++)
			if (depth[pfx]) {
				if (used + (1U << depth[pfx]) > tabsz)
					return BUILD_OVER; /* cannot happen */
				table[pfx] = F_SUB | (uint32_t)used << 16 |
				    (uint32_t)depth[pfx] << 8;
				used += 1U << depth[pfx];
			}
	}

	for (s = 0; s < n; s++) {
		if ((len = lens[s]) == 0)
			continue;
		e = entry_of(kind, s) | len;
		if (len <= root) {
			for (i = code[s]; i < (1U << root); i += 1U << len)
				table[i] = e;
		} else {
			pfx = code[s] & ((1U << root) - 1);
			step = 1U << (len - root);
			for (i = code[s] >> root; i < (1U << depth[pfx]);
			    i += step)
				table[(table[pfx] >> 16) + i] = e;
		}
	}
	return BUILD_OK;
}

/* The entry for the code at the bottom of bits. */
static inline uint32_t
lookup(const uint32_t *table, unsigned root, uint64_t bits)
{
	uint32_t e = table[bits & ((1U << root) - 1)];

	if (e & F_SUB)
		e = table[(e >> 16) + ((bits >> root) &
		    ((1U << (e >> 8 & 15)) - 1))];
	return e;
}

static void
fixed_init(void)
{
	uint8_t lens[NLITLEN];
	unsigned s;

	for (s = 0; s < 144; s++)
		lens[s] = 8;
	for (; s < 256; s++)
		lens[s] = 9;
	for (; s < 280; s++)
		lens[s] = 7;
	for (; s < NLITLEN; s++)
		lens[s] = 8;
	build(fixed_lit, LIT_TABSZ, LIT_ROOT, lens, NLITLEN, LITLEN);
	memset(lens, 5, NDIST);
	build(fixed_dist, DIST_TABSZ, DIST_ROOT, lens, NDIST, DIST);
}

/* ---- bits ---- */

/* src bytes fully read, for messages: where the last bit read lies. */
static size_t
lastbyte(const struct inflate *z)
{
	size_t bits = 8 * ((size_t)(z->p - z->src) + z->overrun) -
	    z->bitcnt;

	return bits ? (bits - 1) / 8 : 0;
}

/* At least 56 bits in the buffer, zeros past the end of src. */
static inline void
refill(struct inflate *z)
{
	if ((size_t)(z->end - z->p) >= 8) {
		z->bitbuf |= load64le(z->p) << z->bitcnt;
		z->p += (63 - z->bitcnt) >> 3;
		z->bitcnt |= 56;
		return;
	}
	while (z->bitcnt < 56) {
		if (z->p < z->end)
			z->bitbuf |= (uint64_t)*z->p++ << z->bitcnt;
		else
			z->overrun++;
		z->bitcnt += 8;
	}
}

/* Drops n bits; -1 if they were not all in src. */
static inline int
consume(struct inflate *z, unsigned n)
{
	z->bitbuf >>= n;
	z->bitcnt -= n;
	return z->bitcnt < 8 * z->overrun ? -1 : 0;
}

/* The next n (at most 32) bits as a number, or -1 past the end. */
static long
getbits(struct inflate *z, unsigned n)
{
	long v;

	if (z->bitcnt < n)
		refill(z);
	v = (long)(z->bitbuf & (((uint64_t)1 << n) - 1));
	if (consume(z, n) != 0)
		return -1;
	return v;
}

/* Drops the bits up to the next byte boundary and hands the whole bytes
 * still in the buffer back to src, so that bytes can be read from z->p. */
static int
align(struct inflate *z, const char *where)
{
	unsigned held;

	z->bitcnt -= z->bitcnt & 7;
	held = z->bitcnt / 8;
	if (held < z->overrun)
		return truncated(z, where);
	z->p -= held - z->overrun;
	z->bitbuf = 0;
	z->bitcnt = 0;
	z->overrun = 0;
	return 0;
}

/* ---- blocks ---- */

/*
 * Copies a match of len bytes from dist back (dist at most what was
 * written, dist and len at least 1), writing up to 31 bytes past its end.
 */
static inline void
copy_fast(unsigned char *out, size_t dist, size_t len)
{
	unsigned char *stop = out + len;
	const unsigned char *from = out - dist;
	uint64_t v;
	size_t period, head;

	if (dist >= 32) {
		do {
			memcpy(out, from, 16);
			memcpy(out + 16, from + 16, 16);
			out += 32;
			from += 32;
		} while (out < stop);
	} else if (dist >= 16) {
		do {
			memcpy(out, from, 16);
			out += 16;
			from += 16;
		} while (out < stop);
	} else if (dist >= 8) {
		do {
			memcpy(out, from, 8);
			out += 8;
			from += 8;
		} while (out < stop);
	} else if (dist == 1) {
		v = 0x0101010101010101ULL * *from;
		do {
			memcpy(out, &v, 8);
			out += 8;
		} while (out < stop);
	} else {
		/*
		 * A period under 8: out[i] == out[i - period] once the first
		 * period - dist bytes are there, period the least multiple of
		 * dist that is 8 or more; from then on, words.
		 */
		period = dist * ((8 + dist - 1) / dist);
		head = period - dist;
		while (head-- > 0)
			*out++ = *from++;
		from = out - period;
		while (out < stop) {
			memcpy(out, from, 8);
			out += 8;
			from += 8;
		}
	}
}

/*
 * Decodes symbols while FAST_IN bytes of input and FAST_OUT bytes of
 * output room remain: 1 at the end of the block, 0 when the room ran out,
 * -1 on an error.  A refill leaves 56 bits or more, and a length, its
 * extra bits, a distance and its extra bits take 15 + 5 + 15 + 13 = 48.
 */
static int
fast_codes(struct inflate *z, const uint32_t *lit, const uint32_t *dist)
{
	const unsigned char *p = z->p, *end = z->end;
	unsigned char *out = z->out, *outend = z->outend, *start = z->start;
	uint64_t bb = z->bitbuf;
	unsigned bc = z->bitcnt, n, x;
	uint32_t e;
	size_t len = 0, d;	/* set before each use; gcc -O1 cannot tell */
	int r = 0;

	while ((size_t)(end - p) >= FAST_IN &&
	    (size_t)(outend - out) >= FAST_OUT) {
		bb |= load64le(p) << bc;
		p += (63 - bc) >> 3;
		bc |= 56;
		e = lookup(lit, LIT_ROOT, bb);
		n = e & 0xff;
		if (e & F_LIT) {
			bb >>= n;
			bc -= n;
			*out++ = (unsigned char)(e >> 16);
			/* 41 bits or more left: room for another literal. */
			e = lookup(lit, LIT_ROOT, bb);
			if (e & F_LIT) {
				n = e & 0xff;
				bb >>= n;
				bc -= n;
				*out++ = (unsigned char)(e >> 16);
			}
			continue;
		}
		if (e & (F_EOB | F_BAD)) {
			bb >>= n;
			bc -= n;
			r = e & F_EOB ? 1 : -1;
			break;
		}
		x = e >> 8 & 15;
		len = (e >> 16) + ((bb >> n) & ((1U << x) - 1));
		bb >>= n + x;
		bc -= n + x;
		e = lookup(dist, DIST_ROOT, bb);
		n = e & 0xff;
		bb >>= n;
		bc -= n;
		if (e & F_BAD) {
			r = -2;
			break;
		}
		x = e >> 8 & 15;
		d = (e >> 16) + (bb & ((1U << x) - 1));
		bb >>= x;
		bc -= x;
		if (d > (size_t)(out - start)) {
			r = -3;
			len = d;
			break;
		}
		copy_fast(out, d, len);
		out += len;
	}
	z->p = p;
	z->out = out;
	z->bitbuf = bb;
	z->bitcnt = bc;
	if (r == -1)
		return fail(z, lastbyte(z), "invalid literal/length code");
	if (r == -2)
		return fail(z, lastbyte(z), "invalid distance code");
	if (r == -3)
		return fail(z, lastbyte(z), "distance %zu reaches before the "
		    "start of the output (%zu bytes written)", len,
		    (size_t)(out - z->start));
	return r;
}

/* The rest of a block, every bit and byte checked. */
static int
careful_codes(struct inflate *z, const uint32_t *lit, const uint32_t *dist)
{
	const char *where = "the deflate data";
	uint32_t e;
	unsigned n, x;
	size_t len, d, i;
	unsigned char *from;

	for (;;) {
		refill(z);
		e = lookup(lit, LIT_ROOT, z->bitbuf);
		n = e & 0xff;
		if (consume(z, n) != 0)
			return truncated(z, where);
		if (e & F_LIT) {
			if (z->out == z->outend)
				return fail(z, lastbyte(z), "output exceeds "
				    "the stated size of %zu bytes",
				    (size_t)(z->outend - z->dst));
			*z->out++ = (unsigned char)(e >> 16);
			continue;
		}
		if (e & F_EOB)
			return 0;
		if (e & F_BAD)
			return fail(z, lastbyte(z),
			    "invalid literal/length code");
		x = e >> 8 & 15;
		len = (e >> 16) + (z->bitbuf & ((1U << x) - 1));
		if (consume(z, x) != 0)
			return truncated(z, where);
		e = lookup(dist, DIST_ROOT, z->bitbuf);
		if (consume(z, e & 0xff) != 0)
			return truncated(z, where);
		if (e & F_BAD)
			return fail(z, lastbyte(z), "invalid distance code");
		x = e >> 8 & 15;
		d = (e >> 16) + (z->bitbuf & ((1U << x) - 1));
		if (consume(z, x) != 0)
			return truncated(z, where);
		if (d > (size_t)(z->out - z->start))
			return fail(z, lastbyte(z), "distance %zu reaches "
			    "before the start of the output (%zu bytes "
			    "written)", d, (size_t)(z->out - z->start));
		if (len > (size_t)(z->outend - z->out))
			return fail(z, lastbyte(z), "output exceeds the "
			    "stated size of %zu bytes",
			    (size_t)(z->outend - z->dst));
		from = z->out - d;
		for (i = 0; i < len; i++)
			z->out[i] = from[i];
		z->out += len;
	}
}

static int
codes(struct inflate *z, const uint32_t *lit, const uint32_t *dist)
{
	int r = fast_codes(z, lit, dist);

	if (r != 0)
		return r < 0 ? -1 : 0;
	return careful_codes(z, lit, dist);
}

static int
stored(struct inflate *z)
{
	const char *where = "a stored block";
	size_t at, len, nlen;

	if (align(z, where) != 0)
		return -1;
	at = (size_t)(z->p - z->src);
	if (z->end - z->p < 4)
		return truncated(z, where);
	len = (size_t)z->p[0] | (size_t)z->p[1] << 8;
	nlen = (size_t)z->p[2] | (size_t)z->p[3] << 8;
	if (len != (~nlen & 0xffff))
		return fail(z, at, "stored block length %zu does not match "
		    "its complement 0x%04zx", len, nlen);
	z->p += 4;
	if ((size_t)(z->end - z->p) < len)
		return truncated(z, where);
	if (len > (size_t)(z->outend - z->out))
		return fail(z, at, "output exceeds the stated size of %zu "
		    "bytes", (size_t)(z->outend - z->dst));
	memcpy(z->out, z->p, len);
	z->out += len;
	z->p += len;
	return 0;
}

/* Reads a dynamic block's code lengths and builds its two tables. */
static int
dynamic_tables(struct inflate *z, uint32_t *lit, uint32_t *dist)
{
	const char *where = "a dynamic block header";
	uint8_t lens[NLITLEN + NDIST], clens[NCLEN];
	uint32_t clt[1 << CLEN_ROOT];
	long hlit, hdist, hclen, v;
	unsigned i, total, rep, sym, extra, base;
	uint8_t fill;
	uint32_t e;
	int r;

	if ((hlit = getbits(z, 5)) < 0)
		return truncated(z, where);
	if ((hlit += 257) > 286)
		return fail(z, lastbyte(z), "%ld literal/length codes, more "
		    "than 286", hlit);
	if ((hdist = getbits(z, 5)) < 0)
		return truncated(z, where);
	if ((hdist += 1) > 30)
		return fail(z, lastbyte(z), "%ld distance codes, more than "
		    "30", hdist);
	if ((hclen = getbits(z, 4)) < 0)
		return truncated(z, where);
	hclen += 4;
	memset(clens, 0, sizeof clens);
	for (i = 0; i < hclen; i++) {
		if ((v = getbits(z, 3)) < 0)
			return truncated(z, where);
		clens[clen_order[i]] = (uint8_t)v;
	}
	r = build(clt, sizeof clt / sizeof clt[0], CLEN_ROOT, clens, NCLEN,
	    CLEN);
	if (r != BUILD_OK)
		return fail(z, lastbyte(z), "%s code-length code",
		    r == BUILD_OVER ? "over-subscribed" : "incomplete");

	total = (unsigned)(hlit + hdist);
	for (i = 0; i < total;) {
		refill(z);
		e = clt[z->bitbuf & ((1U << CLEN_ROOT) - 1)];
		if (consume(z, e & 0xff) != 0)
			return truncated(z, where);
		sym = e >> 16;
		if (sym < 16) {
			lens[i++] = (uint8_t)sym;
			continue;
		}
		if (sym == 16) {
			if (i == 0)
				return fail(z, lastbyte(z), "code-length "
				    "repeat with no length before it");
			fill = lens[i - 1];
			extra = 2;
			base = 3;
		} else {
			fill = 0;
			extra = sym == 17 ? 3 : 7;
			base = sym == 17 ? 3 : 11;
		}
		rep = base + (unsigned)(z->bitbuf & ((1U << extra) - 1));
		if (consume(z, extra) != 0)
			return truncated(z, where);
		if (rep > total - i)
			return fail(z, lastbyte(z), "code-length repeat past "
			    "the last of the %u code lengths", total);
		memset(lens + i, fill, rep);
		i += rep;
	}
	if (lens[256] == 0)
		return fail(z, lastbyte(z), "no end-of-block code");
	r = build(lit, LIT_TABSZ, LIT_ROOT, lens, (unsigned)hlit, LITLEN);
	if (r != BUILD_OK)
		return fail(z, lastbyte(z), "%s literal/length code",
		    r == BUILD_OVER ? "over-subscribed" : "incomplete");
	r = build(dist, DIST_TABSZ, DIST_ROOT, lens + hlit, (unsigned)hdist,
	    DIST);
	if (r != BUILD_OK)
		return fail(z, lastbyte(z), "%s distance code",
		    r == BUILD_OVER ? "over-subscribed" : "incomplete");
	return 0;
}

/* One deflate stream, up to the byte after its final block. */
static int
deflate_stream(struct inflate *z)
{
	uint32_t lit[LIT_TABSZ], dist[DIST_TABSZ];
	long hdr;
	int r;

	do {
		if ((hdr = getbits(z, 3)) < 0)
			return truncated(z, "the deflate data");
		switch (hdr >> 1) {
		case 0:
			r = stored(z);
			break;
		case 1:
			r = codes(z, fixed_lit, fixed_dist);
			break;
		case 2:
			r = dynamic_tables(z, lit, dist);
			if (r == 0)
				r = codes(z, lit, dist);
			break;
		default:
			return fail(z, lastbyte(z), "reserved block type 3");
		}
		if (r != 0)
			return -1;
	} while (!(hdr & 1));
	return align(z, "the deflate data");
}

/* ---- members ---- */

/* Passes over a NUL-terminated header string at z->p. */
static int
header_string(struct inflate *z)
{
	const unsigned char *nul;

	nul = memchr(z->p, 0, (size_t)(z->end - z->p));
	if (!nul)
		return truncated(z, "the gzip header");
	z->p = nul + 1;
	return 0;
}

static int
gzip_header(struct inflate *z)
{
	const unsigned char *h = z->p;
	size_t at = (size_t)(h - z->src);
	unsigned flg, xlen, want, got;

	if (z->end - h < 10)
		return truncated(z, "the gzip header");
	if (h[2] != 8)
		return fail(z, at + 2, "compression method %u, not deflate "
		    "(8)", h[2]);
	flg = h[3];
	if (flg & 0xe0)
		return fail(z, at + 3, "reserved header flags 0x%02x set",
		    flg & 0xe0);
	z->p += 10;
	if (flg & 4) {
		if (z->end - z->p < 2)
			return truncated(z, "the gzip header");
		xlen = (unsigned)z->p[0] | (unsigned)z->p[1] << 8;
		z->p += 2;
		if ((size_t)(z->end - z->p) < xlen)
			return truncated(z, "the gzip header");
		z->p += xlen;
	}
	if ((flg & 8) && header_string(z) != 0)
		return -1;
	if ((flg & 16) && header_string(z) != 0)
		return -1;
	if (flg & 2) {
		if (z->end - z->p < 2)
			return truncated(z, "the gzip header");
		want = (unsigned)z->p[0] | (unsigned)z->p[1] << 8;
		got = crc32(0, h, (size_t)(z->p - h)) & 0xffff;
		if (want != got)
			return fail(z, (size_t)(z->p - z->src), "header CRC "
			    "0x%04x, but the header's is 0x%04x", want, got);
		z->p += 2;
	}
	return 0;
}

static int
gzip_trailer(struct inflate *z)
{
	size_t at = (size_t)(z->p - z->src), size;
	uint32_t want, got;

	if (z->end - z->p < 8)
		return truncated(z, "the gzip trailer");
	size = (size_t)(z->out - z->start);
	want = load32le(z->p);
	got = crc32(0, z->start, size);
	if (want != got)
		return fail(z, at, "CRC-32 0x%08x, but the output's is "
		    "0x%08x", want, got);
	want = load32le(z->p + 4);
	if (want != (uint32_t)size)
		return fail(z, at + 4, "ISIZE %u, but the member holds %zu "
		    "bytes", want, size);
	z->p += 8;
	return 0;
}

static int
zlib_header(struct inflate *z)
{
	size_t at = (size_t)(z->p - z->src);

	if (z->end - z->p < 2)
		return truncated(z, "the zlib header");
	if (z->p[0] >> 4 > 7)
		return fail(z, at, "zlib window of 2^%u bytes, more than "
		    "32 KiB", (z->p[0] >> 4) + 8);
	if (z->p[1] & 0x20)
		return fail(z, at + 1, "zlib stream needs a preset "
		    "dictionary");
	z->p += 2;
	return 0;
}

static int
zlib_trailer(struct inflate *z)
{
	size_t at = (size_t)(z->p - z->src);
	const unsigned char *t = z->p;
	uint32_t want, got;

	if (z->end - t < 4)
		return truncated(z, "the zlib trailer");
	want = (uint32_t)t[0] << 24 | (uint32_t)t[1] << 16 |
	    (uint32_t)t[2] << 8 | t[3];
	got = adler32(z->start, (size_t)(z->out - z->start));
	if (want != got)
		return fail(z, at, "Adler-32 0x%08x, but the output's is "
		    "0x%08x", want, got);
	z->p += 4;
	return 0;
}

/* A zlib header: deflate, and CMF and FLG a multiple of 31 together. */
static int
is_zlib(const unsigned char *p, size_t n)
{
	return n >= 2 && (p[0] & 15) == 8 && ((unsigned)p[0] << 8 | p[1]) %
	    31 == 0;
}

static int
member(struct inflate *z)
{
	size_t at = (size_t)(z->p - z->src), left = (size_t)(z->end - z->p);
	int zlib;

	z->start = z->out;
	if (left >= 2 && z->p[0] == 0x1f && z->p[1] == 0x8b)
		zlib = 0;
	else if (is_zlib(z->p, left))
		zlib = 1;
	else if (left >= 2)
		return fail(z, at, "not a gzip member: bytes 0x%02x 0x%02x, "
		    "not 0x1f 0x8b", z->p[0], z->p[1]);
	else
		return truncated(z, "the gzip header");
	if ((zlib ? zlib_header(z) : gzip_header(z)) != 0)
		return -1;
	if (deflate_stream(z) != 0)
		return -1;
	return zlib ? zlib_trailer(z) : gzip_trailer(z);
}

int
gzip_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen)
{
	static unsigned char none;
	struct inflate z;

	if (!tables_ready) {
		crc_init();
#ifdef CRC_FOLD
		fold_init();
#endif
		fixed_init();
		tables_ready = 1;
	}
	if (!dst) {
		dst = &none;
		cap = 0;
	}
	*outlen = 0;
	memset(&z, 0, sizeof z);
	z.err = err;
	z.errlen = errlen;
	if (n == 0)
		return fail(&z, 0, "empty input, no gzip member");
	z.src = src;
	z.p = src;
	z.end = src + n;
	z.dst = dst;
	z.out = dst;
	z.outend = dst + cap;
	do {
		if (member(&z) != 0)
			return -1;
	} while (z.p < z.end);
	*outlen = (size_t)(z.out - dst);
	return 0;
}
