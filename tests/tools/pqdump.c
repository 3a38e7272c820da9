/*
 * pqdump: a Parquet file through common/format/parquet.c, as TSV or as a
 * listing of its metadata, for the tests.
 *
 *   pqdump [-c col,col...] file.parquet
 *	a header line of the selected columns (all by default), then one
 *	row a line: NULL as an empty field, integers as integers, doubles as
 *	np prints them, booleans as true/false, bytes escaped as np's TSV does
 *	(\t \n \r \\); DECIMAL, DATE and UUID as their text
 *	(common/format/parquet.h).
 *   pqdump -m file.parquet
 *	the schema (name, physical type, logical type, repetition), then per
 *	row group per column: codec, encodings, values, sizes, offsets.
 *   pqdump -n file.parquet
 *	the rows counted, nothing printed but the count: for timing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/options.h"
#include "base/number.h"
#include "format/parquet.h"
#include "format/table.h"
#include "write/tsvout.h"

#define SYNOPSIS "pqdump [-m | -n] [-c col,col...] file.parquet"
#define MAXSEL 4096

static void
meta(const struct pq *p)
{
	const struct pq_column *c;
	const struct pq_chunk *ch;
	char buf[64];
	int i, rg, e, first;

	printf("rows\t%lld\nrow_groups\t%d\n", (long long)pq_nrows(p),
	    pq_nrowgroups(p));
	printf("column\tphysical\tlogical\trepetition\n");
	for (i = 0; i < pq_ncols(p); i++) {
		c = pq_col(p, i);
		printf("%s\t%s", c->name, pq_physical_name(c->physical));
		if (c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY)
			printf("(%d)", c->type_length);
		printf("\t%s\t%s\n", pq_logical_str(c, buf, sizeof buf),
		    c->optional == 2 ? "repeated" : c->optional ? "optional" :
		    "required");
	}
	printf("row_group\trows\tcolumn\tcodec\tencodings\tvalues\t"
	    "compressed\tuncompressed\tdictionary_page_offset\t"
	    "data_page_offset\n");
	for (rg = 0; rg < pq_nrowgroups(p); rg++)
		for (i = 0; i < pq_ncols(p); i++) {
			ch = pq_chunk(p, rg, i);
			printf("%d\t%lld\t%s\t%s\t", rg,
			    (long long)pq_rowgroup_rows(p, rg),
			    pq_col(p, i)->name, pq_codec_name(ch->codec));
			for (e = 0, first = 1; e < 32; e++)
				if (ch->encodings & (1u << e)) {
					printf("%s%s", first ? "" : ",",
					    pq_encoding_name(e));
					first = 0;
				}
			printf("\t%lld\t%lld\t%lld\t",
			    (long long)ch->num_values, (long long)ch->compressed,
			    (long long)ch->uncompressed);
			if (ch->dictionary_page_offset >= 0)
				printf("%lld", (long long)
				    ch->dictionary_page_offset);
			printf("\t%lld\n", (long long)ch->data_page_offset);
		}
	if (fflush(stdout) != 0)
		np_die("stdout: write error");
}

static void
cell(const struct pq_cell *v)
{
	switch (v->kind) {
	case PQ_INT:
		out_i64(v->i);
		break;
	case PQ_UINT:
		if (v->u > INT64_MAX) {
			char buf[24], *e = buf + sizeof buf;
			uint64_t u = v->u;

			do
				*--e = (char)('0' + u % 10);
			while (u /= 10);
			out_raw(e, (size_t)(buf + sizeof buf - e));
		} else
			out_i64((int64_t)v->u);
		break;
	case PQ_DOUBLE:
		if (isfinite(v->d))
			out_f64(v->d);
		else
			out_str(num_word(v->d));	/* NaN, JSON's words */
		break;
	case PQ_BOOL:
		if (v->i)
			out_raw("true", 4);
		else
			out_raw("false", 5);
		break;
	case PQ_BYTES:
		out_text(v->s, v->len);
		break;
	default:
		break;
	}
}

int
main(int argc, char **argv)
{
	static char *names[MAXSEL];
	static int cols[MAXSEL];
	static const char *hdr[MAXSEL];
	struct pq p;
	char *list = NULL;
	int opt, mflag = 0, nflag = 0, n = 0, i;
	long long rows = 0;

	np_init(argv);
	while ((opt = getopt(argc, argv, "c:mn")) != -1) {
		switch (opt) {
		case 'c':
			list = optarg;
			break;
		case 'm':
			mflag = 1;
			break;
		case 'n':
			nflag = 1;
			break;
		default:
			np_usage(SYNOPSIS);
		}
	}
	if (argc - optind != 1)
		np_usage(SYNOPSIS);
	pq_open(&p, argv[optind]);
	if (mflag) {
		meta(&p);
		pq_close(&p);
		return 0;
	}
	if (list) {
		n = np_optlist("-c", list, names, MAXSEL, "columns");
		for (i = 0; i < n; i++)
			if ((cols[i] = pq_find(&p, names[i])) < 0)
				np_die("%s: no column %s", argv[optind],
				    names[i]);
	} else {
		if (pq_ncols(&p) > MAXSEL)
			np_die("%s: more than %d columns", argv[optind],
			    MAXSEL);
		for (n = 0; n < pq_ncols(&p); n++)
			cols[n] = n;
	}
	for (i = 0; i < n; i++) {
		pq_select(&p, cols[i]);
		hdr[i] = pq_col(&p, cols[i])->name;
	}
	np_atdie(out_salvage, NULL);
	if (nflag) {
		while (pq_next(&p))
			rows++;
		printf("%lld\n", rows);
		pq_close(&p);
		return 0;
	}
	out_header(hdr, n);
	while (pq_next(&p)) {
		for (i = 0; i < n; i++) {
			if (i)
				out_tab();
			cell(pq_cell(&p, cols[i]));
		}
		out_nl();
	}
	out_flush();
	pq_close(&p);
	return 0;
}
