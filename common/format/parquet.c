/*
 * Parquet files with flat schemas, read a row at a time (see parquet.h for
 * the facts of the format this relies on).
 *
 * Each selected column has a cursor over its column chunk in the current
 * row group: the chunk's bytes are read ahead (mapped, or read into a
 * buffer), a page is decompressed (if need be) into another, and PQ_BATCH
 * values at a time are decoded from it into cells, never past the page's
 * end, so that strings can point into the page.  pq_next steps every
 * cursor by one cell.
 *
 * Every buffer a decoder reads has at least SLACK readable bytes past the
 * end of its data (zeroed, or the next bytes of the file), so that bit
 * unpacking may load 8 bytes at a time without a bounds check per value;
 * the values it takes are always checked to lie within the data.
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
#include "codec/codec.h"
#include "base/msg.h"
#include "format/parquet.h"
#include "base/progress.h"
#include "format/thrift.h"

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
	const unsigned char *cb;	/* file bytes [coff, coff + clen): */
	unsigned char *cbuf;	/* read into this, */
	unsigned char *map;	/* or mapped, maplen bytes from a page */
	size_t ccap, clen, maplen;
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

	/* The batch: cells of the row group's rows [base, base + n). */
	int64_t base;
	int n;
	uint32_t lv[PQ_BATCH];
	uint32_t tmp[PQ_BATCH];
	struct pq_cell cells[PQ_BATCH];
};

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

static _Noreturn void NP_PRINTF(4, 5)
fail(const struct pq *p, long long off, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(p, off, col, fmt, ap);
}

/* A decoding error at byte at of the current page. */
static _Noreturn void NP_PRINTF(3, 4)
failc(const struct pq_cursor *c, const unsigned char *at, const char *fmt,
    ...)
{
	char msg[500];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (c->in_file || at == NULL)
		fail(c->pq, at ? c->data_off + (at - c->pg) : c->page_off,
		    c->col, "%s", msg);
	fail(c->pq, c->page_off, c->col, "%s (byte %lld of the page "
	    "decompressed)", msg, (long long)(at - c->pg));
}

/* Grows *buf to hold n bytes. */
static void
grow(void *bufp, size_t *cap, size_t n)
{
	void **buf = bufp;

	if (n <= *cap)
		return;
	if (n < 2 * *cap)
		n = 2 * *cap;
	*buf = np_realloc(*buf, n);
	*cap = n;
}

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

/* ---- the file ---- */

