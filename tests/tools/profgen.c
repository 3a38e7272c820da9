/*
 * profgen: write a deterministic synthetic Neuron Explorer profile
 * directory (the tables np-bound reads: Metadata, Instruction, ActiveTime,
 * DmaPacket, DmaPacketAggregated, Flow, TensorInfo, and Warning and Error
 * when asked), as Parquet files, for np's tests and `make bench`.
 *
 *	profgen [-R] [-E errors] [-n tiles] [-P parts] [-s seed]
 *	    [-W warnings] [-x block] dir
 *
 * The model is a tiled matrix multiply kernel: each tile loads a tile of
 * the input a and of the input b (b is loaded again for every tile: the
 * reloads np-bound -X finds), runs a weight load, a transpose, two full
 * matmuls and one on an undersized tile on the Tensor engine, then a
 * Vector and a Scalar instruction; every 4th tile stores a tile of c,
 * every 8th runs a GpSimd instruction, every 16th spills and reloads a
 * buffer.  A DMA instruction triggers one DmaPacketAggregated transfer,
 * made of DmaPacket packets on several queues; Flow links the two, but for
 * every 23rd transfer (Flow misses some).  Instruction fetches (queue_type
 * instruction) and 4-byte semaphore writes are packets of no kernel.  Each
 * engine's instructions, merged where they touch or overlap, are its
 * ActiveTime.  Times jitter with the seed; the rows of each table are
 * written in tile order, or with -x shuffled in blocks of that many rows
 * (seeded too), so that a test can check that the order does not matter.
 *
 * -n tiles (default 16) makes about 9.4 instructions a tile.  -R loads b
 * once, by the first tile (the kernel after a change that keeps it).  -P splits
 * Instruction into that many files (Instruction_0.parquet, ...).  -W and -E
 * add a Warning and an Error table of that many rows.
 *
 * Parquet as apache/parquet-format describes it: "PAR1", each row group's
 * column chunks (one data page v1 each, PLAIN, UNCOMPRESSED; an optional
 * column's page first holds its definition levels, bit width 1, as one
 * bit-packed run of the RLE/bit-packed hybrid), the FileMetaData in
 * Thrift's compact protocol, its length (4 bytes, little-endian), "PAR1".
 * Memory: one row group of each table, whatever -n.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "thriftw.h"

#define GROUP	65536		/* rows a row group */
#define MAXCOLS	16
#define MAXSHUF	100000		/* -x, at most */
#define CELLSTR	96		/* a cell's text, at most */

static void
die(const char *fmt, ...)
{
	va_list ap;

	fputs("profgen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *
xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		die("out of memory");
	return p;
}

/* ---- the random numbers: xorshift, seeded by splitmix64 ---- */

/* Two streams: the model's, and -x's shuffle, so that -x changes the
 * order of the rows only. */
static uint64_t rngstate[2];

static void
seedrng(uint64_t seed)
{
	uint64_t z;
	int i;

	for (i = 0; i < 2; i++) {
		z = seed + (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ULL;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		rngstate[i] = (z ^ (z >> 31)) | 1;
	}
}

static uint64_t
rndof(int i, uint64_t n)
{
	rngstate[i] ^= rngstate[i] << 13;
	rngstate[i] ^= rngstate[i] >> 7;
	rngstate[i] ^= rngstate[i] << 17;
	return rngstate[i] % n;
}

static uint64_t
rnd(uint64_t n)
{
	return rndof(0, n);
}

/* ---- Thrift messages (thriftw.h) into a growing buffer ---- */

static struct {
	unsigned char *b;
	size_t len, cap;
} tw;

static void
tw_put(const void *p, size_t n)
{
	if (tw.len + n > tw.cap) {
		tw.cap = 2 * (tw.len + n) + 256;
		tw.b = xrealloc(tw.b, tw.cap);
	}
	memcpy(tw.b + tw.len, p, n);
	tw.len += n;
}

/* ---- a Parquet table ---- */

/* Column types: Parquet's physical type, and how the schema marks it. */
enum { C_I64, C_STR, C_F32, C_BOOL };
static const int physical[] = { 2, 6, 4, 0 };	/* INT64 BYTE_ARRAY FLOAT BOOLEAN */

struct cell {
	int null;
	int64_t i;
	float f;
	char s[CELLSTR];
	size_t len;
};

struct row {
	struct cell c[MAXCOLS];
};

struct chunk {
	uint64_t off, size, nval;
};

struct col {
	const char *name;
	int type, opt;
	unsigned char *val;	/* the row group's values */
	size_t vlen, vcap;
	unsigned char *def;	/* its definition levels, a bit a row */
	size_t dcap;
	uint64_t nbits;		/* booleans packed so far */
};

struct table {
	const char *name;
	FILE *f;
	char path[4096];
	int ncol;
	struct col col[MAXCOLS];
	uint64_t off, rows, grows;	/* bytes written, rows, in the group */
	struct chunk *ck;		/* per row group, per column */
	size_t nck, capck;
	uint64_t ngroup;
	struct row *shuf;		/* -x: the rows held */
	size_t nshuf;
	struct row cur;			/* the row being made */
	int part, nparts;		/* split into parts (Instruction) */
	uint64_t partrows;		/* rows a part */
	const char *dir;
};

static uint64_t shufblock;

static void
out(struct table *t, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, t->f) != n)
		die("%s: %s", t->path, strerror(errno));
	t->off += n;
}

