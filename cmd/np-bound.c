/*
 * np-bound: a kernel's performance bounds from a Neuron Explorer profile
 * directory, its bottleneck engine, and investigations that pin each gap
 * to source lines.
 *
 * The bounds are times in ns over the window [t0, t1) (by default the span
 * of the kernel's DMA packets): wall-clock unions of intervals clipped to
 * the window (DmaPacket for DMA, ActiveTime for the engines), and sums of
 * bytes and flops divided by the hardware's peaks (Metadata).  The unions
 * need start order: spill.h puts the intervals in it, so any row order
 * gives the answer sorted rows give, in memory bounded by -r.  The
 * investigations group instructions by source line; two of them join
 * Instruction to DmaPacketAggregated through Flow, holding the transfers
 * of DmaPacketAggregated in the window (np(7), LIMITS), never the
 * instructions or packets.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/options.h"
#include "base/number.h"
#include "bytes/source.h"
#include "calc/bound.h"
#include "calc/hashtab.h"
#include "calc/spill.h"
#include "format/parquet.h"
#include "format/partrows.h"
#include "format/table.h"
#include "kind/dma.h"
#include "kind/instruction.h"
#include "kind/profdir.h"
#include "read/gate.h"
#include "read/reader.h"
#include "write/tsvout.h"

static const char optstring[] = "ADIr:Tt:wX";
static const char synopsis[] =
    "np-bound [-ADInqTwX] [-r rows] [-t from,to] profile ...";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-A, --partial", "a partial run, for a later np-bound to merge",
	"-D, --dma", "DMA transfer geometry per source line",
	"-I, --tiles", "matrix multiply shapes per source line",
	"-n, --no-header", "no header line",
	"-q, --quiet", "no progress line on stderr",
	"-r, --window rows", "reorder window, intervals (default 1024)",
	"-T, --transposes", "transposes on the Tensor engine per source line",
	"-t from,to", "the window, ns (default: the kernel's DMA)",
	"-w, --wide", "one column per profile, and the change",
	"-X, --excess", "bytes moved beyond the tensors' sizes, and by whom",
	NULL
};

static const char *const longopts[] = {
	"--dma", "-D", "--tiles", "-I", "--transposes", "-T", "--excess", "-X",
	"--window", "-r", "--wide", "-w", "--partial", "-A", NULL,
};

/* ---- the tables ---- */

enum {
	TB_METADATA, TB_DMAPACKET, TB_ACTIVETIME, TB_INSTRUCTION,
	TB_TENSORINFO, TB_DPA, TB_FLOW, TB_WARNING, TB_ERROR, NTB
};
static const char *const tbname[NTB] = {
	"Metadata", "DmaPacket", "ActiveTime", "Instruction", "TensorInfo",
	"DmaPacketAggregated", "Flow", "Warning", "Error",
};

/* ActiveTime: each engine's busy intervals. */
enum { A_START, A_END, A_DUR, A_ENGINE, A_PCORE, A_NCOL };
static const struct column activecols[] = {
	[A_START] = { "start_ts", T_INT, C_TIME, NULL },
	[A_END] = { "end_ts", T_INT, C_TIME, NULL },
	[A_DUR] = { "duration_ns", T_INT, C_TIME, NULL },
	[A_ENGINE] = { "engine", T_TEXT, 0, NULL },
	[A_PCORE] = { "pcore_idx", T_INT, 0, NULL },
};
static const struct kind kind_active = {
	"ActiveTime", NULL, A_NCOL, activecols, A_START, A_END, A_DUR, NULL,
	0, "engine", "ActiveTime",
};

/* A profile: a directory, or table files named for their tables. */
#define MAXPROFILES 64
#define MAXFILES 256
struct profile {
	const char *name;
	int isdir;
	char *files[NTB][MAXFILES];
	int nfiles[NTB];
};

/* ---- what is worked out ---- */

/* The engines of the pipeline, in the order a tie picks the first. */
enum { E_TENSOR, E_VECTOR, E_SCALAR, E_GPSIMD, E_DMA, NENG };
static const char *const engname[NENG] = {
	"Tensor", "Vector", "Scalar", "GpSimd", "DMA",
};
static const char *const engbound[NENG] = {
	"tensor_engine_active_time", "vector_engine_active_time",
	"scalar_engine_active_time", "gpsimd_engine_active_time",
	"dma_active_time",
};

/* The bounds, in output order; each family's first is gapped to
 * total_time. */
enum {
	B_TOTAL, B_MEM, B_MEMIDEAL, B_MEMNR, B_COMP, B_COMPFLOPS,
	B_COMPUSEFUL, B_PIPE, NBOUND
};
static const struct {
	const char *name, *family;
	int engine;		/* the engine it improves, or -1 */
	int before;		/* the bound before it in its family */
} bounds[NBOUND] = {
	[B_TOTAL] = { "total_time", "total", -1, -1 },
	[B_MEM] = { "memory_bound", "memory", E_DMA, B_TOTAL },
	[B_MEMIDEAL] = { "memory_bound_ideal", "memory", E_DMA, B_MEM },
	[B_MEMNR] = { "memory_bound_ideal_no_reloads", "memory", E_DMA,
	    B_MEMIDEAL },
	[B_COMP] = { "compute_bound", "compute", E_TENSOR, B_TOTAL },
	[B_COMPFLOPS] = { "compute_bound_ideal_flops", "compute", E_TENSOR,
	    B_COMP },
	[B_COMPUSEFUL] = { "compute_bound_ideal_useful_flops", "compute",
	    E_TENSOR, B_COMPFLOPS },
	[B_PIPE] = { "perfect_pipeline", "pipeline", -1, B_TOTAL },
};

/* The hardware's peaks, from Metadata. */
enum { M_DMABW, M_ROWS, M_COLS, M_CLOCK, NMETA };
static const char *const metaname[NMETA] = {
	"dma_ddr_bandwidth", "tensor_engine_num_rows",
	"tensor_engine_num_cols", "tensor_engine_clock_freq",
};

struct result {
	int64_t t0, t1;
	int hasbound[NBOUND];
	int64_t bound[NBOUND];
	int haseng[NENG];
	int64_t eng[NENG];
	int bottleneck;		/* an engine, or -1 */
};

/* One profile's reading. */
struct reading {
	struct profile *p;
	int64_t t0, t1;
	int hasmeta[NMETA];
	double meta[NMETA];
	int hasdma;		/* DmaPacket has rows */
	int dmainside;		/* ... and some in the window */
	struct dec kbytes;	/* kernel packets' bytes that start in it */
	int64_t kpackets;
	int hasflops;		/* the Instruction table was read */
	struct dec flops, tflops;	/* MATMULs', the transposes' */
	int hastensors;
	struct dec necessary;	/* TensorInfo IN and OUT sizes */
	struct result res;
};

/* A key of the investigations: source line, shape, variable, direction. */
#define MAXKEYS 1000000L
#define KEYBUF 4096

/* The reading back of -A's rows for the merge. */
#define PT_MAXF 16		/* fields of a row, at most */
struct partread {
	struct src in;
	const char *file, *first;
	long line;
	char *f[PT_MAXF + 1];
	size_t len[PT_MAXF + 1];
	int nf, ncol;
	/* investigations: the first profile's rows, until a second comes */
	char *held;
	size_t nheld, capheld;
	char *firstname;
	int count;		/* profiles so far */
	int inrows;		/* the file's last row's profile is name */
	char *name;
	size_t namecap;
};

/* The program's state, passed to each function that needs it. */
struct bound {
	/* the options */
	int64_t window;
	int hasfrom, hasto;
	int64_t optfrom, optto;
	int mode;		/* 0, or the investigation's letter */
	int wide, header;
	int partial;		/* -A: the profile column, however many */

	struct profile profiles[MAXPROFILES];
	int nprofiles;
	struct result results[MAXPROFILES];
	struct reading cur;	/* the profile being read */
	struct reader rd;	/* the table being read */
	/* The header, due before the first row, or at the end if there is
	 * none: input refused before any row leaves the output empty. */
	const char *headdue;

	/* intervals in start order, into each engine's union */
	struct spill sorter;
	int64_t seq;
	long inside;		/* intervals in the window */
	struct clip clips[NENG];

	/* further columns: of Instruction, of TensorInfo */
	int cflops, ctype, coperands, cid;
	int cvar, ctiype, csize;

	/* the investigations: their keys' sums, the key being made */
	struct group grp;
	char key[KEYBUF];
	size_t keylen;
	int keyparts;		/* parts put since keystart */
	/* instructions without a source line: most of them means a profile
	 * compiled without debug information */
	long nsrc, nosrc;

	/* the Flow join */
	struct xfer *xfers;
	long nxfers, capxfers;
	int32_t *idhash, *inhash;	/* chains by id, by instruction */
	size_t nhash;
	struct group vars;	/* TensorInfo's and DmaPacketAggregated's */
	/* the window's DmaPacketAggregated rows: all, and the spills */
	struct dec spillbytes, dpabytes;
	int64_t spills, dparows;

	struct partread bp;
};

/* The state main starts from, st zeroed before. */
static void
boundinit(struct bound *st)
{
	st->window = 1024;
	st->optfrom = INT64_MIN;
	st->optto = INT64_MAX;
	st->header = 1;
}

/* A literal of the output, its TABs and newlines as they are. */
static void
lit(const char *s)
{
	out_raw(s, strlen(s));
}

/* ---- profiles and their tables ---- */

/* The table a file's name gives, as Explorer names them (Flow.parquet,
 * Instruction_1.parquet, DmaPacket.csv): its index, or -1. */
static int
tableof(const char *path)
{
	const char *b = strrchr(path, '/'), *e;
	size_t n;
	int t;

	b = b ? b + 1 : path;
	for (e = b; (*e >= 'A' && *e <= 'Z') || (*e >= 'a' && *e <= 'z'); e++)
		;
	n = (size_t)(e - b);
	if (*e != '.' && *e != '_' && *e != ' ')
		return -1;
	for (t = 0; t < NTB; t++)
		if (strlen(tbname[t]) == n && memcmp(tbname[t], b, n) == 0)
			return t;
	return -1;
}

static void
addprofiles(struct bound *st, char **ops, int n)
{
	struct profile *files = NULL;
	int i, t;

	for (i = 0; i < n; i++) {
		if (src_isdir(ops[i])) {
			if (st->nprofiles == MAXPROFILES)
				np_die("more than %d profiles", MAXPROFILES);
			st->profiles[st->nprofiles].name = ops[i];
			st->profiles[st->nprofiles++].isdir = 1;
			continue;
		}
		if ((t = tableof(ops[i])) < 0)
			np_die("%s: expected a profile directory, or a file "
			    "named for a table np-bound reads (Metadata, "
			    "DmaPacket, ActiveTime, Instruction, TensorInfo, "
			    "DmaPacketAggregated, Flow, Warning, Error)", ops[i]);
		if (!files) {
			if (st->nprofiles == MAXPROFILES)
				np_die("more than %d profiles", MAXPROFILES);
			files = &st->profiles[st->nprofiles++];
			files->name = ops[i];
		}
		if (files->nfiles[t] == MAXFILES)
			np_die("%s: more than %d files of %s", ops[i],
			    MAXFILES, tbname[t]);
		files->files[t][files->nfiles[t]++] = ops[i];
	}
}

