/*
 * whichtable: which table a set of column names comes from, so that the wrong
 * input is named, not read as a plausible answer (DMA packets given to
 * np-trace, instructions given to np-dma, ...).
 *
 * Each table that np knows (the Neuron Explorer tables, the view export's
 * tables, np's own outputs) has columns that only its rows carry; a header
 * or a first row is told apart by how many of those it holds.  The tables
 * and their columns are listed in np(7), RECORD KINDS.
 */
#ifndef NP_SCHEMA_H
#define NP_SCHEMA_H

#include <stddef.h>

enum {
	SC_INSTRUCTION, SC_DMAPACKET, SC_CCOP, SC_CCINSTRUCTION, SC_SUMMARY,
	SC_METADATA, SC_STALLS, SC_GAPS, SC_STATS, SC_SEMAPHOREUPDATE,
	SC_DMAPACKETAGGREGATED, SC_NTABLES
};
#define SC_BIT(t) (1u << (t))

struct sc_votes {
	int n[SC_NTABLES];
};

/* Counts the column name toward the tables that carry it. */
void sc_vote(struct sc_votes *v, const char *name, size_t len);

/* Are the n bytes at name one of the space-separated words of list? */
int sc_inlist(const char *list, const char *name, size_t n);
/* Is the column a field of a table np reads rows of (schema 7.4.0), other
 * than a kind's own? */
int sc_isfield(const char *name, size_t n);
/* Is the column a FLOAT (float32) one of Neuron Explorer's, by its name? */
int sc_isfloat(const char *name, size_t n);
/*
 * A column's type, by its name, where its form does not state it (CSV,
 * TSV, JSON lines): SCT_FLOAT, one Neuron Explorer writes as FLOAT
 * (sc_isfloat); SCT_TEXT, a string of the Explorer tables or the view
 * export; SCT_NUMBER, another of those tables' or of np's outputs (an
 * integer, or a double np wrote); SCT_UNKNOWN, a name np does not know.
 */
enum { SCT_UNKNOWN, SCT_FLOAT, SCT_TEXT, SCT_NUMBER };
int sc_type(const char *name, size_t n);
/* Did a column of one of the tables in mask (SC_BIT) get a vote? */
int sc_has(const struct sc_votes *v, unsigned mask);
/*
 * The table the most votes point to: 1 with its name ("DmaPacket rows")
 * in *what and the programs that read it in *readers ("np-dma"); 0 when
 * no column was any table's.
 */
int sc_best(const struct sc_votes *v, const char **what,
    const char **readers);

/*
 * Did a column of a table np reads none of (SemaphoreUpdate,
 * DmaPacketAggregated) get a vote?  1, with *what and *readers as sc_best
 * gives them: such rows are refused even beside columns the kind's tables
 * share with them (DmaPacketAggregated has DmaPacket's queue and byte
 * columns, but a row is a transfer of tensors, not a packet).
 */
int sc_unread(const struct sc_votes *v, const char **what,
    const char **readers);

/*
 * The table a file's own name gives, as Neuron Explorer names its tables
 * (Instruction.parquet) and its UI its exports (SemaphoreUpdate.csv, or
 * "SemaphoreUpdate (1).csv" as a browser saves a second copy): 1, with
 * *what and *readers as sc_best gives them, when that table is not one
 * in mask and none of mask's tables got a vote (a file named for a
 * table, holding only the columns every table has).  0 otherwise, and
 * for standard input.
 */
int sc_byname(const char *path, unsigned mask, const struct sc_votes *v,
    const char **what, const char **readers);

/*
 * The MAJOR of Neuron Explorer's profile schema whose column names np
 * reads.  A MAJOR change may rename a column (np(7), Schema versions),
 * and a column np reads under its old name would then read as missing in
 * every row, so sc_version names on standard error the profile directory
 * dir whose Metadata table gives the profile_schema_version v of another
 * MAJOR (rd_checkdir reads it), once, with what more is known (more: the
 * fields its SchemaFields table lacks, or "").  sc_known says whether v
 * is of SC_MAJOR.
 */
#define SC_MAJOR 7
int sc_known(const char *v);
void sc_version(const char *dir, const char *v, const char *more);

/*
 * The names of list (space-separated) closest to those of want (a role's
 * names, space-separated, its own first), best first, at most max of them,
 * comma-separated in buf (of size bytes), leaving out those skip says yes
 * to (skip may be NULL): a name is close when it shares a word with one of
 * want's (words are split at '_', '-', '.', a digit or a capital; a word of
 * two letters or more is taken to be another whose first letter it shares
 * and whose letters it holds in order: dur, duration; ts, timestamp), or is
 * at most a third of the letters away (edit distance).  The more of its
 * letters in such words, and the fewer edits, the closer.  Returns how
 * many.
 */
int sc_closest(char *buf, size_t size, const char *want, const char *list,
    int max, int (*skip)(void *, const char *, size_t), void *arg);

#endif
