#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "kind/collective.h"
#include "base/msg.h"
#include "read/gate.h"
#include "base/options.h"
#include "kind/dma.h"
#include "kind/instruction.h"
#include "base/number.h"
#include "read/reader.h"
#include "kind/profdir.h"
#include "kind/whichtable.h"
#include "read/showdma.h"
#include "read/showtrace.h"
#include "write/row.h"

/* JSON reading states, between records. */
enum {
	J_TOP,			/* before a top-level value */
	J_TABLES,		/* in a view export, between tables */
	J_EITHER,		/* in an object that began with a container
				   under a name that is no column's: an
				   export or a row, not yet known */
	J_TABLE,		/* in the kind's table, between rows */
	J_ARRAY,		/* in a top-level array of rows */
};

/* How a Parquet column's cells set the row (rd_pqcol.how): any way (pqset), or
 * the two of nearly every column, without a look at the rest. */
enum { PQ_ANY, PQ_TEXT, PQ_WHOLE };

/* Input names of the kind's columns, hashed once per reader. */
#define NAMES 512
struct rd_name {
	const char *s;
	size_t len;
	uint64_t a, b;		/* its words (namewords) */
	int col, pref;
	enum coltype type;	/* the column's */
	char cname[48];		/* NUL-terminated, for messages */
};

/*
 * Two words of a name, read in a few loads that stay within it (a key may
 * lie in the JSON parser's scratch buffer, whose bytes past it were never
 * written): its first and last 8 bytes, or 4, or three of its bytes.  For
 * a name of up to 16 bytes they and its length are the name; a longer one
 * has bytes between them.
 */
static inline void
namewords(const char *s, size_t n, uint64_t *a, uint64_t *b)
{
	uint32_t x, y;

	if (n >= 8) {
		memcpy(a, s, 8);
		memcpy(b, s + n - 8, 8);
	} else if (n >= 4) {
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		*a = x;
		*b = y;
	} else {
		*a = n ? (unsigned char)s[0] | (unsigned char)s[n / 2] << 8 |
		    (uint64_t)(unsigned char)s[n - 1] << 16 : 0;
		*b = 0;
	}
}

/* A hash of a name's words; names are short, and this is asked once a
 * member. */
static inline size_t
namehash(uint64_t a, uint64_t b, size_t n)
{
	a = (a ^ (b * 0x9e3779b97f4a7c15ULL) ^ n) * 0xff51afd7ed558ccdULL;
	return (size_t)((a ^ a >> 32) % NAMES);
}

/* Is the name nm the n bytes s of words a and b?  Compared a word at a
 * time, inline: a call to memcmp costs more than the compare. */
static inline int
samename(const struct rd_name *nm, const char *s, size_t n, uint64_t a,
    uint64_t b)
{
	uint64_t x, y;
	size_t i;

	if (nm->len != n || nm->a != a || nm->b != b)
		return 0;
	for (i = 8; i + 8 < n; i += 8) {
		memcpy(&x, nm->s + i, 8);
		memcpy(&y, s + i, 8);
		if (x != y)
			return 0;
	}
	return 1;
}

static void
addname(struct rd_name *names, const char *s, size_t n, int col, int pref,
    enum coltype type)
{
	uint64_t a, b;
	size_t h;

	namewords(s, n, &a, &b);
	for (h = namehash(a, b, n); names[h].s; h = (h + 1) % NAMES)
		if (samename(&names[h], s, n, a, b))
			return;	/* the first column to claim a name wins */
	names[h].s = s;
	names[h].len = n;
	names[h].a = a;
	names[h].b = b;
	snprintf(names[h].cname, sizeof names[h].cname, "%.*s", (int)n, s);
	names[h].col = col;
	names[h].pref = pref;
	names[h].type = type;
}

/*
 * NP_COLUMNS: each role is read from the input column given, ahead of
 * its own names, which are still read where the input has no such column
 * (np's own output, the files of an older schema).  Roles are checked
 * once the program has named its columns (vetmap).
 */
void
rd_mapread(struct rd_map *m)
{
	const char *env = getenv("NP_COLUMNS");
	char *p, *e, *eq;

	m->n = 0;
	if (!env || !*env)
		return;
	if (strlen(env) >= sizeof m->buf)
		np_die("NP_COLUMNS: longer than %d bytes", RD_MAPBUF - 1);
	strcpy(m->buf, env);
	for (p = m->buf; p; p = e) {
		if ((e = strchr(p, ',')))
			*e++ = '\0';
		eq = strchr(p, '=');
		if (!eq || eq == p || !eq[1] || strchr(eq + 1, '='))
			np_die("NP_COLUMNS: expected ROLE=COLUMN, comma-separated, "
			    "found '%s'", p);
		if (m->n == RD_MAXMAP)
			np_die("NP_COLUMNS: more than %d roles", RD_MAXMAP);
		*eq = '\0';
		if (rd_mapfind(m, p) >= 0)
			np_die("NP_COLUMNS: expected each role once, found "
			    "'%s' again", p);
		m->role[m->n] = p;
		m->col[m->n++] = eq + 1;
	}
}

int
rd_mapfind(const struct rd_map *m, const char *role)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->role[i], role) == 0)
			return i;
	return -1;
}

void
rd_mapvet(const struct rd_map *m, const struct kind *k,
    const char *const *names, int n)
{
	static const struct kind *const kinds[] = { &kind_insn, &kind_dma,
	    &kind_cc };
	char list[NP_LISTBUF], near[256];
	size_t len = 0;
	int i, c, j;

	for (i = 0; i < m->n; i++) {
		for (j = 0; j < n; j++)
			if (strcmp(names[j], m->role[i]) == 0)
				break;
		if (j < n)
			continue;
		for (j = 0; j < 3; j++)
			if (kind_col(kinds[j], m->role[i]) >= 0)
				break;
		if (j < 3 || sc_isfield(m->role[i], strlen(m->role[i])))
			continue;
		list[0] = '\0';
		for (c = 0; k && c < k->ncol; c++)
			np_listadd(list, &len, k->col[c].name,
			    strlen(k->col[c].name));
		for (c = 0; c < n; c++)
			np_listadd(list, &len, names[c], strlen(names[c]));
		sc_closest(near, sizeof near, m->role[i], list, 3, NULL,
		    NULL);
		np_die("NP_COLUMNS: expected a role (a column np writes, a "
		    "field of schema 7 or a column an option names), found "
		    "'%s'%s%s%s", m->role[i], *near ? " (closest: " : "", near,
		    *near ? ")" : "");
	}
}

/* The mapping of role name, or -1. */
static int
mapfind(const struct reader *r, const char *name)
{
	return rd_mapfind(&r->map, name);
}

/* The input column NP_COLUMNS maps name (column c) to, added as its best
 * name: 1, where its own names' prefs start; else 0. */
static int
mapname(struct reader *r, const char *name, int c, enum coltype type)
{
	int m = mapfind(r, name);

	if (m < 0)
		return 0;
	addname(r->names, r->map.col[m], strlen(r->map.col[m]), c, 0, type);
	r->mapbits |= (uint32_t)1 << c;
	return 1;
}

static void
hashnames(struct reader *r)
{
	const struct kind *k = r->k;
	int c, pref;
	const char *p, *e;

	r->names = np_calloc(NAMES, sizeof *r->names);
	/* Mapped columns first: the first column to claim a name has it. */
	for (c = 0; c < k->ncol; c++)
		mapname(r, k->col[c].name, c, k->col[c].type);
	for (c = 0; c < k->ncol; c++) {
		pref = r->mapbits >> c & 1;
		addname(r->names, k->col[c].name, strlen(k->col[c].name), c,
		    pref, k->col[c].type);
		for (p = k->col[c].from, pref++; p && *p; pref++) {
			e = strchr(p, ' ');
			if (!e)
				e = p + strlen(p);
			addname(r->names, p, (size_t)(e - p), c, pref,
			    k->col[c].type);
			p = *e ? e + 1 : e;
		}
	}
}

static inline const struct rd_name *
lookup(const struct reader *r, const char *s, size_t n)
{
	const struct rd_name *names = r->names;
	uint64_t a, b;
	size_t h;

	namewords(s, n, &a, &b);
	for (h = namehash(a, b, n); names[h].s; h = (h + 1) % NAMES)
		if (samename(&names[h], s, n, a, b))
			return &names[h];
	return NULL;
}

/* A column's type and flags: a further column's are as rd_column was
 * given them (-c: text, as the input spells it). */
