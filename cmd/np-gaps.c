/*
 * np-gaps: where engines sit idle.
 *
 * An engine is busy while it processes at least one instruction: its busy
 * time is the union of its instructions' intervals, as the profiler counts
 * *_engine_active_time.  The idle gaps between busy runs are listed with the
 * instruction on either side, or summed into utilisation.  Instructions are
 * put in one total order by spill.h (start, then physical core, engine,
 * opcode and source line as printed, then end: bystart), a reorder window of
 * -r rows in memory, and sorted runs in TMPDIR for rows beyond it, so the
 * answer is that of the input sorted, whatever its order, ties too: two
 * inputs that differ in the order of rows starting together give the same
 * bytes.  In order, they
 * pass through a window per engine (in every mode that lists gaps engine by
 * engine), which settles when each engine's gaps are written just as it did
 * on sorted input.  Memory depends on the window and the number of distinct
 * engines and opcode and source pairs, never on the input's size.
 *
 * -B writes busy time per time bucket, per engine (and core, where the
 * input names one).  Every row is put in order before the first bucket is
 * written, so that the engines and the span are known by then: each bucket
 * has a row for every engine, and a count of buckets (-B 100x) can be
 * turned into a width.  In start order, a bucket is final once an
 * instruction starts at or after its end: what is busy beyond that point
 * is the one stretch from it to the furthest end yet (busy.h), so one
 * bucket is open at a time, with one sum per engine.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/options.h"
#include "calc/hashtab.h"
#include "kind/instruction.h"
#include "calc/busy.h"
#include "base/number.h"
#include "read/reader.h"
#include "calc/spill.h"
#include "format/table.h"
#include "write/tsvout.h"

static const char optstring[] = "aB:e:F:m:r:t:Uu:";
static const char synopsis[] =
    "np-gaps [-anqU] [-B width] [-e engines] [-F positions] [-m min_ns] "
    "[-r rows] [-t from,to] [-u unit] [file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-a", "gaps of all engines together",
	"-B width", "busy time per bucket of width (10us, 1ms, 500, 100x)",
	"-e engines", "only instructions on these engines, comma-separated",
	"-F positions", "field positions of show-session text",
	"-m min_ns", "only gaps of at least min_ns ns (default 1000)",
	"-n, --no-header", "no header line",
	"-q, --quiet", "no progress line on stderr",
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

#define MAXENG 64		/* distinct engines (of each core) in the input */
#define MAXPC 64		/* distinct physical cores */
#define MAXTEXT 1000000		/* distinct (opcode, source) pairs */
#define MEMOBITS 12		/* the intern memo: 4096 slots */
#define DEFWIN 4096		/* reorder window, rows */
#define MAXWIN (1 << 20)
#define MAXTRACK MAXENG	/* -B: (core, engine) pairs; engines are per core */
#define MAXWIDTH 100000000000000000LL	/* -B: 10^17 ns */
#define MAXCOUNT 1000000000	/* -B: buckets asked for */
#define SHAREDIGITS 4		/* -B: busy_share's decimals */

#define BIT(c) ((uint32_t)1 << (c))

enum mode { GAPS, ALL, UTIL, BUCKETS };

/*
 * One instruction on its way through a reorder window.  Its opcode and
 * source location are interned: an instruction's text is only needed when
 * it turns out to border a gap, and a program has few distinct pairs.
 */
struct item {
	int64_t s;		/* first: the reorder window's key */
	int64_t e;
	int64_t seq;		/* input order: ties between rows that print
				   the same, for spill.h's total order */
	int32_t text;		/* interned opcode and source location;
				   -B: the bucket track */
	int32_t eng;		/* engine, and so physical core */
};

/* Busy runs of one engine (or of all), and the gaps between them. */
struct track {
	int eng;		/* -1: all engines (of the physical core pc) */
	int pc;
	struct runs r;
	struct item last;	/* in the current run, the one ending last */
	int pending;		/* a gap, open to ties at its end */
	int64_t gs, ge;
	struct item before, after;
	long n;			/* instructions */
	long gaps;		/* gaps of at least minns */
	int64_t idle;		/* their total */
};

struct engine {
	char *name;
	size_t len;
	int has;		/* the row gave one: else missing, apart from an
				   empty name */
	const char *canon;	/* insn_engine's spelling of it, or NULL */
	int pc;			/* its physical core, an index in pcs */
	int fed;		/* seen in start order yet */
	struct track t;
};

/* -B: busy time of one engine on one core, in the open bucket. */
struct btrack {
	int eng;
	int hascore;
	int64_t core;
	struct runs r;		/* the union of its instructions so far */
	int64_t busy;		/* in the open bucket */
};

