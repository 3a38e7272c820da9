/*
 * xmlcheck: is each file a well-formed XML document?  For np's tests of
 * the SVG np-plot writes and the XHTML of make report; silent and exit 0
 * when it is, else "file:line:col: what" on stderr and exit 1.
 *
 * What it checks (XML 1.0, without a DTD): UTF-8 throughout, with no
 * control character but TAB, LF and CR; an optional XML declaration
 * first, then comments, processing instructions and at most one DOCTYPE
 * (read to its '>', no internal subset) around exactly one root element;
 * elements that nest, end tags that name their start tag; attributes
 * with a name, '=', a quoted value without '<', and no name twice in one
 * tag; in text and values every '&' starts an entity, which is one of
 * the five predefined ones or a character reference to a character XML
 * allows; no "]]>" in text; CDATA sections closed.  Names are checked
 * loosely: a letter, '_' or ':' or any non-ASCII byte first, then those,
 * digits, '-' and '.'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXDEPTH 256
#define MAXATTR 64
#define MAXNAME 256

struct doc {
	const char *file;
	const unsigned char *s, *p, *end;
	char stack[MAXDEPTH][MAXNAME];
	int depth;
};

static _Noreturn void
bad(const struct doc *d, const unsigned char *at, const char *what)
{
	const unsigned char *q;
	long line = 1, col = 1;

	for (q = d->s; q < at && q < d->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else if ((*q & 0xc0) != 0x80)
			col++;
	}
	fprintf(stderr, "xmlcheck: %s:%ld:%ld: %s\n", d->file, line, col,
	    what);
	exit(1);
}

static int
isxmlchar(long c)
{
	return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 &&
	    c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) ||
	    (c >= 0x10000 && c <= 0x10ffff);
}

/* The whole document is UTF-8 of characters XML allows. */
static void
checkchars(const struct doc *d)
{
	const unsigned char *p = d->s;
	long c;
	int n, k;

	while (p < d->end) {
		if (*p < 0x80) {
			n = 0, c = *p;
		} else if (*p >= 0xc2 && *p <= 0xdf) {
			n = 1, c = *p & 0x1f;
		} else if (*p >= 0xe0 && *p <= 0xef) {
			n = 2, c = *p & 0x0f;
		} else if (*p >= 0xf0 && *p <= 0xf4) {
			n = 3, c = *p & 0x07;
		} else
			bad(d, p, "malformed UTF-8");
		if (d->end - p <= n)
			bad(d, p, "malformed UTF-8");
		for (k = 1; k <= n; k++) {
			if ((p[k] & 0xc0) != 0x80)
				bad(d, p, "malformed UTF-8");
			c = c << 6 | (p[k] & 0x3f);
		}
		if ((n == 2 && c < 0x800) || (n == 3 && c < 0x10000))
			bad(d, p, "malformed UTF-8 (overlong)");
		if (!isxmlchar(c))
			bad(d, p, "a character XML does not allow");
		p += n + 1;
	}
}

static int
namestart(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == ':' || c >= 0x80;
}

