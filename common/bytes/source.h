/*
 * source: buffered reading of one file descriptor at a time.  A UTF-8
 * byte-order mark at a file's start is dropped.
 *
 * One buffer of SRC_BUFSZ bytes is read into and reused for every file; nothing
 * is allocated per line or per record.  A line or token that the caller needs
 * whole must fit in the buffer: that is the documented bound (SRC_BUFSZ - 1
 * bytes), and longer ones are an error, never truncated.
 *
 * The data in the buffer is always followed by SRC_PAD zero bytes, so scanners
 * can read up to SRC_PAD bytes past any place in it (the field splitter reads
 * 64 at a time) and stop at a NUL without a bounds check.
 */
#ifndef NP_INPUT_H
#define NP_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#ifndef SRC_BUFSZ		/* smaller in the fuzz build, to reach its edges */
#define SRC_BUFSZ (1 << 20)
#endif
#define SRC_PAD 64		/* at least the splitter's 64-byte step */

/* The fast paths' splitters, inline even where they are called twice. */
#if defined(__GNUC__)
#define SRC_INLINE static inline __attribute__((always_inline))
#else
#define SRC_INLINE static inline
#endif

/* How much of a file's start tells its format and is checked for binary
 * bytes (smaller in the fuzz build, whose buffer is small). */
#ifndef SRC_SNIFF
#define SRC_SNIFF (SRC_BUFSZ < 65536 ? SRC_BUFSZ : 65536)
#endif

struct src {
	const char *name;	/* file name as given, "-" for stdin */
	int fd;
	int eof;
	char *buf;
	char *p;		/* next unread byte */
	char *end;		/* end of the data read so far */
	long long base;		/* file offset of buf[0] */
	long line;		/* line of *p, counted by whoever consumes;
				   after src_getline, the line returned */
	int in_line;		/* src_getline: p is past the line's end;
				   csv_row: by the lines its row spans */
	char cut;		/* the byte the line's NUL replaced */
	int bomseen;		/* the file's start was checked for a BOM */
	long long line_off;	/* file offset where that line starts */
	/* The first NUL of the checked start (src_checktext): its offset
	 * (-1: none), value (0), line and column; and the first other byte
	 * src_isbinary names, before it, the same way, which makes the file
	 * not text only in or before its first line of data. */
	long long binoff;
	unsigned char binbyte;
	long binline, bincol;
	long long ctloff;
	unsigned char ctlbyte;
	long ctlline, ctlcol;
	const char *binwhat;	/* what the file was to be, for its message */
	/* The blank lines src_passpreamble passed over, the first's line:
	 * a table's reader counts them with those between its rows. */
	long blanks, firstblank;
};

/* Opens path ("-" is stdin); dies with the file name on failure. */
void src_open(struct src *s, const char *path);
void src_close(struct src *s);

/*
 * Reads more data after the buffer's end.  Bytes from *keep (a pointer into
 * the buffer, or NULL for none) onward are kept, moved to the front if room is
 * needed; *keep and s->p are adjusted.  Returns the number of bytes added: 0
 * at end of file, and when the kept bytes already fill the buffer (the
 * caller's token is longer than the bound; s->eof stays clear).  Dies with
 * the file name on a read error.
 */
size_t src_fill(struct src *s, char **keep);

/*
 * Next line, without its "\n" or "\r\n".  Returns 0 at end of file.  The line
 * is valid until the next call; it is NUL-terminated in place.  A NUL byte in
 * a line is an error naming its line and column; so is a line longer than
 * the bound.  A last line without a newline is returned too.
 */
int src_getline(struct src *s, char **line, size_t *len);

/* Puts back the line src_getline returned last (line, len as it gave
 * them), so that it is read again: for a reader that finds it must read
 * that line another way. */
void src_ungetline(struct src *s, char *line, size_t len);

