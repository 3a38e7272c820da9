/*
 * np-dma: DMA transfers, per-queue bytes, busy time and bandwidth, transfer
 * size histograms, and skinny DMA instructions per source line.
 *
 * Queues run in parallel, so a queue's busy time is the union of its
 * transfers' intervals and the all-queue busy time is the union across
 * queues: durations are never added where wall time is meant.  The unions
 * need start order: spill.h puts the transfers in it, a reorder window of
 * -r transfers in memory and sorted runs in TMPDIR for those beyond it, so
 * the answer is that of the input sorted, whatever its order.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/options.h"
#include "kind/dma.h"
#include "calc/hashtab.h"
#include "calc/hist.h"
#include "kind/instruction.h"
#include "calc/busy.h"
#include "base/number.h"
#include "read/anytable.h"
#include "read/reader.h"
#include "calc/spill.h"
#include "format/table.h"
#include "write/row.h"
#include "write/tsvout.h"

static const char optstring[] = "Ab:c:F:Hr:Ssu:";
static const char synopsis[] =
    "np-dma [-AHnqSs] [-b bytes] [-c columns] [-F positions] [-r rows] "
    "[-u unit] [file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-A, --partial", "with -S or -H: a partial run, for np-dma to merge",
	"-b, --bytes bytes", "with -S: skinny below this many bytes (default 512)",
	"-c columns", "further input columns carried through to the transfers",
	"-F positions", "field positions of show-session text",
	"-H, --histogram", "transfer size histogram",
	"-n, --no-header", "no header line",
	"-q, --quiet", "no progress line on stderr",
	"-r, --window rows", "with -s: reorder window, transfers (default 1024)",
	"-S, --skinny", "skinny DMA instructions per source line",
	"-s, --summary", "bytes, busy time and bandwidth per queue",
	"-u unit", "the input's time unit: ps, ns (default) or us",
	NULL
};

static const char *const longopts[] = {
	"--partial", "-A", "--summary", "-s", "--histogram", "-H", "--skinny",
	"-S", "--bytes", "-b", "--window", "-r", NULL,
};

/* Letters that moved (np(7) OPTIONS). */
static const struct np_oldopt oldopts[] = {
	{ 'w', 'r', "reorder window", "np-sum's one column per profile" },
	{ 0 }
};

#define MAXQUEUES 1024		/* distinct queues with -s */
#define MAXLINES 100000		/* distinct source lines with -S */
#define MAXWINDOW 65536
#define NBUCKET 64		/* power-of-two size buckets: 0, then 2^k */

/* ---- per-queue state ---- */

/* A transfer's interval on its way into start order. */
struct span {
	int64_t s, e;
	int64_t seq;		/* input order, for ties */
	int64_t queue;		/* index in queues */
};

struct queue {
	int64_t transfers;
	int64_t sized;		/* transfers with a byte count */
	struct dec bytes;	/* their sum: exact, past 2^63 too (dec_addu) */
	int64_t first, last;	/* earliest start, latest end */
	int hasend;
	int64_t bucketn[NBUCKET];
	struct dec bucketbytes[NBUCKET];
	int64_t bucketmin[NBUCKET], bucketmax[NBUCKET];	/* sizes in it */
	struct hist sizes;
	long id;		/* index in queues */
	struct runs busy;
	size_t namelen;		/* of the key after its tag: the name, then
				 * the core's */
	int haspc;		/* physical core (pcore_idx) given */
	int64_t pc;
	int all;		/* -s: its core's index in alls */
};

/* The first byte of a queue's key (and of a source line's, -S): no name
 * (null), an empty one, or a name; missing sorts first. */
enum { Q_NULL = 1, Q_EMPTY, Q_NAME };

/* A queue's name: none (NULL) as the empty field of a missing value, an
 * empty one as "" (out_text), any other TSV-escaped. */
static void
put_name(const char *name, size_t len)
{
	if (name)
		out_text(name, len);
}

/* -s: every queue of a physical core together, per core; transfers
 * without pcore_idx share the first. */
#define MAXPC 64

/* The program's state: its options, and what it has read. */
static struct dma {
	int64_t window;
	int64_t skinnybelow;
	int percentiles;	/* -s: keep the log histograms */
	struct group queues;
	struct queue all;	/* every queue together (-H) */
	struct queue alls[MAXPC];	/* -s: a physical core's queues */
	int nalls;
	struct spill sorter;	/* -s: every interval, in start order */
	int64_t seq;
	long nrows, used;	/* transfers -s and -H read, used */
	/* -S: the source lines; what -S read, for a run that finds
	 * nothing: instructions, the opcodes of those that are not DMAs,
	 * DMA instructions, those with a size. */
	struct group lines;
	long ninsn, ndma, nsized;
	struct tally opcodes;
	/* -A: write the partial rows; a merge: where the threshold came
	 * from (a row, or -b: line 0). */
	int partial;
	const char *belowfile;
	long belowline;
} st = {
	.window = 1024,
	.skinnybelow = 512,
};

static void
queue_init(struct queue *q, long id)
{
	memset(q, 0, sizeof *q);
	q->first = INT64_MAX;
	q->last = INT64_MIN;
	q->id = id;
	hist_init(&q->sizes);
	runs_init(&q->busy);
}

static void
queue_free(struct queue *q)
{
	hist_free(&q->sizes);
}

