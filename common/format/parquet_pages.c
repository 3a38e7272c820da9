/*
 * parquet_pages: a column chunk's bytes and its pages: their headers,
 * decompression, the dictionary page, the definition levels
 * (parquet_part.h).
 */
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
#include "base/msg.h"
#include "base/progress.h"
#include "codec/codec.h"
#include "format/parquet.h"
#include "format/parquet_part.h"
#include "format/thrift.h"

/* ---- a column chunk ---- */

/*
 * The file's bytes [off, off + n) of the chunk, read ahead into the
 * cursor's buffer.  Read, not mapped: the kernel's copy streams the bytes
 * and leaves them in cache, where a mapped page's first touch is a wait
 * for memory on each of its cache lines (and, under a hypervisor that
 * shadows page tables, a fault on each of its pages); on a 10^7-row table
 * of uncompressed pages, mapping cost np-stall 0.97 s of user and system
 * time, reading 0.68.  Bytes of the last read from off on are not read
 * again: a page larger than the read-ahead starts in the read that found
 * its header, and is read on after it, the header left in front (less
 * than PQ_HEADER_FIRST bytes of it) or the page's bytes moved to the
 * buffer's start.
 */
static const unsigned char *
chunk_bytes(struct pq_cursor *c, int64_t off, size_t n)
{
	size_t want, keep = 0, lead = 0;
	int64_t prev = c->clen ? c->coff + (int64_t)c->clen : off;

	if (off >= c->coff && (uint64_t)(off - c->coff) + n <= c->clen)
		return c->cbuf + (off - c->coff);
	want = n > PQ_READAHEAD ? n : PQ_READAHEAD;
	if ((int64_t)want > c->end - off)
		want = (size_t)(c->end - off);
	if (c->clen && off >= c->coff && off < prev) {
		keep = (size_t)(prev - off);
		if (off - c->coff < PQ_HEADER_FIRST)
			lead = (size_t)(off - c->coff);
		else
			memmove(c->cbuf, c->cbuf + (off - c->coff), keep);
	}
	pqi_grow(&c->cbuf, &c->ccap, lead + want + SLACK);
	pqi_readat(c->pq, c->col, c->cbuf + lead + keep, want - keep,
	    off + (int64_t)keep);
	memset(c->cbuf + lead + want, 0, SLACK);
	/* Progress counts the bytes past those read before only. */
	if (off + (int64_t)want > prev)
		prog_add(off + (int64_t)want - (off > prev ? off : prev));
	c->coff = off - (int64_t)lead;
	c->clen = lead + want;
	return c->cbuf + lead;
}

struct pagehdr {
	int type;
	int32_t usize, csize;
	int have;		/* bits: 1 type, 2 usize, 4 csize */
	int sub;		/* which sub-header came: 1 v1, 2 dict, 3 v2 */
	int32_t nvalues, nnulls, nrows;
	int enc, defenc;
	int32_t deflen, replen;
	int compressed;
	size_t hlen;
};

static void
data_header(struct thrift *t, struct pagehdr *h, int v2)
{
	struct th_field f;
	int need = 0;

	th_begin(t, &f, v2 ? "DataPageHeaderV2" : "DataPageHeader");
	while (th_next(t, &f)) {
		switch (v2 ? f.id + 100 : f.id) {
		case 1: case 101:
			h->nvalues = th_i32(t, &f, "num_values");
			need |= 1;
			break;
		case 2: case 104:
			h->enc = th_i32(t, &f, "encoding");
			need |= 2;
			break;
		case 3:
			h->defenc = th_i32(t, &f,
			    "definition_level_encoding");
			break;
		case 102:
			h->nnulls = th_i32(t, &f, "num_nulls");
			need |= 4;
			break;
		case 103:
			h->nrows = th_i32(t, &f, "num_rows");
			need |= 8;
			break;
		case 105:
			h->deflen = th_i32(t, &f,
			    "definition_levels_byte_length");
			need |= 16;
			break;
		case 106:
			h->replen = th_i32(t, &f,
			    "repetition_levels_byte_length");
			need |= 32;
			break;
		case 107:
			h->compressed = th_bool(t, &f, "is_compressed");
			break;
		default:
			th_skip(t, f.type);
			break;
		}
	}
	if (need != (v2 ? 63 : 3))
		th_fail(t, t->p, "%s without a required field", f.st);
}

