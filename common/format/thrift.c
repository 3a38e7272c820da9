/*
 * The Thrift compact protocol, read from a buffer that holds the whole
 * encoded value (see thrift.h for the facts of the format).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/msg.h"
#include "format/thrift.h"

static const char *const tname[] = {
	"stop", "bool", "bool", "i8", "i16", "i32", "i64", "double",
	"binary", "list", "set", "map", "struct"
};

void
th_init(struct thrift *t, const void *buf, size_t n, const char *file,
    long long base)
{
	t->start = t->p = buf;
	t->end = t->start + n;
	t->file = file;
	t->base = base;
	t->depth = 0;
	t->fpos = t->p;
	t->shortjmp = NULL;
	t->where = "the footer";
}

long long
th_off(const struct thrift *t)
{
	return t->base + (t->p - t->start);
}

void
th_fail(const struct thrift *t, const unsigned char *at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	np_die("%s: byte %lld: %s", t->file, t->base + (at - t->start), msg);
}

/* n more bytes must be there for what. */
static void
need(struct thrift *t, uint64_t n, const char *what)
{
	if (n <= (uint64_t)(t->end - t->p))
		return;
	if (t->shortjmp)
		longjmp(*t->shortjmp, 1);
	th_fail(t, t->p, "%s runs past the end of %s", what, t->where);
}

static uint64_t
varint(struct thrift *t)
{
	const unsigned char *at = t->p;
	uint64_t v = 0;
	unsigned shift = 0;
	unsigned char b;

	do {
		need(t, 1, "a varint");
		b = *t->p++;
		if (shift == 63 && b > 1)
			th_fail(t, at, "a varint longer than 64 bits");
		v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80 && shift < 70);
	if (b & 0x80)
		th_fail(t, at, "a varint longer than 64 bits");
	return v;
}