/* Bucket of a size: 0 for 0, else k for 2^(k-1) <= v < 2^k. */
static int
bucket(int64_t v)
{
	/* v >= 0: its bit length, without a loop over its bits. */
	return v ? 64 - __builtin_clzll((unsigned long long)v) : 0;
}

static void
bucket_bounds(int k, int64_t *lo, int64_t *hi)
{
	*lo = k ? (int64_t)1 << (k - 1) : 0;
	*hi = k ? (int64_t)(((uint64_t)1 << k) - 1) : 0;
}

/* ---- reading a transfer ---- */

/* Dies naming where field c was read: the row when c < 0 or the field
 * was not read from the input. */
static _Noreturn void NP_PRINTF(3, 4)
bad_field(const struct record *r, int c, const char *fmt, ...)
{
	const struct field *f = c >= 0 ? &r->f[c] : NULL;
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (f && f->line)
		np_die_at(r->file, f->line, f->col, "%s", msg);
	np_die_at(r->file, r->line, 0, "%s", msg);
}

/* An integer column of a row, or death. */
static int64_t
need_int(const struct record *r, int c, const char *what)
{
	const struct field *f = &r->f[c];

	if (!f->isint)
		bad_field(r, c, "expected %s as an integer, found %g", what,
		    f->d);
	return f->i;
}

/* A count of bytes or ns: an integer >= 0. */
static int64_t
need_count(const struct record *r, int c, const char *what)
{
	int64_t v = need_int(r, c, what);

	if (v < 0)
		bad_field(r, c, "expected %s >= 0, found %lld", what,
		    (long long)v);
	return v;
}

/* An exact sum, in full. */
static void
out_dec(const struct dec *d)
{
	char buf[DEC_BUFSZ];

	out_raw(buf, dec_put(buf, d));
}

/* sum / n (n > 0), the nearest double. */
static double
quot(const struct dec *sum, int64_t n)
{
	struct dec d;

	dec_i64(&d, n);
	return dec_quot(sum, &d);
}

static void
add_size(struct queue *q, int64_t v)
{
	int k = bucket(v);

	q->sized++;
	dec_addu(&q->bytes, (uint64_t)v);
	if (!q->bucketn[k] || v < q->bucketmin[k])
		q->bucketmin[k] = v;
	if (!q->bucketn[k] || v > q->bucketmax[k])
		q->bucketmax[k] = v;
	q->bucketn[k]++;
	dec_addu(&q->bucketbytes[k], (uint64_t)v);
	if (st.percentiles)
		hist_add(&q->sizes, (double)v, 1);
}

