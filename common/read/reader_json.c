/*
 * reader_json: the rows of a JSON input (reader_part.h): a view export's
 * table of the kind, JSON lines of row objects, or an array of them.
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/number.h"
#include "base/options.h"
#include "kind/collective.h"
#include "kind/dma.h"
#include "kind/instruction.h"
#include "kind/profdir.h"
#include "kind/whichtable.h"
#include "read/gate.h"
#include "read/reader.h"
#include "read/reader_part.h"
#include "read/showdma.h"
#include "read/showtrace.h"
#include "write/row.h"

/*
 * A JSON row's field already set, when its column is read again: 1 when a
 * better-named input set it (it stays); a key the row has twice is an
 * error, as a TSV header naming a column twice is.
 */
static NP_COLD int
setagain(struct json *j, const struct field *f, const struct rd_name *nm)
{
	if (f->pref == nm->pref)
		json_fail(j, "expected each column once, found '%s' again",
		    nm->cname);
	return f->pref < nm->pref;
}

/* rd_set, for a text column of a JSON row and the string just read. */
RD_INLINE void
settext(struct json *j, struct record *rec, const struct rd_name *nm)
{
	struct field *f = &rec->f[nm->col];

	if (f->set && setagain(j, f, nm))
		return;		/* a better-named input already set it */
	f->s = rec_keep(rec, j->s, j->len);
	f->len = j->len;
	rec_mark(rec, nm->col);
	f->pref = (unsigned char)nm->pref;
	f->line = j->line;
	f->col = j->col;
}

/* rd_set, for a number column of a JSON row and an integer the JSON
 * parser has just read (json.h): its value, as num_i64 would make it of
 * the text. */
RD_INLINE void
setint(struct json *j, struct record *rec, const struct rd_name *nm)
{
	struct field *f = &rec->f[nm->col];

	if (f->set && setagain(j, f, nm))
		return;		/* a better-named input already set it */
	f->i = j->ival;
	f->isint = 1;
	rec_mark(rec, nm->col);
	f->pref = (unsigned char)nm->pref;
	f->line = j->line;
	f->col = j->col;
}

/*
 * Between rows: lines before the first (captured with 2>&1), and logrus
 * lines after it, are passed over and counted; other text after JSON
 * means the file changes format there, which is said as such.
 */
static int
passlines(struct json *j, const char *p, size_t n)
{
	struct reader *r = j->arg;
	const char *nl;

	if (j->values == 0 || src_islog(p, n))
		return 1;
	/* At most 40 bytes: the parser has those in, however reads fell. */
	if (n > JSON_PASSOVER_BYTES - 1)
		n = JSON_PASSOVER_BYTES - 1;
	nl = memchr(p, '\n', n);
	n = nl ? (size_t)(nl - p) : n;
	if (n > 0 && p[n - 1] == '\r')
		n--;
	if (n > 0 && src_isbinary((unsigned char)*p))
		np_die_at(r->in->name, r->in->line, src_col(r->in, p),
		    "expected JSON (as the file began) or a log line, found "
		    "byte 0x%02x (byte offset %lld)", src_byte(r->in, p),
		    (long long)(r->in->base + (p - r->in->buf)));
	np_die_at(r->in->name, r->in->line, src_col(r->in, p), "expected JSON "
	    "(as the file began) or a log line, found text '%.*s': the file "
	    "changes format here", (int)n, p);
}

/* A line inside a JSON value that stops the parser: a log line is named
 * (they are passed over only between top-level values). */
static const char *
strayline(const struct json *j, const char *p, size_t n)
{
	(void)j;
	return src_islog(p, n) ? "a log line" : NULL;
}

/* A member's value that is not the usual string of a text column or
 * integer of a number column, taken (t) for the column of nm. */
static void
jsonvalue(struct reader *r, struct record *rec, const struct rd_name *nm,
    enum json_tok t)
{
	struct json *j = &r->j;
	char buf[DEC_BUFSZ];
	size_t n;

	if (rec->f[nm->col].set && setagain(j, &rec->f[nm->col], nm))
		return;		/* a better-named input already set it */
	switch (t) {
	case JSON_NUM:
		if (!j->isint && r->respellbits >> nm->col & 1 &&
		    (n = dec_respell(buf, j->s, j->len,
		    (int)(r->untypedbits >> nm->col & 1)))) {
			rd_set(r, rec, nm->col, nm->pref, buf, n, j->line,
			    j->col, nm->cname);
			break;
		}
		/* FALLTHROUGH */
	case JSON_STR:
		rd_set(r, rec, nm->col, nm->pref, j->s, j->len, j->line,
		    j->col, nm->cname);
		break;
	case JSON_NULL:
		/* Not set, but the column is in the input. */
		r->seen |= (uint32_t)1 << nm->col;
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		if (nm->type == T_TEXT) {
			rd_set(r, rec, nm->col, nm->pref, t == JSON_TRUE ?
			    "true" : "false", t == JSON_TRUE ? 4 : 5, j->line,
			    j->col, nm->cname);
			break;
		}
		/* FALLTHROUGH */
	default:
		json_fail(j, "expected a %s for '%s', found %s",
		    nm->type == T_TEXT ? "string" : "number", nm->cname,
		    json_tokname(t));
	}
}

