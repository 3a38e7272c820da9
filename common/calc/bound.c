#include <string.h>

#include "calc/bound.h"

void
clip_init(struct clip *c, int64_t lo, int64_t hi)
{
	runs_init(&c->r);
	c->lo = lo;
	c->hi = hi;
}

void
clip_add(struct clip *c, int64_t s, int64_t e)
{
	int64_t ds, de;

	if (s < c->lo)
		s = c->lo;
	if (e > c->hi)
		e = c->hi;
	if (s >= e)
		return;		/* outside the window, or empty */
	(void)runs_add(&c->r, s, e, &ds, &de);
}

int64_t
clip_end(struct clip *c)
{
	int64_t ds, de;

	(void)runs_end(&c->r, &ds, &de);
	return c->r.busy;
}

/* Digits at *p (at most 18 of them, so that the value fits), above 0:
 * 1 with the value in *v and *p past them. */
static int
posnum(const char **p, const char *e, int64_t *v)
{
	const char *s = *p;
	int64_t x = 0;

	while (s < e && *s >= '0' && *s <= '9' && s - *p < 18)
		x = x * 10 + (*s++ - '0');
	if (s == *p || (s < e && *s >= '0' && *s <= '9') || x == 0)
		return 0;
	*p = s;
	*v = x;
	return 1;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The first number of the second bracket of the access pattern at p (just
 * past "src="): "sb[0:128][512,1]" gives 512. */
static int
freesize(const char *p, const char *e, int64_t *n)
{
	while (p < e && *p != '[' && !blank(*p))
		p++;			/* the memory's name */
	if (p == e || *p != '[')
		return 0;
	while (p < e && *p != ']' && !blank(*p))
		p++;			/* the partitions' bracket */
	if (p == e || *p != ']' || ++p == e || *p != '[')
		return 0;
	p++;
	return posnum(&p, e, n) && p < e && (*p == ',' || *p == ']');
}

int
mm_shape(const char *s, size_t len, int64_t *k, int64_t *m, int64_t *n)
{
	const char *e = s + len, *w, *p;

	/* The last word: K*M. */
	while (e > s && blank(e[-1]))
		e--;
	for (w = e; w > s && !blank(w[-1]); w--)
		;
	p = w;
	if (!posnum(&p, e, k) || p == e || *p++ != '*' || !posnum(&p, e, m) ||
	    p != e)
		return 0;
	/* "src=" at a word's start, before the last word. */
	for (p = s; p + 4 <= w; p++)
		if (memcmp(p, "src=", 4) == 0 && (p == s || blank(p[-1])))
			return freesize(p + 4, w, n);
	return 0;
}

int
bd_headhas(const char *p, const char *e, char delim, const char *name)
{
	size_t n = strlen(name);
	const char *f, *fe;

	if (e > p && e[-1] == '\r')
		e--;
	for (f = p; f <= e; f = fe + 1) {
		for (fe = f; fe < e && *fe != delim; fe++)
			;
		if ((size_t)(fe - f) == n + 2 && *f == '"' && fe[-1] == '"' &&
		    memcmp(f + 1, name, n) == 0)
			return 1;
		if ((size_t)(fe - f) == n && memcmp(f, name, n) == 0)
			return 1;
	}
	return 0;
}