/* Start order; ties in input order. */
static int
bystart(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* An interval in start order into the busy runs of its queue and of
 * all (spill.h's deliver, too). */
static void
busy_add(void *ctx, const void *p)
{
	const struct span *sp = p;
	struct queue *q = grp_val(&st.queues, sp->queue);
	int64_t ds, de;

	(void)ctx;
	runs_add(&q->busy, sp->s, sp->e, &ds, &de);
	runs_add(&st.alls[q->all].busy, sp->s, sp->e, &ds, &de);
}

static void
end_spans(void)
{
	struct span sp;
	int64_t ds, de;
	long i;

	sp_end(&st.sorter);
	while (sp_next(&st.sorter, &sp))
		busy_add(NULL, &sp);
	for (i = 0; i < st.queues.n; i++)
		runs_end(&((struct queue *)grp_val(&st.queues, i))->busy, &ds,
		    &de);
	for (i = 0; i < st.nalls; i++)
		runs_end(&st.alls[i].busy, &ds, &de);
}

/* The index in alls of a queue's physical core, registered when new. */
static int
allof(const struct record *r, const struct queue *q)
{
	int i;

	for (i = 0; i < st.nalls; i++)
		if (st.alls[i].haspc == q->haspc && st.alls[i].pc == q->pc)
			return i;
	if (st.nalls == MAXPC && r)
		np_die_at(r->file, r->line, 0, "expected at most %d physical "
		    "cores (pcore_idx), found more", MAXPC);
	if (st.nalls == MAXPC)
		np_die("expected at most %d physical cores (pcore_idx), found "
		    "more", MAXPC);
	queue_init(&st.alls[i], -1);
	st.alls[i].haspc = q->haspc;
	st.alls[i].pc = q->pc;
	return st.nalls++;
}

/*
 * One transfer into its queue's statistics (grouped) or into all's, and its
 * interval into the busy time of its queue and of all (busy).
 */
static void
add_transfer(struct reader *rd, const struct record *r, int grouped,
    int busy)
{
	const struct field *qf = &r->f[D_QUEUE], *pf = &r->f[D_PCORE];
	/* Neither queue_name nor queue_idx (null), an empty name and any
	 * other (such as "<none>") are three queues, as in SQL's GROUP BY:
	 * the key's first byte says which (Q_NULL sorts first, as its
	 * empty field does). */
	int tag = !qf->set ? Q_NULL : qf->len == 0 ? Q_EMPTY : Q_NAME;
	const char *qname = qf->set ? qf->s : "";
	size_t qlen = qf->set ? qf->len : 0;
	/* The tag, the name, and a NUL and the core if given. */
	static char *key;
	static size_t keycap;
	size_t klen = 1 + qlen;
	int64_t s, e = 0, v;
	struct queue *q = &st.all;
	struct span sp;
	int isnew, hasend = r->f[D_END].set;

	st.nrows++;
	/* The reader has left out rows whose times are not whole ns or end
	 * before they start.  Times >= 0 keep every interval and union below
	 * 2^63 ns. */
	s = r->f[D_START].i;
	e = hasend ? r->f[D_END].i : 0;
	if (s < 0 && busy) {
		rd_note(rd, "rows with a negative start_ts skipped", r->line);
		return;
	}
	st.used++;
	if (grouped) {
		/* A queue of one physical core is not that of another. */
		if (qlen + 2 + NUM_BUFSZ > keycap) {
			free(key);
			keycap = 2 * (qlen + 2 + NUM_BUFSZ);
			key = np_malloc(keycap);
		}
		key[0] = (char)tag;
		memcpy(key + 1, qname, qlen);
		if (pf->set) {
			key[klen++] = '\0';
			klen += num_fmt_i64(key + klen, need_int(r, D_PCORE,
			    "pcore_idx"));
		}
		q = grp_get(&st.queues, key, klen, &isnew);
		if (!q)
			np_die_at(r->file, r->line, 0, "expected at most %d "
			    "DMA queues, found more", MAXQUEUES);
		if (isnew) {
			queue_init(q, st.queues.n - 1);
			q->namelen = qlen;
			q->haspc = pf->set;
			q->pc = pf->i;
			if (busy)
				q->all = allof(r, q);
		}
	}
	q->transfers++;
	if (s < q->first)
		q->first = s;
	if (hasend && e > q->last)
		q->last = e;
	q->hasend |= hasend;
	if (r->f[D_BYTES].set) {
		v = need_count(r, D_BYTES, "transfer_bytes");
		add_size(q, v);
	} else
		rd_note(rd, "transfers without transfer_bytes, left out of "
		    "byte counts", r->line);
	if (!busy)
		return;
	if (!hasend) {
		rd_note(rd, "transfers without an end time, left out of busy_ns",
		    r->line);
		return;
	}
	sp.s = s;
	sp.e = e;
	sp.seq = st.seq++;
	sp.queue = q->id;
	if (sp_push(&st.sorter, &sp))
		sp_beyondat(&st.sorter, r->file, rec_line(r, D_START),
		    r->f[D_START].col);
}

/* ---- writing ---- */

static const char *const summary_cols[] = {
	"queue_name", "transfers", "total_bytes", "busy_ns",
	"first_start_ts", "last_end_ts", "bandwidth_gb_per_s", "mean_bytes",
	"p50_bytes", "p90_bytes", "pcore_idx",
};

/*
 * A size percentile (nearest rank): the histogram's estimate, within 1%, to
 * the nearest byte.  The power-of-two buckets count exactly, so the true
 * value lies between the smallest and largest size of the bucket holding
 * that rank: clamped there, the estimate only gets closer, and it is exact
 * when that bucket holds one size (as with power-of-two transfers).
 */
static void
out_quantile(const struct queue *q, double p)
{
	int64_t v, rank, seen = 0;
	int k;

	out_tab();
	if (!q->sized)
		return;
	rank = (int64_t)ceil(p * (double)q->sized);
	if (rank < 1)
		rank = 1;
	for (k = 0; k < NBUCKET - 1 && (seen += q->bucketn[k]) < rank; k++)
		;
	v = llround(hist_quantile(&q->sizes, p));
	if (v < q->bucketmin[k])
		v = q->bucketmin[k];
	if (v > q->bucketmax[k])
		v = q->bucketmax[k];
	out_i64(v);
}

static void
summary_row(const char *name, size_t len, const struct queue *q,
    int hasbusy)
{
	int64_t busy = q->busy.busy;

	put_name(name, len);
	out_tab();
	out_i64(q->transfers);
	out_tab();
	if (q->sized > 0)
		out_dec(&q->bytes);
	out_opt_i64(hasbusy && q->hasend, busy);
	out_opt_i64(1, q->first);
	out_opt_i64(q->hasend, q->last);
	out_tab();
	/* bytes per ns is GB/s (10^9 bytes per second) */
	if (hasbusy && q->hasend && q->sized && busy > 0)
		out_f64(quot(&q->bytes, busy));
	out_tab();
	if (q->sized)
		out_f64(quot(&q->bytes, q->sized));
	out_quantile(q, 0.5);
	out_quantile(q, 0.9);
	out_tab();
	if (q->haspc)
		out_i64(q->pc);
	out_nl();
}

static const char *const hist_cols[] = {
	"queue_name", "bucket_lo", "bucket_hi", "transfers", "bytes", "share",
	"pcore_idx",
};

/* The buckets from the smallest size seen to the largest, empty ones
 * between included. */
static void
hist_rows(const char *name, size_t len, int named, const struct queue *q)
{
	int k, lo, hi;
	int64_t blo, bhi;

	for (lo = 0; lo < NBUCKET && !q->bucketn[lo]; lo++)
		;
	for (hi = NBUCKET - 1; hi >= 0 && !q->bucketn[hi]; hi--)
		;
	for (k = lo; k <= hi; k++) {
		bucket_bounds(k, &blo, &bhi);
		if (named) {
			put_name(name, len);
			out_tab();
		}
		out_i64(blo);
		out_tab();
		out_i64(bhi);
		out_tab();
		out_i64(q->bucketn[k]);
		out_tab();
		out_dec(&q->bucketbytes[k]);
		out_tab();
		out_f64((double)q->bucketn[k] / (double)q->sized);
		if (named) {
			out_tab();
			if (q->haspc)
				out_i64(q->pc);
		}
		out_nl();
	}
}

static void
merge_buckets(struct queue *to, const struct queue *q)
{
	int k;

	for (k = 0; k < NBUCKET; k++) {
		if (!q->bucketn[k])
			continue;
		if (!to->bucketn[k] || q->bucketmin[k] < to->bucketmin[k])
			to->bucketmin[k] = q->bucketmin[k];
		if (!to->bucketn[k] || q->bucketmax[k] > to->bucketmax[k])
			to->bucketmax[k] = q->bucketmax[k];
		to->bucketn[k] += q->bucketn[k];
		dec_add(&to->bucketbytes[k], &q->bucketbytes[k]);
	}
}

/* Physical cores: none first, then in numeric order. */
static int
bycore(const void *a, const void *b)
{
	const struct queue *x = a, *y = b;

	if (x->haspc != y->haspc)
		return x->haspc - y->haspc;
	return (x->pc > y->pc) - (x->pc < y->pc);
}

/* One all row per physical core: every count is a sum of its queues',
 * busy the union of their intervals. */
static void
write_alls(void)
{
	struct queue *q, *a;
	long i;
	int k;

	for (i = 0; i < st.queues.n; i++) {
		q = grp_val(&st.queues, i);
		for (k = 0; k < st.nalls; k++)
			if (st.alls[k].haspc == q->haspc &&
			    st.alls[k].pc == q->pc)
				break;
		if (k == st.nalls)	/* -s -H: no intervals were kept */
			allof(NULL, q);
		a = &st.alls[k];
		a->transfers += q->transfers;
		a->sized += q->sized;
		dec_add(&a->bytes, &q->bytes);
		a->hasend |= q->hasend;
		if (q->first < a->first)
			a->first = q->first;
		if (q->last > a->last)
			a->last = q->last;
		merge_buckets(a, q);
		hist_merge(&a->sizes, &q->sizes);
	}
	qsort(st.alls, (size_t)st.nalls, sizeof *st.alls, bycore);
	for (k = 0; k < st.nalls; k++)
		summary_row("all", 3, &st.alls[k], 1);
}

static void
write_summary(int header, int histogram)
{
	long i, *ix = grp_sorted(&st.queues, grp_keycmp);
	struct queue *q;
	const char *name;
	size_t len;

	if (header && histogram)
		out_header(hist_cols, 7);
	else if (header)
		out_header(summary_cols, 11);
	for (i = 0; i < st.queues.n; i++) {
		q = grp_val(&st.queues, ix[i]);
		name = grp_key(&st.queues, ix[i], &len);
		/* Written as np spells a missing value, an empty string
		 * and text (np.7, OUTPUT). */
		if (name[0] == Q_NULL)
			name = NULL, len = 0;
		else
			name++, len = q->namelen;
		if (histogram)
			hist_rows(name, len, 1, q);
		else
			summary_row(name, len, q, 1);
	}
	if (!histogram)
		write_alls();
	free(ix);
}

/* ---- skinny DMA instructions (-S) ---- */

struct srcline {
	int64_t n;
	struct dec bytes, dur;	/* exact (dec_addu) */
};

static int
is_dma(const struct record *r)
{
	const struct field *f = &r->f[I_OPCODE];

	return f->set && ((f->len >= 4 && memcmp(f->s, "DMA_", 4) == 0) ||
	    (f->len >= 11 && memcmp(f->s, "PSEUDO_DMA_", 11) == 0));
}

/* A byte column: 0 when missing. */
static int64_t
insn_bytes(const struct record *r, int c, const char *what)
{
	return r->f[c].set ? need_count(r, c, what) : 0;
}

/*
 * Bytes a DMA instruction moves: what it reads (HBM + SBUF) or what it
 * writes, whichever is larger (two counts below 2^63: below 2^64); 0 when
 * it carries no byte column at all.
 */
static int
dma_moved(const struct record *r, uint64_t *moved)
{
	uint64_t rd, wr;

	if (!r->f[I_HBM_R].set && !r->f[I_HBM_W].set &&
	    !r->f[I_SBUF_R].set && !r->f[I_SBUF_W].set)
		return 0;
	rd = (uint64_t)insn_bytes(r, I_HBM_R, "hbm_read_bytes") +
	    (uint64_t)insn_bytes(r, I_SBUF_R, "sbuf_read_bytes");
	wr = (uint64_t)insn_bytes(r, I_HBM_W, "hbm_write_bytes") +
	    (uint64_t)insn_bytes(r, I_SBUF_W, "sbuf_write_bytes");
	*moved = rd > wr ? rd : wr;
	return 1;
}

static void
add_skinny(struct reader *rd, const struct record *r)
{
	static char *key;
	static size_t keycap;
	struct srcline *l;
	const char *src;
	size_t len;
	uint64_t moved;

	st.ninsn++;
	if (!is_dma(r)) {
		tally_add(&st.opcodes, r->f[I_OPCODE].s, r->f[I_OPCODE].len);
		return;
	}
	st.ndma++;
	/* A size the input does not give (no byte column, or 0 bytes in
	 * all four) is not a small one: counted apart. */
	if (!dma_moved(r, &moved) || moved == 0) {
		rd_note(rd, "DMA instructions without a size (0 bytes or no "
		    "byte column), not counted as skinny", r->line);
		return;
	}
	st.nsized++;
	if (moved >= (uint64_t)st.skinnybelow)
		return;
	/* Keyed as a queue is: a tag byte, then the location. */
	src = insn_src(r, &len);
	if (len + 1 > keycap) {
		free(key);
		keycap = 2 * (len + 1);
		key = np_malloc(keycap);
	}
	key[0] = (char)(!src ? Q_NULL : len == 0 ? Q_EMPTY : Q_NAME);
	if (len)
		memcpy(key + 1, src, len);
	if (!(l = grp_get(&st.lines, key, len + 1, NULL)))
		np_die_at(r->file, r->line, 0, "expected at most %d source "
		    "lines, found more", MAXLINES);
	l->n++;
	dec_addu(&l->bytes, moved);
	if (r->f[I_DUR].set)
		dec_addu(&l->dur, (uint64_t)need_count(r, I_DUR,
		    "duration_ns"));
	else
		rd_note(rd, "skinny DMA instructions without a duration, "
		    "counted as 0 ns", r->line);
}

/* Most skinny DMAs first; then by source line. */
static int
bycount(const struct group *g, long i, long j)
{
	const struct srcline *la = grp_val(g, i), *lb = grp_val(g, j);

	if (la->n != lb->n)
		return la->n < lb->n ? 1 : -1;
	return grp_keycmp(g, i, j);
}

/* The last, the threshold, only with -A: for the merge (below). */
static const char *const skinny_cols[] = {
	"source_location", "skinny_dmas", "total_bytes", "mean_bytes",
	"total_duration_ns", "skinny_below_bytes",
};

static void
write_skinny(int header)
{
	long i, *ix = grp_sorted(&st.lines, bycount);
	const struct srcline *l;
	const char *name;
	size_t len;

	if (header)
		out_header(skinny_cols, st.partial ? 6 : 5);
	for (i = 0; i < st.lines.n; i++) {
		l = grp_val(&st.lines, ix[i]);
		name = grp_key(&st.lines, ix[i], &len);
		put_name(name[0] == Q_NULL ? NULL : name + 1, len - 1);
		out_tab();
		out_i64(l->n);
		out_tab();
		out_dec(&l->bytes);
		out_tab();
		out_f64(quot(&l->bytes, l->n));
		out_tab();
		out_dec(&l->dur);
		if (st.partial) {
			out_tab();
			out_i64(st.skinnybelow);
		}
		out_nl();
	}
	free(ix);
}

/* ---- partial runs (-A) and their merge ---- */

/*
 * -S and -H count and add up per key (a source line; a bucket, of a queue
 * with -s), so runs over parts of the input merge into one run's rows:
 * their rows hold every count and exact sum, and np-dma knows them by
 * their header.  -A -S's rows end in skinny_below_bytes, the threshold,
 * so that parts of other -b thresholds are not added up unasked.
 */
enum { P_NONE, P_SKINNY, P_HIST, P_QHIST };

static const struct {
	const char *const *cols;
	int ncols;
	const char *what;
} forms[] = {
	[P_SKINNY] = { skinny_cols, 6, "np-dma -A -S's rows" },
	[P_HIST] = { hist_cols + 1, 5, "np-dma -H's rows" },
	[P_QHIST] = { hist_cols, 7, "np-dma -s -H's rows" },
};

/* Is the line at s (n bytes) the header of form f? */
static int
isheader(const char *s, size_t n, int f)
{
	size_t len;
	int i;

	if (n && s[n - 1] == '\r')
		n--;
	for (i = 0; i < forms[f].ncols; i++) {
		len = strlen(forms[f].cols[i]);
		if (i) {
			if (n == 0 || *s != '\t')
				return 0;
			s++, n--;
		}
		if (n < len || memcmp(s, forms[f].cols[i], len) != 0)
			return 0;
		s += len, n -= len;
	}
	return n == 0;
}

/* The form of np-dma's rows the first file, open in in and nothing read,
 * begins with, or P_NONE.  Only a header whole within SRC_SNIFF bytes is
 * looked at. */
static int
firstform(struct src *in)
{
	/* Every header begins with one of these: other input is told by
	 * its first bytes, without a look for the end of its first line
	 * (which may be a buffer away, in JSON). */
	static const char *const starts[] = {
		"source_location\t", "bucket_lo\t", "queue_name\tbucket_lo\t",
	};
	size_t i, n;
	char *nl;
	int f;

	while (in->end - in->buf < 32 && !in->eof && src_fill(in, NULL) > 0)
		;
	for (i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		n = strlen(starts[i]);
		if ((size_t)(in->end - in->buf) >= n &&
		    memcmp(in->buf, starts[i], n) == 0)
			break;
	}
	if (i == sizeof starts / sizeof starts[0])
		return P_NONE;
	nl = src_wholeline(in, in->buf, SRC_SNIFF);
	if (nl - in->buf >= SRC_SNIFF || (nl == in->end && !in->eof))
		return P_NONE;
	for (f = P_SKINNY; f <= P_QHIST; f++)
		if (isheader(in->buf, (size_t)(nl - in->buf), f))
			return f;
	return P_NONE;
}

/* Field i of a merged row as a whole number from lo within 64 bits, or
 * death naming the column. */
static int64_t
part_count(const struct tsv *t, int i, int64_t lo)
{
	int64_t v;

	if (!num_i64(t->f[i], t->len[i], &v) || v < lo)
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, i), "expected "
		    "a whole number from %lld in column '%s', found '%.*s'",
		    (long long)lo, t->name[i], (int)(t->len[i] > 60 ? 60 :
		    t->len[i]), t->f[i]);
	return v;
}

