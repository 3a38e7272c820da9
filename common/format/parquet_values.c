/*
 * parquet_values: the value encodings of a page (PLAIN, RLE / bit-packed,
 * dictionary, DELTA_*, BYTE_STREAM_SPLIT) and the logical types' values
 * from their storage (parquet_part.h).
 */
#include <sys/mman.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/bytes.h"
#include "base/msg.h"
#include "base/progress.h"
#include "codec/codec.h"
#include "format/parquet.h"
#include "format/parquet_part.h"
#include "format/thrift.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ---- the RLE / bit-packed hybrid ---- */

void
pqi_rle_init(struct rle *r, const unsigned char *p, const unsigned char *end,
    unsigned width)
{
	r->p = p;
	r->end = end;
	r->width = width;
	r->mask = width >= 32 ? 0xffffffffu : (1u << width) - 1;
	r->left = 0;
	r->packed = 0;
	r->value = 0;
}

/* Starts the next run: 0 if the data has ended. */
int
pqi_rle_run(struct rle *r)
{
	uint64_t h, bytes, avail;
	unsigned shift, nb, i;

	do {
		h = 0;
		shift = 0;
		for (;;) {
			if (r->p == r->end || shift > 63)
				return 0;
			h |= (uint64_t)(*r->p & 0x7f) << shift;
			shift += 7;
			if (!(*r->p++ & 0x80))
				break;
		}
		avail = (uint64_t)(r->end - r->p);
		if (h & 1) {
			/* A last run may stop short of its stated groups. */
			bytes = (h >> 1) * r->width;
			if ((h >> 1) > UINT64_MAX / 64 || bytes > avail)
				bytes = avail;
			r->packed = 1;
			r->bp = r->p;
			r->bit = 0;
			r->left = r->width ? bytes * 8 / r->width :
			    (h >> 1) * 8;
			r->p += bytes;
		} else {
			nb = (r->width + 7) / 8;
			if (nb > avail)
				return 0;
			r->value = 0;
			for (i = 0; i < nb; i++)
				r->value |= (uint32_t)r->p[i] << (8 * i);
			r->p += nb;
			r->packed = 0;
			r->left = h >> 1;
		}
	} while (r->left == 0);
	return 1;
}