/* The files of table t: 0 when the profile has none. */
static int
tablefiles(struct bound *st, int t, char ***files)
{
	if (st->cur.p->isdir)
		return pd_tables(st->cur.p->name, tbname[t], files);
	*files = st->cur.p->files[t];
	return st->cur.p->nfiles[t];
}

/* The columns of a Parquet file, as a list for a message. */
static const char *
pqlist(struct pq *pq, char *list)
{
	size_t len = 0;
	int i;

	list[0] = '\0';
	for (i = 0; i < pq_ncols(pq); i++)
		np_listadd(list, &len, pq_col(pq, i)->name,
		    strlen(pq_col(pq, i)->name));
	return list;
}

/* The names[] a TSV or CSV file's header lacks, flagged 0 in got. */
static void
textcols(struct src *s, const char *const *names, int *got)
{
	char *line, *nl;
	long lineno;
	int j, kind;

	kind = src_sniff(s, "JSON, TSV or CSV", &line, &lineno);
	if ((kind != SRC_TSV && kind != SRC_CSV) || !(nl = src_wholeline(s,
	    line, SRC_BUFSZ)))
		return;
	for (j = 0; names[j]; j++)
		if (!bd_headhas(line, nl, kind == SRC_TSV ? '\t' : ',', names[j]))
			got[j] = 0;
}

/*
 * The columns names[] (NULL-ended) of table t's files: each that a
 * Parquet file lacks is an error naming what it is for, or, with got (one
 * flag a name), left out and said there; so is, with got, one that a TSV
 * or CSV file's header lacks.  Otherwise other forms of table are read as
 * they are: the reader names a missing column, and a JSON row without one
 * leaves it missing.
 */
static void
havecols(char **files, int n, const char *const *names, const char *why,
    int *got)
{
	static struct src s;	/* its buffer kept for the next */
	char list[NP_LISTBUF];
	struct pq pq;
	int i, j, ispq;

	for (j = 0; names[j]; j++)
		if (got)
			got[j] = 1;
	for (i = 0; i < n; i++) {
		src_open(&s, files[i]);
		if (!(ispq = src_isparquet(&s)) && got)
			textcols(&s, names, got);
		src_close(&s);
		if (!ispq)
			continue;
		pq_open(&pq, files[i]);
		for (j = 0; names[j]; j++) {
			if (pq_find(&pq, names[j]) >= 0)
				continue;
			if (got) {
				got[j] = 0;
				continue;
			}
			np_die("%s: expected a column '%s' (%s), found none in "
			    "the file, which has: %s", files[i], names[j], why,
			    pqlist(&pq, list));
		}
		pq_close(&pq);
	}
}

/* A reader of table t's n files as rows of kind k. */
static void
topen(struct bound *st, const struct kind *k, char **files, int n)
{
	rd_open(&st->rd, k, files, n);
}

/* A further column of the table, read as type. */
static int
tcol(struct bound *st, const char *name, enum coltype type, unsigned flags)
{
	return rd_column(&st->rd, name, "", type, flags | RD_NEEDED, synopsis);
}

static int
textis(const struct field *f, const char *s)
{
	return f->set && f->len == strlen(s) && memcmp(f->s, s, f->len) == 0;
}

/* Does the text field hold word (a substring)? */
static int
texthas(const struct field *f, const char *word)
{
	size_t n = strlen(word), i;

	if (!f->set || f->len < n)
		return 0;
	for (i = 0; i + n <= f->len; i++)
		if (memcmp(f->s + i, word, n) == 0)
			return 1;
	return 0;
}

/* A whole number >= 0 of a row, or death naming its place. */
static int64_t
count(const struct record *r, int c, const char *name)
{
	const struct field *f = &r->f[c];

	if (!f->isint || f->i < 0)
		np_die_at(r->file, f->line ? f->line : r->line, f->col,
		    "expected %s as a whole number >= 0, found %s", name,
		    f->isint ? "a negative one" : "a number beyond 64 bits");
	return f->i;
}

/* ---- Metadata ---- */

static void
readmeta(struct bound *st)
{
	static const char *const names[NMETA + 1] = {
		"dma_ddr_bandwidth", "tensor_engine_num_rows",
		"tensor_engine_num_cols", "tensor_engine_clock_freq", NULL,
	};
	struct record *r;
	char **files;
	int n, i, c[NMETA], got[NMETA], rows = 0;

	memset(st->cur.hasmeta, 0, sizeof st->cur.hasmeta);
	if ((n = tablefiles(st, TB_METADATA, &files)) == 0)
		return;
	havecols(files, n, names, NULL, got);
	topen(st, &kind_row, files, n);
	for (i = 0; i < NMETA; i++)	/* none needed: each left out */
		c[i] = got[i] ? rd_column(&st->rd, names[i], "", T_NUM, 0,
		    synopsis) : -1;
	while ((r = rd_next(&st->rd)))
		if (rows++ == 0)
			for (i = 0; i < NMETA; i++) {
				if (c[i] < 0 || !r->f[c[i]].set)
					continue;
				st->cur.meta[i] = rec_num(r, c[i]);
				st->cur.hasmeta[i] = st->cur.meta[i] > 0 &&
				    isfinite(st->cur.meta[i]);
			}
	rd_close(&st->rd);
	if (rows > 1)
		np_warn("%s: Metadata has %d rows: the first one's constants "
		    "are used", st->cur.p->name, rows);
}

/* ---- intervals in start order ---- */

struct span {
	int64_t s, e;
	int64_t seq;		/* input order, for ties */
	int64_t eng;		/* the engine, for ActiveTime */
};

