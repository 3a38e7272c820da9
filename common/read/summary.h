/*
 * summary: profile summaries, as metrics (key, value), from every form the
 * profiler prints them in:
 *
 *   view --output-format summary-json   {"n_<hex>": {<flat object>}, ...}
 *   view --output-format json           its "summary" table (the other
 *                                       tables are skipped unread)
 *   show-session -j                     nested objects and arrays, flattened
 *   view --output-format summary-text   "key value" lines
 *   show-session (table)                "| NODE ID | ... |" rows
 *
 * Values are kept as the input spells them, but numbers: a string decoded
 * (the writer escapes it again), true and false as words, null as an
 * empty value; a number in np's one spelling (number.c's), whatever the form
 * that carried it: an integer as written, any other number in the fewest
 * digits that read back, at its own precision (a Parquet FLOAT's, or in
 * Neuron Explorer's Summary as text a FLOAT column's, as a float).
 * Flattened keys join the member names with '.', and array elements by
 * their index from 0: NeffNodes.0.NodeInfo.Graphs.1.NC.
 *
 * Memory: the metrics of the files a caller keeps (one file, or all of them
 * for a side-by-side table), at most SUM_MAXMETRICS metrics and SUM_MAXTEXT
 * bytes of text; past that the program stops with a message.
 */
#ifndef NP_SUMMARY_H
#define NP_SUMMARY_H

#include <stddef.h>

#include "bytes/source.h"
#include "format/json.h"
#include "format/table.h"
#include "read/cells.h"
#include "base/skipped.h"

#define SUM_MAXMETRICS (1L << 20)
#define SUM_MAXTEXT ((size_t)64 << 20)
#define SUM_MAXKEY JSON_MAXPATH	/* longest flattened key */

enum { MV_NUM = 'n', MV_STR = 's', MV_BOOL = 'b', MV_NULL = '0' };

struct metric {
	size_t key, klen;	/* offsets into the text arena */
	size_t val, vlen;
	char type;		/* MV_* */
	long next;		/* the profile's next metric, or -1 */
	const char *file;	/* where the value is */
	long line, col;
	long long off;		/* its byte offset in a JSON input; -1 for none */
};

struct profile {
	size_t name, namelen;	/* "file" or "file:label", in the arena */
	size_t label, labellen;	/* labellen 0: none */
	long first, last, n;	/* its metrics, a list through next */
	int floatnames;		/* a row of Neuron Explorer's Summary table
				   as text (CSV, TSV, JSON lines), whose
				   FLOAT columns are known by name */
	int spelt;		/* its numbers are spelt as the reading
				   layer spells them (Parquet): kept */
};

struct sumset {
	const char *table_key;	/* header cell of a show-session table */
	/* kept text, metrics and profiles */
	char *text;
	size_t used, cap;
	struct metric *met;
	long nmet, metcap;
	struct profile *prof;
	long nprof, profcap;
	/* private */
	long *slot;		/* key index of one profile: metric + 1 */
	size_t nslot;		/* slots in use: sized to that profile */
	size_t slotcap;		/* slots allocated */
	long idxprof;		/* that profile, or -1 */
	struct notes notes;	/* what was passed over */
	struct src *in;		/* what is read: own, or the caller's */
	struct src own;
	struct json j;
	long fileprof;		/* first profile of the file being read */
	long misread;		/* its text lines not understood */
	const char *operand;	/* the file or directory named, for names */
	char **dirfiles;	/* a directory's Summary table */
	char path[SUM_MAXKEY + 1];	/* a top-level member's key */
	struct json_flat flat;	/* a JSON value being flattened */
	struct tsv t;		/* a table being read (sum_free frees it) */
	struct rd_cells cells;	/* a Parquet file being read, */
	int cellsopen;		/* while this is set (sum_free closes it) */
};

void sum_init(struct sumset *s);
void sum_free(struct sumset *s);
/* Forgets the profiles read so far (their memory is reused). */
void sum_clear(struct sumset *s);
/* Reads one file ("-" is stdin) and appends its profiles; dies on bad
 * input, and when nothing in the file is a summary.  sum_readin reads
 * the source as it stands, opened by the caller (see sum_use). */
void sum_read(struct sumset *s, const char *path);
void sum_readin(struct sumset *s);
/* From now on, files are read through in, a source the caller owns (and
 * may have opened and looked into: nothing read is lost), instead of the
 * set's own: one buffer for both.  The caller frees it after sum_free. */
void sum_use(struct sumset *s, struct src *in);
/* Reports what was passed over, on stderr. */
void sum_report(struct sumset *s);

/* The text of a metric's key or value, or of a profile's name (NUL-
 * terminated, valid until the next metric is added). */
const char *sum_key(const struct sumset *s, const struct metric *m);
const char *sum_val(const struct sumset *s, const struct metric *m);
const char *sum_name(const struct sumset *s, const struct profile *p);
/* A profile's metric by key, or NULL. */
const struct metric *sum_get(const struct sumset *s, long prof,
    const char *key);
/* Adds a metric to a profile (derived values): its key and value are
 * copied; file, line and col are left empty. */
void sum_add(struct sumset *s, long prof, const char *key, const char *val,
    size_t vlen, char type);

#endif
