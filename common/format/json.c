#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "format/json.h"
#include "base/number.h"

/* What the parser expects next. */
enum {
	S_TOP,			/* a top-level value, or the end */
	S_VALUE,		/* a value (after ':' or ',' in an array) */
	S_ARR_FIRST,		/* a value or ']' */
	S_OBJ_FIRST,		/* a key or '}' */
	S_KEY,			/* a key (after ',' in an object) */
	S_COLON,		/* ':' before a member's value */
	S_AFTER,		/* ',' or the end of the open container */
};

void
json_init(struct json *j, struct src *in)
{
	char *scratch = j->scratch;
	int l;

	memset(j, 0, sizeof *j);
	j->in = in;
	j->state = S_TOP;
	j->scratch = scratch;
	l = simd_level();
	j->mask = simd_strmask(l);
	j->skip = simd_strskip(l);
	if (!j->scratch)
		j->scratch = np_malloc(JSON_MAXSTR);
}

void
json_free(struct json *j)
{
	free(j->scratch);
	j->scratch = NULL;
}

const char *
json_tokname(enum json_tok t)
{
	switch (t) {
	case JSON_EOF: return "end of input";
	case JSON_OBJ: return "an object";
	case JSON_OBJ_END: return "'}'";
	case JSON_ARR: return "an array";
	case JSON_ARR_END: return "']'";
	case JSON_KEY: return "a key";
	case JSON_STR: return "a string";
	case JSON_NUM: return "a number";
	case JSON_TRUE: return "true";
	case JSON_FALSE: return "false";
	case JSON_NULL: return "null";
	}
	return "?";
}

static long
colat(const struct json *j, const char *at)
{
	return src_col(j->in, at);
}

/* The byte offset in the file of a position in the buffer. */
static long long
offat(const struct json *j, const char *at)
{
	return j->in->base + (at - j->in->buf);
}

/* The first byte but for blanks of the line that holds at, or NULL when
 * the buffer does not show its start. */