static void
le32(unsigned char *b, uint64_t v)
{
	b[0] = (unsigned char)v;
	b[1] = (unsigned char)(v >> 8);
	b[2] = (unsigned char)(v >> 16);
	b[3] = (unsigned char)(v >> 24);
}

static void
addval(struct col *c, const void *p, size_t n)
{
	if (c->vlen + n > c->vcap) {
		c->vcap = 2 * (c->vlen + n) + 4096;
		c->val = xrealloc(c->val, c->vcap);
	}
	memcpy(c->val + c->vlen, p, n);
	c->vlen += n;
}

static void
tfile(struct table *t)
{
	if (t->nparts > 1)
		snprintf(t->path, sizeof t->path, "%s/%s_%d.parquet", t->dir,
		    t->name, t->part);
	else
		snprintf(t->path, sizeof t->path, "%s/%s.parquet", t->dir,
		    t->name);
	if (!(t->f = fopen(t->path, "wb")))
		die("%s: %s", t->path, strerror(errno));
	t->off = t->rows = t->grows = 0;
	t->nck = 0;
	t->ngroup = 0;
	out(t, "PAR1", 4);
}

/* "name:type[?]" specs, NULL-ended: ? for an optional column. */
static void
topen(struct table *t, const char *dir, const char *name,
    const char *const *spec, int nparts, uint64_t partrows)
{
	const char *p;
	int i;

	memset(t, 0, sizeof *t);
	t->name = name;
	t->dir = dir;
	t->nparts = nparts;
	t->partrows = partrows;
	for (i = 0; spec[i]; i++) {
		if (i == MAXCOLS)
			die("%s: more than %d columns", name, MAXCOLS);
		p = strchr(spec[i], ':');
		t->col[i].name = spec[i];
		t->col[i].type = p[1] == 'i' ? C_I64 : p[1] == 's' ? C_STR :
		    p[1] == 'f' ? C_F32 : C_BOOL;
		t->col[i].opt = strchr(p, '?') != NULL;
	}
	t->ncol = i;
	if (shufblock)
		t->shuf = xrealloc(NULL, shufblock * sizeof *t->shuf);
	tfile(t);
}

static size_t
namelen(const struct col *c)
{
	return (size_t)(strchr(c->name, ':') - c->name);
}

