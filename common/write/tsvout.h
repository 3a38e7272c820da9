/*
 * tsvout: the one output format's writer (see tsvout.c): rows of TSV on one
 * buffered standard output.
 */
#ifndef NP_OUT_H
#define NP_OUT_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define OUT_BUFSZ (1 << 16)

/* The output buffer; the inline writers below append to it. */
extern char out_buf[OUT_BUFSZ];
extern size_t out_len;

/* A text field, escaped: an empty one as "", an empty string, never as
 * the empty field of a missing value (which is written by writing
 * nothing). */
void out_text(const char *s, size_t n);
void out_str(const char *s);		/* out_text, NUL-terminated */
void out_raw(const char *s, size_t n);	/* as is: caller knows it is clean */
void out_i64(int64_t v);
void out_f64(double v);
void out_flush(void);
/* Writes what is buffered, if it can, before the program dies on an error
 * (np_atdie, ctx unused): a closed pipe or a full disk is left to that
 * error's message. */
void out_salvage(void *ctx);

static inline void
out_byte(char c)
{
	if (out_len == OUT_BUFSZ)
		out_flush();
	out_buf[out_len++] = c;
}

static inline void out_tab(void) { out_byte('\t'); }
static inline void out_nl(void) { out_byte('\n'); }

/* A tab, then v if it is known: an empty field is a missing value. */
static inline void
out_opt_i64(int has, int64_t v)
{
	out_tab();
	if (has)
		out_i64(v);
}

/*
 * Room for n bytes (n <= OUT_BUFSZ) at the end of the output, flushing
 * first if need be; the caller fills it and hands back the new end with
 * out_commit.  Writers of whole rows check for room once, not per byte.
 */
static inline char *
out_reserve(size_t n)
{
	if (OUT_BUFSZ - out_len < n)
		out_flush();
	return out_buf + out_len;
}

static inline void
out_commit(char *end)
{
	out_len = (size_t)(end - out_buf);
}

/* The bytes a text field cannot hold as they are, each written as a
 * backslash and this letter (then, for 'x', the byte in two lower-case hex
 * digits); 0 for every other byte.  0xc2 is named too: it begins a C1
 * control (U+0080 to U+009F in UTF-8, 0xc2 then 0x80 to 0x9f), which some
 * terminals act on as ESC sequences (0x9b is CSI); out_escat writes one
 * as its two bytes' escapes, and any other 0xc2 (U+00A0 to U+00BF: a
 * no-break space, a degree sign) as it is. */
extern const char out_escletter[256];

/* Is the byte at s, of the n from s on, the first of a C1 control? */
#define OUT_ISC1(s, n) ((unsigned char)(s)[0] == 0xc2 && (n) > 1 && \
	(unsigned char)(s)[1] >= 0x80 && (unsigned char)(s)[1] <= 0x9f)

/* The most bytes one byte's escape takes (\xHH), and the room out_escape
 * needs for n bytes. */
#define OUT_ESCMAX 4
#define OUT_ESCROOM(n) (OUT_ESCMAX * (n) + 16)

/* Writes the escape of c (a byte out_escletter names) at o; returns its
 * end. */
static inline char *
out_escbyte(char *o, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	*o++ = '\\';
	if ((*o++ = out_escletter[c]) == 'x') {
		*o++ = hex[c >> 4];
		*o++ = hex[c & 15];
	}
	return o;
}

/* Writes the byte at *s (one out_escletter names; e ends the text) at o,
 * escaped, and moves *s past it: a C1 control's two bytes each as \xHH,
 * another 0xc2 as it is.  Returns the end. */
static inline char *
out_escat(char *o, const char **s, const char *e)
{
	const char *p = *s;

	if ((unsigned char)*p == 0xc2) {
		if (!OUT_ISC1(p, e - p)) {
			*o++ = *p;
			*s = p + 1;
			return o;
		}
		o = out_escbyte(o, 0xc2);
		*o++ = '\\';
		*o++ = 'x';
		*o++ = "0123456789abcdef"[(unsigned char)p[1] >> 4];
		*o++ = "0123456789abcdef"[p[1] & 15];
		*s = p + 2;
		return o;
	}
	*s = p + 1;
	return out_escbyte(o, (unsigned char)*p);
}

/* Writes the n bytes at s escaped to o, which has room for
 * OUT_ESCROOM(n) (it may look at 16 bytes there), as out_text: none as
 * ""; returns the end. */
char *out_escape(char *o, const char *s, size_t n);

/*
 * Whether a short field may be loaded as 16 bytes though it is shorter: a
 * load that stays within the field's page (4 KiB, the smallest) cannot
 * fault, whatever lies after the field.  The other way, copying the field
 * and loading it back from the output, waits on store forwarding: about 7%
 * of np-trace's time on a text trace.  Address-sanitizer builds would
 * report the bytes past the field, so they copy.
 */
#if defined(__SANITIZE_ADDRESS__)
#define OVERREAD_OK 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OVERREAD_OK 0
#endif
#endif
#ifndef OVERREAD_OK
#define OVERREAD_OK 1
#endif

#if defined(__SSE2__)
/*
 * Bit i set when byte i of v is one out_escape escapes: a control byte
 * (below 0x20, or 0x7f) or '\\'.
 */
static inline unsigned
out_escmask(__m128i v)
{
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(
	    _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v),
	    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f))),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xc2)))));
}
#endif

/*
 * out_escape for the usual field of a row, inline: 1 to 16 bytes, the
 * first not '"', none to escape, looked at and copied 16 bytes at once
 * where those lie in s's page (OVERREAD_OK); any other through out_escape.
 */
static inline char *
out_escapeshort(char *o, const char *s, size_t n)
{
#if defined(__SSE2__) && OVERREAD_OK
	if (n - 1 < 16 && *s != '"' && ((uintptr_t)s & 4095) <= 4096 - 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);

		_mm_storeu_si128((__m128i *)(void *)o, v);
		if ((out_escmask(v) & ((1u << n) - 1)) == 0)
			return o + n;
	}
#endif
	return out_escape(o, s, n);
}

/*
 * out_escape for a blank-separated token of 16 bytes or fewer with 16
 * readable bytes at s: the usual token, which needs no escaping (a
 * backslash, a control byte or a leading '"' would), is looked at and
 * copied 16 bytes at once.  Inline: a row's text fields on the text
 * formats' fast path.
 */
static inline char *
out_escapetoken(char *o, const char *s, size_t n)
{
#if defined(__SSE2__)
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	unsigned m = out_escmask(v);

	if (n <= 16 && n > 0 && *s != '"' && (m & ((1u << n) - 1)) == 0) {
		_mm_storeu_si128((__m128i *)(void *)o, v);
		return o + n;
	}
#endif
	return out_escape(o, s, n);
}


/* Writes a header: the names, tab-separated, and a newline. */
void out_header(const char *const *names, int n);

#endif