/* Up to n values into out; how many there were. */
static uint32_t
rle_get(struct rle *r, uint32_t *out, uint32_t n)
{
	uint32_t got = 0, k, i, v;
	uint64_t w, bit;
	const unsigned char *bp;

	while (got < n) {
		if (r->left == 0 && !pqi_rle_run(r))
			break;
		k = n - got;
		if (k > r->left)
			k = (uint32_t)r->left;
		r->left -= k;
		if (!r->packed) {
			v = r->value;
			for (i = 0; i < k; i++)
				out[got + i] = v;
		} else {
			bp = r->bp;
			bit = r->bit;
			w = r->width;
			i = 0;
			/* Narrow values (a small dictionary's indices): 8 of
			 * them, a group's w bytes, from one load. */
			if (w <= 8 && (bit & 7) == 0)
				for (; i + 8 <= k; i += 8, bit += 8 * w) {
					uint64_t x;
					uint32_t *o = out + got + i, m = r->mask;

					memcpy(&x, bp + (bit >> 3), 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
					x = __builtin_bswap64(x);
#endif
					o[0] = (uint32_t)x & m;
					o[1] = (uint32_t)(x >> w) & m;
					o[2] = (uint32_t)(x >> 2 * w) & m;
					o[3] = (uint32_t)(x >> 3 * w) & m;
					o[4] = (uint32_t)(x >> 4 * w) & m;
					o[5] = (uint32_t)(x >> 5 * w) & m;
					o[6] = (uint32_t)(x >> 6 * w) & m;
					o[7] = (uint32_t)(x >> 7 * w) & m;
				}
			for (; i < k; i++, bit += w) {
				uint64_t x;

				memcpy(&x, bp + (bit >> 3), 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
				x = __builtin_bswap64(x);
#endif
				out[got + i] = (uint32_t)(x >> (bit & 7)) &
				    r->mask;
			}
			r->bit = bit;
		}
		got += k;
	}
	return got;
}

/* ---- DELTA_BINARY_PACKED ---- */

static uint64_t
uleb(const struct pq_cursor *c, const unsigned char **pp,
    const unsigned char *end)
{
	const unsigned char *p = *pp;
	uint64_t v = 0;
	unsigned shift = 0;

	for (;;) {
		if (p == end)
			pqi_failc(c, *pp, "DELTA_BINARY_PACKED: a varint runs "
			    "past the end of the page");
		if (shift > 63)
			pqi_failc(c, *pp, "DELTA_BINARY_PACKED: a varint "
			    "longer than 64 bits");
		v |= (uint64_t)(*p & 0x7f) << shift;
		shift += 7;
		if (!(*p++ & 0x80))
			break;
	}
	*pp = p;
	return v;
}

static uint64_t
zz(uint64_t v)
{
	return (v >> 1) ^ (0 - (v & 1));
}

void
pqi_dbp_init(const struct pq_cursor *c, struct dbp *d, const unsigned char *p,
    const unsigned char *end, unsigned maxwidth)
{
	const unsigned char *at = p;
	uint64_t block;

	block = uleb(c, &p, end);
	d->nmini = uleb(c, &p, end);
	d->left = uleb(c, &p, end);
	d->last = zz(uleb(c, &p, end));
	if (block == 0 || block % 128 != 0 || d->nmini == 0 ||
	    block % d->nmini != 0 || (block / d->nmini) % 32 != 0 ||
	    block > (1u << 30))
		pqi_failc(c, at, "DELTA_BINARY_PACKED: blocks of %llu values "
		    "in %llu miniblocks", (unsigned long long)block,
		    (unsigned long long)d->nmini);
	d->vpm = block / d->nmini;
	d->p = p;
	d->end = end;
	d->mini = d->nmini;
	d->inmini = 0;
	d->first = d->left > 0;
	d->maxwidth = maxwidth;
	d->width = 0;
}

/* The next miniblock: its bit width and where its bytes are. */
static void
dbp_mini(const struct pq_cursor *c, struct dbp *d)
{
	uint64_t bytes;

	if (d->mini == d->nmini) {
		d->mindelta = zz(uleb(c, &d->p, d->end));
		if (d->nmini > (uint64_t)(d->end - d->p))
			pqi_failc(c, d->p, "DELTA_BINARY_PACKED: a block's "
			    "bit widths run past the end of the page");
		d->widths = d->p;
		d->p += d->nmini;
		d->mini = 0;
	}
	d->width = d->widths[d->mini++];
	if (d->width > d->maxwidth)
		pqi_failc(c, d->widths + d->mini - 1, "DELTA_BINARY_PACKED: a "
		    "miniblock of %u-bit deltas, more than %u", d->width,
		    d->maxwidth);
	bytes = d->vpm * d->width / 8;
	if (bytes > (uint64_t)(d->end - d->p))
		pqi_failc(c, d->p, "DELTA_BINARY_PACKED: a miniblock of %llu "
		    "bytes runs past the end of the page",
		    (unsigned long long)bytes);
	d->mb = d->p;
	d->p += bytes;
	d->bit = 0;
	d->inmini = d->vpm;
}

/* The next value; the caller has checked d->left. */
static inline uint64_t
dbp_get(const struct pq_cursor *c, struct dbp *d)
{
	const unsigned char *q;
	uint64_t x;
	unsigned s, w;

	d->left--;
	if (d->first) {
		d->first = 0;
		return d->last;
	}
	if (d->inmini == 0)
		dbp_mini(c, d);
	d->inmini--;
	w = d->width;
	if (w) {
		q = d->mb + (d->bit >> 3);
		s = d->bit & 7;
		x = le64(q) >> s;
		if (s && w + s > 64)
			x |= (uint64_t)q[8] << (64 - s);
		if (w < 64)
			x &= (1ULL << w) - 1;
		d->bit += w;
	} else
		x = 0;
	d->last += d->mindelta + x;
	return d->last;
}

/* Where the encoded values end: past the miniblocks they need. */
const unsigned char *
pqi_dbp_end(const struct pq_cursor *c, struct dbp d)
{
	uint64_t rem = d.left;

	if (d.first)
		rem--;
	while (rem > 0) {
		dbp_mini(c, &d);
		rem -= rem < d.vpm ? rem : d.vpm;
	}
	return d.p;
}

/* The byte size of a fixed-size value; 0 for BYTE_ARRAY, -1 BOOLEAN. */
int
pqi_valsize(const struct pq_column *col)
{
	static const int size[] = { -1, 4, 8, 12, 4, 8, 0, 0 };

	return col->physical == PQ_T_FIXED_LEN_BYTE_ARRAY ? col->type_length :
	    size[col->physical];
}

static _Noreturn void
short_values(const struct pq_cursor *c, const unsigned char *at,
    const char *enc)
{
	pqi_failc(c, at, "%s: the page's values run out before its %s", enc,
	    c->c->optional ? "definition levels do" : "num_values does");
}

/*
 * Page bytes PQ_AHEAD on from a value, asked for before they are read:
 * a page not yet read is in no cache, and a text value's place depends
 * on the length before it, so that without it each cache line is waited
 * for in turn.  A hint only: an address past the page is not read.
 */
#define PQ_AHEAD 1024
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(a) __builtin_prefetch(a)
#else
#define PREFETCH(a) ((void)0)
#endif

/*
 * One PLAIN text value at p (its 4-byte length, then its bytes) into v:
 * where the next one starts.
 */
static inline const unsigned char *
plain_text(const struct pq_cursor *c, const unsigned char *p,
    const unsigned char *end, struct pq_cell *v)
{
	uint32_t len;

	if (end - p < 4)
		short_values(c, p, "PLAIN");
	PREFETCH(p + PQ_AHEAD);
	len = le32(p);
	if (len > (uint64_t)(end - p) - 4)
		pqi_failc(c, p, "PLAIN: a value of %u bytes runs past the end "
		    "of the page", len);
	v->kind = PQ_BYTES;
	v->s = (const char *)p + 4;
	v->len = len;
	return p + 4 + len;
}

/* n PLAIN values from c->vp into out. */
void
pqi_plain(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	const unsigned char *p = c->vp, *end = c->vend;
	int kind = c->c->rawkind, sz = pqi_valsize(c->c);
	uint64_t bytes = (uint64_t)n * (uint64_t)(sz > 0 ? sz : 0);
	uint32_t i;
	float f;

	if (sz > 0 && bytes > (uint64_t)(end - p))
		short_values(c, p, "PLAIN");
	switch (c->c->physical) {
	case PQ_T_BOOLEAN:
		if (c->bit + n > (uint64_t)(end - p) * 8)
			short_values(c, p, "PLAIN");
		for (i = 0; i < n; i++, c->bit++) {
			out[i].kind = PQ_BOOL;
			out[i].i = p[c->bit >> 3] >> (c->bit & 7) & 1;
		}
		return;
	case PQ_T_INT32:
		for (i = 0; i < n; i++, p += 4) {
			if ((i & 15) == 0)
				PREFETCH(p + PQ_AHEAD);
			out[i].kind = kind;
			out[i].i = kind == PQ_UINT ? (int64_t)le32(p) :
			    (int64_t)(int32_t)le32(p);
		}
		break;
	case PQ_T_INT64:
		/* Eight a step, a cache line's worth: one prefetch and one
		 * loop test for eight values, not one each. */
		for (i = 0; i + 8 <= n; i += 8, p += 64) {
			struct pq_cell *o = out + i;

			PREFETCH(p + PQ_AHEAD);
			o[0].kind = kind; o[0].i = (int64_t)le64(p);
			o[1].kind = kind; o[1].i = (int64_t)le64(p + 8);
			o[2].kind = kind; o[2].i = (int64_t)le64(p + 16);
			o[3].kind = kind; o[3].i = (int64_t)le64(p + 24);
			o[4].kind = kind; o[4].i = (int64_t)le64(p + 32);
			o[5].kind = kind; o[5].i = (int64_t)le64(p + 40);
			o[6].kind = kind; o[6].i = (int64_t)le64(p + 48);
			o[7].kind = kind; o[7].i = (int64_t)le64(p + 56);
		}
		for (; i < n; i++, p += 8) {
			out[i].kind = kind;
			out[i].i = (int64_t)le64(p);
		}
		break;
	case PQ_T_FLOAT:
		for (i = 0; i < n; i++, p += 4) {
			uint32_t x = le32(p);

			memcpy(&f, &x, 4);
			out[i].kind = PQ_DOUBLE;
			out[i].d = f;
		}
		break;
	case PQ_T_DOUBLE:
		for (i = 0; i < n; i++, p += 8) {
			uint64_t x = le64(p);

			if ((i & 7) == 0)
				PREFETCH(p + PQ_AHEAD);
			out[i].kind = PQ_DOUBLE;
			memcpy(&out[i].d, &x, 8);
		}
		break;
	case PQ_T_BYTE_ARRAY:
		for (i = 0; i < n; i++)
			p = plain_text(c, p, end, &out[i]);
		break;
	case PQ_T_FIXED_LEN_BYTE_ARRAY:
		for (i = 0; i < n; i++, p += sz) {
			out[i].kind = PQ_BYTES;
			out[i].s = (const char *)p;
			out[i].len = (size_t)sz;
		}
		break;
	default:
		pqi_failc(c, p, "INT96 values are not supported");
	}
	c->vp = p;
}

/* n dictionary-encoded values. */
static void
dict_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	const struct pq_cell *dict = c->dict;
	uint32_t i, nd = c->ndict, *ix = c->tmp;

	if (rle_get(&c->ix, ix, n) < n)
		short_values(c, c->ix.p, "dictionary indices");
	for (i = 0; i < n; i++) {
		if (ix[i] >= nd)
			pqi_failc(c, c->ix.p, "dictionary index %u out of "
			    "range (the dictionary has %u entries)", ix[i],
			    nd);
		out[i] = dict[ix[i]];
	}
}

/*
 * The same for k rows of which nn hold a value (lv[i] 1) and the rest a
 * null: each value gathered to its row at once, not gathered and then
 * moved to it (pqi_values then the spread in refill).  The checks, and so
 * the error, are those of dict_values.
 */
int
pqi_dict_spread(struct pq_cursor *c, struct pq_cell *out, const uint32_t *lv,
    uint32_t k, uint32_t nn)
{
	const struct pq_cell *dict = c->dict;
	uint32_t i, j = 0, nd = c->ndict, *ix = c->tmp;

	if ((c->enc != ENC_PLAIN_DICTIONARY && c->enc != ENC_RLE_DICTIONARY) ||
	    c->c->conv)
		return 0;
	if (rle_get(&c->ix, ix, nn) < nn)
		short_values(c, c->ix.p, "dictionary indices");
	for (i = 0; i < k; i++) {
		if (!lv[i]) {
			out[i].kind = PQ_NULL;
			out[i].len = 0;
			continue;
		}
		if (ix[j] >= nd)
			pqi_failc(c, c->ix.p, "dictionary index %u out of "
			    "range (the dictionary has %u entries)", ix[j],
			    nd);
		out[i] = dict[ix[j++]];
	}
	return 1;
}

/*
 * The same for a PLAIN text page: each value to its row as it is read,
 * not read and then moved to it (the spread in refill); the checks, and
 * so the errors, are pqi_plain's.
 */
int
pqi_text_spread(struct pq_cursor *c, struct pq_cell *out, const uint32_t *lv,
    uint32_t k)
{
	const unsigned char *p = c->vp, *end = c->vend;
	uint32_t i;

	if (c->enc != ENC_PLAIN || c->c->physical != PQ_T_BYTE_ARRAY ||
	    c->c->conv)
		return 0;
	for (i = 0; i < k; i++) {
		if (!lv[i]) {
			out[i].kind = PQ_NULL;
			out[i].len = 0;
			continue;
		}
		p = plain_text(c, p, end, &out[i]);
	}
	c->vp = p;
	return 1;
}

static void
rle_bools(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	uint32_t i;

	if (rle_get(&c->ix, c->tmp, n) < n)
		short_values(c, c->ix.p, "RLE");
	for (i = 0; i < n; i++) {
		out[i].kind = PQ_BOOL;
		out[i].i = c->tmp[i] & 1;
	}
}

static void
delta_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	int kind = c->c->rawkind, i32 = c->c->physical == PQ_T_INT32;
	uint64_t v;
	uint32_t i;

	if (c->d1.left < n)
		short_values(c, c->d1.p, "DELTA_BINARY_PACKED");
	for (i = 0; i < n; i++) {
		v = dbp_get(c, &c->d1);
		out[i].kind = kind;
		if (i32)
			out[i].i = kind == PQ_UINT ? (int64_t)(uint32_t)v :
			    (int64_t)(int32_t)(uint32_t)v;
		else
			out[i].i = (int64_t)v;
	}
}