static int
bystart(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* An interval in start order into its engine's union of clips, an
 * array of NENG (spill.h's deliver, too). */
static void
deliver(void *clips, const void *p)
{
	const struct span *sp = p;
	struct clip *unions = clips;

	clip_add(&unions[sp->eng], sp->s, sp->e);
}

static void
spanstart(struct bound *st)
{
	int e;

	for (e = 0; e < NENG; e++)
		clip_init(&st->clips[e], st->cur.t0, st->cur.t1);
	sp_init(&st->sorter, sizeof(struct span), (int)st->window, bystart,
	    deliver, st->clips);
	st->seq = 0;
	st->inside = 0;
}

static void
spanpush(struct bound *st, const struct record *r, int64_t s, int64_t e,
    int eng)
{
	struct span sp = { s, e, st->seq++, eng };

	if (e <= st->cur.t0 || s >= st->cur.t1)
		return;		/* outside the window: no part of a union */
	st->inside++;
	if (sp_push(&st->sorter, &sp))
		sp_beyondat(&st->sorter, r->file, r->line, 0);
}

static void
spanend(struct bound *st)
{
	struct span sp;

	sp_end(&st->sorter);
	while (sp_next(&st->sorter, &sp))
		deliver(st->clips, &sp);
	sp_report(&st->sorter);
	sp_free(&st->sorter);
}

/* ---- DmaPacket ---- */

/* A kernel packet: not an instruction fetch, more than a semaphore's
 * 4 bytes. */
static int
kernelpacket(const struct record *r, int64_t *bytes)
{
	if (!r->f[D_BYTES].set || textis(&r->f[D_QTYPE], "instruction"))
		return 0;
	*bytes = count(r, D_BYTES, "transfer_bytes");
	return *bytes > 4;
}

static int
dmaopen(struct bound *st)
{
	static const char *const names[] = { "queue_type", "transfer_bytes",
	    NULL };
	char **files;
	int n;

	if ((n = tablefiles(st, TB_DMAPACKET, &files)) == 0)
		return 0;
	havecols(files, n, names, "DmaPacket's, for the kernel's packets",
	    NULL);
	topen(st, &kind_dma, files, n);
	rd_want(&st->rd, 1u << D_QTYPE | 1u << D_BYTES);
	return 1;
}

/* The window the options leave open, from the kernel's packets. */
static void
dmawindow(struct bound *st)
{
	struct record *r;
	int64_t lo = INT64_MAX, hi = INT64_MIN, b;
	long rows = 0;

	if (!dmaopen(st))
		np_die("%s: no DmaPacket table, so no window: give it with "
		    "-t from,to", st->cur.p->name);
	while ((r = rd_next(&st->rd))) {
		rows++;
		if (!kernelpacket(r, &b))
			continue;
		if (r->f[D_START].i < lo)
			lo = r->f[D_START].i;
		if (r->f[D_END].set && r->f[D_END].i > hi)
			hi = r->f[D_END].i;
		if (r->f[D_START].i > hi)
			hi = r->f[D_START].i;
	}
	/* What the reader passed over is said by the second read of the
	 * table (dmaread), once; -T and -I read it only here. */
	if (st->mode != 'T' && st->mode != 'I')
		st->rd.notes.n = 0;
	rd_close(&st->rd);
	if (lo == INT64_MAX && !rows)
		np_die("%s: DmaPacket has no rows (captured without DMA "
		    "notifications?), so no window: give it with -t from,to",
		    st->cur.p->name);
	if (lo == INT64_MAX)
		np_die("%s: no kernel DMA packet (queue_type not "
		    "'instruction', transfer_bytes above 4) in %ld DmaPacket "
		    "rows, so no window: give it with -t from,to",
		    st->cur.p->name,
		    rows);
	if (!st->hasfrom)
		st->cur.t0 = lo;
	if (!st->hasto)
		st->cur.t1 = hi;
	if (st->cur.t1 < st->cur.t0)
		np_die("%s: the window [%lld, %lld) ends before it starts "
		    "(-t)", st->cur.p->name, (long long)st->cur.t0,
		    (long long)st->cur.t1);
}

/* The kernel's bytes that start in the window, and with union
 * memory_bound's union. */
static void
dmaread(struct bound *st, int union_)
{
	struct record *r;
	int64_t b;
	long rows = 0;

	st->cur.hasdma = 0;
	memset(&st->cur.kbytes, 0, sizeof st->cur.kbytes);
	st->cur.kpackets = 0;
	if (!dmaopen(st))
		return;
	if (union_)
		spanstart(st);
	while ((r = rd_next(&st->rd))) {
		rows++;
		if (!r->f[D_BYTES].set)
			rd_note(&st->rd,
			    "DmaPacket rows without transfer_bytes, no "
			    "kernel's packet", r->line);
		if (kernelpacket(r, &b) && r->f[D_START].i >= st->cur.t0 &&
		    r->f[D_START].i < st->cur.t1) {
			dec_addu(&st->cur.kbytes, (uint64_t)b);
			st->cur.kpackets++;
		}
		if (!union_)
			continue;
		if (!r->f[D_END].set) {
			rd_note(&st->rd, "DmaPacket rows without an end, in no "
			    "union", r->line);
			continue;
		}
		spanpush(st, r, r->f[D_START].i, r->f[D_END].i, E_DMA);
	}
	if (union_)
		spanend(st);
	rd_close(&st->rd);
	if ((st->cur.hasdma = rows > 0) && union_)
		st->cur.res.eng[E_DMA] = clip_end(&st->clips[E_DMA]);
	st->cur.dmainside = st->inside > 0 || st->cur.kpackets > 0;
}

/* ---- ActiveTime ---- */

static int
engineof(const struct field *f)
{
	const char *name;
	int e;

	if (!f->set || !(name = insn_engine(f->s, f->len)))
		return -1;
	for (e = 0; e < E_DMA; e++)
		if (strcmp(name, engname[e]) == 0)
			return e;
	return -1;
}

static int
activeread(struct bound *st)
{
	static const char *const names[] = { "engine", NULL };
	struct record *r;
	char **files;
	int n, e;

	if ((n = tablefiles(st, TB_ACTIVETIME, &files)) == 0)
		return 0;
	havecols(files, n, names, "ActiveTime's, for the engines", NULL);
	topen(st, &kind_active, files, n);
	spanstart(st);
	while ((r = rd_next(&st->rd))) {
		if ((e = engineof(&r->f[A_ENGINE])) < 0) {
			rd_note(&st->rd,
			    "ActiveTime rows of engines in no bound "
			    "(not Tensor, Vector, Scalar or GpSimd)", r->line);
			continue;
		}
		if (!r->f[A_END].set) {
			rd_note(&st->rd,
			    "ActiveTime rows without an end, in no "
			    "union", r->line);
			continue;
		}
		spanpush(st, r, r->f[A_START].i, r->f[A_END].i, e);
	}
	spanend(st);
	rd_close(&st->rd);
	for (e = 0; e < E_DMA; e++)
		st->cur.res.eng[e] = clip_end(&st->clips[e]);
	return 1;
}

/* ---- Instruction ---- */

/* Is the row (of the reader rd) a Tensor MATMUL that starts in the
 * window?  A MATMUL without an engine is none, and counted. */
static int
matmul(struct bound *st, const struct record *r)
{
	const struct field *e = &r->f[I_ENGINE];

	if (!textis(&r->f[I_OPCODE], "MATMUL") ||
	    r->f[I_START].i < st->cur.t0 || r->f[I_START].i >= st->cur.t1)
		return 0;
	if (!e->set || e->len == 0) {
		rd_note(&st->rd, "MATMULs without an engine, in no bound",
		    r->line);
		return 0;
	}
	return e->s == insn_engine("Tensor", 6);
}

/* 1 for a TRANSPOSE MATMUL, 0 for another; a list of types that names
 * TRANSPOSE among others is not one, and is counted. */
static int
transpose(struct bound *st, struct reader *r, const struct record *rec)
{
	const struct field *f = &rec->f[st->ctype];

	if (textis(f, "TRANSPOSE"))
		return 1;
	if (texthas(f, "TRANSPOSE"))
		rd_note(r, "MATMULs whose tensor_instruction_type names "
		    "TRANSPOSE among others, taken as no transpose", rec->line);
	return 0;
}

/* The row's adjusted_flops, or 0 (counted) where it has none. */
static int64_t
flopsof(struct bound *st, struct reader *r, const struct record *rec)
{
	if (!rec->f[st->cflops].set) {
		rd_note(r, "MATMULs without adjusted_flops, taken as 0",
		    rec->line);
		return 0;
	}
	return count(rec, st->cflops, "adjusted_flops");
}

static int
insnopen(struct bound *st, uint32_t want)
{
	static const char *const base[] = { "adjusted_flops",
	    "tensor_instruction_type", NULL };
	static const char *const tiles_[] = { "operands", NULL };
	static const char *const join_[] = { "id", NULL };
	char **files;
	int n;

	if ((n = tablefiles(st, TB_INSTRUCTION, &files)) == 0)
		return 0;
	havecols(files, n, base, "Instruction's, for the flops", NULL);
	if (st->mode == 'I')
		havecols(files, n, tiles_, "Instruction's, for -I", NULL);
	if (st->mode == 'X' || st->mode == 'D')
		havecols(files, n, join_, "Instruction's, for the Flow join",
		    NULL);
	topen(st, &kind_insn, files, n);
	st->cflops = tcol(st, "adjusted_flops", T_INT, 0);
	st->ctype = tcol(st, "tensor_instruction_type", T_TEXT, 0);
	st->coperands = st->mode == 'I' ? tcol(st, "operands", T_TEXT, 0) : -1;
	st->cid = st->mode == 'X' || st->mode == 'D' ?
	    tcol(st, "id", T_INT, 0) : -1;
	rd_want(&st->rd, want | 1u << I_ENGINE | 1u << I_OPCODE |
	    1u << I_TRACK | 1u << st->cflops | 1u << st->ctype |
	    (st->coperands >= 0 ? 1u << st->coperands : 0) |
	    (st->cid >= 0 ? 1u << st->cid : 0));
	return 1;
}

/* The flops of the window's MATMULs, and of its transposes. */
static void
flopsread(struct bound *st)
{
	struct record *r;
	int64_t f;

	memset(&st->cur.flops, 0, sizeof st->cur.flops);
	memset(&st->cur.tflops, 0, sizeof st->cur.tflops);
	if (!(st->cur.hasflops = insnopen(st, 0)))
		return;
	while ((r = rd_next(&st->rd))) {
		if (!matmul(st, r))
			continue;
		f = flopsof(st, &st->rd, r);
		dec_addu(&st->cur.flops, (uint64_t)f);
		if (transpose(st, &st->rd, r))
			dec_addu(&st->cur.tflops, (uint64_t)f);
	}
	rd_close(&st->rd);
}

/* ---- TensorInfo ---- */

static int
tensoropen(struct bound *st)
{
	static const char *const names[] = { "variable_name", "type", "size",
	    NULL };
	char **files;
	int n;

	if ((n = tablefiles(st, TB_TENSORINFO, &files)) == 0)
		return 0;
	havecols(files, n, names, "TensorInfo's, for the necessary bytes",
	    NULL);
	topen(st, &kind_row, files, n);
	st->cvar = tcol(st, "variable_name", T_TEXT, 0);
	st->ctiype = tcol(st, "type", T_TEXT, 0);
	st->csize = tcol(st, "size", T_INT, 0);
	return 1;
}

static int
inout(struct bound *st, const struct record *r)
{
	return textis(&r->f[st->ctiype], "IN") || textis(&r->f[st->ctiype],
	    "OUT");
}

/* ---- the bounds ---- */

/* The peak's ns of flops: flops / (rows x cols x 2 x clock GHz). */
static int
peakns(struct bound *st, const struct dec *flops, int64_t *ns)
{
	if (!st->cur.hasmeta[M_ROWS] || !st->cur.hasmeta[M_COLS] ||
	    !st->cur.hasmeta[M_CLOCK])
		return 0;
	*ns = llround(dec_f64(flops) / (st->cur.meta[M_ROWS] *
	    st->cur.meta[M_COLS] * 2 * st->cur.meta[M_CLOCK]));
	return 1;
}

/* The ns of bytes at dma_ddr_bandwidth. */
static int
bwns(struct bound *st, const struct dec *bytes, int64_t *ns)
{
	if (!st->cur.hasmeta[M_DMABW])
		return 0;
	*ns = llround(dec_f64(bytes) / st->cur.meta[M_DMABW] * 1e9);
	return 1;
}

/* "a, b and c" of the n names. */
static const char *
andlist(char *buf, size_t size, const char *const *names, int n)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i]);
	return buf;
}

/* "PROFILE: why: a, b and c left out" on stderr. */
static void
leftout(struct bound *st, const char *why, const char *const *names, int n)
{
	char list[512];

	np_warn("%s: %s: %s left out", st->cur.p->name, why,
	    andlist(list, sizeof list, names, n));
}

/* Why Metadata's constants of mask (bit i, constant i) are not known, in
 * buf: "no Metadata table", or "Metadata gives no X above 0". */
static const char *
metawhy(struct bound *st, char *buf, size_t size, unsigned mask)
{
	const char *miss[NMETA];
	char list[256];
	char **files;
	int i, n = 0;

	if (tablefiles(st, TB_METADATA, &files) == 0)
		return "no Metadata table";
	for (i = 0; i < NMETA; i++)
		if (mask >> i & 1 && !st->cur.hasmeta[i])
			miss[n++] = metaname[i];
	snprintf(buf, size, "Metadata gives no %s above 0", andlist(list,
	    sizeof list, miss, n));
	return buf;
}

#define TEMASK (1u << M_ROWS | 1u << M_COLS | 1u << M_CLOCK)

static int
haspeak(struct bound *st)
{
	return st->cur.hasmeta[M_ROWS] && st->cur.hasmeta[M_COLS] &&
	    st->cur.hasmeta[M_CLOCK];
}

/* Says what each missing table or constant leaves out. */
static void
whatsleft(struct bound *st, int hasactive, int hasdmatable)
{
	static const char *const dmaout[] = { "memory_bound",
	    "memory_bound_ideal", "dma_active_time", "perfect_pipeline",
	    "bottleneck" };
	static const char *const activeout[] = { "compute_bound",
	    "tensor_engine_active_time", "vector_engine_active_time",
	    "scalar_engine_active_time", "gpsimd_engine_active_time",
	    "perfect_pipeline", "bottleneck" };
	static const char *const bwout[] = { "memory_bound_ideal",
	    "memory_bound_ideal_no_reloads" };
	static const char *const peakout[] = { "compute_bound_ideal_flops",
	    "compute_bound_ideal_useful_flops" };
	char why[512];

	if (!st->cur.hasdma)
		leftout(st, hasdmatable ?
		    "DmaPacket has no rows (captured without "
		    "DMA notifications?)" : "no DmaPacket table", dmaout, 5);
	if (st->cur.hasdma && !st->cur.dmainside)
		np_warn("%s: no DmaPacket row in the window [%lld, %lld): "
		    "memory_bound, memory_bound_ideal and dma_active_time are 0",
		    st->cur.p->name, (long long)st->cur.t0,
		    (long long)st->cur.t1);
	if (!hasactive)
		leftout(st, "no ActiveTime table", activeout, 7);
	if (!st->cur.hasmeta[M_DMABW])
		leftout(st, metawhy(st, why, sizeof why, 1u << M_DMABW), bwout,
		    2);
	if (!haspeak(st))
		leftout(st, metawhy(st, why, sizeof why, TEMASK), peakout, 2);
	if (!st->cur.hastensors)
		leftout(st, "no TensorInfo table", bwout + 1, 1);
	if (!st->cur.hasflops)
		leftout(st, "no Instruction table", peakout, 2);
}