static int64_t
zigzag(struct thrift *t)
{
	uint64_t v = varint(t);

	return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

static void
deeper(struct thrift *t)
{
	if (++t->depth > TH_MAXDEPTH)
		th_fail(t, t->p, "metadata nested deeper than %d levels",
		    TH_MAXDEPTH);
}

void
th_begin(struct thrift *t, struct th_field *f, const char *st)
{
	deeper(t);
	f->lastid = 0;
	f->st = st;
}

int
th_next(struct thrift *t, struct th_field *f)
{
	unsigned char b;
	int64_t id;

	t->fpos = t->p;
	need(t, 1, "a field header");
	b = *t->p++;
	if (b == 0) {
		t->depth--;
		return 0;
	}
	f->type = b & 15;
	if (f->type > TH_STRUCT)
		th_fail(t, t->fpos, "%s: a field of unknown type %d", f->st,
		    f->type);
	if (b >> 4)
		id = f->lastid + (b >> 4);
	else {
		id = zigzag(t);
		if (id < -32768 || id > 32767)
			th_fail(t, t->fpos, "%s: field id %lld is not an i16",
			    f->st, (long long)id);
	}
	f->id = (int)id;
	f->lastid = f->id;
	return 1;
}

static void
expect(struct thrift *t, const struct th_field *f, int want,
    const char *name)
{
	int got = f->type;

	if (got == TH_FALSE)
		got = TH_TRUE;
	if (got != want)
		th_fail(t, t->fpos, "%s field %d (%s): expected %s, found %s",
		    f->st, f->id, name, tname[want], tname[got]);
}

int
th_bool(struct thrift *t, const struct th_field *f, const char *name)
{
	expect(t, f, TH_TRUE, name);
	return f->type == TH_TRUE;
}

int8_t
th_i8(struct thrift *t, const struct th_field *f, const char *name)
{
	expect(t, f, TH_I8, name);
	need(t, 1, "an i8");
	return (int8_t)*t->p++;
}

int32_t
th_i32(struct thrift *t, const struct th_field *f, const char *name)
{
	const unsigned char *at;
	int64_t v;

	expect(t, f, TH_I32, name);
	at = t->p;
	v = zigzag(t);
	if (v < INT32_MIN || v > INT32_MAX)
		th_fail(t, at, "%s field %d (%s): %lld is not an i32", f->st,
		    f->id, name, (long long)v);
	return (int32_t)v;
}

int64_t
th_i64(struct thrift *t, const struct th_field *f, const char *name)
{
	expect(t, f, TH_I64, name);
	return zigzag(t);
}

static const unsigned char *
binary(struct thrift *t, size_t *len)
{
	const unsigned char *s;
	const unsigned char *at = t->p;
	uint64_t n = varint(t);

	if (n > (uint64_t)(t->end - t->p)) {
		if (t->shortjmp)
			longjmp(*t->shortjmp, 1);
		th_fail(t, at, "a binary of %llu bytes runs past the end of "
		    "%s (%lld bytes left)", (unsigned long long)n, t->where,
		    (long long)(t->end - t->p));
	}
	s = t->p;
	t->p += n;
	*len = (size_t)n;
	return s;
}

const unsigned char *
th_binary(struct thrift *t, const struct th_field *f, const char *name,
    size_t *len)
{
	expect(t, f, TH_BINARY, name);
	return binary(t, len);
}

/* A list or set header: the count, and the element type in *elem. */
static uint32_t
listhead(struct thrift *t, int *elem)
{
	const unsigned char *at = t->p;
	uint64_t n;
	unsigned char b;

	need(t, 1, "a list header");
	b = *t->p++;
	*elem = b & 15;
	n = b >> 4;
	if (n == 15)
		n = varint(t);
	if (*elem == TH_FALSE)
		*elem = TH_TRUE;
	if (*elem == TH_STOP || *elem > TH_STRUCT)
		th_fail(t, at, "a list of unknown element type %d", b & 15);
	/* Every element takes a byte at least: a count past the bytes left
	 * cannot be right, and would cost time for nothing. */
	if (n > (uint64_t)(t->end - t->p)) {
		if (t->shortjmp)
			longjmp(*t->shortjmp, 1);
		th_fail(t, at, "a list of %llu elements runs past the end of "
		    "%s (%lld bytes left)", (unsigned long long)n, t->where,
		    (long long)(t->end - t->p));
	}
	return (uint32_t)n;
}

uint32_t
th_list(struct thrift *t, const struct th_field *f, const char *name,
    int elem)
{
	const unsigned char *at = t->p;
	uint32_t n;
	int got;

	if (f->type != TH_LIST && f->type != TH_SET)
		expect(t, f, TH_LIST, name);
	n = listhead(t, &got);
	if (got != elem && n > 0)
		th_fail(t, at, "%s field %d (%s): expected a list of %s, "
		    "found a list of %s", f->st, f->id, name, tname[elem],
		    tname[got]);
	deeper(t);
	return n;
}

void
th_list_end(struct thrift *t)
{
	t->depth--;
}

int32_t
th_elem_i32(struct thrift *t)
{
	const unsigned char *at = t->p;
	int64_t v = zigzag(t);

	if (v < INT32_MIN || v > INT32_MAX)
		th_fail(t, at, "list element %lld is not an i32",
		    (long long)v);
	return (int32_t)v;
}

const unsigned char *
th_elem_binary(struct thrift *t, size_t *len)
{
	return binary(t, len);
}

/* An element of a list or map: a bool there is a byte of its own. */
static void
skip_elem(struct thrift *t, int type)
{
	if (type == TH_TRUE || type == TH_FALSE) {
		need(t, 1, "a bool");
		t->p++;
	} else
		th_skip(t, type);
}

void
th_skip(struct thrift *t, int type)
{
	struct th_field f;
	uint32_t n, i;
	uint64_t m;
	size_t len;
	int et, kt, vt;
	const unsigned char *at;

	switch (type) {
	case TH_TRUE:
	case TH_FALSE:
		break;
	case TH_I8:
		need(t, 1, "an i8");
		t->p++;
		break;
	case TH_I16:
	case TH_I32:
	case TH_I64:
		(void)varint(t);
		break;
	case TH_DOUBLE:
		need(t, 8, "a double");
		t->p += 8;
		break;
	case TH_BINARY:
		(void)binary(t, &len);
		break;
	case TH_LIST:
	case TH_SET:
		n = listhead(t, &et);
		deeper(t);
		for (i = 0; i < n; i++)
			skip_elem(t, et);
		t->depth--;
		break;
	case TH_MAP:
		at = t->p;
		m = varint(t);
		if (m == 0)
			break;
		need(t, 1, "a map header");
		kt = *t->p >> 4;
		vt = *t->p & 15;
		t->p++;
		if (kt == TH_STOP || kt > TH_STRUCT || vt == TH_STOP ||
		    vt > TH_STRUCT)
			th_fail(t, at, "a map of unknown key or value type");
		if (m > (uint64_t)(t->end - t->p) / 2 && t->shortjmp)
			longjmp(*t->shortjmp, 1);
		if (m > (uint64_t)(t->end - t->p) / 2)
			th_fail(t, at, "a map of %llu entries runs past the "
			    "end of %s", (unsigned long long)m, t->where);
		deeper(t);
		for (; m > 0; m--) {
			skip_elem(t, kt);
			skip_elem(t, vt);
		}
		t->depth--;
		break;
	case TH_STRUCT:
		th_begin(t, &f, "struct");
		while (th_next(t, &f))
			th_skip(t, f.type);
		break;
	default:
		th_fail(t, t->p, "a value of unknown type %d", type);
	}
}
