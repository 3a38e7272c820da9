/*
 * np-gaps: where engines sit idle.
 *
 * An engine is busy while it processes at least one instruction: its busy
 * time is the union of its instructions' intervals, as the profiler counts
 * *_engine_active_time.  The idle gaps between busy runs are listed with the
 * instruction on either side, or summed into utilisation.  Instructions are
 * put in start order (ties in input order) by spill.h: a reorder window of
 * -r rows in memory, and sorted runs in TMPDIR for rows beyond it, so the
 * answer is that of the input sorted, whatever its order.  In order, they
 * pass through a window per engine (in every mode that lists gaps engine by
 * engine), which settles when each engine's gaps are written just as it did
 * on sorted input.  Memory depends on the window and the number of distinct
 * engines and opcode and source pairs, never on the input's size.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/diag.h"
#include "../common/group.h"
#include "../common/insn.h"
#include "../common/interval.h"
#include "../common/num.h"
#include "../common/reader.h"
#include "../common/spill.h"
#include "../common/tsv.h"

static const char optstring[] = "ae:F:m:r:t:Uu:";
static const char synopsis[] =
    "np-gaps [-anU] [-e engines] [-F positions] [-m min_ns] [-r rows] "
    "[-t from,to] [-u unit] [file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-a", "gaps of all engines together",
	"-e engines", "only instructions on these engines, comma-separated",
	"-F positions", "field positions of show-session text",
	"-m min_ns", "only gaps of at least min_ns ns (default 1000)",
	"-n, --no-header", "no header line",
	"-r rows", "reorder window, instructions (default 4096)",
	"-t from,to", "only the time [from, to), ns",
	"-U", "busy time and share per engine instead of gaps",
	"-u unit", "the input's time unit: ps, ns (default) or us",
	NULL
};

/* Letters that moved (np(7) OPTIONS). */
static const struct np_oldopt oldopts[] = {
	{ 'u', 'U', "utilisation", "the time unit: ps, ns or us" },
	{ 'w', 'r', "reorder window", "np-sum's one column per profile" },
	{ 0 }
};

#define MAXENG 64		/* distinct engines in the input */
#define MAXTEXT 1000000		/* distinct (opcode, source) pairs */
#define DEFWIN 4096		/* reorder window, rows */
#define MAXWIN (1 << 20)

#define BIT(c) ((uint32_t)1 << (c))

enum mode { GAPS, ALL, UTIL };

/*
 * One instruction on its way through a reorder window.  Its opcode and
 * source location are interned: an instruction's text is only needed when
 * it turns out to border a gap, and a program has few distinct pairs.
 */
struct item {
	int64_t s;		/* first: the reorder window's key */
	int64_t e;
	int64_t seq;		/* input order, to break ties */
	int32_t text;		/* interned opcode and source location */
	int32_t eng;
};

/* Busy runs of one engine (or of all), and the gaps between them. */
struct track {
	int eng;		/* -1: all engines */
	struct runs r;
	struct item last;	/* in the current run, the one ending last */
	int pending;		/* a gap, open to ties at its end */
	int64_t gs, ge;
	struct item before, after;
	long n;			/* instructions */
	long gaps;		/* gaps of at least minns */
	int64_t idle;		/* their total */
};

static struct engine {
	char *name;
	size_t len;
	int fed;		/* seen in start order yet */
	struct track t;
} eng[MAXENG];
static int neng;
static int fed[MAXENG];		/* engines in the order first fed */
static int nfed;

static struct engineset sel;

static enum mode mode = GAPS;
static int64_t minns = 1000;
static int64_t from = INT64_MIN, to = INT64_MAX;
static int hasfrom, hasto;
static int window = DEFWIN;
static struct spill sorter;	/* every instruction, into start order */
static const char *beyondfile;	/* the first row beyond the window */
static long beyondline, beyondcol;	/* of its start_ts */
static struct track all;
static struct group texts;
static char *keybuf;		/* an interning key being built */
static size_t keycap;
static int64_t seq;
static int64_t first = INT64_MAX, last = INT64_MIN;	/* the span read */