/* The row group's column chunks. */
static void
flushgroup(struct table *t)
{
	unsigned char lv[14], *b;
	size_t nlv, ng;
	uint64_t h;
	struct chunk *k;
	struct col *c;
	int i;

	if (t->grows == 0)
		return;
	for (i = 0; i < t->ncol; i++) {
		c = &t->col[i];
		if (t->nck == t->capck) {
			t->capck = 2 * t->capck + 64;
			t->ck = xrealloc(t->ck, t->capck * sizeof *t->ck);
		}
		k = &t->ck[t->nck++];
		k->off = t->off;
		k->nval = t->grows;
		nlv = 0;
		ng = (size_t)(t->grows + 7) / 8;
		if (c->opt) {
			nlv = 4;
			for (h = (uint64_t)ng << 1 | 1; h >= 0x80; h >>= 7)
				lv[nlv++] = (unsigned char)(h | 0x80);
			lv[nlv++] = (unsigned char)h;
			le32(lv, nlv - 4 + ng);
		}
		tw.len = 0;
		tw_reset();
		tw_begin(0);				/* PageHeader */
		tw_i32(1, 0);				/* DATA_PAGE */
		tw_i32(2, (int64_t)(nlv + (c->opt ? ng : 0) + c->vlen));
		tw_i32(3, (int64_t)(nlv + (c->opt ? ng : 0) + c->vlen));
		tw_begin(5);				/* DataPageHeader */
		tw_i32(1, (int64_t)t->grows);		/* num_values */
		tw_i32(2, 0);				/* PLAIN */
		tw_i32(3, 3);				/* RLE levels */
		tw_i32(4, 3);
		tw_end();
		tw_end();
		out(t, tw.b, tw.len);
		out(t, lv, nlv);
		if (c->opt)
			out(t, c->def, ng);
		b = c->val;
		out(t, b, c->vlen);
		k->size = t->off - k->off;
		c->vlen = 0;
		c->nbits = 0;
		if (c->def)
			memset(c->def, 0, c->dcap);
	}
	t->ngroup++;
	t->grows = 0;
}

static void
footer(struct table *t)
{
	const struct chunk *k;
	uint64_t g, total;
	unsigned char b[4];
	const struct col *c;
	int i;

	tw.len = 0;
	tw_reset();
	tw_begin(0);				/* FileMetaData */
	tw_i32(1, 1);				/* version */
	tw_list(2, T_STRUCT, (uint64_t)t->ncol + 1);	/* schema */
	tw_begin(0);
	tw_bin(4, "schema", 6);
	tw_i32(5, t->ncol);			/* num_children */
	tw_end();
	for (i = 0; i < t->ncol; i++) {
		c = &t->col[i];
		tw_begin(0);
		tw_i32(1, physical[c->type]);
		tw_i32(3, c->opt);		/* REQUIRED, OPTIONAL */
		tw_bin(4, c->name, namelen(c));
		if (c->type == C_STR) {
			tw_i32(6, 0);		/* converted_type UTF8 */
			tw_begin(10);		/* logicalType */
			tw_begin(1);		/* STRING */
			tw_end();
			tw_end();
		}
		tw_end();
	}
	tw_i64(3, (int64_t)t->rows);
	tw_list(4, T_STRUCT, t->ngroup);		/* row_groups */
	for (g = 0; g < t->ngroup; g++) {
		k = &t->ck[g * (uint64_t)t->ncol];
		tw_begin(0);
		tw_list(1, T_STRUCT, (uint64_t)t->ncol);
		for (i = 0, total = 0; i < t->ncol; i++) {
			c = &t->col[i];
			total += k[i].size;
			tw_begin(0);			/* ColumnChunk */
			tw_i64(2, (int64_t)k[i].off);
			tw_begin(3);			/* ColumnMetaData */
			tw_i32(1, physical[c->type]);
			tw_list(2, T_I32, c->opt ? 2 : 1);
			tw_zigzag(0);			/* PLAIN */
			if (c->opt)
				tw_zigzag(3);		/* RLE */
			tw_list(3, T_BINARY, 1);
			tw_varint(namelen(c));
			tw_put(c->name, namelen(c));
			tw_i32(4, 0);			/* UNCOMPRESSED */
			tw_i64(5, (int64_t)k[i].nval);
			tw_i64(6, (int64_t)k[i].size);
			tw_i64(7, (int64_t)k[i].size);
			tw_i64(9, (int64_t)k[i].off);
			tw_end();
			tw_end();
		}
		tw_i64(2, (int64_t)total);
		tw_i64(3, (int64_t)k[0].nval);
		tw_end();
	}
	tw_bin(6, "profgen", 7);			/* created_by */
	tw_end();
	out(t, tw.b, tw.len);
	le32(b, tw.len);
	out(t, b, 4);
	out(t, "PAR1", 4);
}

static void
tfinish(struct table *t)
{
	flushgroup(t);
	footer(t);
	if (fclose(t->f) == EOF)
		die("%s: %s", t->path, strerror(errno));
	t->f = NULL;
}

