#include <stdio.h>
#include <string.h>

#include "base/msg.h"
#include "read/gate.h"
#include "bytes/source.h"
#include "format/parquet.h"
#include "format/table.h"

#define GATE_SHOWN 60		/* bytes of a message shown, at most */

struct cat {
	char raw[64];		/* its first 64 bytes, to tell it by */
	size_t len;
	char name[TSV_SHOWN + 4];	/* as shown */
	long rows;
	char first[TSV_SHOWN + 4];	/* its first message, as shown */
};

/* The n bytes at s as a message shows them: the first GATE_SHOWN, control
 * bytes escaped, and "..." when there are more. */
static void
shown(char *buf, const char *s, size_t n)
{
	tsv_shown(buf, s, n, GATE_SHOWN);
	if (n > GATE_SHOWN)
		strcat(buf, "...");
}

struct tally {
	struct cat cat[GATE_MAXCAT + 1];	/* the last: the rest */
	int n;
	long rest;		/* categories in the last */
};

/* The text of a cell, or NULL for a null or a value of no text. */
static const char *
text(const struct pq_cell *c, size_t *len)
{
	if (!c || c->kind != PQ_BYTES)
		return NULL;
	*len = c->len;
	return c->s;
}

static void
count(struct tally *t, const char *cat, size_t clen, const char *msg,
    size_t mlen)
{
	struct cat *c;
	int i;

	if (!cat) {
		cat = "(none)";
		clen = 6;
	}
	for (i = 0; i < t->n; i++)
		if (t->cat[i].len == clen && memcmp(t->cat[i].raw, cat,
		    clen < sizeof t->cat[i].raw ? clen : sizeof t->cat[i].raw)
		    == 0)
			break;
	if (i == t->n) {
		if (t->n == GATE_MAXCAT) {
			i = GATE_MAXCAT;
			if (t->cat[i].rows == 0)
				t->cat[i].first[0] = '\0';
			t->rest++;
		} else {
			t->n++;
			memcpy(t->cat[i].raw, cat, clen < sizeof t->cat[i].raw ?
			    clen : sizeof t->cat[i].raw);
			shown(t->cat[i].name, cat, clen);
			t->cat[i].len = clen;
			t->cat[i].first[0] = '\0';
		}
	}
	c = &t->cat[i];
	if (c->rows++ == 0 && msg)
		shown(c->first, msg, mlen);
}

/* One table's rows, by category (catcol) with their message (msgcol). */
static void
table(const char *name, const char *what, char **files, int n,
    const char *catcol, const char *msgcol)
{
	struct tally t;
	struct pq pq;
	const char *cat, *msg;
	size_t clen = 0, mlen = 0;
	int i, cc, mc;

	memset(&t, 0, sizeof t);
	for (i = 0; i < n; i++) {
		pq_open(&pq, files[i]);
		if ((cc = pq_find(&pq, catcol)) >= 0)
			pq_select(&pq, cc);
		if ((mc = pq_find(&pq, msgcol)) >= 0)
			pq_select(&pq, mc);
		while (pq_next(&pq)) {
			cat = cc >= 0 ? text(pq_cell(&pq, cc), &clen) : NULL;
			msg = mc >= 0 ? text(pq_cell(&pq, mc), &mlen) : NULL;
			count(&t, cat, clen, msg, mlen);
		}
		pq_close(&pq);
	}
	for (i = 0; i < t.n; i++)
		np_warn("%s: %s table, %s %s: %ld row%s%s%s%s", name, what,
		    catcol, t.cat[i].name, t.cat[i].rows, t.cat[i].rows == 1 ?
		    "" : "s", t.cat[i].first[0] ? " (first: " : "",
		    t.cat[i].first, t.cat[i].first[0] ? ")" : "");
	if (t.rest)
		np_warn("%s: %s table, %ld more %s: %ld rows%s%s%s", name,
		    what, t.rest, strcmp(catcol, "type") == 0 ? "types" :
		    "categories", t.cat[GATE_MAXCAT].rows,
		    t.cat[GATE_MAXCAT].first[0] ? " (first: " : "",
		    t.cat[GATE_MAXCAT].first, t.cat[GATE_MAXCAT].first[0] ?
		    ")" : "");
}

void
gate_tables(const char *name, char **warn, int nw, char **err, int ne)
{
	table(name, "Warning", warn, nw, "category", "message");
	table(name, "Error", err, ne, "type", "description");
}

void
gate_dir(const char *dir)
{
	char **warn, **err;
	int nw, ne;

	nw = src_tables(dir, "Warning", &warn);
	ne = src_tables(dir, "Error", &err);
	gate_tables(dir, warn, nw, err, ne);
}