static void
computebounds(struct bound *st, int hasactive)
{
	struct result *res = &st->cur.res;
	struct dec useful;
	int e;

	res->t0 = st->cur.t0;
	res->t1 = st->cur.t1;
	res->bound[B_TOTAL] = st->cur.t1 - st->cur.t0;
	res->hasbound[B_TOTAL] = 1;
	if ((res->haseng[E_DMA] = res->hasbound[B_MEM] = st->cur.hasdma)) {
		res->bound[B_MEM] = res->eng[E_DMA];
		res->hasbound[B_MEMIDEAL] = bwns(st, &st->cur.kbytes,
		    &res->bound[B_MEMIDEAL]);
	}
	if (st->cur.hastensors)
		res->hasbound[B_MEMNR] = bwns(st, &st->cur.necessary,
		    &res->bound[B_MEMNR]);
	for (e = 0; e < E_DMA; e++)
		res->haseng[e] = hasactive;
	if ((res->hasbound[B_COMP] = hasactive))
		res->bound[B_COMP] = res->eng[E_TENSOR];
	if (st->cur.hasflops && peakns(st, &st->cur.flops,
	    &res->bound[B_COMPFLOPS])) {
		/* flops - tflops, sums of whole numbers, tflops the
		 * smaller. */
		useful = st->cur.flops;
		useful.lo -= st->cur.tflops.lo;
		useful.hi -= st->cur.tflops.hi + (st->cur.flops.lo <
		    st->cur.tflops.lo);
		res->hasbound[B_COMPFLOPS] = 1;
		res->hasbound[B_COMPUSEFUL] = peakns(st, &useful,
		    &res->bound[B_COMPUSEFUL]);
	}
	/* The pipeline: the slowest engine, the first of a tie. */
	res->bottleneck = -1;
	for (e = 0; e < NENG && res->haseng[e]; e++)
		if (res->bottleneck < 0 || res->eng[e] >
		    res->eng[res->bottleneck])
			res->bottleneck = e;
	if (e < NENG)
		res->bottleneck = -1;
	else {
		res->hasbound[B_PIPE] = 1;
		res->bound[B_PIPE] = res->eng[res->bottleneck];
	}
}

/* ---- output ---- */

/* bn_speedup of bound b: total_time / max(b, the slowest engine it does
 * not improve); 0 when a time is unknown or the divisor is 0. */
static int
speedup(const struct result *res, int b, double *v)
{
	int64_t most;
	int e;

	if (!res->hasbound[b])
		return 0;
	most = res->bound[b];
	if (b != B_PIPE)
		for (e = 0; e < NENG; e++) {
			if (e == bounds[b].engine)
				continue;
			if (!res->haseng[e])
				return 0;
			if (res->eng[e] > most)
				most = res->eng[e];
		}
	if (most <= 0)
		return 0;
	*v = (double)res->bound[B_TOTAL] / (double)most;
	return 1;
}

static void
opt_f64(int has, double v)
{
	out_tab();
	if (has)
		out_f64(v);
}

static void
headline(struct bound *st)
{
	const char *cols = st->headdue;

	st->headdue = NULL;
	if (!cols || !st->header)
		return;
	if (st->nprofiles > 1 || st->partial)
		out_raw("profile\t", 8);
	out_raw(cols, strlen(cols));
	out_nl();
}

/* A row's start: the header if due, the profile's name when there are
 * several. */
static void
profcol(struct bound *st)
{
	headline(st);
	if (st->nprofiles > 1 || st->partial) {
		out_str(st->cur.p->name);
		out_tab();
	}
}

/* The engine NULL where the bound has none: an empty field, a missing
 * value (np(7), OUTPUT). */
static void
rowstart(struct bound *st, const char *name, const char *family,
    const char *engine)
{
	profcol(st);
	out_str(name);
	out_tab();
	out_str(family);
	out_tab();
	if (engine)
		out_str(engine);
}

static void
longrows(struct bound *st, const struct result *res)
{
	double v = 0;
	int b, e, bf, has;
	int64_t total = res->bound[B_TOTAL];

	for (b = 0; b < NBOUND; b++) {
		e = b == B_PIPE ? res->bottleneck : bounds[b].engine;
		rowstart(st, bounds[b].name, bounds[b].family, e >= 0 ?
		    engname[e] : NULL);
		out_opt_i64(res->hasbound[b], res->bound[b]);
		bf = bounds[b].before;
		out_opt_i64(bf >= 0 && res->hasbound[b] && res->hasbound[bf],
		    bf >= 0 ? res->bound[bf] - res->bound[b] : 0);
		opt_f64(res->hasbound[b] && total > 0, (double)res->bound[b] /
		    (double)total);
		has = speedup(res, b, &v);
		opt_f64(has, v);
		out_nl();
	}
	for (e = 0; e < NENG; e++) {
		rowstart(st, engbound[e], "engine", engname[e]);
		out_opt_i64(res->haseng[e], res->eng[e]);
		out_opt_i64(res->haseng[e], total - res->eng[e]);
		opt_f64(res->haseng[e] && total > 0, (double)res->eng[e] /
		    (double)total);
		out_tab();
		out_nl();
	}
	rowstart(st, "bottleneck", "pipeline", res->bottleneck >= 0 ?
	    engname[res->bottleneck] : NULL);
	out_opt_i64(res->bottleneck >= 0, res->bottleneck >= 0 ?
	    res->eng[res->bottleneck] : 0);
	lit("\t\t\t\n");
}

/* Row i of the wide form's time: a bound, then an engine. */
static int
widetime(const struct result *r, int i, int64_t *v)
{
	if (i < NBOUND) {
		*v = r->bound[i];
		return r->hasbound[i];
	}
	*v = r->eng[i - NBOUND];
	return r->haseng[i - NBOUND];
}

/* -w: the bounds and engines, one column per profile, then the change
 * from the first to the last. */
static void
widerows(struct bound *st)
{
	int i, b, ha = 0, hz = 0;
	int64_t va = 0, vz = 0, v = 0;

	if (st->header) {
		lit("bound\tfamily");
		for (i = 0; i < st->nprofiles; i++) {
			out_tab();
			out_str(st->profiles[i].name);
		}
		if (st->nprofiles > 1)
			lit("\tchange_ns\tchange_ratio");
		out_nl();
	}
	for (b = 0; b < NBOUND + NENG; b++) {
		out_str(b < NBOUND ? bounds[b].name : engbound[b - NBOUND]);
		out_tab();
		out_str(b < NBOUND ? bounds[b].family : "engine");
		for (i = 0; i < st->nprofiles; i++) {
			ha = widetime(&st->results[i], b, &v);
			out_opt_i64(ha, v);
		}
		if (st->nprofiles > 1) {
			ha = widetime(&st->results[0], b, &va);
			hz = widetime(&st->results[st->nprofiles - 1], b, &vz);
			out_opt_i64(ha && hz, vz - va);
			opt_f64(ha && hz && va > 0, (double)vz / (double)va);
		}
		out_nl();
	}
	lit("bottleneck\tpipeline");
	for (i = 0; i < st->nprofiles; i++) {
		out_tab();
		if (st->results[i].bottleneck >= 0)
			out_str(engname[st->results[i].bottleneck]);
	}
	if (st->nprofiles > 1)
		lit("\t\t");
	out_nl();
}


/*
 * ---- Partial runs merged ----
 *
 * np-bound's rows of several profiles begin with the profile's name: runs
 * over some profiles each (with -A, which writes that column for one
 * profile too) merge into the rows of one run over all of them, in the
 * order of the files.  A bound's time_ns is all a profile's rows hold that
 * others do not compute: those are read back into the profile's result,
 * and its rows (or -w's columns) written again as one run writes them.
 * An investigation's rows, a profile's source lines, are written as they
 * are, the profile column left out when there is one profile in all.
 */

/* The header of each mode's rows, after the profile column. */
static const char boundhead[] = "bound\tfamily\tengine\ttime_ns\tgap_ns\t"
    "share\tbn_speedup";
static const char *const heads[] = {
	['T'] = "src\ttransposes\tflops\tpeak_ns\tflops_share",
	['I'] = "src\tK\tM\tN\tmatmuls\tflops\tflops_share\tbelow",
	['X'] = "what\tsrc\tvariable\ttype\ttransfers\tbytes\tsize_bytes\t"
	    "repeat",
	['D'] = "src\tvariable\tdirection\ttransfers\tbytes\tshare\t"
	    "partitions\tdescriptor_bytes\tefficient",
};
static const char *const modes = "TIXD";

static const char *
modehead(int m)
{
	return m ? heads[m] : boundhead;
}

static const char *
modename(int m)
{
	static const char *const names[] = {
		['T'] = "-T", ['I'] = "-I", ['X'] = "-X", ['D'] = "-D",
	};

	return m ? names[m] : "the bounds";
}

/* The mode whose rows a header line (n bytes) heads, "profile\t" first:
 * its letter, 0 for the bounds, or -1 for none. */
static int
partmode(const char *s, size_t n)
{
	const char *h;
	int i;

	if (n > 0 && s[n - 1] == '\r')
		n--;
	if (n < 8 || memcmp(s, "profile\t", 8) != 0)
		return -1;
	for (i = -1; i < (int)strlen(modes); i++) {
		h = modehead(i < 0 ? 0 : modes[i]);
		if (strlen(h) == n - 8 && memcmp(s + 8, h, n - 8) == 0)
			return i < 0 ? 0 : modes[i];
	}
	return -1;
}

/* The mode of the rows the first file holds (open in in, nothing read), or
 * -1: np-bound's headers are short, so only a first line whole within
 * 256 bytes is looked at, however reads fall. */
static int
firstmode(struct src *in)
{
	char *nl = src_wholeline(in, in->buf, 256);

	if (nl - in->buf >= 256 || (nl == in->end && !in->eof))
		return -1;
	return partmode(in->buf, (size_t)(nl - in->buf));
}

/* The row at s (n bytes) cut at its TABs: the number of fields. */
static int
bpsplit(struct partread *bp, char *s, size_t n)
{
	return bp->nf = pr_split(s, n, bp->f, bp->len, PT_MAXF);
}

static long
bpcol(struct partread *bp, int i)
{
	return (long)(bp->f[i] - bp->f[0]) + 1;
}

