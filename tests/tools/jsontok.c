/*
 * jsontok: prints the token stream of common/format/json.c, one token a
 * line, for the JSON conformance tests.  With -s, skips every top-level
 * value instead (exercising json_skip), printing one "skipped" line per
 * value.  With -l, skips log lines as the programs do.  With -A, does it
 * once for each string scanner the build and the CPU have (NP_SIMD,
 * np(7)), the input read again from its start each time, and fails unless
 * all of them write the same output and messages and exit the same way:
 * what they wrote is then written once.
 *
 * With several files, each is a run of its own, in a child process of its
 * own (so that one file's error does not end the others), and what each
 * wrote goes to stdout, in order, framed:
 *	== FILE
 *	(its stdout)
 *	-- stderr
 *	(its stderr)
 *	-- exit N
 * so that a test of many inputs is one process and one comparison.  Each
 * run is forked, not executed again: a child starts as the program would,
 * nothing having been read or set up before the fork.
 *
 * usage: jsontok [-A] [-ls] [file ...]
 */
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/msg.h"
#include "bytes/source.h"
#include "format/json.h"
#include "bytes/byteclass.h"

static int skip, logs;

static void
show(const char *tag, const char *s, size_t n)
{
	size_t i;

	printf("%s ", tag);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('\n');
}

/* Lines before the first value, and logrus lines after it, as np's
 * record reader passes them over. */
static int
passlogs(struct json *j, const char *p, size_t n)
{
	return j->values == 0 || src_islog(p, n);
}

/* One run over file ("-": stdin): the tokens, or a "skipped" line a value;
 * a bad input dies in the parser (exit 1). */
static int
tokens(const char *file)
{
	static struct src in;
	static struct json j;
	enum json_tok t;

	setvbuf(stdout, NULL, _IOLBF, 0);
	src_open(&in, file);
	json_init(&j, &in);
	if (logs)
		j.passover = passlogs;
	for (;;) {
		if (skip) {
			if (json_peek(&j) == JSON_EOF)
				break;
			json_skip(&j);
			puts("skipped");
			continue;
		}
		t = json_next(&j);
		if (t == JSON_EOF)
			break;
		switch (t) {
		case JSON_KEY: show("key", j.s, j.len); break;
		case JSON_STR: show("str", j.s, j.len); break;
		case JSON_NUM: show("num", j.s, j.len); break;
		default: puts(json_tokname(t)); break;
		}
	}
	if (j.skipped_lines)
		printf("skipped_lines %ld first %ld\n", j.skipped_lines,
		    j.first_skipped);
	return 0;
}

/* What one run wrote, and how it ended: its output in two temporary
 * files until read. */
struct run {
	FILE *outf, *errf;
	char *out, *err;
	size_t outlen, errlen;
	int status;
};

static char *
slurp(FILE *f, size_t *len)
{
	char *b;
	long n;

	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0)
		np_die("temporary file: cannot seek");
	rewind(f);
	if (!(b = malloc((size_t)n + 1)))
		np_die("out of memory");
	*len = fread(b, 1, (size_t)n, f);
	fclose(f);
	return b;
}

/* Runs tokens(file) in a child, with NP_SIMD set to level (unless it is
 * -1), stdin rewound, its output into temporary files.  The child starts
 * with nothing of the parent's on the heap but stdio's own, so that the
 * leak checker of a sanitizer build finds in it what it would find in a
 * process of its own. */
static void
runchild(const char *file, int level, struct run *r)
{
	pid_t pid;
	int st;

	if (!(r->outf = tmpfile()) || !(r->errf = tmpfile()))
		np_die("cannot make a temporary file");
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0)
		np_die("cannot fork");
	if (pid == 0) {
		if (strcmp(file, "-") == 0 && lseek(0, 0, SEEK_SET) != 0)
			np_die("-A: standard input must be a file");
		dup2(fileno(r->outf), 1);
		dup2(fileno(r->errf), 2);
		if (level >= 0)
			setenv("NP_SIMD", simd_name(level), 1);
		exit(tokens(file));
	}
	if (waitpid(pid, &st, 0) < 0)
		np_die("waitpid failed");
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void
readrun(struct run *r)
{
	r->out = slurp(r->outf, &r->outlen);
	r->err = slurp(r->errf, &r->errlen);
}

/* A run of file into *first: with -A, one on every level, each compared
 * with the first once all have run, exit 3 when one differs. */
static void
runfile(const char *file, int all, struct run *first)
{
	struct run r[SIMD_NLEVELS];
	int lv[SIMD_NLEVELS];
	int l, i, n = 0;

	if (!all) {
		runchild(file, -1, first);
		readrun(first);
		return;
	}
	for (l = 0; l < SIMD_NLEVELS; l++)
		if (simd_have(l)) {
			lv[n] = l;
			runchild(file, l, &r[n++]);
		}
	for (i = 0; i < n; i++)
		readrun(&r[i]);
	for (i = 1; i < n; i++) {
		if (r[i].status != r[0].status ||
		    r[i].outlen != r[0].outlen || r[i].errlen != r[0].errlen ||
		    memcmp(r[i].out, r[0].out, r[i].outlen) != 0 ||
		    memcmp(r[i].err, r[0].err, r[i].errlen) != 0) {
			fflush(stdout);
			fprintf(stderr, "jsontok: %s: NP_SIMD=%s differs from "
			    "%s:\n", file, simd_name(lv[i]), simd_name(lv[0]));
			fwrite(r[i].err, 1, r[i].errlen, stderr);
			exit(3);
		}
		free(r[i].out);
		free(r[i].err);
	}
	*first = r[0];
}

int
main(int argc, char **argv)
{
	struct run r;
	int all = 0, c, i;

	np_init(argv);
	while ((c = getopt(argc, argv, "Als")) != -1) {
		if (c == 'A')
			all = 1;
		else if (c == 's')
			skip = 1;
		else if (c == 'l')
			logs = 1;
		else
			np_usage("jsontok [-A] [-ls] [file ...]");
	}
	if (argc - optind > 1) {
		for (i = optind; i < argc; i++) {
			runfile(argv[i], all, &r);
			printf("== %s\n", argv[i]);
			fwrite(r.out, 1, r.outlen, stdout);
			fputs("-- stderr\n", stdout);
			fwrite(r.err, 1, r.errlen, stdout);
			printf("-- exit %d\n", r.status);
			free(r.out);
			free(r.err);
		}
		return 0;
	}
	if (!all)
		return tokens(optind < argc ? argv[optind] : "-");
	runfile(optind < argc ? argv[optind] : "-", 1, &r);
	fwrite(r.out, 1, r.outlen, stdout);
	fwrite(r.err, 1, r.errlen, stderr);
	free(r.out);
	free(r.err);
	return r.status;
}