static const char *
linestart(const struct json *j, const char *at)
{
	const char *p = at;

	while (p > j->in->buf && p[-1] != '\n')
		p--;
	if (p == j->in->buf)
		return NULL;
	while (p < at && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * The line at ls offered to stray with JSON_PASSOVER_BYTES of it readable
 * (or all that is left), as passover is, so that how reads fell cannot
 * change what it is found to be; ls and *at move with the buffer.
 */
static const char *
strayroom(const struct json *j, const char *ls, const char **at)
{
	struct src *in = j->in;
	size_t d = (size_t)(*at - ls);
	char *p = (char *)ls;

	while ((size_t)(in->end - p) < JSON_PASSOVER_BYTES && !in->eof)
		if (src_fill(in, &p) == 0)
			break;
	*at = p + d;
	return p;
}

_Noreturn static void
failat(const struct json *j, const char *at, const char *fmt, ...)
{
	char msg[512];
	const char *what, *ls;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* Text the caller knows, inside a value: named, the parser's
	 * expectation after it. */
	if (j->stray && j->depth > 0 && (ls = linestart(j, at))) {
		ls = strayroom(j, ls, &at);
		if ((what = j->stray(j, ls, (size_t)(j->in->end - ls))))
			np_die_at(j->in->name, j->in->line, colat(j, ls),
			    "found %s inside a JSON %s, where only JSON may "
			    "be (%s; byte offset %lld)", what,
			    j->stack[j->depth - 1] == '{' ? "object" : "array",
			    msg, offat(j, ls));
	}
	np_die_at(j->in->name, j->in->line, colat(j, at), "%s (byte offset %lld)",
	    msg, offat(j, at));
}

void
json_fail(const struct json *j, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	np_die_at(j->in->name, j->line, j->col, "%s (byte offset %lld)", msg,
	    j->off);
}

/* Describes the byte at p for "found ..." (p may be the end of data). */
static const char *
found(struct json *j, const char *p)
{
	char *buf = j->found;
	unsigned char c;

	if (p >= j->in->end)
		return "end of input";
	c = src_byte(j->in, p);
	if (c > 0x20 && c < 0x7f)
		snprintf(buf, sizeof j->found, "'%c'", c);
	else
		snprintf(buf, sizeof j->found, "byte 0x%02x", c);
	return buf;
}

/* src_fill, forgetting the kept mask: the bytes it was made of may move,
 * and those past the end change. */
static size_t
fill(struct json *j, char **keep)
{
	j->blk = NULL;
	return src_fill(j->in, keep);
}

/* Makes n bytes from *p available (fewer only at end of file); *p is moved
 * along with the buffer. */
static void
need(struct json *j, char **p, size_t n)
{
	struct src *in = j->in;

	while ((size_t)(in->end - *p) < n && !in->eof)
		if (fill(j, p) == 0 && !in->eof)
			failat(j, *p, "token longer than %d bytes", SRC_BUFSZ);
}

/* Skips blanks, counting lines; returns the next byte's address. */
static char *
skipws(struct json *j, char *p)
{
	struct src *in = j->in;

	for (;;) {
		switch (*p) {
		case ' ': case '\t': case '\r':
			p++;
			continue;
		case '\n':
			p++;
			in->line++;
			in->line_off = in->base + (p - in->buf);
			continue;
		case '\0':
			if (p < in->end)
				return p;
			in->p = p;
			if (fill(j, NULL) == 0)
				return in->p;
			p = in->p;
			continue;
		default:
			return p;
		}
	}
}

/* Skips the rest of the line p is on (not a JSON line). */
static char *
skipline(struct json *j, char *p)
{
	struct src *in = j->in;
	char *nl;

	if (j->skipped_lines++ == 0)
		j->first_skipped = in->line;
	for (;;) {
		nl = memchr(p, '\n', (size_t)(in->end - p));
		if (nl)
			return nl;	/* skipws counts it */
		in->p = in->end;
		if (fill(j, NULL) == 0)
			return in->p;
		p = in->p;
	}
}

/*
 * The first byte at or after p that may end a plain run of string text:
 * '"', '\\', a control byte or a non-ASCII one.  It is found in the mask of
 * the 64 bytes from where a search began (byteclass.h), and that mask is kept:
 * the keys and values that follow in those bytes are found in it, without
 * their bytes being looked at again.  The zero padding after the data
 * stops a search too, so it needs no bounds check: 64 bytes from any
 * p <= end are readable.  Every read into the buffer forgets the mask
 * (fill).
 */
static inline char *
special(struct json *j, char *p)
{
	uintptr_t d = (uintptr_t)p - (uintptr_t)j->blk;
	struct simd_blk b;
	uint64_t m;

	if (d < 64) {
		if ((m = j->blkmask >> d))
			return p + __builtin_ctzll(m);
		p = (char *)j->blk + 64;	/* the rest of it is text */
	}
	b = j->mask(p);
	j->blk = b.blk;
	j->blkmask = b.mask;
	return (char *)b.blk + __builtin_ctzll(b.mask);
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static long
hex4(const char *p)
{
	int a = hexval(p[0]), b = hexval(p[1]), c = hexval(p[2]),
	    d = hexval(p[3]);

	if ((a | b | c | d) < 0)
		return -1;
	return (long)a << 12 | b << 8 | c << 4 | d;
}

static size_t
utf8put(char *o, unsigned long cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18);
	o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Length of the valid UTF-8 sequence at p (4 bytes readable), or 0. */
static int
utf8len(const unsigned char *p)
{
	unsigned c = p[0];

#define CONT(x) (((x) & 0xc0) == 0x80)
	if (c >= 0xc2 && c <= 0xdf)
		return CONT(p[1]) ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		if (!CONT(p[1]) || !CONT(p[2]))
			return 0;
		if (c == 0xe0 && p[1] < 0xa0)
			return 0;	/* overlong */
		if (c == 0xed && p[1] >= 0xa0)
			return 0;	/* a surrogate */
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (!CONT(p[1]) || !CONT(p[2]) || !CONT(p[3]))
			return 0;
		if (c == 0xf0 && p[1] < 0x90)
			return 0;
		if (c == 0xf4 && p[1] >= 0x90)
			return 0;	/* above U+10FFFF */
		return 4;
	}
#undef CONT
	return 0;
}

/* Appends [start, p) to the scratch text (the caller has checked that it
 * fits). */
static void
spill(struct json *j, char **o, size_t *olen, const char *start,
    const char *p)
{
	size_t n = (size_t)(p - start);

	if (!*o)
		*o = j->scratch;
	memcpy(*o + *olen, start, n);
	*olen += n;
}

/* Decodes the escape whose '\\' is at *p into u (4 bytes), moving *p past
 * it; returns the number of bytes put in u. */
static size_t
escape(struct json *j, char **pp, char *u)
{
	char *p = *pp;
	long cp, lo;
	size_t n = 1;

	if (j->in->end - p < 12)
		need(j, &p, 12);
	switch (p[1]) {
	case '"': case '\\': case '/': u[0] = p[1]; break;
	case 'b': u[0] = '\b'; break;
	case 'f': u[0] = '\f'; break;
	case 'n': u[0] = '\n'; break;
	case 'r': u[0] = '\r'; break;
	case 't': u[0] = '\t'; break;
	case 'u':
		if ((cp = hex4(p + 2)) < 0)
			failat(j, p, "expected four hex digits after \\u");
		if (cp >= 0xdc00 && cp <= 0xdfff)
			failat(j, p, "expected a high surrogate before "
			    "\\u%04lx, found it alone", cp);
		if (cp >= 0xd800 && cp <= 0xdbff) {
			if (p[6] != '\\' || p[7] != 'u' ||
			    (lo = hex4(p + 8)) < 0xdc00 || lo > 0xdfff)
				failat(j, p, "expected a low surrogate after "
				    "\\u%04lx", cp);
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			p += 6;
		}
		n = utf8put(u, (unsigned long)cp);
		p += 4;
		break;
	default:
		failat(j, p, "expected an escape (\\\" \\\\ \\/ \\b \\f \\n "
		    "\\r \\t \\uXXXX), found %s", found(j, p + 1));
	}
	*pp = p + 2;
	return n;
}

/* Checks the UTF-8 sequence at *p, moving *p past it (and *start along,
 * when bytes must be read). */
static void
utf8(struct json *j, char **p, char **start)
{
	int n;

	if (j->in->end - *p < 4 && !j->in->eof) {
		ptrdiff_t off = *p - *start;

		need(j, p, 4);
		*start = *p - off;
	}
	if (!(n = utf8len((unsigned char *)*p)))
		failat(j, *p, "expected UTF-8 text, found byte 0x%02x",
		    (unsigned char)*p[0]);
	*p += n;
}

/*
 * Scans the string whose opening quote is at q, and leaves its decoded
 * text in j->s / j->len: a slice of the buffer when there was nothing to
 * decode, else the scratch buffer.  Returns the address after the closing
 * quote.
 */
static char *stringrest(struct json *, char *);

/* The usual string: nothing to decode, and all of it read. */
static inline char *
string(struct json *j, char *q)
{
	char *p = special(j, q + 1);

	if (*p == '"' && p < j->in->end && p - q - 1 <= JSON_MAXSTR) {
		j->s = q + 1;
		j->len = (size_t)(p - q - 1);
		return p + 1;
	}
	return stringrest(j, q);
}

static char *
stringrest(struct json *j, char *q)
{
	struct src *in = j->in;
	char *start = q + 1, *p = start, *o = NULL, u[4];
	size_t olen = 0, n;
	long qline = in->line;
	long long qoff = offat(j, q);

	for (;;) {
		p = special(j, p);
		/* Whether a string is too long is settled before anything
		 * else is said about the text past its first JSON_MAXSTR
		 * bytes, so that the message does not depend on how reads
		 * fell. */
		if (olen + (size_t)(p - start) > JSON_MAXSTR)
			goto toolong;
		if (*p == '"' && p < in->end) {
			if (o) {
				spill(j, &o, &olen, start, p);
				j->s = o;
				j->len = olen;
			} else {
				j->s = start;
				j->len = (size_t)(p - start);
			}
			return p + 1;
		}
		if (p >= in->end) {
			if (in->eof)
				failat(j, p, "expected '\"' to end the string, "
				    "found end of input");
			if (!o && !(start == in->buf &&
			    in->end == in->buf + SRC_BUFSZ)) {
				/* Keep the text in place: refill behind it. */
				ptrdiff_t off = p - start;
				fill(j, &start);
				p = start + off;
				continue;
			}
			/* The buffer is full of this string: go on in the
			 * scratch buffer. */
			spill(j, &o, &olen, start, p);
			in->p = p;
			fill(j, NULL);
			start = p = in->p;
			continue;
		}
		if (*p == '\\') {
			spill(j, &o, &olen, start, p);
			n = escape(j, &p, u);
			if (olen + n > JSON_MAXSTR)
				goto toolong;
			memcpy(o + olen, u, n);
			olen += n;
			start = p;
			continue;
		}
		if ((unsigned char)*p >= 0x80) {
			if (in->end - p < 4 && !in->eof) {
				spill(j, &o, &olen, start, p);
				start = p;
			}
			utf8(j, &p, &start);
			continue;
		}
		failat(j, p, "expected '\"' to end the string, found raw "
		    "control character 0x%02x", src_byte(j->in, p));
	}
toolong:
	np_die_at(in->name, qline, (long)(qoff - in->line_off) + 1, "string "
	    "longer than %d bytes (byte offset %lld)", JSON_MAXSTR, qoff);
}

/* skipstring's string from p, where the mask stopped inside it. */
static __attribute__((noinline)) char *
skipstringrest(struct json *j, char *p)
{
	struct src *in = j->in;
	char u[4];
	struct simd_end e = { 0, NULL, 0 };

	for (;;) {
		p = (char *)j->skip(p, in->end, &e);
		if (e.done) {
			/* What follows is found in the mask of its end. */
			j->blk = e.blk;
			j->blkmask = e.mask;
			return p;
		}
		if (*p == '"' && p < in->end)
			return p + 1;
		if (p >= in->end) {
			if (in->eof)
				failat(j, p, "expected '\"' to end the string, "
				    "found end of input");
			in->p = p;
			fill(j, NULL);
			p = in->p;
		} else if (*p == '\\')
			escape(j, &p, u);
		else if ((unsigned char)*p >= 0x80)
			utf8(j, &p, &p);
		else
			failat(j, p, "expected '\"' to end the string, found "
			    "raw control character 0x%02x", src_byte(j->in, p));
	}
}

/* Passes over the string whose opening quote is at q, checking it as
 * string does; returns the address after the closing quote.  A short
 * string, or one without escapes, is passed over in the kept mask
 * (special), as string takes one, here, inline; the skip takes up the
 * rest of any other from where the mask stopped. */
static inline char *
skipstring(struct json *j, char *q)
{
	char *p = special(j, q + 1);

	if (*p == '"' && p < j->in->end)
		return p + 1;
	return skipstringrest(j, p);
}

static int
numchar(char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' ||
	    c == 'e' || c == 'E';
}

/* Can the byte after a scalar follow it, and no blank?  (The usual case
 * of delimited, without a call.) */
static inline int
closes(char c)
{
	return c == ',' || c == '}' || c == ']';
}

/*
 * The usual number, an integer (0, or without a leading zero), at p: all
 * of it read, and the byte after it ends it (the data is followed by a NUL,
 * which stops the loop).  Its value is made on the way (unsigned: past 19
 * digits it wraps, and is not used).  Returns the address after it, or
 * NULL for any other number, with nothing changed but the token.  With
 * closed set, the byte after it must be one that closes (',', '}' or
 * ']'): that one is within the data and no number's, so the two tests
 * of the other case need not be made.
 */
static inline char *
integer(struct json *j, char *p, int closed)
{
	char *q = p + (*p == '-');
	uint64_t v;
	unsigned d;

	if (*q == '0') {
		v = 0;		/* and a digit after it is not a number */
		q++;
	} else if ((unsigned)(*q - '1') <= 8) {
		v = (unsigned)(*q - '0');
		while ((d = (unsigned)(*++q - '0')) <= 9)
			v = v * 10 + d;
	} else
		return NULL;
	if ((closed ? !closes(*q) : q >= j->in->end || numchar(*q)) ||
	    q - p > NUM_MAXLEN)
		return NULL;
	j->s = p;
	j->len = (size_t)(q - p);
	j->isint = q - p - (*p == '-') <= 18;
	j->ival = *p == '-' ? (int64_t)(0 - v) : (int64_t)v;
	return q;
}

/* Scans a number (or -Infinity) at p. */
static char *
number(struct json *j, char *p)
{
	struct src *in = j->in;
	char *q;
	size_t n;

	if ((q = integer(j, p, 0)))
		return q;
	j->isint = 0;
	n = num_scan(p, in->end);
	if (n > 0 && n <= NUM_MAXLEN && p + n < in->end && !numchar(p[n])) {
		j->s = p;
		j->len = n;
		return p + n;
	}
	for (;;) {
		for (q = p; q < in->end && numchar(*q); q++)
			;
		if (q - p > NUM_MAXLEN)
			failat(j, p, "number longer than %d bytes", NUM_MAXLEN);
		if (q < in->end || in->eof)
			break;
		need(j, &p, (size_t)(q - p) + 1);
	}
	n = num_scan(p, in->end);
	if (n == 0 && q - p == 1 && *p == '-') {
		need(j, &p, 10);	/* and the byte after it */
		if (memcmp(p, "-Infinity", 9) != 0)
			failat(j, p, "expected a number, found '-'");
		n = 9;
	} else if (n == 0 || p + n != q)
		failat(j, p, "expected a number, found '%.*s'",
		    (int)(q - p > 40 ? 40 : q - p), p);
	j->s = p;
	j->len = n;
	return p + n;
}

/* Matches a literal word at p; the byte after it must end a token. */
static char *
literal(struct json *j, char *p, const char *word, size_t n)
{
	need(j, &p, n + 1);
	if ((size_t)(j->in->end - p) < n || memcmp(p, word, n) != 0) {
		size_t i = 0;
		while (i < n && p + i < j->in->end && p[i] == word[i])
			i++;
		failat(j, p + i, "expected '%s', found %s", word,
		    found(j, p + i));
	}
	return p + n;
}

/* The byte after a scalar must be one that can follow a value. */
static void
delimited(struct json *j, char *p)
{
	switch (*p) {
	case ' ': case '\t': case '\r': case '\n': case ',': case ']':
	case '}':
		return;
	case '\0':
		if (p >= j->in->end)
			return;
	}
	failat(j, p, "expected ',', ']', '}' or a blank after the value, "
	    "found %s", found(j, p));
}

/* Could a value begin at p (n bytes readable, NUL-padded)? */
static int
valuestart(const char *p, size_t n)
{
	static const char *const words[] = {
		"true", "false", "null", "NaN", "Infinity",
	};
	size_t i, k;

	if (strchr("{[\"-0123456789", *p) && *p)
		return 1;
	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		k = strlen(words[i]);
		if (n >= k && memcmp(p, words[i], k) == 0 &&
		    !isalnum((unsigned char)p[k]) && p[k] != '_')
			return 1;
	}
	return 0;
}

/* At the top level, passes over the lines that begin no JSON value and
 * that the caller's passover takes: any before the first value that do not
 * begin with '{' or '[' (the caller may pass over text before its JSON). */
static char *
topskip(struct json *j, char *p)
{
	struct src *in = j->in;

	for (;;) {
		p = skipws(j, p);
		if (p >= in->end || !j->passover || *p == '{' || *p == '[')
			return p;
		/* Enough for the caller to quote it, whatever the reads. */
		need(j, &p, JSON_PASSOVER_BYTES);
		/* Before the first value, only '{' and '[' begin one. */
		if ((j->values > 0 && valuestart(p, (size_t)(in->end - p))) ||
		    !j->passover(j, p, (size_t)(in->end - p)))
			return p;
		p = skipline(j, p);
	}
}

static void
push(struct json *j, char *p, char kind)
{
	if (j->depth == JSON_MAXDEPTH)
		failat(j, p, "nesting deeper than %d levels", JSON_MAXDEPTH);
	j->stack[j->depth++] = kind;
}

static void
endvalue(struct json *j)
{
	j->state = j->depth ? S_AFTER : S_TOP;
}

/* Records where the token at p starts. */
static inline void
mark(struct json *j, const char *p)
{
	struct src *in = j->in;

	j->line = in->line;
	j->off = in->base + (p - in->buf);
	j->col = (long)(j->off - in->line_off) + 1;
}

/* skipws, for the usual case of no blank at all. */
static inline char *
blanks(struct json *j, char *p)
{
	return (unsigned char)*p > ' ' ? p : skipws(j, p);
}

/* The next token.  Its text is not kept when discard is set, and its place
 * is not recorded either when discard is 2 (inside a value skipped). */
static enum json_tok
next(struct json *j, int discard)
{
	struct src *in = j->in;
	char *p = in->p;
	enum json_tok t;

	/* The usual steps of compact JSON, without the rounds of the state
	 * machine below: ',' and a key in an object, ':' and a value.  (The
	 * byte after p is readable: at the end of the data it is the NUL
	 * padding, which neither test takes.) */
	if (j->state == S_AFTER && p[0] == ',' && p[1] == '"' &&
	    j->stack[j->depth - 1] == '{') {
		p++;
		if (discard < 2)
			mark(j, p);
		in->p = discard ? skipstring(j, p) : string(j, p);
		j->state = S_COLON;
		return JSON_KEY;
	}
	if (j->state == S_COLON && p[0] == ':' && (unsigned char)p[1] > ' ') {
		p++;
		if (discard < 2)
			mark(j, p);
		goto value;
	}
again:
	p = blanks(j, p);
	switch (j->state) {
	case S_TOP:
		p = topskip(j, p);
		mark(j, p);
		if (p >= in->end) {
			in->p = p;
			return JSON_EOF;
		}
		j->values++;
		goto value;
	case S_COLON:
		if (*p != ':' || p >= in->end)
			failat(j, p, "expected ':' after the key, found %s",
			    found(j, p));
		p++;
		j->state = S_VALUE;
		goto again;
	case S_AFTER:
		if (*p == ',' && p < in->end) {
			p++;
			j->state = j->stack[j->depth - 1] == '{' ? S_KEY
			    : S_VALUE;
			goto again;
		}
		if (discard < 2)
			mark(j, p);
		if (j->stack[j->depth - 1] == '{') {
			if (*p != '}' || p >= in->end)
				failat(j, p, "expected ',' or '}' after the "
				    "member, found %s", found(j, p));
			t = JSON_OBJ_END;
		} else {
			if (*p != ']' || p >= in->end)
				failat(j, p, "expected ',' or ']' after the "
				    "element, found %s", found(j, p));
			t = JSON_ARR_END;
		}
		j->depth--;
		endvalue(j);
		in->p = p + 1;
		return t;
	case S_OBJ_FIRST:
		if (*p == '}' && p < in->end) {
			if (discard < 2)
				mark(j, p);
			j->depth--;
			endvalue(j);
			in->p = p + 1;
			return JSON_OBJ_END;
		}
		/* FALLTHROUGH */
	case S_KEY:
		if (*p != '"' || p >= in->end)
			failat(j, p, "expected a string key%s, found %s",
			    j->state == S_OBJ_FIRST ? " or '}'" : "",
			    found(j, p));
		if (discard < 2)
			mark(j, p);
		in->p = discard ? skipstring(j, p) : string(j, p);
		j->state = S_COLON;
		return JSON_KEY;
	case S_ARR_FIRST:
		if (*p == ']' && p < in->end) {
			if (discard < 2)
				mark(j, p);
			j->depth--;
			endvalue(j);
			in->p = p + 1;
			return JSON_ARR_END;
		}
		/* FALLTHROUGH */
	case S_VALUE:
		if (discard < 2)
			mark(j, p);
		goto value;
	}
value:
	if (p >= in->end)
		failat(j, p, "expected a value, found end of input");
	switch (*p) {
	case '{':
		push(j, p, '{');
		j->state = S_OBJ_FIRST;
		in->p = p + 1;
		return JSON_OBJ;
	case '[':
		push(j, p, '[');
		j->state = S_ARR_FIRST;
		in->p = p + 1;
		return JSON_ARR;
	case '"':
		p = discard ? skipstring(j, p) : string(j, p);
		endvalue(j);
		in->p = p;
		return JSON_STR;
	case 't':
		p = literal(j, p, "true", 4);
		t = JSON_TRUE;
		break;
	case 'f':
		p = literal(j, p, "false", 5);
		t = JSON_FALSE;
		break;
	case 'n':
		p = literal(j, p, "null", 4);
		t = JSON_NULL;
		break;
	case 'N':
		p = literal(j, p, "NaN", 3);
		j->isint = 0;
		j->s = p - 3;
		j->len = 3;
		t = JSON_NUM;
		break;
	case 'I':
		p = literal(j, p, "Infinity", 8);
		j->isint = 0;
		j->s = p - 8;
		j->len = 8;
		t = JSON_NUM;
		break;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		p = number(j, p);
		t = JSON_NUM;
		break;
	default:
		failat(j, p, "expected a value, found %s", found(j, p));
	}
	delimited(j, p);
	endvalue(j);
	in->p = p;
	return t;
}

int
json_keyset(struct json_key *k, const char *s, size_t n)
{
	unsigned char b[JSON_KEYWORDS * 8], m[JSON_KEYWORDS * 8];
	size_t i;

	k->len = 0;
	if (n == 0 || n >= sizeof b)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < ' ' || s[i] > '~' || s[i] == '"' || s[i] == '\\')
			return 0;
	/* Words made by memcpy from bytes: the same on either byte order. */
	memset(b, 0, sizeof b);
	memset(m, 0, sizeof m);
	memcpy(b, s, n);
	b[n] = '"';
	memset(m, 0xff, n + 1);
	memcpy(k->w, b, sizeof b);
	memcpy(k->m, m, sizeof m);
	k->len = n;
	return 1;
}

