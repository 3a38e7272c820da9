#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "calc/hashtab.h"
#include "base/number.h"
#include "read/cells.h"
#include "read/anytable.h"
#include "read/reader.h"
#include "kind/profdir.h"
#include "kind/whichtable.h"
#include "read/summary.h"
#include "read/sniff.h"
#include "format/table.h"

#define MAXCELLS 256		/* columns of a show-session table */

void
sum_init(struct sumset *s)
{
	memset(s, 0, sizeof *s);
	s->table_key = "NODE ID";
	s->own.fd = -1;
	s->in = &s->own;
	s->idxprof = -1;
}

void
sum_free(struct sumset *s)
{
	free(s->text);
	free(s->met);
	free(s->prof);
	free(s->slot);
	free(s->own.buf);
	json_free(&s->j);
	free(s->t.hdr);
	s->t.hdr = NULL;
	if (s->cellsopen)
		rd_cellsclose(&s->cells);
	s->cellsopen = 0;
	s->text = NULL;
	s->met = NULL;
	s->prof = NULL;
	s->slot = NULL;
	s->nslot = s->slotcap = 0;
	s->idxprof = -1;
	s->own.buf = NULL;
}

void
sum_use(struct sumset *s, struct src *in)
{
	s->in = in;
}

void
sum_clear(struct sumset *s)
{
	s->used = 0;
	s->nmet = 0;
	s->nprof = 0;
	s->idxprof = -1;
}

/* ---- what was passed over ---- */

static void
note(struct sumset *s, const char *what, long line)
{
	note_add(&s->notes, what, 1, s->in->name, line);
}

/* A text line that is neither a metric nor a table line. */
static void
misread(struct sumset *s, long line)
{
	s->misread++;
	note(s, "lines not understood", line);
}

void
sum_report(struct sumset *s)
{
	note_report(&s->notes);
}

/* ---- storage ---- */

/* Room for n more bytes of text. */
static void
reserve(struct sumset *s, size_t n)
{
	size_t cap = s->cap ? s->cap : 65536;
	char *p;

	if (n > SUM_MAXTEXT - s->used)
		np_die("%s: more than %zu MiB of summary text held, the limit",
		    s->in->name, SUM_MAXTEXT >> 20);
	if (s->used + n <= s->cap)
		return;
	while (cap < s->used + n)
		cap *= 2;
	p = np_realloc(s->text, cap);
	s->text = p;
	s->cap = cap;
}

/*
 * Copies a, b and c (any of them may lie in the arena itself) one after
 * the other into the arena, and a NUL; the offset of the copy.
 */
static size_t
keep3(struct sumset *s, const char *a, size_t an, const char *b, size_t bn,
    const char *c, size_t cn)
{
	const char *part[3] = { a, b, c };
	size_t len[3] = { an, bn, cn }, in[3], off = s->used;
	int i;

	for (i = 0; i < 3; i++)
		in[i] = s->text && (uintptr_t)part[i] >= (uintptr_t)s->text &&
		    (uintptr_t)part[i] < (uintptr_t)(s->text + s->cap) ?
		    (size_t)(part[i] - s->text) + 1 : 0;
	reserve(s, an + bn + cn + 1);
	for (i = 0; i < 3; i++) {
		if (len[i] == 0)
			continue;
		memmove(s->text + s->used, in[i] ? s->text + in[i] - 1
		    : part[i], len[i]);
		s->used += len[i];
	}
	s->text[s->used++] = '\0';
	return off;
}

static size_t
keep(struct sumset *s, const char *t, size_t n)
{
	return keep3(s, t, n, NULL, 0, NULL, 0);
}

const char *
sum_key(const struct sumset *s, const struct metric *m)
{
	return s->text + m->key;
}

const char *
sum_val(const struct sumset *s, const struct metric *m)
{
	return s->text + m->val;
}

const char *
sum_name(const struct sumset *s, const struct profile *p)
{
	return s->text + p->name;
}

static long
newprof(struct sumset *s, const char *label, size_t len)
{
	struct profile *p;

	if (s->nprof == s->profcap) {
		long cap = s->profcap ? s->profcap * 2 : 64;
		p = np_realloc(s->prof, (size_t)cap * sizeof *p);
		s->prof = p;
		s->profcap = cap;
	}
	p = &s->prof[s->nprof];
	memset(p, 0, sizeof *p);
	p->first = p->last = -1;
	if (len) {
		p->label = keep(s, label, len);
		p->labellen = len;
	}
	return s->nprof++;
}