static int
namechar(int c)
{
	return namestart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static int
space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void
skipspace(struct doc *d)
{
	while (d->p < d->end && space(*d->p))
		d->p++;
}

/* A name at p, copied into buf; its length. */
static size_t
name(struct doc *d, char *buf)
{
	const unsigned char *start = d->p;
	size_t n;

	if (d->p >= d->end || !namestart(*d->p))
		bad(d, d->p, "expected a name");
	while (d->p < d->end && namechar(*d->p))
		d->p++;
	n = (size_t)(d->p - start);
	if (n >= MAXNAME)
		bad(d, start, "a name longer than the checker takes");
	memcpy(buf, start, n);
	buf[n] = '\0';
	return n;
}

static int
at(const struct doc *d, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(d->end - d->p) >= n && memcmp(d->p, s, n) == 0;
}

/* Past the first occurrence of s, which must come. */
static void
past(struct doc *d, const char *s, const char *what)
{
	const unsigned char *start = d->p;

	while (d->p < d->end && !at(d, s))
		d->p++;
	if (d->p >= d->end)
		bad(d, start, what);
	d->p += strlen(s);
}

/* An entity or character reference at p ('&'). */
static void
entity(struct doc *d)
{
	static const char *const named[] = { "amp;", "lt;", "gt;", "quot;",
	    "apos;" };
	const unsigned char *start = d->p;
	long c = 0;
	size_t i;
	int digits = 0, hex;

	d->p++;
	for (i = 0; i < sizeof named / sizeof named[0]; i++)
		if (at(d, named[i])) {
			d->p += strlen(named[i]);
			return;
		}
	if (d->p >= d->end || *d->p != '#')
		bad(d, start, "'&' that starts no entity of XML's five "
		    "(amp, lt, gt, quot, apos) nor a character reference");
	d->p++;
	hex = d->p < d->end && *d->p == 'x';
	d->p += hex;
	for (; d->p < d->end && *d->p != ';'; d->p++, digits++) {
		int ch = *d->p, v;
		if (ch >= '0' && ch <= '9')
			v = ch - '0';
		else if (hex && ch >= 'a' && ch <= 'f')
			v = ch - 'a' + 10;
		else if (hex && ch >= 'A' && ch <= 'F')
			v = ch - 'A' + 10;
		else
			bad(d, start, "a character reference with a bad digit");
		c = c * (hex ? 16 : 10) + v;
		if (c > 0x10ffff)
			c = 0x110000;
	}
	if (d->p >= d->end || digits == 0)
		bad(d, start, "an unterminated character reference");
	if (!isxmlchar(c))
		bad(d, start, "a character reference to a character XML "
		    "does not allow");
	d->p++;
}

/* A quoted attribute value. */
static void
value(struct doc *d)
{
	unsigned char q;

	if (d->p >= d->end || (*d->p != '"' && *d->p != '\''))
		bad(d, d->p, "expected a quoted attribute value");
	q = *d->p++;
	while (d->p < d->end && *d->p != q) {
		if (*d->p == '<')
			bad(d, d->p, "'<' in an attribute value");
		if (*d->p == '&')
			entity(d);
		else
			d->p++;
	}
	if (d->p >= d->end)
		bad(d, d->p, "an unterminated attribute value");
	d->p++;
}

/* A start or empty-element tag at p ('<'); 1 if it opened an element. */
static int
starttag(struct doc *d)
{
	char attr[MAXATTR][MAXNAME], el[MAXNAME];
	const unsigned char *start;
	int n = 0, i;

	d->p++;
	name(d, el);
	for (;;) {
		int sp = d->p < d->end && space(*d->p);
		skipspace(d);
		if (d->p >= d->end)
			bad(d, d->p, "an unterminated tag");
		if (*d->p == '>') {
			d->p++;
			break;
		}
		if (at(d, "/>")) {
			d->p += 2;
			return 0;
		}
		if (!sp)
			bad(d, d->p, "expected a space before an attribute");
		start = d->p;
		if (n == MAXATTR)
			bad(d, start, "more attributes than the checker takes");
		name(d, attr[n]);
		for (i = 0; i < n; i++)
			if (strcmp(attr[i], attr[n]) == 0)
				bad(d, start, "an attribute given twice");
		n++;
		skipspace(d);
		if (d->p >= d->end || *d->p != '=')
			bad(d, d->p, "expected '=' after an attribute name");
		d->p++;
		skipspace(d);
		value(d);
	}
	if (d->depth == MAXDEPTH)
		bad(d, d->p, "elements nested deeper than the checker takes");
	strcpy(d->stack[d->depth++], el);
	return 1;
}

static void
endtag(struct doc *d)
{
	const unsigned char *start = d->p;
	char el[MAXNAME];

	d->p += 2;
	name(d, el);
	skipspace(d);
	if (d->p >= d->end || *d->p != '>')
		bad(d, d->p, "expected '>' to end the end tag");
	d->p++;
	if (d->depth == 0)
		bad(d, start, "an end tag with no element open");
	if (strcmp(d->stack[d->depth - 1], el) != 0)
		bad(d, start, "an end tag that does not match the open "
		    "element");
	d->depth--;
}

/* A comment, processing instruction or DOCTYPE at p, if any: 1. */
static int
misc(struct doc *d, int prolog)
{
	const unsigned char *start = d->p;

	if (at(d, "<!--")) {
		d->p += 4;
		past(d, "--", "an unterminated comment");
		if (d->p >= d->end || *d->p != '>')
			bad(d, start, "'--' inside a comment");
		d->p++;
		return 1;
	}
	if (at(d, "<?")) {
		d->p += 2;
		past(d, "?>", "an unterminated processing instruction");
		return 1;
	}
	if (at(d, "<!DOCTYPE")) {
		if (!prolog)
			bad(d, start, "a DOCTYPE after the root element");
		while (d->p < d->end && *d->p != '>' && *d->p != '[')
			d->p++;
		if (d->p >= d->end || *d->p == '[')
			bad(d, start, "a DOCTYPE the checker does not read "
			    "(unterminated, or with an internal subset)");
		d->p++;
		return 1;
	}
	return 0;
}

/* The root element's content, to its end tag. */
static void
content(struct doc *d)
{
	while (d->depth > 0) {
		if (d->p >= d->end)
			bad(d, d->p, "the document ends inside an element");
		if (at(d, "</"))
			endtag(d);
		else if (at(d, "<![CDATA[")) {
			d->p += 9;
			past(d, "]]>", "an unterminated CDATA section");
		} else if (at(d, "<!--") || at(d, "<?"))
			misc(d, 0);
		else if (at(d, "<!"))
			bad(d, d->p, "markup declaration inside an element");
		else if (*d->p == '<')
			starttag(d);
		else if (*d->p == '&')
			entity(d);
		else if (at(d, "]]>"))
			bad(d, d->p, "']]>' in text");
		else
			d->p++;
	}
}

static void
check(struct doc *d)
{
	int doctype = 0;

	checkchars(d);
	if (at(d, "<?xml") && d->end - d->p > 5 && space(d->p[5]))
		past(d, "?>", "an unterminated XML declaration");
	for (;;) {
		skipspace(d);
		if (at(d, "<?xml") && d->end - d->p > 5 && space(d->p[5]))
			bad(d, d->p, "an XML declaration not at the start");
		if (at(d, "<!DOCTYPE") && doctype++)
			bad(d, d->p, "a second DOCTYPE");
		if (!misc(d, 1))
			break;
	}
	if (d->p >= d->end || *d->p != '<' || at(d, "</"))
		bad(d, d->p, "expected the root element");
	if (starttag(d))
		content(d);
	for (;;) {
		skipspace(d);
		if (d->p >= d->end)
			return;
		if (*d->p == '<' && !at(d, "<!--") && !at(d, "<?"))
			bad(d, d->p, "a second root element");
		if (!misc(d, 0))
			bad(d, d->p, "text after the root element");
	}
}

static unsigned char *
slurp(const char *file, size_t *n)
{
	FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, k;

	if (!f) {
		perror(file);
		exit(2);
	}
	*n = 0;
	do {
		if (*n == cap) {
			cap = cap ? cap * 2 : 65536;
			if (!(buf = realloc(buf, cap))) {
				fprintf(stderr, "xmlcheck: out of memory\n");
				exit(2);
			}
		}
		k = fread(buf + *n, 1, cap - *n, f);
		*n += k;
	} while (k > 0);
	if (ferror(f)) {
		perror(file);
		exit(2);
	}
	if (f != stdin)
		fclose(f);
	return buf;
}

int
main(int argc, char **argv)
{
	static struct doc d;
	unsigned char *buf;
	size_t n;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: xmlcheck file ...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		buf = slurp(argv[i], &n);
		memset(&d, 0, sizeof d);
		d.file = argv[i];
		d.s = d.p = buf;
		d.end = buf + n;
		check(&d);
		free(buf);
	}
	return 0;
}