/* The first fields of a line: runs of bytes other than space and tab. */
#define SRC_MAXFIELDS 64
struct src_fields {
	int n;				/* found: at most the number asked */
	char *f[SRC_MAXFIELDS];
	size_t len[SRC_MAXFIELDS];
	char *rest;			/* what follows field n (a NUL at
					   the end of the line) */
};

/*
 * src_getline, and the line's first max (<= SRC_MAXFIELDS) fields found in
 * the same pass over its bytes.  A "\r" before the "\n" is in no field.
 */
int src_getfields(struct src *s, char **line, size_t *len,
    struct src_fields *fl, int max);

/*
 * Splits the text at p up to the first "\n" or NUL into its first max
 * fields; returns where it stopped.  p lies in src's buffer (or has
 * SRC_PAD readable bytes after its end).
 */
char *src_split(char *p, struct src_fields *fl, int max);

/* Column (1-based) of a position in the buffer, on the current line. */
long src_col(const struct src *s, const char *at);

/*
 * For a reader that walks the buffered lines itself (the text formats'
 * fast path), then consumes them at once: the end of the whole lines
 * buffered from s->p on (just past the last '\n'; s->p when there is
 * none).  Nothing is read or consumed.  Line j (from 0) of them is line
 * s->line + s->in_line + j of the file.
 */
char *src_whole(const struct src *s);

/* The number of '\n' in [p, e). */
long src_countnl(const char *p, const char *e);

/* Consumes the n whole lines from s->p up to to, where the next begins:
 * as n calls of src_getline would, the last of them the current line. */
static inline void
src_take(struct src *s, char *to, long n)
{
	if (n == 0)
		return;
	s->line += s->in_line + n - 1;
	s->in_line = 1;
	s->p = to;
}

#if defined(__SSE2__)
/* Masks of the line ends ('\n', NUL) and blanks (space, tab) among the 64
 * bytes at p, a bit a byte. */
static inline void
src_masks64(const char *p, uint64_t *stop, uint64_t *blank)
{
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128(),
	    space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
	__m128i v0, v1, v2, v3;

#define LOAD(i) _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * (i)))
#define MASK(v, a, b) ((uint64_t)(unsigned)_mm_movemask_epi8( \
	_mm_or_si128(_mm_cmpeq_epi8(v, a), _mm_cmpeq_epi8(v, b))))
	v0 = LOAD(0);
	v1 = LOAD(1);
	v2 = LOAD(2);
	v3 = LOAD(3);
	*stop = MASK(v0, nl, zero) | MASK(v1, nl, zero) << 16 |
	    MASK(v2, nl, zero) << 32 | MASK(v3, nl, zero) << 48;
	*blank = MASK(v0, space, tab) | MASK(v1, space, tab) << 16 |
	    MASK(v2, space, tab) << 32 | MASK(v3, space, tab) << 48;
#undef LOAD
#undef MASK
}

/* The mask of the line ends among the 64 bytes at p, a bit a byte. */
static inline uint64_t
src_masks64nl(const char *p)
{
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
	uint64_t m = 0;
	int i;

	for (i = 0; i < 4; i++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16 * i));

		m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, zero))) << 16 * i;
	}
	return m;
}
#endif

/*
 * One 64-byte step of a line split at base: the fields that start in it
 * (starts, at most max in all) and the ends of those begun (ends), taken
 * into fl; *ns and *ne count the starts and ends taken so far.
 */
static inline void
src_gather(char *base, uint64_t starts, uint64_t ends, struct src_fields *fl,
    int *ns, int *ne, int max)
{
	int s = *ns, e = *ne;

	for (; starts && s < max; starts &= starts - 1)
		fl->f[s++] = base + __builtin_ctzll(starts);
	for (; ends && e < s; ends &= ends - 1, e++)
		fl->len[e] = (size_t)(base + __builtin_ctzll(ends) - fl->f[e]);
	*ns = s;
	*ne = e;
}

