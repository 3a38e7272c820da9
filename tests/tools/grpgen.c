/*
 * grpgen: group-by inputs for `make bench` and the tests: groups keys
 * with exactly values rows each, in a seeded random order (every row's
 * place shuffled), as TSV with a header.
 *
 *   grpgen [-i] [-d digits] [-s seed] groups values
 *
 * Keys are k0 ... k(groups - 1); a value is a whole number from 0 to
 * 999999 (with -d, that many digits after a decimal point).  -i writes
 * instruction rows, np-stall's input, keyed by opcode:
 *   start_ts duration_ns engine opcode evt_wait_time_ns
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/options.h"

static uint64_t rs;

/* splitmix64: a seeded stream, the same on every machine. */
static uint64_t
next(void)
{
	uint64_t z = (rs += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A number from 0 to n - 1, even for n up to 2^32. */
static uint32_t
below(uint64_t n)
{
	return (uint32_t)((next() >> 32) * n >> 32);
}

int
main(int argc, char **argv)
{
	static const char usage[] = "grpgen [-i] [-d digits] [-s seed] groups "
	    "values";
	uint32_t *key, t, j;
	uint64_t i, rows, groups, values;
	int c, insn = 0, digits = 0;

	np_init(argv);
	rs = 1;
	while ((c = getopt(argc, argv, "d:is:")) != -1)
		switch (c) {
		case 'd':
			digits = (int)np_optnum("d", optarg, 0, 6);
			break;
		case 'i':
			insn = 1;
			break;
		case 's':
			rs = (uint64_t)np_optnum("s", optarg, 0, 1L << 40);
			break;
		default:
			np_usage(usage);
		}
	if (argc - optind != 2)
		np_usage(usage);
	groups = (uint64_t)np_optnum("groups", argv[optind], 1, 100000000);
	values = (uint64_t)np_optnum("values", argv[optind + 1], 1, 100000);
	if ((rows = groups * values) > 2000000000)
		np_die("more than 2e9 rows");
	if (!(key = malloc(rows * sizeof *key)))
		np_die("out of memory");
	for (i = 0; i < rows; i++)
		key[i] = (uint32_t)(i % groups);
	for (i = rows - 1; i > 0; i--) {	/* Fisher-Yates */
		j = below(i + 1);
		t = key[i];
		key[i] = key[j];
		key[j] = t;
	}
	if (insn)
		fputs("start_ts\tduration_ns\tengine\topcode\tevt_wait_time_ns\n",
		    stdout);
	else
		fputs("key\tv\n", stdout);
	for (i = 0; i < rows; i++) {
		uint32_t v = below(1000000);

		if (insn)
			printf("%llu\t%u\tTensor\tk%u\t%u\n",
			    (unsigned long long)i * 10, below(1000), key[i], v);
		else if (digits)
			printf("k%u\t%u.%0*u\n", key[i], v / 1000, digits,
			    below(digits == 6 ? 1000000 : digits == 5 ?
			    100000 : digits == 4 ? 10000 : digits == 3 ? 1000 :
			    digits == 2 ? 100 : 10));
		else
			printf("k%u\t%u\n", key[i], v);
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		np_die("write error");
	free(key);
	return 0;
}
