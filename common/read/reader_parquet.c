/*
 * reader_parquet: the rows of a Parquet file, the kind's columns only
 * (reader_part.h).
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
#include "read/cells.h"
#include "read/gate.h"
#include "read/reader.h"
#include "read/reader_part.h"
#include "read/showdma.h"
#include "read/showtrace.h"
#include "write/row.h"

/* The names of the Parquet file's columns, space-separated, in list (of
 * NP_LISTBUF bytes). */
static const char *
pqnames(const struct reader *r, char *list)
{
	size_t len = 0;
	int c;

	list[0] = '\0';
	for (c = 0; c < pq_ncols(&r->pq); c++)
		np_listadd(list, &len, pq_col(&r->pq, c)->name,
		    strlen(pq_col(&r->pq, c)->name));
	return list;
}

/* A further column i the file lacks: the error names the file's. */
static _Noreturn void
pqnoextra(const struct reader *r, int i, const char *list)
{
	char near[300], sn[96], by[64];

	/* Rows of any table from a directory are its instructions: said,
	 * for a column of another table. */
	np_die("%s: expected a column '%s' (%s), found none in the "
	    "file%s, which has: %s%s%s", r->in->name, r->extra[i],
	    rdi_askedby(r, i, by, sizeof by), rdi_nearextra(r, i, list, near,
	    sizeof near), list,
	    !r->k->ncol && strcmp(r->operand, r->in->name) != 0 ?
	    " (a profile directory's rows are its Instruction table's; "
	    "another table is read by its file's name)" : "",
	    rdi_schemanote(r, sn, sizeof sn));
}

/* Which group of pqorder's column i belongs to. */
static int
pqgroup(const struct reader *r, int i)
{
	int optional = pq_col(&r->pq, r->pqsel[i])->optional;

	switch (r->pqcol[i].how) {
	case PQ_WHOLE:
		return optional ? 2 : 0;
	case PQ_TEXT:
		return optional ? 2 : 1;
	default:
		return 3;
	}
}

/*
 * Puts the columns in the order a row sets them, in the groups of struct
 * reader's pqwhole, so that a row sets each group in a loop of its own,
 * without a look at how.  A usual column is the only one to set its
 * field, so that the order among them does not matter; the rest keep
 * theirs.
 */
static void
pqorder(struct reader *r)
{
	struct rd_pqcol col[RD_MAXPQ];
	int sel[RD_MAXPQ], kcol[RD_MAXPQ], pref[RD_MAXPQ], time[RD_MAXPQ];
	int end[4], g, i, n = 0;
	uint32_t rest = 0;

	r->pqhas = r->pqown = 0;
	for (g = 0; g < 4; g++) {
		for (i = 0; i < r->npq; i++) {
			if (pqgroup(r, i) != g)
				continue;
			col[n] = r->pqcol[i];
			sel[n] = r->pqsel[i];
			kcol[n] = r->pqkcol[i];
			pref[n] = r->pqpref[i];
			time[n] = r->pqtime[i];
			if (g < 2)
				r->pqhas |= col[n].bit;
			if (g < 3)
				r->pqown |= col[n].bit;
			/* Those that set isint without a look: all but
			 * whole numbers. */
			if (col[n].how != PQ_WHOLE)
				rest |= col[n].bit;
			n++;
		}
		end[g] = n;
	}
	/* Then a row's times are whole numbers of ns, or not set. */
	r->pqtimeswhole = (r->timebits & rest) == 0;
	memcpy(r->pqcol, col, (size_t)n * sizeof col[0]);
	memcpy(r->pqsel, sel, (size_t)n * sizeof sel[0]);
	memcpy(r->pqkcol, kcol, (size_t)n * sizeof kcol[0]);
	memcpy(r->pqpref, pref, (size_t)n * sizeof pref[0]);
	memcpy(r->pqtime, time, (size_t)n * sizeof time[0]);
	r->pqwhole = end[0];
	r->pqtext = end[1];
	r->pqusual = end[2];
	r->pqmoved = 0;		/* pq.moved is 1 or more at the first row */
	r->pqfresh = 1;
}