/* A length from DELTA_BINARY_PACKED, checked to be an int32 >= 0. */
static size_t
delta_len(struct pq_cursor *c, struct dbp *d, const char *what)
{
	int32_t v = (int32_t)(uint32_t)dbp_get(c, d);

	if (v < 0)
		pqi_failc(c, d->p, "a %s of %d", what, v);
	return (size_t)v;
}

static void
delta_length_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	size_t len;
	uint32_t i;

	if (c->d1.left < n)
		short_values(c, c->d1.p, "DELTA_LENGTH_BYTE_ARRAY");
	for (i = 0; i < n; i++) {
		len = delta_len(c, &c->d1, "length");
		if (len > (size_t)(c->vend - c->vp))
			pqi_failc(c, c->vp, "DELTA_LENGTH_BYTE_ARRAY: a value "
			    "of %zu bytes runs past the end of the page", len);
		out[i].kind = PQ_BYTES;
		out[i].s = (const char *)c->vp;
		out[i].len = len;
		c->vp += len;
	}
}

/* Each value is a prefix of the one before and a suffix of its own: they
 * are built in sbuf, the previous value moved to its start first. */
static void
delta_byte_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	size_t pre, suf, used;
	uint32_t i;

	if (c->d1.left < n || c->d2.left < n)
		short_values(c, c->d1.p, "DELTA_BYTE_ARRAY");
	if (c->prevlen)
		memmove(c->sbuf, c->sbuf + c->prevoff, c->prevlen);
	c->prevoff = 0;
	used = c->prevlen;
	for (i = 0; i < n; i++) {
		pre = delta_len(c, &c->d2, "prefix length");
		suf = delta_len(c, &c->d1, "suffix length");
		if (pre > c->prevlen)
			pqi_failc(c, c->d2.p, "DELTA_BYTE_ARRAY: a prefix of "
			    "%zu bytes of a value of %zu", pre, c->prevlen);
		if (suf > (size_t)(c->vend - c->vp))
			pqi_failc(c, c->vp, "DELTA_BYTE_ARRAY: a suffix of "
			    "%zu bytes runs past the end of the page", suf);
		if (c->c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY &&
		    pre + suf != (size_t)c->c->type_length)
			pqi_failc(c, c->vp, "DELTA_BYTE_ARRAY: a value of %zu "
			    "bytes in a column of %d", pre + suf,
			    c->c->type_length);
		if (used + pre + suf > PQ_MAXPAGE)
			pqi_failc(c, c->vp, "DELTA_BYTE_ARRAY: values of more "
			    "than %lld bytes in %d rows",
			    (long long)PQ_MAXPAGE, PQ_BATCH);
		pqi_grow(&c->sbuf, &c->scap, used + pre + suf + 1);
		memcpy(c->sbuf + used, c->sbuf + c->prevoff, pre);
		memcpy(c->sbuf + used + pre, c->vp, suf);
		c->vp += suf;
		out[i].kind = PQ_BYTES;
		out[i].i = (int64_t)used;
		out[i].len = pre + suf;
		c->prevoff = used;
		c->prevlen = pre + suf;
		used += pre + suf;
	}
	for (i = 0; i < n; i++)
		out[i].s = c->sbuf + out[i].i;
}

