/*
 * diag: how every np program reports trouble.
 *
 * Messages go to stderr as "np-tool: file:line:col: what was expected, what was
 * found".  Exit status: 0 success, 1 bad data or I/O failure, 2 bad usage.
 */
#ifndef NP_DIAG_H
#define NP_DIAG_H

#define NP_EXIT_DATA  1
#define NP_EXIT_USAGE 2

#if defined(__GNUC__)
#define NP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define NP_PRINTF(f, a)
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
 * ("columns", "engines"); an empty name, or too many, is a usage error. */
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

#endif
