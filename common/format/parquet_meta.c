/*
 * parquet_meta: the footer of a Parquet file, a Thrift compact
 * FileMetaData: its schema (flat columns, their physical and logical
 * types), row groups and column chunks, checked (parquet_part.h).
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
		    pq_physical_name(ph));
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
				    "group %s has %d children, and %u "
				    "elements follow it", c->name, kids,
				    n - 1 - e);
			if (depth == MAXDEPTH)
				th_fail(t, at, "the schema is nested more "
				    "than %d deep", MAXDEPTH);
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
				/* A NUL in the element stops no comparison short:
				 * the name is at least len bytes, or not it. */
				if (strnlen(name, len) < len ||
				    memcmp(name, s, len) != 0 ||
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
			th_fail(t, t->fpos, "column %s: the column chunk is "
			    "in another file", p->col[col].name);
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
			pqi_fail(p, footer, -1, "row group %d of %lld rows",
			    rg, (long long)p->rg_rows[rg]);
		sum += p->rg_rows[rg];
		for (col = 0; col < p->ncol; col++) {
			ch = &p->chunk[(size_t)rg * (size_t)p->ncol +
			    (size_t)col];
			if (ch->physical != p->col[col].physical)
				pqi_fail(p, footer, col, "row group %d: a "
				    "column chunk of %s in a column of %s", rg,
				    pq_physical_name(ch->physical),
				    pq_physical_name(p->col[col].physical));
			/* A nested column's values count its repetitions. */
			if (!p->col[col].nested &&
			    ch->num_values != p->rg_rows[rg])
				pqi_fail(p, footer, col, "row group %d: %lld "
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
				pqi_fail(p, footer, col, "row group %d: the "
				    "column chunk at byte %lld, %lld bytes "
				    "long, is not between the magic and the "
				    "footer (bytes 4 to %lld)", rg,
				    (long long)start,
				    (long long)ch->compressed, footer);
			ch->start = start;
		}
	}
	if (sum != p->nrows)
		pqi_fail(p, footer, -1, "the file has %lld rows, its row "
		    "groups %lld", (long long)p->nrows, (long long)sum);
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
	if (p->size < 12)
		pqi_fail(p, 0, -1, "a file of %lld bytes is too short for "
		    "Parquet (12 at least)", p->size);
	pqi_readat(p, -1, head, 4, 0);
	pqi_readat(p, -1, tail, 8, p->size - 8);
	if (memcmp(head, "PARE", 4) == 0 || memcmp(tail + 4, "PARE", 4) == 0)
		pqi_fail(p, memcmp(head, "PARE", 4) == 0 ? 0 : p->size - 4, -1,
		    "an encrypted Parquet file (PARE magic), which np cannot "
		    "read");
	if (memcmp(head, "PAR1", 4) != 0)
		pqi_fail(p, 0, -1, "not a Parquet file: no PAR1 magic at its "
		    "start");
	if (memcmp(tail + 4, "PAR1", 4) != 0)
		pqi_fail(p, p->size - 4, -1, "no PAR1 magic at the end of the "
		    "file (truncated?)");
	flen = le32(tail);
	if (flen > p->size - 12)
		pqi_fail(p, p->size - 8, -1, "a footer of %lld bytes is "
		    "longer than the file (%lld bytes) holds", flen, p->size);
	if (flen > PQ_MAXFOOTER)
		pqi_fail(p, p->size - 8, -1, "a footer of %lld bytes, more "
		    "than the %lld this reader takes", flen,
		    (long long)PQ_MAXFOOTER);
	footer = p->size - 8 - flen;
	p->footer = np_realloc(NULL, (size_t)flen + SLACK);
	pqi_readat(p, -1, p->footer, (size_t)flen, footer);
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


void
pq_close(struct pq *p)
{
	struct pq_cursor *c;
	int i;

	for (i = 0; i < p->ncur; i++) {
		c = &p->cur[i];
		free(c->cbuf);
		free(c->ubuf);
		free(c->dbuf);
		free(c->dict);
		free(c->sbuf);
		free(c->tbuf);
		free(c->pitab);
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