static void
split_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	const unsigned char *s;
	uint64_t x, stride = c->bssn;
	uint32_t i;
	int b, sz = pqi_valsize(c->c), kind = c->c->rawkind;
	float f;

	if (n > c->bssn - c->bssi)
		short_values(c, c->vend, "BYTE_STREAM_SPLIT");
	if (c->c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY) {
		pqi_grow(&c->sbuf, &c->scap, (size_t)n * (size_t)sz);
		for (i = 0; i < n; i++) {
			s = c->bss + c->bssi + i;
			for (b = 0; b < sz; b++)
				c->sbuf[(size_t)i * (size_t)sz + (size_t)b] =
				    (char)s[(uint64_t)b * stride];
			out[i].kind = PQ_BYTES;
			out[i].s = c->sbuf + (size_t)i * (size_t)sz;
			out[i].len = (size_t)sz;
		}
		c->bssi += n;
		return;
	}
	for (i = 0; i < n; i++) {
		s = c->bss + c->bssi + i;
		x = 0;
		for (b = 0; b < sz; b++)
			x |= (uint64_t)s[(uint64_t)b * stride] << (8 * b);
		out[i].kind = kind;
		switch (c->c->physical) {
		case PQ_T_INT32:
			out[i].i = kind == PQ_UINT ? (int64_t)(uint32_t)x :
			    (int64_t)(int32_t)(uint32_t)x;
			break;
		case PQ_T_INT64:
			out[i].i = (int64_t)x;
			break;
		case PQ_T_FLOAT:
			memcpy(&f, &(uint32_t){ (uint32_t)x }, 4);
			out[i].d = f;
			break;
		default:
			memcpy(&out[i].d, &x, 8);
			break;
		}
	}
	c->bssi += n;
}