/*
 * The first max fields of the whole line at p (a '\n' ends it, before the
 * buffered data's end), split as src_getfields splits them, a "\r" before
 * the "\n" in no field: 1 with them in fl and the line's '\n' in *nl.  0,
 * leaving the line to src_getfields, when it holds a NUL.  fl->rest is
 * left unset: the fast path looks no further than the fields.  Inline,
 * and with one 64-byte step where the line's fields lie in its first 64
 * bytes (they do in a trace): the fast path's splitter.
 */
SRC_INLINE int
src_splitline(char *p, struct src_fields *fl, int max, char **nl)
{
	char *end;
#if defined(__SSE2__)
	uint64_t stop, blank, tok, starts, ends, carry = 0;
	char *base = p;
	int ns = 0, ne = 0;

	/* The usual line: its fields, or those wanted, in one step. */
	src_masks64(p, &stop, &blank);
	tok = ~blank & (stop ? (stop & -stop) - 1 : ~(uint64_t)0);
	starts = tok & ~(tok << 1);
	ends = ~tok & tok << 1;
	for (; ends && ne < max; ne++) {
		/* Unsigned offsets: no sign extension, no subtraction of
		 * pointers (a field's start and end are bit numbers). */
		unsigned a = (unsigned)__builtin_ctzll(starts),
		    b = (unsigned)__builtin_ctzll(ends);

		fl->f[ne] = p + a;
		fl->len[ne] = b - a;
		starts &= starts - 1;
		ends &= ends - 1;
	}
	if (stop || ne == max) {
		while (!stop)
			stop = src_masks64nl(base += 64);
		goto found;
	}
	/* On past the first 64 bytes, from the fields found in them: the
	 * one that runs on past them, if any, has its start. */
	ns = ne;
	if (starts)
		fl->f[ns++] = p + __builtin_ctzll(starts);
	carry = tok >> 63;
	for (;;) {
		base += 64;
		src_masks64(base, &stop, &blank);
		tok = ~blank & (stop ? (stop & -stop) - 1 : ~(uint64_t)0);
		starts = tok & ~(tok << 1 | carry);
		ends = ~tok & (tok << 1 | carry);
		carry = tok >> 63;
		src_gather(base, starts, ends, fl, &ns, &ne, max);
		if (stop)
			break;
		if (ne == max) {	/* the rest only for its end */
			while (!(stop = src_masks64nl(base += 64)))
				;
			break;
		}
	}
found:
	end = base + __builtin_ctzll(stop);
	fl->n = ne;
#else
	end = src_split(p, fl, max);
#endif
	if (*end != '\n')
		return 0;	/* a NUL */
	*nl = end;
	/* As src_getfields: "a b\r" and "a b \r" are the fields a, b. */
	if (end > p && end[-1] == '\r' && fl->n &&
	    fl->f[fl->n - 1] + fl->len[fl->n - 1] == end) {
		if (--fl->len[fl->n - 1] == 0)
			fl->n--;
	}
	return 1;
}

/*
 * The fields of a line src_splitshort split that lie past its first
 * SRC_SHORT: their starts and ends (the byte after each) as bits of the
 * 64 bytes at the line's start.
 */
#define SRC_SHORT 5
struct src_more {
	char *p;
	uint64_t starts, ends;
};

/*
 * src_splitline for the usual line of a trace, in fewer steps: one whose
 * '\n' lies in its first 64 bytes, whose fields are parted by spaces (no
 * tab, and no other control byte before its end), and that has SRC_SHORT
 * fields or more.
 * 1 with its first SRC_SHORT fields in fl (fl->n is SRC_SHORT, whatever
 * follows them in *more) and its '\n' in *nl; the fields are those
 * src_splitline finds, a "\r" before the "\n" in none.  0 for any other
 * line, left to src_splitline.  Straight on, without src_splitline's loop
 * over the fields (whose end, a field more or less from line to line, is
 * hard to foresee): the first SRC_SHORT in as many steps, the rest left
 * as bits.
 */