static int
bpis(struct partread *bp, int i, const char *s)
{
	return strlen(s) == bp->len[i] && memcmp(bp->f[i], s, bp->len[i]) == 0;
}

/* A bound's row j (0 to NBOUND + NENG) of the profile being read into
 * results[nprofiles - 1]. */
static void
boundrow(struct bound *st, int j)
{
	struct partread *bp = &st->bp;
	struct result *r;
	const char *name = j < NBOUND ? bounds[j].name : j < NBOUND + NENG ?
	    engbound[j - NBOUND] : "bottleneck";
	const char *family = j < NBOUND ? bounds[j].family : j < NBOUND +
	    NENG ? "engine" : "pipeline";
	int64_t v = 0;
	int has, e;

	/* The name as the program had it, np's escapes decoded. */
	bp->len[0] = tsv_unescape(bp->f[0], bp->len[0]);
	bp->f[0][bp->len[0]] = '\0';
	if (j == 0) {
		if (st->nprofiles == MAXPROFILES)
			np_die_at(bp->file, bp->line, 0,
			    "more than %d profiles",
			    MAXPROFILES);
		st->profiles[st->nprofiles].name = np_strdup(bp->f[0]);
		st->results[st->nprofiles++].bottleneck = -1;
	} else if (!bpis(bp, 0, st->profiles[st->nprofiles - 1].name))
		np_die_at(bp->file, bp->line, 1, "expected the row '%s' of "
		    "profile %s (%d rows a profile), found profile '%s'", name,
		    st->profiles[st->nprofiles - 1].name, NBOUND + NENG + 1,
		    bp->f[0]);
	if (!bpis(bp, 1, name) || !bpis(bp, 2, family))
		np_die_at(bp->file, bp->line, bpcol(bp, 1),
		    "expected the row '%s' "
		    "of family %s (%d rows a profile, in np-bound's order), "
		    "found '%s' of %s", name, family, NBOUND + NENG + 1,
		    bp->f[1], bp->f[2]);
	r = &st->results[st->nprofiles - 1];
	if ((has = bp->len[4] > 0) && !num_i64(bp->f[4], bp->len[4], &v))
		np_die_at(bp->file, bp->line, bpcol(bp, 4),
		    "expected a time in ns "
		    "(a whole number) in column 'time_ns', found '%s'",
		    bp->f[4]);
	if (j < NBOUND) {
		r->hasbound[j] = has;
		r->bound[j] = v;
	} else if (j < NBOUND + NENG) {
		r->haseng[j - NBOUND] = has;
		r->eng[j - NBOUND] = v;
	} else if (bp->len[3]) {
		for (e = 0; e < NENG && !bpis(bp, 3, engname[e]); e++)
			;
		if (e == NENG)
			np_die_at(bp->file, bp->line, bpcol(bp, 3),
			    "expected an "
			    "engine (Tensor, Vector, Scalar, GpSimd or DMA), "
			    "found '%s'", bp->f[3]);
		r->bottleneck = e;
	}
}

/* Appends the row's fields from the second on, as a line, to the first
 * profile's held rows. */
static void
hold(struct partread *bp)
{
	size_t n = (size_t)(bp->f[bp->nf - 1] + bp->len[bp->nf - 1] -
	    bp->f[1]) + 1;

	if (bp->nheld + n > bp->capheld) {
		bp->capheld = (bp->nheld + n) * 2;
		bp->held = np_realloc(bp->held, bp->capheld);
	}
	memcpy(bp->held + bp->nheld, bp->f[1], n - 1);
	bp->nheld += n;
	bp->held[bp->nheld - 1] = '\n';
}

/* An investigation's rows so far as one run over more than one profile
 * writes them: the header with the profile column, then the first
 * profile's held rows. */
static void
unhold(struct bound *st)
{
	struct partread *bp = &st->bp;
	char *p, *nl, *e = bp->held ? bp->held + bp->nheld : NULL;

	if (st->header) {
		lit("profile\t");
		lit(heads[st->mode]);
		out_nl();
	}
	for (p = bp->held; p < e; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(e - p));
		lit(bp->firstname);	/* as read: escaped */
		out_tab();
		out_raw(p, (size_t)(nl - p) + 1);
	}
	free(bp->held);
	bp->held = NULL;
	bp->nheld = 0;
}

/* The row of an investigation's: written, or held while its profile may
 * be the only one.  A new profile begins with each file, and where the
 * name changes. */
static void
invrow(struct bound *st)
{
	struct partread *bp = &st->bp;
	int i;

	if (!bp->inrows || !bpis(bp, 0, bp->name)) {
		if (bp->len[0] + 1 > bp->namecap) {
			bp->namecap = bp->len[0] + 64;
			bp->name = np_realloc(bp->name, bp->namecap);
		}
		memcpy(bp->name, bp->f[0], bp->len[0] + 1);
		if (!bp->inrows)
			bp->inrows = 1;
		if (++bp->count == 1)
			bp->firstname = np_strdup(bp->name);
		else if (bp->count == 2)
			unhold(st);
	}
	for (i = 0; i < bp->nf - 1; i++)	/* the TABs bpsplit cut at */
		bp->f[i][bp->len[i]] = '\t';
	if (bp->count == 1) {
		hold(bp);
		return;
	}
	out_raw(bp->f[0], (size_t)(bp->f[bp->nf - 1] + bp->len[bp->nf - 1] -
	    bp->f[0]));
	out_nl();
}

/* Every file, np-bound's rows (the first opened and looked into). */
static void
mergeparts(struct bound *st, char **files, int n, int firstmode,
    const struct np_cmd *cmd)
{
	struct partread *bp = &st->bp;
	char *line;
	size_t len;
	int i, j, m;

	if (np_given(cmd, "rt")) {
		np_warn("-%c reads profiles, not np-bound's rows (%s)",
		    np_given(cmd, "rt"), files[0]);
		np_usage(synopsis);
	}
	if (st->mode && st->mode != firstmode)
		np_die_at(files[0], 1, 0, "expected np-bound's rows of %s, "
		    "found those of %s", modename(st->mode),
		    modename(firstmode));
	st->mode = firstmode;
	if (st->wide && st->mode) {
		np_warn("-w (one column per profile) does not go with -%c "
		    "(%s holds its rows)", st->mode, files[0]);
		np_usage(synopsis);
	}
	bp->first = files[0];
	bp->ncol = 1;
	for (line = (char *)modehead(st->mode); *line; line++)
		bp->ncol += *line == '\t';
	bp->ncol++;
	for (i = 0; i < n; i++) {
		bp->file = files[i];
		if (i && src_isdir(files[i]))
			np_die("%s: expected np-bound's rows, as %s holds, "
			    "found a directory", files[i], files[0]);
		if (i)
			src_open(&bp->in, files[i]);
		if (!src_getline(&bp->in, &line, &len) ||
		    (m = partmode(line, len)) != st->mode)
			np_die_at(files[i], bp->in.line ? bp->in.line : 1, 0,
			    "expected np-bound's rows of %s (its header, a "
			    "profile column first), as %s holds",
			    modename(st->mode), files[0]);
		bp->inrows = 0;
		for (j = 0; src_getline(&bp->in, &line, &len);) {
			bp->line = bp->in.line;
			pr_plain("np-bound", files[i], bp->line, line, len);
			if (bpsplit(bp, line, len) != bp->ncol)
				np_die_at(files[i], bp->line, 0, "expected %d "
				    "fields, as the header has, found %s%d",
				    bp->ncol, bp->nf > PT_MAXF ? "more than " :
				    "", bp->nf);
			if (!bp->len[0])
				np_die_at(files[i], bp->line, 1, "expected a "
				    "profile's name, found an empty field");
			if (st->mode) {
				invrow(st);
				continue;
			}
			boundrow(st, j);
			j = (j + 1) % (NBOUND + NENG + 1);
		}
		if (j)
			np_die_at(files[i], bp->line, 0, "expected %d rows a "
			    "profile, found %d of profile %s at the end",
			    NBOUND + NENG + 1, j,
			    st->profiles[st->nprofiles - 1].name);
		/* A file of no rows stands for a profile of none. */
		if (st->mode && !bp->inrows && ++bp->count == 2)
			unhold(st);
		src_close(&bp->in);
	}
}

/* The merged rows: as one run over the profiles writes them. */
static void
mergedrows(struct bound *st)
{
	struct partread *bp = &st->bp;
	int i;

	if (st->mode) {
		if (bp->count < 2 && st->partial)
			unhold(st);
		else if (bp->count < 2) {	/* one profile: no profile column */
			if (st->header) {
				lit(heads[st->mode]);
				out_nl();
			}
			if (bp->nheld)
				out_raw(bp->held, bp->nheld);
		}
		return;
	}
	if (st->wide) {
		widerows(st);
		return;
	}
	st->headdue = boundhead;
	for (i = 0; i < st->nprofiles; i++) {
		st->cur.p = &st->profiles[i];
		longrows(st, &st->results[i]);
	}
	headline(st);
}

/* ---- investigations ---- */

/* A key's sums. */
struct acc {
	int64_t n;
	struct dec a;		/* flops, or bytes */
	struct dec parts;	/* -D: partitions, of the transfers that say */
	struct dec pbytes;	/* ... and their bytes */
	int64_t np;		/* ... and how many they are */
	int64_t k, m, nn;	/* -I: the shape */
	long var;		/* -X, -D: the variable, in vars */
	int dir;		/* -D: the direction */
};

/* A new key: its parts are put by keyput. */
static void
keystart(struct bound *st)
{
	st->keylen = 0;
	st->keyparts = 0;
}

/* Appends a key part, TAB-separated, as out_text writes it: NULL (a
 * missing src) as nothing, an empty string as "" (np(7), OUTPUT).  The TAB
 * goes before every part but the first, a missing first one too, so that
 * each part stays in its column. */
static void
keyput(struct bound *st, const struct record *r, const char *s, size_t n)
{
	if (st->keyparts++ > 0 && st->keylen < KEYBUF)
		st->key[st->keylen++] = '\t';
	if (OUT_ESCROOM(n) > KEYBUF - st->keylen)
		np_die_at(r->file, r->line, 0, "key longer than %d bytes",
		    KEYBUF);
	if (s)
		st->keylen = (size_t)(out_escape(st->key + st->keylen, s, n) -
		    st->key);
}

static struct acc *
lookup(struct bound *st, const struct record *r)
{
	struct acc *a;

	if (!(a = grp_get(&st->grp, st->key, st->keylen, NULL)))
		np_die_at(r->file, r->line, 0, "more than %ld distinct "
		    "source lines", MAXKEYS);
	return a;
}

static const char *
srcof(struct bound *st, const struct record *r, size_t *n)
{
	const char *s = insn_src(r, n);

	st->nsrc++;
	if (!(r->f[I_BIR].set && r->f[I_BIR].len) &&
	    !(r->f[I_NKI].set && r->f[I_NKI].len))
		st->nosrc++;
	return s;
}