/*
 * A physical core (pcore_idx, under LNC2), with the track of all its
 * engines together: an engine of one is never merged with the same engine
 * of another.  Rows without pcore_idx share the first, unnamed one.
 */
struct pcore {
	int has;		/* pcore_idx given */
	int64_t v;
	struct track t;
};

/* The program's state: its options, and what it has read. */
static struct gaps {
	struct engine eng[MAXENG];
	int neng;
	int fed[MAXENG];	/* engines in the order first fed */
	int nfed;
	struct engineset sel;
	enum mode mode;
	int64_t minns;
	int64_t from, to;
	int hasfrom, hasto;
	int window;
	struct spill sorter;	/* every instruction, into start order */
	struct pcore pcs[MAXPC];
	int npc;
	struct group texts;
	char *keybuf;		/* an interning key being built */
	size_t keycap;
	/*
	 * Ids of pairs interned before (plus one; 0: none), by a cheap hash
	 * of their ends: a program has few distinct pairs and every row
	 * names one, so most rows find theirs here, with a compare instead
	 * of a hash of the whole key and a probe.  A slot that holds another
	 * pair costs only the look-up that follows.
	 */
	int32_t memo[1 << MEMOBITS];
	int64_t seq;
	int64_t first, last;	/* the span read */
	int wanthdr;		/* -n not given: the header, written late */
	int hdrdone;		/* the header is written */
	/* Rows read and instructions used; for a run that uses none, why:
	 * rows not on the engines -e names (and which they were on), without
	 * an end, or outside -t. */
	long nread, notsel, noend, outside, used;
	struct tally engines;
	const char *window_arg;
	int64_t bwidth;		/* -B: the width in ns, or 0 */
	int64_t bcount;		/* -B Nx: the count of buckets, or 0 */
	struct btrack *btracks;
	int nbtrack;
	struct group btrackids;	/* (engine, core) to its index */
} st = {
	.mode = GAPS,
	.minns = 1000,
	.from = INT64_MIN, .to = INT64_MAX,
	.window = DEFWIN,
	.first = INT64_MAX, .last = INT64_MIN,
	.wanthdr = 1,
};

static void header(void);

/* "FROM,TO" in ns; either side may be left empty. */
static void
parsewindow(const char *arg)
{
	/* Within the data's range: any span between a bound and the
	 * data, or the two bounds, fits in an int64. */
	if (!num_range(arg, &st.from, &st.to, &st.hasfrom, &st.hasto) ||
	    (st.hasfrom &&
	    (st.from <= -REC_TIMEMAX || st.from >= REC_TIMEMAX)) ||
	    (st.hasto && (st.to <= -REC_TIMEMAX || st.to >= REC_TIMEMAX))) {
		np_warn("-t: expected FROM,TO in ns, FROM <= TO, each within "
		    "+-2^62, found '%s'", arg);
		np_usage(synopsis);
	}
}

/*
 * -B's argument: a width of a whole number of ns, written as a number
 * (ns) or a decimal number and a unit (ns, us, ms, s), or a count of
 * buckets over the span, "100x".
 */
static void
parsewidth(const char *arg)
{
	static const struct {
		const char *name;
		int64_t ns;
	} units[] = { { "", 1 }, { "ns", 1 }, { "us", 1000 },
	    { "ms", 1000000 }, { "s", 1000000000 } };
	const char *p = arg;
	int64_t whole = 0, frac = 0, scale = 1, v;
	size_t i;
	int digits = 0;

	for (; *p >= '0' && *p <= '9' && whole <= MAXWIDTH; p++, digits++)
		whole = whole * 10 + (*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9' && scale < 1000000000;
		    p++, digits++) {
			frac = frac * 10 + (*p - '0');
			scale *= 10;
		}
	if (digits == 0 || whole > MAXWIDTH)
		goto bad;
	if (strcmp(p, "x") == 0) {
		if (scale != 1 || whole < 1 || whole > MAXCOUNT)
			goto bad;
		st.bcount = whole;
		return;
	}
	for (i = 0; i < sizeof units / sizeof *units; i++)
		if (strcmp(p, units[i].name) == 0)
			break;
	if (i == sizeof units / sizeof *units ||
	    whole > MAXWIDTH / units[i].ns ||
	    (frac * units[i].ns) % scale != 0)
		goto bad;
	v = whole * units[i].ns + frac * units[i].ns / scale;
	if (v < 1 || v > MAXWIDTH)
		goto bad;
	st.bwidth = v;
	return;
bad:
	np_warn("-B: expected a width of 1 ns to 10^17 ns in whole ns "
	    "(500, 500ns, 2.5us, 1ms, 1s) or a count of buckets from 1 to "
	    "%d (100x), found '%s'", MAXCOUNT, arg);
	np_usage(synopsis);
}