SRC_INLINE int
src_splitshort(char *p, struct src_fields *fl, char **nl,
    struct src_more *more)
{
#if defined(__SSE2__)
	const __m128i sp = _mm_set1_epi8(' ');
	__m128i v0, v1, v2, v3, b0, b1, b2, b3;
	uint64_t stop, blank, tok, starts, ends, s;
	unsigned e, a;

	/* The spaces, and the bytes below them (controls: '\n', a tab,
	 * "\r", NUL), of which the first must end the line. */
#define LOAD(i) _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * (i)))
#define MASK(v) ((uint64_t)(unsigned)_mm_movemask_epi8(v))
#define BELOW(v, b) MASK(_mm_xor_si128(b, \
	_mm_cmpeq_epi8(_mm_min_epu8(v, sp), v)))
	v0 = LOAD(0);
	v1 = LOAD(1);
	v2 = LOAD(2);
	v3 = LOAD(3);
	b0 = _mm_cmpeq_epi8(v0, sp);
	b1 = _mm_cmpeq_epi8(v1, sp);
	b2 = _mm_cmpeq_epi8(v2, sp);
	b3 = _mm_cmpeq_epi8(v3, sp);
	blank = MASK(b0) | MASK(b1) << 16 | MASK(b2) << 32 | MASK(b3) << 48;
	stop = BELOW(v0, b0) | BELOW(v1, b1) << 16 | BELOW(v2, b2) << 32 |
	    BELOW(v3, b3) << 48;
#undef LOAD
#undef MASK
#undef BELOW
	if (!stop)
		return 0;
	e = (unsigned)__builtin_ctzll(stop);
	tok = ~blank & ((stop & -stop) - 1);
	/* As src_getfields: "a b\r" and "a b \r" are the fields a, b. */
	if (p[e] == '\r' && p[e + 1] == '\n')
		e++;
	else if (p[e] != '\n')
		return 0;	/* a tab, NUL or other control first */
	starts = tok & ~(tok << 1);
	ends = ~tok & tok << 1;
	s = starts & (starts - 1);
	s &= s - 1;
	s &= s - 1;
	s &= s - 1;
	if (!s)
		return 0;	/* fewer than SRC_SHORT fields */
#define SRC_FIELD(i) \
	a = (unsigned)__builtin_ctzll(starts); \
	fl->f[i] = p + a; \
	fl->len[i] = (unsigned)__builtin_ctzll(ends) - a; \
	starts &= starts - 1; \
	ends &= ends - 1;
	SRC_FIELD(0) SRC_FIELD(1) SRC_FIELD(2) SRC_FIELD(3) SRC_FIELD(4)
#undef SRC_FIELD
	fl->n = SRC_SHORT;
	more->p = p;
	more->starts = starts;
	more->ends = ends;
	*nl = p + e;
	return 1;
#else
	(void)p;
	(void)fl;
	(void)nl;
	(void)more;
	return 0;
#endif
}

/* A byte that a text file's first line (and the lines before it) does not
 * hold: NUL, and control bytes other than blanks and ESC (which coloured log
 * lines carry).  Further on, a value may hold any but NUL (np(7)). */
static inline int
src_isbinary(unsigned char c)
{
	return c == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r' &&
	    c != '\f' && c != '\v' && c != 0x1b);
}

/*
 * Reads the first n bytes of the file (all of a shorter one) into the
 * buffer without consuming them, and notes the first NUL among them, and
 * the first other byte src_isbinary names: src_sniff dies at once where
 * either is in or before the first line of data ("file:line:col: expected
 * <what>, found byte 0x.."); further on, every reader stops at a NUL,
 * after the rows before it, and a control byte is data.
 */
void src_checktext(struct src *s, size_t n);

/* The byte at p as the file holds it: a binary byte src_checktext marked
 * is its own value again. */
static inline unsigned char
src_byte(const struct src *s, const char *p)
{
	if (*p == '\0' && s->binoff == s->base + (p - s->buf))
		return s->binbyte;
	return (unsigned char)*p;
}