static void
srcnote(struct bound *st)
{
	if (st->nsrc && st->nosrc * 2 > st->nsrc)
		np_warn("%s: %ld of %ld instructions have no source location "
		    "(bir_debug_info_source_location, nki_source_location): "
		    "compiled without debug information? (their rows' src is "
		    "empty)", st->cur.p->name, st->nosrc, st->nsrc);
	st->nsrc = st->nosrc = 0;
}

/* Bigger first (a, then n), then the key. */
static int
byfirst(const struct group *g, long i, long j)
{
	const struct acc *x = grp_val(g, i), *y = grp_val(g, j);
	int c = dec_cmp(&y->a, &x->a);

	if (c)
		return c;
	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return grp_keycmp(g, i, j);
}

static void
outdec(const struct dec *d)
{
	char buf[DEC_BUFSZ];

	out_raw(buf, dec_fmt(buf, d));
}

/* The columns of a count (empty where not has) and its exact sum, after
 * the row's start: each row of the investigations has them. */
static void
sumcols(int has, int64_t n, const struct dec *sum)
{
	out_opt_i64(has, n);
	out_tab();
	outdec(sum);
}

/* A row's start of a source line's key: the profile, the key, the count
 * and the sum. */
static void
keyrow(struct bound *st, long i, const struct acc *a)
{
	const char *s;
	size_t n;

	profcol(st);
	s = grp_key(&st->grp, i, &n);
	out_raw(s, n);
	sumcols(1, a->n, &a->a);
}

static void
needinsn(struct bound *st)
{
	if (!insnopen(st, 1u << I_BIR | 1u << I_NKI))
		np_die("%s: no Instruction table (Instruction.parquet, or its "
		    "parts Instruction_0.parquet, ...)", st->cur.p->name);
}

/* -T: transposes on the Tensor engine, by source line. */
static void
transposes(struct bound *st)
{
	struct record *r;
	struct dec all = { 0, 0, 0 };
	struct acc *a;
	const char *s;
	char why[256];
	long *order, i;
	size_t n;
	int64_t f, ns;
	int peak;

	needinsn(st);
	grp_init(&st->grp, sizeof(struct acc), MAXKEYS);
	while ((r = rd_next(&st->rd))) {
		s = srcof(st, r, &n);
		if (!matmul(st, r))
			continue;
		f = flopsof(st, &st->rd, r);
		dec_addu(&all, (uint64_t)f);
		if (!transpose(st, &st->rd, r))
			continue;
		keystart(st);
		keyput(st, r, s, n);
		a = lookup(st, r);
		a->n++;
		dec_addu(&a->a, (uint64_t)f);
	}
	rd_close(&st->rd);
	srcnote(st);
	if (!haspeak(st))
		np_warn("%s: %s: peak_ns left out", st->cur.p->name,
		    metawhy(st, why, sizeof why, TEMASK));
	order = grp_sorted(&st->grp, byfirst);
	for (i = 0; i < st->grp.n; i++) {
		a = grp_val(&st->grp, order[i]);
		keyrow(st, order[i], a);
		peak = peakns(st, &a->a, &ns);
		out_opt_i64(peak, ns);
		opt_f64(1, dec_quot(&a->a, &all));
		out_nl();
	}
	free(order);
	grp_free(&st->grp);
}

/* "K,N": the dimensions of a shape below the engine's. */
static const char *
below(char *buf, const struct acc *a)
{
	size_t n = 0;

	if (a->k < MM_FULLK)
		buf[n++] = 'K';
	if (a->m < MM_FULLM) {
		if (n)
			buf[n++] = ',';
		buf[n++] = 'M';
	}
	if (a->nn < MM_FULLN) {
		if (n)
			buf[n++] = ',';
		buf[n++] = 'N';
	}
	buf[n] = '\0';
	return n ? buf : "none";
}

/* -I: the shapes of the MATMULs, by source line. */
static void
tiles(struct bound *st)
{
	struct record *r;
	struct dec all = { 0, 0, 0 };
	struct acc *a;
	const struct field *op;
	const char *s;
	char num[NUM_BUFSZ], buf[8], shown[TSV_SHOWN];
	long *order, i, bad = 0;
	size_t n;
	int64_t f, k, m, nn;

	needinsn(st);
	grp_init(&st->grp, sizeof(struct acc), MAXKEYS);
	while ((r = rd_next(&st->rd))) {
		s = srcof(st, r, &n);
		if (!matmul(st, r))
			continue;
		f = flopsof(st, &st->rd, r);
		dec_addu(&all, (uint64_t)f);
		op = &r->f[st->coperands];
		if (!op->set || !mm_shape(op->s, op->len, &k, &m, &nn)) {
			if (bad++ == 0 && op->set)
				np_warn("%s:%ld: MATMUL operands not of the "
				    "form 'src=NAME[...][N,...] K*M': '%s'",
				    r->file, r->line, tsv_shown(shown, op->s,
				    op->len, 60));
			else if (bad == 1)
				np_warn("%s:%ld: MATMUL operands not of the "
				    "form 'src=NAME[...][N,...] K*M': a "
				    "missing value", r->file, r->line);
			rd_note(&st->rd,
			    "MATMULs whose operands give no shape, "
			    "in no row", r->line);
			continue;
		}
		keystart(st);
		keyput(st, r, s, n);
		keyput(st, r, num, num_fmt_i64(num, k));
		keyput(st, r, num, num_fmt_i64(num, m));
		keyput(st, r, num, num_fmt_i64(num, nn));
		a = lookup(st, r);
		a->n++;
		a->k = k;
		a->m = m;
		a->nn = nn;
		dec_addu(&a->a, (uint64_t)f);
	}
	rd_close(&st->rd);
	srcnote(st);
	order = grp_sorted(&st->grp, byfirst);
	for (i = 0; i < st->grp.n; i++) {
		a = grp_val(&st->grp, order[i]);
		keyrow(st, order[i], a);
		opt_f64(1, dec_quot(&a->a, &all));
		out_tab();
		out_str(below(buf, a));
		out_nl();
	}
	free(order);
	grp_free(&st->grp);
}

/* ---- the Flow join (-X, -D) ---- */

/* A transfer of DmaPacketAggregated kept for the join: 48 bytes. */
struct xfer {
	int64_t id;		/* its id */
	int64_t insn;		/* the instruction Flow links to it, or -1 */
	int64_t bytes;
	int64_t parts;		/* partitions on the SBUF side, or 0 */
	int32_t var;		/* its variable, in vars */
	int32_t nextid;		/* the next in its id's chain, or -1 */
	int32_t nextin;		/* the next of its instruction's, or -1 */
	unsigned char dir;	/* X_LOAD ... */
	unsigned char used;	/* an instruction took it */
};
#define MAXXFERS 0x7fffffffL
enum { X_LOAD, X_STORE, X_SPILL, X_OTHER };
static const char *const dirname_[] = { "load", "store", "spill", "other" };

