#include <math.h>
#include <stdint.h>
#include <string.h>

#include "diag.h"
#include "record.h"
#include "tsv.h"

void
rec_clear(struct record *r, int ncol)
{
	memset(r->f, 0, (size_t)ncol * sizeof r->f[0]);
	r->used = 0;
}

const char *
rec_keep(struct record *r, const char *s, size_t n)
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
	r->f[c].set = 1;
}

void
rec_setint(struct record *r, int c, int64_t v)
{
	r->f[c].i = v;
	r->f[c].isint = 1;
	r->f[c].s = NULL;
	r->f[c].set = 1;
}

double
rec_num(const struct record *r, int c)
{
	const struct field *f = &r->f[c];

	if (!f->set)
		return NAN;
	return f->isint ? (double)f->i : f->d;
}

/* Sets field c to a computed number: an integer when both inputs were. */
static void
setderived(struct record *r, int c, double v, int64_t iv, int isint)
{
	if (isint) {
		rec_setint(r, c, iv);
		return;
	}
	r->f[c].d = v;
	r->f[c].isint = 0;
	r->f[c].set = 1;
}

/*
 * Field a + field b (sign 1) or a - b (sign -1) when both are integers, 0
 * otherwise.  A result past int64 is bad data.
 */
static int64_t
timesum(const struct kind *k, const struct record *r, int a, int b, int sign)
{
	int64_t x = r->f[a].i, y = r->f[b].i;

	if (!r->f[a].isint || !r->f[b].isint)
		return 0;
	if (sign > 0 ? (y > 0 && x > INT64_MAX - y) || (y < 0 &&
	    x < INT64_MIN - y) : (y < 0 && x > INT64_MAX + y) || (y > 0 &&
	    x < INT64_MIN + y))
		np_die_at(r->file, r->line, 0, "expected %s %c %s within 64 "
		    "bits, found %lld %c %lld", k->col[a].name,
		    sign > 0 ? '+' : '-', k->col[b].name, (long long)x,
		    sign > 0 ? '+' : '-', (long long)y);
	return sign > 0 ? x + y : x - y;
}

void
rec_complete(const struct kind *k, struct record *r)
{
	struct field *s, *e, *d;

	if (k->start < 0 || k->end < 0 || k->dur < 0)
		return;
	s = &r->f[k->start];
	e = &r->f[k->end];
	d = &r->f[k->dur];
	if (s->set && d->set && !e->set)
		setderived(r, k->end, rec_num(r, k->start) + rec_num(r, k->dur),
		    timesum(k, r, k->start, k->dur, 1), s->isint && d->isint);
	else if (s->set && e->set && !d->set)
		setderived(r, k->dur, rec_num(r, k->end) - rec_num(r, k->start),
		    timesum(k, r, k->end, k->start, -1), s->isint && e->isint);
	else if (e->set && d->set && !s->set)
		setderived(r, k->start, rec_num(r, k->end) - rec_num(r, k->dur),
		    timesum(k, r, k->end, k->dur, -1), e->isint && d->isint);
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

void
rec_write(const struct kind *k, const struct record *r)
{
	const struct field *f;
	int c;

	for (c = 0; c < k->ncol; c++) {
		if (c)
			out_tab();
		f = &r->f[c];
		if (!f->set)
			continue;
		if (k->col[c].type == T_TEXT)
			out_text(f->s, f->len);
		else if (f->isint)
			out_i64(f->i);
		else
			out_f64(f->d);
	}
	out_nl();
}
