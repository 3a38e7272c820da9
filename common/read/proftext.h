/*
 * proftext: what the readers of the profiler's text formats share
 * (show-session --show-trace and --show-dma, showtrace.c and showdma.c),
 * beyond the fields of a line that src_getfields finds: what a format is
 * to the reader (struct textfmt) and is given by it (struct textin), what
 * is passed over counted, section headers, "key=N" tokens, and the line
 * loops of the readers of START / END pairs (tl_pairfast, tl_pairnext).
 */
#ifndef NP_TEXTLINE_H
#define NP_TEXTLINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bytes/source.h"
#include "base/skipped.h"
#include "base/number.h"
#include "format/startend.h"
#include "kind/record.h"

#define TL_MAXFIELDS SRC_MAXFIELDS	/* the largest position -F accepts */
#define TL_MAXPOS 8		/* field positions of one format, at most */

/*
 * What a text format is given by the reader, file by file: the input, the
 * notes to count what it passes over into, and the field positions, already
 * taken from the user's -F or else the format's defaults.
 */
struct textin {
	struct src *in;
	struct notes *notes;
	long bad;		/* lines not understood in this file (tl_note):
				   the reader reads it back at the file's end */
	int pos[TL_MAXPOS];	/* 0-based; -1: found by its key=N token */
	int nsplit;		/* fields to split (tl_nsplit) */
	/* Set by the reader when the program writes every record as it comes,
	 * unchanged (rec_write), and times need no scaling: the format may
	 * then write a record's row itself, exactly as rec_write would, and
	 * count it in written, instead of returning it. */
	int rows;
	long written;		/* rows so written from this file */
	uint32_t want;		/* the columns the program uses (rd_want): a
				   format may leave the others unset */
};

/*
 * A profiler text format of one kind.  Its state (size bytes) is owned by
 * the reader: allocated once, given to start when a file starts (to empty
 * it), then to next for each record.
 */
struct textfmt {
	const char *name;	/* "show-session --show-trace instruction" */
	const struct kind *kind;	/* what its records are */
	int nfields;		/* field positions -F may set (<= TL_MAXPOS) */
	const char *const *field;	/* their names, in textin.pos order */
	const int *defpos;	/* their defaults, 1-based; 0: by key=N */
	const char *fields;	/* the names space-separated, for messages */
	size_t size;
	void (*start)(void *st, struct textin *tx);
	/* 1 with a record in rec, 0 at the end of the file. */
	int (*next)(void *st, struct textin *tx, struct record *rec);
};

/* Fields to split for the 0-based positions pos: the last one needed, one
 * more when a field is found by its token (where it usually is), and at
 * least the three words that start a section header. */
int tl_nsplit(const int *pos, int n);

/* A line not understood, at line of the file. */
static inline void
tl_note(struct textin *tx, const char *what, long line)
{
	tx->bad++;
	note_add(tx->notes, what, 1, tx->in->name, line);
}

/* A log line (time="...") passed over: counted, but not a problem with the
 * file. */
static inline void
tl_notelog(struct textin *tx, long line)
{
	note_add(tx->notes, NOTE_LOGS, 1, tx->in->name, line);
}

/* An event recognised but left without its pair: counted, but the file was
 * understood, so a file of only such events is not "nothing recognised". */
static inline void
tl_unpaired(struct textin *tx, const char *what, long line)
{
	note_add(tx->notes, what, 1, tx->in->name, line);
}

/* Is the n bytes at s exactly word?  Inline, so that a literal word's
 * length and comparison are known when compiled: no calls per line. */
static inline int
tl_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* tl_keyint for the rest of a line, after the fields split. */
int tl_keyrest(char *rest, const char *key, int64_t *v);

/*
 * The number of a line's first "key=N" field: among the fields fl holds,
 * then, when the line was split into max fields and may hold more, in the
 * rest of it.  1 with N in *v, -1 when N is not a number, 0 when there is
 * none.
 */
static inline int
tl_keyint(const struct src_fields *fl, int max, const char *key, int64_t *v)
{
	/* Inline: a literal key's length and comparison are known when
	 * compiled. */
	size_t klen = strlen(key);
	int i;

	for (i = 0; i < fl->n; i++)
		if (fl->len[i] > klen && fl->f[i][klen] == '=' &&
		    memcmp(fl->f[i], key, klen) == 0)
			return num_i64(fl->f[i] + klen + 1,
			    fl->len[i] - klen - 1, v) ? 1 : -1;
	return fl->n == max ? tl_keyrest(fl->rest, key, v) : 0;
}