/* Is the text at p (at least the padding's 64 bytes readable) the key k
 * and its closing quote? */
static inline int
keyat(const char *p, const struct json_key *k)
{
	uint64_t x, d = 0;
	int i;

	/* The usual key and its quote fit in the first two words: the
	 * others, whose masks are zero, are not looked at for it. */
	for (i = 0; i < 2; i++) {
		memcpy(&x, p + 8 * i, 8);
		d |= (x ^ k->w[i]) & k->m[i];
	}
	if (k->len >= 16)
		for (; i < JSON_KEYWORDS; i++) {
			memcpy(&x, p + 8 * i, 8);
			d |= (x ^ k->w[i]) & k->m[i];
		}
	return d == 0;
}

static inline int
keyis(struct json *j, const struct json_key *k)
{
	struct src *in = j->in;
	char *p = in->p;

	if (j->state == S_AFTER && p[0] == ',' &&
	    j->stack[j->depth - 1] == '{')
		p++;
	else if (j->state != S_OBJ_FIRST)
		return 0;
	/* The quote after the key is within the data: the padding, zeros,
	 * matches no key. */
	if (p[0] != '"' || !keyat(p + 1, k))
		return 0;
	j->s = p + 1;
	j->len = k->len;
	in->p = p + k->len + 2;
	j->state = S_COLON;
	return 1;
}

