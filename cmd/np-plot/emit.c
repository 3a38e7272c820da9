/*
 * emit: np-plot's bytes out (plot.h): text cut to a terminal's width,
 * or escaped as XML, whatever the input holds.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "write/tsvout.h"
#include "plot.h"

void NP_PRINTF(1, 2)
pf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	out_raw(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/*
 * The code point at s (n bytes), its length in *len; U+FFFD for a
 * malformed or overlong sequence, a surrogate, a non-character U+FFFE or
 * U+FFFF, or a control character, none of which a terminal should be
 * sent or XML may hold.
 */
long
u8next(const unsigned char *s, size_t n, size_t *len)
{
	long cp;
	size_t k, need;

	*len = 1;
	if (s[0] < 0x80)
		return s[0] < 0x20 || s[0] == 0x7f ? 0xfffd : s[0];
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		need = 1, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		need = 2, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		need = 3, cp = s[0] & 0x07;
	else
		return 0xfffd;
	if (n < need + 1)
		return 0xfffd;
	for (k = 1; k <= need; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0xfffd;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff || (cp >= 0x80 && cp < 0xa0))
		return 0xfffd;
	*len = need + 1;
	return cp;
}

static void
out_cp(long cp)
{
	char b[4];

	if (cp < 0x80) {
		out_byte((char)cp);
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		out_raw(b, 2);
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		out_raw(b, 3);
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		out_raw(b, 4);
	}
}

/* Code points in s. */
size_t
u8count(const char *s, size_t n)
{
	size_t i = 0, k = 0, len;

	while (i < n) {
		u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		k++;
	}
	return k;
}

/* s as text of an XML document: markup escaped, the rest sanitised. */
void
xmltext(const char *s, size_t n)
{
	size_t i = 0, len;
	long cp;

	while (i < n) {
		cp = u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		switch (cp) {
		case '&': out_raw("&amp;", 5); break;
		case '<': out_raw("&lt;", 4); break;
		case '>': out_raw("&gt;", 4); break;
		case '"': out_raw("&quot;", 6); break;
		case '\'': out_raw("&#39;", 5); break;
		default: out_cp(cp);
		}
	}
}

/*
 * s in exactly w terminal cells (one per code point): padded with spaces
 * after it (left) or before it, or its end after an ellipsis when it is
 * longer, since a path's end (file:line) tells most.
 */
void
termtext(const char *s, size_t n, size_t w, int left)
{
	size_t i = 0, len, k = u8count(s, n);
	long cp;

	if (!left && k < w)
		puts_n(" ", (int)(w - k));
	if (k > w) {
		if (w == 0)
			return;
		out_raw("\xe2\x80\xa6", 3);	/* … */
		for (; k > w - 1; k--) {
			u8next((const unsigned char *)s + i, n - i, &len);
			i += len;
		}
		k = w;
	}
	while (i < n) {
		cp = u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		out_cp(cp);
	}
	if (left && k < w)
		puts_n(" ", (int)(w - k));
}

/* A line of text, not padded; cut at w cells, its end an ellipsis. */
void
termline(const char *s, size_t n, int w)
{
	size_t i = 0, k = 0, len;
	long cp;

	if (u8count(s, n) <= (size_t)w) {
		termtext(s, n, u8count(s, n), 1);
		return;
	}
	while (i < n && k + 1 < (size_t)w) {
		cp = u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		k++;
		out_cp(cp);
	}
	out_raw("\xe2\x80\xa6", 3);
}

/* As termtext into an SVG's text: at most w characters. */
void
svgtext(const char *s, size_t n, size_t w)
{
	size_t i = 0, len, k = u8count(s, n);

	if (k > w && w > 0) {
		out_raw("\xe2\x80\xa6", 3);
		for (; k > w - 1; k--) {
			u8next((const unsigned char *)s + i, n - i, &len);
			i += len;
		}
	}
	xmltext(s + i, n - i);
}

void
color(const struct plot *p, const char *sgr)
{
	if (p->color)
		pf("\033[%sm", sgr);
}