static enum coltype
coltype(const struct reader *r, int c)
{
	return c < r->k->ncol ? r->k->col[c].type :
	    r->extratype[c - r->k->ncol];
}

static unsigned
colflags(const struct reader *r, int c)
{
	return c < r->k->ncol ? r->k->col[c].flags :
	    r->extraflags[c - r->k->ncol];
}

/* A column's output name. */
static const char *
colname(const struct reader *r, int c)
{
	return c < r->k->ncol ? r->k->col[c].name : r->extra[c - r->k->ncol];
}

/*
 * Who asks for further column i, for a message: "given to -g", the option
 * that named it, or for a column the program reads of its own (an opt of
 * ""), "read by np-bound".
 */
static const char *
askedby(const struct reader *r, int i, char *buf, size_t size)
{
	if (r->extraopt[i][0])
		snprintf(buf, size, "given to -%s", r->extraopt[i]);
	else
		snprintf(buf, size, "read by %s", progname);
	return buf;
}

/* The profiler text formats, each of one kind. */
static const struct textfmt *const textfmts[] = {
	&showtrace_insn, &showtrace_cc, &showdma,
};

/*
 * Column c is a time: its notes, for a value that is NaN or infinite, or
 * beyond 64 bits of ns.  The row's start, end and duration make the row
 * unusable; any other time is taken as missing.
 */
static void
timenotes(struct reader *r, int c)
{
	const struct kind *k = r->k;
	const char *name = colname(r, c);
	char (*tn)[RD_TIMENOTE] = r->timenote[r->ntimecols];
	int row = c == k->start || c == k->end || c == k->dur;

	r->timecol[r->ntimecols++] = c;
	r->timebits |= (uint32_t)1 << c;
	snprintf(tn[TN_NONFINITE], RD_TIMENOTE, "rows with %s NaN or "
	    "infinite %s", name, row ? "skipped" : "taken as missing");
	snprintf(tn[TN_RANGE], RD_TIMENOTE, "rows with %s beyond 64 bits "
	    "of ns %s", name, row ? "skipped" : "taken as missing");
}

void
rd_open(struct reader *r, const struct kind *k, char **files, int n)
{
	static char *stdin_only[] = { "-" };
	int c;

	memset(r, 0, sizeof *r);
	r->k = k;
	r->files = n ? files : stdin_only;
	r->nfiles = n ? n : 1;
	r->unit = "ns";
	r->want = UINT32_MAX;
	if (k->start >= 0 && k->end >= 0 && k->dur >= 0)
		r->sedbits = (uint32_t)1 << k->start | (uint32_t)1 << k->end |
		    (uint32_t)1 << k->dur;
	r->rec.arena = np_malloc(REC_ARENA);
	rd_mapread(&r->map);
	hashnames(r);
	for (c = 0; c < (int)(sizeof textfmts / sizeof textfmts[0]); c++)
		if (textfmts[c]->kind == k)
			r->tf = textfmts[c];
	for (c = 0; c < k->ncol; c++) {
		if (k->col[c].flags & C_TIME)
			timenotes(r, c);
		if (k->col[c].type == T_NUM &&	/* text and counts are not */
		    sc_isfloat(k->col[c].name, strlen(k->col[c].name)))
			r->floatbits |= (uint32_t)1 << c;
	}
	r->own.fd = -1;
	r->in = &r->own;
}

void
rd_use(struct reader *r, struct src *in)
{
	r->in = in;
}

void
rd_files(struct reader *r, char **files, int n, int isopen)
{
	r->files = files;
	r->nfiles = n;
	r->next = 0;
	r->inopen = isopen;
}

int
rd_column(struct reader *r, const char *name, const char *opt,
    enum coltype type, unsigned flags, const char *synopsis)
{
	const struct kind *k = r->k;
	const struct rd_name *nm;
	int i = r->nextra, c = k->ncol + i;

	if ((nm = lookup(r, name, strlen(name)))) {
		np_warn("-%s: '%s' is read as the %s column %s already", opt,
		    name, k->name, colname(r, nm->col));
		np_usage(synopsis);
	}
	if (c == REC_MAXCOL) {
		np_warn("-%s: more than %d columns outside the %s record",
		    opt, REC_MAXCOL - k->ncol, k->name);
		np_usage(synopsis);
	}
	r->extra[i] = name;
	r->extraopt[i] = opt;
	r->extratype[i] = type;
	r->extraflags[i] = flags;
	addname(r->names, name, strlen(name), c, mapname(r, name, c, type),
	    type);
	r->want |= (uint32_t)1 << c;
	if (type != T_TEXT)
		r->rec.xnum |= (uint32_t)1 << c;
	if (flags & C_TIME)
		timenotes(r, c);
	switch (sc_type(name, strlen(name))) {
	case SCT_FLOAT:
		r->floatbits |= (uint32_t)1 << c;
		break;
	case SCT_UNKNOWN:
		r->untypedbits |= (uint32_t)1 << c;
		/* FALLTHROUGH */
	case SCT_NUMBER:
		if (type == T_TEXT)
			r->respellbits |= (uint32_t)1 << c;
		break;
	}
	r->nextra = r->rec.nextra = i + 1;
	return c;
}

