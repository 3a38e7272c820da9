/*
 * spillcheck: spill.h on its own, for tests.  Reads one integer a line
 * from standard input and writes each with its line number (from 0) in
 * the order spill.h gives: by value, ties in input order.  -w sets the
 * window; NP_MERGE_FANIN and TMPDIR work as in the programs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/options.h"
#include "calc/spill.h"

struct item {
	int64_t key, seq;
};

static int
bykey(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static void
put(void *ctx, const void *p)
{
	const struct item *it = p;

	(void)ctx;
	printf("%lld\t%lld\n", (long long)it->key, (long long)it->seq);
}

int
main(int argc, char **argv)
{
	struct spill sp;
	struct item it = { 0, 0 };
	long long v;
	int c, window = 4096;

	np_init(argv);
	while ((c = getopt(argc, argv, "w:")) != -1) {
		if (c != 'w')
			np_usage("spillcheck [-w window]");
		window = (int)np_optnum("w", optarg, 1, 1 << 20);
	}
	sp_init(&sp, sizeof it, window, bykey, put, NULL);
	while (scanf("%lld", &v) == 1) {
		it.key = v;
		if (sp_push(&sp, &it))
			sp_beyondat(&sp, "-", (long)it.seq + 1, 0);
		it.seq++;
	}
	sp_end(&sp);
	while (sp_next(&sp, &it))
		put(NULL, &it);
	if (fflush(stdout) != 0)
		np_die("write error");
	sp_report(&sp);
	sp_free(&sp);
	return 0;
}
