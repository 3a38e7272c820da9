/*
 * summary_fuzz: libFuzzer target for the reading of profile summaries
 * (common/read/summary.c), as np-sum runs it, on every form it reads:
 * summary-json, a view export's summary table, show-session -j (flattened
 * by format/json.c's json_flat), summary-text, show-session tables, the
 * Summary table as CSV or TSV, and Parquet (read/cells.h, in
 * reader_parquet.c; the file is whole in memory, as parquet_fuzz's).
 *
 * The first byte is a control byte, the rest the input:
 *   bits 0-3  how reads are chunked in the first pass (fuzz.h)
 *   bit 4     -k: the key column of a show-session table is "EXEC TIME
 *             (NS)", not "NODE ID"
 * Each input is read twice, in different chunks: the profiles, their
 * metrics (key, value, type, place) and the messages must come out the
 * same.  Every metric must be of a known type, its key at most
 * SUM_MAXKEY bytes, a null's value empty, and a profile's keys distinct.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/summary.h"
#include "fuzz.h"

static struct sumset ss;
static char *dump, *dump_a, msg_a[FZ_MSGSZ];
static size_t dumplen, dumpcap, dumplen_a, dumpcap_a;
static int died_a;

static void
put(const char *s, size_t n)
{
	if (dumplen + n > dumpcap) {
		dumpcap = (dumplen + n) * 2 + 4096;
		if (!(dump = realloc(dump, dumpcap)))
			abort();
	}
	memcpy(dump + dumplen, s, n);
	dumplen += n;
}

/* Every profile and metric, as text, checked on the way. */
static void
dumpset(void)
{
	const struct metric *m, *o;
	char buf[128];
	long p, i, k;

	dumplen = 0;
	for (p = 0; p < ss.nprof; p++) {
		put(sum_name(&ss, &ss.prof[p]), ss.prof[p].namelen);
		put("\n", 1);
		for (i = ss.prof[p].first; i >= 0; i = m->next) {
			m = &ss.met[i];
			FZ_CHECK(m->type == MV_NUM || m->type == MV_STR ||
			    m->type == MV_BOOL || m->type == MV_NULL,
			    "a metric of type %d", m->type);
			FZ_CHECK(m->klen <= SUM_MAXKEY, "a key of %zu bytes",
			    m->klen);
			FZ_CHECK(m->type != MV_NULL || m->vlen == 0,
			    "a null with a value");
			for (k = ss.prof[p].first; k != i; k = o->next) {
				o = &ss.met[k];
				FZ_CHECK(o->klen != m->klen ||
				    memcmp(sum_key(&ss, o), sum_key(&ss, m),
				    m->klen) != 0, "a key twice in a profile");
			}
			put(sum_key(&ss, m), m->klen);
			put("\t", 1);
			put(sum_val(&ss, m), m->vlen);
			put(buf, (size_t)snprintf(buf, sizeof buf, "\t%c %ld %ld "
			    "%lld\n", m->type, m->line, m->col, m->off));
		}
	}
}

static void
run(const uint8_t *data, size_t len, unsigned chunking, int key)
{
	char *name;

	fz_files(1, &data, &len, chunking);
	fz_reset();
	sum_init(&ss);
	if (key)
		ss.table_key = "EXEC TIME (NS)";
	name = fz_name(0);
	if (setjmp(fz_jmp)) {
		if (ss.in->fd >= 0)
			src_close(ss.in);
		dumplen = 0;
		sum_free(&ss);
		return;
	}
	sum_read(&ss, name);
	sum_report(&ss);
	FZ_CHECK(ss.in->fd < 0, "a file left open");
	dumpset();
	sum_free(&ss);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned ctl;

	if (size < 1)
		return 0;
	ctl = data[0];
	data++;
	size--;
	run(data, size, ctl & 15, ctl >> 4 & 1);
	died_a = fz_died;
	memcpy(msg_a, fz_msg, fz_msglen + 1);
	if (dumplen > dumpcap_a) {
		dumpcap_a = dumplen;
		if (!(dump_a = realloc(dump_a, dumpcap_a)))
			abort();
	}
	if (dumplen)
		memcpy(dump_a, dump, dumplen);
	dumplen_a = dumplen;
	run(data, size, (ctl & 15) ? 0 : 7, ctl >> 4 & 1);
	FZ_CHECK(died_a == fz_died && strcmp(msg_a, fz_msg) == 0,
	    "chunking changes the messages:\n%s---\n%s", msg_a, fz_msg);
	FZ_CHECK(dumplen_a == dumplen && (!dumplen ||
	    memcmp(dump_a, dump, dumplen) == 0), "chunking changes metrics");
	return 0;
}
