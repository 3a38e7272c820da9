#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "bytes/source.h"
#include "calc/spill.h"

#define HEAP(sp, i) ((sp)->heap + (size_t)(i) * (sp)->size)
/* The FIFO's item i (0 <= i < cap), counted from its head: wrapped by a
 * subtraction, where a division (tens of cycles) came with every item. */
#define FIFO(sp, i) ((sp)->fifo + (size_t)((sp)->qhead + (i) < (sp)->cap ? \
	(sp)->qhead + (i) : (sp)->qhead + (i) - (sp)->cap) * (sp)->size)

/* NP_MERGE_FANIN, for tests that want many merges from little input. */
static int
fanin(void)
{
	const char *v = getenv("NP_MERGE_FANIN");
	char *end;
	long n;

	if (!v || !*v)
		return SP_FANIN;
	n = strtol(v, &end, 10);
	if (*end || n < 2 || n > SP_MAXFANIN)
		np_die("NP_MERGE_FANIN: expected a number from 2 to %d, "
		    "found '%s'", SP_MAXFANIN, v);
	return (int)n;
}

void
sp_init(struct spill *sp, size_t size, int window, sp_cmp *cmp,
    sp_deliver *deliver, void *ctx)
{
	const char *dir = getenv("TMPDIR");

	memset(sp, 0, sizeof *sp);
	sp->size = size;
	sp->cmp = cmp;
	sp->deliver = deliver;
	sp->ctx = ctx;
	sp->cap = window;
	sp->fanin = fanin();
	sp->dir = dir && *dir ? dir : "/tmp";
	sp->dirlen = src_dirlen(sp->dir);
	sp->latecap = window > SP_MINLATE ? window : SP_MINLATE;
	sp->fifo = np_malloc(size * (size_t)window);
	sp->tmp = np_malloc(size);
	sp->last = np_malloc(size);
	/* Run 0's buffer holds whole items; it grows to SP_MEMRUN. */
	sp->w0cap = size;
	sp->w0 = np_malloc(sp->w0cap);
	sp->run0.fd = -1;
	/* Each level holds fewer than fanin runs, and at most SP_LEVELS
	 * levels fit in the 63 bits of a count. */
	sp->maxruns = (sp->fanin - 1) * SP_LEVELS + 1;
	sp->runs = np_malloc((size_t)sp->maxruns * sizeof *sp->runs);
}

/* ---- temporary files ---- */

/* A new unlinked file for r: 0, or the errno of mkstemp. */
static int
run_try_create(struct spill *sp, struct sp_run *r, int level)
{
	int n;

	n = snprintf(r->name, sizeof r->name, "%.*s/np-spill-XXXXXX",
	    sp->dirlen, sp->dir);
	if (n < 0 || (size_t)n >= sizeof r->name)
		np_die("TMPDIR: expected a directory name under %d bytes, "
		    "found '%s'", (int)sizeof r->name - 17, sp->dir);
	if ((r->fd = mkstemp(r->name)) < 0)
		return errno;
	/* Gone from the directory at once: nothing is left behind. */
	if (unlink(r->name) < 0)
		np_die("%s: cannot unlink a temporary file: %s", r->name,
		    strerror(errno));
	r->mem = NULL;
	r->n = 0;
	r->level = level;
	return 0;
}

static _Noreturn void
create_failed(const struct spill *sp, int error)
{
	np_die("%.*s/np-spill-XXXXXX: cannot create a temporary file (TMPDIR "
	    "%s) to put rows in order: %s", sp->dirlen, sp->dir, sp->dir,
	    strerror(error));
}

static void
run_create(struct spill *sp, struct sp_run *r, int level)
{
	int error = run_try_create(sp, r, level);

	if (error)
		create_failed(sp, error);
}