/* A row into the column buffers. */
static void
writerow(struct table *t, const struct row *r)
{
	unsigned char b[8];
	const struct cell *v;
	struct col *c;
	int i, j;

	if (t->nparts > 1 && t->rows == t->partrows &&
	    t->part < t->nparts - 1) {
		tfinish(t);
		t->part++;
		tfile(t);
	}
	for (i = 0; i < t->ncol; i++) {
		c = &t->col[i];
		v = &r->c[i];
		if (c->opt && c->dcap < GROUP / 8) {
			c->dcap = GROUP / 8;
			c->def = xrealloc(c->def, c->dcap);
			memset(c->def, 0, c->dcap);
		}
		if (v->null) {
			if (!c->opt)
				die("%s: column %.*s: a null in a required "
				    "column", t->name, (int)namelen(c), c->name);
			continue;
		}
		if (c->opt)
			c->def[t->grows / 8] |= (unsigned char)(1 <<
			    t->grows % 8);
		switch (c->type) {
		case C_I64:
			for (j = 0; j < 8; j++)
				b[j] = (unsigned char)((uint64_t)v->i >> 8 * j);
			addval(c, b, 8);
			break;
		case C_F32:
			memcpy(b, &v->f, 4);	/* little-endian machines */
			addval(c, b, 4);
			break;
		case C_STR:
			le32(b, v->len);
			addval(c, b, 4);
			addval(c, v->s, v->len);
			break;
		case C_BOOL:
			if (c->nbits % 8 == 0) {
				b[0] = 0;
				addval(c, b, 1);
			}
			if (v->i)
				c->val[c->vlen - 1] |= (unsigned char)(1 <<
				    c->nbits % 8);
			c->nbits++;
			break;
		}
	}
	t->rows++;
	if (++t->grows == GROUP)
		flushgroup(t);
}

/* The held rows, in an order shuffled with the seed. */
static void
unshuffle(struct table *t)
{
	size_t i, j;
	struct row tmp;

	for (i = t->nshuf; i > 1; i--) {
		j = (size_t)rndof(1, i);
		tmp = t->shuf[i - 1];
		t->shuf[i - 1] = t->shuf[j];
		t->shuf[j] = tmp;
	}
	for (i = 0; i < t->nshuf; i++)
		writerow(t, &t->shuf[i]);
	t->nshuf = 0;
}

/* Ends the row being made. */
static void
endrow(struct table *t)
{
	if (!shufblock) {
		writerow(t, &t->cur);
	} else {
		t->shuf[t->nshuf++] = t->cur;
		if (t->nshuf == shufblock)
			unshuffle(t);
	}
	memset(&t->cur, 0, sizeof t->cur);
}

static void
tclose(struct table *t)
{
	int i;

	if (shufblock)
		unshuffle(t);
	tfinish(t);
	for (i = 0; i < t->ncol; i++) {
		free(t->col[i].val);
		free(t->col[i].def);
	}
	free(t->ck);
	free(t->shuf);
}

static void
ci(struct table *t, int c, int64_t v)
{
	t->cur.c[c].i = v;
}

static void
cnull(struct table *t, int c)
{
	t->cur.c[c].null = 1;
}

static void
cs(struct table *t, int c, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(t->cur.c[c].s, CELLSTR, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= CELLSTR)
		die("%s: a cell longer than %d bytes", t->name, CELLSTR - 1);
	t->cur.c[c].len = (size_t)n;
}

/* ---- the tables ---- */

static const char *const instrspec[] = { "id:i", "start_ts:i", "end_ts:i",
    "duration_ns:i", "engine:s", "opcode:s", "operands:s?",
    "tensor_instruction_type:s?", "adjusted_flops:i?",
    "bir_debug_info_source_location:s?", "hbm_read_bytes:i?",
    "hbm_write_bytes:i?", "pcore_idx:i", NULL };
enum { I_ID, I_START, I_END, I_DUR, I_ENGINE, I_OPCODE, I_OPERANDS,
    I_TYPE, I_FLOPS, I_SRC, I_HBMR, I_HBMW, I_PCORE };

static const char *const pktspec[] = { "id:i", "start_ts:i", "end_ts:i",
    "duration_ns:i", "pcore_idx:i", "queue_name:s?", "queue_type:s",
    "transfer_bytes:i", "packet_aggregation_id:i?", NULL };