static void
readat(const struct pq *p, void *buf, size_t n, long long off)
{
	unsigned char *b = buf;
	ssize_t k;

	while (n > 0) {
		k = pread(p->fd, b, n, (off_t)off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			np_die("%s: byte %lld: %s", p->file, off,
			    strerror(errno));
		if (k == 0)
			np_die("%s: byte %lld: the file ended early (did it "
			    "shrink while read?)", p->file, off);
		b += k;
		n -= (size_t)k;
		off += k;
	}
}

/* ---- the footer ---- */

static char *
xstrndup(const unsigned char *s, size_t n)
{
	char *d = np_realloc(NULL, n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* A TimeUnit union: which of its empty structs is there. */
static int
timeunit(struct thrift *t)
{
	struct th_field f;
	int unit = 0;

	th_begin(t, &f, "TimeUnit");
	while (th_next(t, &f)) {
		if (f.type == TH_STRUCT && f.id >= 1 && f.id <= 3)
			unit = f.id;	/* PQ_MILLIS, PQ_MICROS, PQ_NANOS */
		th_skip(t, f.type);
	}
	return unit;
}

/* TimeType or TimestampType. */
static void
timetype(struct thrift *t, struct pq_column *c, const char *st)
{
	struct th_field f;

	th_begin(t, &f, st);
	while (th_next(t, &f)) {
		if (f.id == 1)
			c->utc = th_bool(t, &f, "isAdjustedToUTC");
		else if (f.id == 2 && f.type == TH_STRUCT)
			c->unit = timeunit(t);
		else
			th_skip(t, f.type);
	}
}

static void
logicaltype(struct thrift *t, struct pq_column *c)
{
	struct th_field f, g;

	th_begin(t, &f, "LogicalType");
	while (th_next(t, &f)) {
		if (f.type != TH_STRUCT) {
			th_skip(t, f.type);
			continue;
		}
		switch (f.id) {
		case 1:
			c->logical = PQ_L_STRING;
			break;
		case 4:
			c->logical = PQ_L_ENUM;
			break;
		case 5:
			c->logical = PQ_L_DECIMAL;
			th_begin(t, &g, "DecimalType");
			while (th_next(t, &g)) {
				if (g.id == 1)
					c->scale = th_i32(t, &g, "scale");
				else if (g.id == 2)
					c->precision = th_i32(t, &g,
					    "precision");
				else
					th_skip(t, g.type);
			}
			continue;
		case 6:
			c->logical = PQ_L_DATE;
			break;
		case 7:
			c->logical = PQ_L_TIME;
			timetype(t, c, "TimeType");
			continue;
		case 8:
			c->logical = PQ_L_TIMESTAMP;
			timetype(t, c, "TimestampType");
			continue;
		case 10:
			c->logical = PQ_L_INTEGER;
			th_begin(t, &g, "IntType");
			while (th_next(t, &g)) {
				if (g.id == 1)
					c->bits = th_i8(t, &g, "bitWidth");
				else if (g.id == 2)
					c->is_signed = th_bool(t, &g,
					    "isSigned");
				else
					th_skip(t, g.type);
			}
			continue;
		case 11:
			c->logical = PQ_L_NULLTYPE;
			break;
		case 12:
			c->logical = PQ_L_JSON;
			break;
		case 13:
			c->logical = PQ_L_BSON;
			break;
		case 14:
			c->logical = PQ_L_UUID;
			break;
		case 15:
			c->logical = PQ_L_FLOAT16;
			break;
		default:
			c->logical = PQ_L_OTHER;
			c->other = f.id == 2 ? "MAP" : f.id == 3 ? "LIST" :
			    f.id == 16 ? "VARIANT" : f.id == 17 ? "GEOMETRY" :
			    f.id == 18 ? "GEOGRAPHY" : NULL;
			c->otherid = f.id;
			break;
		}
		th_skip(t, f.type);
	}
}

/* The logical type a ConvertedType names, for files without LogicalType. */
static void
converted(struct pq_column *c, int ct, int scale, int precision)
{
	static const signed char intbits[] = { 8, 16, 32, 64, -8, -16, -32,
		-64 };

	switch (ct) {
	case 0:
		c->logical = PQ_L_STRING;
		break;
	case 4:
		c->logical = PQ_L_ENUM;
		break;
	case 5:
		c->logical = PQ_L_DECIMAL;
		c->scale = scale;
		c->precision = precision;
		break;
	case 6:
		c->logical = PQ_L_DATE;
		break;
	case 7:
	case 8:
		c->logical = PQ_L_TIME;
		c->unit = ct == 7 ? PQ_MILLIS : PQ_MICROS;
		c->utc = 1;
		break;
	case 9:
	case 10:
		c->logical = PQ_L_TIMESTAMP;
		c->unit = ct == 9 ? PQ_MILLIS : PQ_MICROS;
		c->utc = 1;
		break;
	case 11: case 12: case 13: case 14:
	case 15: case 16: case 17: case 18:
		c->logical = PQ_L_INTEGER;
		c->bits = intbits[ct - 11] < 0 ? -intbits[ct - 11] :
		    intbits[ct - 11];
		c->is_signed = ct >= 15;
		break;
	case 19:
		c->logical = PQ_L_JSON;
		break;
	case 20:
		c->logical = PQ_L_BSON;
		break;
	default:
		c->logical = PQ_L_OTHER;
		c->other = ct == 1 || ct == 2 ? "MAP" : ct == 3 ? "LIST" :
		    ct == 21 ? "INTERVAL" : NULL;
		c->otherid = -ct;
		break;
	}
}

/* One SchemaElement; *children is its num_children, -1 if absent. */
static void
schema_element(struct thrift *t, struct pq_column *c, int *children)
{
	struct th_field f;
	const unsigned char *s;
	size_t len;
	int ct = -1, scale = 0, precision = 0, rep = 0, type = -1;

	*children = -1;
	th_begin(t, &f, "SchemaElement");
	while (th_next(t, &f)) {
		switch (f.id) {
		case 1:
			type = th_i32(t, &f, "type");
			break;
		case 2:
			c->type_length = th_i32(t, &f, "type_length");
			break;
		case 3:
			rep = th_i32(t, &f, "repetition_type");
			break;
		case 4:
			s = th_binary(t, &f, "name", &len);
			free(c->name);
			c->name = xstrndup(s, len);
			break;
		case 5:
			*children = th_i32(t, &f, "num_children");
			break;
		case 6:
			ct = th_i32(t, &f, "converted_type");
			break;
		case 7:
			scale = th_i32(t, &f, "scale");
			break;
		case 8:
			precision = th_i32(t, &f, "precision");
			break;
		case 10:
			if (f.type == TH_STRUCT) {
				logicaltype(t, c);
				break;
			}
			/* FALLTHROUGH */
		default:
			th_skip(t, f.type);
			break;
		}
	}
	if (!c->name)
		c->name = xstrndup((const unsigned char *)"", 0);
	if (c->logical == PQ_L_NONE && ct >= 0)
		converted(c, ct, scale, precision);
	c->physical = type;
	c->optional = rep;
}

/* How a column's storage becomes its values (struct pq_column's conv). */
enum { CONV_NONE, CONV_DECINT, CONV_DECBYTES, CONV_DATE, CONV_UUID,
	CONV_HALF };

/* The first reason a column cannot be read, into its refuse. */
static void NP_PRINTF(2, 3)
refuse(struct pq_column *c, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	if (c->refuse)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	c->refuse = xstrndup((const unsigned char *)msg, strlen(msg));
}

/*
 * What a column's storage decodes to (rawkind) and what its values become
 * (kind, conv): each logical type's value, or a refusal naming the type
 * where np has no value to give or the type does not fit its storage.
 */
static void
cellkind(struct pq_column *c)
{
	char lt[64];
	int ph = c->physical, digits;

	switch (ph) {
	case PQ_T_BOOLEAN:
		c->rawkind = PQ_BOOL;
		break;
	case PQ_T_INT32:
	case PQ_T_INT64:
		c->rawkind = c->logical == PQ_L_INTEGER && !c->is_signed ?
		    PQ_UINT : PQ_INT;
		break;
	case PQ_T_FLOAT:
	case PQ_T_DOUBLE:
		c->rawkind = PQ_DOUBLE;
		break;
	default:
		c->rawkind = PQ_BYTES;
		break;
	}
	c->kind = c->rawkind;
	if (ph == PQ_T_INT96) {
		refuse(c, "INT96 values (deprecated timestamps) are not "
		    "supported");
		return;
	}
	switch (c->logical) {
	case PQ_L_NONE:
	case PQ_L_NULLTYPE:
		return;
	case PQ_L_STRING:
	case PQ_L_ENUM:
	case PQ_L_JSON:
		if (ph == PQ_T_BYTE_ARRAY)
			return;
		break;
	case PQ_L_INTEGER:
		if ((ph == PQ_T_INT32 && (c->bits == 8 || c->bits == 16 ||
		    c->bits == 32)) || (ph == PQ_T_INT64 && c->bits == 64))
			return;
		break;
	case PQ_L_DECIMAL:
		pq_logical_str(c, lt, sizeof lt);
		if (c->precision < 1 || c->precision > 76 || c->scale < 0 ||
		    c->scale > c->precision) {
			refuse(c, "%s: a precision of 1 to 76 digits and a "
			    "scale of 0 to the precision expected", lt);
			return;
		}
		if (ph == PQ_T_INT32 || ph == PQ_T_INT64) {
			c->conv = CONV_DECINT;
			digits = 20;
		} else if (ph == PQ_T_BYTE_ARRAY ||
		    (ph == PQ_T_FIXED_LEN_BYTE_ARRAY &&
		    c->type_length <= PQ_MAXDECBYTES)) {
			c->conv = CONV_DECBYTES;
			digits = 78;
		} else if (ph == PQ_T_FIXED_LEN_BYTE_ARRAY) {
			refuse(c, "%s in %d bytes, more than the %d this "
			    "reader takes", lt, c->type_length,
			    PQ_MAXDECBYTES);
			return;
		} else
			break;
		/* A sign, a point, the digits, zeros before them. */
		c->convlen = (size_t)(2 + (digits > c->scale + 1 ? digits :
		    c->scale + 1));
		c->kind = PQ_BYTES;
		return;
	case PQ_L_DATE:
		if (ph != PQ_T_INT32)
			break;
		c->conv = CONV_DATE;
		c->convlen = 16;	/* "-5877641-06-23" */
		c->kind = PQ_BYTES;
		return;
	case PQ_L_TIME:
		if ((ph == PQ_T_INT32 && c->unit == PQ_MILLIS) ||
		    (ph == PQ_T_INT64 && (c->unit == PQ_MICROS ||
		    c->unit == PQ_NANOS)))
			return;
		break;
	case PQ_L_TIMESTAMP:
		if (ph == PQ_T_INT64 && c->unit >= PQ_MILLIS &&
		    c->unit <= PQ_NANOS)
			return;
		break;
	case PQ_L_UUID:
		if (ph != PQ_T_FIXED_LEN_BYTE_ARRAY || c->type_length != 16)
			break;
		c->conv = CONV_UUID;
		c->convlen = 36;
		c->kind = PQ_BYTES;
		return;
	case PQ_L_FLOAT16:
		if (ph != PQ_T_FIXED_LEN_BYTE_ARRAY || c->type_length != 2)
			break;
		c->conv = CONV_HALF;
		c->kind = PQ_DOUBLE;
		return;
	case PQ_L_BSON:
		refuse(c, "BSON values are not supported");
		return;
	default:
		if (c->other)
			refuse(c, "%s values are not supported", c->other);
		else if (c->otherid >= 0)
			refuse(c, "a logical type unknown to this reader "
			    "(LogicalType field %d)", c->otherid);
		else
			refuse(c, "a logical type unknown to this reader "
			    "(ConvertedType %d)", -c->otherid);
		return;
	}
	pq_logical_str(c, lt, sizeof lt);
	if (ph == PQ_T_FIXED_LEN_BYTE_ARRAY)
		refuse(c, "%s on FIXED_LEN_BYTE_ARRAY(%d) values: not a valid "
		    "Parquet type", lt, c->type_length);
	else
		refuse(c, "%s on %s values: not a valid Parquet type", lt,
		    physname[ph]);
}

/* parent.name, allocated. */
static char *
joinpath(const char *parent, const char *name)
{
	size_t a = strlen(parent), b = strlen(name);
	char *s = np_realloc(NULL, a + b + 2);

	memcpy(s, parent, a);
	s[a] = '.';
	memcpy(s + a + 1, name, b + 1);
	return s;
}

/* Groups may nest this deep under the root. */
#define MAXDEPTH 64

/*
 * The schema: each leaf a column, in order.  Leaves of the root that are
 * not repeated are read; the others (in groups, or repeated) are named by
 * their path and refused when selected (pq_select), so that a file's flat
 * columns are read beside them.  A list whose counts of children do not
 * fit its length is corrupt, and said so.
 */
static void
schema(struct pq *p, struct thrift *t, const struct th_field *f)
{
	const unsigned char *at = t->p;
	struct pq_column *c;
	/* The open groups' children still to come ([0]: the root's); their
	 * paths are in p->gpath (freed by pq_close, on an error too). */
	int32_t left[MAXDEPTH];
	int depth, kids, rootkids;
	uint32_t n, e;

	n = th_list(t, f, "schema", TH_STRUCT);
	if (n == 0)
		th_fail(t, at, "the schema is empty");
	/* Each element is read into the next column's place, so that what
	 * it holds is freed by pq_close whatever fails; a group's is not
	 * kept. */
	p->col = np_realloc(NULL, n * sizeof *p->col);
	p->gpath = np_realloc(NULL, MAXDEPTH * sizeof *p->gpath);
	p->ngpath = 0;
	c = &p->col[0];
	memset(c, 0, sizeof *c);
	p->ncol = 1;
	schema_element(t, c, &rootkids);
	free(c->name);
	p->ncol = 0;
	if (rootkids < 0)
		th_fail(t, at, "the schema's root is not a group");
	if ((uint32_t)rootkids > n - 1)
		th_fail(t, at, "the schema is corrupt: its root has %d "
		    "children in a list of %u elements", rootkids, n - 1);
	left[0] = rootkids;
	depth = 1;
	for (e = 1; e < n; e++) {
		at = t->p;
		while (depth > 1 && left[depth - 1] == 0) {
			free(p->gpath[--p->ngpath]);
			depth--;
		}
		if (left[0] == 0 && depth == 1)
			th_fail(t, at, "the schema is corrupt: element %u of "
			    "%u is past the last of the root's %d children "
			    "and theirs", e, n - 1, rootkids);
		left[depth - 1]--;
		c = &p->col[p->ncol++];
		memset(c, 0, sizeof *c);
		schema_element(t, c, &kids);
		if (c->optional < 0 || c->optional > 2)
			th_fail(t, at, "column %s: unknown repetition type "
			    "%d", c->name, c->optional);
		if (kids >= 0) {
			if ((uint32_t)kids > n - 1 - e)
				th_fail(t, at, "the schema is corrupt: the "
				    "group %s has %d children, and %u elements "
				    "follow it", c->name, kids, n - 1 - e);
			if (depth == MAXDEPTH)
				th_fail(t, at, "the schema is nested more than "
				    "%d deep", MAXDEPTH);
			p->gpath[p->ngpath++] = depth > 1 ?
			    joinpath(p->gpath[depth - 2], c->name) : c->name;
			if (depth > 1)
				free(c->name);
			p->ncol--;
			left[depth++] = kids;
			continue;
		}
		if (c->physical < 0)
			th_fail(t, at, "the schema is corrupt: the element %s "
			    "has neither a physical type nor children",
			    c->name);
		if (c->physical > PQ_T_FIXED_LEN_BYTE_ARRAY)
			th_fail(t, at, "column %s: unknown physical type %d",
			    c->name, c->physical);
		if (c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY &&
		    (c->type_length <= 0 || c->type_length > PQ_MAXPAGE))
			th_fail(t, at, "column %s: FIXED_LEN_BYTE_ARRAY of "
			    "length %d", c->name, c->type_length);
		if (depth > 1) {
			char *leaf = c->name;

			c->name = joinpath(p->gpath[depth - 2], leaf);
			free(leaf);
			c->nested = 1;
			refuse(c, "a column nested in the group %s: np reads "
			    "flat columns only", p->gpath[depth - 2]);
		} else if (c->optional == 2) {
			c->nested = 1;
			refuse(c, "a repeated column: np reads flat columns "
			    "only");
		}
		cellkind(c);
	}
	while (depth > 1 && left[depth - 1] == 0)
		depth--;
	if (depth > 1 || left[0] > 0)
		th_fail(t, t->p, "the schema is corrupt: its list ends with "
		    "%d children still to come", left[depth - 1]);
	th_list_end(t);
}

static void
column_meta(struct pq *p, struct thrift *t, struct pq_chunk *ch, int col,
    int64_t *need)
{
	struct th_field f;
	const unsigned char *s, *at;
	const char *name;
	size_t len;
	uint32_t n, i;
	int32_t e;

	th_begin(t, &f, "ColumnMetaData");
	while (th_next(t, &f)) {
		switch (f.id) {
		case 1:
			ch->physical = th_i32(t, &f, "type");
			*need |= 1;
			break;
		case 2:
			n = th_list(t, &f, "encodings", TH_I32);
			for (i = 0; i < n; i++) {
				e = th_elem_i32(t);
				if (e >= 0 && e < 32)
					ch->encodings |= 1u << e;
			}
			th_list_end(t);
			break;
		case 3:
			at = t->p;
			n = th_list(t, &f, "path_in_schema", TH_BINARY);
			name = p->col[col].name;
			for (i = 0; i < n; i++) {
				s = th_elem_binary(t, &len);
				if (strncmp(name, (const char *)s, len) != 0 ||
				    name[len] != (i + 1 < n ? '.' : '\0'))
					th_fail(t, at, "column %s: the column "
					    "chunk is of another column (%.*s)",
					    p->col[col].name, len > 100 ? 100 :
					    (int)len, (const char *)s);
				name += len + (i + 1 < n);
			}
			if (n == 0)
				th_fail(t, at, "column %s: a column chunk "
				    "without its path", p->col[col].name);
			th_list_end(t);
			break;
		case 4:
			ch->codec = th_i32(t, &f, "codec");
			*need |= 2;
			break;
		case 5:
			ch->num_values = th_i64(t, &f, "num_values");
			*need |= 4;
			break;
		case 6:
			ch->uncompressed = th_i64(t, &f,
			    "total_uncompressed_size");
			break;
		case 7:
			ch->compressed = th_i64(t, &f,
			    "total_compressed_size");
			*need |= 8;
			break;
		case 9:
			ch->data_page_offset = th_i64(t, &f,
			    "data_page_offset");
			*need |= 16;
			break;
		case 11:
			ch->dictionary_page_offset = th_i64(t, &f,
			    "dictionary_page_offset");
			break;
		default:
			th_skip(t, f.type);
			break;
		}
	}
}

static void
column_chunk(struct pq *p, struct thrift *t, struct pq_chunk *ch, int col)
{
	struct th_field f;
	const unsigned char *at = t->p;
	int64_t need = 0;

	memset(ch, 0, sizeof *ch);
	ch->dictionary_page_offset = -1;
	th_begin(t, &f, "ColumnChunk");
	while (th_next(t, &f)) {
		if (f.id == 1 && f.type == TH_BINARY)
			th_fail(t, t->fpos, "column %s: the column chunk is in "
			    "another file", p->col[col].name);
		else if (f.id == 3 && f.type == TH_STRUCT)
			column_meta(p, t, ch, col, &need);
		else {
			/* crypto_metadata: its pages are encrypted. */
			if (f.id == 8 && f.type == TH_STRUCT &&
			    !p->col[col].refuse)
				refuse(&p->col[col], "an encrypted column "
				    "(Parquet modular encryption), which np "
				    "cannot read");
			th_skip(t, f.type);
		}
	}
	if (need != 31)
		th_fail(t, at, "column %s: the column chunk's metadata is "
		    "missing or incomplete (encrypted?)", p->col[col].name);
}

static void
row_group(struct pq *p, struct thrift *t, int rg)
{
	struct th_field f;
	const unsigned char *at = t->p, *lat;
	uint32_t n, i;
	int have = 0, rows = 0;

	th_begin(t, &f, "RowGroup");
	while (th_next(t, &f)) {
		if (f.id == 1) {
			lat = t->p;
			n = th_list(t, &f, "columns", TH_STRUCT);
			if (n != (uint32_t)p->ncol || have)
				th_fail(t, lat, "row group %d has %u column "
				    "chunks, the schema %d columns", rg, n,
				    p->ncol);
			for (i = 0; i < n; i++)
				column_chunk(p, t, &p->chunk[(size_t)rg *
				    (size_t)p->ncol + i], (int)i);
			th_list_end(t);
			have = 1;
		} else if (f.id == 3) {
			p->rg_rows[rg] = th_i64(t, &f, "num_rows");
			rows = 1;
		} else
			th_skip(t, f.type);
	}
	if (!have || !rows)
		th_fail(t, at, "row group %d without %s", rg, have ?
		    "num_rows" : "columns");
}

/* FileMetaData: the schema first, then the row groups (the schema says
 * how many chunks each holds, whatever the order of the fields). */
static void
filemeta(struct pq *p, struct thrift *t)
{
	struct th_field f, rgf;
	const unsigned char *rgat = NULL, *s;
	size_t len;
	uint32_t n, i;
	int have = 0, depth;

	th_begin(t, &f, "FileMetaData");
	depth = t->depth;
	while (th_next(t, &f)) {
		switch (f.id) {
		case 2:
			if (have & 1)
				th_fail(t, t->fpos, "a second schema");
			schema(p, t, &f);
			have |= 1;
			break;
		case 3:
			p->nrows = th_i64(t, &f, "num_rows");
			have |= 2;
			break;
		case 4:
			if (f.type == TH_LIST) {
				rgat = t->p;
				rgf = f;
			}
			th_skip(t, f.type);
			have |= 4;
			break;
		case 6:
			s = th_binary(t, &f, "created_by", &len);
			free(p->created_by);
			p->created_by = xstrndup(s, len);
			break;
		default:
			th_skip(t, f.type);
			break;
		}
	}
	if (have != 7)
		th_fail(t, t->p, "FileMetaData without %s", !(have & 1) ?
		    "a schema" : !(have & 2) ? "num_rows" : "row_groups");
	if (!rgat)
		th_fail(t, t->p, "row_groups is not a list");
	t->p = rgat;
	t->depth = depth;
	n = th_list(t, &rgf, "row_groups", TH_STRUCT);
	/* A column chunk with its required fields takes 16 bytes at least:
	 * what is allocated stays within a few times the footer's size. */
	if ((uint64_t)n * (uint64_t)p->ncol * 16 > (uint64_t)(t->end - t->p))
		th_fail(t, rgat, "%u row groups of %d columns in a footer of "
		    "%lld bytes", n, p->ncol, (long long)(t->end - t->start));
	p->nrg = (int)n;
	p->rg_rows = np_realloc(NULL, n * sizeof *p->rg_rows);
	p->chunk = np_realloc(NULL, (size_t)n * (size_t)p->ncol *
	    sizeof *p->chunk);
	for (i = 0; i < n; i++)
		row_group(p, t, (int)i);
	th_list_end(t);
}

/* What the footer says must agree with itself and with the file. */
static void
check_meta(struct pq *p, long long footer)
{
	struct pq_chunk *ch;
	int64_t sum = 0, start;
	int rg, col;

	for (rg = 0; rg < p->nrg; rg++) {
		if (p->rg_rows[rg] < 0 || p->rg_rows[rg] > INT64_MAX - sum)
			fail(p, footer, -1, "row group %d of %lld rows", rg,
			    (long long)p->rg_rows[rg]);
		sum += p->rg_rows[rg];
		for (col = 0; col < p->ncol; col++) {
			ch = &p->chunk[(size_t)rg * (size_t)p->ncol +
			    (size_t)col];
			if (ch->physical != p->col[col].physical)
				fail(p, footer, col, "row group %d: a column "
				    "chunk of %s in a column of %s", rg,
				    pq_physical_name(ch->physical),
				    physname[p->col[col].physical]);
			/* A nested column's values count its repetitions. */
			if (!p->col[col].nested &&
			    ch->num_values != p->rg_rows[rg])
				fail(p, footer, col, "row group %d: %lld "
				    "values in a row group of %lld rows", rg,
				    (long long)ch->num_values,
				    (long long)p->rg_rows[rg]);
			/* A chunk of no values is never read: where it says
			 * it is does not matter (writers put 0 there). */
			if (ch->num_values == 0 && p->rg_rows[rg] == 0) {
				ch->start = 0;
				continue;
			}
			start = ch->data_page_offset;
			if (ch->dictionary_page_offset > 0 &&
			    ch->dictionary_page_offset < start)
				start = ch->dictionary_page_offset;
			if (start < 4 || start >= footer || ch->compressed < 0
			    || ch->compressed > footer - start)
				fail(p, footer, col, "row group %d: the column "
				    "chunk at byte %lld, %lld bytes long, is "
				    "not between the magic and the footer "
				    "(bytes 4 to %lld)", rg,
				    (long long)start,
				    (long long)ch->compressed, footer);
			ch->start = start;
		}
	}
	if (sum != p->nrows)
		fail(p, footer, -1, "the file has %lld rows, its row groups "
		    "%lld", (long long)p->nrows, (long long)sum);
}

void
pq_open(struct pq *p, const char *path)
{
	unsigned char tail[8], head[4];
	struct thrift t;
	long long flen, footer;
	off_t end;

	memset(p, 0, sizeof *p);
	p->fd = -1;
	p->file = path;
	p->rg = -1;
	if ((p->fd = open(path, O_RDONLY)) < 0)
		np_die("%s: %s", path, strerror(errno));
	end = lseek(p->fd, 0, SEEK_END);
	if (end < 0 && errno == ESPIPE)
		np_die("%s: Parquet needs a file, not a pipe: the footer is "
		    "at its end", path);
	if (end < 0)
		np_die("%s: %s", path, strerror(errno));
	p->size = (long long)end;
	p->pagesize = sysconf(_SC_PAGESIZE);
	if (p->size < 12)
		fail(p, 0, -1, "a file of %lld bytes is too short for Parquet "
		    "(12 at least)", p->size);
	readat(p, head, 4, 0);
	readat(p, tail, 8, p->size - 8);
	if (memcmp(head, "PARE", 4) == 0 || memcmp(tail + 4, "PARE", 4) == 0)
		fail(p, memcmp(head, "PARE", 4) == 0 ? 0 : p->size - 4, -1,
		    "an encrypted Parquet file (PARE magic), which np cannot "
		    "read");
	if (memcmp(head, "PAR1", 4) != 0)
		fail(p, 0, -1, "not a Parquet file: no PAR1 magic at its "
		    "start");
	if (memcmp(tail + 4, "PAR1", 4) != 0)
		fail(p, p->size - 4, -1, "no PAR1 magic at the end of the "
		    "file (truncated?)");
	flen = le32(tail);
	if (flen > p->size - 12)
		fail(p, p->size - 8, -1, "a footer of %lld bytes is longer "
		    "than the file (%lld bytes) holds", flen, p->size);
	if (flen > PQ_MAXFOOTER)
		fail(p, p->size - 8, -1, "a footer of %lld bytes, more than "
		    "the %lld this reader takes", flen,
		    (long long)PQ_MAXFOOTER);
	footer = p->size - 8 - flen;
	p->footer = np_realloc(NULL, (size_t)flen + SLACK);
	readat(p, p->footer, (size_t)flen, footer);
	th_init(&t, p->footer, (size_t)flen, p->file, footer);
	filemeta(p, &t);
	check_meta(p, footer);
	p->sel = np_realloc(NULL, (size_t)(p->ncol ? p->ncol : 1) *
	    sizeof *p->sel);
	memset(p->sel, 0xff, (size_t)(p->ncol ? p->ncol : 1) *
	    sizeof *p->sel);
	/* The footer's bytes are all decoded: names are copies. */
	free(p->footer);
	p->footer = NULL;
}

static void unmap(struct pq_cursor *);

void
pq_close(struct pq *p)
{
	struct pq_cursor *c;
	int i;

	for (i = 0; i < p->ncur; i++) {
		c = &p->cur[i];
		free(c->cbuf);
		unmap(c);
		free(c->ubuf);
		free(c->dbuf);
		free(c->dict);
		free(c->sbuf);
		free(c->tbuf);
	}
	free(p->cur);
	free(p->batch);
	for (i = 0; p->col && i < p->ncol; i++) {
		free(p->col[i].name);
		free(p->col[i].refuse);
	}
	for (i = 0; p->gpath && i < p->ngpath; i++)
		free(p->gpath[i]);
	free(p->gpath);
	free(p->col);
	free(p->rg_rows);
	free(p->chunk);
	free(p->sel);
	free(p->footer);
	free(p->created_by);
	if (p->fd >= 0) {
		close(p->fd);
		prog_end();
	}
	memset(p, 0, sizeof *p);
	p->fd = -1;
}

int
pq_ncols(const struct pq *p)
{
	return p->ncol;
}

const struct pq_column *
pq_col(const struct pq *p, int col)
{
	return &p->col[col];
}

int64_t
pq_nrows(const struct pq *p)
{
	return p->nrows;
}

int
pq_nrowgroups(const struct pq *p)
{
	return p->nrg;
}

int64_t
pq_rowgroup_rows(const struct pq *p, int rg)
{
	return p->rg_rows[rg];
}

const struct pq_chunk *
pq_chunk(const struct pq *p, int rg, int col)
{
	return &p->chunk[(size_t)rg * (size_t)p->ncol + (size_t)col];
}

int
pq_find(const struct pq *p, const char *name)
{
	int i;

	for (i = 0; i < p->ncol; i++)
		if (strcmp(p->col[i].name, name) == 0)
			return i;
	return -1;
}

const char *
pq_logical_str(const struct pq_column *c, char *buf, size_t n)
{
	static const char *const unit[] = { "?", "MILLIS", "MICROS", "NANOS" };
	static const char *const simple[] = {
		[PQ_L_NONE] = "", [PQ_L_STRING] = "STRING",
		[PQ_L_DATE] = "DATE", [PQ_L_ENUM] = "ENUM",
		[PQ_L_JSON] = "JSON", [PQ_L_BSON] = "BSON",
		[PQ_L_UUID] = "UUID", [PQ_L_FLOAT16] = "FLOAT16",
		[PQ_L_NULLTYPE] = "UNKNOWN", [PQ_L_OTHER] = "OTHER"
	};
	int u = c->unit >= 1 && c->unit <= 3 ? c->unit : 0;

	switch (c->logical) {
	case PQ_L_INTEGER:
		snprintf(buf, n, "%sINT%d", c->is_signed ? "" : "U", c->bits);
		break;
	case PQ_L_DECIMAL:
		snprintf(buf, n, "DECIMAL(%d,%d)", c->precision, c->scale);
		break;
	case PQ_L_TIME:
	case PQ_L_TIMESTAMP:
		snprintf(buf, n, "%s(%s%s)", c->logical == PQ_L_TIME ? "TIME" :
		    "TIMESTAMP", unit[u], c->utc ? ",UTC" : "");
		break;
	case PQ_L_OTHER:
		if (c->other)
			snprintf(buf, n, "%s", c->other);
		else
			snprintf(buf, n, "OTHER(%s %d)", c->otherid >= 0 ?
			    "LogicalType" : "ConvertedType", c->otherid >= 0 ?
			    c->otherid : -c->otherid);
		break;
	default:
		snprintf(buf, n, "%s", simple[c->logical]);
		break;
	}
	return buf;
}

/* ---- the RLE / bit-packed hybrid ---- */

static void
rle_init(struct rle *r, const unsigned char *p, const unsigned char *end,
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
static int
rle_run(struct rle *r)
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
		if (r->left == 0 && !rle_run(r))
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
			for (i = 0; i < k; i++, bit += w) {
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
			failc(c, *pp, "DELTA_BINARY_PACKED: a varint runs past "
			    "the end of the page");
		if (shift > 63)
			failc(c, *pp, "DELTA_BINARY_PACKED: a varint longer "
			    "than 64 bits");
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

static void
dbp_init(const struct pq_cursor *c, struct dbp *d, const unsigned char *p,
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
		failc(c, at, "DELTA_BINARY_PACKED: blocks of %llu values in "
		    "%llu miniblocks", (unsigned long long)block,
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
			failc(c, d->p, "DELTA_BINARY_PACKED: a block's bit "
			    "widths run past the end of the page");
		d->widths = d->p;
		d->p += d->nmini;
		d->mini = 0;
	}
	d->width = d->widths[d->mini++];
	if (d->width > d->maxwidth)
		failc(c, d->widths + d->mini - 1, "DELTA_BINARY_PACKED: a "
		    "miniblock of %u-bit deltas, more than %u", d->width,
		    d->maxwidth);
	bytes = d->vpm * d->width / 8;
	if (bytes > (uint64_t)(d->end - d->p))
		failc(c, d->p, "DELTA_BINARY_PACKED: a miniblock of %llu "
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
static const unsigned char *
dbp_end(const struct pq_cursor *c, struct dbp d)
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

/* ---- a column chunk ---- */

static void
unmap(struct pq_cursor *c)
{
	if (c->map)
		munmap(c->map, c->maplen);
	c->map = NULL;
}

/*
 * The file's bytes [off, off + n) mapped, and the SLACK after them, which
 * must lie in the file; NULL where they cannot be (then they are read).
 * Mapped, the kernel's copy of the file is read where it lies, not copied
 * first: on a file of uncompressed pages, reading them cost np-trace 29 ms
 * of system time in 115 ms, mapping them 17.  A file that shrinks while it
 * is read may then end the program by SIGBUS, not by a message.
 */
static const unsigned char *
map_bytes(struct pq_cursor *c, int64_t off, size_t n)
{
	int64_t page = (int64_t)c->pq->pagesize, moff;
	void *m;

	unmap(c);
	if (page <= 0 || off + (int64_t)n + SLACK > c->pq->size)
		return NULL;
	moff = off / page * page;
	c->maplen = (size_t)(off - moff) + n + SLACK;
	m = mmap(NULL, c->maplen, PROT_READ, MAP_PRIVATE, c->pq->fd,
	    (off_t)moff);
	if (m == MAP_FAILED)
		return NULL;
	c->map = m;
	return c->map + (off - moff);
}

/* The file's bytes [off, off + n) of the chunk, read ahead. */
static const unsigned char *
chunk_bytes(struct pq_cursor *c, int64_t off, size_t n)
{
	size_t want;
	int64_t prev = c->clen ? c->coff + (int64_t)c->clen : off;

	if (off >= c->coff && (uint64_t)(off - c->coff) + n <= c->clen)
		return c->cb + (off - c->coff);
	want = n > PQ_READAHEAD ? n : PQ_READAHEAD;
	if ((int64_t)want > c->end - off)
		want = (size_t)(c->end - off);
	if (!(c->cb = map_bytes(c, off, want))) {
		grow(&c->cbuf, &c->ccap, want + SLACK);
		readat(c->pq, c->cbuf, want, off);
		memset(c->cbuf + want, 0, SLACK);
		c->cb = c->cbuf;
	}
	/* Progress counts the bytes past those read before only. */
	if (off + (int64_t)want > prev)
		prog_add(off + (int64_t)want - (off > prev ? off : prev));
	c->coff = off;
	c->clen = want;
	return c->cb;
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
			fail(c->pq, c->pos, c->col, "a page header longer "
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
			fail(c->pq, c->page_off, c->col, "an uncompressed "
			    "page of %d bytes whose header says %d "
			    "uncompressed", h->csize, h->usize);
		c->in_file = 1;
		return src;
	}
	c->in_file = 0;
	if (lvlen > (size_t)h->csize || lvlen > (size_t)h->usize)
		fail(c->pq, c->page_off, c->col, "levels of %zu bytes in a "
		    "page of %d bytes (%d uncompressed)", lvlen, h->csize,
		    h->usize);
	grow(&c->ubuf, &c->ucap, (size_t)h->usize + SLACK);
	memcpy(c->ubuf, src, lvlen);
	/* A v2 page of nulls only may have no values, and no bytes for the
	 * codec (Arrow writes it so): nothing to decompress. */
	if ((size_t)h->csize == lvlen && (size_t)h->usize == lvlen)
		out = 0;
	else if (c->decompress(src + lvlen, (size_t)h->csize - lvlen,
	    c->ubuf + lvlen, (size_t)h->usize - lvlen, &out, err,
	    sizeof err) != 0)
		fail(c->pq, c->data_off + (int64_t)lvlen, c->col, "%s", err);
	if (out != (size_t)h->usize - lvlen)
		fail(c->pq, c->page_off, c->col, "the page decompressed to "
		    "%zu bytes, its header says %zu", out + lvlen,
		    (size_t)h->usize);
	memset(c->ubuf + h->usize, 0, SLACK);
	c->pg = c->ubuf;
	return c->ubuf;
}

/* The byte size of a fixed-size value; 0 for BYTE_ARRAY, -1 BOOLEAN. */
static int
valsize(const struct pq_column *col)
{
	static const int size[] = { -1, 4, 8, 12, 4, 8, 0, 0 };

	return col->physical == PQ_T_FIXED_LEN_BYTE_ARRAY ? col->type_length :
	    size[col->physical];
}

static _Noreturn void
short_values(const struct pq_cursor *c, const unsigned char *at,
    const char *enc)
{
	failc(c, at, "%s: the page's values run out before its %s", enc,
	    c->c->optional ? "definition levels do" : "num_values does");
}

/* n PLAIN values from c->vp into out. */
static void
plain(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	const unsigned char *p = c->vp, *end = c->vend;
	int kind = c->c->rawkind, sz = valsize(c->c);
	uint64_t bytes = (uint64_t)n * (uint64_t)(sz > 0 ? sz : 0);
	uint32_t i, len;
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
			out[i].kind = kind;
			out[i].i = kind == PQ_UINT ? (int64_t)le32(p) :
			    (int64_t)(int32_t)le32(p);
		}
		break;
	case PQ_T_INT64:
		for (i = 0; i < n; i++, p += 8) {
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

			out[i].kind = PQ_DOUBLE;
			memcpy(&out[i].d, &x, 8);
		}
		break;
	case PQ_T_BYTE_ARRAY:
		for (i = 0; i < n; i++) {
			if (end - p < 4)
				short_values(c, p, "PLAIN");
			len = le32(p);
			if (len > (uint64_t)(end - p) - 4)
				failc(c, p, "PLAIN: a value of %u bytes runs "
				    "past the end of the page", len);
			out[i].kind = PQ_BYTES;
			out[i].s = (const char *)p + 4;
			out[i].len = len;
			p += 4 + len;
		}
		break;
	case PQ_T_FIXED_LEN_BYTE_ARRAY:
		for (i = 0; i < n; i++, p += sz) {
			out[i].kind = PQ_BYTES;
			out[i].s = (const char *)p;
			out[i].len = (size_t)sz;
		}
		break;
	default:
		failc(c, p, "INT96 values are not supported");
	}
	c->vp = p;
}

/* The chunk's dictionary page: its values, decoded once. */
static void
dict_page(struct pq_cursor *c, const struct pagehdr *h)
{
	const unsigned char *b;
	int sz = valsize(c->c);
	uint64_t most;

	if (c->hasdict)
		fail(c->pq, c->page_off, c->col, "a second dictionary page");
	if (c->seen_data)
		fail(c->pq, c->page_off, c->col, "a dictionary page after "
		    "data pages");
	if (h->enc != ENC_PLAIN && h->enc != ENC_PLAIN_DICTIONARY)
		fail(c->pq, c->page_off, c->col, "a dictionary page in %s "
		    "encoding (%d), not PLAIN", pq_encoding_name(h->enc),
		    h->enc);
	/* Every entry takes a bit at least, a byte array's 4 bytes. */
	most = (uint64_t)h->usize * (sz < 0 ? 8 : 1) / (uint64_t)(sz > 0 ?
	    sz : sz == 0 ? 4 : 1);
	if (h->nvalues < 0 || (uint64_t)h->nvalues > most ||
	    h->nvalues > PQ_MAXDICT)
		fail(c->pq, c->page_off, c->col, "a dictionary of %d entries "
		    "in %d bytes (at most %lld entries)", h->nvalues,
		    h->usize, (long long)PQ_MAXDICT);
	b = page_bytes(c, h, 0, 1);
	grow(&c->dbuf, &c->dcap, (size_t)h->usize + SLACK);
	memcpy(c->dbuf, b, (size_t)h->usize + SLACK);
	grow(&c->dict, &c->dictcap, ((size_t)h->nvalues + 1) *
	    sizeof *c->dict);
	c->vp = c->dbuf;
	c->vend = c->dbuf + h->usize;
	c->bit = 0;
	c->pg = c->dbuf;	/* offsets in messages */
	plain(c, c->dict, (uint32_t)h->nvalues);
	c->ndict = (uint32_t)h->nvalues;
	c->hasdict = 1;
}

static void
need_bytes(const struct pq_cursor *c, const unsigned char *p, uint64_t n,
    const char *what)
{
	if (n > (uint64_t)(c->vend - p))
		failc(c, p, "%s of %llu bytes runs past the end of the page",
		    what, (unsigned long long)n);
}

/* Readies the decoder of the page's values, from c->vp. */
static void
values_begin(struct pq_cursor *c)
{
	const struct pq_column *col = c->c;
	const unsigned char *q;
	int sz = valsize(col);
	uint32_t len;

	switch (c->enc) {
	case ENC_PLAIN:
		if (col->physical == PQ_T_INT96)
			failc(c, NULL, "INT96 values are not supported");
		c->bit = 0;
		return;
	case ENC_PLAIN_DICTIONARY:
	case ENC_RLE_DICTIONARY:
		if (!c->hasdict)
			failc(c, NULL, "a dictionary-encoded page without a "
			    "dictionary page before it");
		need_bytes(c, c->vp, 1, "the bit width of dictionary indices");
		if (*c->vp > 32)
			failc(c, c->vp, "dictionary indices of %u bits",
			    *c->vp);
		rle_init(&c->ix, c->vp + 1, c->vend, *c->vp);
		return;
	case ENC_RLE:
		if (col->physical != PQ_T_BOOLEAN)
			break;
		need_bytes(c, c->vp, 4, "the length of RLE booleans");
		len = le32(c->vp);
		need_bytes(c, c->vp + 4, len, "RLE booleans");
		rle_init(&c->ix, c->vp + 4, c->vp + 4 + len, 1);
		return;
	case ENC_DELTA_BINARY_PACKED:
		if (col->physical != PQ_T_INT32 &&
		    col->physical != PQ_T_INT64)
			break;
		dbp_init(c, &c->d1, c->vp, c->vend, sz * 8);
		return;
	case ENC_DELTA_LENGTH_BYTE_ARRAY:
		if (col->physical != PQ_T_BYTE_ARRAY)
			break;
		dbp_init(c, &c->d1, c->vp, c->vend, 32);
		c->vp = dbp_end(c, c->d1);
		return;
	case ENC_DELTA_BYTE_ARRAY:
		if (col->physical != PQ_T_BYTE_ARRAY &&
		    col->physical != PQ_T_FIXED_LEN_BYTE_ARRAY)
			break;
		dbp_init(c, &c->d2, c->vp, c->vend, 32);
		q = dbp_end(c, c->d2);
		dbp_init(c, &c->d1, q, c->vend, 32);
		c->vp = dbp_end(c, c->d1);
		c->prevoff = c->prevlen = 0;
		return;
	case ENC_BYTE_STREAM_SPLIT:
		if (sz <= 0 || col->physical == PQ_T_INT96)
			break;
		if ((c->vend - c->vp) % sz != 0)
			failc(c, c->vp, "BYTE_STREAM_SPLIT: %lld bytes are "
			    "not a whole number of %d-byte values",
			    (long long)(c->vend - c->vp), sz);
		c->bss = c->vp;
		c->bssn = (uint64_t)(c->vend - c->vp) / (uint64_t)sz;
		c->bssi = 0;
		return;
	}
	if (c->enc >= 0 && c->enc < (int)(sizeof encname / sizeof *encname))
		failc(c, NULL, "%s encoding of %s values is not supported",
		    encname[c->enc], physname[col->physical]);
	failc(c, NULL, "unknown encoding %d", c->enc);
}

/* The next data page's header and bytes; dictionary pages on the way are
 * read into the dictionary, index pages passed over. */
static void
next_page(struct pq_cursor *c)
{
	struct pagehdr h;
	const unsigned char *b;
	size_t lvlen = 0;
	uint32_t len;

	if (c->pos >= c->end || c->chunk_left == 0)
		fail(c->pq, c->pos, c->col, "the column chunk ends after %lld "
		    "of its %lld values", (long long)(c->ch->num_values -
		    c->chunk_left), (long long)c->ch->num_values);
	read_header(c, &h);
	c->page_off = c->pos;
	c->data_off = c->pos + (int64_t)h.hlen;
	if (h.csize < 0 || h.usize < 0)
		fail(c->pq, c->page_off, c->col, "a page of %d bytes, %d "
		    "uncompressed", h.csize, h.usize);
	if (h.csize > c->end - c->data_off)
		fail(c->pq, c->page_off, c->col, "a page of %d bytes runs "
		    "past the end of the column chunk (byte %lld)", h.csize,
		    (long long)c->end);
	if (h.usize > PQ_MAXPAGE || h.csize > PQ_MAXPAGE)
		fail(c->pq, c->page_off, c->col, "a page of %d bytes (%d "
		    "compressed), more than the %lld this reader takes",
		    h.usize, h.csize, (long long)PQ_MAXPAGE);
	c->pos = c->data_off + h.csize;
	if (h.type == PAGE_DICTIONARY) {
		if (h.sub != 2)
			fail(c->pq, c->page_off, c->col, "a dictionary page "
			    "without its DictionaryPageHeader");
		dict_page(c, &h);
		return;
	}
	if (h.type != PAGE_DATA && h.type != PAGE_DATA_V2)
		return;		/* an index page, or unknown: not data */
	if (h.sub != (h.type == PAGE_DATA ? 1 : 3))
		fail(c->pq, c->page_off, c->col, "a data page without its "
		    "%s", h.type == PAGE_DATA ? "DataPageHeader" :
		    "DataPageHeaderV2");
	if (h.nvalues < 0 || h.nvalues > c->chunk_left)
		fail(c->pq, c->page_off, c->col, "a page of %d values, with "
		    "%lld left in the column chunk", h.nvalues,
		    (long long)c->chunk_left);
	c->nulls_said = -1;
	if (h.type == PAGE_DATA_V2) {
		if (h.nrows != h.nvalues)
			fail(c->pq, c->page_off, c->col, "a page of %d rows "
			    "and %d values in a flat column", h.nrows,
			    h.nvalues);
		if (h.nnulls < 0 || h.nnulls > h.nvalues ||
		    (h.nnulls > 0 && !c->c->optional))
			fail(c->pq, c->page_off, c->col, "a page of %d values "
			    "of which %d null, in a%s column", h.nvalues,
			    h.nnulls, c->c->optional ? "n optional" :
			    " required");
		if (h.deflen < 0 || h.replen < 0 || (int64_t)h.deflen +
		    h.replen > h.csize)
			fail(c->pq, c->page_off, c->col, "levels of %d and %d "
			    "bytes in a page of %d", h.replen, h.deflen,
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
			rle_init(&c->def, b + h.replen, b + lvlen, 1);
		c->vp = b + lvlen;
	} else if (c->c->optional) {
		if (h.defenc != ENC_RLE)
			fail(c->pq, c->page_off, c->col, "definition levels "
			    "in %s encoding (%d) are not supported",
			    pq_encoding_name(h.defenc), h.defenc);
		c->vp = b;
		need_bytes(c, b, 4, "the length of the definition levels");
		len = le32(b);
		need_bytes(c, b + 4, len, "definition levels");
		rle_init(&c->def, b + 4, b + 4 + len, 1);
		c->vp = b + 4 + len;
	} else
		c->vp = b;
	values_begin(c);
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
			failc(c, c->ix.p, "dictionary index %u out of range "
			    "(the dictionary has %u entries)", ix[i], nd);
		out[i] = dict[ix[i]];
	}
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
		failc(c, d->p, "a %s of %d", what, v);
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
			failc(c, c->vp, "DELTA_LENGTH_BYTE_ARRAY: a value of "
			    "%zu bytes runs past the end of the page", len);
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
			failc(c, c->d2.p, "DELTA_BYTE_ARRAY: a prefix of %zu "
			    "bytes of a value of %zu", pre, c->prevlen);
		if (suf > (size_t)(c->vend - c->vp))
			failc(c, c->vp, "DELTA_BYTE_ARRAY: a suffix of %zu "
			    "bytes runs past the end of the page", suf);
		if (c->c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY &&
		    pre + suf != (size_t)c->c->type_length)
			failc(c, c->vp, "DELTA_BYTE_ARRAY: a value of %zu "
			    "bytes in a column of %d", pre + suf,
			    c->c->type_length);
		if (used + pre + suf > PQ_MAXPAGE)
			failc(c, c->vp, "DELTA_BYTE_ARRAY: values of more "
			    "than %lld bytes in %d rows",
			    (long long)PQ_MAXPAGE, PQ_BATCH);
		grow(&c->sbuf, &c->scap, used + pre + suf + 1);
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
	int b, sz = valsize(c->c), kind = c->c->rawkind;
	float f;

	if (n > c->bssn - c->bssi)
		short_values(c, c->vend, "BYTE_STREAM_SPLIT");
	if (c->c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY) {
		grow(&c->sbuf, &c->scap, (size_t)n * (size_t)sz);
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

static void
values(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
{
	switch (c->enc) {
	case ENC_PLAIN:
		plain(c, out, n);
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
static NP_COLD void
convert(struct pq_cursor *c, struct pq_cell *out, uint32_t n)
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
	grow(&c->tbuf, &c->tcap, (size_t)n * w);
	for (i = 0; i < n; i++) {
		t = c->tbuf + (size_t)i * w;
		switch (col->conv) {
		case CONV_DECINT:
			len = decint(t, out[i].i, col->scale);
			break;
		case CONV_DECBYTES:
			if (out[i].len == 0 || out[i].len > PQ_MAXDECBYTES)
				failc(c, NULL, "a DECIMAL of %zu bytes (1 to "
				    "%d expected)", out[i].len,
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

/* At a page's end, what it held must be what its header said. */
static void
end_page(struct pq_cursor *c)
{
	const unsigned char *at = NULL;
	int left = 0;

	if (c->nulls_said >= 0 && c->nulls != c->nulls_said)
		fail(c->pq, c->page_off, c->col, "nulls: %d by the page's "
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
		failc(c, at, "the page holds more values than its %s",
		    c->c->optional ? "definition levels give" :
		    "num_values says");
}

/*
 * k definition levels into lv, each 0 or 1 (checked per run: a bit-packed
 * run of width 1 holds nothing else); how many are 1.
 */
static uint32_t
def_levels(struct pq_cursor *c, uint32_t *lv, uint32_t k)
{
	struct rle *r = &c->def;
	uint32_t got = 0, n, i, nn = 0;
	uint64_t bit;

	while (got < k) {
		if (r->left == 0 && !rle_run(r))
			failc(c, r->p, "the definition levels end before the "
			    "page's %d values do", c->page_left);
		n = k - got;
		if (n > r->left)
			n = (uint32_t)r->left;
		r->left -= n;
		if (!r->packed) {
			if (r->value > 1)
				failc(c, r->p, "a definition level of %u in a "
				    "flat column (0 or 1)", r->value);
			for (i = 0; i < n; i++)
				lv[got + i] = r->value;
			nn += r->value * n;
		} else {
			bit = r->bit;
			for (i = 0; i < n; i++, bit++) {
				lv[got + i] = r->bp[bit >> 3] >> (bit & 7) & 1;
				nn += lv[got + i];
			}
			r->bit = bit;
		}
		got += n;
	}
	return nn;
}

/* The next batch of cells, within the current page. */
static void
refill(struct pq_cursor *c)
{
	uint32_t k, nn, i, j, *lv = c->lv;
	struct pq_cell *out = c->cells;

	while (c->page_left == 0)
		next_page(c);
	k = c->page_left < PQ_BATCH ? (uint32_t)c->page_left : PQ_BATCH;
	nn = k;
	if (c->c->optional)
		nn = def_levels(c, lv, k);
	values(c, out, nn);
	if (c->c->conv)
		convert(c, out, nn);
	if (nn < k) {
		/* Spread the values to their rows, from the last. */
		j = nn;
		for (i = k; i-- > 0;) {
			if (lv[i])
				out[i] = out[--j];
			else {
				out[i].kind = PQ_NULL;
				out[i].len = 0;
			}
		}
		c->nulls += (int32_t)(k - nn);
	}
	c->page_left -= (int32_t)k;
	if (c->page_left == 0)
		end_page(c);
	c->n = (int)k;
}

static void
open_chunk(struct pq *p, struct pq_cursor *c)
{
	const struct pq_chunk *ch = pq_chunk(p, p->rg, c->col);

	c->ch = ch;
	if (ch->codec < 0 || ch->codec >= NCODECS)
		fail(p, ch->start, c->col, "unknown codec %d", ch->codec);
	if (ch->codec != 0 && !codecs[ch->codec].fn)
		fail(p, ch->start, c->col, "the %s codec is not supported",
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

int
pq_selected(const struct pq *p, int col)
{
	return col >= 0 && col < p->ncol ? p->sel[col] : -1;
}
