/*
 * json_fuzz: libFuzzer target for the JSON pull parser
 * (common/format/json.c) and the number routines it hands its tokens to
 * (common/base/number.c).
 *
 * The first byte is a control byte, the rest is the JSON text:
 *   bits 0-3  how reads are chunked in the first pass (fuzz.h)
 *   bit 4     pass over log lines (passlogs)
 *   bits 5-7  which values the second pass skips
 * Pass A takes every token with json_next.  Pass B reads the same text in
 * other chunks, with the other string scanners (SSE2, AVX2, AVX-512; A's
 * is the portable one), skips some values with json_skip (members' values and
 * top-level values, chosen by bits 5-7) and peeks before each value it is
 * due.  Beyond what the sanitizers catch, it checks that
 *   - B's tokens, positions, depths and final error equal A's, with the
 *     skipped values left out (chunking and skipping change nothing), except
 *     that a skipped string may be longer than JSON_MAXSTR;
 *   - json_peek names the kind of the value json_next then returns;
 *   - strings and keys are valid UTF-8 (checked independently);
 *   - every number token reads back with num_f64 exactly as strtod reads
 *     it, integers with num_i64 exactly as strtoll does, and num_fmt_f64 /
 *     num_fmt_i64 print them so that they read back the same.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes/source.h"
#include "format/json.h"
#include "base/number.h"
#include "bytes/byteclass.h"
#include "fuzz.h"

struct tok {
	enum json_tok t;
	long line, col;
	int depth;
	size_t len;
	uint64_t hash;
};

static struct src in;
static struct json j;
static struct tok *toks;
static size_t ntoks, captoks;
static char msg_a[FZ_MSGSZ];
static int died_a;

static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static int
isint(const char *s, size_t n)
{
	size_t i = s[0] == '-';

	if (i == n)
		return 0;
	for (; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* number.c must agree with libc on every number the parser hands out. */
static void
checknum(const char *s, size_t n)
{
	char tmp[NUM_MAXLEN + 1], buf[NUM_BUFSZ];
	double d, ref;
	int64_t i;
	long long ll;
	size_t k;

	FZ_CHECK(n > 0 && n <= NUM_MAXLEN, "number of %zu bytes", n);
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	FZ_CHECK(num_f64(s, n, &d), "num_f64 rejects '%s'", tmp);
	ref = strtod(tmp, NULL);
	FZ_CHECK((isnan(d) && isnan(ref)) || memcmp(&d, &ref, sizeof d) == 0,
	    "num_f64('%s') = %.17g, strtod: %.17g", tmp, d, ref);
	if (isint(s, n)) {
		errno = 0;
		ll = strtoll(tmp, NULL, 10);
		if (errno == ERANGE)
			FZ_CHECK(!num_i64(s, n, &i), "num_i64 takes '%s'",
			    tmp);
		else {
			FZ_CHECK(num_i64(s, n, &i) && i == ll,
			    "num_i64('%s') differs from strtoll", tmp);
			k = num_fmt_i64(buf, i);
			snprintf(tmp, sizeof tmp, "%lld", ll);
			FZ_CHECK(k == strlen(tmp) && strcmp(buf, tmp) == 0,
			    "num_fmt_i64 prints '%s' for %s", buf, tmp);
		}
	}
	k = num_fmt_f64(buf, d);
	FZ_CHECK(k < NUM_BUFSZ && k == strlen(buf), "num_fmt_f64 length");
	if (isnan(d) || isinf(d))
		FZ_CHECK(k == 0, "num_fmt_f64 prints '%s' for %g", buf, d);
	else
		FZ_CHECK(strtod(buf, NULL) == d, "num_fmt_f64 prints '%s' "
		    "for %.17g", buf, d);
}

static void
checktok(enum json_tok t)
{
	FZ_CHECK(j.line >= 1 && j.col >= 1, "token at %ld:%ld", j.line,
	    j.col);
	FZ_CHECK(j.depth >= 0 && j.depth <= JSON_MAXDEPTH, "depth %d",
	    j.depth);
	switch (t) {
	case JSON_KEY:
	case JSON_STR:
		FZ_CHECK(j.len <= JSON_MAXSTR, "string of %zu bytes", j.len);
		FZ_CHECK(j.len == 0 || j.s, "string without text");
		FZ_CHECK(fz_utf8ok((const unsigned char *)j.s, j.len),
		    "string is not UTF-8");
		break;
	case JSON_NUM:
		checknum(j.s, j.len);
		break;
	default:
		break;
	}
}

static void
addtok(enum json_tok t)
{
	struct tok *k;

	if (ntoks == captoks) {
		captoks = captoks ? 2 * captoks : 256;
		if (!(toks = realloc(toks, captoks * sizeof *toks)))
			abort();
	}
	k = &toks[ntoks++];
	k->t = t;
	k->line = j.line;
	k->col = j.col;
	k->depth = j.depth;
	k->len = 0;
	k->hash = 0;
	if (t == JSON_KEY || t == JSON_STR || t == JSON_NUM) {
		k->len = j.len;
		k->hash = hash(j.s, j.len);
	}
}

/* Lines before the first value, and logrus lines after it, as np's
 * record reader passes them over. */
static int
passlogs(struct json *j, const char *p, size_t n)
{
	return j->values == 0 || src_islog(p, n);
}

/* Pass A scans strings with the portable masks, pass B with SSE2, AVX2
 * or AVX-512 (as the input's length is 0, 1 or 2 past a multiple of 3,
 * where the CPU has them): the vector scanners must agree with the plain
 * one. */
