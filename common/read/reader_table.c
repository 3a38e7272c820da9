/*
 * reader_table: the rows of a TSV or CSV with a header (reader_part.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/number.h"
#include "base/options.h"
#include "kind/collective.h"
#include "kind/dma.h"
#include "kind/instruction.h"
#include "kind/profdir.h"
#include "kind/whichtable.h"
#include "read/anytable.h"
#include "read/gate.h"
#include "read/reader.h"
#include "read/reader_part.h"
#include "read/showdma.h"
#include "read/showtrace.h"
#include "write/row.h"

/* Maps the header's columns to the kind's; a header naming none of them
 * is not the kind's TSV (and would give an empty success). */
static void
tsvhead(struct reader *r)
{
	const struct rd_name *nm;
	struct sc_votes votes = { { 0 } };
	struct rd_tsvcol *w;
	char list[NP_LISTBUF];
	uint32_t has = 0;
	int i, j, known = 0;

	r->ntsvcol = r->ntsvresp = 0;
	for (i = 0; i < r->t.ncol; i++) {
		nm = lookup(r, r->t.name[i], strlen(r->t.name[i]));
		known += nm != NULL;
		if (nm)
			has |= (uint32_t)1 << nm->col;
		if (!nm || !(r->want >> nm->col & 1))
			continue;
		/* A column read twice: which one is meant is not known. */
		for (j = 0; j < i; j++)
			if (strcmp(r->t.name[j], r->t.name[i]) == 0)
				np_die_at(r->in->name, r->t.line,
				    (long)(r->t.name[i] - r->t.hdr) + 1,
				    "expected each column once, found '%s' "
				    "again", r->t.name[i]);
		w = &r->tsvcol[r->ntsvcol++];
		w->field = i;
		w->col = nm->col;
		w->pref = nm->pref;
		w->text = coltype(r, nm->col) == T_TEXT;
		w->shared = 0;
		if (r->respellbits >> nm->col & 1)
			r->tsvresp[r->ntsvresp++] = r->ntsvcol - 1;
		for (j = 0; j < r->ntsvcol - 1; j++)
			if (r->tsvcol[j].col == w->col)
				w->shared = r->tsvcol[j].shared = 1;
	}
	for (i = 0; i < r->t.ncol; i++)
		rdi_vote(r, &votes, r->t.name[i], strlen(r->t.name[i]));
	rdi_vet(r, &votes, r->t.line, 1);
	if (!known && r->k->ncol)
		np_die_at(r->in->name, r->t.line, 1, "expected a header with "
		    "%s column names (such as %s), found none", r->k->name,
		    r->k->col[0].name);
	np_names(list, (const char *const *)r->t.name, r->t.ncol);
	snprintf(r->list, sizeof r->list, "%s", list);	/* rd_nearcol */
	rdi_needcols(r, has, list, "in the header", r->t.line);
	rdi_needextras(r, has, list, r->t.line);
}

/*
 * rd_set for a field of a row split in place (quoted fields too, their
 * text shortened where it lies), at line and col: its text stays in the
 * input buffer, unmoved until the next row is read, so it is referred to,
 * not copied; and a number written as np writes integers is read without
 * a call.  Anything else goes through rd_set.
 */
static void
tsvset(struct reader *r, struct record *rec, const struct rd_tsvcol *w,
    long line, long col)
{
	struct tsv *t = &r->t;
	struct field *f = &rec->f[w->col];
	const char *s = t->f[w->field];
	size_t n = t->len[w->field];

	if (w->shared && f->set && f->pref < w->pref)
		return;		/* a better-named input already set it */
	if (w->text) {
		f->s = s;
		f->len = n;
	} else if (num_canon(s, n, &f->i)) {
		f->isint = 1;
	} else {
		rd_set(r, rec, w->col, w->pref, s, n, line, col,
		    t->name[w->field]);
		return;
	}
	rec_mark(rec, w->col);
	f->pref = (unsigned char)w->pref;
	f->line = line;
	f->col = col;
}

/*
 * The row's fields of further text columns (respellbits), whose numbers
 * CSV and TSV do not tell from text: each unquoted one that is a number
 * in np's spelling (dec_respell), as JSON's numbers are respelt, and a
 * widened float (untypedbits) as the float.  A quoted field is text, as
 * a JSON string is.
 */
static NP_COLD void
tsvrespell(struct reader *r, struct record *rec)
{
	const struct rd_tsvcol *w;
	struct tsv *t = &r->t;
	char buf[DEC_BUFSZ];
	struct field *f;
	size_t n;
	int i;

	for (i = 0; i < r->ntsvresp; i++) {
		w = &r->tsvcol[r->tsvresp[i]];
		f = &rec->f[w->col];
		if (!f->set || f->s != t->f[w->field] ||
		    (t->quotes && t->quoted[w->field]))
			continue;
		if (!(n = dec_respell(buf, f->s, f->len,
		    (int)(r->untypedbits >> w->col & 1))))
			continue;
		f->s = rec_keep(rec, buf, n);
		f->len = n;
		rec->textlen += n;
	}
}

static int
tsvnext(struct reader *r, struct record *rec)
{
	struct tsv *t = &r->t;
	const struct rd_tsvcol *w, *end = r->tsvcol + r->ntsvcol;
	int i;

	if (!tsv_next(t))
		return 0;
	rec->file = r->in->name;
	rec->line = t->line;
	for (w = r->tsvcol; w < end; w++) {
		i = w->field;
		if (w->text) {
			if (tsv_missing(t, i))
				continue;
			tsv_cell(t, i);
		} else if (t->len[i] == 0)
			continue;	/* "" in a number column: a null */
		/* Without quotes, f[0] is the line's start. */
		tsvset(r, rec, w, t->quotes ? t->fline[i] : t->line,
		    t->quotes ? t->fcol[i] : (long)(t->f[i] - t->f[0]) + 1);
	}
	if (rec->has & r->respellbits)
		tsvrespell(r, rec);
	return 1;
}

/* A TSV or CSV file, sniffed: what sniff passed over before the header
 * (log lines counted), then the header, mapped to the kind's columns. */
void
rdi_tsvopen(struct reader *r)
{
	at_open(&r->t, r->in, r->fmt == FMT_CSV ? ',' : '\t', &r->notes);
	tsvhead(r);
}

/* The next row of the TSV or CSV file: its record, or NULL at the file's
 * end. */
struct record *
rdi_tsvrows(struct reader *r)
{
	struct record *rec = &r->rec;

	do {
		rec_clear(rec);
		if (!tsvnext(r, rec))
			return NULL;
	} while (!rdi_rowdone(r, rec));
	return rec;
}
