/*
 * parquet: a pull reader of Apache Parquet files with flat schemas, one row
 * at a time over column-wise decoding.
 *
 * Facts of the format it relies on:
 *   - a file starts and ends with the magic "PAR1"; the 8 bytes before the
 *     end are the footer's length (4 bytes, little-endian) and the magic;
 *     the footer, a Thrift compact FileMetaData (thrift.h), comes before;
 *   - the schema is a list of elements in depth-first order, the first the
 *     root; a group states its number of children; each leaf (an element
 *     with a physical type and no children) is a column, in that order;
 *     a flat schema's root has one leaf child per column, not repeated;
 *     leaves in groups, or repeated, are nested columns, named here by
 *     their path joined with '.' and refused when selected;
 *   - rows are split into row groups; a row group holds one column chunk per
 *     leaf column, located by its dictionary_page_offset (if any) or
 *     data_page_offset, total_compressed_size bytes long, made of pages, each
 *     a Thrift PageHeader then compressed_page_size bytes;
 *   - a chunk has at most one dictionary page, before its data pages; a
 *     data page (v1 or v2) holds num_values values, nulls included; with a
 *     flat optional column, each value has a definition level, 1 for a value
 *     and 0 for a null, in the RLE/bit-packed hybrid encoding (v1: a 4-byte
 *     length first, within the compressed part; v2: before the compressed
 *     part, uncompressed, of a stated length), then the non-null values;
 *   - values are encoded PLAIN, by dictionary (PLAIN_DICTIONARY or
 *     RLE_DICTIONARY: a bit width byte, then hybrid-encoded indices),
 *     RLE (booleans), DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY,
 *     DELTA_BYTE_ARRAY or BYTE_STREAM_SPLIT; all multi-byte numbers are
 *     little-endian.
 *
 * The file must be seekable (the footer is at its end).  Only the chunks of
 * the selected columns (pq_select) are ever read.
 *
 *	struct pq p;
 *	pq_open(&p, path);
 *	pq_select(&p, col);		(each column wanted)
 *	while (pq_next(&p))
 *		v = pq_cell(&p, col);	(valid until the next pq_next)
 *	pq_close(&p);
 *
 * What a cell holds, by the column's physical and logical type:
 *   BOOLEAN		PQ_BOOL, i 0 or 1
 *   INT32, INT64	PQ_INT, i; PQ_UINT, u for unsigned INTEGER (UINT_8 to
 *			UINT_64, so that a UINT_64 above INT64_MAX stays
 *			right); DECIMAL the unscaled integer (the column's
 *			scale says where the point goes); DATE days since
 *			1970-01-01; TIME and TIMESTAMP a count of the
 *			column's unit (ms, us or ns)
 *   FLOAT, DOUBLE	PQ_DOUBLE, d (a FLOAT widened exactly: the column's
 *			physical type says it was one, for its digits)
 *   BYTE_ARRAY,	PQ_BYTES, s and len, pointing into the page or the
 *   FIXED_LEN_BYTE_ARRAY	dictionary (no copy, no NUL)
 *   a null		PQ_NULL
 *
 * Except for the logical types whose storage is not their value, given as
 * their value (kind says which; rawkind is what the storage decodes to):
 *   DECIMAL		PQ_BYTES: its exact decimal text, scale digits after
 *			the point ("300.00", "-0.05", "12" for scale 0),
 *			from an INT32, INT64 or the big-endian two's
 *			complement bytes of a BYTE_ARRAY or
 *			FIXED_LEN_BYTE_ARRAY (at most PQ_MAXDECBYTES)
 *   DATE		PQ_BYTES: "YYYY-MM-DD" (proleptic Gregorian)
 *   UUID		PQ_BYTES: 36 characters, lower-case hex and hyphens
 *   FLOAT16		PQ_DOUBLE, d (a half widened exactly)
 * and those it cannot give as a value are refused when selected, naming
 * the column and why (refuse): INT96; BSON, INTERVAL, GEOMETRY,
 * GEOGRAPHY, VARIANT and types unknown to it; a logical type on a
 * physical type it does not fit; a nested or repeated column.
 *
 * Memory is bounded by the pages of the selected columns, not by the file:
 *   - the footer, at most PQ_MAXFOOTER bytes, and what it decodes to (a few
 *     dozen bytes per column chunk);
 *   - per selected column: one buffer of compressed bytes (a page and its
 *     header, read ahead up to PQ_READAHEAD) and one of decompressed
 *     bytes, reused and grown to the largest page met; a page larger than
 *     PQ_MAXPAGE, or a page header larger than PQ_MAXHEADER, is an error;
 *   - per selected column, its dictionary: the page's bytes and 24 bytes per
 *     entry, at most PQ_MAXDICT entries;
 *   - per selected column, PQ_BATCH decoded cells, and for DELTA_BYTE_ARRAY
 *     and BYTE_STREAM_SPLIT of FIXED_LEN_BYTE_ARRAY the bytes of PQ_BATCH
 *     values (at most PQ_MAXPAGE).
 *
 * Errors die through np_die as "FILE: byte OFFSET: column NAME: what was
 * wrong" (the column left out where none applies).
 */
