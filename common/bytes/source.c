#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "bytes/source.h"
#include "base/progress.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void
src_open(struct src *s, const char *path)
{
	if (!s->buf)
		s->buf = np_malloc(SRC_BUFSZ + SRC_PAD);
	s->name = path;
	if (strcmp(path, "-") == 0)
		s->fd = 0;
	else if ((s->fd = open(path, O_RDONLY)) < 0)
		np_die("%s: %s", path, strerror(errno));
	prog_begin(path, s->fd, -1);
	s->eof = 0;
	s->p = s->end = s->buf;
	memset(s->end, 0, SRC_PAD);
	s->base = 0;
	s->line = 1;
	s->in_line = 0;
	s->line_off = 0;
	s->bomseen = 0;
	s->binoff = -1;
	s->ctloff = -1;
	s->blanks = 0;
}

void
src_close(struct src *s)
{
	if (s->fd > 0)
		close(s->fd);
	s->fd = -1;
	prog_end();
}

/*
 * A UTF-8 byte-order mark (as Excel and pandas' utf-8-sig write it) is no
 * part of the data: dropped before anything reads it.  base stays the file
 * offset of buf[0], so offsets and columns count the bytes after it.
 */
static void
skipbom(struct src *s)
{
	s->bomseen = 1;
	if (s->end - s->buf < 3 || memcmp(s->buf, "\xef\xbb\xbf", 3) != 0)
		return;
	memmove(s->buf, s->buf + 3, (size_t)(s->end - s->buf - 3));
	s->end -= 3;
	memset(s->end, 0, SRC_PAD);
	s->base = 3;
	s->line_off = 3;
}

/* One read(2) into the room left; sets eof at the end of input. */
static ssize_t
readsome(struct src *s)
{
	size_t room = (size_t)(s->buf + SRC_BUFSZ - s->end);
	ssize_t n;

	do
		n = read(s->fd, s->end, room);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		np_die("%s: %s", s->name, strerror(errno));
	if (n == 0)
		s->eof = 1;
	prog_add(n);
	s->end += n;
	memset(s->end, 0, SRC_PAD);
	return n;
}

size_t
src_fill(struct src *s, char **keep)
{
	char *from = keep && *keep ? *keep : s->p;
	size_t kept;
	ssize_t n;

	if (s->eof)
		return 0;
	if (s->end == s->buf + SRC_BUFSZ) {
		/* Full: drop what is consumed to make room. */
		if (from == s->buf)
			return 0;
		kept = (size_t)(s->end - from);
		memmove(s->buf, from, kept);
		s->base += from - s->buf;
		/* p, if before what is kept, is in what is dropped. */
		s->p = s->p < from ? s->buf : s->p - (from - s->buf);
		if (keep && *keep)
			*keep = s->buf;
		s->end = s->buf + kept;
	}
	n = readsome(s);
	/* The first bytes of a pipe may come a few at a time: a mark split
	 * across reads is read whole before anything looks at the data. */
	while (s->base == 0 && !s->bomseen && !s->eof &&
	    s->end - s->buf < 3 &&
	    memcmp(s->buf, "\xef\xbb\xbf", (size_t)(s->end - s->buf)) == 0)
		n += readsome(s);
	if (s->base == 0 && !s->bomseen)
		skipbom(s);
	return (size_t)n;
}

/*
 * The first '\n' or NUL at or after p.  The data in the buffer is followed
 * by NULs, so the scan stops at its end at the latest.  One pass finds both
 * the line's end and any binary NUL in it.
 */
static char *
lineend(char *p)
{
#if defined(__SSE2__)
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();

	for (;; p += 32) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(a, nl), _mm_cmpeq_epi8(a, zero))) |
		    (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(b, nl), _mm_cmpeq_epi8(b, zero))) << 16;
		if (m)
			return p + __builtin_ctz(m);
	}
#else
	while (*p != '\n' && *p != '\0')
		p++;
	return p;
#endif
}

#if defined(__SSE2__)
/* The number of bits set in x (POPCNT is not in the x86-64 baseline). */
static inline int
bitcount(uint64_t x)
{
	x -= x >> 1 & 0x5555555555555555ULL;
	x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)(x * 0x0101010101010101ULL >> 56);
}

