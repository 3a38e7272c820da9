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

#endif