/* The index of the row's physical core, registering it when new. */
static int
pcore(const struct record *r)
{
	const struct field *f = &r->f[I_PCORE];
	int i;

	for (i = 0; i < st.npc; i++)
		if (st.pcs[i].has == f->set && (!f->set || st.pcs[i].v == f->i))
			return i;
	if (st.npc == MAXPC)
		np_die_at(r->file, r->line, f->col, "expected at most %d "
		    "physical cores (pcore_idx), found another: %lld", MAXPC,
		    (long long)f->i);
	if (f->set && !f->isint)
		np_die_at(r->file, f->line, f->col, "expected pcore_idx "
		    "within 64 bits, found %g", f->d);
	st.pcs[i].has = f->set;
	st.pcs[i].v = f->i;
	st.pcs[i].t.eng = -1;
	st.pcs[i].t.pc = i;
	runs_init(&st.pcs[i].t.r);
	return st.npc++;
}

/* The index of the row's engine on physical core pc, registering it when
 * new. */
static int
engine(const struct record *r, int pc)
{
	const struct field *f = &r->f[I_ENGINE];
	size_t len = f->set ? f->len : 0;
	const char *canon;
	int i;

	/* The reader spells a known engine with insn_engine's own string:
	 * two of those are the same name when they are the same string, so
	 * the usual row is found by its pointer alone, before a look-up. */
	for (i = 0; len && i < st.neng; i++)
		if (st.eng[i].canon == f->s && st.eng[i].len == len &&
		    st.eng[i].pc == pc)
			return i;
	canon = len && insn_engine(f->s, len) == f->s ? f->s : NULL;
	for (i = 0; i < st.neng; i++)
		if (st.eng[i].pc == pc && st.eng[i].len == len &&
		    st.eng[i].has == f->set &&
		    (canon && st.eng[i].canon ? canon == st.eng[i].canon :
		    len == 0 || memcmp(st.eng[i].name, f->s, len) == 0))
			return i;
	if (st.neng == MAXENG)
		np_die_at(r->file, r->line, 0, "expected at most %d engines, "
		    "found another: '%.*s'", MAXENG, (int)(len > 40 ? 40 : len),
		    len ? f->s : "");
	st.eng[i].name = np_malloc(len + 1);
	if (len)
		memcpy(st.eng[i].name, f->s, len);
	st.eng[i].name[len] = '\0';
	st.eng[i].len = len;
	st.eng[i].has = f->set;
	st.eng[i].canon = canon;
	st.eng[i].pc = pc;
	st.eng[i].t.eng = i;
	st.eng[i].t.pc = pc;
	runs_init(&st.eng[i].t.r);
	return st.neng++;
}

/* The last 8 bytes of s (n long), or for fewer its first, middle and
 * last: the bytes where two opcodes, or two source lines, differ. */
static uint64_t
tail8(const char *s, size_t n)
{
	uint64_t w;

	if (n >= 8) {
		memcpy(&w, s + n - 8, 8);
		return w;
	}
	return n ? (uint64_t)(unsigned char)s[0] |
	    (uint64_t)(unsigned char)s[n / 2] << 8 |
	    (uint64_t)(unsigned char)s[n - 1] << 16 : 0;
}

/*
 * A pair's key begins with a word of the opcode's length (below 2^30: a
 * row's text is at most REC_ARENA bytes) shifted past two bits, whether
 * the row has an opcode and whether it has a source line: a missing one
 * is no empty one (np(7), OUTPUT).
 */
#define PAIR_OP 2u
#define PAIR_SRC 1u

/* The opcode and source line of the pair key k (len bytes): each NULL
 * when missing. */
static void
pairtext(const char *k, size_t len, const char **op, size_t *oplen,
    const char **src, size_t *srclen)
{
	uint32_t hd;

	memcpy(&hd, k, sizeof hd);
	*oplen = hd >> 2;
	*op = hd & PAIR_OP ? k + sizeof hd : NULL;
	*srclen = len - sizeof hd - *oplen;
	*src = hd & PAIR_SRC ? k + sizeof hd + *oplen : NULL;
}

/*
 * The id of the row's (opcode, source) pair.  The key is the opcode's
 * length and what is missing, the opcode and the source: no two pairs
 * share one.
 */