/*
 * 64 bytes a step, without a branch per byte or per blank run: from the
 * masks, the token bytes give the field starts (a token byte after a
 * blank) and ends (a blank or line end after a token byte), taken in order
 * with count-trailing-zeros.  Fields of varying width mispredict every
 * branch of a byte loop.  The usual trace line has every field wanted in
 * its first 64 bytes: one loop takes each start and end, as many times
 * line after line, and the rest of the line is only searched for its end.
 */
char *
src_split(char *p, struct src_fields *fl, int max)
{
	char *base = p;
	uint64_t stop, blank, tok, prev, starts, ends, carry = 0;
	int ns = 0, ne = 0;

	src_masks64(base, &stop, &blank);
	tok = ~blank & (stop ? (stop & -stop) - 1 : ~(uint64_t)0);
	prev = tok << 1;
	starts = tok & ~prev;
	ends = ~tok & prev;
	if (max > 0 && bitcount(ends) >= max) {
		for (; ne < max; ne++) {
			fl->f[ne] = base + __builtin_ctzll(starts);
			fl->len[ne] = (size_t)(__builtin_ctzll(ends) -
			    __builtin_ctzll(starts));
			starts &= starts - 1;
			ends &= ends - 1;
		}
		fl->n = max;
		fl->rest = fl->f[max - 1] + fl->len[max - 1];
		return stop ? base + __builtin_ctzll(stop) : lineend(base + 64);
	}
	for (;;) {
		src_gather(base, starts, ends, fl, &ns, &ne, max);
		if (stop)
			break;
		carry = tok >> 63;
		base += 64;
		src_masks64(base, &stop, &blank);
		tok = ~blank & (stop ? (stop & -stop) - 1 : ~(uint64_t)0);
		prev = tok << 1 | carry;
		starts = tok & ~prev;
		ends = ~tok & prev;
	}
	fl->n = ne;
	base += __builtin_ctzll(stop);
	fl->rest = max > 0 && ne == max ? fl->f[max - 1] + fl->len[max - 1]
	    : base;
	return base;
}
#else
char *
src_split(char *p, struct src_fields *fl, int max)
{
	int n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '\0')
			break;
		if (n < max)
			fl->f[n] = p;
		while (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\0')
			p++;
		if (n < max) {
			fl->len[n] = (size_t)(p - fl->f[n]);
			n++;
		}
	}
	fl->n = n;
	fl->rest = max > 0 && n == max ? fl->f[max - 1] + fl->len[max - 1] : p;
	return p;
}
#endif

/*
 * The next line, made whole in the buffer and NUL-terminated in place;
 * with fl, split into its first max fields in the same pass.
 */
static int
nextline(struct src *s, char **line, size_t *len, struct src_fields *fl,
    int max)
{
	char *nl;

	for (;;) {
		/* Again after a refill, which moves the line. */
		nl = fl ? src_split(s->p, fl, max) : lineend(s->p);
		if (nl < s->end && *nl == '\0')
			/* A NUL would end the line early for every reader. */
			np_die_at(s->name, s->line + s->in_line,
			    (long)(nl - s->p) + 1,
			    "expected %s, found byte 0x%02x (byte offset %lld)",
			    src_textwhat(s, nl), src_byte(s, nl), (long long)(s->base + (nl - s->buf)));
		if (nl < s->end || s->eof)
			break;
		if (src_fill(s, NULL) == 0 && !s->eof)
			/* A full buffer from the line's start: the column
			 * is the first byte past the bound. */
			np_die_at(s->name, s->line + s->in_line, SRC_BUFSZ,
			    "line longer than %d bytes", SRC_BUFSZ - 1);
	}
	if (nl == s->p && nl == s->end)
		return 0;
	s->line += s->in_line;
	s->in_line = 1;
	s->line_off = s->base + (s->p - s->buf);
	*line = s->p;
	*len = (size_t)(nl - s->p);
	if (*len && nl[-1] == '\r') {
		(*len)--;
		/* Not part of the last field: "a b\r" and "a b \r" */
		if (fl && fl->n && fl->f[fl->n - 1] + fl->len[fl->n - 1] == nl) {
			if (--fl->len[fl->n - 1] == 0)
				fl->n--;
			fl->rest = nl - 1;	/* the line's new end */
		}
	}
	s->cut = (*line)[*len];
	(*line)[*len] = '\0';
	s->p = nl < s->end ? nl + 1 : nl;
	return 1;
}