static void
run_write(struct spill *sp, struct sp_run *r, const char *p, size_t n,
    int counts)
{
	ssize_t w;

	while (n > 0) {
		w = write(r->fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			np_die("%s: write failed (TMPDIR %s): %s", r->name,
			    sp->dir, strerror(errno));
		p += w;
		n -= (size_t)w;
		if (counts)
			sp->spilled += w;
	}
}

static void
run_close(struct sp_run *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

/* ---- reading runs back, and merging them ---- */

static void
reader_fill(struct spill *sp, struct sp_reader *rd)
{
	size_t want, got = 0;
	ssize_t n;

	rd->pos = rd->len = 0;
	if (rd->left == 0)
		return;
	if (rd->run->fd < 0) {		/* in memory: all of it at once */
		rd->buf = rd->run->mem;
		rd->len = (size_t)rd->left * sp->size;
		rd->left = 0;
		return;
	}
	want = SP_RUNBUF / sp->size;
	if ((int64_t)want > rd->left)
		want = (size_t)rd->left;
	want *= sp->size;
	while (got < want) {
		n = read(rd->run->fd, rd->buf + got, want - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			np_die("%s: read failed (TMPDIR %s): %s", rd->run->name,
			    sp->dir, strerror(errno));
		if (n == 0)
			np_die("%s: expected %lld more bytes, found the end "
			    "of the file (TMPDIR %s)", rd->run->name,
			    (long long)(want - got), sp->dir);
		got += (size_t)n;
	}
	rd->len = got;
	rd->left -= (int64_t)(got / sp->size);
}

static const char *
reader_item(const struct spill *sp, const struct sp_reader *rd)
{
	(void)sp;
	return rd->buf + rd->pos;
}

static int
merge_less(const struct spill *sp, const struct sp_merge *m, int a, int b)
{
	return sp->cmp(reader_item(sp, &m->r[a]), reader_item(sp, &m->r[b]))
	    < 0;
}

static void
merge_sift(const struct spill *sp, struct sp_merge *m, int i)
{
	int c, x = m->heap[i];

	for (;;) {
		c = 2 * i + 1;
		if (c >= m->n)
			break;
		if (c + 1 < m->n && merge_less(sp, m, m->heap[c + 1],
		    m->heap[c]))
			c++;
		if (!merge_less(sp, m, m->heap[c], x))
			break;
		m->heap[i] = m->heap[c];
		i = c;
	}
	m->heap[i] = x;
}

/* Readies a merge of runs r[0..k), each read from the start. */
static void
merge_open(struct spill *sp, struct sp_merge *m, struct sp_run *r, int k)
{
	int i;

	m->r = np_malloc((size_t)k * sizeof *m->r);
	m->heap = np_malloc((size_t)k * sizeof *m->heap);
	m->n = 0;
	for (i = 0; i < k; i++) {
		m->r[i].run = &r[i];
		m->r[i].buf = r[i].fd >= 0 ? np_malloc(SP_RUNBUF) : NULL;
		m->r[i].left = r[i].n;
		if (r[i].fd >= 0 && lseek(r[i].fd, 0, SEEK_SET) < 0)
			np_die("%s: seek failed (TMPDIR %s): %s", r[i].name,
			    sp->dir, strerror(errno));
		reader_fill(sp, &m->r[i]);
		if (m->r[i].len)
			m->heap[m->n++] = i;
	}
	for (i = m->n / 2 - 1; i >= 0; i--)
		merge_sift(sp, m, i);
}

/* The smallest item into out and the next of its run in its place. */
static int
merge_next(struct spill *sp, struct sp_merge *m, void *out)
{
	struct sp_reader *rd;

	if (m->n == 0)
		return 0;
	rd = &m->r[m->heap[0]];
	memcpy(out, reader_item(sp, rd), sp->size);
	rd->pos += sp->size;
	if (rd->pos == rd->len) {
		reader_fill(sp, rd);
		if (rd->len == 0)
			m->heap[0] = m->heap[--m->n];
	}
	if (m->n > 1)
		merge_sift(sp, m, 0);
	return 1;
}

static void
merge_close(struct sp_merge *m, int k)
{
	int i;

	for (i = 0; i < k && m->r; i++)
		if (m->r[i].run->fd >= 0)
			free(m->r[i].buf);
	free(m->r);
	free(m->heap);
	m->r = NULL;
	m->heap = NULL;
	m->n = 0;
}

/* Merges runs r[0..k) into one new file run, in *out; closes them. */
static void
merge_runs(struct spill *sp, struct sp_run *r, int k, struct sp_run *out)
{
	struct sp_merge m;
	struct sp_run to;
	char *buf = np_malloc(SP_RUNBUF / sp->size * sp->size);
	size_t len = 0, cap = SP_RUNBUF / sp->size * sp->size;
	int i, level = 0;

	for (i = 0; i < k; i++)
		if (r[i].level >= level)
			level = r[i].level + 1;
	run_create(sp, &to, level);
	sp->merges++;
	merge_open(sp, &m, r, k);
	while (merge_next(sp, &m, buf + len)) {
		to.n++;
		if ((len += sp->size) == cap) {
			run_write(sp, &to, buf, len, 0);
			len = 0;
		}
	}
	run_write(sp, &to, buf, len, 0);
	merge_close(&m, k);
	for (i = 0; i < k; i++)
		run_close(&r[i]);
	free(buf);
	*out = to;
}

/* ---- runs made from the input ---- */

/* Merges the newest fanin runs while they are of one size class. */
static void
cascade(struct spill *sp)
{
	struct sp_run merged;
	int i, base;

	while (sp->nruns >= sp->fanin) {
		base = sp->nruns - sp->fanin;
		for (i = base + 1; i < sp->nruns; i++)
			if (sp->runs[i].level != sp->runs[base].level)
				return;
		merge_runs(sp, sp->runs + base, sp->fanin, &merged);
		sp->runs[base] = merged;
		sp->nruns = base + 1;
	}
}

static sp_cmp *qsort_cmp;	/* qsort takes no context */

static int
qsort_item(const void *a, const void *b)
{
	return qsort_cmp(a, b);
}

static void
sort_late(struct spill *sp)
{
	qsort_cmp = sp->cmp;
	qsort(sp->late, (size_t)sp->ln, sp->size, qsort_item);
}

/* The late buffer is full: sorted, it is a run. */
static void
late_flush(struct spill *sp)
{
	struct sp_run *r;

	if (sp->nruns == sp->maxruns)	/* more than 2^63 items */
		np_die("more sorted runs than %d", sp->maxruns);
	sort_late(sp);
	r = &sp->runs[sp->nruns++];
	run_create(sp, r, 0);
	run_write(sp, r, sp->late, (size_t)sp->ln * sp->size, 1);
	r->n = sp->ln;
	sp->made++;
	sp->ln = 0;
	cascade(sp);
}

/*
 * Run 0 is full.  Where TMPDIR cannot take it and nothing has been beyond
 * the window, the items in order go to the caller from now on instead:
 * right as long as nothing comes beyond the window, which is then an error.
 */
static void
run0_flush(struct spill *sp)
{
	int64_t n = sp->run0.n;
	size_t off;
	int error;

	if (sp->run0.fd < 0) {
		if ((error = run_try_create(sp, &sp->run0, 0)) != 0) {
			if (sp->beyond || !sp->deliver)
				create_failed(sp, error);
			sp->live = error;
			for (off = 0; off < sp->w0len; off += sp->size)
				sp->deliver(sp->ctx, sp->w0 + off);
			sp->w0len = 0;
			sp->run0.n = 0;
			return;
		}
		sp->run0.n = n;		/* the items in the buffer */
		sp->made++;
	}
	run_write(sp, &sp->run0, sp->w0, sp->w0len, 1);
	sp->w0len = 0;
}

/* An item leaves the window, in order, for run 0. */
static void
emit(struct spill *sp, const void *item)
{
	if (!sp->live && sp->w0len == sp->w0cap) {
		if (sp->run0.fd < 0 && sp->w0cap <= SP_MEMRUN / 2) {
			sp->w0cap *= 2;
			sp->w0 = np_realloc(sp->w0, sp->w0cap);
		} else
			run0_flush(sp);		/* may go live */
	}
	if (sp->live) {
		sp->deliver(sp->ctx, item);
		memcpy(sp->last, item, sp->size);
		sp->taken = 1;
		return;
	}
	memcpy(sp->w0 + sp->w0len, item, sp->size);
	sp->w0len += sp->size;
	sp->run0.n++;
	memcpy(sp->last, item, sp->size);
	sp->taken = 1;
}

/* ---- the window ---- */

static void
heap_up(struct spill *sp, int i)
{
	memcpy(sp->tmp, HEAP(sp, i), sp->size);
	while (i > 0 && sp->cmp(HEAP(sp, (i - 1) / 2), sp->tmp) > 0) {
		memcpy(HEAP(sp, i), HEAP(sp, (i - 1) / 2), sp->size);
		i = (i - 1) / 2;
	}
	memcpy(HEAP(sp, i), sp->tmp, sp->size);
}

static void
heap_down(struct spill *sp, int i)
{
	int c;

	memcpy(sp->tmp, HEAP(sp, i), sp->size);
	for (;;) {
		c = 2 * i + 1;
		if (c >= sp->hn)
			break;
		if (c + 1 < sp->hn && sp->cmp(HEAP(sp, c + 1), HEAP(sp, c)) < 0)
			c++;
		if (sp->cmp(sp->tmp, HEAP(sp, c)) <= 0)
			break;
		memcpy(HEAP(sp, i), HEAP(sp, c), sp->size);
		i = c;
	}
	memcpy(HEAP(sp, i), sp->tmp, sp->size);
}

/* Does the FIFO hold the window's earliest item? */
static int
fifo_first(const struct spill *sp)
{
	return sp->qn && (sp->hn == 0 ||
	    sp->cmp(FIFO(sp, 0), HEAP(sp, 0)) <= 0);
}

/* The window's earliest item leaves it. */
static void
window_pop(struct spill *sp)
{
	if (fifo_first(sp)) {
		emit(sp, FIFO(sp, 0));
		if (++sp->qhead == sp->cap)
			sp->qhead = 0;
		sp->qn--;
		return;
	}
	emit(sp, HEAP(sp, 0));
	if (--sp->hn) {
		memcpy(HEAP(sp, 0), HEAP(sp, sp->hn), sp->size);
		heap_down(sp, 0);
	}
}

int
sp_push(struct spill *sp, const void *item)
{
	const void *first;

	/*
	 * At or after the FIFO's newest item, as each item of sorted input
	 * is: one comparison.  Every item in the window is at or after the
	 * last one out of it, so this one is not beyond the window; and it
	 * is not the window's earliest, so when the window is full its
	 * earliest leaves first, as below.
	 */
	if (sp->qn && sp->cmp(item, FIFO(sp, sp->qn - 1)) >= 0) {
		if (sp->hn + sp->qn == sp->cap)
			window_pop(sp);
		memcpy(FIFO(sp, sp->qn), item, sp->size);
		sp->qn++;
		return 0;
	}
	if (sp->taken && sp->cmp(item, sp->last) < 0) {
		if (sp->live)		/* and nowhere to sort it */
			create_failed(sp, sp->live);
		if (!sp->late)
			sp->late = np_malloc(sp->size * (size_t)sp->latecap);
		memcpy(sp->late + (size_t)sp->ln * sp->size, item, sp->size);
		sp->beyond++;
		if (++sp->ln == sp->latecap)
			late_flush(sp);
		return 1;
	}
	if (sp->hn + sp->qn == sp->cap) {
		/* The earliest leaves; that may be the new item itself. */
		first = fifo_first(sp) ? FIFO(sp, 0) : HEAP(sp, 0);
		if (sp->cmp(item, first) <= 0) {
			emit(sp, item);
			return 0;
		}
		window_pop(sp);
	}
	if (sp->qn == 0 || sp->cmp(item, FIFO(sp, sp->qn - 1)) >= 0) {
		memcpy(FIFO(sp, sp->qn), item, sp->size);
		sp->qn++;
	} else {
		/* Sorted input never needs it. */
		if (!sp->heap)
			sp->heap = np_malloc(sp->size * (size_t)sp->cap);
		memcpy(HEAP(sp, sp->hn), item, sp->size);
		heap_up(sp, sp->hn++);
	}
	return 0;
}

/* Larger runs first, so that the smallest are merged first. */
static int
bysize(const void *a, const void *b)
{
	const struct sp_run *x = a, *y = b;

	return (x->n < y->n) - (x->n > y->n);
}

void
sp_end(struct spill *sp)
{
	int k = 0, i;

	if (sp->ended)
		return;
	sp->ended = 1;
	while (sp->hn + sp->qn)
		window_pop(sp);
	if (sp->live)		/* all of it delivered */
		return;
	/* Every run, the ones still in memory too. */
	sp->final = np_malloc(((size_t)sp->nruns + 2) * sizeof *sp->final);
	for (i = 0; i < sp->nruns; i++)
		sp->final[k++] = sp->runs[i];
	if (sp->run0.fd >= 0 && sp->w0len)
		run0_flush(sp);
	if (sp->run0.fd < 0)
		sp->run0.mem = sp->w0;
	if (sp->run0.n)
		sp->final[k++] = sp->run0;
	if (sp->ln) {
		sort_late(sp);
		sp->final[k].fd = -1;
		sp->final[k].mem = sp->late;
		sp->final[k].n = sp->ln;
		sp->final[k].level = 0;
		strcpy(sp->final[k].name, "memory");
		k++;
	}
	/* More than fanin: merge the smallest until there are fanin. */
	while (k > sp->fanin) {
		qsort(sp->final, (size_t)k, sizeof *sp->final, bysize);
		merge_runs(sp, sp->final + k - sp->fanin, sp->fanin,
		    &sp->final[k - sp->fanin]);
		k -= sp->fanin - 1;
	}
	sp->nfinal = k;
	sp->nruns = 0;
	merge_open(sp, &sp->m, sp->final, k);
}

int
sp_next(struct spill *sp, void *out)
{
	return sp->live ? 0 : merge_next(sp, &sp->m, out);
}

/* A byte count for people: bytes, or MB (10^6) with one decimal. */
static void
fmtbytes(char *buf, size_t n, int64_t v)
{
	if (v < 1000000)
		snprintf(buf, n, "%lld bytes", (long long)v);
	else
		snprintf(buf, n, "%.1f MB", (double)v / 1e6);
}

void
sp_beyondat(struct spill *sp, const char *file, long line, long col)
{
	if (sp->bfile)
		return;
	sp->bfile = file;
	sp->bline = line;
	sp->bcol = col;
}

void
sp_report(const struct spill *sp)
{
	const char *file = sp->bfile ? sp->bfile : "-";
	long line = sp->bline;
	char b[64], m[96] = "", at[32] = "";

	if (!sp->beyond)
		return;
	if (sp->bcol > 0)
		snprintf(at, sizeof at, ":%ld", sp->bcol);
	if (!sp->spilled) {
		np_warn("%lld row%s beyond the reorder window (-r %d), put in "
		    "order in memory (first: %s:%ld%s)", (long long)sp->beyond,
		    sp->beyond == 1 ? "" : "s", sp->cap, file, line, at);
		return;
	}
	fmtbytes(b, sizeof b, sp->spilled);
	if (sp->merges)
		snprintf(m, sizeof m, ", merged %d at a time in %lld "
		    "intermediate merge%s", sp->fanin, (long long)sp->merges,
		    sp->merges == 1 ? "" : "s");
	np_warn("%lld row%s beyond the reorder window (-r %d): %s spilled "
	    "to %s in %lld run%s%s (first: %s:%ld%s)", (long long)sp->beyond,
	    sp->beyond == 1 ? "" : "s", sp->cap, b, sp->dir, (long long)sp->made, sp->made == 1 ? "" : "s", m,
	    file, line, at);
}

void
sp_free(struct spill *sp)
{
	int i;

	merge_close(&sp->m, sp->nfinal);
	for (i = 0; i < sp->nfinal; i++)
		run_close(&sp->final[i]);
	for (i = 0; i < sp->nruns; i++)
		run_close(&sp->runs[i]);
	if (!sp->ended)
		run_close(&sp->run0);
	free(sp->final);
	free(sp->runs);
	free(sp->heap);
	free(sp->fifo);
	free(sp->tmp);
	free(sp->last);
	free(sp->w0);
	free(sp->late);
	memset(sp, 0, sizeof *sp);
}