#ifndef NP_PARQUET_H
#define NP_PARQUET_H

#include <stddef.h>
#include <stdint.h>

#define PQ_MAXFOOTER (64LL << 20)
#define PQ_MAXPAGE (256LL << 20)
#define PQ_MAXHEADER (16LL << 20)
#define PQ_MAXDICT (1LL << 24)
#define PQ_MAXDECBYTES 32	/* a DECIMAL's bytes: 77 digits */
#ifndef PQ_READAHEAD
#define PQ_READAHEAD (1 << 20)
#endif
#ifndef PQ_BATCH
#define PQ_BATCH 1024
#endif

/* What a cell holds. */
enum pq_kind { PQ_NULL, PQ_INT, PQ_UINT, PQ_DOUBLE, PQ_BOOL, PQ_BYTES };

struct pq_cell {
	int kind;		/* enum pq_kind */
	union {
		int64_t i;	/* PQ_INT, PQ_BOOL (0 or 1) */
		uint64_t u;	/* PQ_UINT */
		double d;	/* PQ_DOUBLE (FLOAT widened) */
		const char *s;	/* PQ_BYTES, len bytes, not NUL-terminated */
	};
	size_t len;
};

/* Parquet's physical types. */
enum pq_physical {
	PQ_T_BOOLEAN, PQ_T_INT32, PQ_T_INT64, PQ_T_INT96, PQ_T_FLOAT,
	PQ_T_DOUBLE, PQ_T_BYTE_ARRAY, PQ_T_FIXED_LEN_BYTE_ARRAY
};

/* The logical (or converted) types this reader tells apart; the others are
 * PQ_L_OTHER, their values given as the physical type's. */
enum pq_logical {
	PQ_L_NONE, PQ_L_STRING, PQ_L_INTEGER, PQ_L_DECIMAL, PQ_L_DATE,
	PQ_L_TIME, PQ_L_TIMESTAMP, PQ_L_ENUM, PQ_L_JSON, PQ_L_BSON, PQ_L_UUID,
	PQ_L_FLOAT16, PQ_L_NULLTYPE, PQ_L_OTHER
};

enum pq_unit { PQ_MILLIS = 1, PQ_MICROS, PQ_NANOS };

struct pq_column {
	char *name;
	int physical;		/* enum pq_physical */
	int type_length;	/* FIXED_LEN_BYTE_ARRAY */
	int optional;		/* 0 required, 1 optional */
	int logical;		/* enum pq_logical */
	int unit;		/* TIME, TIMESTAMP: enum pq_unit */
	int utc;		/* TIME, TIMESTAMP: isAdjustedToUTC */
	int bits, is_signed;	/* INTEGER */
	int scale, precision;	/* DECIMAL */
	int kind;		/* enum pq_kind of its non-null values */
	int rawkind;		/* enum pq_kind its storage decodes to */
	int conv;		/* how rawkind becomes kind (parquet.c) */
	size_t convlen;		/* the longest text conv makes of a value */
	const char *other;	/* PQ_L_OTHER: the type's name, or NULL */
	int otherid;		/* and its LogicalType id (ConvertedType: -) */
	char *refuse;		/* why it cannot be read, NULL if it can */
	int nested;		/* a leaf of a group, or repeated */
};

