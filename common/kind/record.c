#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base/msg.h"
#include "base/number.h"
#include "kind/record.h"

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
