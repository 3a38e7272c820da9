/*
 * Parquet files with flat schemas, read a row at a time (see parquet.h for
 * the facts of the format this relies on).
 *
 * Each selected column has a cursor over its column chunk in the current
 * row group: the chunk's bytes are read ahead into a buffer, a page is
 * decompressed (if need be) into another, and PQ_BATCH values at a time
 * are decoded from it into cells, never past the page's end, so that
 * strings can point into the page.  pq_next steps every cursor by one
 * cell.
 *
 * Every buffer a decoder reads has at least SLACK readable bytes past the
 * end of its data (zeroed, or the next bytes of the file), so that bit
 * unpacking may load 8 bytes at a time without a bounds check per value;
 * the values it takes are always checked to lie within the data.
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

/*
 * The codecs, by Parquet's CompressionCodec number.  A NULL function is a
 * codec this build cannot decompress.
 */
static const struct codec {
	const char *name;
	codec_fn *fn;
} codecs[] = {
	{ "UNCOMPRESSED", NULL },
	{ "SNAPPY", snappy_decompress },
	{ "GZIP", gzip_decompress },
	{ "LZO", NULL },
	{ "BROTLI", brotli_decompress },
	{ "LZ4", lz4hadoop_decompress },	/* deprecated: Hadoop frames */
	{ "ZSTD", zstd_decompress },
	{ "LZ4_RAW", lz4raw_decompress },
};
#define NCODECS (int)(sizeof codecs / sizeof codecs[0])


/* ---- messages ---- */

static const char *const physname[] = {
	"BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BYTE_ARRAY",
	"FIXED_LEN_BYTE_ARRAY"
};

static const char *const encname[] = {
	"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
	"DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
	"RLE_DICTIONARY", "BYTE_STREAM_SPLIT", "ALP"
};

const char *
pq_physical_name(int t)
{
	return t >= 0 && t < 8 ? physname[t] : "?";
}

const char *
pq_codec_name(int c)
{
	return c >= 0 && c < NCODECS ? codecs[c].name : "?";
}

const char *
pq_encoding_name(int e)
{
	return e >= 0 && e < (int)(sizeof encname / sizeof encname[0]) ?
	    encname[e] : "?";
}

static _Noreturn void
vfail(const struct pq *p, long long off, int col, const char *fmt,
    va_list ap)
{
	char msg[600];

	vsnprintf(msg, sizeof msg, fmt, ap);
	if (col >= 0)
		np_die("%s: byte %lld: column %s: %s", p->file, off,
		    p->col[col].name, msg);
	np_die("%s: byte %lld: %s", p->file, off, msg);
}

_Noreturn void NP_PRINTF(4, 5)
pqi_fail(const struct pq *p, long long off, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(p, off, col, fmt, ap);
}

/* A decoding error at byte at of the current page. */
_Noreturn void NP_PRINTF(3, 4)
pqi_failc(const struct pq_cursor *c, const unsigned char *at, const char *fmt,
    ...)
{
	char msg[500];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (c->in_file || at == NULL)
		pqi_fail(c->pq, at ? c->data_off + (at - c->pg) : c->page_off,
		    c->col, "%s", msg);
	pqi_fail(c->pq, c->page_off, c->col, "%s (byte %lld of the page "
	    "decompressed)", msg, (long long)(at - c->pg));
}

/* Grows *buf to hold n bytes. */
void
pqi_grow(void *bufp, size_t *cap, size_t n)
{
	void **buf = bufp;

	if (n <= *cap)
		return;
	if (n < 2 * *cap)
		n = 2 * *cap;
	*buf = np_realloc(*buf, n);
	*cap = n;
}

/* ---- the file ---- */