/*
 * May this file's rows be given a span at a time (rd_span)?  When every
 * column read is a usual one (pqnext sets it as the file holds it), none
 * of float32 values (rdi_floatfields), the times in ns (no -u but ns, no
 * TIMESTAMP scaled) and start, end and duration all read as whole numbers:
 * then a row with the three, in order, is given as its cells are, and
 * only that needs a look a row.
 */
static void
pqplain(struct reader *r)
{
	uint32_t bits = 0, whole = 0;
	int i;

	for (i = 0; i < r->npq; i++) {
		bits |= r->pqcol[i].bit;
		if (r->pqcol[i].how == PQ_WHOLE)
			whole |= r->pqcol[i].bit;
	}
	r->pqspan = r->unit[0] == 'n' && r->pqtimeswhole &&
	    r->pqusual == r->npq && !(bits & r->floatbits) && !r->rows &&
	    r->sedbits && (whole & r->sedbits) == r->sedbits;
	r->pqspanmoved = 0;	/* pq.moved is 1 or more at the first row */
}

/*
 * Maps the file's columns to the kind's, by the names a header's are
 * mapped by, selects only those (and only those wanted), and vets the
 * file's columns as a header's.
 */
static void
pqhead(struct reader *r)
{
	const struct kind *k = r->k;
	const struct pq_column *pc;
	const struct rd_name *nm;
	struct rd_pqcol *pcol;
	struct sc_votes votes = { { 0 } };
	char list[NP_LISTBUF];
	uint32_t has = 0;
	int i, c, known = 0;

	r->npq = 0;
	for (i = 0; i < REC_MAXCOL; i++)
		r->pqsome[i] = -1;
	for (i = 0; i < pq_ncols(&r->pq); i++) {
		pc = pq_col(&r->pq, i);
		rdi_vote(r, &votes, pc->name, strlen(pc->name));
		if (!(nm = lookup(r, pc->name, strlen(pc->name))))
			continue;
		known = 1;
		has |= (uint32_t)1 << nm->col;
		if (!(r->want >> nm->col & 1) || r->npq == RD_MAXPQ)
			continue;
		c = nm->col;
		r->pqsel[r->npq] = i;
		r->pqkcol[r->npq] = c;
		r->pqpref[r->npq] = nm->pref;
		r->pqtime[r->npq] = 0;
		if ((colflags(r, c) & C_TIME) &&
		    (pc->logical == PQ_L_TIMESTAMP ||
		    pc->logical == PQ_L_TIME))
			r->pqtime[r->npq] = pc->unit == PQ_MILLIS ? 1000000 :
			    pc->unit == PQ_MICROS ? 1000 : 1;
		pq_select(&r->pq, i);
		pcol = &r->pqcol[r->npq];
		pcol->cur = pq_selected(&r->pq, i);
		pcol->col = c;
		pcol->bit = (uint32_t)1 << c;
		pcol->how = PQ_ANY;
		if (pc->kind == PQ_BYTES && coltype(r, c) == T_TEXT &&
		    pc->logical != PQ_L_DECIMAL) {	/* respelt: pqset */
			pcol->how = PQ_TEXT;
			if (r->keycols >> c & 1)
				pq_intern(&r->pq, i);
			else if (r->keysome >> c & 1) {
				pq_intern_lazy(&r->pq, i);
				r->pqsome[c] = pcol->cur;
			}
		}
		else if (pc->kind == PQ_INT && (coltype(r, c) != T_TEXT ||
		    (colflags(r, c) & RD_BYNUMBER)) &&
		    r->pqtime[r->npq] <= 1)
			pcol->how = PQ_WHOLE;
		r->npq++;
	}
	/* Two columns that set one (under two of its names) go the long way,
	 * which keeps the better-named one's value. */
	for (i = 0; i < r->npq; i++)
		for (c = 0; c < r->npq; c++)
			if (c != i && r->pqkcol[c] == r->pqkcol[i])
				r->pqcol[i].how = PQ_ANY;
	pqorder(r);
	pqplain(r);
	/* Without spans every row is a record, its key's text as rd_keys
	 * gives it. */
	for (c = 0; c < REC_MAXCOL && !r->pqspan; c++)
		for (i = 0; r->pqsome[c] >= 0 && i < r->npq; i++)
			if (r->pqcol[i].cur == r->pqsome[c]) {
				pq_intern(&r->pq, r->pqsel[i]);
				r->pqsome[c] = -1;
			}
	rdi_vet(r, &votes, 0, 0);
	if (!known && k->ncol)
		np_die("%s: expected a table with %s columns (such as %s), "
		    "found none", r->in->name, k->name, k->col[0].name);
	pqnames(r, list);
	snprintf(r->list, sizeof r->list, "%s", list);	/* rd_nearcol */
	rdi_needcols(r, has, list, "in the file", 0);
	if ((i = rdi_missingextra(r, has)) >= 0)
		pqnoextra(r, i, list);
}