/*
 * The usual steps of compact JSON are taken here (for json_next and
 * json_member, inline), without the rounds of next's state machine: ','
 * and a key in an object; ':' and a string or an integer that a ',', '}'
 * or ']' follows.  (The byte after p is readable: at the end of the data
 * it is the NUL padding, which no test here takes.)
 */
static inline enum json_tok
nexttok(struct json *j)
{
	struct src *in = j->in;
	char *p = in->p, *q;

	if (j->state == S_AFTER) {
		if (p[0] == ',' && p[1] == '"' &&
		    j->stack[j->depth - 1] == '{') {
			mark(j, p + 1);
			in->p = string(j, p + 1);
			j->state = S_COLON;
			return JSON_KEY;
		}
	} else if (j->state == S_COLON && p[0] == ':') {
		if (p[1] == '"') {
			mark(j, p + 1);
			in->p = string(j, p + 1);
			endvalue(j);
			return JSON_STR;
		}
		if ((q = integer(j, p + 1, 1))) {
			mark(j, p + 1);
			endvalue(j);
			in->p = q;
			return JSON_NUM;
		}
	}
	return next(j, 0);
}

/*
 * Passes over the rest of a container being skipped, until depth is
 * left: the usual steps of compact JSON here, in a loop, and anything
 * else (blanks, literals, other numbers, the end of a read, errors) by
 * next, a token at a time, from the place and state reached, which are
 * kept as next keeps them.
 */
