/*
 * npgen: write a deterministic synthetic Neuron profile, for np's tests
 * and for `make bench`, in the formats np(7) INPUT FORMATS describes (the
 * view JSON export, Explorer rows as TSV, JSON lines and Parquet, and the
 * show-session text traces).
 *
 * One seeded model (per-engine instruction timelines, some instructions
 * triggering a DMA transfer) is generated the same way whatever the
 * format, so a seed and -n describe the same instructions and transfers
 * in every format and a test can compare np's output across formats.
 * Filler text (operands, hlo_attrs, ...) comes from per-row streams
 * seeded by (seed, row): it never disturbs the model, and a field shown
 * by two formats holds the same text in both.  -x B shuffles the rows of
 * the row formats in blocks of B (seeded too): the same rows, each up to
 * B - 1 places from its place in start order, for tests of np's sorting.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "thriftw.h"

#define BASE_TS	10261883214ULL
#define NENG	5
#define NQ	6
#define NOP	14
#define NFRAME	32
#define OBUFSZ	(1 << 20)
#define OCALL	4096	/* more than one of() call ever writes */

enum { VIEW_JSON, TRACE_TEXT, EXPLORER_TSV, EXPLORER_JSONL,
    EXPLORER_PARQUET, DMA_TEXT, DMA_TSV, NFMT };
static const char *const fmtname[NFMT] = { "view-json", "trace-text",
    "explorer-tsv", "explorer-jsonl", "explorer-parquet", "dma-text",
    "dma-tsv" };

static const char *const engname[NENG] = { "Tensor", "Vector", "Scalar",
    "GpSimd", "Sync" };
static const char *const englow[NENG] = { "tensor", "vector", "scalar",
    "gpsimd", "sync" };
/* Engine e runs opname[opfirst[e]] .. opname[opfirst[e + 1] - 1]. */
static const char *const opname[NOP] = { "MATMUL", "LDWEIGHTS", "TRANSPOSE",
    "TENSOR_TENSOR", "TENSOR_REDUCE", "TENSOR_COPY", "ACTIVATION",
    "TENSOR_SCALAR", "IOTA", "MEMSET", "DMA_DIRECT2D", "NOTIFY",
    "PSEUDO_DMA_TRIGGER", "DMA_DIRECT2D" };
static const int opfirst[NENG + 1] = { 0, 3, 6, 8, 11, 14 };
static const char *const qname[NQ] = { "qSyncIO0", "qSyncIO1", "qSyncIO2",
    "qSyncIO3", "qVectorSP0", "qVectorSP1" };
static const char *const layersub[] = { "self_attn/o_proj/aten.mm.default",
    "self_attn/q_proj/aten.mm.default", "self_attn/aten.softmax.int",
    "self_attn/rotary_emb/aten.cat.default", "mlp/gate_proj/aten.mm.default",
    "mlp/act_fn/aten.silu.default", "input_layernorm/aten.mul.Tensor" };
#define NSUB (sizeof(layersub) / sizeof(layersub[0]))
static const char *const place[][2] = { { "INPUT", NULL }, { "OUTPUT", NULL },
    { "SBUF", "partition 0-127" }, { "HBM", "weights (bf16)" },
    { "PSUM", "bank 2" } };

/*
 * One instruction and the DMA transfer it may trigger.  The integers are
 * all uint64_t because that is what of() takes; src, nki and dsem use 0
 * for "none".
 */
struct insn {
	int	 eng, op, dma;
	uint64_t idx, ts, dur, pc, wait, dwait, rawbir, flops;
	uint64_t hbmr, hbmw, sbr, sbw, psumr;
	uint64_t src, nki, layer, sub, sg, spill, hlo, hlonum;
	uint64_t didx, dq, dts, ddur, dsize, dcrc, dsem, dop, dsrc, ddst;
};
typedef void putfn(const struct insn *);

struct rng { uint64_t s; };

static uint64_t	seed = 1;
static uint64_t	shufblock;	/* -x: rows shuffled in blocks of this many */
static int	neng = NENG;
static int	goesc;		/* escape < > & as Go's encoding/json does */
static unsigned char stop[2][256];	/* of(): bytes that end a literal run */
static struct {
	struct { struct rng r; uint64_t t, pc; struct insn nx; } e[NENG];
	uint64_t idx, didx, qfree[NQ];
} G;
static struct {
	char	 buf[OBUFSZ];
	size_t	 len;
	uint64_t flushed;
	int	 discard;	/* only count bytes: sizing a -b run */
} out;
static struct { int pretty, depth, afterkey; char has[16]; } jw;