/* A value that does not fit the kind's column: "file: row N: ...". */
static _Noreturn void
pqbad(struct reader *r, int i, const char *what, const char *found)
{
	np_die("%s: row %ld: column '%s': expected %s, found %s", r->in->name,
	    r->pqrow, pq_col(&r->pq, r->pqsel[i])->name, what, found);
}

/*
 * How a Parquet cell is spelt as text, in one place: pqset's text columns
 * and rd_cell (every column, read/cells.h) both use these.
 */

/* A DECIMAL's exact decimal in np's spelling ("300.00" is 300), as a text
 * form's is, in buf (DEC_BUFSZ bytes): its length, or 0 to keep the text
 * parquet.c gave. */
static inline size_t
pqdectext(char *buf, const struct pq_cell *cell)
{
	return dec_respell(buf, cell->s, cell->len, 0);
}

/* A finite FLOAT or DOUBLE as its shortest text would read in JSON; a
 * FLOAT in the float's own fewest digits, as a float printer writes it (a
 * FLOAT16 too: a float holds it exactly); in buf (NUM_BUFSZ bytes). */
static inline size_t
pqfloattext(char *buf, const struct pq_column *pc, double d)
{
	return pc->physical == PQ_T_FLOAT || pc->logical == PQ_L_FLOAT16 ?
	    num_fmt_f32(buf, (float)d) : num_fmt_f64(buf, d);
}

