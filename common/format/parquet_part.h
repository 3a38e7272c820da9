/*
 * parquet_part: what the parts of the Parquet reader share, and nothing
 * else uses (the pqi_ functions):
 *   parquet.c         the file, its messages, and a row at a time over
 *                     the selected columns' cursors;
 *   parquet_meta.c    the footer: schema, columns, row groups, chunks;
 *   parquet_pages.c   a column chunk's bytes and pages: headers,
 *                     decompression, the dictionary page, levels;
 *   parquet_values.c  the value encodings (PLAIN, RLE / bit-packed,
 *                     dictionary, DELTA_*, BYTE_STREAM_SPLIT) and the
 *                     logical types' values from their storage.
 */
#ifndef NP_PARQUET_PART_H
#define NP_PARQUET_PART_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/msg.h"
#include "codec/codec.h"
#include "format/parquet.h"

#define SLACK 16

/* The bytes first read for a page header (more if it is longer). */
#ifndef PQ_HEADER_FIRST
#define PQ_HEADER_FIRST 4096
#endif

enum { ENC_PLAIN = 0, ENC_PLAIN_DICTIONARY = 2, ENC_RLE = 3,
	ENC_BIT_PACKED = 4, ENC_DELTA_BINARY_PACKED = 5,
	ENC_DELTA_LENGTH_BYTE_ARRAY = 6, ENC_DELTA_BYTE_ARRAY = 7,
	ENC_RLE_DICTIONARY = 8, ENC_BYTE_STREAM_SPLIT = 9 };

enum { PAGE_DATA = 0, PAGE_INDEX = 1, PAGE_DICTIONARY = 2,
	PAGE_DATA_V2 = 3 };


/* The RLE / bit-packed hybrid: runs of one repeated value, or of groups of
 * 8 values packed width bits each, least significant bit first. */
struct rle {
	const unsigned char *p, *end;
	unsigned width;
	uint32_t mask;
	uint64_t left;		/* values left in the current run */
	int packed;
	uint32_t value;		/* an RLE run's value */
	const unsigned char *bp;	/* a packed run's bytes */
	uint64_t bit;		/* the next value's first bit there */
};

/* DELTA_BINARY_PACKED: blocks of miniblocks of bit-packed deltas. */
struct dbp {
	const unsigned char *p, *end;
	uint64_t left;		/* values not yet handed out */
	uint64_t last, mindelta;
	uint64_t vpm, nmini;	/* values per miniblock, miniblocks a block */
	uint64_t mini;		/* the next miniblock of the block */
	uint64_t inmini;	/* values left in the current miniblock */
	const unsigned char *widths, *mb;
	uint64_t bit;
	unsigned width, maxwidth;
	int first;
};

/*
 * pq_intern's table: a text value of at most PQ_IMAX bytes, kept where
 * it hashes (or the slot after) while that slot is free.  A slot is
 * never given other bytes, so that every cell pointing at it stays
 * right.
 */
/* 1024 slots, 64 KB a column: with 256, a column of a few hundred source
 * locations (a model's) left a tenth of its values out, each such row
 * its key made the long way.  The slot is the hash's high bits: its low
 * ones depend only on the first and last bytes' low ones, which texts
 * of one path and a line number share. */
#define PQ_IBITS 10
#define PQ_ISLOTS (1 << PQ_IBITS)
#define PQ_IMAX 60
#define PQ_IWINDOW 4096		/* values between looks at the hit rate */
enum { PQ_IEAGER = 1, PQ_ILAZY };
struct pq_islot {
	uint32_t len;		/* UINT32_MAX: free */
	char s[PQ_IMAX];
};

struct pq_cursor {
	struct pq *pq;
	int col;
	const struct pq_column *c;
	const struct pq_chunk *ch;
	codec_fn *decompress;

	/* The chunk. */
	int64_t pos, end;	/* the next page header; the chunk's end */
	int64_t chunk_left;	/* its values not yet in a page read */
	int seen_data;

	/* Buffers. */
	unsigned char *cbuf;	/* file bytes [coff, coff + clen) */
	size_t ccap, clen;
	int64_t coff;
	unsigned char *ubuf;	/* a decompressed page */
	size_t ucap;
	unsigned char *dbuf;	/* the dictionary page's bytes */
	size_t dcap;
	struct pq_cell *dict;
	size_t dictcap;
	uint32_t ndict;
	int hasdict;
	char *sbuf;		/* values built from pieces */
	size_t scap;
	char *tbuf;		/* values' text (conv): a batch's */
	size_t tcap;

	/* The page. */
	int64_t page_off;	/* its header, for messages */
	int64_t data_off;	/* its data */
	int in_file;		/* pg is the file's bytes, not decompressed */
	const unsigned char *pg, *pgend;
	int32_t page_left;	/* values, nulls too, not yet decoded */
	int32_t nulls_said;	/* v2: num_nulls; -1 in v1 */
	int32_t nulls;
	struct rle def;
	int enc;
	const unsigned char *vp, *vend;	/* the values */
	uint64_t bit;		/* PLAIN booleans */
	struct rle ix;		/* dictionary indices, RLE booleans */
	struct dbp d1;		/* values, or (suffix) lengths */
	struct dbp d2;		/* DELTA_BYTE_ARRAY's prefix lengths */
	const unsigned char *bss;
	uint64_t bssn, bssi;
	size_t prevoff, prevlen;	/* DELTA_BYTE_ARRAY's previous value */

