/*
 * bound: the arithmetic of a kernel's performance bounds (np-bound):
 * wall-clock time of intervals clipped to a window, the shape of a
 * matrix multiply read from its operands, and whether a table's header
 * names a column.
 */
#ifndef NP_BOUND_H
#define NP_BOUND_H

#include <stddef.h>
#include <stdint.h>

#include "calc/busy.h"

/*
 * The union of intervals clipped to the window [lo, hi): the time some
 * interval covers inside it.  Intervals come in start order (spill.h puts
 * them in it); clipping keeps that order, as max(s, lo) never decreases
 * when s does not.  Memory: one run.
 */
struct clip {
	struct runs r;
	int64_t lo, hi;
};

void clip_init(struct clip *c, int64_t lo, int64_t hi);
/* Feeds [s, e), s no earlier than the s before it. */
void clip_add(struct clip *c, int64_t s, int64_t e);
/* Ends the input: the time covered, ns. */
int64_t clip_end(struct clip *c);

/*
 * A MATMUL's shape from its operands text (Neuron Explorer's Instruction
 * operands, undocumented): K and M from the trailing "K*M" pair (the last
 * blank-separated word), N from the access pattern after "src=": the
 * first number of its second bracket, as in
 *
 *     src=sb[0:128][512,1] 128*64        K 128, M 64, N 512
 *
 * 1 with the three (each above 0) in *k, *m, *n; 0 when the text is not so
 * laid out (nothing is guessed).
 */
int mm_shape(const char *s, size_t len, int64_t *k, int64_t *m, int64_t *n);

/*
 * Does the header line [p, e) of a TSV or CSV file (a '\r' before e is no
 * part of it), fields separated by delim, have a field that is name, or
 * name in double quotes?  np-bound asks it of a Metadata table's header,
 * whose constants may be missing.
 */
int bd_headhas(const char *p, const char *e, char delim, const char *name);

/* The dimensions at which a matrix multiply uses the Tensor engine
 * whole: K and M (its rows and columns), N (the moving tensor's free
 * size). */
#define MM_FULLK 128
#define MM_FULLM 128
#define MM_FULLN 512

#endif