/* "FROM,TO" in ns; either side may be left empty. */
static void
parsewindow(const char *arg)
{
	/* Within the data's range: any span between a bound and the
	 * data, or the two bounds, fits in an int64. */
	if (!num_range(arg, &from, &to, &hasfrom, &hasto) ||
	    (hasfrom && (from <= -REC_TIMEMAX || from >= REC_TIMEMAX)) ||
	    (hasto && (to <= -REC_TIMEMAX || to >= REC_TIMEMAX))) {
		np_warn("-t: expected FROM,TO in ns, FROM <= TO, each within "
		    "+-2^62, found '%s'", arg);
		np_usage(synopsis);
	}
}

/* The engine's index, registering it when new. */
static int
engine(const struct record *r)
{
	const struct field *f = &r->f[I_ENGINE];
	size_t len = f->set ? f->len : 0;
	int i;

	for (i = 0; i < neng; i++)
		if (eng[i].len == len &&
		    (len == 0 || memcmp(eng[i].name, f->s, len) == 0))
			return i;
	if (neng == MAXENG)
		np_die_at(r->file, r->line, 0, "expected at most %d engines, "
		    "found another: '%.*s'", MAXENG, (int)(len > 40 ? 40 : len),
		    len ? f->s : "");
	if (!(eng[i].name = malloc(len + 1)))
		np_die("out of memory");
	if (len)
		memcpy(eng[i].name, f->s, len);
	eng[i].name[len] = '\0';
	eng[i].len = len;
	eng[i].t.eng = i;
	runs_init(&eng[i].t.r);
	return neng++;
}

/*
 * The id of the row's (opcode, source) pair.  The key is the opcode's
 * length, the opcode and the source: no two pairs share one.
 */
static int32_t
intern(const struct record *r)
{
	const struct field *op = &r->f[I_OPCODE];
	uint32_t oplen = op->set ? (uint32_t)op->len : 0;
	size_t srclen, n;
	const char *src = insn_src(r, &srclen);
	int32_t *id;
	int isnew;

	n = sizeof oplen + oplen + srclen;
	if (n > keycap) {
		keycap = n > 256 ? n : 256;
		free(keybuf);
		if (!(keybuf = malloc(keycap)))
			np_die("out of memory");
	}
	memcpy(keybuf, &oplen, sizeof oplen);
	if (oplen)
		memcpy(keybuf + sizeof oplen, op->s, oplen);
	memcpy(keybuf + sizeof oplen + oplen, src, srclen);
	if (!(id = grp_get(&texts, keybuf, n, &isnew)))
		np_die_at(r->file, r->line, 0, "expected at most %d distinct "
		    "pairs of opcode and source line, found more",
		    MAXTEXT);
	if (isnew)
		*id = (int32_t)(texts.n - 1);
	return *id;
}

/* Writes an interned pair as two fields: opcode, source. */
static void
out_pair(int32_t text)
{
	const char *k;
	size_t len;
	uint32_t oplen;

	k = grp_key(&texts, text, &len);
	memcpy(&oplen, k, sizeof oplen);
	out_text(k + sizeof oplen, oplen);
	out_tab();
	out_text(k + sizeof oplen + oplen, len - sizeof oplen - oplen);
}

static void
out_engine(int i)
{
	out_text(eng[i].name, eng[i].len);
}

static void
print_gap(const struct track *t)
{
	if (t->eng >= 0) {
		out_engine(t->eng);
		out_tab();
	}
	out_i64(t->gs);
	out_tab();
	out_i64(t->ge);
	out_tab();
	out_i64(t->ge - t->gs);
	out_tab();
	if (t->eng < 0) {
		out_engine(t->before.eng);
		out_tab();
	}
	out_pair(t->before.text);
	out_tab();
	if (t->eng < 0) {
		out_engine(t->after.eng);
		out_tab();
	}
	out_pair(t->after.text);
	out_nl();
}

/*
 * The gap is final (no instruction read later can tie for the one after
 * it): count it, and print it when this mode lists it.
 */
static void
close_gap(struct track *t)
{
	t->pending = 0;
	if (t->ge - t->gs < minns)
		return;
	t->gaps++;
	t->idle += t->ge - t->gs;
	if ((mode == GAPS && t->eng >= 0) || (mode == ALL && t->eng < 0))
		print_gap(t);
}

/* Ties (same end, or same start) go to the first instruction read. */
static int
ends_later(const struct item *a, const struct item *b)
{
	return a->e > b->e || (a->e == b->e && a->seq < b->seq);
}