static void
die(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("npgen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

static void
usage(void)
{
	fputs("usage: npgen [-p] [-s seed] [-n rows | -b bytes] [-e engines] "
	    "[-x block] format\nformats: view-json trace-text explorer-tsv explorer-jsonl "
	    "explorer-parquet dma-text dma-tsv\n", stderr);
	exit(2);
}

/* splitmix64: turns (seed, stream) into unrelated xorshift states. */
static uint64_t
mix(uint64_t a, uint64_t b)
{
	uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
rng_seed(struct rng *r, uint64_t s)
{
	r->s = s ? s : 0x9e3779b97f4a7c15ULL;	/* xorshift dies at 0 */
}

/* xorshift64*, a value in [0, n); the modulo bias does not matter here. */
static uint64_t
rn(struct rng *r, uint64_t n)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return ((r->s * 0x2545f4914f6cdd1dULL) >> 8) % n;
}

static uint64_t
rr(struct rng *r, uint64_t lo, uint64_t hi)
{
	return lo + rn(r, hi - lo + 1);
}

/* ---- output: one big buffer, so that a row costs no stdio call ---- */

static void
wfail(void)
{
	if (errno == EPIPE)	/* the reader has seen enough */
		exit(0);
	die(1, "write error: %s", strerror(errno));
}

static void
oflush(void)
{
	if (!out.discard && out.len > 0 &&
	    fwrite(out.buf, 1, out.len, stdout) != out.len)
		wfail();
	out.flushed += out.len;
	out.len = 0;
}

static uint64_t
ototal(void)
{
	return out.flushed + out.len;
}

/* Our strings are all short: far below OBUFSZ. */
static void
oput(const char *s, size_t n)
{
	if (n > OBUFSZ - out.len)
		oflush();
	memcpy(out.buf + out.len, s, n);
	out.len += n;
}

static void
oputs(const char *s)
{
	oput(s, strlen(s));
}

static void
oputc(int c)
{
	if (out.len == OBUFSZ)
		oflush();
	out.buf[out.len++] = (char)c;
}

/*
 * A small printf for the hot paths, writing straight into the buffer:
 * %u and %x take uint64_t (%x: at least 4 digits), %s a string, %Ns a
 * string left-justified in N columns, %% a percent sign.  With goesc,
 * literal < > & are written \u003c \u003e \u0026.
 */
static void
of(const char *fmt, ...)
{
	va_list ap;
	const char *p, *s;
	char *b, *e, t[20];
	uint64_t v;
	int i, w;

	if (OBUFSZ - out.len < OCALL)
		oflush();
	b = out.buf + out.len;
	va_start(ap, fmt);
	for (p = fmt; *p != '\0'; p++) {
		if (!stop[goesc][(unsigned char)*p]) {
			*b++ = *p;
			continue;
		}
		if (*p != '%') {
			memcpy(b, *p == '<' ? "\\u003c" : *p == '>' ?
			    "\\u003e" : "\\u0026", 6);
			b += 6;
			continue;
		}
		for (w = 0; p[1] >= '0' && p[1] <= '9'; p++)
			w = w * 10 + p[1] - '0';
		switch (*++p) {
		case 's':
			for (s = va_arg(ap, const char *), e = b + w; *s; )
				*b++ = *s++;
			while (b < e)
				*b++ = ' ';
			break;
		case 'u':
		case 'x':
			v = va_arg(ap, uint64_t);
			i = 0;
			if (*p == 'u')
				do
					t[i++] = (char)('0' + v % 10);
				while ((v /= 10) != 0);
			else
				for (; i < 4 || v != 0; v >>= 4)
					t[i++] = "0123456789abcdef"[v & 15];
			while (i > 0)
				*b++ = t[--i];
			break;
		default:
			*b++ = '%';
			break;
		}
	}
	va_end(ap);
	out.len = (size_t)(b - out.buf);
}

/*
 * JSON structure, compact or indented like Go's json.MarshalIndent(v, "",
 * "    ").  Callers write the keys in sorted order, as Go does.
 */
static void
jw_nl(void)
{
	int i;

	oputc('\n');
	for (i = 0; i < jw.depth; i++)
		oputs("    ");
}

/* Before any value: the comma and newline, unless it follows its key. */
static void
jw_val(void)
{
	if (jw.afterkey)
		jw.afterkey = 0;
	else if (jw.depth > 0) {
		if (jw.has[jw.depth])
			oputc(',');
		jw.has[jw.depth] = 1;
		if (jw.pretty)
			jw_nl();
	}
}

static void
jw_open(int c)
{
	jw_val();
	oputc(c);
	jw.has[++jw.depth] = 0;
}

static void
jw_close(int c)
{
	if (jw.has[jw.depth--] && jw.pretty)
		jw_nl();
	oputc(c);
}

static void
jw_key(const char *k, size_t n)
{
	jw_val();
	oputc('"');
	oput(k, n);
	oputs(jw.pretty ? "\": " : "\":");
	jw.afterkey = 1;
}

static void
jw_str(const char *s)
{
	jw_val();
	of("\"%s\"", s);
}

/*
 * One row from a spec of space-separated name:type fields; the values
 * follow as arguments.  Types: u uint64_t, s string, r raw JSON text,
 * f putfn writing the text of a string, F putfn writing a JSON value,
 * o an int and a putfn: the text of a string when the int is not 0, else
 * a null (JSON's null, TSV's empty field, as Parquet's null; an empty
 * string is another value).  A JSON row is an object, a TSV row its values
 * joined by tabs.  Nothing is escaped: no field text may hold a quote,
 * backslash, tab or newline.
 */
static void
row(int json, const struct insn *x, const char *spec, ...)
{
	va_list ap;
	const char *p, *c;
	int q, has;

	va_start(ap, spec);
	if (json)
		jw_open('{');
	for (p = spec; (c = strchr(p, ':')) != NULL; p = c + 2 + !!c[2]) {
		has = c[1] != 'o' || va_arg(ap, int);
		q = json && has && (c[1] == 's' || c[1] == 'f' || c[1] == 'o');
		if (json)
			jw_key(p, (size_t)(c - p));
		else if (p != spec)
			oputc('\t');
		if (json && c[1] != 'F')
			jw_val();
		if (q)
			oputc('"');
		if (c[1] == 'u')
			of("%u", va_arg(ap, uint64_t));
		else if (c[1] == 's' || c[1] == 'r')
			oputs(va_arg(ap, const char *));
		else if (!has) {
			(void)va_arg(ap, putfn *);
			if (json)
				oputs("null");
		} else
			va_arg(ap, putfn *)(x);
		if (q)
			oputc('"');
	}
	if (json)
		jw_close('}');
	va_end(ap);
}

static void
tsv_header(const char *spec)
{
	const char *p;

	for (p = spec; *p != '\0'; p++)
		if (*p == ':')
			p++;
		else
			oputc(*p == ' ' ? '\t' : *p);
	oputc('\n');
}

/* ---- the model ---- */

static uint64_t
nbytes(struct rng *r, int dmaop)
{
	if (dmaop && rn(r, 4) == 0)
		return rr(r, 4, 256);	/* skinny DMAs, for np-dma to flag */
	return rn(r, 3) == 0 ? 0 : 64ULL << rn(r, 15);
}

/* Draw engine e's next instruction; every field, whatever the format. */
static void
gen_fill(int e)
{
	struct rng *r = &G.e[e].r;
	struct insn *x = &G.e[e].nx;
	int dmaop;

	x->eng = e;
	/* Mostly back to back; now and then an idle gap for np-gaps. */
	x->ts = G.e[e].t + (rn(r, 10) == 0 ? rr(r, 1000, 20000) : rn(r, 201));
	x->dur = rr(r, 50, 3000);
	G.e[e].t = x->ts + x->dur;
	x->op = opfirst[e] + (int)rn(r, (uint64_t)(opfirst[e + 1] -
	    opfirst[e]));
	dmaop = strncmp(opname[x->op], "DMA_", 4) == 0;
	x->pc = G.e[e].pc += 1 + rn(r, 4);
	x->wait = rn(r, 10) < 6 ? 0 : rr(r, 10, 50000);
	x->dwait = rn(r, 5) == 0 ? rr(r, 1, 5000) : 0;
	x->hbmr = nbytes(r, dmaop);
	x->hbmw = nbytes(r, dmaop);
	x->sbr = nbytes(r, dmaop);
	x->sbw = nbytes(r, dmaop);
	x->psumr = e == 0 && rn(r, 2) ? 2048ULL << rn(r, 4) : 0;
	x->flops = x->op == 0 ? 33554432ULL << rn(r, 3) : 0;
	x->src = rn(r, 10) == 0 ? 0 : 120 + 17 * rn(r, 40);
	x->nki = rn(r, 5) == 0 ? rr(r, 10, 400) : 0;
	x->layer = rn(r, 8);
	x->sub = rn(r, NSUB);
	x->sg = rn(r, 8) == 0;
	x->spill = rn(r, 50) == 0;
	x->rawbir = rn(r, 100000);
	x->hlo = rn(r, 4);
	x->hlonum = rn(r, 500);
	x->dma = rn(r, 4) == 0;
	x->dq = e == 4 ? rn(r, 4) : e == 1 ? 4 + rn(r, 2) : rn(r, NQ);
	x->dsize = rn(r, 5) == 0 ? rr(r, 4, 256) : 64ULL << rn(r, 13);
	x->ddur = 200 + x->dsize / 64 + rn(r, 100);
	x->dcrc = rn(r, 65536);
	x->dsem = rn(r, 10) < 3 ? 0 : 1 + rn(r, 32);
	x->dop = rn(r, 3);
	x->dsrc = rn(r, 5);
	x->ddst = rn(r, 5);
}

static void
gen_init(void)
{
	int e;

	memset(&G, 0, sizeof(G));
	for (e = 0; e < neng; e++) {
		rng_seed(&G.e[e].r, mix(seed, (uint64_t)e + 1));
		G.e[e].t = BASE_TS + rn(&G.e[e].r, 400);
		G.e[e].pc = rn(&G.e[e].r, 64);
		gen_fill(e);
	}
}

/* The next instruction in start order (tie: lower engine index). */
static void
gen_next(struct insn *x)
{
	int b = 0, e;

	for (e = 1; e < neng; e++)
		if (G.e[e].nx.ts < G.e[b].nx.ts)
			b = e;
	*x = G.e[b].nx;
	x->idx = G.idx++;
	if (x->dma) {	/* a queue carries one transfer at a time */
		x->didx = G.didx++;
		x->dts = x->ts + 20 + x->dur / 4;
		if (x->dts < G.qfree[x->dq])
			x->dts = G.qfree[x->dq];
		G.qfree[x->dq] = x->dts + x->ddur;
	}
	gen_fill(b);
}

/* -x: a block of rows in start order, shuffled, given out one by one. */
static struct {
	struct insn *row;
	uint64_t n, next, left;
	struct rng r;
} S;

/* The generator from the start, for n rows. */
static void
rows_init(uint64_t n)
{
	gen_init();
	S.n = S.next = 0;
	S.left = n;
	rng_seed(&S.r, mix(seed, 0x5417f1e));
	if (shufblock && !S.row &&
	    !(S.row = malloc(shufblock * sizeof(*S.row))))
		die(1, "out of memory");
}

/* The next row: in start order, or the next of a shuffled block. */
static void
row_next(struct insn *x)
{
	struct insn t;
	uint64_t i, j;

	if (!shufblock) {
		gen_next(x);
		return;
	}
	if (S.next == S.n) {
		S.n = S.left < shufblock ? S.left : shufblock;
		if (S.n == 0)	/* asked for more than n: go on in order */
			S.n = 1;
		for (i = 0; i < S.n; i++)
			gen_next(&S.row[i]);
		S.left -= S.left < S.n ? S.left : S.n;
		for (i = S.n - 1; i > 0; i--) {		/* Fisher-Yates */
			j = rn(&S.r, i + 1);
			t = S.row[i];
			S.row[i] = S.row[j];
			S.row[j] = t;
		}
		S.next = 0;
	}
	*x = S.row[S.next++];
}

/* ---- field text ---- */

static void
rowrng(struct rng *f, const struct insn *x, uint64_t field)
{
	rng_seed(f, mix(mix(seed, x->idx), field));
}

static void
put_src(const struct insn *x)
{
	if (x->src)
		of("/home/user/model/modeling_llama.py:%u", x->src);
}

static void
put_nki(const struct insn *x)
{
	if (x->nki)
		of("/home/user/kernels/attn.py:%u", x->nki);
}

static void
put_layer(const struct insn *x)
{
	of("model/layers.%u/%s", x->layer, layersub[x->sub]);
}

static void
put_hlo(const struct insn *x)
{
	static const char *const f[] = {
	    "%%add.%u = add(%%dot.%u, %%custom-call.%u)",
	    "%%dot.%u = dot(%%p0.%u, %%transpose.%u), lhs_contracting_dims={1}",
	    "%%fusion.%u = fusion(%%param.%u, %%broadcast.%u), kind=kLoop",
	    ("%%custom-call.%u = custom-call(%%p1.%u, %%p2.%u), "
	    "custom_call_target=AwsNeuronSoftmax") };

	of(f[x->hlo], x->hlonum, x->hlonum + 1, x->hlonum + 44);
}

/*
 * operands / compiler_operands: fragments shaped like the real text,
 * counted rather than measured so Go's escapes cannot change the text.
 */
static void
operands(const struct insn *x, int compiler)
{
	static const char *const act[] = { "gelu", "silu", "exp", "rsqrt" };
	struct rng f;
	uint64_t i, j, n, k, v[8];

	rowrng(&f, x, compiler ? 2 : 1);
	for (i = 0, n = 8 + rn(&f, 26); i < n; i++) {
		/* Draw first: argument evaluation order is unspecified. */
		k = rn(&f, 4) + (compiler ? 4 : 0);
		for (j = 0; j < 8; j++)
			v[j] = rn(&f, 1 << 30);
		if (i > 0)
			oputc(' ');
		switch (k) {
		case 0:
			of("S[%u] (%s)++@complete acc_flags=%u src=[sb:0x%x "
			    "part=%u stride=[%u,%u] num=[%u,%u]]", v[0] % 32,
			    engname[x->eng], v[1] % 8, v[2] % 0x30000,
			    v[3] % 129, v[4] % 4 + 1, v[5] % 2048,
			    v[6] % 128 + 1, v[7] % 512 + 1);
			break;
		case 1:
			of("dst=[psum:0x%x part=%u bank=%u] acc=accumulate",
			    v[0] % 0x4000, v[1] % 129, v[2] % 8);
			break;
		case 2:
			of("wait(S[%u]>=%u) (%s)", v[0] % 32, v[1] % 4096,
			    qname[x->dq]);
			break;
		case 3:
			of("%%t%u = bf16<%u x %u> @sb[0x%x]", v[0] % 9999,
			    v[1] % 128 + 1, v[2] % 4096 + 1, v[3] % 0x30000);
			break;
		case 4:
			of("$t%u[%u:%u, %u:%u] (bf16, part %u)", v[0] % 9999,
			    v[1] % 64, v[2] % 64 + 64, v[3] % 512,
			    v[4] % 512 + 512, v[5] % 128);
			break;
		case 5:
			of("%%psum.%u = PSUM[bank %u] @0x%x", v[0] % 999,
			    v[1] % 8, v[2] % 0x4000);
			break;
		case 6:
			of("ACT(func=%s, scale=%u.0, bias=%%t%u)",
			    act[v[0] % 4], v[1] % 4 + 1, v[2] % 9999);
			break;
		default:
			of("Q[%s].pop(%u) & barrier@%u", qname[x->dq],
			    v[0] % 16 + 1, v[1] % 99999);
			break;
		}
	}
}

static void put_ops(const struct insn *x) { operands(x, 0); }
static void put_cops(const struct insn *x) { operands(x, 1); }

/*
 * The text of a string holding JSON, as Go escapes it: \" throughout, a
 * \n between members now and then, \\ in escapes of the inner JSON.
 */
#define Q "\\\""
static void
put_hlo_attrs(const struct insn *x)
{
	struct rng f;
	uint64_t start = ototal(), len, i, v[4];

	rowrng(&f, x, 3);
	len = 300 + rn(&f, 900);
	for (i = 0; i < 4; i++)		/* see operands() */
		v[i] = rn(&f, 1 << 30);
	of("{" Q "backend_config" Q ":{" Q "operation_queue_id" Q ":" Q "%u" Q
	    "," Q "wait_on_operation_queues" Q ":[%u,%u]},%s" Q "metadata" Q
	    ":{" Q "op_name" Q ":" Q "jit(forward)/model.layers.%u/dot_general"
	    Q "," Q "op_type" Q ":" Q "dot_general" Q "," Q "source_file" Q ":"
	    Q "/home/user/model/modeling_llama.py" Q "," Q "source_line" Q
	    ":%u}", v[0] % 8, v[1] % 8, v[2] % 8, v[3] % 3 ? "" : "\\n",
	    x->layer, x->src);
	if (rn(&f, 4) == 0)
		of("," Q "note" Q ":" Q "caf\\u00e9 (fused %u%%)\\\\nline 2" Q,
		    rn(&f, 100));
	if (rn(&f, 4) == 0)
		oputs("," Q "neff_dir" Q ":" Q "C:\\\\\\\\build\\\\\\\\neff" Q);
	oputs("," Q "replica_groups" Q ":[");
	while (ototal() - start < len) {
		for (i = 0; i < 4; i++)
			v[i] = rn(&f, 64);
		of("[%u,%u,%u,%u],", v[0], v[1], v[2], v[3]);
	}
	oputs("[0]]}");
}

static void
put_stack(const struct insn *x)
{
	struct rng f;
	uint64_t n;

	rowrng(&f, x, 4);
	for (n = 20 + rn(&f, 60); n > 0; n--)
		of(n > 1 ? "%u," : "%u", rn(&f, NFRAME));
}

static void
put_place(uint64_t k)
{
	jw_open('[');
	jw_open('[');
	jw_str(place[k][0]);
	if (place[k][1] != NULL)
		jw_str(place[k][1]);
	jw_close(']');
	jw_close(']');
}

static void put_dsrc(const struct insn *x) { put_place(x->dsrc); }
static void put_ddst(const struct insn *x) { put_place(x->ddst); }

static void
put_sem(const struct insn *x)
{
	if (x->dsem)
		of("S[%u] (%s)", x->dsem - 1, qname[x->dq]);
	else
		oputs("-1");
}

static void
put_var(const struct insn *x)
{
	of(x->dsrc < 2 ? "input_ids (%u)" :
	    "model.layers.%u.self_attn.q_proj.weight", x->layer);
}

static void
put_crc(const struct insn *x)
{
	of("0x%x", x->dcrc);
}

/* ---- view-json ---- */

#define INSN_SPEC "bir_debug_info_source_location:f compiler_opcode:s " \
	"compiler_operands:f compiler_pc:u duration:u evt_wait_time:u " \
	"hbm_read_bytes:u hbm_write_bytes:u hlo_attrs:f hlo_name:f " \
	"instruction_type:s label:s layer:f nki_source_location:f opcode:s " \
	"operands:f raw_bir_id:u sbuf_read_bytes:u sbuf_write_bytes:u " \
	"stack_frame_ids:f subgraph:s subgroup:s timestamp:u"
#define DMA_SPEC "destination:F duration:u op:s semaphore_id:f source:F " \
	"subgroup:s timestamp:u transfer_size:u variable:f"

static void
vj_insn(const struct insn *x)
{
	row(1, x, INSN_SPEC, put_src, opname[x->op], put_cops, x->pc, x->dur,
	    x->wait, x->hbmr, x->hbmw, put_hlo_attrs, put_hlo,
	    x->spill ? "SPILL" : "REGULAR", engname[x->eng], put_layer, put_nki,
	    opname[x->op], put_ops, x->rawbir, x->sbr, x->sbw, put_stack,
	    x->sg ? "sg01" : "sg00", engname[x->eng], x->ts);
}

static void
vj_dma(const struct insn *x)
{
	static const char *const op[] = { "COPY", "WRITE", "TRANSPOSE" };

	row(1, x, DMA_SPEC, put_ddst, x->ddur, op[x->dop], put_sem, put_dsrc,
	    qname[x->dq], x->dts, x->dsize, put_var);
}

/* A float64 as Go's encoding/json prints it: shortest, e-7 not e-07. */
static void
gofloat(char *b, size_t n, double v)
{
	char t[40], *e;
	double a = v < 0 ? -v : v;
	int p, x;

	if (a < 1e18 && v == (double)(int64_t)v) {
		snprintf(b, n, "%lld", (long long)v);
		return;
	}
	for (p = 1; p < 17; p++) {
		snprintf(t, sizeof(t), "%.*e", p - 1, v);
		if (strtod(t, NULL) == v)
			break;
	}
	snprintf(t, sizeof(t), "%.*e", p - 1, v);
	e = strchr(t, 'e');
	x = atoi(e + 1);
	if (a >= 1e-6 && a < 1e21)
		snprintf(b, n, "%.*f", p - 1 - x > 0 ? p - 1 - x : 0, v);
	else
		snprintf(b, n, "%.*se%c%d", (int)(e - t), t, x < 0 ? '-' : '+',
		    x < 0 ? -x : x);
}

struct stats {
	uint64_t first, last, n, ndma, ddur, hbmr, hbmw;
	uint64_t cnt[NENG], busy[NENG], opcnt[NOP], opdur[NOP];
};

static void
stats_add(struct stats *s, const struct insn *x)
{
	if (s->n++ == 0 || x->ts < s->first)	/* -x: any order */
		s->first = x->ts;
	if (s->n == 1)
		s->last = x->ts;
	if (x->ts + x->dur > s->last)
		s->last = x->ts + x->dur;
	s->cnt[x->eng]++;
	s->busy[x->eng] += x->dur;
	s->opcnt[x->op]++;
	s->opdur[x->op] += x->dur;
	s->hbmr += x->hbmr;
	s->hbmw += x->hbmw;
	if (x->dma) {
		s->ndma++;
		s->ddur += x->ddur;
	}
}

#define SUM_SPEC "dma_transfer_average_time:r dma_transfer_count:u " \
	"event_count:u gpsimd_engine_active_time:r " \
	"gpsimd_engine_instruction_count:u hbm_read_bytes:u " \
	"hbm_write_bytes:u instance_type:s mfu_estimated_percent:u nc_idx:u " \
	"nd_idx:u scalar_engine_active_time:r " \
	"scalar_engine_instruction_count:u sync_engine_active_time:r " \
	"sync_engine_instruction_count:u tensor_engine_active_time:r " \
	"tensor_engine_instruction_count:u total_time:r " \
	"vector_engine_active_time:r vector_engine_instruction_count:u"

/* Times in seconds, as floats (Go style), like the real summary. */
static void
vj_summary(const struct stats *s)
{
	char f[NENG + 2][32];
	int e;

	for (e = 0; e < NENG; e++)
		gofloat(f[e], sizeof(f[e]), (double)s->busy[e] / 1e9);
	gofloat(f[NENG], sizeof(f[NENG]), s->ndma == 0 ? 0 :
	    (double)s->ddur / (double)s->ndma / 1e9);
	gofloat(f[NENG + 1], sizeof(f[NENG + 1]),
	    (double)(s->last - s->first) / 1e9);
	row(1, NULL, SUM_SPEC, f[NENG], s->ndma, 2 * s->n, f[3], s->cnt[3],
	    s->hbmr, s->hbmw, "trn1.32xlarge", (uint64_t)0, (uint64_t)4,
	    (uint64_t)0, f[2], s->cnt[2], f[4], s->cnt[4], f[0], s->cnt[0],
	    f[NENG + 1], f[1], s->cnt[1]);
}

/* The tables in key order; only dma and instruction grow with -n. */
static void
view_json(uint64_t n)
{
	struct stats s;
	struct insn x;
	struct rng f;
	uint64_t i, t;
	char b[64];
	int e, o;

	memset(&s, 0, sizeof(s));
	rng_seed(&f, mix(seed, 0x7ab1e5));
	jw_open('{');
	jw_key("active_time", 11);
	jw_open('[');
	for (e = 0, t = BASE_TS; e < neng; e++, t += rr(&f, 1000, 9000))
		row(1, NULL, "duration:u label:s timestamp:u",
		    rr(&f, 1000, 90000), engname[e], t);
	jw_close(']');
	jw_key("cc_stream", 9);
	jw_open('[');
	for (i = 0, t = BASE_TS; i < 3; i++, t += rr(&f, 10000, 90000))
		row(1, NULL, "duration:u operation:s replica_group:s "
		    "stream_id:u timestamp:u", rr(&f, 2000, 40000),
		    i == 1 ? "AllGather" : "AllReduce", "[[0,1,2,3,4,5,6,7]]",
		    i, t);
	jw_close(']');
	jw_key("dma", 3);
	jw_open('[');
	for (rows_init(n), i = 0; i < n; i++)
		if (row_next(&x), x.dma)
			vj_dma(&x);
	jw_close(']');
	jw_key("instruction", 11);
	jw_open('[');
	for (rows_init(n), i = 0; i < n; i++) {
		row_next(&x);
		vj_insn(&x);
		stats_add(&s, &x);
	}
	jw_close(']');
	jw_key("instruction_usage", 17);
	jw_open('[');
	for (e = 0; e < neng; e++)
		for (o = opfirst[e]; o < opfirst[e + 1]; o++)
			if (s.opcnt[o] > 0)
				row(1, NULL, "count:u label:s opcode:s "
				    "total_duration:u", s.opcnt[o], engname[e],
				    opname[o], s.opdur[o]);
	jw_close(']');
	jw_key("metadata", 8);
	jw_open('[');
	row(1, NULL, "app_version:s hostname:s instance_type:s model_name:s "
	    "nc_idx:u nd_idx:u num_engines:u", "2.23.0.0", "ip-10-1-2-3",
	    "trn1.32xlarge", "/home/user/model/neff/graph (rank 0).neff",
	    (uint64_t)4, (uint64_t)0, (uint64_t)neng);
	jw_close(']');
	jw_key("semaphore_update", 16);
	jw_open('[');
	for (i = 0, t = s.first; i < 4; i++, t += rr(&f, 100, 5000)) {
		snprintf(b, sizeof(b), "S[%d] (%s)", 20 + (int)i, qname[i]);
		row(1, NULL, "label:s semaphore:s timestamp:u value:u", "Sync",
		    b, t, i + 1);
	}
	jw_close(']');
	jw_key("stack_frame_function_name", 25);
	jw_open('[');
	for (i = 0; i < NFRAME; i++) {
		snprintf(b, sizeof(b), i % 2 ? "forward (modeling_llama.py"
		    ":%d)" : "_call_impl (torch/nn/modules/module.py:%d)",
		    100 + 37 * (int)i);
		row(1, NULL, "function_name:s id:u", b, i);
	}
	jw_close(']');
	jw_key("summary", 7);
	jw_open('[');
	vj_summary(&s);
	jw_close(']');
	jw_close('}');
	oputc('\n');
}

/* ---- trace-text ---- */

struct pend { uint64_t t, pc; int op, on; };

static void
trace_line(uint64_t *seq, int e, int op, const char *what, uint64_t t,
    uint64_t pc)
{
	of("  %u  %7s  %12s  %5s  %u  pc=%u\n", (*seq)++, engname[e],
	    opname[op], what, t, pc);
}

/*
 * Write the pending ENDs that sort before a START at (t, e): by time, then
 * engine; an END before a START at the same time on the same engine.
 */
static void
flush_ends(struct pend *pd, uint64_t t, int e, uint64_t *seq)
{
	int b, i;

	for (;;) {
		for (b = -1, i = 0; i < NENG; i++)
			if (pd[i].on && (b < 0 || pd[i].t < pd[b].t))
				b = i;
		if (b < 0 || pd[b].t > t || (pd[b].t == t && b > e))
			return;
		trace_line(seq, b, pd[b].op, "END", pd[b].t, pd[b].pc);
		pd[b].on = 0;
	}
}

/* A START and an END within [s, s + 3q]. */
static void
cc_pair(struct rng *r, const char *ev, uint64_t k, uint64_t s, uint64_t q)
{
	of("%14s  %u  START  seq=%u\n", ev, s + rn(r, q + 1), k);
	of("%14s  %u  END    seq=%u\n", ev, s + 2 * q + rn(r, q + 1), k);
}

static void
trace_text(uint64_t n, uint64_t limit)
{
	struct pend pd[NENG];
	struct insn x;
	struct rng r;
	uint64_t i, k, nc, q, s, seq = 1, t0 = 0, t1 = 0, nd = 0, ns = 0;

	memset(pd, 0, sizeof(pd));
	oputs("Instruction trace for ND 0 NC 4\n");
	gen_init();
	for (i = 0; i < n && (limit == 0 || ototal() < limit); i++) {
		gen_next(&x);
		t0 = i == 0 ? x.ts : t0;
		t1 = x.ts + x.dur > t1 ? x.ts + x.dur : t1;
		flush_ends(pd, x.ts, x.eng, &seq);
		trace_line(&seq, x.eng, x.op, "START", x.ts, x.pc);
		pd[x.eng] = (struct pend){ x.ts + x.dur, x.pc, x.op, 1 };
	}
	flush_ends(pd, UINT64_MAX, NENG, &seq);

	/* A TPB_TRIGGER per slot of about 50 instructions, others sometimes. */
	oputs("Collectives trace for CC-core 8\n");
	rng_seed(&r, mix(seed, 0xcc));
	nc = i == 0 ? 0 : i / 50 + 1;
	for (k = 0; k < nc; k++) {
		q = (t1 - t0) / nc / 8;
		s = t0 + k * 8 * q;
		cc_pair(&r, "TPB_TRIGGER", k, s, q);
		if (rn(&r, 4) == 0)
			cc_pair(&r, "DMA_ADVANCE", nd++, s + 4 * q, q / 2);
		if (rn(&r, 8) == 0)
			cc_pair(&r, "SEMAPHORE_WAIT", ns++, s + 6 * q, q / 2);
	}
}

/* ---- Neuron Explorer Instruction rows, and DMA transfers ---- */

#define EX_SPEC "opcode:s start_ts:u engine:s timeline_track:s " \
	"duration_ns:u end_ts:u pc:u operands:f evt_wait_time_ns:u " \
	"dma_wait_time_ns:u hbm_read_bytes:u hbm_write_bytes:u " \
	"sbuf_read_bytes:u sbuf_write_bytes:u psum_read_bytes:u " \
	"bir_debug_info_source_location:o nki_source_location:o layer:f " \
	"hlo_name:f pcore_idx:u raw_flops:u"
#define DMATSV_SPEC "start_ts:u end_ts:u duration_ns:u queue_name:s " \
	"queue_type:s engine_idx:u read_bytes:u write_bytes:u " \
	"transfer_bytes:u throughput:u crc:f"

static void
explorer(uint64_t n, uint64_t limit, int json)
{
	struct insn x;
	uint64_t i;

	if (!json)
		tsv_header(EX_SPEC);
	rows_init(n);
	for (i = 0; i < n && (limit == 0 || ototal() < limit); i++) {
		row_next(&x);
		row(json, &x, EX_SPEC, opname[x.op], x.ts, englow[x.eng],
		    engname[x.eng], x.dur, x.ts + x.dur, x.pc, put_ops, x.wait,
		    x.dwait, x.hbmr, x.hbmw, x.sbr, x.sbw, x.psumr,
		    x.src != 0, put_src, x.nki != 0, put_nki, put_layer,
		    put_hlo, (uint64_t)0, x.flops);
		oputc('\n');
	}
}

/* ---- explorer-parquet ---- */

/*
 * The explorer-tsv rows as a Parquet file, as apache/parquet-format
 * describes it: "PAR1", the column chunks of each row group one after
 * another, the FileMetaData in Thrift's compact protocol, its length as
 * 4 bytes little-endian, "PAR1".  A column chunk is data pages v1, PLAIN
 * values, UNCOMPRESSED; an optional column's page starts with its
 * definition levels (bit width 1) as a 4-byte length and one bit-packed
 * run of the RLE/bit-packed hybrid.  Strings are BYTE_ARRAY with
 * converted type UTF8 and logical type STRING, integers INT64; the two
 * fields explorer-tsv may leave empty are optional and null there.
 *
 * The columns of a row group follow one another in the file, so each
 * column of a group is made by running the model again from the group's
 * start: memory is one page, whatever the row group's size.
 */
#define PQ_GROUP	65536	/* rows per row group */
#define PQ_PAGEVALS	8192	/* values per page, at most */
#define PQ_PAGEBYTES	(1 << 20)	/* a page ends past this size */
#define PQ_NCOL		21

struct pqchunk { uint64_t off, size, nval; };

static struct {
	const char *name[PQ_NCOL];
	size_t	 namelen[PQ_NCOL];
	int	 isstr[PQ_NCOL], opt[PQ_NCOL];
	uint64_t off;			/* bytes written so far */
	unsigned char *val;		/* the page's values */
	size_t	 vlen, vcap;
	unsigned char def[PQ_PAGEVALS / 8];
	uint64_t nval;		/* values in the page, nulls too */
	struct pqchunk *ck;		/* per row group, per column */
	uint64_t nck, capck, ngroup;
} P;

static void
pw(const void *p, size_t n)
{
	if (n > 0 && fwrite(p, 1, n, stdout) != n)
		wfail();
	P.off += n;
}

/* thriftw.h's bytes. */
static void
tw_put(const void *p, size_t n)
{
	pw(p, n);
}

/* Column names and types from EX_SPEC: one schema for both forms. */
static void
pq_schema(void)
{
	const char *p, *c;
	int i;

	for (i = 0, p = EX_SPEC; (c = strchr(p, ':')) != NULL; i++,
	    p = c + 2 + !!c[2]) {
		if (i == PQ_NCOL)
			die(1, "EX_SPEC has more than %d columns", PQ_NCOL);
		P.name[i] = p;
		P.namelen[i] = (size_t)(c - p);
		P.isstr[i] = c[1] != 'u';
	}
	if (i != PQ_NCOL)
		die(1, "EX_SPEC has %d columns, not %d", i, PQ_NCOL);
}

/*
 * Column c of row x, as explorer() writes it: an integer in *v (returns
 * 0), or a string in *s (returns 1; text made here is in out.buf, valid
 * until the next call), or a null (returns -1: empty text in an optional
 * column).
 */
static int
ex_value(const struct insn *x, int c, uint64_t *v, const char **s, size_t *n)
{
	static const uint64_t zero;
	const uint64_t *u[PQ_NCOL] = { NULL, &x->ts, NULL, NULL, &x->dur,
	    NULL, &x->pc, NULL, &x->wait, &x->dwait, &x->hbmr, &x->hbmw,
	    &x->sbr, &x->sbw, &x->psumr, NULL, NULL, NULL, NULL, &zero,
	    &x->flops };
	putfn *fn[PQ_NCOL] = { [7] = put_ops, [15] = put_src, [16] = put_nki,
	    [17] = put_layer, [18] = put_hlo };

	if (c == 5) {
		*v = x->ts + x->dur;
		return 0;
	}
	if (u[c] != NULL) {
		*v = *u[c];
		return 0;
	}
	if (fn[c] != NULL) {
		out.len = 0;
		fn[c](x);
		*s = out.buf;
		*n = out.len;
		return P.opt[c] && *n == 0 ? -1 : 1;
	}
	*s = c == 0 ? opname[x->op] : c == 2 ? englow[x->eng] :
	    engname[x->eng];
	*n = strlen(*s);
	return 1;
}

static void
le32(unsigned char *b, uint64_t v)
{
	b[0] = (unsigned char)v;
	b[1] = (unsigned char)(v >> 8);
	b[2] = (unsigned char)(v >> 16);
	b[3] = (unsigned char)(v >> 24);
}

static void
pq_addval(const void *p, size_t n)
{
	if (n > P.vcap - P.vlen) {
		P.vcap = P.vlen + n + PQ_PAGEBYTES;
		if ((P.val = realloc(P.val, P.vcap)) == NULL)
			die(1, "out of memory");
	}
	memcpy(P.val + P.vlen, p, n);
	P.vlen += n;
}

/* The page so far: header, definition levels if optional, values. */
static void
pq_page(int c)
{
	unsigned char lv[4 + 10 + sizeof(P.def)];
	size_t nlv = 0, ng;
	uint64_t h;

	if (P.nval == 0)
		return;
	if (P.opt[c]) {
		ng = (size_t)(P.nval + 7) / 8;
		nlv = 4;
		for (h = (uint64_t)ng << 1 | 1; h >= 0x80; h >>= 7)
			lv[nlv++] = (unsigned char)(h | 0x80);
		lv[nlv++] = (unsigned char)h;
		memcpy(lv + nlv, P.def, ng);
		nlv += ng;
		le32(lv, nlv - 4);
	}
	tw_reset();
	tw_begin(0);				/* PageHeader */
	tw_i32(1, 0);				/* type: DATA_PAGE */
	tw_i32(2, (int64_t)(nlv + P.vlen));	/* uncompressed_page_size */
	tw_i32(3, (int64_t)(nlv + P.vlen));	/* compressed_page_size */
	tw_begin(5);				/* data_page_header */
	tw_i32(1, (int64_t)P.nval);		/* num_values */
	tw_i32(2, 0);				/* encoding: PLAIN */
	tw_i32(3, 3);			/* definition levels: RLE */
	tw_i32(4, 3);			/* repetition levels: RLE */
	tw_end();
	tw_end();
	pw(lv, nlv);
	pw(P.val, P.vlen);
	P.nval = P.vlen = 0;
	memset(P.def, 0, sizeof(P.def));
}

/* Column c of the m rows from the model's state g, as one column chunk. */
static void
pq_chunk(int c, uint64_t m)
{
	struct pqchunk *k;
	struct insn x;
	unsigned char b[8];
	const char *s = NULL;
	uint64_t i, v = 0;
	size_t n = 0;
	int j, got;

	if (P.nck == P.capck) {
		P.capck = P.capck ? 2 * P.capck : 64;
		if ((P.ck = realloc(P.ck, P.capck * sizeof(*P.ck))) == NULL)
			die(1, "out of memory");
	}
	k = &P.ck[P.nck++];
	k->off = P.off;
	k->nval = m;
	for (i = 0; i < m; i++) {
		gen_next(&x);
		if ((got = ex_value(&x, c, &v, &s, &n)) > 0) {
			le32(b, n);
			pq_addval(b, 4);
			pq_addval(s, n);
		} else if (got == 0) {
			for (j = 0; j < 8; j++)
				b[j] = (unsigned char)(v >> 8 * j);
			pq_addval(b, 8);
		}
		if (got >= 0)
			P.def[P.nval / 8] |= (unsigned char)(1 << P.nval % 8);
		if (++P.nval == PQ_PAGEVALS || P.vlen >= PQ_PAGEBYTES)
			pq_page(c);
	}
	pq_page(c);
	k->size = P.off - k->off;
}

static void
pq_footer(uint64_t nrows)
{
	const struct pqchunk *k;
	uint64_t g, start = P.off, total;
	unsigned char b[4];
	int c;

	tw_reset();
	tw_begin(0);				/* FileMetaData */
	tw_i32(1, 1);				/* version */
	tw_list(2, T_STRUCT, PQ_NCOL + 1);	/* schema */
	tw_begin(0);
	tw_bin(4, "schema", 6);
	tw_i32(5, PQ_NCOL);			/* num_children */
	tw_end();
	for (c = 0; c < PQ_NCOL; c++) {
		tw_begin(0);
		tw_i32(1, P.isstr[c] ? 6 : 2);	/* BYTE_ARRAY, INT64 */
		tw_i32(3, P.opt[c]);		/* REQUIRED, OPTIONAL */
		tw_bin(4, P.name[c], P.namelen[c]);
		if (P.isstr[c]) {
			tw_i32(6, 0);		/* converted_type: UTF8 */
			tw_begin(10);		/* logicalType */
			tw_begin(1);		/* STRING */
			tw_end();
			tw_end();
		}
		tw_end();
	}
	tw_i64(3, (int64_t)nrows);
	tw_list(4, T_STRUCT, P.ngroup);		/* row_groups */
	for (g = 0; g < P.ngroup; g++) {
		k = &P.ck[g * PQ_NCOL];
		tw_begin(0);
		tw_list(1, T_STRUCT, PQ_NCOL);	/* columns */
		for (c = 0, total = 0; c < PQ_NCOL; c++) {
			total += k[c].size;
			tw_begin(0);		/* ColumnChunk */
			tw_i64(2, (int64_t)k[c].off);	/* file_offset */
			tw_begin(3);		/* ColumnMetaData */
			tw_i32(1, P.isstr[c] ? 6 : 2);
			tw_list(2, T_I32, P.opt[c] ? 2 : 1);
			tw_zigzag(0);		/* PLAIN */
			if (P.opt[c])
				tw_zigzag(3);	/* RLE, for the levels */
			tw_list(3, T_BINARY, 1);
			tw_varint(P.namelen[c]);
			pw(P.name[c], P.namelen[c]);
			tw_i32(4, 0);		/* UNCOMPRESSED */
			tw_i64(5, (int64_t)k[c].nval);
			tw_i64(6, (int64_t)k[c].size);
			tw_i64(7, (int64_t)k[c].size);
			tw_i64(9, (int64_t)k[c].off);	/* data_page_off. */
			tw_end();
			tw_end();
		}
		tw_i64(2, (int64_t)total);	/* total_byte_size */
		tw_i64(3, (int64_t)k[0].nval);	/* num_rows */
		tw_end();
	}
	tw_bin(6, "npgen", 5);			/* created_by */
	tw_end();
	le32(b, P.off - start);
	pw(b, 4);
	pw("PAR1", 4);
}

/* -b: the rows whose values come to limit bytes, about the file's size. */
static uint64_t
pq_count(uint64_t limit)
{
	struct insn x;
	const char *s;
	uint64_t i, v, total = 0;
	size_t n;
	int c, got;

	for (gen_init(), i = 0; total < limit; i++) {
		gen_next(&x);
		for (c = 0; c < PQ_NCOL; c++)
			if ((got = ex_value(&x, c, &v, &s, &n)) >= 0)
				total += got ? 4 + n : 8;
	}
	return i;
}

static void
explorer_parquet(uint64_t n, uint64_t limit)
{
	static unsigned char start[sizeof(G)];
	static char obuf[1 << 16];
	uint64_t done, m;
	int c;

	pq_schema();
	P.opt[15] = P.opt[16] = 1;	/* source locations: often none */
	if (limit)
		n = pq_count(limit);
	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	pw("PAR1", 4);
	gen_init();
	for (done = 0; done < n; done += m, P.ngroup++) {
		m = n - done < PQ_GROUP ? n - done : PQ_GROUP;
		memcpy(start, &G, sizeof(G));
		for (c = 0; c < PQ_NCOL; c++) {
			memcpy(&G, start, sizeof(G));
			pq_chunk(c, m);
		}
	}
	pq_footer(n);
	out.len = 0;
}

static void
dma_lines(const struct insn *x)
{
	of("  %u  %s  M2S_SOP  -       %u\n", 2 * x->didx + 1, qname[x->dq],
	    x->dts);
	of("  %u  %s  S2M_EOP  0x%x  %u  bytes=%u\n", 2 * x->didx + 2,
	    qname[x->dq], x->dcrc, x->dts + x->ddur, x->dsize);
}

/* The text groups by queue: one pass over the model per queue. */
static void
dma_text(uint64_t n)
{
	struct insn x;
	uint64_t i, q, head;

	for (q = 0; q < NQ; q++)
		for (gen_init(), i = head = 0; i < n; i++) {
			gen_next(&x);
			if (!x.dma || x.dq != q)
				continue;
			if (head++ == 0)
				of("DMA trace for ND 0 NC 4 queue %s\n",
				    qname[q]);
			dma_lines(&x);
		}
}

static void
dma_tsv(uint64_t n, uint64_t limit)
{
	struct insn x;
	uint64_t i;

	tsv_header(DMATSV_SPEC);
	rows_init(n);
	for (i = 0; i < n && (limit == 0 || ototal() < limit); i++) {
		if (row_next(&x), !x.dma)
			continue;
		row(0, &x, DMATSV_SPEC, x.dts, x.dts + x.ddur, x.ddur,
		    qname[x.dq], x.dq < 4 ? "sync_io" : "vector_sp", x.dq,
		    x.dsize, x.dsize, x.dsize, x.dsize * 1000000000 / x.ddur,
		    put_crc);
		oputc('\n');
	}
}

/*
 * -b for the formats that need the row count before the rows (view-json
 * writes its dma table first, dma-text groups by queue): render the rows
 * into a counting sink until the limit.  The small tables do not count.
 */
static uint64_t
count_rows(int fmt, uint64_t limit)
{
	struct insn x;
	uint64_t i;

	out.discard = 1;
	jw.depth = 2;
	jw.has[2] = 1;
	for (gen_init(), i = 0; ototal() < limit; i++) {
		gen_next(&x);
		if (fmt == VIEW_JSON)
			vj_insn(&x);
		if (x.dma)
			fmt == VIEW_JSON ? vj_dma(&x) : dma_lines(&x);
	}
	out.discard = 0;
	out.len = out.flushed = 0;
	jw.depth = 0;
	return i;
}

static uint64_t
number(int opt, const char *s, uint64_t lo, uint64_t hi)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno == ERANGE ||
	    v < lo || v > hi)
		die(2, "-%c: bad number: %s", opt, s);
	return v;
}

