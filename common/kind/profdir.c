#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "bytes/source.h"
#include "format/parquet.h"
#include "kind/profdir.h"
#include "kind/whichtable.h"

/* Every list pd_tables made, each one's first slot the list before: the
 * names are kept for the program's life, where messages may name them. */
static char **tablelists;

/* The part number of name if it is table t's part "T_N.parquet" (N in
 * decimal); -1 if it is not a part of t, -2 if it is T.parquet itself.
 * A number spelt otherwise than Explorer writes it (a leading zero, or
 * more digits than a count of files) is an error: read as a number it
 * could stand for a part that is also there, left out it would be
 * passed over without a word. */
static long
partnum(const char *dir, const char *name, const char *t, size_t tn)
{
	const char *p, *q;
	long v = 0;

	if (strncmp(name, t, tn) != 0)
		return -1;
	p = name + tn;
	if (strcmp(p, ".parquet") == 0)
		return -2;
	if (*p++ != '_')
		return -1;
	for (q = p; *q >= '0' && *q <= '9'; q++)
		;
	if (q == p || strcmp(q, ".parquet") != 0)
		return -1;
	if ((*p == '0' && q - p > 1) || q - p > 9)
		np_die("%.*s/%s: a part of the %.*s table numbered as Explorer "
		    "does not (no leading zero, at most 9 digits); name the "
		    "files to read", src_dirlen(dir), dir, name, (int)tn, t);
	for (; p < q; p++)
		v = v * 10 + (*p - '0');
	return v;
}

static int
longcmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* Adds "dir/name" to the list being made. */
static char **
addpath(char **list, int *nf, const char *dir, const char *t, size_t tn,
    long part)
{
	char path[4096];
	int n, dn = src_dirlen(dir);

	n = part < 0 ? snprintf(path, sizeof path, "%.*s/%.*s.parquet", dn,
	    dir, (int)tn, t) : snprintf(path, sizeof path, "%.*s/%.*s_%ld.parquet",
	    dn, dir, (int)tn, t, part);
	if (n < 0 || (size_t)n >= sizeof path)
		np_die("%s: path too long", dir);
	list = np_realloc(list, (size_t)(*nf + 1) * sizeof *list);
	list[*nf] = np_strdup(path);
	(*nf)++;
	return list;
}

/*
 * Table t's files in dir, added to list: T.parquet, or its parts in
 * numeric order.  A part missing between others, or the table there both
 * whole and split, is an error naming the files: either way the answer
 * would be the table's in part, or twice; the user who wants only some
 * names their files.
 */
static char **
addtable(char **list, int *nf, const char *dir, const char *t, size_t tn)
{
	DIR *d;
	struct dirent *de;
	long *part = NULL, v, i, np = 0, cap = 0;
	int whole = 0, dn = src_dirlen(dir);

	if (!(d = opendir(dir)))
		np_die("%s: %s", dir, strerror(errno));
	while ((errno = 0, de = readdir(d))) {
		if ((v = partnum(dir, de->d_name, t, tn)) == -1)
			continue;
		if (v == -2) {
			whole = 1;
			continue;
		}
		if (np == cap) {
			cap = cap ? 2 * cap : 16;
			part = np_realloc(part, (size_t)cap * sizeof *part);
		}
		part[np++] = v;
	}
	if (errno)
		np_die("%s: %s", dir, strerror(errno));
	closedir(d);
	if (np > 1)	/* qsort takes no null array, even empty */
		qsort(part, (size_t)np, sizeof *part, longcmp);
	if (whole && np)
		np_die("%.*s/%.*s.parquet and %.*s/%.*s_%ld.parquet: the %.*s "
		    "table is there both whole and split, so one of them is "
		    "left from another run (name the files to read)", dn, dir,
		    (int)tn, t, dn, dir, (int)tn, t, part[0], (int)tn, t);
	for (i = 0; i < np; i++)
		if (part[i] != i)
			np_die("%.*s/%.*s_%ld.parquet: missing: the %.*s table "
			    "is split into %.*s_0.parquet to %.*s_%ld.parquet, "
			    "of which %ld are there, so it would be read in part "
			    "(name the files to read those there are)", dn, dir,
			    (int)tn, t, i, (int)tn, t, (int)tn, t, (int)tn, t,
			    part[np - 1], np);
	if (whole)
		list = addpath(list, nf, dir, t, tn, -1);
	for (i = 0; i < np; i++)
		list = addpath(list, nf, dir, t, tn, i);
	free(part);
	return list;
}

int
pd_tables(const char *dir, const char *tables, char ***files)
{
	const char *p, *e;
	char **list = NULL;
	int nf = 1;

	for (p = tables; *p; p = *e ? e + 1 : e) {
		if (!(e = strchr(p, ' ')))
			e = p + strlen(p);
		list = addtable(list, &nf, dir, p, (size_t)(e - p));
	}
	if (!list)
		return 0;
	list[0] = (char *)tablelists;
	tablelists = list;
	*files = list + 1;
	return nf - 1;
}

int
pd_version(const char *dir, char *v, size_t n)
{
	struct pq pq;
	const struct pq_cell *c;
	char **files;
	size_t len;
	int col, found = 0;

	if (pd_tables(dir, "Metadata", &files) == 0)
		return 0;
	pq_open(&pq, files[0]);
	if ((col = pq_find(&pq, "profile_schema_version")) >= 0) {
		pq_select(&pq, col);
		if (pq_next(&pq) && (c = pq_cell(&pq, col)) &&
		    c->kind == PQ_BYTES) {
			len = c->len < n ? c->len : n - 1;
			memcpy(v, c->s, len);
			v[len] = '\0';
			found = 1;
		}
	}
	pq_close(&pq);
	return found;
}

int
pd_fields(const char *dir, const char *tables,
    void (*fn)(void *, const char *, size_t), void *arg)
{
	struct pq pq;
	const struct pq_cell *t, *f;
	char **files;
	int tc, fc, described = 0;

	if (pd_tables(dir, "SchemaFields", &files) == 0)
		return 0;
	pq_open(&pq, files[0]);
	if ((tc = pq_find(&pq, "table_name")) >= 0 &&
	    (fc = pq_find(&pq, "field_name")) >= 0) {
		pq_select(&pq, tc);
		pq_select(&pq, fc);
		while (pq_next(&pq)) {
			t = pq_cell(&pq, tc);
			f = pq_cell(&pq, fc);
			if (t->kind != PQ_BYTES || f->kind != PQ_BYTES ||
			    !sc_inlist(tables, t->s, t->len))
				continue;
			described = 1;
			fn(arg, f->s, f->len);
		}
	}
	pq_close(&pq);
	return described;
}
