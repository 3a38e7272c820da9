#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "base/number.h"
#include "base/options.h"
#include "kind/collective.h"
#include "kind/dma.h"
#include "kind/instruction.h"
#include "kind/profdir.h"
#include "kind/whichtable.h"
#include "read/anytable.h"
#include "read/gate.h"
#include "read/reader.h"
#include "read/reader_part.h"
#include "read/showdma.h"
#include "read/showtrace.h"
#include "read/sniff.h"
#include "write/row.h"

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

/* A column's output name. */
const char *
rdi_colname(const struct reader *r, int c)
{
	return c < r->k->ncol ? r->k->col[c].name : r->extra[c - r->k->ncol];
}

/*
 * Who asks for further column i, for a message: "given to -g", the option
 * that named it, or for a column the program reads of its own (an opt of
 * ""), "read by np-bound".
 */
const char *
rdi_askedby(const struct reader *r, int i, char *buf, size_t size)
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
	const char *name = rdi_colname(r, c);
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
	for (c = 0; c < REC_MAXCOL; c++)
		r->pqsome[c] = -1;	/* none asked for (rd_keysome) */
	r->timeless = k->start < 0 && k->end < 0 && k->dur < 0;
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
		    name, k->name, rdi_colname(r, nm->col));
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
void
rdi_begin(struct reader *r)
{
	r->begun = 1;
	if (r->hdrwant)
		putheader(r);
}

/* A further column the input lacks (has: bit c, column c is there), or
 * -1. */
int
rdi_missingextra(const struct reader *r, uint32_t has)
{
	int i;

	for (i = 0; i < r->nextra; i++)
		if (!(has >> (r->k->ncol + i) & 1))
			return i;
	return -1;
}

static const char *closestto(const struct reader *, int, const char *,
    char *, size_t);