enum { P_ID, P_START, P_END, P_DUR, P_PCORE, P_QUEUE, P_QTYPE, P_BYTES,
    P_AGG };

static const char *const dpaspec[] = { "id:i", "start_ts:i", "end_ts:i",
    "duration_ns:i", "variable:s", "source:s", "dest:s",
    "transfer_bytes:i", "read_num_sbuf_partitions:i?",
    "write_num_sbuf_partitions:i?", "is_transpose_mode:b?", "queue_name:s",
    NULL };
enum { A_ID, A_START, A_END, A_DUR, A_VAR, A_SRC, A_DST, A_BYTES, A_RP,
    A_WP, A_TR, A_QUEUE };

static const char *const flowspec[] = { "in_id:i", "out_id:i",
    "in_table:s", "out_table:s", "dependency_type:s", "gap_time:i", NULL };

static const char *const activespec[] = { "start_ts:i", "end_ts:i",
    "engine:s", "pcore_idx:i", "duration_ns:i", NULL };

static const char *const tensorspec[] = { "variable_name:s", "type:s",
    "format:s", "shape:s", "size:i", "node:s", "pcore_idx:i", NULL };

static const char *const metaspec[] = { "profile_schema_version:s",
    "dma_ddr_bandwidth:f", "hbm_ddr_bandwidth:f",
    "tensor_engine_num_rows:i", "tensor_engine_num_cols:i",
    "tensor_engine_clock_freq:f", "instance_type:s", NULL };

static const char *const warnspec[] = { "message:s", "category:s", NULL };
static const char *const errspec[] = { "description:s", "error_type_id:i",
    "metadata:s?", "pcore_idx:i", "timestamp:i", "type:s", NULL };

static struct table tins, tpkt, tdpa, tflow, tact, tten, tmeta;
static int noreload;		/* -R: b loaded by the first tile only */
static int64_t nextid = 1, nextpkt = 1, nextdpa = 1;

/* The engines with ActiveTime, and each one's run being merged. */
enum { E_TENSOR, E_VECTOR, E_SCALAR, E_GPSIMD, E_SYNC, NENG };
static const char *const engname[NENG] = { "tensor", "vector", "scalar",
    "gpsimd", "sync" };
static struct { int64_t s, e; int open; } run[NENG];

static void
activeput(int e, int64_t s, int64_t end)
{
	ci(&tact, 0, s);
	ci(&tact, 1, end);
	cs(&tact, 2, "%s", engname[e]);
	ci(&tact, 3, 0);
	ci(&tact, 4, end - s);
	endrow(&tact);
}

/* An engine busy [s, e): merged with its run when they touch (engines'
 * instructions come in start order). */
static void
busy(int e, int64_t s, int64_t end)
{
	if (e == E_SYNC)
		return;		/* no ActiveTime: no engine of a bound */
	if (run[e].open && s <= run[e].e) {
		if (end > run[e].e)
			run[e].e = end;
		return;
	}
	if (run[e].open)
		activeput(e, run[e].s, run[e].e);
	run[e].open = 1;
	run[e].s = s;
	run[e].e = end;
}

/* An instruction; returns its id. */
static int64_t
instr(int e, const char *op, int64_t s, int64_t dur, const char *src,
    const char *operands, const char *type, int64_t flops, int64_t hbmr,
    int64_t hbmw)
{
	struct table *t = &tins;
	int64_t id = nextid++;

	ci(t, I_ID, id);
	ci(t, I_START, s);
	ci(t, I_END, s + dur);
	ci(t, I_DUR, dur);
	cs(t, I_ENGINE, "%s", engname[e]);
	cs(t, I_OPCODE, "%s", op);
	if (operands)
		cs(t, I_OPERANDS, "%s", operands);
	else
		cnull(t, I_OPERANDS);
	if (type)
		cs(t, I_TYPE, "%s", type);
	else
		cnull(t, I_TYPE);
	if (flops >= 0)
		ci(t, I_FLOPS, flops);
	else
		cnull(t, I_FLOPS);
	if (src)
		cs(t, I_SRC, "%s", src);
	else
		cnull(t, I_SRC);
	ci(t, I_HBMR, hbmr);
	ci(t, I_HBMW, hbmw);
	ci(t, I_PCORE, 0);
	endrow(t);
	busy(e, s, s + dur);
	return id;
}