static void
skiprest(struct json *j, int depth)
{
	struct src *in = j->in;
	char *p, *q, top;

	while (j->depth > depth) {
		p = in->p;
		top = j->stack[j->depth - 1];
		switch (j->state) {
		case S_AFTER:
			if (*p == ',' && top == '[') {
				p++;
				goto value;
			}
			if (*p == ',' && p[1] == '"') {
				in->p = skipstring(j, p + 1);
				j->state = S_COLON;
				continue;
			}
			if (*p == (top == '{' ? '}' : ']'))
				goto close;
			break;
		case S_COLON:
			if (*p != ':')
				break;
			p++;
			goto value;
		case S_OBJ_FIRST:
			if (*p == '"') {
				in->p = skipstring(j, p);
				j->state = S_COLON;
				continue;
			}
			if (*p == '}')
				goto close;
			break;
		case S_ARR_FIRST:
			if (*p == ']')
				goto close;
			goto value;
		}
		next(j, 2);
		continue;
close:
		j->depth--;
		endvalue(j);
		in->p = p + 1;
		continue;
value:
		switch (*p) {
		case '"':
			in->p = skipstring(j, p);
			endvalue(j);
			continue;
		case '{':
		case '[':
			push(j, p, *p);
			j->state = *p == '{' ? S_OBJ_FIRST : S_ARR_FIRST;
			in->p = p + 1;
			continue;
		}
		if ((q = integer(j, p, 1))) {
			endvalue(j);
			in->p = q;
			continue;
		}
		/* The value is next's, as after the ',' or ':' taken (or
		 * where an array's first element or its ']' is due). */
		if (j->state != S_ARR_FIRST)
			j->state = S_VALUE;
		in->p = p;
		next(j, 2);
	}
}

