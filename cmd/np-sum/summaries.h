/*
 * summaries: np-sum's first program (np-sum.c): profile summaries, in
 * every form the profiler prints them (read/summary.h), as key-value
 * rows, or a column per profile (-w), with derived metrics (-d,
 * derive.h) or the findings of the insight rules (-i).
 */
#ifndef NP_SUMMARIES_H
#define NP_SUMMARIES_H

#include "bytes/source.h"

struct summaries {
	int header;		/* 0 after -n */
	int derived, insight, wide;	/* -d, -i, -w */
	const char *tablekey;	/* -k, or NULL */
};

/* Reads the n files in order; first, when not NULL, is the first file,
 * opened and looked into already (and freed here). */
void summaries(const struct summaries *o, char **files, int n,
    struct src *first);

#endif
