/*
 * diag: how every np program reports trouble.
 *
 * Messages go to stderr as "np-tool: file:line:col: what was expected, what was
 * found".  Exit status: 0 success, 1 bad data or I/O failure, 2 bad usage.
 */
#ifndef NP_DIAG_H
#define NP_DIAG_H

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

/* Runs fn before a program dies on bad data or I/O (np_die, np_die_at):
 * the TSV writer hands on the rows made before the trouble, so that the
 * output is the same however the writes fell. */
void np_atdie(void (*fn)(void));
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
 * with np_names: the fuzz targets link no diag.c. */
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
/*
 * The synopsis on stdout, then one line per option, and exit 0, for -h /
 * --help.  The options are those given to np_optionhelp, pairs
 * {"-e engines", "what it does", ..., NULL} in the order of the man page;
 * -h and --version are added.
 */
_Noreturn void np_help(const char *synopsis);
void np_optionhelp(const char *const *pairs);
_Noreturn void np_version(void);
/*
 * An option letter that moved, so that each letter has one meaning across
 * the suite: "prog: -old is now -new (what); -old is other", then the
 * usage line, exit 2.  other says what the old letter means now, here or
 * in the other programs; NULL leaves it out.
 */
_Noreturn void np_moved(int old, int new, const char *what,
    const char *other, const char *synopsis);

/* Parses a number option: an int64 in [lo, hi] or usage error. */
long long np_optnum(const char *opt, const char *arg, long long lo, long long hi);
/* Splits a list option ("a,b,c") in place into at most max names of what
 * ("column names", "engine names"); an empty name, a name given twice, or
 * too many, is a usage error. */
int np_optlist(const char *opt, char *arg, char **name, int max,
    const char *what);

/*
 * Readies argv for a plain getopt loop, the same on every libc: long
 * options become their short ones (--name ARG and --name=ARG alike), and
 * options move before the operands, in order, so that they may follow the
 * files as with GNU tools.  "--" ends the options; under POSIXLY_CORRECT
 * so does the first operand.  optstring is getopt's, to tell which options
 * take the next entry as their argument.  --help, --version and
 * --no-header (-n) are shared; map lists a program's own long options as
 * pairs {"--skew", "-K", ..., NULL}.  An unknown long option is a usage
 * error.
 */
void np_args(int argc, char **argv, const char *optstring,
    const char *synopsis, const char *const *map);


/*
 * The start of every program's main: np_start names the program (np_init),
 * sets what runs before it dies (np_atdie), readies argv (np_args) and
 * remembers the help lines (np_optionhelp); then np_getopt, in place of
 * getopt, returns the program's own options one by one, and -1 at the
 * end.  It handles those every program shares itself: -n (header becomes
 * 0), -h (the help), an old letter of moved (the hint of np_moved, with
 * or without its argument), and an unknown option or one missing its
 * argument ("prog: unknown option '-j'", "prog: option '-t' requires an
 * argument", then the usage, exit 2).  An old letter still in optstring
 * (np-gaps -u) is returned when it has its argument, for the program to
 * tell (np_oldopt).
 */
struct np_oldopt {
	int old, new;		/* 0 ends the list */
	const char *what, *other;	/* as np_moved takes them */
};

struct np_cmd {
	const char *optstring;	/* the program's own, getopt's syntax */
	const char *synopsis;
	const char *const *help;	/* as np_optionhelp takes them */
	const char *const *longopts;	/* as np_args takes them; or NULL */
	const struct np_oldopt *moved;	/* or NULL */
	void (*atdie)(void);	/* as np_atdie takes it; or NULL */
	int header;		/* 1, or 0 after -n */
	unsigned char seen[128];	/* the options given, for np_needs */
};

void np_start(struct np_cmd *cmd, int argc, char **argv);
int np_getopt(struct np_cmd *cmd, int argc, char **argv);
/* The hint for old, an entry of cmd->moved. */
_Noreturn void np_oldopt(const struct np_cmd *cmd, int old);

/*
 * Options that belong to one mode.  np_needs: when opt was given but
 * none of the letters of modes, "prog: -b needs -S (what)" ("-r needs
 * -G, -L or -K (what)"), then the usage, exit 2.  np_apart: when a letter
 * of a and one of b were given, "prog: -d (awhat) does not go with -g
 * (bwhat)", naming the first given of each in the order of the strings.
 */
void np_needs(const struct np_cmd *cmd, int opt, const char *modes,
    const char *what);
void np_apart(const struct np_cmd *cmd, const char *a, const char *awhat,
    const char *b, const char *bwhat);
/* The first of letters given, in their order, or 0. */
int np_given(const struct np_cmd *cmd, const char *letters);

/* A single name option: arg, or a usage error when it is empty
 * ("-E: expected an event name, found an empty one"). */
const char *np_optname(const char *opt, const char *arg, const char *what);

#endif