	/* Text values kept for pq_intern: pitab (allocated at the first
	 * page to use it), ptries and phits the window's values and the
	 * ones found; intern, PQ_IEAGER (each batch's values) or PQ_ILAZY (a
	 * value when asked for: pq_intern_text), 0 none. */
	int intern;
	struct pq_islot *pitab;
	uint32_t ptries, phits;

	/* The batch: cells of the row group's rows [base, base + n); hasnull
	 * when one of them is a null. */
	int64_t base;
	int n;
	int hasnull;
	uint32_t lv[PQ_BATCH];
	uint32_t tmp[PQ_BATCH];
	struct pq_cell cells[PQ_BATCH];
};

/* How a column's storage becomes its values (struct pq_column's conv). */
enum { CONV_NONE, CONV_DECINT, CONV_DECBYTES, CONV_DATE, CONV_UUID,
	CONV_HALF };

/* Inline, and one load where the machine is little-endian: PLAIN numbers
 * are read one a value. */
static inline uint32_t
le32(const unsigned char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t v;

	memcpy(&v, s, 4);
	return v;
#else
	return (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 |
	    (uint32_t)s[3] << 24;
#endif
}

static inline uint64_t
le64(const unsigned char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;

	memcpy(&v, s, 8);
	return v;
#else
	return (uint64_t)le32(s) | (uint64_t)le32(s + 4) << 32;
#endif
}

/* parquet.c: messages, buffers, the file. */
_Noreturn void pqi_fail(const struct pq *p, long long off, int col,
    const char *fmt, ...) NP_PRINTF(4, 5);
/* A decoding error at byte at of the current page. */
_Noreturn void pqi_failc(const struct pq_cursor *c, const unsigned char *at,
    const char *fmt, ...) NP_PRINTF(3, 4);
/* Grows *buf to hold n bytes. */
void pqi_grow(void *bufp, size_t *cap, size_t n);
/* n bytes at off into buf, or dies naming the byte a read failed at (and
 * column col's chunk, when col >= 0: the footer is no column's). */
void pqi_readat(const struct pq *p, int col, void *buf, size_t n,
    long long off);

/* parquet_pages.c: a chunk's pages. */
/* The next data page, its levels and values begun; a dictionary page is
 * read into the dictionary, index pages passed over. */
void pqi_next_page(struct pq_cursor *c);
/* At a page's end, what it held must be what its header said. */
void pqi_end_page(struct pq_cursor *c);
/* The definition levels of the next k values into lv: how many of them
 * are not null. */
uint32_t pqi_def_levels(struct pq_cursor *c, uint32_t *lv, uint32_t k);

/* parquet_values.c: the encodings. */
void pqi_rle_init(struct rle *r, const unsigned char *p,
    const unsigned char *end, unsigned width);
/* Starts the next run: 0 if the data has ended. */
int pqi_rle_run(struct rle *r);
void pqi_dbp_init(const struct pq_cursor *c, struct dbp *d,
    const unsigned char *p, const unsigned char *end, unsigned maxwidth);
/* Where the encoded values end: past the miniblocks they need. */
const unsigned char *pqi_dbp_end(const struct pq_cursor *c, struct dbp d);
/* The byte size of a fixed-size value; 0 for BYTE_ARRAY, -1 BOOLEAN. */
int pqi_valsize(const struct pq_column *col);
/* n PLAIN values from c->vp into out. */
void pqi_plain(struct pq_cursor *c, struct pq_cell *out, uint32_t n);
/* n values of the page's encoding into out. */
void pqi_values(struct pq_cursor *c, struct pq_cell *out, uint32_t n);
/* A dictionary-encoded batch of k rows with nn values (lv, 1 a value, 0 a
 * null) straight into its rows: 1, or 0 where the page is not one (or its
 * values are converted), for pqi_values and a spread. */
int pqi_dict_spread(struct pq_cursor *c, struct pq_cell *out,
    const uint32_t *lv, uint32_t k, uint32_t nn);
/* The same for a PLAIN text page's values. */
int pqi_text_spread(struct pq_cursor *c, struct pq_cell *out,
    const uint32_t *lv, uint32_t k);
/* The text cells among the n of out (of a page not dictionary-encoded),
 * nv values, pointed at pq_intern's copies of their bytes where it keeps
 * them. */
void pqi_intern(struct pq_cursor *c, struct pq_cell *out, uint32_t n,
    uint32_t nv);
/* The n cells of out, of the column's storage, made the values of its
 * logical type. */
void pqi_convert(struct pq_cursor *c, struct pq_cell *out, uint32_t n);

#endif