static inline void
skipvalue(struct json *j)
{
	struct src *in = j->in;
	char *p = in->p, *q;
	int depth = j->depth;
	enum json_tok t;

	/* The usual value passed over: a string, straight after its key's
	 * ':'. */
	if (j->state == S_COLON && p[0] == ':') {
		if (p[1] == '"') {
			mark(j, p + 1);
			in->p = skipstring(j, p + 1);
			endvalue(j);
			return;
		}
		if ((q = integer(j, p + 1, 1))) {
			mark(j, p + 1);
			endvalue(j);
			in->p = q;
			return;
		}
	}
	t = next(j, 1);

	/* The value's place is the one left: the caller's messages about
	 * it name where it began. */
	if (t == JSON_OBJ || t == JSON_ARR)
		skiprest(j, depth);
}

int
json_keyis(struct json *j, const struct json_key *k)
{
	return keyis(j, k);
}

enum json_tok
json_next(struct json *j)
{
	return nexttok(j);
}

void
json_skip(struct json *j)
{
	skipvalue(j);
}

/* json_member's string value at q, taken. */
static __attribute__((noinline)) enum json_tok
memberstr(struct json *j, char *q)
{
	mark(j, q);
	j->in->p = string(j, q);
	j->state = S_AFTER;
	return JSON_STR;
}