/* Makes the key index describe profile p (usually it already does). */
static void
index_prof(struct sumset *s, long p)
{
	const struct profile *pr = &s->prof[p];
	size_t need = 64, h;
	long m;

	while (need < (size_t)pr->n * 2 + 2)
		need *= 2;
	if (s->idxprof == p && s->nslot >= need)
		return;
	if (s->slotcap < need * 2) {
		free(s->slot);
		s->slot = np_malloc(need * 2 * sizeof *s->slot);
		s->slotcap = need * 2;
	}
	/* Only as many slots as this profile needs are cleared and used: a
	 * large profile before many small ones must not cost each of them. */
	s->nslot = need * 2;
	memset(s->slot, 0, s->nslot * sizeof *s->slot);
	s->idxprof = p;
	for (m = pr->first; m >= 0; m = s->met[m].next) {
		h = grp_hash(s->text + s->met[m].key, s->met[m].klen);
		h &= s->nslot - 1;
		while (s->slot[h])
			h = (h + 1) & (s->nslot - 1);
		s->slot[h] = m + 1;
	}
}

/* The slot for key in profile p's index: holding the metric + 1, or 0. */
static long *
findslot(struct sumset *s, long p, const char *key, size_t n)
{
	size_t h;
	long m;

	index_prof(s, p);
	h = grp_hash(key, n) & (s->nslot - 1);
	for (; (m = s->slot[h]); h = (h + 1) & (s->nslot - 1))
		if (s->met[m - 1].klen == n &&
		    memcmp(s->text + s->met[m - 1].key, key, n) == 0)
			break;
	return &s->slot[h];
}

const struct metric *
sum_get(const struct sumset *s, long prof, const char *key)
{
	size_t n = strlen(key);
	long m;

	for (m = s->prof[prof].first; m >= 0; m = s->met[m].next)
		if (s->met[m].klen == n &&
		    memcmp(s->text + s->met[m].key, key, n) == 0)
			return &s->met[m];
	return NULL;
}

/* Appends a metric to profile p; 0 (nothing added) when p already has
 * the key. */
static int
addmetric(struct sumset *s, long p, const char *key, size_t klen,
    const char *val, size_t vlen, char type, long line, long col,
    long long off)
{
	struct profile *pr;
	struct metric *m;
	long *slot = findslot(s, p, key, klen), i;

	if (*slot)
		return 0;
	if (s->nmet == SUM_MAXMETRICS)
		np_die_at(s->in->name, line, col, "more than %ld summary "
		    "metrics held, the limit", SUM_MAXMETRICS);
	if (s->nmet == s->metcap) {
		long cap = s->metcap ? s->metcap * 2 : 1024;
		m = np_realloc(s->met, (size_t)cap * sizeof *m);
		s->met = m;
		s->metcap = cap;
	}
	i = s->nmet++;
	m = &s->met[i];
	m->key = keep(s, key, klen);
	m->klen = klen;
	m->val = keep(s, val, vlen);
	m->vlen = vlen;
	m->type = type;
	m->next = -1;
	m->file = s->in->name;
	m->line = line;
	m->col = col;
	m->off = off;
	*slot = i + 1;
	pr = &s->prof[p];
	if (pr->last >= 0)
		s->met[pr->last].next = i;
	else
		pr->first = i;
	pr->last = i;
	pr->n++;
	if ((size_t)pr->n * 2 + 2 > s->nslot)
		s->idxprof = -1;	/* grow the index next time */
	return 1;
}

void
sum_add(struct sumset *s, long prof, const char *key, const char *val,
    size_t vlen, char type)
{
	addmetric(s, prof, key, strlen(key), val, vlen, type, 0, 0, -1);
}

/* ---- numbers, in np's one spelling ---- */

/* Is v[0..n) an integer as JSON writes one: '-', then 0 or digits from 1
 * to 9?  Then its text is its one spelling, of any length. */
static int
intext(const char *v, size_t n)
{
	size_t i = n > 0 && v[0] == '-';

	if (i == n || (v[i] == '0' && n > i + 1))
		return 0;
	for (; i < n; i++)
		if ((unsigned)(v[i] - '0') > 9)
			return 0;
	return 1;
}