/*
 * Rows of any table, the first row's member key (not a column read): a
 * table's array of rows there makes the file a view export, whose tables
 * the programs of each kind read.
 */
static void
notexport(struct reader *r, const char *key, size_t klen)
{
	struct json *j = &r->j;
	char name[64];

	snprintf(name, sizeof name, "%.*s", (int)(klen < 40 ? klen : 40),
	    key);
	if (json_peek(j) != JSON_ARR)
		return;
	json_fail(j, "expected rows of one table (an object a row), found "
	    "a view export's table '%s': take its rows with np-trace, np-dma "
	    "or np-cc (-c naming further columns) and read their TSV", name);
}

/*
 * Reads the members of a row object whose '{' is taken; key, when not NULL,
 * is a first member already read (its value is due).  A key that is the
 * one the last row had in its place is taken as that (json_keyis); the
 * places past RD_KEYS share the last.
 */
static void
jsonrow(struct reader *r, struct record *rec, const char *key, size_t klen)
{
	struct json *j = &r->j;
	const struct rd_name *nm;
	struct rd_key *rk;
	enum json_tok t;
	int i;

	long line = r->objline, col = r->objcol;	/* its '{' */

	rec->file = r->in->name;
	rec->line = j->line;
	if (key && r->listing)	/* the caller has voted it */
		np_listadd(r->list, &r->nlist, key, klen);
	/* The usual row: each key where the last row had it, whose column
	 * and whether it is read are known, in a loop of its own; from the
	 * first that is not (or the row's end), the loop below. */
	i = 0;
	if (!key && !r->listing)
		for (; i < RD_KEYS - 1 && r->keys[i].k.len; i++) {
			rk = &r->keys[i];
			t = json_member(j, &rk->k, rk->take);
			if (t == JSON_KEY)
				continue;	/* its value passed over */
			if (t == JSON_EOF)
				break;
			nm = rk->nm;
			if (t == JSON_STR && nm->type == T_TEXT)
				settext(j, rec, nm);
			else if (t == JSON_NUM && j->isint &&
			    nm->type != T_TEXT)
				setint(j, rec, nm);
			else
				jsonvalue(r, rec, nm, t);
		}
	for (;; i++) {
		rk = &r->keys[i < RD_KEYS ? i : RD_KEYS - 1];
		nm = rk->nm;
		if (!key && rk->k.len && !r->listing && (t = json_member(j,
		    &rk->k, rk->take)) != JSON_EOF) {
			if (t == JSON_KEY)
				continue;	/* its value passed over */
		} else {
			if (!key) {
				t = json_next(j);
				if (t == JSON_OBJ_END)
					break;
				key = j->s;
				klen = j->len;
				/* The file's first row (vetting implies
				 * listing). */
				if (r->listing) {
					if (r->vetting)
						rdi_vote(r, &r->votes, key,
						    klen);
					np_listadd(r->list, &r->nlist, key, klen);
				}
			}
			nm = lookup(r, key, klen);
			if (!nm && r->vetting && !r->k->table)
				notexport(r, key, klen);
			if (json_keyset(&rk->k, key, klen)) {
				rk->nm = nm;
				rk->take = nm && r->want >> nm->col & 1;
			}
			key = NULL;
			if (!nm || !(r->want >> nm->col & 1)) {
				json_skip(j);
				continue;
			}
			t = json_next(j);
		}
		if (t == JSON_STR && nm->type == T_TEXT)
			settext(j, rec, nm);
		else if (t == JSON_NUM && j->isint && nm->type != T_TEXT)
			setint(j, rec, nm);
		else
			jsonvalue(r, rec, nm, t);
	}
	if (r->vetting) {
		/* A file's first row of rows not in a table says whose rows
		 * they are. */
		rdi_vet(r, &r->votes, line, col);
		r->vetting = 0;
	}
	r->listing = 0;		/* the first row's names are kept */
	r->seen |= rec->has;	/* the columns set, once a row */
}

/* The plain values met among what turned out to be an export's tables:
 * not what an export holds, so counted. */
static void
plainvalues(struct reader *r)
{
	if (r->plain == 0)
		return;
	r->filenotes += r->plain;
	note_add(&r->notes, "plain values among the tables skipped", r->plain,
	    r->in->name, r->plainline);
	r->plain = 0;
}