void
src_ungetline(struct src *s, char *line, size_t len)
{
	line[len] = s->cut;
	s->p = line;
	s->in_line = 0;
}

int
src_getline(struct src *s, char **line, size_t *len)
{
	return nextline(s, line, len, NULL, 0);
}

int
src_getfields(struct src *s, char **line, size_t *len, struct src_fields *fl,
    int max)
{
	return nextline(s, line, len, fl, max);
}

long
src_col(const struct src *s, const char *at)
{
	return (long)(s->base + (at - s->buf) - s->line_off) + 1;
}

void
src_checktext(struct src *s, size_t n)
{
	char *p, *ls = s->buf, *end;
	long line = 1;

	if (s->binoff >= 0)
		return;		/* one is marked: the first */
	if (n > SRC_BUFSZ)
		n = SRC_BUFSZ;	/* what one buffer holds */
	while (!s->eof && (size_t)(s->end - s->buf) < n)
		src_fill(s, NULL);
	end = (size_t)(s->end - s->buf) < n ? s->end : s->buf + n;
	s->ctloff = -1;
	for (p = s->buf; p < end; p++) {
		if (*p == '\n') {
			line++;
			ls = p + 1;
		} else if (*p == '\0') {
			s->binoff = s->base + (p - s->buf);
			s->binbyte = 0;
			s->binline = line;
			s->bincol = (long)(p - ls) + 1;
			return;
		} else if (s->ctloff < 0 && src_isbinary((unsigned char)*p)) {
			s->ctloff = s->base + (p - s->buf);
			s->ctlbyte = (unsigned char)*p;
			s->ctlline = line;
			s->ctlcol = (long)(p - ls) + 1;
		}
	}
}

/* Dies at the file's first NUL or control byte (src_checktext's) if it
 * lies before off (a file offset). */
static void
binarybefore(const struct src *s, long long off, const char *what)
{
	if (s->ctloff >= 0 && s->ctloff < off &&
	    (s->binoff < 0 || s->ctloff < s->binoff))
		np_die_at(s->name, s->ctlline, s->ctlcol, "expected %s, found "
		    "byte 0x%02x (byte offset %lld)", what, s->ctlbyte,
		    s->ctloff);
	if (s->binoff >= 0 && s->binoff < off)
		np_die_at(s->name, s->binline, s->bincol, "expected %s, found "
		    "byte 0x%02x (byte offset %lld)", what, s->binbyte,
		    s->binoff);
}

int
src_passover(const char *line, const char *nl)
{
	while (line < nl && (*line == ' ' || *line == '\t' || *line == '\r'))
		line++;
	if (line == nl)
		return SRC_BLANK;
	return src_islog(line, (size_t)(nl - line)) ? SRC_LOG : 0;
}

char *
src_wholeline(struct src *s, char *line, size_t limit)
{
	char *nl;

	while (!(nl = memchr(line, '\n', (size_t)(s->end - line))) &&
	    !s->eof && (size_t)(s->end - s->buf) < limit &&
	    s->end < s->buf + SRC_BUFSZ)
		src_fill(s, NULL);
	return nl ? nl : s->end;
}

char *
src_firstdata(struct src *s, char **nl, long *lineno)
{
	char *line;

	*lineno = 1;
	for (line = s->buf; line <= s->end; line = *nl + 1, ++*lineno) {
		*nl = src_wholeline(s, line, SRC_BUFSZ);
		if (line == s->end)
			break;
		if (!src_passover(line, *nl))
			return line;
	}
	return NULL;
}

long
src_passpreamble(struct src *s, long *first)
{
	char *line, *nl;
	size_t n;
	long logs = 0;
	int pass;

	s->blanks = 0;
	while ((nl = memchr(s->p, '\n', (size_t)(s->end - s->p))) &&
	    (pass = src_passover(s->p, nl))) {
		src_getline(s, &line, &n);
		if (pass == SRC_LOG && logs++ == 0)
			*first = s->line;
		if (pass == SRC_BLANK && s->blanks++ == 0)
			s->firstblank = s->line;
	}
	return logs;
}

/* Is the line [p, nl) a CSV header: two or more comma-separated names,
 * none empty, and none holding a blank unless it is quoted, but for blanks
 * right after a comma ("a, b, c", as written by hand)? */
