#include <stdint.h>
#include <string.h>

#include "base/msg.h"
#include "base/number.h"
#include "kind/record.h"
#include "write/row.h"
#include "write/tsvout.h"

void
row_header(const struct kind *k, const char *const *extra, int n)
{
	int c;

	for (c = 0; c < k->ncol; c++) {
		if (c)
			out_tab();
		out_str(k->col[c].name);
	}
	for (c = 0; c < n; c++) {
		out_tab();
		out_str(extra[c]);
	}
	out_nl();
}

/* A column's type: a further column (-c) is text, as the input spells
 * it, unless it was read as a number. */
static enum coltype
coltype(const struct kind *k, const struct record *r, int c)
{
	if (c < k->ncol)
		return k->col[c].type;
	return r->xnum >> c & 1 ? T_NUM : T_TEXT;
}

/* A row too long for the output buffer, field by field. */
static void
rec_writelong(const struct kind *k, const struct record *r)
{
	const struct field *f;
	int c;

	for (c = 0; c < k->ncol + r->nextra; c++) {
		if (c)
			out_tab();
		f = &r->f[c];
		if (!f->set)
			continue;
		if (coltype(k, r, c) == T_TEXT)
			out_text(f->s, f->len);
		else if (f->isint)
			out_i64(f->i);
		else
			out_f64(f->d);
	}
	out_nl();
}

/*
 * The kind's text columns as bits, worked out once for the kind a program
 * writes (rather than a look at each column's type in each row).
 */
static uint32_t
textbits(const struct kind *k)
{
	static const struct kind *last;
	static uint32_t bits;
	int c;

	if (k != last) {
		bits = 0;
		for (c = 0; c < k->ncol; c++)
			if (k->col[c].type == T_TEXT)
				bits |= (uint32_t)1 << c;
		last = k;
	}
	return bits;
}

/* A field set, at o: text escaped, or a number. */
static inline char *
putfield(char *o, const struct field *f, int text)
{
	if (text)
		return out_escapeshort(o, f->s, f->len);
	if (f->isint && (uint64_t)f->i < 10)
		*o++ = (char)('0' + f->i);	/* nd, nc, flags */
	else if (f->isint)
		o += num_put_i64(o, f->i);
	else
		o += num_fmt_f64(o, f->d);
	return o;
}

/*
 * One row.  Only the fields that are set are visited (a row of a wide kind
 * sets few), the tabs between them copied as a run; the room for the row's
 * longest rendering is taken from the output buffer once and the row written
 * straight into it.  A row of more text than the buffer holds goes field by
 * field.
 */
void
rec_write(const struct kind *k, const struct record *r)
{
	static const char tabs[REC_MAXCOL] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
	    "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
	/*
	 * The longest rendering, roughly: every column a number, the text
	 * escaped; the tabs, up to REC_MAXCOL - 1 of them, each run copied as
	 * a whole REC_MAXCOL bytes; and the newline.
	 */
	int ncol = k->ncol + r->nextra;
	size_t need = (size_t)ncol * NUM_BUFSZ + OUT_ESCMAX * r->textlen +
	    2 * REC_MAXCOL + 1;
	uint32_t m, text;
	char *o;
	int c, prev = 0;

	if (need > OUT_BUFSZ) {
		rec_writelong(k, r);
		return;
	}
	o = out_reserve(need);
	/* A further column is text unless it was read as a number. */
	text = textbits(k) | (k->ncol < REC_MAXCOL ?
	    ~r->xnum & ~(((uint32_t)1 << k->ncol) - 1) : 0);
	for (m = r->has; m; m &= m - 1) {
		c = __builtin_ctz(m);
		memcpy(o, tabs, REC_MAXCOL);
		o += c - prev;
		prev = c;
		o = putfield(o, &r->f[c], text >> c & 1);
	}
	memcpy(o, tabs, REC_MAXCOL);
	o += ncol - 1 - prev;
	*o++ = '\n';
	out_commit(o);
}

void
row_tail(struct rowtail *t, const struct kind *k, const struct record *r,
    int from, int to)
{
	/* Room for the longest: a number or a short text a column. */
	char buf[REC_MAXCOL * (NUM_BUFSZ + 1) + OUT_ESCMAX * 64 + 1];
	uint32_t text = textbits(k);
	char *o = buf;
	int c;

	for (c = from; c < to; c++) {
		*o++ = '\t';
		if (r->has >> c & 1) {
			if (text >> c & 1 && r->f[c].len > 64)
				np_die("a row's tail: column %s longer than 64 "
				    "bytes", k->col[c].name);
			o = putfield(o, &r->f[c], text >> c & 1);
		}
	}
	if (to == k->ncol)
		o = row_end(o);
	if ((size_t)(o - buf) > ROW_TAILMAX)
		np_die("a row's tail longer than %d bytes", ROW_TAILMAX);
	memcpy(t->text, buf, (size_t)(o - buf));
	t->len = (size_t)(o - buf);
}