/* Column i's cell, not null, into the row, whatever it holds. */
static NP_COLD void
pqset(struct reader *r, struct record *rec, int i, const struct pq_cell *cell)
{
	char num[NUM_BUFSZ], dnum[DEC_BUFSZ];
	const struct pq_column *pc;
	struct field *f;
	size_t n;
	int c, pref;

	c = r->pqkcol[i];
	pref = r->pqpref[i];
	f = &rec->f[c];
	if (f->set && f->pref < pref)
		return;		/* a better-named input set it */
	switch (cell->kind) {
	case PQ_BYTES:
		pc = pq_col(&r->pq, r->pqsel[i]);
		if (coltype(r, c) == T_TEXT && pc->logical == PQ_L_DECIMAL) {
			/* A number, in np's spelling ("300.00" is 300), as a
			 * text form's is. */
			if ((n = pqdectext(dnum, cell))) {
				rec_settext(rec, c, dnum, n);
				break;
			}
		}
		if (coltype(r, c) == T_TEXT) {
			/* Valid until the next row: no copy. */
			rec_setref(rec, c, cell->s, cell->len);
			break;
		}
		rd_set(r, rec, c, pref, cell->s, cell->len, rec->line,
		    0, pq_col(&r->pq, r->pqsel[i])->name);
		break;
	case PQ_BOOL:
		if (coltype(r, c) != T_TEXT)
			pqbad(r, i, "a number", "a boolean");
		rec_settext(rec, c, cell->i ? "true" : "false",
		    cell->i ? 4 : 5);
		break;
	case PQ_INT:
	case PQ_UINT:
		if (cell->kind == PQ_UINT && cell->u > INT64_MAX) {
			if (coltype(r, c) == T_TEXT) {
				rec_settext(rec, c, num, (size_t)
				    snprintf(num, sizeof num, "%llu",
				    (unsigned long long)cell->u));
				break;
			}
			f->d = (double)cell->u;
			f->isint = 0;
			rec_mark(rec, c);
			break;
		}
		if (coltype(r, c) == T_TEXT) {
			rec_settext(rec, c, num,
			    num_fmt_i64(num, cell->i));
			/* and its value, for a reader of numbers
			 * (record.h) */
			f->i = cell->i;
			f->isint = 1;
			break;
		}
		rec_setint(rec, c, cell->i);
		if (r->pqtime[i] > 1) {
			if (cell->i > INT64_MAX / r->pqtime[i] ||
			    cell->i < INT64_MIN / r->pqtime[i]) {
				/* Beyond 64 bits of ns: the row's
				 * times judge it. */
				f->d = (double)cell->i * r->pqtime[i];
				f->isint = 0;
			} else
				f->i *= r->pqtime[i];
		}
		break;
	case PQ_DOUBLE:
		if (!isfinite(cell->d) && coltype(r, c) != T_TEXT) {
			/* As JSON's NaN and Infinity: the row's
			 * times judge it. */
			f->d = cell->d;
			f->isint = 0;
			f->col = 0;
			rec_mark(rec, c);
			break;
		}
		if (!isfinite(cell->d)) {	/* text: JSON's words */
			rec_settext(rec, c, num_word(cell->d),
			    strlen(num_word(cell->d)));
			break;
		}
		pc = pq_col(&r->pq, r->pqsel[i]);
		rd_set(r, rec, c, pref, num, pqfloattext(num, pc, cell->d),
		    rec->line, 0, pc->name);
		break;
	}
	f->pref = (unsigned char)pref;
	f->line = rec->line;
}

/* Which group of pqorder's a usual column i is in while its batch is the
 * current one: an optional one whose batch has no null, in a required
 * one's. */
static int
pqnowgroup(const struct reader *r, int i)
{
	if (i < r->pqwhole)
		return 0;
	if (i < r->pqtext || !r->pq.batch[r->pqcol[i].cur].hasnull)
		return r->pqcol[i].how == PQ_WHOLE ? 0 : 1;
	return 2;
}

/*
 * Each column's cell in the current row, after its batch moved, and the
 * field it sets; the usual columns in the groups their batches put them
 * in (pqnowgroup), so that a column whose batch has no null (most
 * optional columns' batches) is set as a required one's, without a look
 * at its cells.
 */
static NP_COLD void
pqaim(struct reader *r)
{
	int end[3], g, i, n = 0;
	uint32_t has = r->pqhas;

	for (g = 0; g < 3; g++) {
		for (i = 0; i < r->pqusual; i++) {
			if (pqnowgroup(r, i) != g)
				continue;
			r->pqdcol[n] = r->pqcol[i];
			r->pqat[n] = pq_selcell(&r->pq, r->pqcol[i].cur);
			r->pqf[n] = &r->rec.f[r->pqcol[i].col];
			if (g < 2)
				has |= r->pqcol[i].bit;
			n++;
		}
		end[g] = n;
	}
	for (i = r->pqusual; i < r->npq; i++) {
		r->pqat[i] = pq_selcell(&r->pq, r->pqcol[i].cur);
		r->pqf[i] = &r->rec.f[r->pqcol[i].col];
	}
	r->pqdwhole = end[0];
	r->pqdtext = end[1];
	r->pqdhas = has;
	r->pqmoved = r->pq.moved;
	r->pqatrow = r->pq.row;
}

/*
 * The row's cells into the record: each column's cell d after the one
 * pqaim found (until a batch moves), the usual columns' in a loop per group
 * (pqaim), those of required columns and of batches without a null
 * without a look at a null and
 * their fields' bits set at once; the field's bit and the text's length
 * kept in registers until the end (stores through rec would make them
 * reloaded after each); rec is the reader's own (pqaim).  A usual column
 * alone sets its field: no preference is kept.
 */
