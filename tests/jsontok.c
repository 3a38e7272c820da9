/*
 * jsontok: prints the token stream of common/json.c, one token a line, for
 * the JSON conformance tests.  With -s, skips every top-level value instead
 * (exercising json_skip), printing one "skipped" line per value.  With -l,
 * skips log lines as the programs do.
 *
 * usage: jsontok [-ls] [file]
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/diag.h"
#include "../common/input.h"
#include "../common/json.h"

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

int
main(int argc, char **argv)
{
	static struct src in;
	static struct json j;
	enum json_tok t;
	int skip = 0, logs = 0, c;

	np_init(argv);
	while ((c = getopt(argc, argv, "ls")) != -1) {
		if (c == 's')
			skip = 1;
		else if (c == 'l')
			logs = 1;
		else
			np_usage("jsontok [-ls] [file]");
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