/* What a binary byte at p is named in place of: the file's kind (as
 * src_sniff was told) for the byte src_checktext marked, else text. */
static inline const char *
src_textwhat(const struct src *s, const char *p)
{
	if (*p == '\0' && s->binoff == s->base + (p - s->buf))
		return s->binwhat;
	return "text";
}

/* A logrus line (time="..."), as captured with 2>&1, at p: n bytes to its
 * line's end. */
static inline int
src_islog(const char *p, size_t n)
{
	return n >= 6 && memcmp(p, "time=\"", 6) == 0;
}

/* What may come before a file's data, on the line [line, nl): 0 for
 * neither, SRC_BLANK for blanks only, SRC_LOG for a logrus line. */
enum { SRC_BLANK = 1, SRC_LOG };
int src_passover(const char *line, const char *nl);

/*
 * The end of the line at line ('\n', or s->end for a last line without
 * one), reading on until it is whole, the file ends, or the buffer holds
 * limit bytes.  Only while nothing is consumed (s->p is s->buf), so that
 * nothing moves.
 */
char *src_wholeline(struct src *s, char *line, size_t limit);

/*
 * At the start of a file, past its blank and logrus lines however far in
 * (within a full buffer), so that how reads fall cannot change the
 * answer: the first other line, its end in *nl and its number in *lineno;
 * NULL when there is none (s->eof tells whether the file ended or the
 * buffer filled).  Only while nothing is consumed.
 */
char *src_firstdata(struct src *s, char **nl, long *lineno);

/*
 * The front door: what a file holds, from its first line that is not
 * blank or a logrus line (passed over however far in, within a full
 * buffer).  Checks the first SRC_SNIFF bytes for binary data first, and
 * dies naming what was expected (what: "JSON, TSV or CSV").  Nothing is
 * consumed; *line is that first line (NULL when there is none), *lineno its number.
 *   SRC_JSON   it begins with '{' or '['
 *   SRC_TSV    it holds a TAB: a header line of TSV
 *   SRC_CSV    it is a header line of CSV: two or more comma-separated
 *              names, none empty, none with a blank unless quoted
 *   SRC_TEXT   anything else
 *   SRC_EMPTY  the file is empty; SRC_BLANKS only blank lines;
 *              SRC_LOGS only blank and log lines; SRC_LONG more than a
 *              buffer of them
 */
enum { SRC_EMPTY, SRC_BLANKS, SRC_LOGS, SRC_LONG, SRC_JSON, SRC_TSV,
    SRC_CSV, SRC_TEXT };
int src_sniff(struct src *s, const char *what, char **line, long *lineno);

/* A name to open path by again and read at any offset (Parquet's footer
 * is at its end): path, or for standard input read from a file
 * /dev/stdin; dies for a pipe. */
const char *src_seekable(const char *path);
/* The length of dir without its trailing slashes (but "/" itself), to
 * join a name to it with one. */
int src_dirlen(const char *dir);
/* Is path a directory (not "-")? */
int src_isdir(const char *path);
/* Does the source begin with Parquet's magic "PAR1"?  Reads its first
 * bytes (nothing is lost: they stay in the buffer). */
int src_isparquet(struct src *in);
/*
 * The files of a Neuron Explorer profile directory that hold the tables
 * named in tables (space-separated), in order: for each table T,
 * dir/T.parquet, or its parts dir/T_0.parquet, dir/T_1.parquet, ... in
 * numeric order.  Dies naming the files when a part is missing between
 * others, or when T.parquet and parts are both there: the table would be
 * read in part, or twice.  The names are kept for the program's life
 * (messages may name them after the reading is done), in a list put in
 * *files; returns how many.
 */
int src_tables(const char *dir, const char *tables, char ***files);

/*
 * Consumes the blank and logrus lines at the start of a file, once
 * src_firstdata has read them in: the number of logrus lines, the first
 * of them at *first; the blank lines' in s->blanks, s->firstblank.
 */
long src_passpreamble(struct src *s, long *first);

#endif