static void
begin(const uint8_t *data, size_t size, unsigned chunking, int logs,
    int simd)
{
	int level = SIMD_PORTABLE;

	if (simd) {
		level = size % 3 == 2 ? SIMD_AVX512 : size % 3 == 1 ?
		    SIMD_AVX2 : SIMD_SSE2;
		while (!simd_have(level))
			level--;
	}
	fz_files(1, &data, &size, chunking);
	fz_reset();
	src_open(&in, fz_name(0));
	json_init(&j, &in);
	j.mask = simd_strmask(level);
	j.skip = simd_strskip(level);
	j.passover = logs ? passlogs : NULL;
}

/* Pass A: every token. */
static void
pass_a(const uint8_t *data, size_t size, unsigned chunking, int logs)
{
	enum json_tok t;

	ntoks = 0;
	if (setjmp(fz_jmp)) {
		src_close(&in);
		died_a = 1;
		memcpy(msg_a, fz_msg, fz_msglen + 1);
		return;
	}
	begin(data, size, chunking, logs, 0);
	do {
		t = json_next(&j);
		checktok(t);
		addtok(t);
	} while (t != JSON_EOF);
	/* The end stays the end. */
	FZ_CHECK(json_next(&j) == JSON_EOF, "a token after the end");
	src_close(&in);
	died_a = 0;
}

static int
same(const struct tok *a, enum json_tok t)
{
	if (a->t != t || a->line != j.line || a->col != j.col ||
	    a->depth != j.depth)
		return 0;
	if (t == JSON_KEY || t == JSON_STR || t == JSON_NUM)
		return a->len == j.len && a->hash == hash(j.s, j.len);
	return 1;
}

/* Index in A of the token after the value that starts at A's token i. */
static size_t
aftervalue(size_t i)
{
	int d;

	if (toks[i].t != JSON_OBJ && toks[i].t != JSON_ARR)
		return i + 1;
	d = toks[i].depth - 1;
	for (i++; i < ntoks && toks[i].depth != d; i++)
		;
	/* Past the end token (past ntoks when A died inside). */
	return i + 1;
}

static size_t ib;	/* B's place in A's tokens */
static int skipping;	/* B is in json_skip of the value at ib */
static int lenient;	/* A died on a long string that B may skip */

/* Pass B: other chunks, some values skipped, a peek before each value. */
static void
pass_b(const uint8_t *data, size_t size, unsigned chunking, int logs,
    unsigned skipsel)
{
	enum json_tok t, pk;
	int due = 1;
	unsigned nvalue = 0;

	ib = 0;
	skipping = 0;
	lenient = died_a && strstr(msg_a, "string longer than") != NULL;
	if (setjmp(fz_jmp)) {
		src_close(&in);
		if (skipping && ib < ntoks)
			ib = aftervalue(ib) - 1; /* where A died, if inside */
		if (lenient && ib >= ntoks)
			return;
		FZ_CHECK(died_a && ib >= ntoks,
		    "B died where A did not (token %zu of %zu)", ib, ntoks);
		FZ_CHECK(strcmp(fz_msg, msg_a) == 0, "A died with\n%sB with",
		    msg_a);
		return;
	}
	begin(data, size, chunking, logs, 1);
	for (;;) {
		if (due) {
			pk = json_peek(&j);
			if (ib < ntoks && toks[ib].t != JSON_OBJ_END &&
			    toks[ib].t != JSON_ARR_END &&
			    toks[ib].t != JSON_KEY)
				FZ_CHECK(pk == toks[ib].t, "peek says %s, "
				    "next gives %s", json_tokname(pk),
				    json_tokname(toks[ib].t));
			if (pk != JSON_EOF && skipsel &&
			    (nvalue++ + skipsel) % 3 == 0) {
				skipping = 1;
				json_skip(&j);
				skipping = 0;
				ib = ib < ntoks ? aftervalue(ib) : ib;
				if (lenient && ib > ntoks)
					break; /* B skipped A's death */
				FZ_CHECK(ib <= ntoks, "B skipped a value A "
				    "did not finish");
				FZ_CHECK(j.depth == (ib ? toks[ib - 1].depth
				    : 0), "depth %d after a skip", j.depth);
				due = j.depth == 0;
				continue;
			}
		}
		t = json_next(&j);
		if (lenient && ib >= ntoks)
			break;	/* past A's death on a long string */
		FZ_CHECK(ib < ntoks, "B has a token where A died");
		FZ_CHECK(same(&toks[ib], t), "token %zu differs: A %s at "
		    "%ld:%ld depth %d, B %s at %ld:%ld depth %d", ib,
		    json_tokname(toks[ib].t), toks[ib].line, toks[ib].col,
		    toks[ib].depth, json_tokname(t), j.line, j.col, j.depth);
		ib++;
		if (t == JSON_EOF)
			break;
		due = t == JSON_KEY || (j.depth == 0 && t != JSON_OBJ &&
		    t != JSON_ARR);
	}
	/* Finish the text whatever it holds; only crashes count now. */
	while (json_next(&j) != JSON_EOF)
		;
	FZ_CHECK(lenient || !died_a, "A died with\n%sB did not", msg_a);
	src_close(&in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned ctl;

	if (size < 1)
		return 0;
	ctl = data[0];
	data++;
	size--;
	pass_a(data, size, ctl & 15, ctl >> 4 & 1);
	pass_b(data, size, (ctl & 15) ? 0 : 7, ctl >> 4 & 1, ctl >> 5);
	return 0;
}