/* Variables: TensorInfo's, and those DmaPacketAggregated moves. */
struct var {
	long index;		/* in vars */
	int64_t transfers;
	struct dec moved;
	int intensor;		/* TensorInfo lists it */
	int in;			/* ... as IN */
	int hassize;
	int64_t size;
	char type[32];		/* a longer one cut, and noted */
	int hastype;		/* TensorInfo gave one: else missing */
};
static size_t
hash64(int64_t v)
{
	uint64_t x = (uint64_t)v;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

/*
 * A variable's key: nothing where the row names none, else VARSET and its
 * name, so that a missing variable_name and an empty one are two (np(7),
 * OUTPUT).
 */
#define VARSET '='

static struct var *
varof(struct bound *st, const struct record *r, const struct field *f)
{
	static char *vkey;
	static size_t vkeycap;
	struct var *v;
	int isnew;

	if (f->set && f->len + 1 > vkeycap) {
		free(vkey);
		vkeycap = 2 * (f->len + 1);
		vkey = np_malloc(vkeycap);
	}
	if (f->set) {
		vkey[0] = VARSET;
		if (f->len)
			memcpy(vkey + 1, f->s, f->len);
	}
	if (!(v = grp_get(&st->vars, f->set ? vkey : "", f->set ?
	    f->len + 1 : 0,
	    &isnew)))
		np_die_at(r->file, r->line, 0, "more than %ld distinct "
		    "variables", MAXKEYS);
	if (isnew)
		v->index = st->vars.n - 1;
	return v;
}

/* TensorInfo's tensors into vars, and the necessary bytes. */
static void
tensors(struct bound *st)
{
	struct record *r;
	struct var *v;
	size_t n;

	memset(&st->cur.necessary, 0, sizeof st->cur.necessary);
	if (!(st->cur.hastensors = tensoropen(st)))
		return;
	while ((r = rd_next(&st->rd))) {
		v = varof(st, r, &r->f[st->cvar]);
		if (v->intensor)
			rd_note(&st->rd,
			    "TensorInfo rows of a variable_name met "
			    "before, their sizes added", r->line);
		else if (r->f[st->ctiype].set) {
			n = r->f[st->ctiype].len < sizeof v->type - 1 ?
			    r->f[st->ctiype].len : sizeof v->type - 1;
			if (n < r->f[st->ctiype].len)
				rd_note(&st->rd, "TensorInfo rows whose "
				    "type is longer than 31 bytes, "
				    "written cut to 31", r->line);
			memcpy(v->type, r->f[st->ctiype].s, n);
			v->type[n] = '\0';
			v->hastype = 1;
		}
		v->intensor = 1;
		v->in |= textis(&r->f[st->ctiype], "IN");
		if (r->f[st->csize].set) {
			v->size += count(r, st->csize, "size");
			v->hassize = 1;
			if (inout(st, r))
				dec_addu(&st->cur.necessary,
				    (uint64_t)r->f[st->csize].i);
		} else if (inout(st, r))
			rd_note(&st->rd, "IN and OUT tensors without a size, "
			    "taken as 0", r->line);
	}
	rd_close(&st->rd);
}

/* The necessary bytes of the bounds: TensorInfo read as -X reads it, so
 * that a tensor listed twice is said in both. */
static void
necessary(struct bound *st)
{
	grp_init(&st->vars, sizeof(struct var), MAXKEYS);
	tensors(st);
	grp_free(&st->vars);
}

static int
direction(const struct field *src, const struct field *dst)
{
	if (texthas(src, "VIRTUAL") || texthas(dst, "VIRTUAL"))
		return X_SPILL;
	if (texthas(src, "INPUT"))
		return X_LOAD;
	if (texthas(dst, "OUTPUT"))
		return X_STORE;
	return X_OTHER;
}

static void
keepxfer(struct bound *st, const struct record *r, int64_t id, int64_t bytes,
    long var, int dir, int64_t parts)
{
	struct xfer *x;

	if (st->nxfers == st->capxfers) {
		if (st->capxfers == MAXXFERS)
			np_die_at(r->file, r->line, 0, "more than %ld "
			    "DmaPacketAggregated transfers in the window",
			    MAXXFERS);
		st->capxfers = st->capxfers ? (st->capxfers >
		    MAXXFERS / 2 ? MAXXFERS : 2 * st->capxfers) : 1024;
		st->xfers = np_realloc(st->xfers, (size_t)st->capxfers *
		    sizeof *st->xfers);
	}
	x = &st->xfers[st->nxfers++];
	x->id = id;
	x->insn = -1;
	x->bytes = bytes;
	x->parts = parts;
	x->var = (int32_t)var;
	x->dir = (unsigned char)dir;
	x->used = 0;
}

/* Does the text say true (a BOOLEAN as text, or 1)? */
static int
istrue(const struct field *f)
{
	return textis(f, "true") || textis(f, "1");
}

/* DmaPacketAggregated: per variable, the bytes moved in the window, and
 * the spills; the transfers of the join kept. */
static int
dparead(struct bound *st)
{
	static const char *const names[] = { "start_ts", "id", "variable",
	    "source", "dest", "transfer_bytes", NULL };
	static const char *const dnames[] = { "read_num_sbuf_partitions",
	    "write_num_sbuf_partitions", "is_transpose_mode", NULL };
	struct record *r;
	const struct field *pf;
	struct var *v;
	char **files;
	int n, cs, ci, cv, csrc, cdst, cb, crp = -1, cwp = -1, ctr = -1, dir;
	int64_t b, s, parts;

	memset(&st->spillbytes, 0, sizeof st->spillbytes);
	memset(&st->dpabytes, 0, sizeof st->dpabytes);
	st->spills = st->dparows = 0;
	st->nxfers = 0;
	if ((n = tablefiles(st, TB_DPA, &files)) == 0)
		return 0;
	havecols(files, n, names, "DmaPacketAggregated's, for the Flow join",
	    NULL);
	if (st->mode == 'D')
		havecols(files, n, dnames, "DmaPacketAggregated's, for -D",
		    NULL);
	topen(st, &kind_row, files, n);
	cs = tcol(st, "start_ts", T_INT, C_TIME);
	ci = tcol(st, "id", T_INT, 0);
	cv = tcol(st, "variable", T_TEXT, 0);
	csrc = tcol(st, "source", T_TEXT, 0);
	cdst = tcol(st, "dest", T_TEXT, 0);
	cb = tcol(st, "transfer_bytes", T_INT, 0);
	if (st->mode == 'D') {
		crp = tcol(st, "read_num_sbuf_partitions", T_INT, 0);
		cwp = tcol(st, "write_num_sbuf_partitions", T_INT, 0);
		ctr = tcol(st, "is_transpose_mode", T_TEXT, 0);
	}
	while ((r = rd_next(&st->rd))) {
		if (!r->f[cs].set) {
			rd_note(&st->rd, "DmaPacketAggregated rows without "
			    "start_ts, in no window", r->line);
			continue;
		}
		s = r->f[cs].i;
		if (s < st->cur.t0 || s >= st->cur.t1)
			continue;
		b = 0;
		if (r->f[cb].set)
			b = count(r, cb, "transfer_bytes");
		else
			rd_note(&st->rd, "DmaPacketAggregated rows without "
			    "transfer_bytes, taken as 0", r->line);
		st->dparows++;
		dec_addu(&st->dpabytes, (uint64_t)b);
		dir = direction(&r->f[csrc], &r->f[cdst]);
		v = varof(st, r, &r->f[cv]);
		v->transfers++;
		dec_addu(&v->moved, (uint64_t)b);
		if (dir == X_SPILL) {
			st->spills++;
			dec_addu(&st->spillbytes, (uint64_t)b);
		}
		if (st->mode == 'X' && !textis(&r->f[csrc], "[[INPUT]]"))
			continue;
		if (st->mode == 'D' && istrue(&r->f[ctr])) {
			rd_note(&st->rd, "DmaPacketAggregated transfers in "
			    "transpose mode, in no source line's row", r->line);
			continue;
		}
		if (!r->f[ci].set) {
			rd_note(&st->rd,
			    "DmaPacketAggregated rows without an id, "
			    "in no join", r->line);
			continue;
		}
		parts = 0;
		if (st->mode == 'D') {
			pf = texthas(&r->f[cdst], "SB") ? &r->f[cwp] :
			    texthas(&r->f[csrc], "SB") ? &r->f[crp] : NULL;
			if (pf && pf->set && pf->isint && pf->i > 0)
				parts = pf->i;
		}
		keepxfer(st, r, r->f[ci].i, b, v->index, dir, parts);
	}
	rd_close(&st->rd);
	return 1;
}

/* The hash tables of the kept transfers: by id now, by instruction once
 * Flow has linked them. */
static void
hashxfers(struct bound *st)
{
	long i;
	size_t h;

	for (st->nhash = 16; st->nhash < 2 * (size_t)st->nxfers; st->nhash *= 2)
		;
	free(st->idhash);
	free(st->inhash);
	st->idhash = np_malloc(st->nhash * sizeof *st->idhash);
	st->inhash = np_malloc(st->nhash * sizeof *st->inhash);
	memset(st->idhash, 0xff, st->nhash * sizeof *st->idhash);
	memset(st->inhash, 0xff, st->nhash * sizeof *st->inhash);
	for (i = 0; i < st->nxfers; i++) {
		h = hash64(st->xfers[i].id) & (st->nhash - 1);
		st->xfers[i].nextid = st->idhash[h];
		st->idhash[h] = (int32_t)i;
		st->xfers[i].nextin = -1;
	}
}

/* Flow's edges from an instruction to a transfer: each kept transfer
 * takes its instruction; then they are chained by it. */
static int
flowread(struct bound *st)
{
	static const char *const names[] = { "in_id", "out_id", "in_table",
	    "out_table", NULL };
	struct record *r;
	char **files;
	int n, cin, cout, cit, cot;
	long i, edges = 0;
	size_t h;

	if ((n = tablefiles(st, TB_FLOW, &files)) == 0)
		return 0;
	havecols(files, n, names, "Flow's, for the join", NULL);
	topen(st, &kind_row, files, n);
	cin = tcol(st, "in_id", T_INT, 0);
	cout = tcol(st, "out_id", T_INT, 0);
	cit = tcol(st, "in_table", T_TEXT, 0);
	cot = tcol(st, "out_table", T_TEXT, 0);
	while ((r = rd_next(&st->rd))) {
		if (!textis(&r->f[cit], "Instruction") ||
		    !textis(&r->f[cot], "DmaPacketAggregated"))
			continue;
		if (!r->f[cin].set || !r->f[cout].set || !r->f[cin].isint ||
		    !r->f[cout].isint) {
			rd_note(&st->rd,
			    "Flow edges from an instruction without "
			    "in_id or out_id, in no join", r->line);
			continue;
		}
		edges++;
		for (i = st->idhash[hash64(r->f[cout].i) & (st->nhash - 1)];
		    i >= 0;
		    i = st->xfers[i].nextid) {
			if (st->xfers[i].id != r->f[cout].i)
				continue;
			if (st->xfers[i].insn >= 0 && st->xfers[i].insn !=
			    r->f[cin].i)
				rd_note(&st->rd,
				    "Flow edges to a transfer linked "
				    "to another instruction before, passed "
				    "over", r->line);
			else
				st->xfers[i].insn = r->f[cin].i;
		}
	}
	rd_close(&st->rd);
	for (i = 0; i < st->nxfers; i++) {
		if (st->xfers[i].insn < 0)
			continue;
		h = hash64(st->xfers[i].insn) & (st->nhash - 1);
		st->xfers[i].nextin = st->inhash[h];
		st->inhash[h] = (int32_t)i;
	}
	return 1;
}

/*
 * The instructions: each kept transfer linked to one is added to its
 * source line's row (with the variable and, for -D, the direction); an
 * instruction id met twice adds its transfers once.
 */
static void
joinread(struct bound *st)
{
	struct record *r;
	struct acc *a;
	struct xfer *x;
	const char *s, *k;
	size_t n, kl;
	long i;
	int64_t id;

	needinsn(st);
	while ((r = rd_next(&st->rd))) {
		s = srcof(st, r, &n);
		if (!r->f[st->cid].set || !r->f[st->cid].isint)
			continue;
		id = r->f[st->cid].i;
		for (i = st->inhash[hash64(id) & (st->nhash - 1)]; i >= 0;
		    i = st->xfers[i].nextin) {
			x = &st->xfers[i];
			if (x->insn != id)
				continue;
			if (x->used) {
				rd_note(&st->rd,
				    "instructions of an id met before, "
				    "their transfers counted once", r->line);
				continue;
			}
			x->used = 1;
			keystart(st);
			keyput(st, r, s, n);
			k = grp_key(&st->vars, x->var, &kl);
			keyput(st, r, kl ? k + 1 : NULL, kl ? kl - 1 : 0);
			if (st->mode == 'D')
				keyput(st, r, dirname_[x->dir],
				    strlen(dirname_[x->dir]));
			a = lookup(st, r);
			a->n++;
			a->var = x->var;
			a->dir = x->dir;
			dec_addu(&a->a, (uint64_t)x->bytes);
			if (x->parts > 0) {
				dec_addu(&a->parts, (uint64_t)x->parts);
				dec_addu(&a->pbytes, (uint64_t)x->bytes);
				a->np++;
			}
		}
	}
	rd_close(&st->rd);
	srcnote(st);
}

/* What the join left unmatched, said. */
static void
unmatched(struct bound *st)
{
	struct dec bytes = { 0, 0, 0 };
	char num[DEC_BUFSZ];
	long i, nolink = 0, noinsn = 0;

	for (i = 0; i < st->nxfers; i++) {
		if (st->xfers[i].used)
			continue;
		if (st->xfers[i].insn < 0)
			nolink++;
		else
			noinsn++;
		dec_addu(&bytes, (uint64_t)st->xfers[i].bytes);
	}
	if (nolink + noinsn == 0)
		return;
	dec_fmt(num, &bytes);
	np_warn("%s: the Flow join left %ld of %ld DmaPacketAggregated "
	    "transfers unmatched (%s bytes, in no source line's row): %ld "
	    "with no Flow edge from an instruction, %ld whose instruction "
	    "is not in Instruction", st->cur.p->name, nolink + noinsn,
	    st->nxfers, num, nolink, noinsn);
}

static void
joinstart(struct bound *st)
{
	char **files;

	if (tablefiles(st, TB_DPA, &files) == 0)
		np_die("%s: no DmaPacketAggregated table (captured without "
		    "NEURON_RT_ENABLE_DGE_NOTIFICATIONS=1?): -%c needs it",
		    st->cur.p->name, st->mode);
	if (tablefiles(st, TB_FLOW, &files) == 0)
		np_die("%s: no Flow table: -%c needs it", st->cur.p->name,
		    st->mode);
	grp_init(&st->grp, sizeof(struct acc), MAXKEYS);
	dparead(st);
	hashxfers(st);
	flowread(st);
	joinread(st);
	unmatched(st);
}

static void
joinend(struct bound *st)
{
	grp_free(&st->grp);
	grp_free(&st->vars);
	free(st->xfers);
	st->xfers = NULL;
	st->nxfers = st->capxfers = 0;
	free(st->idhash);
	free(st->inhash);
	st->idhash = st->inhash = NULL;
}

/* An -X row of totals: what, bytes, transfers (or empty). */
static void
total(struct bound *st, const char *what, const struct dec *bytes, int hasn,
    int64_t n)
{
	profcol(st);
	out_str(what);
	lit("\t\t\t");
	sumcols(hasn, n, bytes);
	lit("\t\t\n");
}

/* An exact difference a - b of sums (of power 0) as a dec. */
static void
decsub(struct dec *d, const struct dec *a, const struct dec *b)
{
	d->lo = a->lo - b->lo;
	d->hi = a->hi - b->hi - (a->lo < b->lo);
	d->e = 0;
}

/* The repeat: moved / size. */
static void
repeat(const struct dec *moved, int hassize, int64_t size)
{
	struct dec d;

	out_tab();
	if (!hassize || size <= 0)
		return;
	dec_i64(&d, size);
	out_f64(dec_quot(moved, &d));
}

/* Tensors by bytes moved, then name. */
static int
bymoved(const struct group *g, long i, long j)
{
	const struct var *x = grp_val(g, i), *y = grp_val(g, j);
	int c = dec_cmp(&y->moved, &x->moved);

	return c ? c : grp_keycmp(g, i, j);
}

/* -X: the bytes moved beyond the tensors' sizes, and who loads them. */
static void
excess(struct bound *st)
{
	struct dec ex, reload = { 0, 0, 0 }, d;
	struct var *v;
	struct acc *a;
	const char *s;
	long *order, i;
	size_t n;

	grp_init(&st->vars, sizeof(struct var), MAXKEYS);
	tensors(st);
	if (!st->cur.hastensors)
		np_die("%s: no TensorInfo table: -X needs it", st->cur.p->name);
	joinstart(st);
	for (i = 0; i < st->vars.n; i++) {
		v = grp_val(&st->vars, i);
		if (!v->in || !v->hassize || dec_cmp(&v->moved, &(struct dec){
		    0, (uint64_t)v->size, 0 }) <= 0)
			continue;
		decsub(&d, &v->moved, &(struct dec){ 0, (uint64_t)v->size, 0 });
		dec_add(&reload, &d);
	}
	total(st, "dma_transfer_bytes", &st->cur.kbytes, 1, st->cur.kpackets);
	total(st, "necessary_bytes", &st->cur.necessary, 0, 0);
	decsub(&ex, &st->cur.kbytes, &st->cur.necessary);
	/* negative: two's complement */
	total(st, "excess_bytes", &ex, 0, 0);
	total(st, "spill_bytes", &st->spillbytes, 1, st->spills);
	total(st, "reload_excess_bytes", &reload, 0, 0);
	order = grp_sorted(&st->vars, bymoved);
	for (i = 0; i < st->vars.n; i++) {
		v = grp_val(&st->vars, order[i]);
		profcol(st);
		lit("tensor\t\t");
		s = grp_key(&st->vars, order[i], &n);
		if (n)		/* past VARSET; none: missing */
			out_text(s + 1, n - 1);
		out_tab();
		if (v->hastype)
			out_str(v->type);
		sumcols(1, v->transfers, &v->moved);
		out_opt_i64(v->hassize, v->size);
		repeat(&v->moved, v->hassize, v->size);
		out_nl();
	}
	free(order);
	order = grp_sorted(&st->grp, byfirst);
	for (i = 0; i < st->grp.n; i++) {
		a = grp_val(&st->grp, order[i]);
		v = grp_val(&st->vars, a->var);
		profcol(st);
		lit("load\t");
		s = grp_key(&st->grp, order[i], &n);
		out_raw(s, n);
		out_tab();
		if (v->hastype)
			out_str(v->type);
		sumcols(1, a->n, &a->a);
		out_opt_i64(v->hassize, v->size);
		repeat(&a->a, v->hassize, v->size);
		out_nl();
	}
	free(order);
	joinend(st);
}

/* -D: transfer geometry by source line, variable and direction. */
static void
dmageometry(struct bound *st)
{
	struct acc *a;
	long *order, i;
	double share, desc;
	char num[DEC_BUFSZ];

	grp_init(&st->vars, sizeof(struct var), MAXKEYS);
	joinstart(st);
	order = grp_sorted(&st->grp, byfirst);
	for (i = 0; i < st->grp.n; i++) {
		a = grp_val(&st->grp, order[i]);
		keyrow(st, order[i], a);
		opt_f64(st->cur.kbytes.lo || st->cur.kbytes.hi, dec_quot(&a->a,
		    &st->cur.kbytes));
		if (a->parts.lo || a->parts.hi) {
			struct dec cnt;

			/* Of the transfers whose partitions are known. */
			dec_i64(&cnt, a->np);
			opt_f64(1, dec_quot(&a->parts, &cnt));
			desc = dec_quot(&a->pbytes, &a->parts);
			opt_f64(1, desc);
			out_tab();
			out_str(desc >= 4096 ? "yes" : "no");
		} else
			lit("\t\t\t");
		out_nl();
	}
	free(order);
	/* The share of the kernel's DMA bytes DmaPacketAggregated covers. */
	profcol(st);
	lit("\t\tall");
	sumcols(1, st->dparows, &st->dpabytes);
	share = st->cur.kbytes.lo || st->cur.kbytes.hi ?
	    dec_quot(&st->dpabytes, &st->cur.kbytes) : 0;
	opt_f64(st->cur.kbytes.lo || st->cur.kbytes.hi, share);
	lit("\t\t\t\n");
	if ((st->cur.kbytes.lo || st->cur.kbytes.hi) && share < 0.95) {
		char knum[DEC_BUFSZ], snum[NUM_BUFSZ];

		dec_fmt(num, &st->dpabytes);
		dec_fmt(knum, &st->cur.kbytes);
		num_fmt_f64(snum, share);
		np_warn("%s: DmaPacketAggregated covers %s of the kernel's %s "
		    "DMA bytes in the window (%s, below 0.95): the rest has no "
		    "source line or tensor", st->cur.p->name, num, knum, snum);
	}
	joinend(st);
}

/* ---- a profile ---- */

/* The window: -t's sides, the kernel's DMA for those it leaves open. */
static void
window_(struct bound *st)
{
	st->cur.t0 = st->optfrom;
	st->cur.t1 = st->optto;
	if (!st->hasfrom || !st->hasto)
		dmawindow(st);
}

static void
profile(struct bound *st, struct profile *p)
{
	int hasactive, hasdmatable;
	char **files;

	memset(&st->cur, 0, sizeof st->cur);
	st->cur.p = p;
	if (p->isdir)
		rd_checkdir(p->name, NULL);	/* and its Warning, Error */
	else
		gate_tables(p->name, p->files[TB_WARNING],
		    p->nfiles[TB_WARNING], p->files[TB_ERROR],
		    p->nfiles[TB_ERROR]);
	window_(st);
	readmeta(st);
	hasdmatable = tablefiles(st, TB_DMAPACKET, &files) > 0;
	switch (st->mode) {
	case 'T':
		transposes(st);
		return;
	case 'I':
		tiles(st);
		return;
	case 'X':
		dmaread(st, 0);
		excess(st);
		return;
	case 'D':
		dmaread(st, 0);
		dmageometry(st);
		return;
	}
	dmaread(st, 1);
	hasactive = activeread(st);
	flopsread(st);
	necessary(st);
	whatsleft(st, hasactive, hasdmatable);
	computebounds(st, hasactive);
}

/* A fuzz target (tests/fuzz/boundrows_fuzz.c) takes the merge without main. */
#ifndef NP_NOMAIN
int
main(int argc, char **argv)
{
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .atdie = out_salvage,
	};
	static struct bound state;	/* its profiles' file lists: off the stack */
	struct bound *st = &state;
	int c, i, m;

	boundinit(st);
	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'A':
			st->partial = 1;
			break;
		case 'D':
		case 'I':
		case 'T':
		case 'X':
			if (st->mode && st->mode != c) {
				np_warn("-%c and -%c are two investigations: "
				    "give one", st->mode, c);
				np_usage(synopsis);
			}
			st->mode = c;
			break;
		case 'r':
			st->window = np_optnum("r", optarg, 1, 1 << 20);
			break;
		case 't':
			if (!num_range(optarg, &st->optfrom, &st->optto,
			    &st->hasfrom, &st->hasto)) {
				np_warn("-t: expected FROM,TO in ns (FROM <= "
				    "TO), found '%s'", optarg);
				np_usage(synopsis);
			}
			break;
		case 'w':
			st->wide = 1;
			break;
		}
	}
	st->header = cmd.header;
	if (st->partial && (st->wide || !st->header)) {
		np_warn("-A writes the profile column and the header, for a "
		    "merge: not with -%c", st->wide ? 'w' : 'n');
		np_usage(synopsis);
	}
	if (st->wide && st->mode) {
		np_warn("-w (one column per profile) does not go with -%c",
		    st->mode);
		np_usage(synopsis);
	}
	if (optind == argc) {
		np_warn("expected a profile directory");
		np_usage(synopsis);
	}
	if (!src_isdir(argv[optind])) {
		/* np-bound's own rows need no option: their header says. */
		src_open(&st->bp.in, argv[optind]);
		if ((m = firstmode(&st->bp.in)) >= 0) {
			mergeparts(st, argv + optind, argc - optind, m, &cmd);
			mergedrows(st);
			out_flush();
			return 0;
		}
		src_close(&st->bp.in);
	}
	addprofiles(st, argv + optind, argc - optind);
	if (!st->wide)
		st->headdue = modehead(st->mode);
	for (i = 0; i < st->nprofiles; i++) {
		profile(st, &st->profiles[i]);
		if (!st->mode) {
			st->results[i] = st->cur.res;
			if (!st->wide)
				longrows(st, &st->results[i]);
		}
		out_flush();
	}
	if (st->wide)
		widerows(st);
	else
		headline(st);
	out_flush();
	return 0;
}
#endif