/* " (closest: a, b)" for a further column i, or "". */
const char *
rdi_nearextra(const struct reader *r, int i, const char *list, char *buf,
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

/* Is one of the names in r->list (space-separated) one column c is read
 * by? */
static int
listhas(const struct reader *r, int c)
{
	const struct rd_name *nm;
	const char *p, *e;

	for (p = r->list; *p; p = *e ? e + 1 : e) {
		if (!(e = strchr(p, ' ')))
			e = p + strlen(p);
		if ((nm = lookup(r, p, (size_t)(e - p))) && nm->col == c)
			return 1;
	}
	return 0;
}

/* " (closest to NAME: a, b)" for the kind's column c among the names of the
 * last table's header (a JSON file's first row), or "". */
const char *
rd_nearcol(const struct reader *r, int c, char *buf, size_t size)
{
	char near[256];

	buf[0] = '\0';
	if (listhas(r, c))
		return buf;	/* there, only empty */
	if (r->list[0] && strcmp(closestto(r, c, r->list, near, sizeof near),
	    "none") != 0)
		snprintf(buf, size, " (closest to %s: %s)", rdi_colname(r, c),
		    near);
	return buf;
}

/* A further column the file's header lacks: "file:LINE:1: ...". */
void
rdi_needextras(const struct reader *r, uint32_t has, const char *list,
    long line)
{
	char near[300], sn[96], by[64];
	int i = rdi_missingextra(r, has);

	if (i >= 0)
		np_die_at(r->in->name, line, 1, "expected a column '%s' (%s), "
		    "found none in the header%s, which has: %s%s", r->extra[i],
		    rdi_askedby(r, i, by, sizeof by),
		    rdi_nearextra(r, i, list, near, sizeof near), list,
		    rdi_schemanote(r, sn, sizeof sn));
}

void
rd_keys(struct reader *r, uint32_t mask)
{
	r->keycols = mask;
}

void
rd_keysome(struct reader *r, uint32_t mask)
{
	r->keysome = mask;
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


/* ---- sniffing ---- */

/* Looks at the start of the file: which format, or dies. */
static int
sniff(struct reader *r)
{
	struct src *in = r->in;
	const char *p, *nl;
	char *line, expect[128];
	long lineno;

	if (r->tf)
		snprintf(expect, sizeof expect, "JSON, TSV, CSV or %s",
		    r->tf->name);
	else
		snprintf(expect, sizeof expect, "JSON, TSV or CSV");
	switch (rd_sniff(in, RD_TEXT,
	    expect, 0, &line, &lineno)) {
	case SRC_JSON:
		return FMT_JSON;
	case SRC_TSV:
		return FMT_TSV;
	case SRC_CSV:
		return FMT_CSV;
	}
	if (r->tf)
		return FMT_TEXT;
	for (p = line; *p == ' ' || *p == '\t'; p++)
		;
	nl = strchr(p, '\n') ? strchr(p, '\n') : p + strlen(p);
	np_die_at(in->name, lineno, (long)(p - line) + 1,
	    "expected JSON, TSV or CSV with a header (%s has no text format), "
	    "found '%.*s'", r->k->name, (int)(nl - p > 40 ? 40 : nl - p), p);
}

/* ---- which table ---- */

/*
 * After a header or a file's first row: if it holds another table's own
 * columns and none of the kind's tables', the input is the wrong one, and
 * is named, rather than read as rows with the kind's columns missing.  A
 * row of columns every kind has (start_ts, duration) is read as it is,
 * unless the file's name gives another table (sc_byname).
 */
void
rdi_vet(struct reader *r, const struct sc_votes *v, long line, long col)
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
void
rdi_vote(const struct reader *r, struct sc_votes *v, const char *name,
    size_t n)
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
const char *
rdi_schemanote(const struct reader *r, char *buf, size_t size)
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
	int m = mapfind(r, rdi_colname(r, c));

	/* A mapping's column first: it may be a slip of the pen. */
	snprintf(want, sizeof want, "%s%s%s%s%s", m >= 0 ? r->map.col[m] : "",
	    m >= 0 ? " " : "", rdi_colname(r, c), from ? " " : "",
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
void
rdi_needcols(struct reader *r, uint32_t has, const char *list,
    const char *where, long line)
{
	const struct kind *k = r->k;
	char msg[2048], near[512], sn[96];
	uint32_t m;
	size_t len;
	int c, i;

	for (m = r->mapbits & r->want & ~has; m; m &= m - 1) {
		c = __builtin_ctz(m);
		i = mapfind(r, rdi_colname(r, c));
		snprintf(msg, sizeof msg, "NP_COLUMNS: %s=%s: expected a column "
		    "'%s' (or '%s'), found none %s (closest to %s: %s)%s",
		    r->map.role[i], r->map.col[i], r->map.col[i], r->map.role[i],
		    where, r->map.role[i], closestto(r, c, list, near,
		    sizeof near), rdi_schemanote(r, sn, sizeof sn));
		colfail(r, line, msg);
	}
	if (k->start < 0 || k->end < 0 || k->dur < 0 || (has >> k->start & 1) ||
	    ((has >> k->end & 1) && (has >> k->dur & 1)))
		return;
	/* The start is missing: what is close to it, and to the end or
	 * duration missing beside the other. */
	len = (size_t)snprintf(msg, sizeof msg, "expected a column for %s (or "
	    "%s and %s, which give it), found none %s (closest to %s: %s",
	    rdi_colname(r, k->start), rdi_colname(r, k->end),
	    rdi_colname(r, k->dur), where, rdi_colname(r, k->start),
	    closestto(r, k->start, list, near, sizeof near));
	c = has >> k->end & 1 ? k->dur : has >> k->dur & 1 ? k->end : -1;
	if (c >= 0 && len < sizeof msg)
		len += (size_t)snprintf(msg + len, sizeof msg - len, "; to %s: "
		    "%s", rdi_colname(r, c), closestto(r, c, list, near,
		    sizeof near));
	if (len < sizeof msg)
		snprintf(msg + len, sizeof msg - len, "); NP_COLUMNS="
		    "ROLE=COLUMN reads one from another column (np(7), "
		    "ENVIRONMENT)%s", rdi_schemanote(r, sn, sizeof sn));
	colfail(r, line, msg);
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
		rdi_begin(r);	/* the format writes rows itself */
}

/* The next row of a profiler text file, by its format (proftext.h). */
static struct record *
textrows(struct reader *r)
{
	struct record *rec = &r->rec;

	do {
		rec_clear(rec);
		if (!r->tf->next(r->textst, &r->tx, rec))
			return NULL;
	} while (!rdi_rowdone(r, rec));
	return rec;
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
			    n++ ? ", " : " ", rdi_colname(r, c));
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

static int
openfile(struct reader *r)
{
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
		rdi_pqopen(r);
		r->nextrow = rdi_pqrows;
		break;
	case FMT_JSON:
		rdi_jsonopen(r);
		r->nextrow = rdi_jsonrows;
		break;
	case FMT_TSV:
	case FMT_CSV:
		rdi_tsvopen(r);
		r->nextrow = rdi_tsvrows;
		break;
	case FMT_TEXT:
		if (r->nextra)
			np_die("%s: -%s %s: profiler text (%s) has no further "
			    "columns; -%s reads them from JSON, TSV, CSV or "
			    "Parquet", r->in->name, r->extraopt[0], r->extra[0],
			    r->tf->name, r->extraopt[0]);
		textstart(r);
		r->nextrow = textrows;
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
		    r->extra[i], rdi_askedby(r, i, by, sizeof by),
		    rdi_nearextra(r, i, r->list, near, sizeof near), r->list,
		    rdi_schemanote(r, sn, sizeof sn));
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
			rdi_needcols(r, r->seen, r->list, "in its rows", 0);
		}
		jsonneeded(r);
	}
	if (r->fmt == FMT_TSV || r->fmt == FMT_CSV)
		at_end(&r->t, &r->notes);
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
NP_COLD void
rdi_floatfields(struct reader *r, struct record *rec)
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

struct record *
rd_nextfile(struct reader *r)
{
	struct record *rec;

	for (;;) {
		if (r->open) {	/* at the end of the file open */
			endfile(r);
			if (r->fmt == FMT_PARQUET)
				pq_close(&r->pq);
			else
				src_close(r->in);
			r->open = 0;
		}
		if (!openfile(r)) {
			rdi_begin(r);	/* no rows: the header all the same */
			return NULL;
		}
		if ((rec = r->nextrow(r)))
			return rec;
	}
}

void
rd_rows(struct reader *r)
{
	r->rows = 1;
}
