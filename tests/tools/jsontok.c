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
 * usage: jsontok [-A] [-ls] [file]
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

/* What one run wrote, and how it ended. */
struct run {
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

/* Runs argv again (without -A) with NP_SIMD set to level, the input
 * rewound, and keeps what it wrote. */
static void
runlevel(char **argv, const char *file, int level, struct run *r)
{
	FILE *out = tmpfile(), *err = tmpfile();
	pid_t pid;
	int st;

	if (!out || !err)
		np_die("cannot make a temporary file");
	fflush(stdout);
	if ((pid = fork()) < 0)
		np_die("cannot fork");
	if (pid == 0) {
		if (!file && lseek(0, 0, SEEK_SET) != 0)
			np_die("-A: standard input must be a file");
		dup2(fileno(out), 1);
		dup2(fileno(err), 2);
		setenv("NP_SIMD", simd_name(level), 1);
		execv("/proc/self/exe", argv);
		np_die("-A: cannot run itself again");
	}
	if (waitpid(pid, &st, 0) < 0)
		np_die("waitpid failed");
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	r->out = slurp(out, &r->outlen);
	r->err = slurp(err, &r->errlen);
}

/* -A: every level, compared with the first. */
static int
alllevels(char **argv, const char *file)
{
	struct run first, r;
	int l, n = 0;

	for (l = 0; l < SIMD_NLEVELS; l++) {
		if (!simd_have(l))
			continue;
		runlevel(argv, file, l, n ? &r : &first);
		if (n++ == 0)
			continue;
		if (r.status != first.status || r.outlen != first.outlen ||
		    r.errlen != first.errlen ||
		    memcmp(r.out, first.out, r.outlen) != 0 ||
		    memcmp(r.err, first.err, r.errlen) != 0) {
			fprintf(stderr, "jsontok: NP_SIMD=%s differs from "
			    "%s:\n", simd_name(l), simd_name(SIMD_PORTABLE));
			fwrite(r.err, 1, r.errlen, stderr);
			exit(3);
		}
		free(r.out);
		free(r.err);
	}
	fwrite(first.out, 1, first.outlen, stdout);
	fwrite(first.err, 1, first.errlen, stderr);
	free(first.out);
	free(first.err);
	return first.status;
}

int
main(int argc, char **argv)
{
	static struct src in;
	static struct json j;
	enum json_tok t;
	int skip = 0, logs = 0, all = 0, c;

	np_init(argv);
	while ((c = getopt(argc, argv, "Als")) != -1) {
		if (c == 'A')
			all = 1;
		else if (c == 's')
			skip = 1;
		else if (c == 'l')
			logs = 1;
		else
			np_usage("jsontok [-A] [-ls] [file]");
	}
	if (all) {
		/* The same arguments without -A, which must come first and
		 * alone. */
		if (strcmp(argv[1], "-A") != 0)
			np_usage("jsontok [-A] [-ls] [file]");
		argv[1] = argv[0];
		return alllevels(argv + 1, optind < argc ? argv[optind] :
		    NULL);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	src_open(&in, optind < argc ? argv[optind] : "-");
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