static void
page_header(struct thrift *t, struct pagehdr *h)
{
	struct th_field f, g;

	memset(h, 0, sizeof *h);
	h->compressed = 1;
	h->defenc = ENC_RLE;
	th_begin(t, &f, "PageHeader");
	while (th_next(t, &f)) {
		switch (f.id) {
		case 1:
			h->type = th_i32(t, &f, "type");
			h->have |= 1;
			break;
		case 2:
			h->usize = th_i32(t, &f, "uncompressed_page_size");
			h->have |= 2;
			break;
		case 3:
			h->csize = th_i32(t, &f, "compressed_page_size");
			h->have |= 4;
			break;
		case 5:
		case 8:
			if (f.type != TH_STRUCT) {
				th_skip(t, f.type);
				break;
			}
			data_header(t, h, f.id == 8);
			h->sub = f.id == 8 ? 3 : 1;
			break;
		case 7:
			if (f.type != TH_STRUCT) {
				th_skip(t, f.type);
				break;
			}
			h->sub = 2;
			h->enc = -1;
			h->nvalues = -1;
			th_begin(t, &g, "DictionaryPageHeader");
			while (th_next(t, &g)) {
				if (g.id == 1)
					h->nvalues = th_i32(t, &g,
					    "num_values");
				else if (g.id == 2)
					h->enc = th_i32(t, &g, "encoding");
				else
					th_skip(t, g.type);
			}
			break;
		default:
			th_skip(t, f.type);
			break;
		}
	}
	if (h->have != 7)
		th_fail(t, t->p, "a PageHeader without %s", !(h->have & 1) ?
		    "its type" : !(h->have & 2) ? "uncompressed_page_size" :
		    "compressed_page_size");
}

/* The page header at c->pos, read with more of the chunk until it fits. */
static void
read_header(struct pq_cursor *c, struct pagehdr *h)
{
	struct thrift t;
	jmp_buf jb;
	const unsigned char *b;
	int64_t left = c->end - c->pos;
	volatile size_t want = PQ_HEADER_FIRST;
	size_t n;

	for (;;) {
		n = (int64_t)want < left ? want : (size_t)left;
		b = chunk_bytes(c, c->pos, n);
		th_init(&t, b, n, c->pq->file, c->pos);
		t.where = "the column chunk";
		t.shortjmp = (int64_t)n < left ? &jb : NULL;
		if (setjmp(jb) == 0)
			break;
		if (want >= PQ_MAXHEADER)
			pqi_fail(c->pq, c->pos, c->col, "a page header longer "
			    "than %lld bytes", (long long)PQ_MAXHEADER);
		want = want * 4;
	}
	page_header(&t, h);
	h->hlen = (size_t)(t.p - t.start);
}

/* The bytes of the page whose data is at c->data_off, decompressed; the
 * first lvlen bytes (v2's levels) are never compressed. */
