/*
 * tsvout: the writer every program's rows go through.  One buffered
 * standard output; text fields escaped so that a field never holds a raw
 * TAB, LF, CR, backslash or NUL (they become \t \n \r \\ \0) nor any other
 * control byte (0x01 to 0x1f, 0x7f, and the C1 controls U+0080 to U+009F:
 * \xHH a byte, so that no ESC or CSI reaches a terminal that shows the
 * output); an empty string as "" (a missing value
 * is an empty field, which a writer leaves by writing nothing); integers as
 * integers, doubles in the fewest digits that read back the same, NaN
 * and infinities as an empty field.  A closed pipe ends the program
 * quietly with status 0; any other write error is fatal (status 1).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/number.h"
#include "write/tsvout.h"
#include "base/progress.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

char out_buf[OUT_BUFSZ];
size_t out_len;

/* Writes out the buffer: 0, or the errno of a write that failed. */
static int
writeout(void)
{
	size_t off = 0;
	ssize_t n;
	int error = 0;

	while (off < out_len) {
		n = write(1, out_buf + off, out_len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			error = errno;
			break;
		}
		off += (size_t)n;
	}
	out_len = 0;
	return error;
}

void
out_flush(void)
{
	int error;

	prog_output();
	error = writeout();
	if (error == EPIPE) {
		prog_erase();	/* _exit runs no atexit */
		_exit(0);	/* the reader is gone: | head */
	}
	if (error)
		np_die("write error: %s", strerror(error));
}

void
out_salvage(void *ctx)
{
	(void)ctx;
	/* A write that fails here is not reported: the error the program
	 * stops on is. */
	(void)writeout();
}

void
out_raw(const char *s, size_t n)
{
	while (n > OUT_BUFSZ - out_len) {
		size_t part = OUT_BUFSZ - out_len;
		memcpy(out_buf + out_len, s, part);
		out_len += part;
		s += part;
		n -= part;
		out_flush();
	}
	memcpy(out_buf + out_len, s, n);
	out_len += n;
}

#define X 'x'
const char out_escletter[256] = {
	'0', X, X, X, X, X, X, X, X, 't', 'n', X, X, 'r', X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	['\\'] = '\\', [0x7f] = X, [0xc2] = X,
};
#undef X

/* out_escape, but for a field's leading '"'. */
static char *
escape(char *o, const char *s, size_t n)
{
	const char *e;

	if (n == 0)
		return o;	/* s may be NULL */
	e = s + n;
#if defined(__SSE2__)
	/*
	 * A long field (a source path) 16 bytes at a time, each block stored
	 * whole and the bytes before its first escape kept: o has room for
	 * 16 past OUT_ESCROOM of what is left to write.
	 */
	while (e - s > 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
		unsigned m;
		int k;

		_mm_storeu_si128((__m128i *)(void *)o, v);
		if (!(m = out_escmask(v))) {
			s += 16;
			o += 16;
			continue;
		}
		k = __builtin_ctz(m);
		s += k;
		o += k;
		o = out_escat(o, &s, e);
	}
	n = (size_t)(e - s);
	if (n <= 16) {
		/* The usual field, or a long one's last 16 bytes or fewer:
		 * looked at 16 bytes at once, and stored whole. */
		__m128i v;

		if (OVERREAD_OK && ((uintptr_t)s & 4095) <= 4096 - 16) {
			v = _mm_loadu_si128((const __m128i *)(const void *)s);
			_mm_storeu_si128((__m128i *)(void *)o, v);
		} else {
			memcpy(o, s, n);
			v = _mm_loadu_si128((const __m128i *)(const void *)o);
		}
		if ((out_escmask(v) & ((1u << n) - 1)) == 0)
			return o + n;
	}
#endif
	while (s < e) {
		if (!out_escletter[(unsigned char)*s]) {
			*o++ = *s++;
			continue;
		}
		o = out_escat(o, &s, e);
	}
	return o;
}

char *
out_escape(char *o, const char *s, size_t n)
{
	/* An empty string is "", a quoted empty field: an empty field is
	 * the missing value (np(7), OUTPUT). */
	if (n == 0) {
		*o++ = '"';
		*o++ = '"';
		return o;
	}
	/* A field that begins with '"' would read as a quoted one. */
	if (*s == '"') {
		*o++ = '\\';
		*o++ = '"';
		s++;
		n--;
	}
	return escape(o, s, n);
}

void
out_text(const char *s, size_t n)
{
	/* Longer than the buffer takes at once: in pieces that fit. */
	const size_t piece = (OUT_BUFSZ - 16) / OUT_ESCMAX;
	size_t k;
	int first = 1;

	do {
		k = n < piece ? n : piece;
		if (k < n && (unsigned char)s[k - 1] == 0xc2)
			k--;	/* a C1 control is not cut in two */
		out_commit((first ? out_escape : escape)(out_reserve(
		    OUT_ESCROOM(k)), s, k));
		first = 0;
		s += k;
		n -= k;
	} while (n > 0);
}

void
out_str(const char *s)
{
	out_text(s, strlen(s));
}

void
out_i64(int64_t v)
{
	if (OUT_BUFSZ - out_len < NUM_BUFSZ)
		out_flush();
	out_len += num_fmt_i64(out_buf + out_len, v);
}

void
out_f64(double v)
{
	if (OUT_BUFSZ - out_len < NUM_BUFSZ)
		out_flush();
	out_len += num_fmt_f64(out_buf + out_len, v);
}

void
out_header(const char *const *names, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			out_tab();
		out_str(names[i]);
	}
	out_nl();
}