/*
 * Whether a's n bytes (n at most PQ_IMAX) are b's: with SSE2, 16 bytes
 * at a time, the last 16 overlapping, with no test between (a source
 * location is 30 to 60 bytes, most of them the same path, so that a
 * test a word costs more than it saves).  No byte outside the n is read.
 */
_Static_assert(PQ_IMAX <= 64, "ieq compares at most 64 bytes");
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

static inline int
ieq(const char *a, const char *b, size_t n)
{
#if defined(__SSE2__)
	__m128i m;

	if (n >= 16) {
		m = _mm_and_si128(_mm_cmpeq_epi8(LD(a), LD(b)),
		    _mm_cmpeq_epi8(LD(a + n - 16), LD(b + n - 16)));
		if (n > 32) {
			m = _mm_and_si128(m, _mm_cmpeq_epi8(LD(a + 16),
			    LD(b + 16)));
			if (n > 48)
				m = _mm_and_si128(m, _mm_cmpeq_epi8(LD(a + 32),
				    LD(b + 32)));
		}
		return _mm_movemask_epi8(m) == 0xffff;
	}
#endif
	return bytes_eq(a, b, n);
}

/* The cursor's table of kept values, made at its first use. */
static struct pq_islot *
itab(struct pq_cursor *c)
{
	uint32_t u;

	if (!c->pitab) {
		c->pitab = np_realloc(NULL, PQ_ISLOTS * sizeof *c->pitab);
		for (u = 0; u < PQ_ISLOTS; u++)
			c->pitab[u].len = UINT32_MAX;
	}
	return c->pitab;
}