/*
 * The fast paths' tl_keyint and tl_posint in one: the number of a line
 * split into fl (nsplit fields asked) at the position pos ("N" or
 * "key=N"), or with pos < 0 in its first "key=N" field, when it is
 * written as num_fmt_i64 prints it: 1 with it in *v and its text at *t
 * (*tlen bytes), 0 when the line has none.  -1 leaves the line to the
 * general way: a number written otherwise, or one that may lie past the
 * fields split.  A line src_splitshort split (more not NULL) is looked
 * at whole, its fields past those split too.  A "key=" with nothing
 * after it is the key's field, as it is to tl_keyint (whose number it
 * then is not).  key is a literal of at most 6 bytes, and the fields lie
 * in src's buffer (8 readable bytes at each): each field is looked at by
 * its '=' (most have none), then as one word; inline, the key's word is
 * known when compiled.
 */
SRC_INLINE int
tl_fastkey(const struct src_fields *fl, const struct src_more *more, int pos,
    int nsplit, const char *key, int64_t *v, const char **t, size_t *tlen)
{
	size_t k = strlen(key) + 1;	/* with its '=' */
	const char *f;
	size_t n;
	uint64_t s, e;
	int i;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* The key's bytes and '=' as one word, without a loop: so that
	 * each is known when compiled. */
#define KB(j) ((j) + 1 < k ? (uint64_t)(unsigned char)key[j] << 8 * (j) : 0)
	uint64_t want = KB(0) | KB(1) | KB(2) | KB(3) | KB(4) | KB(5) |
	    (uint64_t)'=' << 8 * (k - 1), mask = ((uint64_t)1 << 8 * k) - 1, w;
#undef KB
#define KEYAT(s) ((s)[k - 1] == '=' && \
    (memcpy(&w, (s), 8), ((w ^ want) & mask) == 0))
#else
#define KEYAT(s) (memcmp((s), key, k - 1) == 0 && (s)[k - 1] == '=')
#endif

	if (pos >= 0) {
		if (pos >= fl->n)
			return 0;
		f = fl->f[pos];
		n = fl->len[pos];
		if (n >= k && KEYAT(f)) {
			f += k;
			n -= k;
		}
	} else if (more) {
		/* As below, over a known number of fields: a few steps, no
		 * loop. */
		for (i = 0; i < SRC_SHORT; i++)
			if (fl->len[i] >= k && KEYAT(fl->f[i]))
				break;
		if (i < SRC_SHORT) {
			f = fl->f[i] + k;
			n = fl->len[i] - k;
		} else {
			/* The fields past those split, by their bits: the
			 * whole line is there, so none is not found. */
			for (s = more->starts, e = more->ends; s;
			    s &= s - 1, e &= e - 1) {
				f = more->p + __builtin_ctzll(s);
				n = (size_t)__builtin_ctzll(e) -
				    (size_t)__builtin_ctzll(s);
				if (n >= k && KEYAT(f))
					break;
			}
			if (!s)
				return 0;
			f += k;
			n -= k;
		}
	} else {
		for (i = 0; i < fl->n; i++)
			if (fl->len[i] >= k && KEYAT(fl->f[i]))
				break;
		if (i == fl->n)
			return fl->n == nsplit ? -1 : 0;
		f = fl->f[i] + k;
		n = fl->len[i] - k;
	}
#undef KEYAT
	if (!num_canon(f, n, v))
		return -1;
	*t = f;
	*tlen = n;
	return 1;
}

/* The number in a field at a position the user gave: "N" or "key=N".  1
 * with it in *v, -1 when it is not a number. */
int tl_posint(const char *s, size_t n, const char *key, int64_t *v);

/*
 * A record's number that is not one, on the line just split into fl:
 * the field at the 0-based position pos, or with pos < 0 the first
 * "key=..." field, where tl_keyint found it.  Dies after the rows before
 * it, naming the line and column, the field and what it holds, as the
 * table readers do: "expected an integer for 'ts' (field 5, -F ts=5),
 * found '12x4'", "expected an integer for 'pc' (pc=N), found 'pc=abc'".
 */