/* Field i, a quotient the merge computes again (mean_bytes, share), as np
 * writes one: a number from 0.  Read only to refuse rows np-dma did not
 * write. */
static void
part_quot(const struct tsv *t, int i)
{
	double v;

	if (!num_f64(t->f[i], t->len[i], &v) || !(v >= 0))
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, i), "expected "
		    "a number from 0 in column '%s', found '%.*s'", t->name[i],
		    (int)(t->len[i] > 60 ? 60 : t->len[i]), t->f[i]);
}

/* Field i as one of np-dma's exact sums: a whole number from 0 to
 * 2^126 - 1, as out_dec spells one. */
static void
part_sum(const struct tsv *t, int i, struct dec *d)
{
	if (!dec_parse(t->f[i], t->len[i], d) || !dec_sum(d))
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, i), "expected "
		    "a whole number from 0 in column '%s', found '%.*s'",
		    t->name[i], (int)(t->len[i] > 60 ? 60 : t->len[i]),
		    t->f[i]);
}

/* acc += v, two sums of power 0 (dec_sum); dies past 2^126 - 1. */
static void
part_add(const struct tsv *t, struct dec *acc, const struct dec *v)
{
	acc->lo += v->lo;
	acc->hi += v->hi + (acc->lo < v->lo);
	if (acc->hi >> 62)
		np_die_at(t->in->name, t->line, 0, "a sum beyond 2^126 - 1");
}