void
rd_extra(struct reader *r, char *arg, const char *synopsis)
{
	const struct kind *k = r->k;
	char *name[REC_MAXCOL];
	int i, j, n;

	n = np_optlist("c", arg, name, REC_MAXCOL, "column names");
	if (n > REC_MAXCOL - k->ncol - r->nextra) {
		np_warn("-c: at most %d columns, found %d", REC_MAXCOL -
		    k->ncol - r->nextra, n);
		np_usage(synopsis);
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (strcmp(name[i], name[j]) == 0) {
				np_warn("-c: '%s' given twice", name[i]);
				np_usage(synopsis);
			}
	for (i = 0; i < n; i++)
		rd_column(r, name[i], "c", T_TEXT, 0, synopsis);
}

static void
putheader(struct reader *r)
{
	r->hdrwant = 0;
	row_header(r->k, r->extra, r->nextra);
}

void
rd_header(struct reader *r)
{
	if (r->begun)
		putheader(r);
	else
		r->hdrwant = 1;
}

/* Rows are about to come: the header goes first. */
static void
begin(struct reader *r)
{
	r->begun = 1;
	if (r->hdrwant)
		putheader(r);
}

/* A further column the input lacks (has: bit c, column c is there), or
 * -1. */
static int
missingextra(const struct reader *r, uint32_t has)
{
	int i;

	for (i = 0; i < r->nextra; i++)
		if (!(has >> (r->k->ncol + i) & 1))
			return i;
	return -1;
}

static const char *closestto(const struct reader *, int, const char *,
    char *, size_t);
static const char *schemanote(const struct reader *, char *, size_t);

/* " (closest: a, b)" for a further column i, or "". */
static const char *
nearextra(const struct reader *r, int i, const char *list, char *buf,
    size_t size)
{
	char near[256];

	closestto(r, r->k->ncol + i, list, near, sizeof near);
	if (strcmp(near, "none") == 0)
		buf[0] = '\0';
	else
		snprintf(buf, size, " (closest: %s)", near);
	return buf;
}

/* A further column the file's header lacks: "file:LINE:1: ...". */
static void
needextras(const struct reader *r, uint32_t has, const char *list,
    long line)
{
	char near[300], sn[96], by[64];
	int i = missingextra(r, has);

	if (i >= 0)
		np_die_at(r->in->name, line, 1, "expected a column '%s' (%s), "
		    "found none in the header%s, which has: %s%s", r->extra[i],
		    askedby(r, i, by, sizeof by), nearextra(r, i, list, near,
		    sizeof near), list, schemanote(r, sn, sizeof sn));
}

void
rd_want(struct reader *r, uint32_t mask)
{
	const struct kind *k = r->k;
	int i;

	for (i = 0; i < r->nextra; i++)	/* always read: they are written */
		mask |= (uint32_t)1 << (k->ncol + i);
	if (k->start >= 0)
		mask |= 1u << k->start;
	if (k->end >= 0)
		mask |= 1u << k->end;
	if (k->dur >= 0)
		mask |= 1u << k->dur;
	r->want = mask;
	memset(r->keys, 0, sizeof r->keys);	/* whose take was the old */
}

int
rd_isunit(const char *unit)
{
	return !strcmp(unit, "ps") || !strcmp(unit, "ns") || !strcmp(unit, "us");
}

int
rd_setunit(struct reader *r, const char *unit)
{
	if (!rd_isunit(unit))
		return 0;
	r->unit = unit;
	return 1;
}

/* Scales an integer time in the input unit to ns. */
static int64_t
rd_time(const struct reader *r, int64_t v)
{
	if (r->unit[0] == 'p')	/* ps: to the nearest ns, without overflow */
		return v / 1000 + (v % 1000 >= 500) - (v % 1000 <= -500);
	if (r->unit[0] == 'u')
		return v * 1000;
	return v;
}

/* The position the user gave the field name, or 0. */
static int
rd_pos(const struct reader *r, const char *name)
{
	int i;

	for (i = 0; i < r->npos; i++)
		if (strcmp(r->posname[i], name) == 0)
			return r->pos[i];
	return 0;
}

/* Is word one of the space-separated words in list? */
static int
wordin(const char *word, const char *list)
{
	size_t n = strlen(word);
	const char *p;

	for (p = list; p && *p; p++) {
		if (strncmp(p, word, n) == 0 && (p[n] == ' ' || !p[n]))
			return 1;
		if (!(p = strchr(p, ' ')))
			break;
	}
	return 0;
}

/* Overrides text field positions: "ts=5,engine=2"; 0 with a message in
 * err on a bad spec. */
static int
rd_setpos(struct reader *r, const char *spec, char *err, size_t errlen)
{
	char *buf = r->posbuf, *item[RD_MAXPOS], *p, *eq;
	int64_t v;
	int i, n;

	if (strlen(spec) >= sizeof r->posbuf) {
		snprintf(err, errlen, "field positions too long");
		return 0;
	}
	strcpy(buf, spec);
	n = np_optlist("F", buf, item, RD_MAXPOS, "field positions");
	for (i = 0; i < n; i++) {
		p = item[i];
		eq = strchr(p, '=');
		if (!eq || eq == p || !num_i64(eq + 1, strlen(eq + 1), &v) ||
		    v < 1 || v > SRC_MAXFIELDS) {
			snprintf(err, errlen, "expected NAME=POSITION (1 to %d), "
			    "found '%s'", SRC_MAXFIELDS, p);
			return 0;
		}
		*eq = '\0';
		if (!wordin(p, r->tf ? r->tf->fields : NULL)) {
			snprintf(err, errlen, "unknown field '%s' (known: %s)",
			    p, r->tf ? r->tf->fields : "none");
			return 0;
		}
		if (rd_pos(r, p)) {
			snprintf(err, errlen, "field '%s' given twice", p);
			return 0;
		}
		r->posname[r->npos] = p;
		r->pos[r->npos++] = (int)v;
	}
	return 1;
}

void
rd_options(struct reader *r, const char *unit, const char *pos,
    const char *synopsis)
{
	char err[128];

	if (unit && !rd_setunit(r, unit)) {
		np_warn("-u: expected ps, ns or us, found '%s'", unit);
		np_usage(synopsis);
	}
	if (pos && !rd_setpos(r, pos, err, sizeof err)) {
		np_warn("-F: %s", err);
		np_usage(synopsis);
	}
}

void
rd_note(struct reader *r, const char *what, long line)
{
	r->filenotes++;
	note_add(&r->notes, what, 1, r->in->name, line);
}

static void report(struct reader *);

void
rd_close(struct reader *r)
{
	report(r);
	free(r->rec.arena);
	r->rec.arena = NULL;
	json_free(&r->j);
	free(r->t.hdr);
	r->t.hdr = NULL;
	free(r->own.buf);
	r->own.buf = NULL;
	free(r->textst);
	r->textst = NULL;
	free(r->names);
	r->names = NULL;
}

/* "expected <what> for '<inname>', found '<s>'" at the value; in JSON,
 * the value just read, whose byte offset the parser knows. */
static _Noreturn void
badvalue(struct reader *r, long line, long col, const char *what,
    const char *inname, const char *s, size_t n)
{
	char buf[TSV_SHOWN];

	tsv_shown(buf, s, n, 40);
	if (r->fmt == FMT_JSON)
		json_fail(&r->j, "expected %s for '%s', found '%s'", what,
		    inname, buf);
	if (r->fmt == FMT_PARQUET)
		np_die("%s: row %ld: column '%s': expected %s, found '%s'",
		    r->in->name, line, inname, what, buf);
	np_die_at(r->in->name, line, col, "expected %s for '%s', found '%s'",
	    what, inname, buf);
}

void
rd_set(struct reader *r, struct record *rec, int c, int pref,
    const char *s, size_t n, long line, long col, const char *inname)
{
	struct field *f = &rec->f[c];

	if (f->set && f->pref < pref)
		return;		/* a better-named input already set it */
	if (coltype(r, c) == T_TEXT) {
		f->s = rec_keep(rec, s, n);
		f->len = n;
	} else if (num_i64(s, n, &f->i)) {
		f->isint = 1;
	} else if (num_f64(s, n, &f->d)) {
		f->isint = 0;
		if (r->untypedbits >> c & 1 && r->fmt != FMT_PARQUET &&
		    num_widened(s, n, f->d))
			f->d = num_float(f->d);
		if (f->d == floor(f->d) && num_inint64(f->d)) {
			f->isint = 1;	/* a whole number prints as one */
			f->i = (int64_t)f->d;
		} else if (coltype(r, c) == T_INT &&
		    !(colflags(r, c) & C_TIME) && isfinite(f->d) &&
		    f->d != floor(f->d))
			/* A count or an index; times are rounded later. */
			badvalue(r, line, col, "a whole number", inname, s, n);
	} else
		badvalue(r, line, col, "a number", inname, s, n);
	rec_mark(rec, c);
	f->pref = (unsigned char)pref;
	f->line = line;
	f->col = col;
}

/*
 * A JSON row's field already set, when its column is read again: 1 when a
 * better-named input set it (it stays); a key the row has twice is an
 * error, as a TSV header naming a column twice is.
 */
static NP_COLD int
setagain(struct json *j, const struct field *f, const struct rd_name *nm)
{
	if (f->pref == nm->pref)
		json_fail(j, "expected each column once, found '%s' again",
		    nm->cname);
	return f->pref < nm->pref;
}

/* rd_set, for a text column of a JSON row and the string just read. */
static inline void
settext(struct json *j, struct record *rec, const struct rd_name *nm)
{
	struct field *f = &rec->f[nm->col];

	if (f->set && setagain(j, f, nm))
		return;		/* a better-named input already set it */
	f->s = rec_keep(rec, j->s, j->len);
	f->len = j->len;
	rec_mark(rec, nm->col);
	f->pref = (unsigned char)nm->pref;
	f->line = j->line;
	f->col = j->col;
}

/* rd_set, for a number column of a JSON row and an integer the JSON
 * parser has just read (json.h): its value, as num_i64 would make it of
 * the text. */
static inline void
setint(struct json *j, struct record *rec, const struct rd_name *nm)
{
	struct field *f = &rec->f[nm->col];

	if (f->set && setagain(j, f, nm))
		return;		/* a better-named input already set it */
	f->i = j->ival;
	f->isint = 1;
	rec_mark(rec, nm->col);
	f->pref = (unsigned char)nm->pref;
	f->line = j->line;
	f->col = j->col;
}

/*
 * Times and durations to whole ns, before the missing one of start, end
 * and duration is derived: derived from rounded values, it agrees with
 * them as printed.  A time that is NaN, infinite or beyond 64 bits of ns
 * makes the row unusable when it is the row's start, end or duration (0:
 * counted, and the row left out); any other time (a wait) is then missing,
 * and counted.
 */
static int
scaletimes(struct reader *r, struct record *rec)
{
	const struct kind *k = r->k;
	double mul;
	struct field *f;
	int i, c, bad;
	uint32_t m;

	/* The usual row: ns, its times whole: nothing to do. */
	if (r->unit[0] == 'n') {
		if (r->fmt == FMT_PARQUET && r->pqtimeswhole)
			return 1;
		for (m = rec->has & r->timebits; m; m &= m - 1)
			if (!rec->f[__builtin_ctz(m)].isint)
				break;
		if (!m)
			return 1;
	}
	mul = r->unit[0] == 'p' ? 1e-3 : r->unit[0] == 'u' ? 1e3 : 1;
	for (i = 0; i < r->ntimecols; i++) {
		c = r->timecol[i];
		f = &rec->f[c];
		if (!f->set || (f->isint && mul == 1))
			continue;
		bad = 0;
		if (f->isint && r->unit[0] == 'u' && (f->i > INT64_MAX / 1000 ||
		    f->i < INT64_MIN / 1000))
			bad = TN_RANGE;
		else if (f->isint)
			f->i = rd_time(r, f->i);
		else if (num_inint64(f->d * mul)) {
			f->i = (int64_t)llround(f->d * mul);
			f->isint = 1;
		} else
			bad = isfinite(f->d) ? TN_RANGE : TN_NONFINITE;
		if (!bad)
			continue;
		rd_note(r, r->timenote[i][bad], rec->line);
		if (c == k->start || c == k->end || c == k->dur)
			return 0;
		rec_unmark(rec, c);
	}
	return 1;
}

/*
 * The row's start, end and duration, made whole ns and completed: 0 when
 * they make the row unusable (counted): a time that is NaN, infinite or
 * beyond 64 bits of ns, given or derived, a negative duration given, or an
 * end before the start.
 */
static int
rowtimes(struct reader *r, struct record *rec)
{
	const struct kind *k = r->k;
	int c, i, durgiven;

	if (!scaletimes(r, rec))
		return 0;
	durgiven = k->dur >= 0 && rec->f[k->dur].set;
	/* A row with all three has none to work out: no call. */
	if ((rec->has & r->sedbits) != r->sedbits &&
	    (c = rec_complete(k, rec)) >= 0) {
		for (i = 0; r->timecol[i] != c; i++)
			;
		rd_note(r, r->timenote[i][TN_RANGE], rec->line);
		return 0;
	}
	if (durgiven && rec->f[k->dur].i < 0) {
		rd_note(r, "rows with a negative duration_ns skipped",
		    rec->line);
		return 0;
	}
	if (k->start >= 0 && k->end >= 0 && rec->f[k->start].set &&
	    rec->f[k->end].set && rec->f[k->end].i < rec->f[k->start].i) {
		rd_note(r, "rows with end_ts before start_ts skipped",
		    rec->line);
		return 0;
	}
	return 1;
}

/* ---- sniffing ---- */

/* Looks at the start of the file: which format, or dies. */
static int
sniff(struct reader *r)
{
	struct src *in = r->in;
	const char *p, *nl, *or = r->tf ? " or " : "",
	    *text = r->tf ? r->tf->name : "";
	char *line;
	long lineno;

	switch (src_sniff(in, "text (JSON, TSV, CSV or profiler output)",
	    &line, &lineno)) {
	case SRC_JSON:
		return FMT_JSON;
	case SRC_TSV:
		return FMT_TSV;
	case SRC_CSV:
		return FMT_CSV;
	case SRC_TEXT:
		if (r->tf)
			return FMT_TEXT;
		for (p = line; *p == ' ' || *p == '\t'; p++)
			;
		nl = strchr(p, '\n') ? strchr(p, '\n') : p + strlen(p);
		np_die_at(in->name, lineno, (long)(p - line) + 1,
		    "expected JSON, TSV or CSV with a header (%s has no text "
		    "format), found '%.*s'", r->k->name,
		    (int)(nl - p > 40 ? 40 : nl - p), p);
	case SRC_LONG:
		np_die("%s: more than %d bytes of blank or log lines, expected "
		    "JSON, TSV, CSV%s%s", in->name, SRC_BUFSZ, or, text);
	case SRC_EMPTY:
		np_die("%s: empty input, expected JSON, TSV, CSV%s%s",
		    in->name, or, text);
	}
	np_die("%s: only blank or log lines, expected JSON, TSV, CSV%s%s",
	    in->name, or, text);
}

/* ---- which table ---- */

/*
 * After a header or a file's first row: if it holds another table's own
 * columns and none of the kind's tables', the input is the wrong one, and
 * is named, rather than read as rows with the kind's columns missing.  A
 * row of columns every kind has (start_ts, duration) is read as it is,
 * unless the file's name gives another table (sc_byname).
 */
static void
vet(struct reader *r, const struct sc_votes *v, long line, long col)
{
	const char *what, *readers;

	if (!r->k->tables)
		return;		/* rows of any table */
	if (sc_unread(v, &what, &readers))
		np_die_at(r->in->name, line, col, "expected %s rows (with a "
		    "column such as %s), found %s (read by %s)", r->k->name,
		    r->k->ident, what, readers);
	if (!sc_has(v, r->k->tables) && sc_best(v, &what, &readers))
		np_die_at(r->in->name, line, col, "expected %s rows (with a "
		    "column such as %s), found %s (read by %s)", r->k->name,
		    r->k->ident, what, readers);
	if (sc_byname(r->in->name, r->k->tables, v, &what, &readers))
		np_die_at(r->in->name, line, col, "expected %s rows (with a "
		    "column such as %s), found %s, by the file's name (read "
		    "by %s)", r->k->name, r->k->ident, what, readers);
}

/* A header's column name, as a vote for the tables it is a column of: a
 * column NP_COLUMNS maps votes as its role. */
static void
vote(const struct reader *r, struct sc_votes *v, const char *name, size_t n)
{
	int i;

	for (i = 0; i < r->map.n; i++)
		if (strlen(r->map.col[i]) == n &&
		    memcmp(r->map.col[i], name, n) == 0) {
			name = r->map.role[i];
			n = strlen(name);
			break;
		}
	sc_vote(v, name, n);
}

/* NP_COLUMNS' roles, checked once the program has named its columns. */
static void
vetmap(struct reader *r)
{
	r->mapvetted = 1;
	rd_mapvet(&r->map, r->k, r->extra, r->nextra);
}

/* Is the name one the reader reads a column by?  Such an input column
 * is no other's closest. */
static int
known(void *arg, const char *s, size_t n)
{
	return lookup(arg, s, n) != NULL;
}

/* "; profile schema V (its Metadata table)", for a file of a profile
 * directory whose Metadata gives its version; else "". */
static const char *
schemanote(const struct reader *r, char *buf, size_t size)
{
	buf[0] = '\0';
	if (r->schema[0] && strcmp(r->in->name, r->operand) != 0)
		snprintf(buf, size, "; profile schema %s (its Metadata "
		    "table)", r->schema);
	return buf;
}

/* "a, b" for the names of list closest to column c's (its own, then
 * those it is also read from), or "none". */
static const char *
closestto(const struct reader *r, int c, const char *list, char *buf,
    size_t size)
{
	char want[256];
	const char *from = c < r->k->ncol ? r->k->col[c].from : NULL;
	int m = mapfind(r, colname(r, c));

	/* A mapping's column first: it may be a slip of the pen. */
	snprintf(want, sizeof want, "%s%s%s%s%s", m >= 0 ? r->map.col[m] : "",
	    m >= 0 ? " " : "", colname(r, c), from ? " " : "",
	    from ? from : "");
	if (!sc_closest(buf, size, want, list, 3, known, (void *)r))
		snprintf(buf, size, "none");
	return buf;
}

/* Dies with msg: at the header's line in a TSV or CSV file, else naming
 * the file. */
static _Noreturn void
colfail(const struct reader *r, long line, const char *msg)
{
	if (r->fmt == FMT_TSV || r->fmt == FMT_CSV)
		np_die_at(r->in->name, line, 1, "%s", msg);
	np_die("%s: %s", r->in->name, msg);
}

/*
 * Once the input's columns are known (has: bit c, column c is among
 * them; list: their names, space-separated; where: "in the header"): a
 * column NP_COLUMNS maps that the input lacks, under that name and its
 * own, is an error; so is the kind's start time, when neither it nor the
 * end and duration that give it are there (every row would be left out).
 * Each error names the columns closest to the one missing, and the
 * profile's schema.
 */
static void
needcols(struct reader *r, uint32_t has, const char *list, const char *where,
    long line)
{
	const struct kind *k = r->k;
	char msg[2048], near[512], sn[96];
	uint32_t m;
	size_t len;
	int c, i;

	for (m = r->mapbits & r->want & ~has; m; m &= m - 1) {
		c = __builtin_ctz(m);
		i = mapfind(r, colname(r, c));
		snprintf(msg, sizeof msg, "NP_COLUMNS: %s=%s: expected a column "
		    "'%s' (or '%s'), found none %s (closest to %s: %s)%s",
		    r->map.role[i], r->map.col[i], r->map.col[i], r->map.role[i],
		    where, r->map.role[i], closestto(r, c, list, near,
		    sizeof near), schemanote(r, sn, sizeof sn));
		colfail(r, line, msg);
	}
	if (k->start < 0 || k->end < 0 || k->dur < 0 || (has >> k->start & 1) ||
	    ((has >> k->end & 1) && (has >> k->dur & 1)))
		return;
	/* The start is missing: what is close to it, and to the end or
	 * duration missing beside the other. */
	len = (size_t)snprintf(msg, sizeof msg, "expected a column for %s (or "
	    "%s and %s, which give it), found none %s (closest to %s: %s",
	    colname(r, k->start), colname(r, k->end), colname(r, k->dur),
	    where, colname(r, k->start), closestto(r, k->start, list, near,
	    sizeof near));
	c = has >> k->end & 1 ? k->dur : has >> k->dur & 1 ? k->end : -1;
	if (c >= 0 && len < sizeof msg)
		len += (size_t)snprintf(msg + len, sizeof msg - len, "; to %s: "
		    "%s", colname(r, c), closestto(r, c, list, near,
		    sizeof near));
	if (len < sizeof msg)
		snprintf(msg + len, sizeof msg - len, "); NP_COLUMNS="
		    "ROLE=COLUMN reads one from another column (np(7), "
		    "ENVIRONMENT)%s", schemanote(r, sn, sizeof sn));
	colfail(r, line, msg);
}

/* ---- JSON ---- */

/*
 * Between rows: lines before the first (captured with 2>&1), and logrus
 * lines after it, are passed over and counted; other text after JSON
 * means the file changes format there, which is said as such.
 */
static int
passlines(struct json *j, const char *p, size_t n)
{
	struct reader *r = j->arg;
	const char *nl;

	if (j->values == 0 || src_islog(p, n))
		return 1;
	/* At most 40 bytes: the parser has those in, however reads fell. */
	if (n > JSON_PASSOVER_BYTES - 1)
		n = JSON_PASSOVER_BYTES - 1;
	nl = memchr(p, '\n', n);
	n = nl ? (size_t)(nl - p) : n;
	if (n > 0 && p[n - 1] == '\r')
		n--;
	if (n > 0 && src_isbinary((unsigned char)*p))
		np_die_at(r->in->name, r->in->line, src_col(r->in, p),
		    "expected JSON (as the file began) or a log line, found "
		    "byte 0x%02x (byte offset %lld)", src_byte(r->in, p),
		    (long long)(r->in->base + (p - r->in->buf)));
	np_die_at(r->in->name, r->in->line, src_col(r->in, p), "expected JSON "
	    "(as the file began) or a log line, found text '%.*s': the file "
	    "changes format here", (int)n, p);
}

/* A line inside a JSON value that stops the parser: a log line is named
 * (they are passed over only between top-level values). */
static const char *
strayline(const struct json *j, const char *p, size_t n)
{
	(void)j;
	return src_islog(p, n) ? "a log line" : NULL;
}

/* A member's value that is not the usual string of a text column or
 * integer of a number column, taken (t) for the column of nm. */
static void
jsonvalue(struct reader *r, struct record *rec, const struct rd_name *nm,
    enum json_tok t)
{
	struct json *j = &r->j;
	char buf[DEC_BUFSZ];
	size_t n;

	if (rec->f[nm->col].set && setagain(j, &rec->f[nm->col], nm))
		return;		/* a better-named input already set it */
	switch (t) {
	case JSON_NUM:
		if (!j->isint && r->respellbits >> nm->col & 1 &&
		    (n = dec_respell(buf, j->s, j->len,
		    (int)(r->untypedbits >> nm->col & 1)))) {
			rd_set(r, rec, nm->col, nm->pref, buf, n, j->line,
			    j->col, nm->cname);
			break;
		}
		/* FALLTHROUGH */
	case JSON_STR:
		rd_set(r, rec, nm->col, nm->pref, j->s, j->len, j->line,
		    j->col, nm->cname);
		break;
	case JSON_NULL:
		/* Not set, but the column is in the input. */
		r->seen |= (uint32_t)1 << nm->col;
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		if (nm->type == T_TEXT) {
			rd_set(r, rec, nm->col, nm->pref, t == JSON_TRUE ?
			    "true" : "false", t == JSON_TRUE ? 4 : 5, j->line,
			    j->col, nm->cname);
			break;
		}
		/* FALLTHROUGH */
	default:
		json_fail(j, "expected a %s for '%s', found %s",
		    nm->type == T_TEXT ? "string" : "number", nm->cname,
		    json_tokname(t));
	}
}

/*
 * Rows of any table, the first row's member key (not a column read): a
 * table's array of rows there makes the file a view export, whose tables
 * the programs of each kind read.
 */
static void
notexport(struct reader *r, const char *key, size_t klen)
{
	struct json *j = &r->j;
	char name[64];

	snprintf(name, sizeof name, "%.*s", (int)(klen < 40 ? klen : 40),
	    key);
	if (json_peek(j) != JSON_ARR)
		return;
	json_fail(j, "expected rows of one table (an object a row), found "
	    "a view export's table '%s': take its rows with np-trace, np-dma "
	    "or np-cc (-c naming further columns) and read their TSV", name);
}

/*
 * Reads the members of a row object whose '{' is taken; key, when not NULL,
 * is a first member already read (its value is due).  A key that is the
 * one the last row had in its place is taken as that (json_keyis); the
 * places past RD_KEYS share the last.
 */
static void
jsonrow(struct reader *r, struct record *rec, const char *key, size_t klen)
{
	struct json *j = &r->j;
	const struct rd_name *nm;
	struct rd_key *rk;
	enum json_tok t;
	int i;

	long line = r->objline, col = r->objcol;	/* its '{' */

	rec->file = r->in->name;
	rec->line = j->line;
	if (key && r->listing)	/* the caller has voted it */
		np_listadd(r->list, &r->nlist, key, klen);
	/* The usual row: each key where the last row had it, whose column
	 * and whether it is read are known, in a loop of its own; from the
	 * first that is not (or the row's end), the loop below. */
	i = 0;
	if (!key && !r->listing)
		for (; i < RD_KEYS - 1 && r->keys[i].k.len; i++) {
			rk = &r->keys[i];
			t = json_member(j, &rk->k, rk->take);
			if (t == JSON_KEY)
				continue;	/* its value passed over */
			if (t == JSON_EOF)
				break;
			nm = rk->nm;
			if (t == JSON_STR && nm->type == T_TEXT)
				settext(j, rec, nm);
			else if (t == JSON_NUM && j->isint &&
			    nm->type != T_TEXT)
				setint(j, rec, nm);
			else
				jsonvalue(r, rec, nm, t);
		}
	for (;; i++) {
		rk = &r->keys[i < RD_KEYS ? i : RD_KEYS - 1];
		nm = rk->nm;
		if (!key && rk->k.len && !r->listing && (t = json_member(j,
		    &rk->k, rk->take)) != JSON_EOF) {
			if (t == JSON_KEY)
				continue;	/* its value passed over */
		} else {
			if (!key) {
				t = json_next(j);
				if (t == JSON_OBJ_END)
					break;
				key = j->s;
				klen = j->len;
				/* The file's first row (vetting implies
				 * listing). */
				if (r->listing) {
					if (r->vetting)
						vote(r, &r->votes, key, klen);
					np_listadd(r->list, &r->nlist, key, klen);
				}
			}
			nm = lookup(r, key, klen);
			if (!nm && r->vetting && !r->k->table)
				notexport(r, key, klen);
			if (json_keyset(&rk->k, key, klen)) {
				rk->nm = nm;
				rk->take = nm && r->want >> nm->col & 1;
			}
			key = NULL;
			if (!nm || !(r->want >> nm->col & 1)) {
				json_skip(j);
				continue;
			}
			t = json_next(j);
		}
		if (t == JSON_STR && nm->type == T_TEXT)
			settext(j, rec, nm);
		else if (t == JSON_NUM && j->isint && nm->type != T_TEXT)
			setint(j, rec, nm);
		else
			jsonvalue(r, rec, nm, t);
	}
	if (r->vetting) {
		/* A file's first row of rows not in a table says whose rows
		 * they are. */
		vet(r, &r->votes, line, col);
		r->vetting = 0;
	}
	r->listing = 0;		/* the first row's names are kept */
	r->seen |= rec->has;	/* the columns set, once a row */
}

/* The plain values met among what turned out to be an export's tables:
 * not what an export holds, so counted. */
static void
plainvalues(struct reader *r)
{
	if (r->plain == 0)
		return;
	r->filenotes += r->plain;
	note_add(&r->notes, "plain values among the tables skipped", r->plain,
	    r->in->name, r->plainline);
	r->plain = 0;
}

/* Next row from a JSON file, into rec: 1, or 0 at its end. */
static int
jsonnext(struct reader *r, struct record *rec)
{
	struct json *j = &r->j;
	enum json_tok t;
	char key[256];
	size_t klen;

	for (;;) {
		switch (r->jstate) {
		case J_TOP:
			t = json_next(j);
			if (t == JSON_EOF)
				return 0;
			if (t == JSON_ARR) {
				r->jstate = J_ARRAY;
				continue;
			}
			if (t != JSON_OBJ)
				json_fail(j, "expected an object or an array, "
				    "found %s", json_tokname(t));
			r->objline = j->line;
			r->objcol = j->col;
			memset(&r->votes, 0, sizeof r->votes);
			r->nlist = 0;	/* names of this object only */
			t = json_next(j);
			if (t == JSON_OBJ_END) {
				/* No table and no field: an empty export, or an
				 * empty row; either way, nothing read. */
				rd_note(r, "empty objects skipped", j->line);
				continue;
			}
			klen = j->len < sizeof key ? j->len : sizeof key - 1;
			memcpy(key, j->s, klen);
			if (!r->k->table) {
				/* Rows of any table: whatever its first
				 * member, a row (jsonrow knows an export). */
				r->sawrows = 1;
				jsonrow(r, rec, key, klen);
				return 1;
			}
			/*
			 * A name that is no column's: a view export, tables
			 * by name (after plain members such as "version"),
			 * or a row whose first field is an extra one.  The
			 * value is passed over either way; the kind's table,
			 * or a column's value, tells which.  Otherwise the
			 * object is itself a row (and a column holding a
			 * container is a type error, not a table to pass
			 * over).
			 */
			if (!lookup(r, key, klen)) {
				r->jstate = J_EITHER;
				r->plain = 0;
				goto table;
			}
			if (r->vetting)
				vote(r, &r->votes, key, klen);
			r->sawrows = 1;
			jsonrow(r, rec, key, klen);
			return 1;
		case J_TABLES:
		case J_EITHER:
			t = json_next(j);
			if (t == JSON_OBJ_END) {
				plainvalues(r);	/* an export after all */
				r->jstate = J_TOP;
				continue;
			}
			klen = j->len < sizeof key ? j->len : sizeof key - 1;
			memcpy(key, j->s, klen);
		table:
			if (r->vetting)
				vote(r, &r->votes, key, klen);
			if (klen == strlen(r->k->table) &&
			    memcmp(key, r->k->table, klen) == 0) {
				r->nlist = 0;	/* a table: its rows' names */
				t = json_next(j);
				if (t != JSON_ARR)
					json_fail(j, "expected an array of "
					    "rows for '%s', found %s",
					    r->k->table, json_tokname(t));
				plainvalues(r);
				r->jstate = J_TABLE;
				r->sawtable = 1;
				r->vetting = 0;	/* the table says */
				continue;
			}
			if (r->jstate == J_EITHER && lookup(r, key, klen)) {
				/* A row: what was passed over were extra
				 * fields (and a column holding a container is a
				 * type error, as ever). */
				r->jstate = J_TOP;
				r->sawrows = 1;
				jsonrow(r, rec, key, klen);
				return 1;
			}
			/* The first names of what may be a row. */
			if (r->listing)
				np_listadd(r->list, &r->nlist, key, klen);
			t = json_peek(j);
			if (t != JSON_ARR && t != JSON_OBJ) {
				/* Not what an export holds: counted, once
				 * the object is known to be one. */
				if (r->plain++ == 0)
					r->plainline = j->line;
				if (r->jstate == J_TABLES)
					plainvalues(r);
			}
			/* Other tables are skipped by design. */
			json_skip(j);
			continue;
		case J_TABLE:
		case J_ARRAY:
			t = json_next(j);
			if (t == JSON_ARR_END) {
				r->jstate = r->jstate == J_TABLE ? J_TABLES
				    : J_TOP;
				continue;
			}
			if (t != JSON_OBJ)
				json_fail(j, "expected an object for a row, "
				    "found %s", json_tokname(t));
			r->objline = j->line;
			r->objcol = j->col;
			memset(&r->votes, 0, sizeof r->votes);
			r->sawrows = 1;
			jsonrow(r, rec, NULL, 0);
			return 1;
		}
	}
}

/* ---- TSV ---- */

/* Maps the header's columns to the kind's; a header naming none of them
 * is not the kind's TSV (and would give an empty success). */
static void
tsvhead(struct reader *r)
{
	const struct rd_name *nm;
	struct sc_votes votes = { { 0 } };
	struct rd_tsvcol *w;
	char list[NP_LISTBUF];
	uint32_t has = 0;
	int i, j, known = 0;

	r->ntsvcol = r->ntsvresp = 0;
	for (i = 0; i < r->t.ncol; i++) {
		nm = lookup(r, r->t.name[i], strlen(r->t.name[i]));
		known += nm != NULL;
		if (nm)
			has |= (uint32_t)1 << nm->col;
		if (!nm || !(r->want >> nm->col & 1))
			continue;
		/* A column read twice: which one is meant is not known. */
		for (j = 0; j < i; j++)
			if (strcmp(r->t.name[j], r->t.name[i]) == 0)
				np_die_at(r->in->name, r->t.line,
				    (long)(r->t.name[i] - r->t.hdr) + 1,
				    "expected each column once, found '%s' "
				    "again", r->t.name[i]);
		w = &r->tsvcol[r->ntsvcol++];
		w->field = i;
		w->col = nm->col;
		w->pref = nm->pref;
		w->text = coltype(r, nm->col) == T_TEXT;
		w->shared = 0;
		if (r->respellbits >> nm->col & 1)
			r->tsvresp[r->ntsvresp++] = r->ntsvcol - 1;
		for (j = 0; j < r->ntsvcol - 1; j++)
			if (r->tsvcol[j].col == w->col)
				w->shared = r->tsvcol[j].shared = 1;
	}
	for (i = 0; i < r->t.ncol; i++)
		vote(r, &votes, r->t.name[i], strlen(r->t.name[i]));
	vet(r, &votes, r->t.line, 1);
	if (!known && r->k->ncol)
		np_die_at(r->in->name, r->t.line, 1, "expected a header with "
		    "%s column names (such as %s), found none", r->k->name,
		    r->k->col[0].name);
	np_names(list, (const char *const *)r->t.name, r->t.ncol);
	needcols(r, has, list, "in the header", r->t.line);
	needextras(r, has, list, r->t.line);
}

/*
 * rd_set for a field of a row split in place (quoted fields too, their
 * text shortened where it lies), at line and col: its text stays in the
 * input buffer, unmoved until the next row is read, so it is referred to,
 * not copied; and a number written as np writes integers is read without
 * a call.  Anything else goes through rd_set.
 */
static void
tsvset(struct reader *r, struct record *rec, const struct rd_tsvcol *w,
    long line, long col)
{
	struct tsv *t = &r->t;
	struct field *f = &rec->f[w->col];
	const char *s = t->f[w->field];
	size_t n = t->len[w->field];

	if (w->shared && f->set && f->pref < w->pref)
		return;		/* a better-named input already set it */
	if (w->text) {
		f->s = s;
		f->len = n;
	} else if (num_canon(s, n, &f->i)) {
		f->isint = 1;
	} else {
		rd_set(r, rec, w->col, w->pref, s, n, line, col,
		    t->name[w->field]);
		return;
	}
	rec_mark(rec, w->col);
	f->pref = (unsigned char)w->pref;
	f->line = line;
	f->col = col;
}

/*
 * The row's fields of further text columns (respellbits), whose numbers
 * CSV and TSV do not tell from text: each unquoted one that is a number
 * in np's spelling (dec_respell), as JSON's numbers are respelt, and a
 * widened float (untypedbits) as the float.  A quoted field is text, as
 * a JSON string is.
 */
static NP_COLD void
tsvrespell(struct reader *r, struct record *rec)
{
	const struct rd_tsvcol *w;
	struct tsv *t = &r->t;
	char buf[DEC_BUFSZ];
	struct field *f;
	size_t n;
	int i;

	for (i = 0; i < r->ntsvresp; i++) {
		w = &r->tsvcol[r->tsvresp[i]];
		f = &rec->f[w->col];
		if (!f->set || f->s != t->f[w->field] ||
		    (t->quotes && t->quoted[w->field]))
			continue;
		if (!(n = dec_respell(buf, f->s, f->len,
		    (int)(r->untypedbits >> w->col & 1))))
			continue;
		f->s = rec_keep(rec, buf, n);
		f->len = n;
		rec->textlen += n;
	}
}

static int
tsvnext(struct reader *r, struct record *rec)
{
	struct tsv *t = &r->t;
	const struct rd_tsvcol *w, *end = r->tsvcol + r->ntsvcol;
	int i;

	if (!tsv_next(t))
		return 0;
	rec->file = r->in->name;
	rec->line = t->line;
	for (w = r->tsvcol; w < end; w++) {
		i = w->field;
		if (w->text) {
			if (tsv_missing(t, i))
				continue;
			tsv_cell(t, i);
		} else if (t->len[i] == 0)
			continue;	/* "" in a number column: a null */
		/* Without quotes, f[0] is the line's start. */
		tsvset(r, rec, w, t->quotes ? t->fline[i] : t->line,
		    t->quotes ? t->fcol[i] : (long)(t->f[i] - t->f[0]) + 1);
	}
	if (rec->has & r->respellbits)
		tsvrespell(r, rec);
	return 1;
}

/* ---- profiler text ---- */

/* A text file starts: the format's state emptied, its field positions
 * taken from -F or else its defaults. */
static void
textstart(struct reader *r)
{
	const struct textfmt *tf = r->tf;
	int i, given;

	if (!r->textst)
		r->textst = np_calloc(1, tf->size);
	r->tx.in = r->in;
	r->tx.notes = &r->notes;
	for (i = 0; i < tf->nfields; i++) {
		given = rd_pos(r, tf->field[i]);
		r->tx.pos[i] = (given ? given : tf->defpos[i]) - 1;
	}
	r->tx.nsplit = tl_nsplit(r->tx.pos, tf->nfields);
	/* Rows the format writes itself are exactly the records rd_next would
	 * return: only where no time is scaled. */
	r->tx.rows = r->rows && strcmp(r->unit, "ns") == 0;
	r->tx.written = 0;
	r->tx.want = r->want;
	tf->start(r->textst, &r->tx);
	if (r->tx.rows)
		begin(r);	/* the format writes rows itself */
}

/* ---- Parquet ---- */

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
	    askedby(r, i, by, sizeof by), nearextra(r, i, list, near,
	    sizeof near), list,
	    !r->k->ncol && strcmp(r->operand, r->in->name) != 0 ?
	    " (a profile directory's rows are its Instruction table's; "
	    "another table is read by its file's name)" : "",
	    schemanote(r, sn, sizeof sn));
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
	for (i = 0; i < pq_ncols(&r->pq); i++) {
		pc = pq_col(&r->pq, i);
		vote(r, &votes, pc->name, strlen(pc->name));
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
		    pc->logical != PQ_L_DECIMAL)	/* respelt: pqset */
			pcol->how = PQ_TEXT;
		else if (pc->kind == PQ_INT && coltype(r, c) != T_TEXT &&
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
	vet(r, &votes, 0, 0);
	if (!known && k->ncol)
		np_die("%s: expected a table with %s columns (such as %s), "
		    "found none", r->in->name, k->name, k->col[0].name);
	pqnames(r, list);
	needcols(r, has, list, "in the file", 0);
	if ((i = missingextra(r, has)) >= 0)
		pqnoextra(r, i, list);
}