_Noreturn void tl_badint(struct textin *tx, const struct src_fields *fl,
    const char *key, int pos);

/*
 * Consumes at once, unread, the whole lines buffered before the first
 * that holds word (or a NUL, which src_getline then reports): in a
 * section passed over by design, where only a header, whose fields hold
 * word, can end it, and the line by line way would pass over each of
 * them just the same.
 */
void tl_skipto(struct textin *tx, const char *word);

/* A section header: "<What> trace for ND <d> NC <c> ..." or
 * "Collectives trace for CC-core <n>". */
struct tl_section {
	const char *what;	/* "Instruction", "Collectives", "DMA", ... */
	size_t whatlen;
	int hasnd, hasnc, hascore;
	int64_t nd, nc, core;
};

/* May the line with its first fields in fl be a section header?  Inline:
 * the test every data line fails, without a call. */
static inline int
tl_maybesection(const struct src_fields *fl)
{
	return fl->n >= 3 && tl_is(fl->f[1], fl->len[1], "trace");
}

/* 1 if the line (with its first fields in fl) is a section header, which
 * is then described in *sec. */
int tl_section(char *line, const struct src_fields *fl,
    struct tl_section *sec);


/*
 * A layout that cannot be right (the time read from the wrong field, as a
 * bare pc at the time's place makes it): judged over a file's first
 * TL_JUDGE pairs, when the last of them is read, or at the file's end
 * over what there was if that is at least TL_JUDGEMIN.  Wrong when most
 * ends come earlier than their start, when every pair lasts 0, or when no
 * start is later than the one before it at its place (engine, queue).
 * Real traces run forward: any of them says the time is not where it was
 * read, and the message names -F.
 */
#define TL_JUDGE 1000
#define TL_JUDGEMIN 16

struct tl_judge {
	long pairs;		/* ends that met a start waiting */
	long earlier, zero;	/* of them, earlier than it; at its time */
	long again, rose;	/* starts after another at their place;
				   later than it */
	long line, col;		/* of the last end counted */
	int done;		/* judged, for this file */
};

/* The words of a format's messages, and where it read the time. */
struct tl_words {
	const char *start, *end;	/* "START", "END" */
	const char *things;	/* "instructions" */
	const char *place;	/* "engine" */
};

/* Judges the file so far (and no more after). */
void tl_judge(struct textin *tx, struct tl_judge *j, int tspos,
    const struct tl_words *w);

/* A start at its place, later than the one before it there or not. */
static inline void
tl_judgestart(struct tl_judge *j, int rose)
{
	j->again++;
	j->rose += rose;
}

/* An end that met a start waiting, at line and col; the last of the
 * pairs judged is judged with them. */
static inline void
tl_judgeend(struct textin *tx, struct tl_judge *j, int64_t start,
    int64_t end, long line, long col, int tspos, const struct tl_words *w)
{
	if (j->done)
		return;
	j->pairs++;
	j->earlier += end < start;
	j->zero += end == start;
	j->line = line;
	j->col = col;
	if (j->pairs == TL_JUDGE)
		tl_judge(tx, j, tspos, w);
}

/*
 * The readers of START / END pairs (showtrace's instructions, showdma's
 * transfers) share their line loops: the fast path over the whole lines
 * buffered (tl_pairfast) and the loop around it and the general way
 * (tl_pairnext).  A format gives them its own steps as a struct tl_pairops,
 * constant where it calls them: forced inline, with the steps known when
 * compiled, the loops are compiled into each format as if written there.
 */
#if defined(__GNUC__)
#define TL_INLINE static inline __attribute__((always_inline))
#else
#define TL_INLINE static inline
#endif

/* The end of the whole lines buffered (src_whole), for the buffer as it
 * was: data ending at wend, at file offset wbase. */
struct tl_whole {
	char *whole, *wend;
	long long wbase;
};

/* The end of the whole lines buffered in in, found again only when the
 * buffer has changed. */
TL_INLINE char *
tl_whole(struct tl_whole *w, struct src *in)
{
	if (in->end != w->wend || in->base != w->wbase || w->whole < in->p) {
		w->whole = src_whole(in);
		w->wend = in->end;
		w->wbase = in->base;
	}
	return w->whole;
}

/* Where a format is in its file: the section, read or passed over. */
enum { TL_SEC_NONE, TL_SEC_OURS, TL_SEC_OTHER };