int
main(int argc, char *argv[])
{
	uint64_t n = 100, limit = 0;
	int ch, fmt, nflag = 0;

	while ((ch = getopt(argc, argv, "b:e:hn:ps:x:")) != -1)
		switch (ch) {
		case 'b':
			limit = number(ch, optarg, 1, UINT64_MAX);
			break;
		case 'e':
			neng = (int)number(ch, optarg, 1, NENG);
			break;
		case 'n':
			n = number(ch, optarg, 0, UINT64_MAX);
			nflag = 1;
			break;
		case 'p':
			jw.pretty = 1;
			break;
		case 's':
			seed = number(ch, optarg, 0, UINT64_MAX);
			break;
		case 'x':
			shufblock = number(ch, optarg, 1, 10000000);
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc != 1 || (nflag && limit))
		usage();
	for (fmt = 0; fmt < NFMT && strcmp(argv[0], fmtname[fmt]) != 0; fmt++)
		continue;
	if (fmt == NFMT)
		die(2, "unknown format: %s", argv[0]);
	if (jw.pretty && fmt != VIEW_JSON)
		die(2, "-p applies to view-json only");
	if (shufblock && (fmt == TRACE_TEXT || fmt == DMA_TEXT ||
	    fmt == EXPLORER_PARQUET))
		die(2, "-x applies to view-json, explorer-tsv, explorer-jsonl "
		    "and dma-tsv only");

	stop[0][0] = stop[0]['%'] = 1;
	stop[1][0] = stop[1]['%'] = stop[1]['<'] = stop[1]['>'] = 1;
	stop[1]['&'] = 1;
	goesc = fmt == VIEW_JSON;
	if (limit && (fmt == VIEW_JSON || fmt == DMA_TEXT)) {
		n = count_rows(fmt, limit);
		limit = 0;
	} else if (limit && fmt != EXPLORER_PARQUET)
		n = UINT64_MAX;
	if (fmt != EXPLORER_PARQUET)	/* out.buf is the buffer */
		setvbuf(stdout, NULL, _IONBF, 0);
	switch (fmt) {
	case VIEW_JSON:
		view_json(n);
		break;
	case TRACE_TEXT:
		trace_text(n, limit);
		break;
	case EXPLORER_TSV:
	case EXPLORER_JSONL:
		explorer(n, limit, fmt == EXPLORER_JSONL);
		break;
	case EXPLORER_PARQUET:
		explorer_parquet(n, limit);
		break;
	case DMA_TEXT:
		dma_text(n);
		break;
	default:
		dma_tsv(n, limit);
		break;
	}
	oflush();
	if (fflush(stdout) == EOF || ferror(stdout) || fclose(stdout) == EOF)
		wfail();
	return 0;
}