/*
 * A number's text in np's spelling (number.c's), in buf (NUM_BUFSZ bytes):
 * its length, or 0 to keep the text as given.  A version is kept (a key
 * ending in _version: 2.10 is not 2.1).  In a FLOAT column of Neuron
 * Explorer's Summary (floatnames, sc_isfloat), every number is the
 * float's (num_fmt_float).  Elsewhere an integer is kept as written, past
 * 64 bits too ("-0" is "0"), and any other number is the double it reads
 * as, in the fewest digits that read back; but in a column of that
 * Summary whose name np does not know (sc_type), a float widened
 * (num_widened) is the float's, as np reads any such column of a text
 * form.  NaN and the infinities are JSON's words ("nan" is "NaN").  So
 * one value gives one text, whichever form and precision carried it.
 */
static size_t
spell(const char *key, size_t klen, int floatnames, const char *v, size_t n,
    char *buf)
{
	int type = floatnames ? sc_type(key, klen) : SCT_NUMBER;
	int isfloat = type == SCT_FLOAT;
	const char *w;
	double d;

	if (klen >= 8 && memcmp(key + klen - 8, "_version", 8) == 0)
		return 0;
	if (!isfloat && intext(v, n))
		return n == 2 && v[0] == '-' && v[1] == '0' ?
		    num_fmt_i64(buf, 0) : 0;
	if (!num_f64(v, n, &d))
		return 0;
	if (!isfinite(d)) {
		w = num_word(d);
		memcpy(buf, w, strlen(w));
		return strlen(w);
	}
	if (type == SCT_UNKNOWN && num_widened(v, n, d))
		return num_fmt_f32(buf, (float)d);
	return isfloat ? num_fmt_float(buf, d) : num_fmt_f64(buf, d);
}

/* Profile p's numbers respelt, once it is read whole (a wrapped table
 * cell is whole only then). */
static void
respell(struct sumset *s, long p)
{
	char buf[NUM_BUFSZ];
	struct metric *m;
	size_t n;
	long i;

	if (s->prof[p].spelt)
		return;
	for (i = s->prof[p].first; i >= 0; i = m->next) {
		m = &s->met[i];
		if (m->type != MV_NUM || !(n = spell(s->text + m->key,
		    m->klen, s->prof[p].floatnames, s->text + m->val, m->vlen,
		    buf)))
			continue;
		if (n == m->vlen && memcmp(buf, s->text + m->val, n) == 0)
			continue;
		m->val = keep(s, buf, n);
		m->vlen = n;
	}
}

/* ---- sniffing ---- */

enum { SF_TEXT, SF_JSON, SF_TABLE };

/* Does a header of names head a table, not a "key<TAB>value" line? */
static int
tablehead(const char *line, const char *nl, char delim)
{
	const char *p = line, *e;
	double d;
	int n = 0;

	while (p < nl) {
		if (!(e = memchr(p, delim, (size_t)(nl - p))))
			e = nl;
		if (e > p && e[-1] == '\r')
			e--;
		if (e == p || num_f64(p, (size_t)(e - p), &d))
			return 0;	/* a value, not a name */
		n++;
		p = e + 1;
	}
	return n >= 2;
}

/*
 * What the file holds: JSON when a line that starts with '{' or '['
 * comes within SRC_SNIFF bytes of the first line that is not blank or a
 * log line (a summary may follow any text), a table (TSV or CSV) when
 * that line is a header of names, else summary-text or a show-session
 * table.  Read up to that bound first, so that how reads fall cannot
 * change the answer.
 */
static int
sniff(struct sumset *s, char *delim)
{
	struct src *in = s->in;
	char *p, *line, *nl, *end;
	long lineno;

	/* A file of only log lines is read as text: they are counted. */
	switch (rd_sniff(in, "text (a summary)", "a summary", RD_LOGSOK,
	    &line, &lineno)) {
	case SRC_LOGS:
		return SF_TEXT;
	case SRC_JSON:
		return SF_JSON;
	case SRC_TSV:
	case SRC_CSV:
		nl = src_wholeline(in, line, SRC_BUFSZ);
		*delim = memchr(line, '\t', (size_t)(nl - line)) ? '\t' : ',';
		if (tablehead(line, nl, *delim))
			return SF_TABLE;
		break;
	}
	end = in->end < line + SRC_SNIFF ? in->end : line + SRC_SNIFF;
	for (; line < end; line = nl + 1) {
		if (!(nl = memchr(line, '\n', (size_t)(in->end - line))))
			nl = in->end;
		for (p = line; p < nl && isspace((unsigned char)*p); p++)
			;
		if (p < nl && (*p == '{' || *p == '['))
			return SF_JSON;
	}
	return SF_TEXT;
}