/* The text value of len bytes (at most PQ_IMAX) at *s, pointed at its
 * copy in t where it is kept or can be: 1 when it was there. */
#if defined(__GNUC__)	/* forced: a call a value costs a fifth more */
#define INTERN_INLINE static inline __attribute__((always_inline))
#else
#define INTERN_INLINE static inline
#endif
INTERN_INLINE int
intern1(struct pq_islot *t, const char **s, size_t len)
{
	uint32_t u = (uint32_t)(bytes_hash(*s, len) >> (64 - PQ_IBITS)), j;
	struct pq_islot *sl;

	for (j = 0; j < 2; j++) {
		sl = &t[(u + j) & (PQ_ISLOTS - 1)];
		if (sl->len == len && ieq(sl->s, *s, len)) {
			*s = sl->s;
			return 1;
		}
		if (sl->len == UINT32_MAX) {
			sl->len = (uint32_t)len;
			memcpy(sl->s, *s, len);
			*s = sl->s;
			return 0;
		}
	}
	return 0;
}

/* nv more values tried: mostly new ones over a window, a column of many,
 * where keeping them saves nothing, are kept no more. */
static void
iwindow(struct pq_cursor *c, uint32_t nv)
{
	if ((c->ptries += nv) >= PQ_IWINDOW) {
		if (c->phits < c->ptries / 2)
			c->intern = 0;
		c->ptries = c->phits = 0;
	}
}

