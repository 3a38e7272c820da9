/*
 * anytable: a table's opening and end, the same for every reader of
 * tables (anytable.h).
 */
#include "read/anytable.h"

void
at_open(struct tsv *t, struct src *in, char delim, struct notes *notes)
{
	long logs, first = 0;

	if ((logs = src_passpreamble(in, &first)) > 0)
		note_add(notes, NOTE_LOGS, logs, in->name, first);
	tsv_open(t, in, delim);
}

void
at_end(const struct tsv *t, struct notes *notes)
{
	if (t->blanks)
		note_add(notes, TSV_BLANKS, t->blanks, t->in->name,
		    t->firstblank);
}
