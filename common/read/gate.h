/*
 * gate: what a profile directory says went wrong while it was captured or
 * processed, said before any answer drawn from it.
 *
 * Neuron Explorer writes a Warning table (message, category) and an Error
 * table (description, type, ...) when events were dropped, timestamps ran
 * backwards, a queue overflowed: every answer from such a profile may be
 * partial.  Their rows are counted by category, each category said on
 * standard error in one line with its first message, in the order the
 * categories first come.  Nothing else is read of them, and nothing in
 * them is an error: a table without the columns is counted as rows of no
 * category.  Memory: GATE_MAXCAT categories and their first messages.
 */
#ifndef NP_GATE_H
#define NP_GATE_H

#define GATE_MAXCAT 16		/* categories named; the rest together */

/* The Warning and Error tables of the profile directory dir, if any. */
void gate_dir(const char *dir);
/* The same of the files of the two tables, for a profile named name
 * (warn and err: nw and ne file names). */
void gate_tables(const char *name, char **warn, int nw, char **err, int ne);

#endif
