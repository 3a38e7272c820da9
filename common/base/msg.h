/*
 * msg: how every np program reports trouble.
 *
 * Messages go to stderr as "np-tool: file:line:col: what was expected, what was
 * found".  Exit status: 0 success, 1 bad data or I/O failure, 2 bad usage.
 */
#ifndef NP_MSG_H
#define NP_MSG_H

#include <stddef.h>
#include <string.h>

#define NP_EXIT_DATA  1
#define NP_EXIT_USAGE 2

#if defined(__GNUC__)
#define NP_PRINTF(f, a) __attribute__((format(printf, f, a)))
/* A function off the hot path, kept out of its caller: the compiler's
 * budget for inlining goes to what the caller runs per line. */
#define NP_COLD __attribute__((noinline))
#else
#define NP_PRINTF(f, a)
#define NP_COLD
#endif

extern const char *progname;

/* Names the program for messages (argv[0] too, which getopt's own
 * messages use), and ignores SIGPIPE so that a closed output pipe shows up
 * as EPIPE, which the TSV writer ends on quietly. */
void np_init(char **argv);

/*
 * Runs fn(ctx) before a program dies on bad data or I/O (np_die,
 * np_die_at): the TSV writer hands on the rows made before the trouble, so
 * that the output is the same however the writes fell; a table looks up
 * the rows it holds pending, so that an error in them comes first.  The
 * functions run newest first, each taken off before it runs (a death in
 * one runs the older ones only).  At most NP_ATDIE at once; np_atdie_pop
 * takes the newest off unrun.
 */
#define NP_ATDIE 4
typedef void np_dierun(void *ctx);
void np_atdie(np_dierun *fn, void *ctx);
void np_atdie_pop(void);
/* Runs fn before any message is written (the progress line erases
 * itself, so that no message lands on it). */
void np_atmsg(void (*fn)(void));

/* "prog: msg", exit 1. */
_Noreturn void np_die(const char *fmt, ...) NP_PRINTF(1, 2);
/* "prog: file:line:col: msg", exit 1; col 0 leaves the column out. */
_Noreturn void np_die_at(const char *file, long line, long col,
    const char *fmt, ...) NP_PRINTF(4, 5);
/* "prog: msg", and go on. */
void np_warn(const char *fmt, ...) NP_PRINTF(1, 2);

#define NP_LISTBUF 2048	/* names listed in a message */
/* Appends name (n bytes) to list (of NP_LISTBUF bytes, *len used):
 * space-separated, cut short with "..." where it would not fit.  Inline,
 * with np_names: the fuzz targets link no msg.c. */
static inline void
np_listadd(char *list, size_t *len, const char *name, size_t n)
{
	if (*len == NP_LISTBUF)
		return;		/* cut short already */
	/* Room for a space, the name, and " ..." and a NUL after it. */
	if (n + 1 + 5 > NP_LISTBUF - *len) {
		memcpy(list + *len, *len ? " ..." : "...", *len ? 5 : 4);
		*len = NP_LISTBUF;
		return;
	}
	if (*len)
		list[(*len)++] = ' ';
	memcpy(list + *len, name, n);
	*len += n;
	list[*len] = '\0';
}

/* The n names as such a list, in list; returns list. */
static inline const char *
np_names(char *list, const char *const *names, int n)
{
	size_t len = 0;
	int i;

	list[0] = '\0';
	for (i = 0; i < n; i++)
		np_listadd(list, &len, names[i], strlen(names[i]));
	return list;
}
/* "usage: <synopsis>" on stderr, exit 2. */
_Noreturn void np_usage(const char *synopsis);

#endif
