/*
 * summaries: np-sum's first program (summaries.h): profile summaries as
 * key-value rows, or a column per profile; derived metrics; findings.
 */
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "calc/hashtab.h"
#include "derive.h"
#include "summaries.h"
#include "read/summary.h"
#include "write/tsvout.h"

/* A metric's value: a null as the empty field of a missing value, an
 * empty string as "" (np(7), OUTPUT). */
static void
outval(const struct sumset *s, const struct metric *m)
{
	if (m->type != MV_NULL)
		out_text(sum_val(s, m), m->vlen);
}

static void
longrows(struct sumset *s, long from)
{
	const struct metric *m;
	const struct profile *p;
	long i, k;

	for (i = from; i < s->nprof; i++) {
		p = &s->prof[i];
		for (k = p->first; k >= 0; k = m->next) {
			m = &s->met[k];
			out_text(sum_name(s, p), p->namelen);
			out_tab();
			out_text(sum_key(s, m), m->klen);
			out_tab();
			outval(s, m);
			out_nl();
		}
	}
}

/*
 * Wide form: the keys of every profile.  A key new in a profile goes after
 * the key before it there, then past the keys that follow and that this
 * profile lacks, as long as they sort before it: so profiles whose keys are
 * sorted give a sorted union, and any profile's order is kept.
 */
struct kent {
	long id, next, rank;
	long seen;		/* the last profile that has it */
	int placed;
};

struct cellref {
	long rank, prof, met;
};

/* Links e into the key list after prev (-1: at the head), then moves it
 * past following keys of other profiles that sort before it. */
static void
place(struct group *g, struct kent *e, long prev, long *head, long prof)
{
	struct kent *nx;
	size_t el, nl, min;
	const char *ek = grp_key(g, e->id, &el), *nk;
	long next = prev < 0 ? *head : ((struct kent *)grp_val(g, prev))->next;

	while (next >= 0) {
		nx = grp_val(g, next);
		nk = grp_key(g, next, &nl);
		min = el < nl ? el : nl;
		if (nx->seen == prof || memcmp(nk, ek, min) > 0 ||
		    (memcmp(nk, ek, min) == 0 && nl >= el))
			break;
		prev = next;
		next = nx->next;
	}
	e->next = next;
	if (prev < 0)
		*head = e->id;
	else
		((struct kent *)grp_val(g, prev))->next = e->id;
	e->placed = 1;
}

static int
byrank(const void *a, const void *b)
{
	const struct cellref *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->prof > y->prof) - (x->prof < y->prof);
}

static void
widerows(struct sumset *s, int header)
{
	struct group g;
	struct kent *e;
	struct cellref *ref;
	long head = -1, prev, i, k, m, r, nref = 0;
	int isnew;

	grp_init(&g, sizeof(struct kent), SUM_MAXMETRICS);
	for (i = 0; i < s->nprof; i++) {
		for (m = s->prof[i].first; m >= 0; m = s->met[m].next) {
			e = grp_get(&g, sum_key(s, &s->met[m]), s->met[m].klen,
			    &isnew);
			if (isnew)
				e->id = g.n - 1;
			e->seen = i;
		}
		prev = -1;
		for (m = s->prof[i].first; m >= 0; m = s->met[m].next) {
			e = grp_get(&g, sum_key(s, &s->met[m]), s->met[m].klen,
			    NULL);
			if (!e->placed)
				place(&g, e, prev, &head, i);
			prev = e->id;
		}
	}
	for (k = head, r = 0; k >= 0; k = e->next) {
		e = grp_val(&g, k);
		e->rank = r++;
	}
	ref = np_malloc(((size_t)s->nmet + 1) * sizeof *ref);
	for (i = 0; i < s->nprof; i++)
		for (m = s->prof[i].first; m >= 0; m = s->met[m].next) {
			e = grp_get(&g, sum_key(s, &s->met[m]), s->met[m].klen,
			    NULL);
			ref[nref].rank = e->rank;
			ref[nref].prof = i;
			ref[nref++].met = m;
		}
	qsort(ref, (size_t)nref, sizeof *ref, byrank);
	if (header) {
		out_str("key");
		for (i = 0; i < s->nprof; i++) {
			out_tab();
			out_text(sum_name(s, &s->prof[i]), s->prof[i].namelen);
		}
		out_nl();
	}
	for (k = 0; k < nref; ) {
		const struct metric *mt = &s->met[ref[k].met];
		r = ref[k].rank;
		out_text(sum_key(s, mt), mt->klen);
		for (i = 0; i < s->nprof; i++) {
			out_tab();
			if (k < nref && ref[k].rank == r && ref[k].prof == i) {
				mt = &s->met[ref[k++].met];
				outval(s, mt);
			}
		}
		out_nl();
	}
	free(ref);
	grp_free(&g);
}

static const char *const longcols[] = { "profile", "key", "value" };

void
summaries(const struct summaries *o, char **files, int n, struct src *first)
{
	struct sumset s;
	long from, p;
	int f, headed = 0;

	sum_init(&s);
	if (first)
		sum_use(&s, first);
	if (o->tablekey)
		s.table_key = o->tablekey;
	for (f = 0; f < n; f++) {
		if (!o->wide)
			sum_clear(&s);
		from = s.nprof;
		if (f == 0 && first)
			sum_readin(&s);	/* opened to look at: read on */
		else
			sum_read(&s, files[f]);
		/* The header with the first file read whole, as rows of any
		 * program come: input that is not a summary leaves none. */
		if (o->header && !o->wide && !headed++)
			out_header(o->insight ? insight_columns : longcols,
			    o->insight ? INSIGHT_NCOL : 3);
		for (p = from; p < s.nprof; p++) {
			if (o->insight)
				insights(&s, p);
			else if (o->derived)
				derive(&s, p);
		}
		if (!o->wide && !o->insight)
			longrows(&s, from);
	}
	if (o->wide)
		widerows(&s, o->header);
	out_flush();
	sum_report(&s);
	sum_free(&s);
	if (first)
		free(first->buf);
}

