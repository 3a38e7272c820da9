/*
 * textline: what the readers of the profiler's text formats share
 * (show-session --show-trace and --show-dma, showtrace.c and showdma.c),
 * beyond the fields of a line that src_getfields finds: what a format is
 * to the reader (struct textfmt) and is given by it (struct textin), what
 * is passed over counted, section headers, "key=N" tokens.
 */
#ifndef NP_TEXTLINE_H
#define NP_TEXTLINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "input.h"
#include "note.h"
#include "num.h"
#include "record.h"

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
 * fields split.  key is a literal of at most 6 bytes, and the fields lie
 * in src's buffer (8 readable bytes at each): each field is looked at by
 * its '=' (most have none), then as one word; inline, the key's word
 * is known when compiled.
 */
static inline int
tl_fastkey(const struct src_fields *fl, int pos, int nsplit, const char *key,
    int64_t *v, const char **t, size_t *tlen)
{
	size_t k = strlen(key) + 1;	/* with its '=' */
	const char *f;
	size_t n;
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
		if (n > k && KEYAT(f)) {
			f += k;
			n -= k;
		}
	} else {
		for (i = 0; i < fl->n; i++)
			if (fl->len[i] > k && KEYAT(fl->f[i]))
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

#endif