void
pqi_readat(const struct pq *p, int col, void *buf, size_t n, long long off)
{
	unsigned char *b = buf;
	ssize_t k;

	while (n > 0) {
		k = pread(p->fd, b, n, (off_t)off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			pqi_fail(p, off, col, "%s", strerror(errno));
		if (k == 0)
			pqi_fail(p, off, col, "the file ended early (did it "
			    "shrink while read?)");
		b += k;
		n -= (size_t)k;
		off += k;
	}
}

/* The nn values out holds to their rows of k, lv saying which (1) hold
 * one, the rest nulls: from the last. */
static void
spread(struct pq_cell *out, const uint32_t *lv, uint32_t k, uint32_t nn)
{
	uint32_t i, j = nn;

	for (i = k; i-- > 0;) {
		if (lv[i])
			out[i] = out[--j];
		else {
			out[i].kind = PQ_NULL;
			out[i].len = 0;
		}
	}
}

/* The next batch of cells, within the current page. */
static void
refill(struct pq_cursor *c)
{
	uint32_t k, nn, *lv = c->lv;
	struct pq_cell *out = c->cells;

	while (c->page_left == 0)
		pqi_next_page(c);
	k = c->page_left < PQ_BATCH ? (uint32_t)c->page_left : PQ_BATCH;
	nn = k;
	if (c->c->optional)
		nn = pqi_def_levels(c, lv, k);
	/* A dictionary's values, and a PLAIN page's text, put in their rows
	 * at once; the rest decoded, then spread. */
	if (nn < k && pqi_dict_spread(c, out, lv, k, nn))
		;
	else if (nn < k && pqi_text_spread(c, out, lv, k)) {
		if (c->intern == PQ_IEAGER)
			pqi_intern(c, out, k, nn);
	} else {
		pqi_values(c, out, nn);
		if (c->c->conv)
			pqi_convert(c, out, nn);
		else if (c->intern == PQ_IEAGER &&
		    c->enc != ENC_PLAIN_DICTIONARY &&
		    c->enc != ENC_RLE_DICTIONARY)
			pqi_intern(c, out, nn, nn);
		if (nn < k)
			spread(out, lv, k, nn);
	}
	c->nulls += (int32_t)(k - nn);
	c->page_left -= (int32_t)k;
	if (c->page_left == 0)
		pqi_end_page(c);
	c->n = (int)k;
	c->hasnull = nn < k;
}

static void
open_chunk(struct pq *p, struct pq_cursor *c)
{
	const struct pq_chunk *ch = pq_chunk(p, p->rg, c->col);

	c->ch = ch;
	if (ch->codec < 0 || ch->codec >= NCODECS)
		pqi_fail(p, ch->start, c->col, "unknown codec %d", ch->codec);
	if (ch->codec != 0 && !codecs[ch->codec].fn)
		pqi_fail(p, ch->start, c->col, "the %s codec is not supported",
		    codecs[ch->codec].name);
	c->decompress = codecs[ch->codec].fn;
	c->pos = ch->start;
	c->end = ch->start + ch->compressed;
	c->chunk_left = ch->num_values;
	c->seen_data = 0;
	c->hasdict = 0;
	c->ndict = 0;
	c->clen = 0;
	c->page_left = 0;
	c->base = 0;
	c->n = 0;
}

void
pq_select(struct pq *p, int col)
{
	struct pq_cursor *c;

	if (p->started)
		np_die("%s: pq_select after the first row", p->file);
	if (col < 0 || col >= p->ncol || p->sel[col] >= 0)
		return;
	if (p->col[col].refuse)
		np_die("%s: column %s: %s", p->file, p->col[col].name,
		    p->col[col].refuse);
	p->cur = np_realloc(p->cur, (size_t)(p->ncur + 1) * sizeof *p->cur);
	c = &p->cur[p->ncur];
	memset(c, 0, offsetof(struct pq_cursor, lv));
	c->pq = p;
	c->col = col;
	c->c = &p->col[col];
	p->sel[col] = p->ncur++;
}

/*
 * Every cursor's batch covers the current row: pq_next moves a row number,
 * and only at the first row past some batch (refill_at) refills those that
 * end there, so that most rows touch no cursor at all.
 */
/* Progress over the bytes to be read: the chunks of the columns
 * selected, never the rest of the file. */
static void
progress_begin(const struct pq *p)
{
	long long total = 0;
	int rg, i;

	for (rg = 0; rg < p->nrg; rg++)
		for (i = 0; i < p->ncur; i++)
			total += pq_chunk(p, rg, p->cur[i].col)->compressed;
	prog_begin(p->file, p->fd, total);
}

/*
 * pq_next at a row some batch does not cover (or the first of a row group,
 * or the end): out of line, so that the usual row is a few steps without
 * a frame.
 */
static NP_COLD int
pq_step(struct pq *p)
{
	struct pq_cursor *c;
	int64_t row, next;
	int i;

	if (!p->started) {
		progress_begin(p);
		p->batch = np_realloc(NULL, (size_t)(p->ncur ? p->ncur : 1) *
		    sizeof *p->batch);
		for (i = 0; i < p->ncur; i++)
			p->batch[i].cells = p->cur[i].cells;
	}
	p->started = 1;
	while (p->rg_left == 0) {
		if (p->rg + 1 >= p->nrg) {
			p->rg = p->nrg;
			return 0;
		}
		p->rg++;
		p->rg_left = p->rg_rows[p->rg];
		for (i = 0; i < p->ncur; i++)
			open_chunk(p, &p->cur[i]);
		p->row = -1;
		p->refill_at = 0;
	}
	p->rg_left--;
	row = ++p->row;
	if (row < p->refill_at)
		return 1;
	p->moved++;
	next = INT64_MAX;
	for (i = 0; i < p->ncur; i++) {
		c = &p->cur[i];
		if (c->base + c->n == row) {
			refill(c);
			c->base = p->batch[i].base = row;
			p->batch[i].hasnull = c->hasnull;
		}
		if (c->base + c->n < next)
			next = c->base + c->n;
	}
	p->refill_at = next;
	return 1;
}

int
pq_next(struct pq *p)
{
	if (p->started && p->rg_left > 0 && p->row + 1 < p->refill_at) {
		p->rg_left--;
		p->row++;
		return 1;
	}
	return pq_step(p);
}

const struct pq_cell *
pq_cell(const struct pq *p, int col)
{
	const struct pq_cursor *c;

	if (col < 0 || col >= p->ncol || p->sel[col] < 0 || p->rg < 0 ||
	    p->rg >= p->nrg)
		return NULL;
	c = &p->cur[p->sel[col]];
	return &c->cells[p->row - c->base];
}

void
pq_intern(struct pq *p, int col)
{
	int i = pq_selected(p, col);

	if (i >= 0 && p->col[col].physical == PQ_T_BYTE_ARRAY)
		p->cur[i].intern = PQ_IEAGER;
}

void
pq_intern_lazy(struct pq *p, int col)
{
	int i = pq_selected(p, col);

	if (i >= 0 && p->col[col].physical == PQ_T_BYTE_ARRAY)
		p->cur[i].intern = PQ_ILAZY;
}

int
pq_selected(const struct pq *p, int col)
{
	return col >= 0 && col < p->ncol ? p->sel[col] : -1;
}
