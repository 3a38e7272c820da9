/*
 * derive: what a performance engineer computes first from a profile
 * summary (derived metrics), and rule-based findings on it (insights).
 * The formulas and thresholds are listed in derive.c and in np-sum(1).
 *
 * Inputs are read by the profiler's key names.  A missing input, null,
 * NaN or a negative value (the profiler's "unavailable") leaves what
 * depends on it out; an input that is present but not a number is an
 * error naming where it is.
 */
#ifndef NP_DERIVE_H
#define NP_DERIVE_H

#include "read/summary.h"

/* Adds profile p's derived metrics to it (those that can be computed and
 * whose key the profile does not have already). */
void derive(struct sumset *s, long p);
/* Writes one TSV row per finding on profile p:
 * profile rule metric value threshold finding. */
void insights(struct sumset *s, long p);

extern const char *const insight_columns[];
#define INSIGHT_NCOL 6

#endif