static const unsigned char *
page_bytes(struct pq_cursor *c, const struct pagehdr *h, size_t lvlen,
    int compressed)
{
	const unsigned char *src;
	char err[256];
	size_t out;

	src = chunk_bytes(c, c->data_off, (size_t)h->csize);
	c->pg = src;
	if (!compressed || c->ch->codec == 0) {
		if (h->csize != h->usize)
			pqi_fail(c->pq, c->page_off, c->col, "an uncompressed "
			    "page of %d bytes whose header says %d "
			    "uncompressed", h->csize, h->usize);
		c->in_file = 1;
		return src;
	}
	c->in_file = 0;
	if (lvlen > (size_t)h->csize || lvlen > (size_t)h->usize)
		pqi_fail(c->pq, c->page_off, c->col, "levels of %zu bytes in "
		    "a page of %d bytes (%d uncompressed)", lvlen, h->csize,
		    h->usize);
	pqi_grow(&c->ubuf, &c->ucap, (size_t)h->usize + SLACK);
	memcpy(c->ubuf, src, lvlen);
	/* A v2 page of nulls only may have no values, and no bytes for the
	 * codec (Arrow writes it so): nothing to decompress. */
	if ((size_t)h->csize == lvlen && (size_t)h->usize == lvlen)
		out = 0;
	else if (c->decompress(src + lvlen, (size_t)h->csize - lvlen,
	    c->ubuf + lvlen, (size_t)h->usize - lvlen, &out, err,
	    sizeof err) != 0)
		pqi_fail(c->pq, c->data_off + (int64_t)lvlen, c->col, "%s",
		    err);
	if (out != (size_t)h->usize - lvlen)
		pqi_fail(c->pq, c->page_off, c->col, "the page decompressed "
		    "to %zu bytes, its header says %zu", out + lvlen,
		    (size_t)h->usize);
	memset(c->ubuf + h->usize, 0, SLACK);
	c->pg = c->ubuf;
	return c->ubuf;
}

/* The chunk's dictionary page: its values, decoded once. */
static void
dict_page(struct pq_cursor *c, const struct pagehdr *h)
{
	const unsigned char *b;
	int sz = pqi_valsize(c->c);
	uint64_t most;

	if (c->hasdict)
		pqi_fail(c->pq, c->page_off, c->col,
		    "a second dictionary page");
	if (c->seen_data)
		pqi_fail(c->pq, c->page_off, c->col, "a dictionary page after "
		    "data pages");
	if (h->enc != ENC_PLAIN && h->enc != ENC_PLAIN_DICTIONARY)
		pqi_fail(c->pq, c->page_off, c->col, "a dictionary page in %s "
		    "encoding (%d), not PLAIN", pq_encoding_name(h->enc),
		    h->enc);
	/* Every entry takes a bit at least, a byte array's 4 bytes. */
	most = (uint64_t)h->usize * (sz < 0 ? 8 : 1) / (uint64_t)(sz > 0 ?
	    sz : sz == 0 ? 4 : 1);
	if (h->nvalues < 0 || (uint64_t)h->nvalues > most ||
	    h->nvalues > PQ_MAXDICT)
		pqi_fail(c->pq, c->page_off, c->col, "a dictionary of %d "
		    "entries in %d bytes (at most %lld entries)", h->nvalues,
		    h->usize, (long long)PQ_MAXDICT);
	b = page_bytes(c, h, 0, 1);
	pqi_grow(&c->dbuf, &c->dcap, (size_t)h->usize + SLACK);
	memcpy(c->dbuf, b, (size_t)h->usize + SLACK);
	pqi_grow(&c->dict, &c->dictcap, ((size_t)h->nvalues + 1) *
	    sizeof *c->dict);
	c->vp = c->dbuf;
	c->vend = c->dbuf + h->usize;
	c->bit = 0;
	c->pg = c->dbuf;	/* offsets in messages */
	pqi_plain(c, c->dict, (uint32_t)h->nvalues);
	c->ndict = (uint32_t)h->nvalues;
	c->hasdict = 1;
}

static void
need_bytes(const struct pq_cursor *c, const unsigned char *p, uint64_t n,
    const char *what)
{
	if (n > (uint64_t)(c->vend - p))
		pqi_failc(c, p, "%s of %llu bytes runs past the end of the "
		    "page", what, (unsigned long long)n);
}