/* A flat object, a table's header, a Parquet file's columns: another
 * table's rows (Instruction rows as JSON lines) are named, not read as
 * profiles. */
static void
vet(struct sumset *s, const struct sc_votes *v, long line, long col)
{
	const char *what, *readers;

	if (sc_unread(v, &what, &readers))
		np_die_at(s->in->name, line, col, "expected a summary, found "
		    "%s (read by %s)", what, readers);
	if (v->n[SC_SUMMARY] == 0 && sc_best(v, &what, &readers))
		np_die_at(s->in->name, line, col, "expected a summary, found "
		    "%s (read by %s)", what, readers);
	if (sc_byname(s->in->name, SC_BIT(SC_SUMMARY), v, &what, &readers))
		np_die_at(s->in->name, line, col, "expected a summary, found "
		    "%s, by the file's name (read by %s)", what, readers);
}

/* ---- tables: Neuron Explorer's Summary, as CSV or TSV ---- */

/*
 * A header of Summary columns, then one profile per row: a metric per
 * column, its value as any other (a number in np's spelling, a missing
 * one empty, as JSON's null).  A table of anything else is named, not
 * read as metrics.
 */
static void
readtable(struct sumset *s, char delim)
{
	struct tsv *t = &s->t;
	struct sc_votes v = { { 0 } };
	const char *what, *readers;
	double d;
	long p;
	int i;

	memset(t, 0, sizeof *t);
	at_open(t, s->in, delim, &s->notes);
	for (i = 0; i < t->ncol; i++)
		sc_vote(&v, t->name[i], strlen(t->name[i]));
	vet(s, &v, t->line, 1);
	if (!sc_best(&v, &what, &readers))
		np_die_at(s->in->name, t->line, 1, "expected a summary, found "
		    "a table of columns '%s', '%s', ... (np-sum -g and -v "
		    "read tables)", t->name[0], t->name[1]);
	while (tsv_next(t)) {
		p = newprof(s, NULL, 0);
		s->prof[p].floatnames = 1;
		for (i = 0; i < t->ncol; i++) {
			tsv_cell(t, i);
			if (!addmetric(s, p, t->name[i], strlen(t->name[i]),
			    t->f[i], t->len[i], tsv_missing(t, i) ? MV_NULL :
			    !(t->hasq && t->quoted[i]) &&
			    num_f64(t->f[i], t->len[i], &d) ? MV_NUM : MV_STR,
			    tsv_fieldline(t, i), tsv_fieldcol(t, i), -1))
				note(s, "duplicate keys ignored", t->line);
		}
	}
	at_end(t, &s->notes);
	free(t->hdr);
	t->hdr = NULL;
}

/* ---- JSON ---- */

/* A member's key, the path its value's metrics begin with, at s->path:
 * its length. */
static size_t
keypath(struct sumset *s)
{
	if (s->j.len > SUM_MAXKEY)
		json_fail(&s->j, "expected a key path of at most %d bytes, "
		    "found a longer one", SUM_MAXKEY);
	memcpy(s->path, s->j.s, s->j.len);
	return s->j.len;
}

/* The scalar t just flattened, a metric of profile p named f's path. */
static void
jsonmetric(struct sumset *s, long p, const struct json_flat *f,
    enum json_tok t)
{
	struct json *j = &s->j;
	const char *v = j->s;
	size_t vlen = j->len;
	char type = MV_NUM;

	switch (t) {
	case JSON_STR:
		type = MV_STR;
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		v = t == JSON_TRUE ? "true" : "false";
		vlen = strlen(v);
		type = MV_BOOL;
		break;
	case JSON_NULL:
		v = "";
		vlen = 0;
		type = MV_NULL;
		break;
	default:
		break;
	}
	if (!addmetric(s, p, f->path, f->len, v, vlen, type, j->line, j->col,
	    j->off))
		note(s, "duplicate keys ignored", j->line);
}

/* The value whose first token t is taken: each of its scalars a metric of
 * profile p, named by its key path (format/json.h's flattening) after
 * the n bytes of s->path. */
