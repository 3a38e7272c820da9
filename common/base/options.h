/*
 * options: the start of every program's main, the same in each: its
 * options read (long ones, options after operands, the shared -h, -n,
 * --version), the usage line and the help, option values checked.
 * Usage errors exit 2 (msg.h).
 */
#ifndef NP_OPTIONS_H
#define NP_OPTIONS_H

#include "base/msg.h"

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
	np_dierun *atdie;	/* as np_atdie takes it, ctx NULL; or NULL */
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