/* Next row from a JSON file, into rec: 1, or 0 at its end. */
static int
jsonnext(struct reader *r, struct record *rec)
{
	struct json *j = &r->j;
	enum json_tok t;
	char key[256];
	size_t klen;

	for (;;) {
		switch (r->jstate) {
		case J_TOP:
			t = json_next(j);
			if (t == JSON_EOF)
				return 0;
			if (t == JSON_ARR) {
				r->jstate = J_ARRAY;
				continue;
			}
			if (t != JSON_OBJ)
				json_fail(j, "expected an object or an array, "
				    "found %s", json_tokname(t));
			r->objline = j->line;
			r->objcol = j->col;
			memset(&r->votes, 0, sizeof r->votes);
			r->nlist = 0;	/* names of this object only */
			t = json_next(j);
			if (t == JSON_OBJ_END) {
				/* No table and no field: an empty export, or an
				 * empty row; either way, nothing read. */
				rd_note(r, "empty objects skipped", j->line);
				continue;
			}
			klen = j->len < sizeof key ? j->len : sizeof key - 1;
			memcpy(key, j->s, klen);
			if (!r->k->table) {
				/* Rows of any table: whatever its first
				 * member, a row (jsonrow knows an export). */
				r->sawrows = 1;
				jsonrow(r, rec, key, klen);
				return 1;
			}
			/*
			 * A name that is no column's: a view export, tables
			 * by name (after plain members such as "version"),
			 * or a row whose first field is an extra one.  The
			 * value is passed over either way; the kind's table,
			 * or a column's value, tells which.  Otherwise the
			 * object is itself a row (and a column holding a
			 * container is a type error, not a table to pass
			 * over).
			 */
			if (!lookup(r, key, klen)) {
				r->jstate = J_EITHER;
				r->plain = 0;
				goto table;
			}
			if (r->vetting)
				rdi_vote(r, &r->votes, key, klen);
			r->sawrows = 1;
			jsonrow(r, rec, key, klen);
			return 1;
		case J_TABLES:
		case J_EITHER:
			t = json_next(j);
			if (t == JSON_OBJ_END) {
				plainvalues(r);	/* an export after all */
				r->jstate = J_TOP;
				continue;
			}
			klen = j->len < sizeof key ? j->len : sizeof key - 1;
			memcpy(key, j->s, klen);
		table:
			if (r->vetting)
				rdi_vote(r, &r->votes, key, klen);
			if (klen == strlen(r->k->table) &&
			    memcmp(key, r->k->table, klen) == 0) {
				r->nlist = 0;	/* a table: its rows' names */
				t = json_next(j);
				if (t != JSON_ARR)
					json_fail(j, "expected an array of "
					    "rows for '%s', found %s",
					    r->k->table, json_tokname(t));
				plainvalues(r);
				r->jstate = J_TABLE;
				r->sawtable = 1;
				r->vetting = 0;	/* the table says */
				continue;
			}
			if (r->jstate == J_EITHER && lookup(r, key, klen)) {
				/* A row: what was passed over were extra
				 * fields (and a column holding a container is a
				 * type error, as ever). */
				r->jstate = J_TOP;
				r->sawrows = 1;
				jsonrow(r, rec, key, klen);
				return 1;
			}
			/* The first names of what may be a row. */
			if (r->listing)
				np_listadd(r->list, &r->nlist, key, klen);
			t = json_peek(j);
			if (t != JSON_ARR && t != JSON_OBJ) {
				/* Not what an export holds: counted, once
				 * the object is known to be one. */
				if (r->plain++ == 0)
					r->plainline = j->line;
				if (r->jstate == J_TABLES)
					plainvalues(r);
			}
			/* Other tables are skipped by design. */
			json_skip(j);
			continue;
		case J_TABLE:
		case J_ARRAY:
			t = json_next(j);
			if (t == JSON_ARR_END) {
				r->jstate = r->jstate == J_TABLE ? J_TABLES
				    : J_TOP;
				continue;
			}
			if (t != JSON_OBJ)
				json_fail(j, "expected an object for a row, "
				    "found %s", json_tokname(t));
			r->objline = j->line;
			r->objcol = j->col;
			memset(&r->votes, 0, sizeof r->votes);
			r->sawrows = 1;
			jsonrow(r, rec, NULL, 0);
			return 1;
		}
	}
}

/* A JSON file, sniffed: read from its first value. */
void
rdi_jsonopen(struct reader *r)
{
	json_init(&r->j, r->in);
	r->j.passover = passlines;
	r->j.stray = strayline;
	r->j.arg = r;
	r->jstate = J_TOP;
	r->vetting = 1;
	r->listing = 1;
	r->nlist = 0;
	r->list[0] = '\0';
	r->seen = 0;
}

/* The next row of the JSON file: its record, or NULL at the file's
 * end. */
struct record *
rdi_jsonrows(struct reader *r)
{
	struct record *rec = &r->rec;

	do {
		rec_clear(rec);
		if (!jsonnext(r, rec))
			return NULL;
	} while (!rdi_rowdone(r, rec));
	return rec;
}