/* A key's first field: its tag (missing, empty or text, as the rows
 * spell them) and its text, decoded, at key + 1; its length + 1. */
static size_t
part_key(struct tsv *t, int i, char **key, size_t *cap)
{
	size_t len = tsv_cell(t, i);

	if (len + 2 + NUM_BUFSZ > *cap) {
		free(*key);
		*cap = 2 * (len + 2 + NUM_BUFSZ);
		*key = np_malloc(*cap);
	}
	(*key)[0] = (char)(tsv_missing(t, i) ? Q_NULL : len == 0 ? Q_EMPTY :
	    Q_NAME);
	memcpy(*key + 1, t->f[i], len);
	return len + 1;
}

/* A row of -A -S's into its source line. */
static void
part_skinny(struct tsv *t)
{
	static char *key;
	static size_t cap;
	struct srcline *l;
	struct dec bytes, dur;
	size_t klen;
	int64_t n, below;

	klen = part_key(t, 0, &key, &cap);
	n = part_count(t, 1, 1);
	part_sum(t, 2, &bytes);
	part_quot(t, 3);
	part_sum(t, 4, &dur);
	below = part_count(t, 5, 0);
	if (!st.belowfile) {
		st.belowfile = t->in->name;
		st.belowline = t->line;
		st.skinnybelow = below;
	} else if (below != st.skinnybelow && st.belowline == 0)
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, 5), "expected "
		    "skinny_below_bytes %lld, as -b says, found %lld",
		    (long long)st.skinnybelow, (long long)below);
	else if (below != st.skinnybelow)
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, 5), "expected "
		    "skinny_below_bytes %lld, as %s:%ld has, found %lld: parts "
		    "of other -b thresholds", (long long)st.skinnybelow,
		    st.belowfile, st.belowline, (long long)below);
	if (!(l = grp_get(&st.lines, key, klen, NULL)))
		np_die_at(t->in->name, t->line, 0, "expected at most %d source "
		    "lines, found more", MAXLINES);
	if (l->n > INT64_MAX - n)
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, 1), "skinny "
		    "DMAs of one source line beyond 2^63 - 1");
	l->n += n;
	part_add(t, &l->bytes, &bytes);
	part_add(t, &l->dur, &dur);
}