static void
packet(int64_t s, int64_t dur, const char *queue, const char *qtype,
    int64_t bytes, int64_t agg)
{
	struct table *t = &tpkt;

	ci(t, P_ID, nextpkt++);
	ci(t, P_START, s);
	ci(t, P_END, s + dur);
	ci(t, P_DUR, dur);
	ci(t, P_PCORE, 0);
	if (queue)
		cs(t, P_QUEUE, "%s", queue);
	else
		cnull(t, P_QUEUE);
	cs(t, P_QTYPE, "%s", qtype);
	ci(t, P_BYTES, bytes);
	if (agg > 0)
		ci(t, P_AGG, agg);
	else
		cnull(t, P_AGG);
	endrow(t);
}

static void
flow(int64_t in, int64_t outid, const char *it, const char *ot,
    const char *dep)
{
	ci(&tflow, 0, in);
	ci(&tflow, 1, outid);
	cs(&tflow, 2, "%s", it);
	cs(&tflow, 3, "%s", ot);
	cs(&tflow, 4, "%s", dep);
	ci(&tflow, 5, 0);
	endrow(&tflow);
}

/*
 * A DMA transfer triggered by instruction insn at s: its
 * DmaPacketAggregated row, and npkt packets of it on as many queues, each
 * starting a little later than the one before.  Flow links it, but every
 * 23rd.  Partitions: rp and wp, each 0 for none.
 */
static void
transfer(int64_t insn, int64_t s, int64_t dur, const char *var,
    const char *src, const char *dst, int64_t bytes, int64_t rp,
    int64_t wp, int npkt)
{
	struct table *t = &tdpa;
	int64_t id = nextdpa++, each = bytes / npkt;
	int i;

	ci(t, A_ID, id);
	ci(t, A_START, s);
	ci(t, A_END, s + dur);
	ci(t, A_DUR, dur);
	cs(t, A_VAR, "%s", var);
	cs(t, A_SRC, "%s", src);
	cs(t, A_DST, "%s", dst);
	ci(t, A_BYTES, bytes);
	if (rp)
		ci(t, A_RP, rp);
	else
		cnull(t, A_RP);
	if (wp)
		ci(t, A_WP, wp);
	else
		cnull(t, A_WP);
	ci(t, A_TR, 0);
	cs(t, A_QUEUE, "qSyncIO%d", (int)(id % 4));
	endrow(t);
	for (i = 0; i < npkt; i++) {
		char q[32];

		snprintf(q, sizeof q, "qSyncIO%d", i % 16);
		packet(s + 5 * i + (int64_t)rnd(5), dur - 5 * i - 5,
		    i == npkt - 1 && id % 5 == 0 ? NULL : q,
		    i % 7 == 6 ? "software_dynamic" : "hardware_dynamic",
		    i == npkt - 1 ? bytes - each * (npkt - 1) : each, id);
	}
	if (id % 23 != 0)
		flow(insn, id, "Instruction", "DmaPacketAggregated",
		    "DGE_TRIGGER");
}

#define TILE	128 * 512 * 2	/* bytes of an input tile: 128 x 512 bf16 */
#define FULLFLOPS	(2LL * 128 * 128 * 512)