/* One column chunk, as the footer describes it. */
struct pq_chunk {
	int codec;		/* Parquet's CompressionCodec */
	uint32_t encodings;	/* bit e set: encoding e listed */
	int physical;
	int64_t num_values;
	int64_t compressed, uncompressed;	/* total sizes */
	int64_t data_page_offset;
	int64_t dictionary_page_offset;		/* -1 if none */
	int64_t start;		/* where its first page begins */
};

struct pq_cursor;

struct pq {
	const char *file;
	int fd;
	long long size;
	unsigned char *footer;
	int ncol;
	struct pq_column *col;
	int nrg;
	int64_t *rg_rows;	/* per row group */
	struct pq_chunk *chunk;	/* nrg * ncol, row group by row group */
	int64_t nrows;
	char *created_by;
	char **gpath;		/* reading the schema: its open groups' paths */
	int ngpath;

	/* The reading state: selected columns, current row group. */
	int *sel;		/* per column: its cursor, or -1 */
	int ncur;
	struct pq_cursor *cur;
	int rg;			/* current row group, -1 before the first */
	int64_t rg_left;	/* rows left in it */
	int64_t row;		/* the current row's index in it */
	int64_t refill_at;	/* the first row some cursor has no cell for */
	/* Counts the rows at which some batch began: while it stays, each
	 * selected column's cell of the next row follows the one of this
	 * row in its batch. */
	unsigned long moved;
	int started;
	/* Per cursor, in pq_select's order: its batch's cells and the row
	 * they begin at (pq_selcell), and whether one of them is a null
	 * (a reader may skip the look at each cell then). */
	struct pq_batch {
		const struct pq_cell *cells;
		int64_t base;
		int hasnull;
	} *batch;
};

/* Opens path and reads its footer; dies on any error. */
void pq_open(struct pq *p, const char *path);
void pq_close(struct pq *p);

int pq_ncols(const struct pq *p);
const struct pq_column *pq_col(const struct pq *p, int col);
int64_t pq_nrows(const struct pq *p);
int pq_nrowgroups(const struct pq *p);
int64_t pq_rowgroup_rows(const struct pq *p, int rg);
const struct pq_chunk *pq_chunk(const struct pq *p, int rg, int col);
/* The column named name (exactly), or -1. */
int pq_find(const struct pq *p, const char *name);

/* Selects a column for reading, before the first pq_next; dies when it
 * cannot be read ("FILE: column NAME: " and its refuse). */
void pq_select(struct pq *p, int col);
/*
 * A selected text column whose values a caller keys on: where its pages
 * are not dictionary-encoded, a value met before is given at the address
 * it had then (as a dictionary's are), so that a memo by address finds it.
 * Values longer than PQ_IMAX (parquet_part.h) are not kept, nor any once
 * most of a window of them are new.
 */
void pq_intern(struct pq *p, int col);
/*
 * The same for a column keyed on in some rows only: a value is kept only
 * as the caller asks for it (pq_intern_text), not each batch's.
 */
void pq_intern_lazy(struct pq *p, int col);
/*
 * For the column selected i-th (pq_selected), of pq_intern_lazy: the
 * address of s's len bytes, a value of its current batch, where they are
 * kept as pq_intern keeps them; s itself where they are not (on a
 * dictionary's page a value has one address already).
 */
const char *pq_intern_text(struct pq *p, int i, const char *s, size_t len);
/* The next row, across row groups: 1, or 0 at the end. */
int pq_next(struct pq *p);
/* A selected column's cell in the current row, valid until the next
 * pq_next; NULL for a column not selected, or when there is no row (before
 * the first pq_next, after the last). */
const struct pq_cell *pq_cell(const struct pq *p, int col);
/* The same for the column selected i-th (pq_selected), in a loop over
 * every column of every row: without pq_cell's checks, and no call; only
 * after pq_next returned 1. */
int pq_selected(const struct pq *p, int col);
static inline const struct pq_cell *
pq_selcell(const struct pq *p, int i)
{
	return &p->batch[i].cells[p->row - p->batch[i].base];
}

/* Names of Parquet's enumerations, for listings; "?" for unknown values. */
const char *pq_physical_name(int physical);
const char *pq_codec_name(int codec);
const char *pq_encoding_name(int encoding);
/* A column's logical type as text ("TIMESTAMP(MICROS,UTC)", "INT(8,true)",
 * "DECIMAL(10,2)", "" for none) into buf of size n. */
const char *pq_logical_str(const struct pq_column *c, char *buf, size_t n);

#endif