/* json_member's string value at q, passed over. */
static __attribute__((noinline)) enum json_tok
memberskipstr(struct json *j, char *q)
{
	j->in->p = skipstring(j, q);
	j->state = S_AFTER;
	return JSON_KEY;
}

/* json_member's value after the key that ends before p, any other. */
static __attribute__((noinline)) enum json_tok
memberrest(struct json *j, char *p, int take)
{
	j->in->p = p;
	j->state = S_COLON;
	if (take)
		return next(j, 0);
	skipvalue(j);
	return JSON_KEY;
}

/*
 * The three in one call, inline: a row's member costs one call.  A value
 * passed over here is not marked either: nothing reads its place.  The
 * usual member of compact JSON is taken in one pass here, not through
 * keyis and nexttok: the key, its ':' and a string or an integer that a
 * ',', '}' or ']' follows; after it the state is S_AFTER, as a member
 * is inside an object.  Any other value is next's or skipvalue's, from
 * the ':'.
 */
enum json_tok
json_member(struct json *j, const struct json_key *k, int take)
{
	struct src *in = j->in;
	char *p = in->p, *q;

	if (j->state == S_AFTER) {
		if (p[0] != ',' || j->stack[j->depth - 1] != '{')
			return JSON_EOF;
		p++;
	} else if (j->state != S_OBJ_FIRST)
		return JSON_EOF;
	/* The quote after the key is within the data: the padding, zeros,
	 * matches no key. */
	if (p[0] != '"' || !keyat(p + 1, k))
		return JSON_EOF;
	j->s = p + 1;
	j->len = k->len;
	p += k->len + 2;
	if (p[0] == ':') {
		/* Strings in calls of their own, the last thing done here:
		 * the rest needs no frame. */
		if (p[1] == '"')
			return take ? memberstr(j, p + 1) :
			    memberskipstr(j, p + 1);
		if ((q = integer(j, p + 1, 1))) {
			j->state = S_AFTER;
			in->p = q;
			if (!take)
				return JSON_KEY;
			mark(j, p + 1);
			return JSON_NUM;
		}
	}
	return memberrest(j, p, take);
}