/* Tile i, from time t. */
static void
tile(uint64_t i, int64_t t)
{
	int64_t id;
	char buf[64];

	/* The loads of a and b. */
	id = instr(E_SYNC, "DMA_DIRECT2D", t, 20, "kernel.py:21", NULL, NULL,
	    -1, TILE, 0);
	transfer(id, t + 20, 600 + (int64_t)rnd(40), "a", "[[INPUT]]", "[SB]",
	    TILE, 0, 32, 4);
	if (!noreload || i == 0) {
		id = instr(E_SYNC, "DMA_DIRECT2D", t + 40, 20, "kernel.py:22",
		    NULL, NULL, -1, TILE / 4, 0);
		transfer(id, t + 60, 160 + (int64_t)rnd(40), "b", "[[INPUT]]",
		    "[SB]", TILE / 4, 0, 32, 2);
	}
	if (i % 16 == 3) {	/* a spill, saved and reloaded */
		snprintf(buf, sizeof buf, "spill_%llu",
		    (unsigned long long)(i / 16 % 4));
		id = instr(E_GPSIMD, "DMA_DIRECT2D", t + 100, 10,
		    "kernel.py:45", NULL, NULL, -1, 0, 32768);
		transfer(id, t + 110, 120, buf, "[[SB]]", "[VIRTUAL]", 32768,
		    128, 0, 2);
		id = instr(E_GPSIMD, "DMA_DIRECT2D", t + 1400, 10,
		    "kernel.py:46", NULL, NULL, -1, 32768, 0);
		transfer(id, t + 1410, 120, buf, "[[VIRTUAL]]", "[SB]", 32768, 0,
		    128, 2);
	}
	if (i % 8 == 5)
		instr(E_GPSIMD, "IOTA", t + 300, 80, "kernel.py:42", "x", NULL,
		    -1, 0, 0);
	/* The Tensor engine: a weight load, a transpose, two full matmuls,
	 * one on an undersized tile. */
	instr(E_TENSOR, "LDWEIGHTS", t + 700, 30, "kernel.py:29",
	    "src=sb[0:128][128,1]", "REGULAR", 0, 0, 0);
	instr(E_TENSOR, "MATMUL", t + 730, 100, "kernel.py:28",
	    "src=sb[0:128][128,1] 128*128", "TRANSPOSE", 2LL * 128 * 128 * 128,
	    0, 0);
	instr(E_TENSOR, "MATMUL", t + 830, 380 + (int64_t)rnd(8),
	    "kernel.py:30", "src=sb[0:128][512,1] 128*128", "REGULAR",
	    FULLFLOPS, 0, 0);
	instr(E_TENSOR, "MATMUL", t + 1220, 380, "kernel.py:30",
	    "src=sb[0:128][512,1] 128*128", "REGULAR", FULLFLOPS, 0, 0);
	instr(E_TENSOR, "MATMUL", t + 1600, 190, "kernel.py:31",
	    "src=sb[0:64][256,1] 64*128", "REGULAR", 2LL * 64 * 128 * 256, 0,
	    0);
	/* Vector and Scalar; every 10th Vector has no source line. */
	instr(E_VECTOR, "TENSOR_TENSOR", t + 900, 300, i % 10 == 9 ? NULL :
	    "kernel.py:40", "x", NULL, -1, 0, 0);
	instr(E_SCALAR, "ACTIVATION", t + 1250, 200, "kernel.py:41", "x", NULL,
	    -1, 0, 0);
	if (i % 4 == 3) {	/* a store of c, and its semaphore */
		id = instr(E_SYNC, "DMA_DIRECT2D", t + 1500, 20, "kernel.py:50",
		    NULL, NULL, -1, 0, TILE);
		transfer(id, t + 1520, 400, "c", "[[SB]]", "[OUTPUT]", TILE, 128,
		    0, 4);
		packet(t + 1930, 10, "qSyncIO0", "hardware_dynamic", 4, 0);
	}
	if (i % 8 == 0)		/* an instruction fetch */
		packet(t + 10, 30, "qInstr", "instruction", 256, 0);
}

static void
mkdirp(const char *dir)
{
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		die("%s: %s", dir, strerror(errno));
}

static uint64_t
number(int opt, const char *s, uint64_t lo, uint64_t hi)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno == ERANGE || v < lo ||
	    v > hi) {
		fprintf(stderr, "profgen: -%c: bad number: %s\n", opt, s);
		exit(2);
	}
	return v;
}

static void
usage(void)
{
	fputs("usage: profgen [-R] [-E errors] [-n tiles] [-P parts] [-s seed] "
	    "[-W warnings] [-x block] dir\n", stderr);
	exit(2);
}