/* Readies the decoder of the page's values, from c->vp. */
static void
values_begin(struct pq_cursor *c)
{
	const struct pq_column *col = c->c;
	const unsigned char *q;
	int sz = pqi_valsize(col);
	uint32_t len;

	switch (c->enc) {
	case ENC_PLAIN:
		if (col->physical == PQ_T_INT96)
			pqi_failc(c, NULL, "INT96 values are not supported");
		c->bit = 0;
		return;
	case ENC_PLAIN_DICTIONARY:
	case ENC_RLE_DICTIONARY:
		if (!c->hasdict)
			pqi_failc(c, NULL, "a dictionary-encoded page without "
			    "a dictionary page before it");
		need_bytes(c, c->vp, 1, "the bit width of dictionary indices");
		if (*c->vp > 32)
			pqi_failc(c, c->vp, "dictionary indices of %u bits",
			    *c->vp);
		pqi_rle_init(&c->ix, c->vp + 1, c->vend, *c->vp);
		return;
	case ENC_RLE:
		if (col->physical != PQ_T_BOOLEAN)
			break;
		need_bytes(c, c->vp, 4, "the length of RLE booleans");
		len = le32(c->vp);
		need_bytes(c, c->vp + 4, len, "RLE booleans");
		pqi_rle_init(&c->ix, c->vp + 4, c->vp + 4 + len, 1);
		return;
	case ENC_DELTA_BINARY_PACKED:
		if (col->physical != PQ_T_INT32 &&
		    col->physical != PQ_T_INT64)
			break;
		pqi_dbp_init(c, &c->d1, c->vp, c->vend, sz * 8);
		return;
	case ENC_DELTA_LENGTH_BYTE_ARRAY:
		if (col->physical != PQ_T_BYTE_ARRAY)
			break;
		pqi_dbp_init(c, &c->d1, c->vp, c->vend, 32);
		c->vp = pqi_dbp_end(c, c->d1);
		return;
	case ENC_DELTA_BYTE_ARRAY:
		if (col->physical != PQ_T_BYTE_ARRAY &&
		    col->physical != PQ_T_FIXED_LEN_BYTE_ARRAY)
			break;
		pqi_dbp_init(c, &c->d2, c->vp, c->vend, 32);
		q = pqi_dbp_end(c, c->d2);
		pqi_dbp_init(c, &c->d1, q, c->vend, 32);
		c->vp = pqi_dbp_end(c, c->d1);
		c->prevoff = c->prevlen = 0;
		return;
	case ENC_BYTE_STREAM_SPLIT:
		if (sz <= 0 || col->physical == PQ_T_INT96)
			break;
		if ((c->vend - c->vp) % sz != 0)
			pqi_failc(c, c->vp, "BYTE_STREAM_SPLIT: %lld bytes "
			    "are not a whole number of %d-byte values",
			    (long long)(c->vend - c->vp), sz);
		c->bss = c->vp;
		c->bssn = (uint64_t)(c->vend - c->vp) / (uint64_t)sz;
		c->bssi = 0;
		return;
	}
	if (strcmp(pq_encoding_name(c->enc), "?") != 0)
		pqi_failc(c, NULL, "%s encoding of %s values is not supported",
		    pq_encoding_name(c->enc), pq_physical_name(col->physical));
	pqi_failc(c, NULL, "unknown encoding %d", c->enc);
}

/* The next data page's header and bytes; dictionary pages on the way are
 * read into the dictionary, index pages passed over. */