static void
walk(struct sumset *s, long p, size_t n, enum json_tok t)
{
	struct json_flat *f = &s->flat;

	json_flatbegin(f, &s->j, s->path, n, t);
	while ((t = json_flatnext(f)) != JSON_EOF)
		jsonmetric(s, p, f, t);
}

/* A view export table's name: lower case, digits and '_'. */
static int
tablename(const char *k, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(islower((unsigned char)k[i]) || k[i] == '_' ||
		    isdigit((unsigned char)k[i])))
			return 0;
	return n > 0;
}

static void
summarytable(struct sumset *s)
{
	struct json *j = &s->j;
	enum json_tok t;

	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t != JSON_OBJ)
			json_fail(j, "expected an object for a row of the "
			    "'summary' table, found %s", json_tokname(t));
		walk(s, newprof(s, NULL, 0), 0, t);
	}
}

/* Captured output may surround a summary (a command line before it, its
 * log lines after): every line between documents is passed over, and
 * counted. */
static int
passtext(struct json *j, const char *p, size_t n)
{
	(void)j;
	(void)p;
	(void)n;
	return 1;
}

/*
 * One document: an object.  Members holding objects are profiles named by
 * their key (summary-json); a lower-case member holding an array is a view
 * export table, of which "summary" holds profiles and the others are
 * skipped unread; the rest (show-session -j) make one profile.
 */
/* A line inside a JSON value that stops the parser: a log line is named
 * (they are passed over only between values). */
static const char *
strayline(const struct json *j, const char *p, size_t n)
{
	(void)j;
	return src_islog(p, n) ? "a log line" : NULL;
}

/* Forgets profile p, the last or not (its metrics stay in the arena,
 * unlinked). */
static void
dropprof(struct sumset *s, long p)
{
	memmove(&s->prof[p], &s->prof[p + 1],
	    (size_t)(s->nprof - p - 1) * sizeof *s->prof);
	s->nprof--;
	s->idxprof = -1;
}

static void
readjson(struct sumset *s)
{
	struct json *j = &s->j;
	enum json_tok t;
	long doc, tables, plain, nested, plainline = 0;
	size_t n;

	struct sc_votes v;
	long line, col;

	json_init(j, s->in);
	j->passover = passtext;
	j->stray = strayline;
	while ((t = json_next(j)) != JSON_EOF) {
		if (t != JSON_OBJ)
			json_fail(j, "expected an object at the top level, "
			    "found %s", json_tokname(t));
		doc = -1;
		tables = plain = nested = 0;
		line = j->line;
		col = j->col;
		memset(&v, 0, sizeof v);
		while ((t = json_next(j)) != JSON_OBJ_END) {
			sc_vote(&v, j->s, j->len);
			n = keypath(s);
			t = json_peek(j);
			if (t == JSON_OBJ) {
				nested++;
				walk(s, newprof(s, s->path, n), 0, json_next(j));
			} else if (t == JSON_ARR && tablename(s->path, n)) {
				tables++;
				if (n == 7 && memcmp(s->path, "summary", 7) == 0) {
					json_next(j);
					summarytable(s);
				} else
					json_skip(j);
			} else {
				if (doc < 0)
					doc = newprof(s, NULL, 0);
				if (plain++ == 0)
					plainline = j->line;
				nested += t == JSON_ARR;
				walk(s, doc, n, json_next(j));
			}
		}
		/* A view export's plain members ("version") sit beside its
		 * tables: no metrics of a profile, so counted, not read. */
		if (doc >= 0 && tables > 0) {
			dropprof(s, doc);
			note_add(&s->notes, "plain values among the tables "
			    "skipped", plain, s->in->name, plainline);
		} else if (doc >= 0) {
			vet(s, &v, line, col);
			/* A flat object of Summary columns: a row of
			 * Neuron Explorer's table, as JSON lines. */
			s->prof[doc].floatnames = !nested &&
			    v.n[SC_SUMMARY] > 0;
		}
	}
	if (j->skipped_lines)
		note_add(&s->notes, "non-JSON lines skipped", j->skipped_lines,
		    s->in->name, j->first_skipped);
}

/* ---- text: summary-text lines and show-session tables ---- */

/* A text form has no empty string: an empty value is none shown. */
static char
texttype(const char *v, size_t n)
{
	double d;

	if (n == 0)
		return MV_NULL;
	return num_f64(v, n, &d) ? MV_NUM : MV_STR;
}

/* summary-text keys are the JSON ones: lower case, digits and '_'. */
static int
keychar(int c)
{
	return islower(c) || isdigit(c) || c == '_';
}