static int
pqnext(struct reader *r, struct record *rec)
{
	const struct rd_pqcol *pcol = r->pqdcol;
	const struct pq_cell *const *at = r->pqat, *cell;
	struct field *const *fp = r->pqf, *f;
	uint32_t has;
	size_t textlen;
	int64_t d;
	long line;
	int i;

	if (!pq_next(&r->pq))
		return 0;
	rec->file = r->in->name;
	rec->line = line = ++r->pqrow;
	if (r->pq.moved != r->pqmoved)
		pqaim(r);
	d = r->pq.row - r->pqatrow;
	has = rec->has | r->pqdhas;
	textlen = rec->textlen;
	for (i = 0; i < r->pqdwhole; i++) {
		cell = at[i] + d;
		f = fp[i];
		f->i = cell->i;
		f->set = 1;
		f->isint = 1;
		f->line = line;
	}
	for (; i < r->pqdtext; i++) {
		cell = at[i] + d;
		f = fp[i];
		/* Valid until the next row: no copy. */
		f->s = cell->s;
		f->len = cell->len;
		textlen += cell->len;
		f->set = 1;
		f->line = line;
	}
	for (; i < r->pqusual; i++) {
		cell = at[i] + d;
		f = fp[i];
		if (cell->kind == PQ_NULL) {
			if (has & pcol[i].bit) {	/* set in the row before */
				memset(f, 0, sizeof *f);
				has &= ~pcol[i].bit;
			}
			continue;
		}
		if (pcol[i].how == PQ_TEXT) {
			f->s = cell->s;
			f->len = cell->len;
			textlen += cell->len;
		} else {
			f->i = cell->i;
			f->isint = 1;
		}
		f->set = 1;
		has |= pcol[i].bit;
		f->line = line;
	}
	rec->has = has;
	rec->textlen = textlen;
	for (; i < r->npq; i++) {
		cell = at[i] + d;
		if (cell->kind != PQ_NULL)
			pqset(r, rec, i, cell);
	}
	return 1;
}

/* A Parquet file, sniffed: opened again to be read by column (its footer
 * is at its end), its columns mapped to the kind's. */
void
rdi_pqopen(struct reader *r)
{
	const char *path = src_seekable(r->in->name);

	src_close(r->in);
	r->pqrow = 0;
	pq_open(&r->pq, path);
	r->pq.file = r->in->name;
	pqhead(r);
}

/*
 * A Parquet row's record emptied for the next: the fields the usual
 * columns alone set are set again (pqnext), the rest emptied one by one
 * (a row of a wide kind sets few).
 */
static inline void
pqclear(const struct reader *r, struct record *rec)
{
	uint32_t m;

	for (m = rec->has & ~r->pqown; m; m &= m - 1)
		memset(&rec->f[__builtin_ctz(m)], 0, sizeof rec->f[0]);
	rec->has &= r->pqown;
	rec->textlen = 0;
	rec->used = 0;
}

/* The next row of the Parquet file: its record, or NULL at the file's
 * end. */
struct record *
rdi_pqrows(struct reader *r)
{
	struct record *rec = &r->rec;

	do {
		if (!r->pqfresh)
			pqclear(r, rec);
		else {
			rec_clear(rec);
			r->pqfresh = 0;
		}
		if (!pqnext(r, rec))
			return NULL;
	} while (!rdi_rowdone(r, rec));
	return rec;
}

/* ---- rows a span at a time ---- */

/*
 * The rows after the current one that every batch holds, in this row
 * group, up to the first that is not plain: one with no start, end or
 * duration (a null), an end before its start or a negative duration,
 * which rd_next passes over (counted) as it does any row.
 */