void
pqi_next_page(struct pq_cursor *c)
{
	struct pagehdr h;
	const unsigned char *b;
	size_t lvlen = 0;
	uint32_t len;

	if (c->pos >= c->end || c->chunk_left == 0)
		pqi_fail(c->pq, c->pos, c->col, "the column chunk ends after "
		    "%lld of its %lld values", (long long)(c->ch->num_values -
		    c->chunk_left), (long long)c->ch->num_values);
	read_header(c, &h);
	c->page_off = c->pos;
	c->data_off = c->pos + (int64_t)h.hlen;
	if (h.csize < 0 || h.usize < 0)
		pqi_fail(c->pq, c->page_off, c->col, "a page of %d bytes, %d "
		    "uncompressed", h.csize, h.usize);
	if (h.csize > c->end - c->data_off)
		pqi_fail(c->pq, c->page_off, c->col, "a page of %d bytes runs "
		    "past the end of the column chunk (byte %lld)", h.csize,
		    (long long)c->end);
	if (h.usize > PQ_MAXPAGE || h.csize > PQ_MAXPAGE)
		pqi_fail(c->pq, c->page_off, c->col, "a page of %d bytes (%d "
		    "compressed), more than the %lld this reader takes",
		    h.usize, h.csize, (long long)PQ_MAXPAGE);
	c->pos = c->data_off + h.csize;
	if (h.type == PAGE_DICTIONARY) {
		if (h.sub != 2)
			pqi_fail(c->pq, c->page_off, c->col, "a dictionary "
			    "page without its DictionaryPageHeader");
		dict_page(c, &h);
		return;
	}
	if (h.type != PAGE_DATA && h.type != PAGE_DATA_V2)
		return;		/* an index page, or unknown: not data */
	if (h.sub != (h.type == PAGE_DATA ? 1 : 3))
		pqi_fail(c->pq, c->page_off, c->col, "a data page without its "
		    "%s", h.type == PAGE_DATA ? "DataPageHeader" :
		    "DataPageHeaderV2");
	if (h.nvalues < 0 || h.nvalues > c->chunk_left)
		pqi_fail(c->pq, c->page_off, c->col, "a page of %d values, "
		    "with %lld left in the column chunk", h.nvalues,
		    (long long)c->chunk_left);
	c->nulls_said = -1;
	if (h.type == PAGE_DATA_V2) {
		if (h.nrows != h.nvalues)
			pqi_fail(c->pq, c->page_off, c->col, "a page of %d "
			    "rows and %d values in a flat column", h.nrows,
			    h.nvalues);
		if (h.nnulls < 0 || h.nnulls > h.nvalues ||
		    (h.nnulls > 0 && !c->c->optional))
			pqi_fail(c->pq, c->page_off, c->col, "a page of %d "
			    "values of which %d null, in a%s column",
			    h.nvalues, h.nnulls,
			    c->c->optional ? "n optional" : " required");
		if (h.deflen < 0 || h.replen < 0 || (int64_t)h.deflen +
		    h.replen > h.csize)
			pqi_fail(c->pq, c->page_off, c->col, "levels of %d "
			    "and %d bytes in a page of %d", h.replen, h.deflen,
			    h.csize);
		c->nulls_said = h.nnulls;
		lvlen = (size_t)h.deflen + (size_t)h.replen;
	}
	b = page_bytes(c, &h, lvlen, h.type == PAGE_DATA ? 1 : h.compressed);
	c->pgend = b + h.usize;
	c->seen_data = 1;
	c->chunk_left -= h.nvalues;
	c->page_left = h.nvalues;
	c->nulls = 0;
	c->vend = c->pgend;
	c->enc = h.enc;
	if (h.type == PAGE_DATA_V2) {
		if (c->c->optional)
			pqi_rle_init(&c->def, b + h.replen, b + lvlen, 1);
		c->vp = b + lvlen;
	} else if (c->c->optional) {
		if (h.defenc != ENC_RLE)
			pqi_fail(c->pq, c->page_off, c->col, "definition "
			    "levels in %s encoding (%d) are not supported",
			    pq_encoding_name(h.defenc), h.defenc);
		c->vp = b;
		need_bytes(c, b, 4, "the length of the definition levels");
		len = le32(b);
		need_bytes(c, b + 4, len, "definition levels");
		pqi_rle_init(&c->def, b + 4, b + 4 + len, 1);
		c->vp = b + 4 + len;
	} else
		c->vp = b;
	values_begin(c);
}