/* A value that does not fit the kind's column: "file: row N: ...". */
static _Noreturn void
pqbad(struct reader *r, int i, const char *what, const char *found)
{
	np_die("%s: row %ld: column '%s': expected %s, found %s", r->in->name,
	    r->pqrow, pq_col(&r->pq, r->pqsel[i])->name, what, found);
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
			if ((n = dec_respell(dnum, cell->s, cell->len, 0))) {
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
		/* As its shortest text would read in JSON; a FLOAT in the
		 * float's own fewest digits, as a float printer writes it
		 * (a FLOAT16 too: a float holds it exactly). */
		pc = pq_col(&r->pq, r->pqsel[i]);
		rd_set(r, rec, c, pref, num, pc->physical == PQ_T_FLOAT ||
		    pc->logical == PQ_L_FLOAT16 ?
		    num_fmt_f32(num, (float)cell->d) :
		    num_fmt_f64(num, cell->d), rec->line, 0, pc->name);
		break;
	}
	f->pref = (unsigned char)pref;
	f->line = rec->line;
}

/* Each column's cell in the current row, after its batch moved, and the
 * field it sets. */
static NP_COLD void
pqaim(struct reader *r)
{
	int i;

	for (i = 0; i < r->npq; i++) {
		r->pqat[i] = pq_selcell(&r->pq, r->pqcol[i].cur);
		r->pqf[i] = &r->rec.f[r->pqcol[i].col];
	}
	r->pqmoved = r->pq.moved;
	r->pqatrow = r->pq.row;
}