/* "n_<hex>" or "n_<hex>:" alone on a line: a profile's header. */
static int
profheader(const char *p, size_t n)
{
	size_t i;

	if (n && p[n - 1] == ':')
		n--;
	if (n < 3 || p[0] != 'n' || p[1] != '_')
		return 0;
	for (i = 2; i < n; i++)
		if (!isxdigit((unsigned char)p[i]))
			return 0;
	return 1;
}

struct table {
	int n;			/* header cells; 0: none yet */
	int keycol;
	size_t name[MAXCELLS], namelen[MAXCELLS];
	long lastrow;		/* profile of the row above, or -1 */
	int afterhdr;		/* the row above is the header */
	int byprefix;		/* the key cell began the key (-k): it must
				   be whole when the header ends */
	long *cur;		/* key-value profile being read */
};

/* Splits a '|' row into trimmed cells; the count, or -1 if too many. */
static int
cells(char *p, char **cell, size_t *len)
{
	int n = 0;
	char *bar, *e;

	p++;		/* the leading '|' */
	while (*p) {
		if (!(bar = strchr(p, '|')))
			bar = p + strlen(p);
		if (!*bar && bar == p)
			break;
		if (n == MAXCELLS)
			return -1;
		for (e = bar; e > p && isspace((unsigned char)e[-1]); e--)
			;
		while (p < e && isspace((unsigned char)*p))
			p++;
		cell[n] = p;
		len[n++] = (size_t)(e - p);
		if (!*bar)
			break;
		p = bar + 1;
		if (!*p)
			break;	/* the trailing '|' */
	}
	return n;
}

/* Only rule characters, and a dash or '=': a separator line. */
static int
rule(const char *p)
{
	if (!strpbrk(p, "-="))
		return 0;
	for (; *p; p++)
		if (!strchr("+-=:| \t", *p))
			return 0;
	return 1;
}

/* Appends " more" to the text at *off, *len (a wrapped cell). */
static void
append(struct sumset *s, size_t *off, size_t *len, const char *more,
    size_t n)
{
	if (n == 0)
		return;
	if (*len == 0) {
		*off = keep(s, more, n);
		*len = n;
		return;
	}
	*off = keep3(s, s->text + *off, *len, " ", 1, more, n);
	*len += 1 + n;
}

/*
 * The header ends (at a rule, or at a row that does not continue it): a
 * key cell that only began the key must be the key now, whole; else the
 * table is not the one asked for.  0 when it is dropped.
 */
static int
headerdone(struct sumset *s, struct table *tb)
{
	int ok = !tb->byprefix ||
	    (tb->namelen[tb->keycol] == strlen(s->table_key) &&
	    strncasecmp(s->text + tb->name[tb->keycol], s->table_key,
	    tb->namelen[tb->keycol]) == 0);

	tb->byprefix = 0;
	if (!ok)
		tb->n = 0;
	return ok;
}

