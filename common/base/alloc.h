/*
 * alloc: memory from the heap, or the program stops with "np-x: out of
 * memory", exit 1: the one place that says so.  What a caller takes is
 * bounded by its own limits (np(7) states them), never by the input's
 * size alone.
 */
#ifndef NP_ALLOC_H
#define NP_ALLOC_H

#include <stddef.h>

/* As malloc, calloc, realloc and strdup, never NULL; a size of 0 is 1. */
void *np_malloc(size_t n);
void *np_calloc(size_t n, size_t size);
void *np_realloc(void *p, size_t n);
char *np_strdup(const char *s);
/*
 * Asks that the n bytes at p (a large table, looked up at random) be
 * backed by huge pages where the system gives them on request (Linux's
 * madvise): a million groups' table in 4 KiB pages costs a page fault a
 * page as it grows and a TLB miss on nearly every look-up.  Only advice:
 * nothing changes where it is not taken.
 */
void np_hugeadvise(void *p, size_t n);
/* As np_realloc from old bytes to n, for such a table: past a few huge
 * pages' worth, a block aligned to them and advised (np_hugeadvise), the
 * old bytes copied: a block grown in place keeps the small pages it has. */
void *np_hugerealloc(void *p, size_t old, size_t n);
/* As np_calloc(n, 1), for such a table. */
void *np_hugecalloc(size_t n);

#endif
