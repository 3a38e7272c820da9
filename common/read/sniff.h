/*
 * sniff: the one front door of every text input.  Every program that reads
 * text (the kind's reader, np-sum's summaries and -g, np-plot) asks here
 * which format a file is, and every one gets the same answer and, for an
 * input that holds nothing to read, the same error: the file named and
 * what the caller expected.  bytes/source.h's src_sniff looks; this
 * decides what is an error.
 */
#ifndef NP_SNIFF_H
#define NP_SNIFF_H

#include "bytes/source.h"

/* A file of only blank and log lines is SRC_LOGS, not an error:
 * summaries read log-like lines as text, and count what they pass over. */
#define RD_LOGSOK	0x1
/* A look ahead of the reader that will read the file (at a header, say):
 * an input with nothing to read is returned (SRC_EMPTY, SRC_BLANKS,
 * SRC_LOGS, SRC_LONG), not an error here: that reader says it, with the
 * formats it reads.  A binary byte is still the error below. */
#define RD_LOOK		0x2

/* What the kind's reader reads, for the error at a binary byte. */
#define RD_TEXT		"text (JSON, TSV, CSV or profiler output)"

/*
 * Which format in holds: SRC_JSON, SRC_TSV, SRC_CSV or SRC_TEXT (a first
 * line that is none of them), with its first line of data at *line,
 * numbered *lineno.  Dies on an empty file, one of only blank lines, one
 * of only blank and log lines (unless RD_LOGSOK) and more of them than
 * a buffer, naming in and expect ("TSV or CSV with a header line").  A
 * binary byte in or before the first line is an error naming bytes, the
 * text expected ("text (a summary)").
 */
int rd_sniff(struct src *in, const char *bytes, const char *expect, int flags,
    char **line, long *lineno);

#endif
