#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base/msg.h"
#include "base/number.h"
#include "kind/record.h"
#include "format/table.h"

void
rec_clear(struct record *r)
{
	int lo, hi;

	/* Only the fields in use, a row of a wide kind sets few of them: the
	 * span from the first to the last at once (the unset fields in it
	 * are zeros already; zeroing them again costs less than visiting
	 * the set ones one by one). */
	if (r->has) {
		lo = __builtin_ctz(r->has);
		hi = 31 - __builtin_clz(r->has);
		memset(&r->f[lo], 0, (size_t)(hi - lo + 1) * sizeof r->f[0]);
	}
	r->has = 0;
	r->textlen = 0;
	r->used = 0;
}

const struct kind kind_row = {
	"table", NULL, 0, NULL, -1, -1, -1, NULL, 0, NULL, "Instruction",
};

const char *
rec_keeplong(struct record *r, const char *s, size_t n)
{
	char *p;

	if (n > REC_ARENA - r->used)
		np_die_at(r->file, r->line, 0, "row holds more than %d bytes "
		    "of text", REC_ARENA);
	p = r->arena + r->used;
	memcpy(p, s, n);
	r->used += n;
	return p;
}

void
rec_settext(struct record *r, int c, const char *s, size_t n)
{
	r->f[c].s = rec_keep(r, s, n);
	r->f[c].len = n;
	rec_mark(r, c);
}

double
rec_num(const struct record *r, int c)
{
	const struct field *f = &r->f[c];

	if (!f->set)
		return NAN;
	return f->isint ? (double)f->i : f->d;
}

/*
 * Sets field c to field ca plus or minus field cb (op '+' or '-'): an
 * integer when both are, which must stay within 64 bits (a time 292 years
 * away is bad data, not something to wrap around): 0 when it does not, and
 * c is left unset; else a double.
 */
static int
setderived(struct record *r, int c, int ca, int cb, char op)
{
	int64_t a = r->f[ca].i, b = r->f[cb].i;
	int over;

	if (!r->f[ca].isint || !r->f[cb].isint) {
		r->f[c].d = op == '+' ? rec_num(r, ca) + rec_num(r, cb)
		    : rec_num(r, ca) - rec_num(r, cb);
		r->f[c].isint = 0;
		rec_mark(r, c);
		return 1;
	}
	over = op == '+' ?
	    (b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b) :
	    (b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b);
	if (over)
		return 0;
	rec_setint(r, c, op == '+' ? a + b : a - b);
	return 1;
}

int
rec_complete(const struct kind *k, struct record *r)
{
	struct field *s, *e, *d;
	int c = -1, ok = 1;

	if (k->start < 0 || k->end < 0 || k->dur < 0)
		return -1;
	s = &r->f[k->start];
	e = &r->f[k->end];
	d = &r->f[k->dur];
	/* The usual row, the text formats': the duration from whole
	 * times, without a call. */
	if (s->set && e->set && !d->set && s->isint && e->isint) {
		if ((s->i < 0 && e->i > INT64_MAX + s->i) ||
		    (s->i > 0 && e->i < INT64_MIN + s->i))
			return k->dur;
		rec_setint(r, k->dur, e->i - s->i);
		return -1;
	}
	if (s->set && d->set && !e->set)
		ok = setderived(r, c = k->end, k->start, k->dur, '+');
	else if (s->set && e->set && !d->set)
		ok = setderived(r, c = k->dur, k->end, k->start, '-');
	else if (e->set && d->set && !s->set)
		ok = setderived(r, c = k->start, k->end, k->dur, '-');
	return ok ? -1 : c;
}

int
kind_col(const struct kind *k, const char *name)
{
	int c;

	for (c = 0; c < k->ncol; c++)
		if (strcmp(k->col[c].name, name) == 0)
			return c;
	return -1;
}

void
kind_header(const struct kind *k)
{
	int c;

	for (c = 0; c < k->ncol; c++) {
		if (c)
			out_tab();
		out_str(k->col[c].name);
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
	const struct field *f;
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
		f = &r->f[c];
		if (text >> c & 1)
			o = out_escapeshort(o, f->s, f->len);
		else if (f->isint && (uint64_t)f->i < 10)
			*o++ = (char)('0' + f->i);	/* nd, nc, flags */
		else if (f->isint)
			o += num_put_i64(o, f->i);
		else
			o += num_fmt_f64(o, f->d);
	}
	memcpy(o, tabs, REC_MAXCOL);
	o += ncol - 1 - prev;
	*o++ = '\n';
	out_commit(o);
}