int
main(int argc, char **argv)
{
	static const char *const cats[] = { "DroppedEvents", "Timestamps",
	    "DroppedEvents" };
	uint64_t ntiles = 16, seed = 1, nwarn = 0, nerr = 0, i;
	int64_t t, t0 = 1000000000;
	int c, e, nparts = 1;
	struct table tw_, te;
	const char *dir;

	while ((c = getopt(argc, argv, "E:n:P:Rs:W:x:")) != -1)
		switch (c) {
		case 'E':
			nerr = number(c, optarg, 0, 1000000);
			break;
		case 'n':
			ntiles = number(c, optarg, 1, UINT64_C(1) << 40);
			break;
		case 'P':
			nparts = (int)number(c, optarg, 1, 100);
			break;
		case 'R':
			noreload = 1;
			break;
		case 's':
			seed = number(c, optarg, 0, UINT64_MAX);
			break;
		case 'W':
			nwarn = number(c, optarg, 0, 1000000);
			break;
		case 'x':
			shufblock = number(c, optarg, 1, MAXSHUF);
			break;
		default:
			usage();
		}
	if (argc - optind != 1)
		usage();
	dir = argv[optind];
	mkdirp(dir);
	seedrng(seed);
	t0 += (int64_t)rnd(1000);

	topen(&tmeta, dir, "Metadata", metaspec, 1, 0);
	cs(&tmeta, 0, "7.4.0");
	tmeta.cur.c[1].f = 4e11f;
	tmeta.cur.c[2].f = 6.4e11f;
	ci(&tmeta, 3, 128);
	ci(&tmeta, 4, 128);
	tmeta.cur.c[5].f = 1.4f;
	cs(&tmeta, 6, "trn2.48xlarge");
	endrow(&tmeta);
	tclose(&tmeta);

	topen(&tten, dir, "TensorInfo", tensorspec, 1, 0);
	{
		static const struct { const char *v, *ty; int64_t sz; } ts[] = {
			{ "a", "IN", 0 }, { "b", "IN", TILE / 4 },
			{ "c", "OUT", 0 }, { "w", "INTERNAL", 65536 },
		};
		for (i = 0; i < 4; i++) {
			cs(&tten, 0, "%s", ts[i].v);
			cs(&tten, 1, "%s", ts[i].ty);
			cs(&tten, 2, "NHWC");
			cs(&tten, 3, "[128, 512]");
			/* a: one tile a tile; c: one a store. */
			ci(&tten, 4, i == 0 ? (int64_t)(TILE * ntiles) : i == 2 ?
			    (int64_t)(TILE * (ntiles / 4)) : ts[i].sz);
			cs(&tten, 5, "node0");
			ci(&tten, 6, 0);
			endrow(&tten);
		}
	}
	tclose(&tten);

	topen(&tins, dir, "Instruction", instrspec, nparts,
	    (uint64_t)(ntiles * 94 / 10 / (uint64_t)nparts + 1));
	topen(&tpkt, dir, "DmaPacket", pktspec, 1, 0);
	topen(&tdpa, dir, "DmaPacketAggregated", dpaspec, 1, 0);
	topen(&tflow, dir, "Flow", flowspec, 1, 0);
	topen(&tact, dir, "ActiveTime", activespec, 1, 0);
	packet(t0 - 5000, 40, "qInstr", "instruction", 256, 0);
	for (i = 0, t = t0; i < ntiles; i++) {
		tile(i, t);
		t += 1800 + (int64_t)rnd(60);
		if (i % 64 == 63)	/* a stall: every engine idle */
			t += 2000;
	}
	packet(t + 3000, 10, "qSyncIO0", "hardware_dynamic", 4, 0);
	for (e = 0; e < NENG; e++)
		if (run[e].open)
			activeput(e, run[e].s, run[e].e);
	tclose(&tins);
	tclose(&tpkt);
	tclose(&tdpa);
	tclose(&tflow);
	tclose(&tact);

	if (nwarn) {
		topen(&tw_, dir, "Warning", warnspec, 1, 0);
		for (i = 0; i < nwarn; i++) {
			cs(&tw_, 0, "%s %llu", i % 3 == 1 ? "timestamps out of "
			    "order on queue" : "system trace events dropped:",
			    (unsigned long long)(i + 1));
			cs(&tw_, 1, "%s", cats[i % 3]);
			endrow(&tw_);
		}
		tclose(&tw_);
	}
	if (nerr) {
		topen(&te, dir, "Error", errspec, 1, 0);
		for (i = 0; i < nerr; i++) {
			cs(&te, 0, "DMA queue %llu overflowed",
			    (unsigned long long)i);
			ci(&te, 1, 7);
			cnull(&te, 2);
			ci(&te, 3, 0);
			ci(&te, 4, t0 + (int64_t)i);
			cs(&te, 5, "%s", i % 2 ? "HwError" : "DmaError");
			endrow(&te);
		}
		tclose(&te);
	}
	return 0;
}