static int
csvheader(const char *p, const char *nl)
{
	int n = 1;

	if (nl > p && nl[-1] == '\r')
		nl--;
	for (;;) {
		const char *f;

		if (n > 1)
			while (p < nl && (*p == ' ' || *p == '\t'))
				p++;
		f = p;
		if (p < nl && *p == '"') {
			for (p++; p < nl; p++)
				if (*p == '"' && (++p == nl || *p != '"'))
					break;
			if (p[-1] != '"' || p - f < 3)
				return 0;
		} else
			for (; p < nl && *p != ','; p++)
				if (*p == ' ' || *p == '\t')
					return 0;
		if (p == f)
			return 0;
		if (p == nl)
			return n > 1;
		if (*p != ',')
			return 0;
		p++;
		n++;
	}
}

int
src_sniff(struct src *s, const char *what, char **line, long *lineno)
{
	char *p, *nl;

	s->binwhat = what;
	src_checktext(s, SRC_SNIFF);
	if (!(*line = src_firstdata(s, &nl, lineno))) {
		binarybefore(s, LLONG_MAX, what);
		if (!s->eof)
			return SRC_LONG;
		if (s->end == s->buf)
			return SRC_EMPTY;
		for (p = s->buf; p < s->end; p++)
			if (*p != ' ' && *p != '\t' && *p != '\r' &&
			    *p != '\n')
				return SRC_LOGS;
		return SRC_BLANKS;
	}
	/* The binary check reaches past a long preamble too.  A binary byte
	 * before the data, or in its first line (a header, or the first row
	 * of text), is an error now: the file is not text.  One further on
	 * stops the reading where it is, after the rows before it; in JSON,
	 * whose parser names any byte it does not take, wherever it is. */
	src_checktext(s, (size_t)(*line - s->buf) + SRC_SNIFF);
	for (p = *line; *p == ' ' || *p == '\t' || *p == '\r'; p++)
		;
	if (*p == '{' || *p == '[') {
		binarybefore(s, s->base + (*line - s->buf), what);
		return SRC_JSON;
	}
	binarybefore(s, s->base + (nl - s->buf) + 1, what);
	if (memchr(*line, '\t', (size_t)(nl - *line)))
		return SRC_TSV;
	if (csvheader(*line, nl))
		return SRC_CSV;
	return SRC_TEXT;
}

int
src_isparquet(struct src *in)
{
	while (!in->eof && in->end - in->buf < 4)
		src_fill(in, NULL);
	/* Parquet with an encrypted footer begins with PARE instead. */
	if (in->end - in->buf >= 4 && memcmp(in->buf, "PARE", 4) == 0)
		np_die("%s: an encrypted Parquet file (PARE magic), which np "
		    "cannot read", in->name);
	return in->end - in->buf >= 4 && memcmp(in->buf, "PAR1", 4) == 0;
}

int
src_isdir(const char *path)
{
	struct stat st;

	return strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode);
}

int
src_dirlen(const char *dir)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return n > INT_MAX ? INT_MAX : (int)n;
}

/* Every list src_tables made, each one's first slot the list before: the
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
src_tables(const char *dir, const char *tables, char ***files)
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

const char *
src_seekable(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") != 0)
		return path;
	if (fstat(0, &st) != 0 || !S_ISREG(st.st_mode) ||
	    lseek(0, 0, SEEK_SET) != 0)
		np_die("-: Parquet needs a file, not a pipe: the footer is at "
		    "its end (name the file)");
	return "/dev/stdin";
}

char *
src_whole(const struct src *s)
{
	char *q = s->end;

	/* Backwards: the last line's start is near the end. */
	while (q > s->p && q[-1] != '\n')
		q--;
	return q;
}

long
src_countnl(const char *p, const char *e)
{
	long n = 0;

#if defined(__SSE2__)
	const __m128i nl = _mm_set1_epi8('\n');

	for (; e - p >= 64; p += 64) {
		uint64_t m = 0;
		int i;

		for (i = 0; i < 4; i++)
			m |= (uint64_t)(unsigned)_mm_movemask_epi8(
			    _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)
			    (const void *)(p + 16 * i)), nl)) << 16 * i;
		n += bitcount(m);
	}
#endif
	for (; p < e; p++)
		n += *p == '\n';
	return n;
}