/*
 * The row's cells into the record: each column's cell d after the one
 * pqaim found (until a batch moves), the usual columns' in a loop per group
 * (pqorder), those of required columns without a look at a null and
 * their fields' bits set at once; the field's bit and the text's length
 * kept in registers until the end (stores through rec would make them
 * reloaded after each); rec is the reader's own (pqaim).  A usual column
 * alone sets its field: no preference is kept.
 */
static int
pqnext(struct reader *r, struct record *rec)
{
	const struct rd_pqcol *pcol = r->pqcol;
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
	has = rec->has | r->pqhas;
	textlen = rec->textlen;
	for (i = 0; i < r->pqwhole; i++) {
		cell = at[i] + d;
		f = fp[i];
		f->i = cell->i;
		f->set = 1;
		f->isint = 1;
		f->line = line;
	}
	for (; i < r->pqtext; i++) {
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

/* ---- files ---- */

/* "expected CcInstruction.parquet or CcOp.parquet (or split: ...)". */
static _Noreturn void
nodirtables(const struct reader *r, const char *dir)
{
	char names[256];
	const char *p = r->k->ptables, *e;
	size_t n = 0;

	if (!r->k->ncol)
		np_die("%s: a profile directory without an Instruction table, "
		    "whose rows a directory's are (expected Instruction.parquet "
		    "in it, or the table split into _0, _1, ... files); another "
		    "table is read by its file's name", dir);
	names[0] = '\0';
	for (; *p && n < sizeof names; p = *e ? e + 1 : e) {
		if (!(e = strchr(p, ' ')))
			e = p + strlen(p);
		n += (size_t)snprintf(names + n, sizeof names - n, "%s%.*s.parquet",
		    n ? " or " : "", (int)(e - p), p);
	}
	np_die("%s: a profile directory without %s tables (expected %s in "
	    "it, or the table split into _0, _1, ... files)", dir, r->k->name,
	    names);
}

/* What listed gathers: the columns of r named by the fields listed. */
struct listed {
	const struct reader *r;
	uint32_t cols;
};

static void
listfield(void *arg, const char *name, size_t n)
{
	struct listed *l = arg;
	const struct rd_name *nm;

	if ((nm = lookup(l->r, name, n)))
		l->cols |= (uint32_t)1 << nm->col;
}

/*
 * The fields the SchemaFields table of dir lists for r's tables, as bits
 * of r's columns (by any name r reads them by, NP_COLUMNS' too); 0, and
 * *described 0, when it lists none of r's tables or there is no such
 * table.
 */
static uint32_t
schemafields(struct reader *r, const char *dir, int *described)
{
	struct listed l = { r, 0 };

	*described = pd_fields(dir, r->k->ptables, listfield, &l);
	return l.cols;
}

/*
 * What the SchemaFields table says of a profile of another MAJOR: "; its
 * SchemaFields table lists no Instruction field start_ts, end_ts" for the
 * times and the further columns r reads that it does not list, or "".
 */
static const char *
unlisted(struct reader *r, const char *dir, char *buf, size_t size)
{
	uint32_t listed, need = r->sedbits;
	size_t len;
	const char *p, *e;
	int c, n = 0, described;

	buf[0] = '\0';
	if (!r->k->ptables)
		return buf;
	listed = schemafields(r, dir, &described);
	if (!described)
		return buf;
	need |= (r->nextra ? (((uint32_t)1 << r->nextra) - 1) : 0)
	    << r->k->ncol;
	if (!(need & ~listed))
		return buf;
	len = (size_t)snprintf(buf, size, "; its SchemaFields table lists no ");
	for (p = r->k->ptables; *p && len < size; p = *e ? e + 1 : e) {
		if (!(e = strchr(p, ' ')))
			e = p + strlen(p);
		len += (size_t)snprintf(buf + len, size - len, "%s%.*s",
		    p == r->k->ptables ? "" : " or ", (int)(e - p), p);
	}
	if (len < size)
		len += (size_t)snprintf(buf + len, size - len, " field");
	for (c = 0; c < r->k->ncol + r->nextra && len < size; c++)
		if (need >> c & 1 && !(listed >> c & 1))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    n++ ? ", " : " ", colname(r, c));
	return buf;
}

void
rd_checkdir(const char *dir, struct reader *r)
{
	char v[32], more[512];

	if (r)
		r->schema[0] = '\0';
	gate_dir(dir);
	if (!pd_version(dir, v, sizeof v))
		return;
	if (r)
		memcpy(r->schema, v, sizeof v);
	more[0] = '\0';
	if (r && !sc_known(v))
		unlisted(r, dir, more, sizeof more);
	sc_version(dir, v, more);
}

/* The next file to read: a file operand, or a directory's next table. */
static const char *
nextpath(struct reader *r)
{
	const char *path;

	for (;;) {
		if (r->dirnext < r->ndir)
			return r->dirfiles[r->dirnext++];
		if (r->next == r->nfiles)
			return NULL;
		path = r->files[r->next++];
		r->operand = path;
		r->schema[0] = '\0';
		if (!src_isdir(path))
			return path;
		r->dirnext = 0;
		rd_checkdir(path, r);	/* before a missing table's error */
		if ((r->ndir = pd_tables(path, r->k->ptables,
		    &r->dirfiles)) == 0)
			nodirtables(r, path);
	}
}

static void
openparquet(struct reader *r)
{
	const char *path = src_seekable(r->in->name);

	src_close(r->in);
	r->pqrow = 0;
	pq_open(&r->pq, path);
	r->pq.file = r->in->name;
	pqhead(r);
}

static int
openfile(struct reader *r)
{
	long logs, first = 0;

	const char *path;

	if (r->map.n && !r->mapvetted)
		vetmap(r);	/* before a directory's note */
	if (!(path = nextpath(r)))
		return 0;
	if (r->inopen)
		r->inopen = 0;	/* opened by the caller */
	else
		src_open(r->in, path);
	r->open = 1;
	r->filerecs = 0;
	r->filenotes = 0;
	r->tx.bad = 0;
	r->sawtable = r->sawrows = 0;
	r->fmt = src_isparquet(r->in) ? FMT_PARQUET : sniff(r);
	switch (r->fmt) {
	case FMT_PARQUET:
		openparquet(r);
		break;
	case FMT_JSON:
		json_init(&r->j, r->in);
		r->j.passover = passlines;
		r->j.stray = strayline;
		r->j.arg = r;
		r->jstate = J_TOP;
		r->vetting = 1;
		r->listing = 1;
		r->nlist = 0;
		r->list[0] = '\0';
		r->seen = 0;
		break;
	case FMT_TSV:
	case FMT_CSV:
		/* What sniff passed over before the header: logs counted. */
		if ((logs = src_passpreamble(r->in, &first)) > 0)
			note_add(&r->notes, NOTE_LOGS, logs, r->in->name, first);
		tsv_open(&r->t, r->in, r->fmt == FMT_CSV ? ',' : '\t');
		tsvhead(r);
		break;
	case FMT_TEXT:
		if (r->nextra)
			np_die("%s: -%s %s: profiler text (%s) has no further "
			    "columns; -%s reads them from JSON, TSV, CSV or "
			    "Parquet", r->in->name, r->extraopt[0], r->extra[0],
			    r->tf->name, r->extraopt[0]);
		textstart(r);
		break;
	}
	return 1;
}

static void
report(struct reader *r)
{
	note_report(&r->notes);
}

/* At the end of a JSON file with rows: a further column that must be
 * there and is in none of them is an error, naming the first row's. */
static void
jsonneeded(struct reader *r)
{
	char near[300], sn[96], by[64];
	int i, c;

	for (i = 0; i < r->nextra; i++) {
		c = r->k->ncol + i;
		if (!(r->extraflags[i] & RD_NEEDED) || (r->seen >> c & 1))
			continue;
		report(r);
		np_die("%s: expected a column '%s' (%s), found none "
		    "in its rows%s, the first of which has: %s%s", r->in->name,
		    r->extra[i], askedby(r, i, by, sizeof by), nearextra(r, i,
		    r->list, near, sizeof near), r->list, schemanote(r, sn,
		    sizeof sn));
	}
}

/* At the end of a file: was anything recognised at all? */
static void
endfile(struct reader *r)
{
	long bad = r->filenotes + r->tx.bad;

	if (r->fmt == FMT_TEXT) {
		r->filerecs += r->tx.written;
		r->tx.written = 0;
	}
	if (r->fmt == FMT_JSON && r->j.skipped_lines) {
		note_add(&r->notes, "non-JSON lines skipped",
		    r->j.skipped_lines, r->in->name, r->j.first_skipped);
	}
	if (r->fmt == FMT_JSON && r->sawrows) {
		/* Rows of JSON have their columns in any order, or not at
		 * all where null: those of none of the rows are missing. */
		if ((r->mapbits & r->want & ~r->seen) || (r->sedbits &&
		    !(r->seen >> r->k->start & 1) &&
		    (r->seen & r->sedbits) != r->sedbits -
		    ((uint32_t)1 << r->k->start))) {
			report(r);
			needcols(r, r->seen, r->list, "in its rows", 0);
		}
		jsonneeded(r);
	}
	if ((r->fmt == FMT_TSV || r->fmt == FMT_CSV) && r->t.blanks)
		note_add(&r->notes, TSV_BLANKS, r->t.blanks, r->in->name,
		    r->t.firstblank);
	if (r->filerecs)
		return;
	if (r->fmt == FMT_JSON && !r->sawtable && !r->sawrows &&
	    r->k->table) {
		report(r);
		np_die("%s: no '%s' table and no %s rows found", r->in->name,
		    r->k->table, r->k->name);
	}
	if (bad) {
		report(r);
		np_die("%s: nothing recognised as %s %s", r->in->name,
		    r->fmt == FMT_TEXT ? r->tf->name : r->k->name,
		    r->fmt == FMT_TEXT ? "lines" : "rows");
	}
}

/*
 * The row's fields of float32 columns (floatbits), as one value whatever
 * form carried them (num_float): Parquet and DuckDB's JSON lines widen the
 * float, DuckDB's CSV gives its own digits.  A number is the float's
 * decimal, text holding a number is respelt (num_floattext: NaN and the
 * infinities as JSON's words), other text is kept.
 */
static NP_COLD void
floatfields(struct reader *r, struct record *rec)
{
	char buf[NUM_BUFSZ];
	uint32_t m = rec->has & r->floatbits;
	struct field *f;
	double d;
	size_t n;
	int c;

	for (; m; m &= m - 1) {
		c = __builtin_ctz(m);
		f = &rec->f[c];
		if (coltype(r, c) == T_TEXT) {
			if (!(n = num_floattext(buf, f->s, f->len)))
				continue;
			f->s = rec_keep(rec, buf, n);
			rec->textlen += n;
			f->len = n;
			continue;
		}
		d = num_float(f->isint ? (double)f->i : f->d);
		f->s = NULL;
		f->len = 0;
		if ((f->isint = d == floor(d) && num_inint64(d)))
			f->i = (int64_t)d;
		else
			f->d = d;
	}
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

struct record *
rd_next(struct reader *r)
{
	struct record *rec = &r->rec;
	int got;

	for (;;) {
		if (!r->open && !openfile(r)) {
			begin(r);	/* no rows: the header all the same */
			return NULL;
		}
		if (r->fmt == FMT_PARQUET && !r->pqfresh)
			pqclear(r, rec);
		else {
			rec_clear(rec);
			r->pqfresh = 0;
		}
		switch (r->fmt) {
		case FMT_JSON:
			got = jsonnext(r, rec);
			break;
		case FMT_TSV:
		case FMT_CSV:
			got = tsvnext(r, rec);
			break;
		case FMT_PARQUET:
			got = pqnext(r, rec);
			break;
		default:
			got = r->tf->next(r->textst, &r->tx, rec);
			break;
		}
		if (!got) {
			endfile(r);
			if (r->fmt == FMT_PARQUET)
				pq_close(&r->pq);
			else
				src_close(r->in);
			r->open = 0;
			continue;
		}
		rec->operand = r->operand;
		if (rec->has & r->floatbits)
			floatfields(r, rec);
		if (!rowtimes(r, rec))
			continue;
		if (r->k->finish)
			r->k->finish(rec);
		if (r->k->start >= 0 && !rec->f[r->k->start].set) {
			rd_note(r, "rows without a start time skipped",
			    rec->line);
			continue;
		}
		r->filerecs++;
		if (!r->begun)
			begin(r);
		return rec;
	}
}

void
rd_rows(struct reader *r)
{
	r->rows = 1;
}