/* A row of -H's (-s -H's: grouped) into its bucket. */
static void
part_hist(struct tsv *t, int grouped)
{
	static char *key;
	static size_t cap;
	struct queue *q = &st.all;
	struct dec bytes;
	int64_t lo, hi, n, pc = 0, blo, bhi;
	int c = grouped, k, isnew;
	size_t klen;

	if (grouped) {
		klen = part_key(t, 0, &key, &cap);
		if (!tsv_missing(t, 6)) {
			pc = part_count(t, 6, INT64_MIN);
			key[klen++] = '\0';
			klen += num_fmt_i64(key + klen, pc);
		}
		if (!(q = grp_get(&st.queues, key, klen, &isnew)))
			np_die_at(t->in->name, t->line, 0, "expected at most "
			    "%d DMA queues, found more", MAXQUEUES);
		if (isnew) {
			queue_init(q, st.queues.n - 1);
			q->namelen = (size_t)t->len[0];
			q->haspc = !tsv_missing(t, 6);
			q->pc = pc;
		}
	}
	lo = part_count(t, c, 0);
	hi = part_count(t, c + 1, 0);
	k = bucket(lo);
	bucket_bounds(k, &blo, &bhi);
	if (lo != blo || hi != bhi)
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, c), "expected "
		    "a bucket's bounds (0 to 0, 1 to 1, or 2^(k-1) to 2^k - 1), "
		    "found %lld to %lld", (long long)lo, (long long)hi);
	n = part_count(t, c + 2, 0);
	part_sum(t, c + 3, &bytes);
	part_quot(t, c + 4);
	if (q->sized > INT64_MAX - n)
		np_die_at(t->in->name, t->line, tsv_fieldcol(t, c + 2),
		    "transfers beyond 2^63 - 1");
	q->bucketn[k] += n;
	q->sized += n;
	q->transfers += n;
	part_add(t, &q->bucketbytes[k], &bytes);
}

