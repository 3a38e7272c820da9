/*
 * partrows: np's own rows read back, those of a partial run (-A) that a
 * later run merges: np's TSV, its control bytes escaped, a line cut at
 * its TABs in place.  The programs check each field themselves, their
 * messages naming what their rows hold.  Not table.h: a merge takes each
 * key back as the very bytes np wrote, to write again (no un-escaping, no
 * quotes to read), and refuses any other TSV, which table.h would take.
 */
#ifndef NP_PARTROWS_H
#define NP_PARTROWS_H

#include <stddef.h>

/* Dies, naming file, line and column, at a raw control byte other than a
 * TAB in the line s (n bytes): np's TSV holds none (np(7), OUTPUT), so
 * prog ("np-stall") did not write it. */
void pr_plain(const char *prog, const char *file, long line, const char *s,
    size_t n);

/* Cuts the line s (n bytes) at its TABs into f[i], len[i] (each field
 * NUL-ended in place), max fields at most: their number, or max + 1 when
 * there are more. */
int pr_split(char *s, size_t n, char **f, size_t *len, int max);

#endif