/* Feeds an instruction of positive length, in start order. */
static void
track_add(struct track *t, const struct item *it)
{
	int64_t rs, re;
	int open = t->r.open;

	if (t->pending) {
		if (it->s == t->ge) {
			if (it->seq < t->after.seq)
				t->after = *it;
		} else
			close_gap(t);
	}
	if (runs_add(&t->r, it->s, it->e, &rs, &re)) {
		/* [rs, re) is done, and it starts the next run. */
		t->pending = 1;
		t->gs = re;
		t->ge = it->s;
		t->before = t->last;
		t->after = *it;
		t->last = *it;
	} else if (!open || ends_later(it, &t->last))
		t->last = *it;
}

static void
track_end(struct track *t)
{
	int64_t rs, re;

	if (t->pending)
		close_gap(t);
	runs_end(&t->r, &rs, &re);
}

/* An instruction leaving a window, in start order. */
static void
feed(const struct item *it)
{
	if (!eng[it->eng].fed) {
		eng[it->eng].fed = 1;
		fed[nfed++] = it->eng;
	}
	if (mode != ALL)
		track_add(&eng[it->eng].t, it);
	if (mode != GAPS)
		track_add(&all, it);
}

/* Start order; ties in input order. */
static int
bystart(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* spill.h's deliver: an instruction in start order, during the input. */
static void
deliver(const void *it)
{
	feed(it);
}

/* Start and end of the row in ns: 1, or 0 when it has no end. */
static int
times(struct reader *rd, const struct record *r, int64_t *s, int64_t *e)
{
	const struct field *fs = &r->f[I_START], *fe = &r->f[I_END];

	/* Rounded to ns by the reader: what is not whole is NaN or
	 * infinite. */
	if (!fs->isint)
		np_die_at(r->file, fs->line ? fs->line : r->line, fs->col,
		    "expected a finite start_ts, found %g",
		    rec_num(r, I_START));
	if (!fe->set) {
		rd_note(rd, "rows without an end_ts or duration_ns skipped",
		    r->line);
		return 0;
	}
	if (!fe->isint)		/* given, or start_ts + duration_ns */
		np_die_at(r->file, fe->line ? fe->line : r->line, fe->col,
		    "expected a finite end_ts (or duration_ns), found %g",
		    rec_num(r, I_END));
	if (fe->i < fs->i)
		np_die_at(r->file, r->line, 0, "expected end_ts at or after "
		    "start_ts %lld, found %lld", (long long)fs->i,
		    (long long)fe->i);
	if (fs->i <= -REC_TIMEMAX || fe->i >= REC_TIMEMAX)
		np_die_at(r->file, r->line, 0, "expected times from %lld "
		    "to %lld ns, found [%lld, %lld)",
		    (long long)-REC_TIMEMAX + 1, (long long)REC_TIMEMAX - 1,
		    (long long)fs->i, (long long)fe->i);
	*s = fs->i;
	*e = fe->i;
	return 1;
}

/*
 * An instruction is in the -t window if it runs during [from, to), or is
 * a zero-length one at a time inside it; it is cut to the window.
 */
static int
clip(int64_t *s, int64_t *e)
{
	if (*s >= to || (*e <= from && *s < from))
		return 0;
	if (*s < from)
		*s = from;
	if (*e > to)
		*e = to;
	return 1;
}

static void
add(struct reader *rd, const struct record *r)
{
	struct item it;
	int64_t s, e;

	if (!engineset_has(&sel, &r->f[I_ENGINE]) || !times(rd, r, &s, &e) ||
	    !clip(&s, &e))
		return;
	it.eng = engine(r);
	eng[it.eng].t.n++;
	all.n++;
	if (s < first)
		first = s;
	if (e > last)
		last = e;
	if (e == s)
		return;	/* busy for no time: no run starts or ends */
	it.s = s;
	it.e = e;
	it.seq = seq++;
	it.text = mode == UTIL ? 0 : intern(r);	/* -U prints no text */
	if (sp_push(&sorter, &it) && !beyondfile) {
		beyondfile = r->file;
		beyondline = r->f[I_START].line ? r->f[I_START].line : r->line;
		beyondcol = r->f[I_START].col;
	}
}

static void
print_util(const char *name, size_t len, const struct track *t)
{
	int64_t s = hasfrom ? from : first, e = hasto ? to : last;
	int64_t span = s < e ? e - s : 0;	/* both within +-2^62 */

	out_text(name, len);
	out_tab();
	out_i64(t->n);
	out_tab();
	out_i64(t->r.busy);
	out_tab();
	out_i64(span);
	out_tab();
	out_f64(span ? (double)t->r.busy / (double)span : NAN);
	out_tab();
	out_i64(t->gaps);
	out_tab();
	out_i64(t->idle);
	out_nl();
}

static void
header(void)
{
	static const char *const gaps[] = { "engine", "gap_start", "gap_end",
	    "gap_ns", "before_opcode", "before_src", "after_opcode",
	    "after_src" };
	static const char *const allgaps[] = { "gap_start", "gap_end",
	    "gap_ns", "before_engine", "before_opcode", "before_src",
	    "after_engine", "after_opcode", "after_src" };
	static const char *const util[] = { "engine", "instructions",
	    "busy_ns", "span_ns", "busy_share", "gaps", "idle_ns" };

	if (mode == GAPS)
		out_header(gaps, sizeof gaps / sizeof *gaps);
	else if (mode == ALL)
		out_header(allgaps, sizeof allgaps / sizeof *allgaps);
	else
		out_header(util, sizeof util / sizeof *util);
}

static int
byname(const void *a, const void *b)
{
	const struct engine *x = &eng[*(const int *)a];
	const struct engine *y = &eng[*(const int *)b];
	size_t n = x->len < y->len ? x->len : y->len;
	int c = n ? memcmp(x->name, y->name, n) : 0;

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void
finish(void)
{
	int i, order[MAXENG];
	struct item it;

	sp_end(&sorter);
	while (sp_next(&sorter, &it))
		feed(&it);
	/* The last gaps in an order that does not depend on the input's. */
	for (i = 0; i < nfed; i++)
		track_end(&eng[fed[i]].t);
	track_end(&all);
	if (mode == UTIL) {
		for (i = 0; i < neng; i++)
			order[i] = i;
		qsort(order, (size_t)neng, sizeof *order, byname);
		for (i = 0; i < neng; i++)
			print_util(eng[order[i]].name, eng[order[i]].len,
			    &eng[order[i]].t);
		print_util("any", 3, &all);
	}
}

static void
cleanup(void)
{
	int i;

	for (i = 0; i < neng; i++)
		free(eng[i].name);
	sp_free(&sorter);
	grp_free(&texts);
	free(keybuf);
}

int
main(int argc, char **argv)
{
	struct reader rd;
	struct record *rec;
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.moved = oldopts, .atdie = out_salvage,
	};
	int c, aflag = 0, uflag = 0;
	const char *unit = NULL, *pos = NULL;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'a':
			aflag = 1;
			break;
		case 'e':
			engineset_option(&sel, optarg, synopsis);
			break;
		case 'F':
			pos = optarg;
			break;
		case 'm':
			minns = np_optnum("m", optarg, 0, INT64_MAX);
			break;
		case 'r':
			window = (int)np_optnum("r", optarg, 1, MAXWIN);
			break;
		case 't':
			parsewindow(optarg);
			break;
		case 'U':
			uflag = 1;
			break;
		case 'u':
			/* "-u prof.json", as utilisation was once asked for. */
			if (!rd_isunit(optarg))
				np_oldopt(&cmd, 'u');
			unit = optarg;
			break;
		}
	}
	if (aflag && uflag) {
		np_warn("-a and -U: expected one of them, found both");
		np_usage(synopsis);
	}
	mode = aflag ? ALL : uflag ? UTIL : GAPS;
	rd_open(&rd, &kind_insn, argv + optind, argc - optind);
	rd_options(&rd, unit, pos, synopsis);
	/* The other columns are skipped unread. */
	rd_want(&rd, BIT(I_ENGINE) | (mode == UTIL ? 0 :
	    BIT(I_OPCODE) | BIT(I_BIR) | BIT(I_NKI)));
	all.eng = -1;
	runs_init(&all.r);
	sp_init(&sorter, sizeof(struct item), window, bystart, deliver);
	grp_init(&texts, sizeof(int32_t), MAXTEXT);
	if (cmd.header)
		header();
	while ((rec = rd_next(&rd)))
		add(&rd, rec);
	finish();
	out_flush();
	rd_close(&rd);
	sp_report(&sorter, beyondfile, beyondline, beyondcol);
	cleanup();
	return 0;
}