/* Every file, np-dma's rows of the first's form, into the keys' counts
 * and sums.  The first is open in in, its header looked at. */
static void
merge(struct src *in, char **files, int n, int form)
{
	struct notes notes = { 0 };
	static struct tsv t;	/* its header buffer kept for the next */
	char *line;
	long lineno;
	int i;

	for (i = 0; i < n; i++) {
		if (i) {
			if (src_isdir(files[i]))
				np_die("%s: expected %s, as %s holds, found a "
				    "directory", files[i], forms[form].what,
				    files[0]);
			src_open(in, files[i]);
		}
		if (i && firstform(in) != form)
			np_die_at(files[i], 1, 0, "expected %s, as %s holds "
			    "(a header of %s, ...)", forms[form].what,
			    files[0], forms[form].cols[0]);
		/* Its first SRC_SNIFF bytes in the buffer, as at_open needs. */
		src_sniff(in, forms[form].what, &line, &lineno);
		at_open(&t, in, '\t', &notes);
		while (tsv_next(&t)) {
			if (form == P_SKINNY)
				part_skinny(&t);
			else
				part_hist(&t, form == P_QHIST);
		}
		at_end(&t, &notes);
		src_close(in);
	}
	note_report(&notes);
}

/* ---- main ---- */

enum { M_TRANSFERS, M_SUMMARY, M_HIST, M_QHIST, M_SKINNY };

/* The state a mode keeps; and the reader, but for a merge (rd NULL).  The
 * first file is open in in, when not NULL. */
static void
setup(struct reader *rd, int mode, char **files, int nfiles, struct src *in,
    const char *unit, const char *pos)
{
	if (rd) {
		rd_open(rd, mode == M_SKINNY ? &kind_insn : &kind_dma, files,
		    nfiles);
		if (in) {
			rd_use(rd, in);
			rd_files(rd, files, nfiles, 1);
		}
		rd_options(rd, unit, pos, synopsis);
	}
	if (mode == M_SUMMARY || mode == M_QHIST)
		grp_init(&st.queues, sizeof(struct queue), MAXQUEUES);
	if (mode == M_SKINNY)
		grp_init(&st.lines, sizeof(struct srcline), MAXLINES);
	queue_init(&st.all, -1);
	if (mode == M_SUMMARY)
		sp_init(&st.sorter, sizeof(struct span), (int)st.window,
		    bystart, busy_add, NULL);
	st.percentiles = mode == M_SUMMARY;
}

static void
finish(int mode, int header)
{
	if (mode == M_SUMMARY)
		end_spans();
	switch (mode) {
	case M_SUMMARY:
	case M_QHIST:
		write_summary(header, mode == M_QHIST);
		break;
	case M_HIST:
		if (header)
			out_header(hist_cols + 1, 5);
		hist_rows(NULL, 0, 0, &st.all);
		break;
	case M_SKINNY:
		write_skinny(header);
		break;
	}
}

/* Why a run found nothing: an error, or for a partial run (whose rows
 * another part's may join) a warning, before its header alone. */
static void NP_PRINTF(1, 2)
none(const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (!st.partial)
		np_die("%s", msg);
	np_warn("%s: a partial run's header alone", msg);
}

/*
 * A mode that found nothing to report on input that has rows says why,
 * after the reader's notes, and exits 1: -S without a DMA instruction, or
 * without one whose size is given; -s or -H with every transfer left out.
 * An empty table is an empty answer.  -A only warns (none).
 */
static void
nothing(int mode)
{
	char seen[512];

	if (mode == M_SKINNY && st.ninsn == 0)
		return;		/* an empty table: the header alone */
	if (mode == M_SKINNY && st.ndma == 0) {
		tally_text(&st.opcodes, seen, sizeof seen);
		none("no DMA instructions (opcode DMA_... or PSEUDO_DMA_...) "
		    "in %ld instructions read (seen: %s)", st.ninsn, seen);
	} else if (mode == M_SKINNY && st.nsized == 0)
		none("no DMA instruction with a size: the %ld read have 0 "
		    "bytes or no byte column", st.ndma);
	else if (mode != M_SKINNY && st.used == 0 && st.nrows > 0)
		none("no transfers to report on: every row read was left "
		    "out (counted above)");
}