void
pqi_intern(struct pq_cursor *c, struct pq_cell *out, uint32_t n, uint32_t nv)
{
	struct pq_islot *t = itab(c);
	uint32_t i;

	for (i = 0; i < n; i++)
		if (out[i].kind == PQ_BYTES && out[i].len <= PQ_IMAX)
			c->phits += intern1(t, &out[i].s, out[i].len);
	iwindow(c, nv);
}

const char *
pq_intern_text(struct pq *p, int i, const char *s, size_t len)
{
	struct pq_cursor *c = &p->cur[i];

	if (c->intern != PQ_ILAZY || len > PQ_IMAX ||
	    c->enc == ENC_PLAIN_DICTIONARY || c->enc == ENC_RLE_DICTIONARY)
		return s;
	c->phits += intern1(itab(c), &s, len);
	iwindow(c, 1);
	return s;
}

void
pqi_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	switch (c->enc) {
	case ENC_PLAIN:
		pqi_plain(c, out, n);
		break;
	case ENC_PLAIN_DICTIONARY:
	case ENC_RLE_DICTIONARY:
		dict_values(c, out, n);
		break;
	case ENC_RLE:
		rle_bools(c, out, n);
		break;
	case ENC_DELTA_BINARY_PACKED:
		delta_values(c, out, n);
		break;
	case ENC_DELTA_LENGTH_BYTE_ARRAY:
		delta_length_values(c, out, n);
		break;
	case ENC_DELTA_BYTE_ARRAY:
		delta_byte_values(c, out, n);
		break;
	default:
		split_values(c, out, n);
		break;
	}
}

/* ---- logical types: their values from their storage ---- */

/* A decimal's text: neg, its digits d (nd of them, the first not 0 unless
 * it is the only one), the point scale digits from the end. */
static size_t
dectext(char *t, int neg, const char *d, size_t nd, size_t scale)
{
	size_t k = 0, i;

	if (neg)
		t[k++] = '-';
	if (nd <= scale) {
		t[k++] = '0';
		if (scale) {
			t[k++] = '.';
			for (i = nd; i < scale; i++)
				t[k++] = '0';
			memcpy(t + k, d, nd);
			k += nd;
		}
		return k;
	}
	memcpy(t + k, d, nd - scale);
	k += nd - scale;
	if (scale) {
		t[k++] = '.';
		memcpy(t + k, d + nd - scale, scale);
		k += scale;
	}
	return k;
}

static size_t
decint(char *t, int64_t v, int scale)
{
	char d[24], *e = d + sizeof d;
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;

	do
		*--e = (char)('0' + u % 10);
	while (u /= 10);
	return dectext(t, v < 0, e, (size_t)(d + sizeof d - e),
	    (size_t)scale);
}

