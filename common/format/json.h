/*
 * json: a streaming pull parser.
 *
 * Strict RFC 8259, plus the bare NaN, Infinity and -Infinity that old
 * neuron-profile printed.  Memory is one token: strings and numbers come out
 * as slices, into the input buffer when they hold no escapes, into one scratch
 * buffer of JSON_MAXSTR bytes when they do.  A value the caller does not want
 * is passed over with json_skip, which validates it but never buffers it,
 * however long it is.  Nesting deeper than JSON_MAXDEPTH is an error.
 * Strings are scanned 64 bytes a step (byteclass.h): a string passed over is
 * checked by the masks of its backslashes and of the bytes that end plain
 * text, not byte by byte, with the same messages as a string taken.
 *
 * The input may hold several top-level values one after another (JSON lines).
 * What else may stand between them (text captured with the JSON, log lines)
 * is the caller's to say: with passover set, a line at the top level that
 * does not begin with '{' or '[' is offered to it, and passed over (counted
 * in skipped_lines) when it returns 1; the parser knows no kind of line.
 */
#ifndef NP_JSON_H
#define NP_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "bytes/source.h"
#include "bytes/byteclass.h"

#define JSON_MAXDEPTH 64
#define JSON_PASSOVER_BYTES 41	/* of a line offered to passover */
#ifndef JSON_MAXSTR		/* smaller in the fuzz build, to reach its edges */
#define JSON_MAXSTR (1 << 20)
#endif

enum json_tok {
	JSON_EOF,		/* no more top-level values */
	JSON_OBJ,		/* { */
	JSON_OBJ_END,		/* } */
	JSON_ARR,		/* [ */
	JSON_ARR_END,		/* ] */
	JSON_KEY,		/* a member name: s, len */
	JSON_STR,		/* a string value: s, len (decoded UTF-8) */
	JSON_NUM,		/* a number: s, len (its text) */
	JSON_TRUE,
	JSON_FALSE,
	JSON_NULL,
};

struct json {
	struct src *in;
	const char *s;		/* KEY, STR, NUM: the token's text */
	size_t len;		/* valid until the next call */
	/* NUM: set when it is an integer of 1 to 18 digits, and then its
	 * value (as num_i64 reads the text). */
	int isint;
	int64_t ival;
	long line, col;		/* where the last token starts */
	long long off;		/* and its byte offset in the input, from 0 */
	int depth;		/* containers open after the last token */
	long skipped_lines;	/* lines passed over, and the first */
	long first_skipped;
	long values;		/* top-level values begun */
	/* Set by the caller after json_init: 1 to pass over the line that
	 * begins at p (n bytes readable there: at least JSON_PASSOVER_BYTES,
	 * or all that is left of the input), 0 to read it as JSON. */
	int (*passover)(struct json *j, const char *p, size_t n);
	/* Set by the caller, or NULL: when a syntax error falls on the first
	 * byte of a line inside a container, what that line is, if the
	 * caller knows ("a log line"), for the message; n bytes readable. */
	const char *(*stray)(const struct json *j, const char *p, size_t n);
	void *arg;		/* for passover and stray */
	/* private */
	int state;
	char stack[JSON_MAXDEPTH];
	char *scratch;
	simd_mask_fn mask;	/* set by json_init; a test may choose */
	simd_skip_fn skip;
	const char *blk;	/* 64 bytes whose mask is kept, or NULL */
	uint64_t blkmask;
	char found[32];	/* a message's "found ..." */
};

/*
 * A key expected, in the words it is compared by (json_keyis): the key
 * and its closing quote, and which of their bytes count.  Only a key of
 * printable ASCII, without '"' or '\\', shorter than JSON_KEYWORDS * 8
 * bytes, can be one: the text of such a key in the input, followed by a
 * quote, is a string, and that key.
 */
#define JSON_KEYWORDS 4
struct json_key {
	uint64_t w[JSON_KEYWORDS], m[JSON_KEYWORDS];
	size_t len;		/* 0: none */
};

/* Starts parsing the source (already opened).  The scratch buffer is kept
 * between calls; json_free releases it. */
void json_init(struct json *j, struct src *in);
void json_free(struct json *j);

enum json_tok json_next(struct json *j);
/* Makes k the key s (n bytes); 0, k unset, when it cannot be one. */
int json_keyset(struct json_key *k, const char *s, size_t n);
/* Where a key is due next in an object (after its '{', or after a member
 * and a ','), and the input has k there: it is taken as json_next would
 * take it (JSON_KEY; s and len are its text in the input), but for its
 * place, which is not recorded (line, col and off stay the last token's
 * until the value's are), and 1 is returned.  Otherwise 0, and nothing
 * is taken. */
int json_keyis(struct json *j, const struct json_key *k);
/* json_keyis, and when it takes the key, the value after it: taken
 * (json_next; its token returned) when take is set, else passed over
 * (json_skip; JSON_KEY returned; its place may not be recorded).
 * JSON_EOF when the key is not k, and nothing is taken. */
enum json_tok json_member(struct json *j, const struct json_key *k,
    int take);
/* Passes over the next value (after a KEY, or where an array element or a
 * top-level value is due), containers included. */
void json_skip(struct json *j);
/* The kind of the value due next, without taking it: JSON_OBJ, JSON_ARR,
 * JSON_STR, JSON_NUM, JSON_TRUE, JSON_FALSE or JSON_NULL (or JSON_EOF at the
 * top level when no value is left).  Only where a value is due. */
enum json_tok json_peek(struct json *j);

/*
 * A value flattened: its scalars one at a time, each named by its key path,
 * the member names joined with '.' and array elements by their index from
 * 0 (NeffNodes.0.NodeInfo.Graphs.1.NC), after a prefix; an empty object or
 * array has none.  A pull over json_next, in the value's order:
 *
 *	json_flatbegin(&f, j, prefix, n, json_next(j));
 *	while ((t = json_flatnext(&f)) != JSON_EOF)
 *		... f.path[0 .. f.len), t, j->s, j->len, j->line ...
 *
 * A path longer than JSON_MAXPATH bytes is an error at the key or element
 * that makes it so.  The one flattening of JSON: np-sum's summaries.
 */
#define JSON_MAXPATH 1024
struct json_flat {
	struct json *j;
	char path[JSON_MAXPATH + 1];
	size_t len;		/* the last scalar's path */
	/* private: the containers open, and the path at each */
	int n;
	struct {
		enum json_tok t;	/* JSON_OBJ or JSON_ARR */
		size_t len;
		long idx;		/* an array's next element */
	} open[JSON_MAXDEPTH + 1];
	enum json_tok scalar;	/* a value that is one, not yet given */
};
/* Begins flattening the value whose first token t is taken, its path
 * beginning with prefix (n bytes; n 0 for none). */
void json_flatbegin(struct json_flat *f, struct json *j, const char *prefix,
    size_t n, enum json_tok t);
/* The value's next scalar (JSON_STR, JSON_NUM, JSON_TRUE, JSON_FALSE or
 * JSON_NULL, its text in the parser's s and len), or JSON_EOF at the
 * value's end (its closing token taken). */
enum json_tok json_flatnext(struct json_flat *f);

/* Dies at the last token's position: "file:line:col: msg (byte offset N)". */
_Noreturn void json_fail(const struct json *j, const char *fmt, ...);

/* "a string", "an object", ... for messages. */
const char *json_tokname(enum json_tok t);

#endif