static void
tablerow(struct sumset *s, struct table *tb, char *line, char *p, long ln,
    int afterrule)
{
	char *cell[MAXCELLS];
	size_t len[MAXCELLS], klen = strlen(s->table_key);
	int n = cells(p, cell, len), i, prefix = -1;
	long pr, m;

	if (n < 0) {
		misread(s, ln);
		return;
	}
	for (i = 0; i < n; i++) {
		if (len[i] == klen &&
		    strncasecmp(cell[i], s->table_key, klen) == 0)
			break;
		/* "EXEC TIME" over "(NS)" for -k 'EXEC TIME (NS)' */
		if (afterrule && tb->n == 0 && prefix < 0 && len[i] > 0 &&
		    len[i] < klen &&
		    s->table_key[len[i]] == ' ' &&
		    strncasecmp(cell[i], s->table_key, len[i]) == 0)
			prefix = i;
	}
	if (i < n || prefix >= 0) {
		tb->byprefix = i == n;
		tb->keycol = i < n ? i : prefix;
		tb->n = n;
		for (i = 0; i < n; i++) {
			tb->name[i] = keep(s, cell[i], len[i]);
			tb->namelen[i] = len[i];
		}
		tb->afterhdr = 1;
		tb->lastrow = -1;
		return;
	}
	if (tb->n == 0) {
		misread(s, ln);
		return;
	}
	/* Under the header, a row whose first or key cell is empty continues
	 * it (wrapped header cells); any other row ends it. */
	if (tb->afterhdr && !(n == tb->n && (len[0] == 0 ||
	    len[tb->keycol] == 0))) {
		tb->afterhdr = 0;
		if (!headerdone(s, tb)) {
			misread(s, ln);
			return;
		}
	}
	if (n != tb->n) {
		note(s, "table rows with another number of cells skipped", ln);
		tb->afterhdr = 0;
		tb->lastrow = -1;
		return;
	}
	if (len[tb->keycol] == 0 || tb->afterhdr) {
		/* A wrapped row: its cells continue those above. */
		if (tb->afterhdr) {
			for (i = 0; i < n; i++)
				append(s, &tb->name[i], &tb->namelen[i],
				    cell[i], len[i]);
		} else if (tb->lastrow >= 0) {
			m = s->prof[tb->lastrow].first;
			for (i = 0; i < n && m >= 0; i++, m = s->met[m].next) {
				append(s, &s->met[m].val, &s->met[m].vlen,
				    cell[i], len[i]);
				s->met[m].type = texttype(s->text +
				    s->met[m].val, s->met[m].vlen);
			}
		} else
			misread(s, ln);
		return;
	}
	pr = newprof(s, cell[tb->keycol], len[tb->keycol]);
	for (i = 0; i < n; i++)
		if (!addmetric(s, pr, s->text + tb->name[i], tb->namelen[i],
		    cell[i], len[i], texttype(cell[i], len[i]), ln,
		    (long)(cell[i] - line) + 1, -1))
			note(s, "duplicate keys ignored", ln);
	tb->afterhdr = 0;
	tb->lastrow = pr;
}

/* "key value": the key, a run of blanks, the rest is the value. */
static void
kvline(struct sumset *s, long *cur, char *p, size_t n, long ln, long col)
{
	char *e = p + n, *k = p, *v;
	size_t klen;

	while (p < e && keychar((unsigned char)*p))
		p++;
	klen = (size_t)(p - k);
	if (p < e && *p == ':')
		p++;	/* "key: value" */
	if (p == e && profheader(k, n)) {
		*cur = newprof(s, k, k[n - 1] == ':' ? n - 1 : n);
		return;
	}
	for (v = p; v < e && (*v == ' ' || *v == '\t'); v++)
		;
	/* A value of several words is a version ("2.30.51 (faafe)"), or
	 * prose. */
	if (klen == 0 || isdigit((unsigned char)*k) || v == p || v == e ||
	    (strpbrk(v, " \t") && !(klen > 8 &&
	    memcmp(k + klen - 8, "_version", 8) == 0))) {
		misread(s, ln);
		return;
	}
	if (*cur < 0)
		*cur = newprof(s, NULL, 0);
	if (!addmetric(s, *cur, k, klen, v, (size_t)(e - v),
	    texttype(v, (size_t)(e - v)), ln, col + (long)(v - k), -1)) {
		/* A key seen before in this profile: the next one begins. */
		*cur = newprof(s, NULL, 0);
		addmetric(s, *cur, k, klen, v, (size_t)(e - v),
		    texttype(v, (size_t)(e - v)), ln, col + (long)(v - k), -1);
	}
}

static void
readtext(struct sumset *s)
{
	struct table tb;
	char *line, *p, *e;
	size_t n;
	long cur = -1, ln;
	int afterrule = 0;	/* the line above was a rule */

	memset(&tb, 0, sizeof tb);
	tb.lastrow = -1;
	while (src_getline(s->in, &line, &n)) {
		ln = s->in->line;
		for (p = line; p < line + n; p++)
			if (*p == '\0')	/* a control byte is text */
				np_die_at(s->in->name, ln, (long)(p - line) + 1,
				    "expected text (a summary), found byte "
				    "0x%02x", src_byte(s->in, p));
		e = line + n;
		while (e > line && isspace((unsigned char)e[-1]))
			e--;
		*e = '\0';
		for (p = line; p < e && isspace((unsigned char)*p); p++)
			;
		if (p == e)
			continue;
		if (src_islog(p, (size_t)(e - p))) {
			note(s, NOTE_LOGS, ln);
			continue;
		}
		if (rule(p)) {
			(void)headerdone(s, &tb);
			tb.afterhdr = 0;
			tb.lastrow = -1;
			afterrule = 1;
			continue;
		}
		if (*p == '|')
			tablerow(s, &tb, line, p, ln, afterrule);
		else if (*p == '+')
			misread(s, ln);
		else
			kvline(s, &cur, p, (size_t)(e - p), ln,
			    (long)(p - line) + 1);
		afterrule = 0;
	}
}