/* A DECIMAL's big-endian two's complement bytes (1 to PQ_MAXDECBYTES). */
static size_t
decbytes(char *t, const unsigned char *b, size_t n, int scale)
{
	unsigned char m[PQ_MAXDECBYTES];
	char d[100], *e = d + sizeof d;
	uint64_t cur, rem;
	size_t i, lo = 0;
	int neg = b[0] >> 7, k, carry = 1;

	/* The magnitude: the bytes, negated if negative. */
	for (i = n; i-- > 0;) {
		m[i] = neg ? (unsigned char)~b[i] : b[i];
		if (neg && carry)
			carry = ++m[i] == 0;
	}
	/* Nine digits at a time: the remainders of division by 1e9. */
	for (;;) {
		while (lo < n && m[lo] == 0)
			lo++;
		if (lo == n)
			break;
		rem = 0;
		for (i = lo; i < n; i++) {
			cur = rem << 8 | m[i];
			m[i] = (unsigned char)(cur / 1000000000);
			rem = cur % 1000000000;
		}
		for (k = 0; k < 9; k++, rem /= 10)
			*--e = (char)('0' + rem % 10);
	}
	while (e < d + sizeof d - 1 && *e == '0')
		e++;
	if (e == d + sizeof d)
		*--e = '0';
	return dectext(t, neg && !(e[0] == '0' && e + 1 == d + sizeof d), e,
	    (size_t)(d + sizeof d - e), (size_t)scale);
}

/* Days since 1970-01-01 as a proleptic Gregorian date (the civil-from-
 * days arithmetic of 400-year eras of 146097 days, from March 1st). */
static size_t
datetext(char *t, size_t n, int64_t days)
{
	int64_t z = days + 719468, era, doe, yoe, y, doy, mp, d, m;
	int k;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	y += m <= 2;
	k = snprintf(t, n, "%s%04lld-%02lld-%02lld", y < 0 ? "-" : "",
	    (long long)(y < 0 ? -y : y), (long long)m, (long long)d);
	return k > 0 && (size_t)k < n ? (size_t)k : 0;
}

static size_t
uuidtext(char *t, const unsigned char *b)
{
	static const char hex[] = "0123456789abcdef";
	size_t k = 0;
	int i;

	for (i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			t[k++] = '-';
		t[k++] = hex[b[i] >> 4];
		t[k++] = hex[b[i] & 15];
	}
	return k;
}

/* An IEEE 754 half, little-endian, widened exactly. */
static double
half(const unsigned char *b)
{
	unsigned h = (unsigned)b[0] | (unsigned)b[1] << 8;
	unsigned e = h >> 10 & 31, m = h & 1023;
	double v;

	if (e == 31)
		v = m ? NAN : INFINITY;
	else if (e == 0)
		v = ldexp((double)m, -24);
	else
		v = ldexp((double)(m + 1024), (int)e - 25);
	return h >> 15 ? -v : v;
}

/* The batch's n values (nulls not yet spread) from their storage to the
 * values of the column's logical type. */
NP_COLD void
pqi_convert(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	const struct pq_column *col = c->c;
	size_t w = col->convlen, len = 0;
	uint32_t i;
	char *t;

	if (col->conv == CONV_HALF) {
		for (i = 0; i < n; i++) {
			out[i].d = half((const unsigned char *)out[i].s);
			out[i].kind = PQ_DOUBLE;
			out[i].len = 0;
		}
		return;
	}
	pqi_grow(&c->tbuf, &c->tcap, (size_t)n * w);
	for (i = 0; i < n; i++) {
		t = c->tbuf + (size_t)i * w;
		switch (col->conv) {
		case CONV_DECINT:
			len = decint(t, out[i].i, col->scale);
			break;
		case CONV_DECBYTES:
			if (out[i].len == 0 || out[i].len > PQ_MAXDECBYTES)
				pqi_failc(c, NULL, "a DECIMAL of %zu bytes (1 "
				    "to %d expected)", out[i].len,
				    PQ_MAXDECBYTES);
			len = decbytes(t, (const unsigned char *)out[i].s,
			    out[i].len, col->scale);
			break;
		case CONV_DATE:
			len = datetext(t, w, out[i].i);
			break;
		case CONV_UUID:
			len = uuidtext(t, (const unsigned char *)out[i].s);
			break;
		}
		out[i].kind = PQ_BYTES;
		out[i].s = t;
		out[i].len = len;
	}
}