enum json_tok
json_peek(struct json *j)
{
	struct src *in = j->in;
	char *p;

	for (;;) {
		p = skipws(j, in->p);
		in->p = p;
		if (j->state == S_COLON) {
			if (*p != ':' || p >= in->end)
				failat(j, p, "expected ':' after the key, "
				    "found %s", found(j, p));
			in->p = p + 1;
			j->state = S_VALUE;
			continue;
		}
		if (j->state == S_TOP)
			in->p = p = topskip(j, p);
		break;
	}
	if (p >= in->end)
		return JSON_EOF;
	switch (*p) {
	case '{': return JSON_OBJ;
	case '[': return JSON_ARR;
	case '"': return JSON_STR;
	case 't': return JSON_TRUE;
	case 'f': return JSON_FALSE;
	case 'n': return JSON_NULL;
	default: return JSON_NUM;
	}
}

/* ---- a value flattened to its scalars, by key path ---- */

/* The path at n, then ".part" (or "part" when n is 0): its length. */
static size_t
flatadd(struct json_flat *f, size_t n, const char *part, size_t len)
{
	size_t dot = n > 0;

	if (n + dot + len > JSON_MAXPATH)
		json_fail(f->j, "expected a key path of at most %d bytes, "
		    "found a longer one", JSON_MAXPATH);
	if (dot)
		f->path[n] = '.';
	if (len)
		memcpy(f->path + n + dot, part, len);
	return n + dot + len;
}

static void
flatopen(struct json_flat *f, enum json_tok t, size_t len)
{
	f->open[f->n].t = t;
	f->open[f->n].len = len;
	f->open[f->n].idx = 0;
	f->n++;
}

void
json_flatbegin(struct json_flat *f, struct json *j, const char *prefix,
    size_t n, enum json_tok t)
{
	f->j = j;
	f->n = 0;
	f->scalar = JSON_EOF;
	f->len = flatadd(f, 0, prefix, n);
	if (t == JSON_OBJ || t == JSON_ARR)
		flatopen(f, t, f->len);
	else
		f->scalar = t;
}

enum json_tok
json_flatnext(struct json_flat *f)
{
	struct json *j = f->j;
	enum json_tok t;
	char num[24];
	size_t n;
	int k;

	if ((t = f->scalar) != JSON_EOF) {
		f->scalar = JSON_EOF;
		return t;
	}
	while (f->n > 0) {
		k = f->n - 1;
		t = json_next(j);
		if (t == JSON_OBJ_END || t == JSON_ARR_END) {
			f->n--;
			continue;
		}
		if (f->open[k].t == JSON_OBJ) {
			/* The key's text dies with the next token. */
			n = flatadd(f, f->open[k].len, j->s, j->len);
			t = json_next(j);
		} else {
			/* At the element's first token, as a message says. */
			n = flatadd(f, f->open[k].len, num, (size_t)snprintf(num,
			    sizeof num, "%ld", f->open[k].idx++));
		}
		if (t == JSON_OBJ || t == JSON_ARR) {
			flatopen(f, t, n);
			continue;
		}
		f->len = n;
		return t;
	}
	return JSON_EOF;
}
