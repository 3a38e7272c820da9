#include <string.h>

#include "calc/busy.h"

void
runs_init(struct runs *r)
{
	memset(r, 0, sizeof *r);
}

int
runs_add(struct runs *r, int64_t s, int64_t e, int64_t *ds, int64_t *de)
{
	if (e < s)
		e = s;
	if (r->open && s <= r->e) {	/* overlapping, nested or adjacent */
		if (e > r->e)
			r->e = e;
		return 0;
	}
	if (!r->open) {
		r->open = 1;
		r->s = s;
		r->e = e;
		return 0;
	}
	*ds = r->s;
	*de = r->e;
	r->busy += r->e - r->s;
	r->s = s;
	r->e = e;
	return 1;
}

int
runs_grow(struct runs *r, int64_t s, int64_t e, int64_t *ns, int64_t *ne)
{
	int64_t from = r->open && r->e > s ? r->e : s, ds, de;

	(void)runs_add(r, s, e, &ds, &de);
	if (e <= from)
		return 0;
	*ns = from;
	*ne = e;
	return 1;
}

int
runs_end(struct runs *r, int64_t *ds, int64_t *de)
{
	if (!r->open)
		return 0;
	*ds = r->s;
	*de = r->e;
	r->busy += r->e - r->s;
	r->open = 0;
	return 1;
}