static void
cleanup(int mode)
{
	long i;

	if (mode == M_SUMMARY || mode == M_QHIST) {
		for (i = 0; i < st.queues.n; i++)
			queue_free(grp_val(&st.queues, i));
		grp_free(&st.queues);
	}
	if (mode == M_SKINNY)
		grp_free(&st.lines);
	if (mode == M_SUMMARY)
		sp_free(&st.sorter);
	queue_free(&st.all);
	for (i = 0; i < st.nalls; i++)
		queue_free(&st.alls[i]);
}

/* A fuzz target (tests/fuzz/dmapart_fuzz.c) takes the merge without main. */
#ifndef NP_NOMAIN
/* The mode of a merge of np-dma's rows of form f, after the options that
 * read records are refused, and those that name a mode checked against
 * the form. */
static int
mergemode(const struct np_cmd *cmd, int f, int mode, const char *file)
{
	static const int asks[] = {
		[P_SKINNY] = M_SKINNY, [P_HIST] = M_HIST, [P_QHIST] = M_QHIST,
	};
	static const char *const modename[] = {
		[M_SUMMARY] = "-s", [M_HIST] = "-H", [M_QHIST] = "-s -H",
		[M_SKINNY] = "-S",
	};
	int c;

	if ((c = np_given(cmd, "cFru"))) {
		np_warn("-%c reads transfers or instructions, not %s (%s)", c,
		    forms[f].what, file);
		np_usage(synopsis);
	}
	if (np_given(cmd, "SHs") && mode != asks[f])
		np_die("%s: expected what %s reads, found %s", file,
		    modename[mode], forms[f].what);
	if (np_given(cmd, "b") && f != P_SKINNY) {
		np_warn("-b: the threshold of -S, not of %s (%s)",
		    forms[f].what, file);
		np_usage(synopsis);
	}
	return asks[f];
}

int
main(int argc, char **argv)
{
	static char *stdin_only[] = { "-" };
	static struct src in;
	struct reader rd;
	struct record *rec;
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .moved = oldopts, .atdie = out_salvage,
	};
	int c, summary = 0, histogram = 0, skinny = 0, mode, nfiles;
	int form = P_NONE, isopen = 0;
	const char *unit = NULL, *pos = NULL;
	char *cols = NULL, **files;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'A':
			st.partial = 1;
			break;
		case 'b':
			st.skinnybelow = np_optnum("b", optarg, 0, INT64_MAX);
			break;
		case 'c':
			cols = optarg;
			break;
		case 'F':
			pos = optarg;
			break;
		case 'H':
			histogram = 1;
			break;
		case 'r':
			st.window = np_optnum("r", optarg, 1, MAXWINDOW);
			break;
		case 'S':
			skinny = 1;
			break;
		case 's':
			summary = 1;
			break;
		case 'u':
			unit = optarg;
			break;
		}
	}
	if (skinny && (summary || histogram)) {
		np_warn("-S: cannot be combined with -s or -H");
		np_usage(synopsis);
	}
	if (st.partial && !cmd.header) {
		np_warn("-A writes the header, for a merge: not with -n");
		np_usage(synopsis);
	}
	mode = skinny ? M_SKINNY : summary && histogram ? M_QHIST :
	    summary ? M_SUMMARY : histogram ? M_HIST : M_TRANSFERS;
	files = argc > optind ? argv + optind : stdin_only;
	nfiles = argc > optind ? argc - optind : 1;
	/* np-dma's own rows need no option: their header says. */
	if (!src_isdir(files[0])) {
		src_open(&in, files[0]);
		isopen = 1;
		form = firstform(&in);
	}
	if (form != P_NONE)
		mode = mergemode(&cmd, form, mode, files[0]);
	else {
		np_needs(&cmd, 'A', "SH", "skinny DMAs or a size histogram");
		np_needs(&cmd, 'b', "S", "skinny DMAs");
		np_needs(&cmd, 'r', "s", "per-queue summary");
		if (cols && mode != M_TRANSFERS) {
			np_warn("-c: the transfers' columns, not with -s, -H or "
			    "-S");
			np_usage(synopsis);
		}
	}
	if (form != P_NONE) {
		setup(NULL, mode, files, nfiles, NULL, unit, pos);
		if (np_given(&cmd, "b"))
			st.belowfile = "-b";	/* belowline 0 */
		merge(&in, files, nfiles, form);
		finish(mode, cmd.header);
		out_flush();
		cleanup(mode);
		return 0;
	}
	setup(&rd, mode, files, nfiles, isopen ? &in : NULL, unit, pos);
	if (cols)
		rd_extra(&rd, cols, synopsis);
	if (mode == M_TRANSFERS && !cols)
		rd_rows(&rd);	/* every record written as it comes */
	else if (mode == M_HIST)
		rd_want(&rd, 1u << D_BYTES);	/* and the times */
	if (mode == M_TRANSFERS && cmd.header)
		rd_header(&rd);
	while ((rec = rd_next(&rd))) {
		if (mode == M_TRANSFERS)
			rec_write(&kind_dma, rec);
		else if (mode == M_SKINNY)
			add_skinny(&rd, rec);
		else
			add_transfer(&rd, rec, mode != M_HIST,
			    mode == M_SUMMARY);
	}
	rd_close(&rd);
	if (isopen)
		src_close(&in);
	if (mode != M_TRANSFERS) {
		nothing(mode);
		finish(mode, cmd.header);
	}
	out_flush();
	if (mode == M_SUMMARY)
		sp_report(&st.sorter);
	cleanup(mode);
	return 0;
}
#endif