/* What the loops keep of a format's state: its first member. */
struct tl_pairrun {
	struct pairs q;		/* the start waiting, per place */
	int section;		/* TL_SEC_* */
	struct tl_judge judge;	/* is the layout right? */
	struct tl_whole whole;
};

/* A line's optional key=N field, as tl_fastkey found it. */
struct tl_key {
	int has;
	int64_t v;
	const char *t;
	size_t len;
};

enum { TL_NEITHER, TL_START, TL_END };

/* A textin's field positions, copied into the fast path's locals: the
 * rows written through char pointers could be anything to the compiler,
 * which would read them again from the textin, line by line. */
struct tl_at {
	int pos[TL_MAXPOS];
	int nsplit;
};

struct tl_pairops {
	/* A line of the plain kind (split into fl, its needed fields there):
	 * TL_START or TL_END, its key in *k when it has one, or TL_NEITHER
	 * to leave it to the general way. */
	int (*event)(void *st, const struct tl_at *at,
	    const struct src_fields *fl, const struct src_more *more,
	    struct tl_key *k);
	/* A start at ts, at line ln, waits in slot i: its time and key
	 * kept as their text too. */
	void (*waits)(void *st, struct textin *tx, const struct tl_at *at,
	    int i, const struct src_fields *fl, int64_t ts,
	    const struct tl_key *k, long ln);
	/* The pair an end at ts closes in slot i: as a record, or written
	 * as its row (tx->rows). */
	void (*rec)(void *st, struct textin *tx, const struct tl_at *at,
	    struct record *rec, int i, const struct src_fields *fl,
	    int64_t ts, const struct tl_key *k);
	void (*row)(void *st, struct textin *tx, const struct tl_at *at,
	    int i, const struct src_fields *fl, int64_t ts,
	    const struct tl_key *k);
	/* A line the general way: 1 with a record in rec. */
	int (*line)(void *st, struct textin *tx, struct record *rec,
	    char *line, struct src_fields *fl);
	const char *noend;	/* "START lines without an END" */
	const char *nostart;	/* "END lines without a START" */
	const char *earlier;	/* "END lines earlier than their START" */
	const struct tl_words *words;
	int ts, place;		/* textin.pos of the time, of the place */
	unsigned need;		/* the textin.pos a plain line holds, as bits */
	unsigned all;		/* the textin.pos any step reads, as bits */
	/* The format's field positions when no -F moves them (textin.pos
	 * as the reader sets them, the rest 0), and the fields split. */
	const struct tl_at *plain;
	/* The line's event looked at before its time and place, or after:
	 * whichever rejects the lines of other kinds sooner (the order
	 * changes no output, only the code compiled). */
	int eventfirst;
};

/* The last of the positions pos given as bits of mask, -1 with none.
 * Written out, not a loop: with mask known when compiled, only the
 * positions in it are looked at. */
TL_INLINE int
tl_need(unsigned mask, const int *pos)
{
	int n = -1;

#define TL_NEED(c) if (mask & 1u << (c) && pos[c] > n) n = pos[c];
	TL_NEED(0) TL_NEED(1) TL_NEED(2) TL_NEED(3)
	TL_NEED(4) TL_NEED(5) TL_NEED(6) TL_NEED(7)
#undef TL_NEED
	return n;
}
_Static_assert(TL_MAXPOS == 8, "tl_need looks at 8 positions");

/*
 * The fast path's walk: the whole lines buffered, walked in place
 * (src_splitshort, else src_splitline) while each is a line of the plain
 * kind (ops->event), its time written as num_fmt_i64 prints it, its place
 * one seen before; a row is written (tx->rows) or returned as a record
 * (1).  The first line of any other kind, and the partial line at the
 * buffer's end, are left unconsumed to the general way (0), which then
 * makes every check as it always did.  So the two ways give the same
 * records, rows, notes and messages.
 */
TL_INLINE int
tl_pairwalk(const struct tl_pairops *ops, void *st, struct textin *tx,
    struct record *rec, const struct tl_at *at)
{
	struct tl_pairrun *r = st;
	struct src *in = tx->in;
	struct src_fields fl;
	struct src_more more, *mp;
	struct tl_key k;
	char *p = in->p, *nl, **f = fl.f, *whole;
	size_t *len = fl.len;
	int pt, pl, need, rows, ev, i, split5;
	long j = 0, first = in->line + in->in_line;
	int64_t ts;
	struct pair_slot *sl;