static int32_t
intern(const struct record *r)
{
	const struct field *op = &r->f[I_OPCODE];
	uint32_t oplen = op->set ? (uint32_t)op->len : 0, hd;
	size_t srclen, n;
	const char *src = insn_src(r, &srclen);
	const char *k;
	size_t klen;
	uint64_t h;
	int32_t *id, *m;
	int isnew;

	hd = oplen << 2 | (op->set ? PAIR_OP : 0) | (src ? PAIR_SRC : 0);
	n = sizeof hd + oplen + srclen;
	h = (tail8(op->s, oplen) ^ (uint64_t)hd << 54) *
	    0x9e3779b97f4a7c15ULL ^ (tail8(src, srclen) + srclen) *
	    0xff51afd7ed558ccdULL;
	m = &st.memo[h >> (64 - MEMOBITS)];
	if (*m) {
		k = grp_key(&st.texts, *m - 1, &klen);
		if (klen == n && memcmp(k, &hd, sizeof hd) == 0 &&
		    (oplen == 0 || memcmp(k + sizeof hd, op->s, oplen) ==
		    0) && (srclen == 0 || memcmp(k + sizeof hd + oplen, src,
		    srclen) == 0))
			return *m - 1;
	}
	if (n > st.keycap) {
		st.keycap = n > 256 ? n : 256;
		free(st.keybuf);
		st.keybuf = np_malloc(st.keycap);
	}
	memcpy(st.keybuf, &hd, sizeof hd);
	if (oplen)
		memcpy(st.keybuf + sizeof hd, op->s, oplen);
	if (srclen)
		memcpy(st.keybuf + sizeof hd + oplen, src, srclen);
	if (!(id = grp_get(&st.texts, st.keybuf, n, &isnew)))
		np_die_at(r->file, r->line, 0, "expected at most %d distinct "
		    "pairs of opcode and source line, found more",
		    MAXTEXT);
	if (isnew)
		*id = (int32_t)(st.texts.n - 1);
	*m = *id + 1;
	return *id;
}

/* Writes an interned pair as two fields: opcode, source (a missing one
 * empty, an empty one ""). */
static void
out_pair(int32_t text)
{
	const char *k, *op, *src;
	size_t len, oplen, srclen;

	k = grp_key(&st.texts, text, &len);
	pairtext(k, len, &op, &oplen, &src, &srclen);
	if (op)
		out_text(op, oplen);
	out_tab();
	if (src)
		out_text(src, srclen);
}

/* pcore_idx: empty when the input gives none. */
static void
out_pcore(int pc)
{
	if (st.pcs[pc].has)
		out_i64(st.pcs[pc].v);
}

/* An engine's name: missing, empty ("") or its text. */
static void
out_engine(int i)
{
	if (st.eng[i].has)
		out_text(st.eng[i].name, st.eng[i].len);
}

static void
print_gap(const struct track *t)
{
	/* The header with the first gap: an error before it leaves the
	 * output empty (np(7), Exit status). */
	if (st.wanthdr && !st.hdrdone)
		header();
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
	out_tab();
	out_pcore(t->pc);
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
	if (t->ge - t->gs < st.minns)
		return;
	t->gaps++;
	t->idle += t->ge - t->gs;
	if ((st.mode == GAPS && t->eng >= 0) || (st.mode == ALL && t->eng < 0))
		print_gap(t);
}

/* Ties (same end, or same start) go to the first instruction fed: the
 * first in the order of bystart. */
static int
ends_later(const struct item *a, const struct item *b)
{
	return a->e > b->e;
}

/* Feeds an instruction of positive length, in start order. */
static void
track_add(struct track *t, const struct item *it)
{
	int64_t rs, re;
	int open = t->r.open;

	if (t->pending && it->s != t->ge)
		close_gap(t);	/* else the first fed at ge stays after */
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
	if (!st.eng[it->eng].fed) {
		st.eng[it->eng].fed = 1;
		st.fed[st.nfed++] = it->eng;
	}
	if (st.mode != ALL)
		track_add(&st.eng[it->eng].t, it);
	if (st.mode != GAPS)
		track_add(&st.pcs[st.eng[it->eng].pc].t, it);
}

/* Byte order of two strings, a prefix first; a missing one (NULL) before
 * any, the empty one among them. */
static int
bytecmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c;

	if (!a || !b)
		return !!a - !!b;
	c = alen && blen ? memcmp(a, b, alen < blen ? alen : blen) : 0;
	return c ? c : (alen > blen) - (alen < blen);
}

/* Two engines by name, in bytecmp's order. */
static int
engcmp(const struct engine *x, const struct engine *y)
{
	return bytecmp(x->has ? x->name : NULL, x->len, y->has ? y->name :
	    NULL, y->len);
}

/*
 * Two instructions of the same start: by physical core (rows without one
 * first), engine name, then, where rows print them, opcode and source
 * line, in byte order; then by end; then input order, between rows that
 * print the same.  Never by an index given in input order.
 */