/* At a page's end, what it held must be what its header said. */
void
pqi_end_page(struct pq_cursor *c)
{
	const unsigned char *at = NULL;
	int left = 0;

	if (c->nulls_said >= 0 && c->nulls != c->nulls_said)
		pqi_fail(c->pq, c->page_off, c->col, "nulls: %d by the page's "
		    "definition levels, %d by its header", c->nulls,
		    c->nulls_said);
	switch (c->enc) {
	case ENC_PLAIN:
		left = c->c->physical == PQ_T_BOOLEAN ?
		    (c->bit + 7) / 8 != (uint64_t)(c->vend - c->vp) :
		    c->vp != c->vend;
		at = c->vp;
		break;
	case ENC_DELTA_BINARY_PACKED:
		left = c->d1.left != 0;
		break;
	case ENC_DELTA_LENGTH_BYTE_ARRAY:
	case ENC_DELTA_BYTE_ARRAY:
		left = c->d1.left != 0 || c->vp != c->vend;
		at = c->vp;
		break;
	case ENC_BYTE_STREAM_SPLIT:
		left = c->bssi != c->bssn;
		break;
	}
	if (left)
		pqi_failc(c, at, "the page holds more values than its %s",
		    c->c->optional ? "definition levels give" :
		    "num_values says");
}

/* The 8 levels of a byte of width-1 bit-packed ones, least significant
 * bit first; how many are 1. */
static inline uint32_t
bytelevels(uint32_t *lv, unsigned b)
{
	lv[0] = b & 1;
	lv[1] = b >> 1 & 1;
	lv[2] = b >> 2 & 1;
	lv[3] = b >> 3 & 1;
	lv[4] = b >> 4 & 1;
	lv[5] = b >> 5 & 1;
	lv[6] = b >> 6 & 1;
	lv[7] = b >> 7 & 1;
	return lv[0] + lv[1] + lv[2] + lv[3] + lv[4] + lv[5] + lv[6] + lv[7];
}

/*
 * k definition levels into lv, each 0 or 1 (checked per run: a bit-packed
 * run of width 1 holds nothing else); how many are 1.  Where all k are 1
 * (a column without nulls: a run of ones), lv is left as it was: its
 * reader looks at it only when some level is 0.
 */
uint32_t
pqi_def_levels(struct pq_cursor *c, uint32_t *lv, uint32_t k)
{
	struct rle *r = &c->def;
	/* The levels [0, ones) are 1, not yet in lv. */
	uint32_t got = 0, n, i, nn = 0, ones = 0;
	uint64_t bit;

	while (got < k) {
		if (r->left == 0 && !pqi_rle_run(r))
			pqi_failc(c, r->p, "the definition levels end before "
			    "the page's %d values do", c->page_left);
		n = k - got;
		if (n > r->left)
			n = (uint32_t)r->left;
		r->left -= n;
		if (!r->packed) {
			if (r->value > 1)
				pqi_failc(c, r->p, "a definition level of %u "
				    "in a flat column (0 or 1)", r->value);
			if (r->value == 1 && ones == got) {
				ones += n;
				nn += n;
				got += n;
				continue;
			}
			for (; ones > 0; ones--)
				lv[ones - 1] = 1;
			for (i = 0; i < n; i++)
				lv[got + i] = r->value;
			nn += r->value * n;
		} else {
			for (; ones > 0; ones--)
				lv[ones - 1] = 1;
			bit = r->bit;
			i = 0;
			/* A byte of 8 levels at a time, where the
			 * levels start at one. */
			for (; i + 8 <= n && (bit & 7) == 0; i += 8, bit += 8)
				nn += bytelevels(lv + got + i, r->bp[bit >> 3]);
			for (; i < n; i++, bit++) {
				lv[got + i] = r->bp[bit >> 3] >> (bit & 7) & 1;
				nn += lv[got + i];
			}
			r->bit = bit;
		}
		got += n;
	}
	return nn;
}