	k.has = 0;
	k.v = 0;
	k.t = NULL;
	k.len = 0;
	whole = tl_whole(&r->whole, in);
	rows = tx->rows;
	pt = at->pos[ops->ts];
	pl = at->pos[ops->place];
	need = tl_need(ops->need, at->pos);
	/* The usual line split in fewer steps, when every field the steps
	 * look at by its position is among the first it splits. */
	split5 = tl_need(ops->all, at->pos) < SRC_SHORT;
	for (; p < whole; p = nl + 1, j++) {
		mp = NULL;
		if (split5 && src_splitshort(p, &fl, &nl, &more))
			mp = &more;
		else if (!src_splitline(p, &fl, at->nsplit, &nl))
			break;
		if (fl.n <= need || tl_maybesection(&fl) ||
		    src_islog(f[0], len[0]) ||
		    (ops->eventfirst &&
		    (ev = ops->event(st, at, &fl, mp, &k)) == TL_NEITHER) ||
		    !num_canon(f[pt], len[pt], &ts) ||
		    (i = pair_cached(&r->q, f[pl], len[pl])) < 0 ||
		    (!ops->eventfirst &&
		    (ev = ops->event(st, at, &fl, mp, &k)) == TL_NEITHER))
			break;
		if (ev == TL_START) {
			ops->waits(st, tx, at, i, &fl, ts, &k, first + j);
			continue;
		}
		sl = &r->q.slot[i];
		if (!sl->line) {
			tl_unpaired(tx, ops->nostart, first + j);
			continue;
		}
		if (sl->start < 0)	/* its duration may not fit */
			break;
		tl_judgeend(tx, &r->judge, sl->start, ts, first + j,
		    (long)(f[pt] - p) + 1, pt, ops->words);
		if (ts < sl->start) {
			tl_unpaired(tx, ops->earlier, first + j);
			sl->line = 0;
			continue;
		}
		if (!rows) {
			ops->rec(st, tx, at, rec, i, &fl, ts, &k);
			sl->line = 0;
			src_take(in, nl + 1, j + 1);
			return 1;
		}
		ops->row(st, tx, at, i, &fl, ts, &k);
		sl->line = 0;
	}
	src_take(in, p, j);
	return 0;
}

/* The fast path, its walk compiled twice: with the format's own field
 * positions known when compiled (ops->plain), where the file is read with
 * them, and with those of the file (-F) in locals. */
TL_INLINE int
tl_pairfast(const struct tl_pairops *ops, void *st, struct textin *tx,
    struct record *rec)
{
	struct tl_pairrun *r = st;
	struct tl_at at;

	if (r->section == TL_SEC_OTHER)	/* to the next header */
		tl_skipto(tx, "trace");
	if (r->section != TL_SEC_OURS)
		return 0;
	if (tx->nsplit == ops->plain->nsplit &&
	    memcmp(tx->pos, ops->plain->pos, sizeof at.pos) == 0)
		return tl_pairwalk(ops, st, tx, rec, ops->plain);
	/* In locals: the rows written through char pointers could be
	 * anything to the compiler, which would read these again. */
	memcpy(at.pos, tx->pos, sizeof at.pos);
	at.nsplit = tx->nsplit;
	return tl_pairwalk(ops, st, tx, rec, &at);
}

/* A format's next (struct textfmt): the fast path, else one line the
 * general way, to a record or the file's end, where the layout is judged
 * and what still waits counted. */
TL_INLINE int
tl_pairnext(const struct tl_pairops *ops, void *st, struct textin *tx,
    struct record *rec)
{
	struct tl_pairrun *r = st;
	struct src_fields fl;
	char *line;
	size_t n;

	for (;;) {
		if (tl_pairfast(ops, st, tx, rec))
			return 1;
		if (!src_getfields(tx->in, &line, &n, &fl, tx->nsplit))
			break;
		if (ops->line(st, tx, rec, line, &fl))
			return 1;
	}
	tl_judge(tx, &r->judge, tx->pos[ops->ts], ops->words);
	pair_flush(&r->q, tx->notes, ops->noend, tx->in->name);
	return 0;
}

#endif
