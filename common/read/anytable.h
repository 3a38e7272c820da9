/*
 * anytable: a table with a header line (TSV or CSV) opened and closed the
 * one way every reader of tables does: by the kind's reader (reader_table.c)
 * and by those that read columns by name, not a kind's (np-sum -g, np-plot,
 * a Summary table in summary.c).  Its rows are format/table.h's, a row at a
 * time (tsv_next).
 *
 * What src_sniff passed over before the header is counted (NOTE_LOGS), as
 * are the blank lines before the header and between rows, at the end
 * (TSV_BLANKS): nothing passed over goes uncounted, whoever reads.
 */
#ifndef NP_ANYTABLE_H
#define NP_ANYTABLE_H

#include "base/skipped.h"
#include "bytes/source.h"
#include "format/table.h"

/* Opens the table in, sniffed by src_sniff (the bytes before its header
 * are blank or log lines), delimited by delim (',' for CSV, else '\t'):
 * those lines counted in notes, the header read into t. */
void at_open(struct tsv *t, struct src *in, char delim, struct notes *notes);
/* At the table's end: its blank lines counted in notes. */
void at_end(const struct tsv *t, struct notes *notes);

#endif