long
rdi_span(struct reader *r, struct rd_span *sp)
{
	const struct kind *k = r->k;
	struct pq *p = &r->pq;
	const struct pq_cell *s, *e, *d;
	const struct pq_batch *b;
	int64_t row, n, j;
	int i, known, nulls = 0;

	if (!r->open || r->pqfresh || !p->started || p->rg_left <= 0 ||
	    p->row + 1 >= p->refill_at)
		return 0;
	row = p->row + 1;
	/* The batches' rows looked at before (a span its caller took in
	 * part): up to the first row not plain, found then. */
	known = r->pqspanmoved == p->moved && row <= r->pqspanend;
	if (known && row == r->pqspanend)
		return 0;
	n = p->refill_at - row;
	if (n > p->rg_left)
		n = p->rg_left;
	memset(sp->cell, 0, sizeof sp->cell);
	memset(sp->kind, PQ_NULL, sizeof sp->kind);
	for (i = 0; i < r->npq; i++) {
		b = &p->batch[r->pqcol[i].cur];
		sp->cell[r->pqcol[i].col] = &b->cells[row - b->base];
		sp->kind[r->pqcol[i].col] = r->pqcol[i].how == PQ_TEXT ?
		    PQ_BYTES : PQ_INT;
		if (r->pqcol[i].bit & r->sedbits)
			nulls |= b->hasnull;
	}
	sp->file = r->in->name;
	sp->line = r->pqrow + 1;
	if (known)
		return (long)(r->pqspanend - row);
	s = sp->cell[k->start];
	e = sp->cell[k->end];
	d = sp->cell[k->dur];
	if (nulls) {
		for (j = 0; j < n; j++)
			if (s[j].kind == PQ_NULL || e[j].kind == PQ_NULL ||
			    d[j].kind == PQ_NULL || e[j].i < s[j].i ||
			    d[j].i < 0)
				break;
	} else {	/* no null in their batches: no look for one */
		for (j = 0; j < n; j++)
			if ((e[j].i < s[j].i) | (d[j].i < 0))
				break;
	}
	r->pqspanmoved = p->moved;
	r->pqspanend = row + j;
	return (long)j;
}

void
rd_spanned(struct reader *r, long n)
{
	if (n <= 0)
		return;
	r->pq.row += n;
	r->pq.rg_left -= n;
	r->pqrow += n;
	r->filerecs += n;
	if (!r->begun)
		rdi_begin(r);
}

/* ---- every column, each cell spelt as pqset spells a text column ---- */

void
rd_cellsopen(struct rd_cells *c, const char *path, const char *name)
{
	int i;

	memset(c, 0, sizeof *c);
	pq_open(&c->pq, path);
	c->pq.file = name;
	c->ncol = pq_ncols(&c->pq);
	for (i = 0; i < c->ncol; i++)
		pq_select(&c->pq, i);
}

const char *
rd_cellname(const struct rd_cells *c, int i)
{
	return pq_col(&c->pq, i)->name;
}

int
rd_cellsnext(struct rd_cells *c)
{
	if (!pq_next(&c->pq))
		return 0;
	c->row++;
	return 1;
}

const char *
rd_cell(struct rd_cells *c, int i, size_t *len, char *type)
{
	const struct pq_column *pc = pq_col(&c->pq, i);
	const struct pq_cell *cell = pq_cell(&c->pq, i);

	*type = RC_NUM;
	switch (cell->kind) {
	case PQ_NULL:
		*type = RC_NULL;
		*len = 0;
		return "";
	case PQ_BYTES:
		if (pc->logical == PQ_L_DECIMAL &&
		    (*len = pqdectext(c->buf, cell)))
			return c->buf;
		*type = pc->logical == PQ_L_DECIMAL ? RC_NUM : RC_STR;
		*len = cell->len;
		return cell->s;
	case PQ_BOOL:
		*type = RC_BOOL;
		*len = cell->i ? 4 : 5;
		return cell->i ? "true" : "false";
	case PQ_INT:
		*len = num_fmt_i64(c->buf, cell->i);
		return c->buf;
	case PQ_UINT:
		*len = num_fmt_u64(c->buf, cell->u);
		return c->buf;
	default:
		if (!isfinite(cell->d)) {
			*len = strlen(num_word(cell->d));
			return num_word(cell->d);
		}
		*len = pqfloattext(c->buf, pc, cell->d);
		return c->buf;
	}
}

void
rd_cellsclose(struct rd_cells *c)
{
	pq_close(&c->pq);
}