static int
bytie(const struct item *x, const struct item *y)
{
	const struct engine *ex = &st.eng[x->eng], *ey = &st.eng[y->eng];
	const struct pcore *px = &st.pcs[ex->pc], *py = &st.pcs[ey->pc];
	const char *kx, *ky, *ox, *oy, *sx, *sy;
	size_t nx, ny, oxn, oyn, sxn, syn;
	int c;

	if (x->eng != y->eng) {
		if (px->has != py->has)
			return px->has - py->has;
		if (px->v != py->v)
			return px->v < py->v ? -1 : 1;
		if ((c = engcmp(ex, ey)))
			return c;
	}
	if ((st.mode == GAPS || st.mode == ALL) && x->text != y->text) {
		kx = grp_key(&st.texts, x->text, &nx);
		ky = grp_key(&st.texts, y->text, &ny);
		pairtext(kx, nx, &ox, &oxn, &sx, &sxn);
		pairtext(ky, ny, &oy, &oyn, &sy, &syn);
		if ((c = bytecmp(ox, oxn, oy, oyn)) || (c = bytecmp(sx, sxn,
		    sy, syn)))
			return c;
	}
	if (x->e != y->e)
		return x->e < y->e ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Start order; ties by bytie. */
static int
bystart(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	return bytie(x, y);
}

/* spill.h's deliver: an instruction in start order, during the input. */
static void
deliver(void *ctx, const void *it)
{
	(void)ctx;
	feed(it);
}

/*
 * Start and end of the row in ns: 1, or 0 when it has none (counted).  The
 * reader has left out rows whose times are not whole ns or end before they
 * start; what is left must be within +-REC_TIMEMAX, so that every span,
 * gap and sum of them fits in 64 bits.
 */
static int
times(struct reader *rd, const struct record *r, int64_t *s, int64_t *e)
{
	const struct field *fs = &r->f[I_START], *fe = &r->f[I_END];

	if (!fe->set) {
		rd_note(rd, "rows without an end_ts or duration_ns skipped",
		    r->line);
		return 0;
	}
	if (fs->i <= -REC_TIMEMAX || fe->i >= REC_TIMEMAX) {
		rd_note(rd, "rows with times beyond 2^62 ns skipped", r->line);
		return 0;
	}
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
	if (*s >= st.to || (*e <= st.from && *s < st.from))
		return 0;
	if (*s < st.from)
		*s = st.from;
	if (*e > st.to)
		*e = st.to;
	return 1;
}

/* -B: the index of the row's (engine, core) track, registering it when
 * new. */
static int32_t
btrack(const struct record *r, int e)
{
	const struct field *f = &r->f[I_PCORE];
	struct { int32_t eng, hascore; int64_t core; } key;
	int32_t *id;
	int isnew;

	memset(&key, 0, sizeof key);	/* no padding bytes left unset */
	key.eng = e;
	key.hascore = f->set;
	key.core = f->set ? f->i : 0;
	if (!(id = grp_get(&st.btrackids, (const char *)&key, sizeof key,
	    &isnew)))
		np_die_at(r->file, r->line, 0, "-B: expected at most %d pairs "
		    "of engine and %s, found more", MAXTRACK,
		    kind_insn.col[I_PCORE].name);
	if (isnew) {
		st.btracks = np_realloc(st.btracks, (size_t)(st.nbtrack + 1) *
		    sizeof *st.btracks);
		st.btracks[st.nbtrack].eng = e;
		st.btracks[st.nbtrack].hascore = f->set;
		st.btracks[st.nbtrack].core = key.core;
		runs_init(&st.btracks[st.nbtrack].r);
		st.btracks[st.nbtrack].busy = 0;
		*id = st.nbtrack++;
	}
	return *id;
}

static void
add(struct reader *rd, const struct record *r)
{
	struct item it;
	int64_t s, e;

	st.nread++;
	/* Without -e every row is on an engine asked for: no call. */
	if (st.sel.n && !engineset_hasrow(&st.sel, r)) {
		st.notsel++;
		tally_add(&st.engines, r->f[I_ENGINE].s, r->f[I_ENGINE].len);
		return;
	}
	if (!times(rd, r, &s, &e)) {
		st.noend++;
		return;
	}
	if (!clip(&s, &e)) {
		st.outside++;
		return;
	}
	it.eng = engine(r, pcore(r));
	it.text = st.mode == BUCKETS ? btrack(r, it.eng) : 0;
	st.eng[it.eng].t.n++;
	st.pcs[st.eng[it.eng].pc].t.n++;
	/* No header yet: the gaps write theirs with the first gap
	 * (print_gap), -B and -U theirs at the end (finish), so that an
	 * error before then leaves no output. */
	st.used++;
	if (s < st.first)
		st.first = s;
	if (e > st.last)
		st.last = e;
	if (e == s)
		return;	/* busy for no time: no run starts or ends */
	it.s = s;
	it.e = e;
	it.seq = st.seq++;
	if (st.mode == GAPS || st.mode == ALL)	/* -U and -B print no text */
		it.text = intern(r);
	if (sp_push(&st.sorter, &it))
		sp_beyondat(&st.sorter, r->file, rec_line(r, I_START),
		    r->f[I_START].col);
}

/* busy / span (0 <= busy <= span), the nearest double: both may be past
 * 2^53, where the quotient of their doubles is rounded twice. */
static double
share(int64_t busy, int64_t span)
{
	struct dec b, s;

	dec_i64(&b, busy);
	dec_i64(&s, span);
	return dec_quot(&b, &s);
}

static void
print_util(const char *name, size_t len, const struct track *t)
{
	int64_t s = st.hasfrom ? st.from : st.first;
	int64_t e = st.hasto ? st.to : st.last;
	int64_t span = s < e ? e - s : 0;	/* both within +-2^62 */

	if (name)	/* NULL: missing */
		out_text(name, len);
	out_tab();
	out_i64(t->n);
	out_tab();
	out_i64(t->r.busy);
	out_tab();
	out_i64(span);
	out_tab();
	out_f64(span ? share(t->r.busy, span) : NAN);
	out_tab();
	out_i64(t->gaps);
	out_tab();
	out_i64(t->idle);
	out_tab();
	out_pcore(t->pc);
	out_nl();
}

/*
 * busy / width (busy <= width <= MAXWIDTH) with SHAREDIGITS decimals,
 * rounded half up, by long division: exact, and the same on every
 * machine, where a double printed in the fewest digits is not fixed.
 */
static void
out_share(int64_t busy, int64_t width)
{
	char buf[NUM_BUFSZ], *p = buf;
	int64_t r = busy % width;
	int i;
	int digit[SHAREDIGITS];

	*p++ = (char)('0' + busy / width);
	for (i = 0; i < SHAREDIGITS; i++) {
		r *= 10;	/* below 10 * MAXWIDTH */
		digit[i] = (int)(r / width);
		r %= width;
	}
	if (2 * r >= width) {	/* carry the rounding up */
		for (i = SHAREDIGITS - 1; i >= 0 && digit[i] == 9; i--)
			digit[i] = 0;
		if (i >= 0)
			digit[i]++;
		else
			buf[0]++;
	}
	*p++ = '.';
	for (i = 0; i < SHAREDIGITS; i++)
		*p++ = (char)('0' + digit[i]);
	out_raw(buf, (size_t)(p - buf));
}

/* By core (rows without one first), then engine name. */
static int
bytrack(const void *a, const void *b)
{
	const struct btrack *x = &st.btracks[*(const int *)a];
	const struct btrack *y = &st.btracks[*(const int *)b];

	if (x->hascore != y->hascore)
		return x->hascore - y->hascore;
	if (x->core != y->core)
		return x->core < y->core ? -1 : 1;
	return engcmp(&st.eng[x->eng], &st.eng[y->eng]);
}

/* floor(a / b), b > 0. */
static int64_t
floordiv(int64_t a, int64_t b)
{
	return a / b - (a % b < 0);
}

/* Writes the open bucket [bs, bs + width): a row per track, in order. */
static void
bucket_out(const int *order, int64_t bs, int64_t width)
{
	const struct btrack *t;
	int i;

	for (i = 0; i < st.nbtrack; i++) {
		t = &st.btracks[order[i]];
		out_engine(t->eng);
		out_tab();
		out_i64(bs);
		out_tab();
		out_i64(t->busy);
		out_tab();
		out_share(t->busy, width);
		out_tab();
		if (t->hascore)
			out_i64(t->core);
		out_nl();
	}
}

/*
 * The next bucket opens at be: each track starts it with what its current
 * run already covers past be, which no instruction read later changes.
 */
static void
bucket_next(int64_t be, int64_t width)
{
	struct btrack *t;
	int i;

	for (i = 0; i < st.nbtrack; i++) {
		t = &st.btracks[i];
		t->busy = t->r.open && t->r.e > be ? t->r.e - be : 0;
		if (t->busy > width)
			t->busy = width;
	}
}

/*
 * -B, once every row is read: the buckets from the one holding the span's
 * start (-t FROM, or the first start) to the one holding its end, empty
 * ones too.  A width's buckets start at multiples of it (from FROM with
 * -t), so that profiles' buckets line up; a count's cover the span from
 * its start, each ceil(span / count) ns wide.
 */
static void
buckets(void)
{
	int64_t lo = st.hasfrom ? st.from : st.first;
	int64_t hi = st.hasto ? st.to : st.last;
	int64_t origin, width = st.bwidth, bs, be, ns, ne;
	struct btrack *t;
	struct item it;
	int i, *order;

	if (st.first == INT64_MAX)
		return;		/* no rows */
	if (hi < lo)
		hi = lo;
	if (st.bcount) {
		width = (hi - lo) / st.bcount + ((hi - lo) % st.bcount != 0);
		if (width < 1)
			width = 1;
		if (width > MAXWIDTH)
			np_die("-B %lldx: a span of %lld ns makes buckets wider "
			    "than 10^17 ns", (long long)st.bcount,
			    (long long)(hi - lo));
		origin = lo;
	} else
		origin = st.hasfrom ? st.from : 0;
	order = np_malloc((size_t)st.nbtrack * sizeof *order);
	for (i = 0; i < st.nbtrack; i++)
		order[i] = i;
	qsort(order, (size_t)st.nbtrack, sizeof *order, bytrack);
	bs = origin + floordiv(lo - origin, width) * width;
	be = bs + width;
	while (sp_next(&st.sorter, &it)) {
		for (; it.s >= be; bs = be, be += width) {
			bucket_out(order, bs, width);
			bucket_next(be, width);
		}
		t = &st.btracks[it.text];
		if (runs_grow(&t->r, it.s, it.e, &ns, &ne) && ns < be)
			t->busy += (ne < be ? ne : be) - ns;
	}
	/* The last bucket holds hi - 1, the span's last ns. */
	do {
		bucket_out(order, bs, width);
		bucket_next(be, width);
		bs = be;
		be += width;
	} while (bs < hi);
	free(order);
}

static void
header(void)
{
	static const char *const gaps[] = { "engine", "gap_start", "gap_end",
	    "gap_ns", "before_opcode", "before_src", "after_opcode",
	    "after_src", "pcore_idx" };
	static const char *const allgaps[] = { "gap_start", "gap_end",
	    "gap_ns", "before_engine", "before_opcode", "before_src",
	    "after_engine", "after_opcode", "after_src", "pcore_idx" };
	static const char *const util[] = { "engine", "instructions",
	    "busy_ns", "span_ns", "busy_share", "gaps", "idle_ns",
	    "pcore_idx" };
	static const char *const bucket[] = { "engine", "bucket_start_ns",
	    "busy_ns", "busy_share", "pcore_idx" };

	st.hdrdone = 1;
	if (st.mode == GAPS)
		out_header(gaps, sizeof gaps / sizeof *gaps);
	else if (st.mode == ALL)
		out_header(allgaps, sizeof allgaps / sizeof *allgaps);
	else if (st.mode == UTIL)
		out_header(util, sizeof util / sizeof *util);
	else
		out_header(bucket, sizeof bucket / sizeof *bucket);
}

/* Physical cores: none first, then in numeric order. */
static int
pccmp(int a, int b)
{
	if (st.pcs[a].has != st.pcs[b].has)
		return st.pcs[a].has - st.pcs[b].has;
	return (st.pcs[a].v > st.pcs[b].v) - (st.pcs[a].v < st.pcs[b].v);
}

static int
bypcore(const void *a, const void *b)
{
	return pccmp(*(const int *)a, *(const int *)b);
}

/* Engines by name, then physical core. */
static int
byname(const void *a, const void *b)
{
	const struct engine *x = &st.eng[*(const int *)a];
	const struct engine *y = &st.eng[*(const int *)b];
	int c = engcmp(x, y);

	return c ? c : pccmp(x->pc, y->pc);
}

static void
finish(int hdr)
{
	int i, order[MAXENG];
	struct item it;

	sp_end(&st.sorter);
	if (st.mode == BUCKETS) {
		/* Once the rows are in order (and TMPDIR took them), with the
		 * core column when rows had one. */
		if (hdr)
			header();
		buckets();
		return;
	}
	while (sp_next(&st.sorter, &it))
		feed(&it);
	/* The last gaps in an order that does not depend on the input's. */
	for (i = 0; i < st.nfed; i++)
		track_end(&st.eng[st.fed[i]].t);
	for (i = 0; i < st.npc; i++)
		track_end(&st.pcs[i].t);
	if (st.mode == UTIL) {
		if (hdr)
			header();
		for (i = 0; i < st.neng; i++)
			order[i] = i;
		qsort(order, (size_t)st.neng, sizeof *order, byname);
		for (i = 0; i < st.neng; i++)
			print_util(st.eng[order[i]].has ?
			    st.eng[order[i]].name : NULL, st.eng[order[i]].len,
			    &st.eng[order[i]].t);
		for (i = 0; i < st.npc; i++)
			order[i] = i;
		qsort(order, (size_t)st.npc, sizeof *order, bypcore);
		for (i = 0; i < st.npc; i++)
			print_util("any", 3, &st.pcs[order[i]].t);
		if (st.npc == 0)	/* no input: one row of nothing */
			print_util("any", 3, &st.pcs[0].t);
	}
}
/*
 * No instruction was used, though the input has rows: what was passed
 * over, then why, and exit 1.
 */
static _Noreturn void
nothing(struct reader *rd)
{
	char msg[768], seen[512];
	size_t n;

	n = (size_t)snprintf(msg, sizeof msg, "no instruction to report on in "
	    "%ld rows read:", st.nread);
	if (st.notsel) {
		tally_text(&st.engines, seen, sizeof seen);
		n += (size_t)snprintf(msg + n, sizeof msg - n, " %ld not on the "
		    "engines -e names (seen: %s)%s", st.notsel, seen,
		    st.noend || st.outside ? "," : "");
	}
	if (st.noend && n < sizeof msg)
		n += (size_t)snprintf(msg + n, sizeof msg - n, " %ld without "
		    "an end time or within +-2^62 ns%s", st.noend,
		    st.outside ? "," : "");
	if (st.outside && n < sizeof msg)
		snprintf(msg + n, sizeof msg - n, " %ld outside -t %s",
		    st.outside, st.window_arg);
	rd_close(rd);
	np_die("%s", msg);
}


static void
cleanup(void)
{
	int i;

	for (i = 0; i < st.neng; i++)
		free(st.eng[i].name);
	free(st.btracks);
	grp_free(&st.btrackids);
	sp_free(&st.sorter);
	grp_free(&st.texts);
	free(st.keybuf);
}

/* -a, -B and -U each choose the output: one at most. */
static void
exclusive(int a, int b, int u)
{
	const char *given[3];
	int n = 0;

	if (a)
		given[n++] = "-a";
	if (b)
		given[n++] = "-B";
	if (u)
		given[n++] = "-U";
	if (n < 2)
		return;
	if (n == 2)
		np_warn("%s and %s: expected one of them, found both",
		    given[0], given[1]);
	else
		np_warn("-a, -B and -U: expected one of them, found all three");
	np_usage(synopsis);
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
		case 'B':
			parsewidth(optarg);
			break;
		case 'e':
			engineset_option(&st.sel, optarg, synopsis);
			break;
		case 'F':
			pos = optarg;
			break;
		case 'm':
			st.minns = np_optnum("m", optarg, 0, INT64_MAX);
			break;
		case 'r':
			st.window = (int)np_optnum("r", optarg, 1, MAXWIN);
			break;
		case 't':
			parsewindow(optarg);
			st.window_arg = optarg;
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
	exclusive(aflag, st.bwidth || st.bcount, uflag);
	st.wanthdr = cmd.header;	/* written with the first one used */
	st.mode = aflag ? ALL : uflag ? UTIL :
	    st.bwidth || st.bcount ? BUCKETS : GAPS;
	rd_open(&rd, &kind_insn, argv + optind, argc - optind);
	rd_options(&rd, unit, pos, synopsis);
	/* The other columns are skipped unread. */
	rd_want(&rd, BIT(I_ENGINE) | BIT(I_TRACK) | BIT(I_PCORE) |
	    (st.mode == UTIL || st.mode == BUCKETS ? 0 :
	    BIT(I_OPCODE) | BIT(I_BIR) | BIT(I_NKI)));
	st.pcs[0].t.eng = -1;	/* the any row of no input */
	runs_init(&st.pcs[0].t.r);
	/* -B writes nothing before every row is read: no deliver. */
	sp_init(&st.sorter, sizeof(struct item), st.window, bystart,
	    st.mode == BUCKETS ? NULL : deliver, NULL);
	grp_init(&st.texts, sizeof(int32_t), MAXTEXT);
	grp_init(&st.btrackids, sizeof(int32_t), MAXTRACK);
	while ((rec = rd_next(&rd)))
		add(&rd, rec);
	if (st.used == 0 && st.nread > 0)
		nothing(&rd);
	finish(st.wanthdr);
	/* No gap (an empty table, or none of -m): an empty answer, the
	 * header alone (-B and -U write theirs in finish). */
	if (st.wanthdr && !st.hdrdone)
		header();
	out_flush();
	rd_close(&rd);
	sp_report(&st.sorter);
	cleanup();
	return 0;
}