/* ---- Parquet: Neuron Explorer's Summary table ---- */

/* Every column of every row, through the reading layer (read/cells.h),
 * spelt as every other program reads them: a profile a row, a metric a
 * column. */
static void
readparquet(struct sumset *s, const char *file)
{
	struct rd_cells *c = &s->cells;
	struct sc_votes votes = { { 0 } };
	const char *name, *v;
	size_t vlen;
	char type;
	long p;
	int i;

	s->cellsopen = 1;
	rd_cellsopen(c, file, s->in->name);
	for (i = 0; i < c->ncol; i++) {
		name = rd_cellname(c, i);
		sc_vote(&votes, name, strlen(name));
	}
	vet(s, &votes, 0, 0);
	while (rd_cellsnext(c)) {
		p = newprof(s, NULL, 0);
		s->prof[p].spelt = 1;
		for (i = 0; i < c->ncol; i++) {
			name = rd_cellname(c, i);
			v = rd_cell(c, i, &vlen, &type);
			if (!addmetric(s, p, name, strlen(name), v, vlen, type,
			    c->row, 0, -1))
				note(s, "duplicate keys ignored", c->row);
		}
	}
	rd_cellsclose(c);
	s->cellsopen = 0;
}

/* ---- files ---- */

/* Names the file's profiles: the file, or file:label when it holds
 * several (label: the profile's key, else its position from 1). */
static void
nameprofs(struct sumset *s, const char *file)
{
	long i, nf = s->nprof - s->fileprof;
	char buf[32];
	size_t flen = strlen(file);
	struct profile *p;

	for (i = s->fileprof; i < s->nprof; i++) {
		p = &s->prof[i];
		if (nf == 1) {
			p->name = keep(s, file, flen);
			p->namelen = flen;
		} else if (p->labellen) {
			p->name = keep3(s, file, flen, ":", 1,
			    s->text + p->label, p->labellen);
			p->namelen = flen + 1 + p->labellen;
		} else {
			snprintf(buf, sizeof buf, "%ld", i - s->fileprof + 1);
			p->name = keep3(s, file, flen, ":", 1, buf,
			    strlen(buf));
			p->namelen = flen + 1 + strlen(buf);
		}
	}
}

void
sum_read(struct sumset *s, const char *file)
{
	const char *table = file;

	/* A profile directory: its Summary table, named after it. */
	if (src_isdir(file)) {
		switch (pd_tables(file, "Summary", &s->dirfiles)) {
		case 0:
			np_die("%s: a profile directory without a Summary "
			    "table (expected Summary.parquet in it)", file);
		case 1:
			break;
		default:
			/* A one-row table is never split; a profile of each
			 * part would be guessing. */
			np_die("%s: a Summary table split into %s and more: "
			    "name its files", file, s->dirfiles[0]);
		}
		table = s->dirfiles[0];
		rd_checkdir(file, NULL);
	}
	src_open(s->in, table);
	s->operand = file;
	sum_readin(s);
}

void
sum_readin(struct sumset *s)
{
	const char *file = s->operand ? s->operand : s->in->name;
	char delim = '\t';
	long met, p;

	s->operand = NULL;
	s->fileprof = s->nprof;
	if (src_isparquet(s->in)) {
		src_close(s->in);
		readparquet(s, src_seekable(s->in->name));
		goto named;
	}
	switch (sniff(s, &delim)) {
	case SF_JSON:
		readjson(s);
		break;
	case SF_TABLE:
		readtable(s, delim);
		break;
	default:
		met = s->nmet;
		s->misread = 0;
		readtext(s);
		if (s->nmet > met && s->misread > s->nmet - met) {
			sum_report(s);
			np_die("%s: %ld lines are neither 'key value' pairs nor "
			    "table rows, more than the %ld metrics read: not a "
			    "summary", file, s->misread, s->nmet - met);
		}
	}
	src_close(s->in);
	if (s->nprof == s->fileprof) {
		sum_report(s);
		np_die("%s: no summary found (expected summary-json, "
		    "summary-text, show-session -j or a show-session table)",
		    file);
	}
named:
	for (p = s->fileprof; p < s->nprof; p++)
		respell(s, p);
	nameprofs(s, file);
}
