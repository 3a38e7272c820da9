/*
 * npgen: write a deterministic synthetic Neuron profile, for np's tests
 * and for `make bench`.  The formats are those of shared/FORMATS.md
 * sections 3, 4, 7 and 8.
 *
 * One seeded model (per-engine instruction timelines, some of which
 * trigger DMA transfers) is generated independently of the format, so
 * the same seed and -n describe the same instructions in every format
 * and a test can compare np-trace's output across them.  Filler text
 * (operands, hlo_attrs, ...) comes from per-row streams seeded by
 * (seed, row), so it never disturbs the model and is the same text in
 * every format that shows it.
 *
 * cc -std=c11 -O2 -o npgen npgen.c
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BASE_TS	10261883214ULL
#define NENG	5
#define NQ	6
#define NOP	14
#define NFRAME	32
#define OBUFSZ	(1 << 20)

enum { VIEW_JSON, TRACE_TEXT, EXPLORER_TSV, EXPLORER_JSONL, DMA_TEXT, DMA_TSV };
static const char *const fmtname[] = { "view-json", "trace-text",
    "explorer-tsv", "explorer-jsonl", "dma-text", "dma-tsv" };

static const char *const engname[NENG] = { "Tensor", "Vector", "Scalar",
    "GpSimd", "Sync" };
static const char *const englow[NENG] = { "tensor", "vector", "scalar",
    "gpsimd", "sync" };
/* Opcodes of engine e are opname[opfirst[e]] .. opname[opfirst[e + 1] - 1]. */
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
static const char *const dmaop[] = { "COPY", "WRITE", "TRANSPOSE" };
static const char *const place[][2] = { { "INPUT", NULL }, { "OUTPUT", NULL },
    { "SBUF", "partition 0-127" }, { "HBM", "weights (bf16)" },
    { "PSUM", "bank 2" } };
static const char *const actfn[] = { "gelu", "silu", "exp", "rsqrt" };

/*
 * One instruction and the DMA transfer it may trigger.  Every integer is
 * uint64_t because of() takes only uint64_t; 0 means "none" for src,
 * nki and dsem.
 */
struct insn {
	int	 eng, op, dma;
	uint64_t idx, ts, dur, pc, wait, dwait, rawbir, flops;
	uint64_t hbmr, hbmw, sbr, sbw, psumr;
	uint64_t src, nki, layer, sub, sg, spill, hlo, hlonum;
	uint64_t didx, dq, dts, ddur, dsize, dcrc, dsem, dop, dsrc, ddst;
};

/* xorshift64*: fast, and good enough for filler; the state is never 0. */
struct rng { uint64_t s; };

static uint64_t	 seed = 1;
static int	 neng = NENG, goesc;
static struct {
	struct { struct rng r; uint64_t t, pc; struct insn nx; } e[NENG];
	uint64_t idx, didx, qfree[NQ];
} G;
static struct {
	char	 buf[OBUFSZ];
	size_t	 len;
	uint64_t flushed;
	int	 discard;	/* count bytes only (sizing a -b run) */
} out;
static struct { int pretty, depth, afterkey; unsigned char has[16]; } jw;

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
	    "format\n"
	    "formats: view-json trace-text explorer-tsv explorer-jsonl "
	    "dma-text dma-tsv\n", stderr);
	exit(2);
}

/* splitmix64 of a and b: decorrelates the streams seeded from one seed. */
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
	r->s = s ? s : 0x9e3779b97f4a7c15ULL;
}

/* A value in [0, n); the modulo bias is irrelevant here. */
static uint64_t
rn(struct rng *r, uint64_t n)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return ((x * 0x2545f4914f6cdd1dULL) >> 8) % n;
}

static uint64_t
rr(struct rng *r, uint64_t lo, uint64_t hi)
{
	return lo + rn(r, hi - lo + 1);
}

/* ---- output: one big buffer, so rows cost memcpy, not stdio calls ---- */

static void
wfail(void)
{
	if (errno == EPIPE)	/* the reader has seen enough: not an error */
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

static void
oput(const char *s, size_t n)
{
	while (n > OBUFSZ - out.len) {
		size_t k = OBUFSZ - out.len;

		memcpy(out.buf + out.len, s, k);
		out.len += k;
		s += k;
		n -= k;
		oflush();
	}
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

static void
oputu(uint64_t v)
{
	char t[20], *p = t + sizeof(t);

	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	oput(p, (size_t)(t + sizeof(t) - p));
}

/* Left-justified in a field of w, like Go's %-*s; never truncates. */
static void
opad(const char *s, size_t w)
{
	size_t n = strlen(s);

	oput(s, n);
	while (n++ < w)
		oputc(' ');
}

/*
 * A tiny printf for the hot paths: %s (string), %u (uint64_t), %x
 * (uint64_t, at least 4 hex digits), %%.  In view-json (goesc) literal
 * < > & become \u003c \u003e \u0026, as Go's encoding/json writes them.
 */
static unsigned char stop[2][256];

static void
of(const char *fmt, ...)
{
	static const char hex[] = "0123456789abcdef";
	va_list ap;
	const char *p = fmt;
	char t[16];
	uint64_t v;
	size_t k;
	int i;

	va_start(ap, fmt);
	for (;;) {
		/* strcspn(3) would rebuild its table on every call: too slow. */
		for (k = 0; !stop[goesc][(unsigned char)p[k]]; k++)
			continue;
		oput(p, k);
		p += k;
		if (*p == '\0')
			break;
		if (*p != '%') {
			oputs(*p == '<' ? "\\u003c" : *p == '>' ? "\\u003e" :
			    "\\u0026");
			p++;
			continue;
		}
		switch (p[1]) {
		case 's':
			oputs(va_arg(ap, const char *));
			break;
		case 'u':
			oputu(va_arg(ap, uint64_t));
			break;
		case 'x':
			v = va_arg(ap, uint64_t);
			for (i = 0; i < 4 || v != 0; i++, v >>= 4)
				t[15 - i] = hex[v & 15];
			oput(t + 16 - i, (size_t)i);
			break;
		default:
			oputc('%');
			break;
		}
		p += 2;
	}
	va_end(ap);
}

/*
 * JSON structure, compact or indented like Go's json.MarshalIndent(v,
 * "", "    ").  Keys are written by the callers in sorted order.
 */
static void
jw_nl(void)
{
	int i;

	oputc('\n');
	for (i = 0; i < jw.depth; i++)
		oput("    ", 4);
}

static void
jw_val(void)
{
	if (jw.afterkey) {
		jw.afterkey = 0;
		return;
	}
	if (jw.depth == 0)
		return;
	if (jw.has[jw.depth])
		oputc(',');
	jw.has[jw.depth] = 1;
	if (jw.pretty)
		jw_nl();
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
	int had = jw.has[jw.depth--];

	if (jw.pretty && had)
		jw_nl();
	oputc(c);
}

static void
jw_key(const char *k)
{
	jw_val();
	oputc('"');
	oputs(k);
	oput("\": ", jw.pretty ? 3 : 2);
	jw.afterkey = 1;
}

static void jw_u(uint64_t v) { jw_val(); oputu(v); }
static void jw_s(const char *s) { jw_val(); oputc('"'); oputs(s); oputc('"'); }
/* Opens a string whose text the caller writes, closing quote included. */
static void jw_q(void) { jw_val(); oputc('"'); }

/* ---- the model ---- */

static uint64_t
nbytes(struct rng *r, int dmaop)
{
	if (dmaop && rn(r, 4) == 0)
		return rr(r, 4, 256);	/* skinny DMAs, for np-dma to flag */
	return rn(r, 3) == 0 ? 0 : 64ULL << rn(r, 15);
}

static void
gen_fill(int e)
{
	struct rng *r = &G.e[e].r;
	struct insn *x = &G.e[e].nx;
	int isdma;

	x->eng = e;
	/* Mostly back to back; sometimes a long idle gap for np-gaps. */
	x->ts = G.e[e].t + (rn(r, 10) == 0 ? rr(r, 1000, 20000) : rn(r, 201));
	x->dur = rr(r, 50, 3000);
	G.e[e].t = x->ts + x->dur;
	x->op = opfirst[e] + (int)rn(r, (uint64_t)(opfirst[e + 1] - opfirst[e]));
	isdma = strncmp(opname[x->op], "DMA_", 4) == 0;
	x->pc = G.e[e].pc += 1 + rn(r, 4);
	x->wait = rn(r, 10) < 6 ? 0 : rr(r, 10, 50000);
	x->dwait = rn(r, 5) == 0 ? rr(r, 1, 5000) : 0;
	x->hbmr = nbytes(r, isdma);
	x->hbmw = nbytes(r, isdma);
	x->sbr = nbytes(r, isdma);
	x->sbw = nbytes(r, isdma);
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
	/* The DMA fields are drawn even when unused, to keep the stream simple. */
	x->dma = rn(r, 4) == 0;
	x->dq = e == 4 ? rn(r, 4) : e == 1 ? 4 + rn(r, 2) : rn(r, NQ);
	x->dsize = rn(r, 5) == 0 ? rr(r, 4, 256) : 64ULL << rn(r, 13);
	x->ddur = 300 + x->dsize / 50 + rn(r, 200);
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

/* The next instruction in global start order (tie: lower engine). */
static void
gen_next(struct insn *x)
{
	int b = 0, e;

	for (e = 1; e < neng; e++)
		if (G.e[e].nx.ts < G.e[b].nx.ts)
			b = e;
	*x = G.e[b].nx;
	x->idx = G.idx++;
	if (x->dma) {	/* queues carry one transfer at a time */
		x->didx = G.didx++;
		x->dts = x->ts + 20 + x->dur / 4;
		if (x->dts < G.qfree[x->dq])
			x->dts = G.qfree[x->dq];
		G.qfree[x->dq] = x->dts + x->ddur;
	}
	gen_fill(b);
}

/* ---- text shared by the formats ---- */

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
	uint64_t k = x->hlonum;

	switch (x->hlo) {
	case 0:
		of("%%add.%u = add(%%dot.%u, %%custom-call.%u)", k, k + 1, k + 44);
		break;
	case 1:
		of("%%dot.%u = dot(%%p0.%u, %%transpose.%u), "
		    "lhs_contracting_dims={1}, rhs_contracting_dims={0}", k, k, k + 3);
		break;
	case 2:
		of("%%fusion.%u = fusion(%%param.%u, %%broadcast.%u), kind=kLoop, "
		    "calls=%%fused_computation.%u", k, k, k + 7, k);
		break;
	default:
		of("%%custom-call.%u = custom-call(%%p1.%u), "
		    "custom_call_target=AwsNeuronSoftmax", k, k);
		break;
	}
}

/*
 * operands / compiler_operands: long free text from fragments shaped like
 * the real thing.  It never holds a quote, backslash, tab or newline, so it
 * goes into JSON and TSV as is (only Go's < > & escapes apply).
 */
static void
put_operands(const struct insn *x, int compiler)
{
	struct rng f;
	uint64_t i, n;

	/* Count fragments, not bytes: Go's escapes must not change the text. */
	rowrng(&f, x, compiler ? 2 : 1);
	for (i = 0, n = 8 + rn(&f, 26); i < n; i++) {
		if (i > 0)
			oputc(' ');
		switch (rn(&f, 4) + (compiler ? 4 : 0)) {
		case 0:
			of("S[%u] (%s)++@complete acc_flags=%u src=[sb:0x%x "
			    "part=%u stride=[%u,%u] num=[%u,%u]]", rn(&f, 32),
			    engname[x->eng], rn(&f, 8), rn(&f, 0x30000),
			    rn(&f, 129), rn(&f, 4) + 1, rn(&f, 2048), rn(&f, 128) + 1,
			    rn(&f, 512) + 1);
			break;
		case 1:
			of("dst=[psum:0x%x part=%u bank=%u] acc=accumulate",
			    rn(&f, 0x4000), rn(&f, 129), rn(&f, 8));
			break;
		case 2:
			of("wait(S[%u]>=%u) (%s)", rn(&f, 32), rn(&f, 4096),
			    qname[x->dq]);
			break;
		case 3:
			of("%%t%u = bf16<%u x %u> @sb[0x%x]", rn(&f, 9999),
			    rn(&f, 128) + 1, rn(&f, 4096) + 1, rn(&f, 0x30000));
			break;
		case 4:
			of("$t%u[%u:%u, %u:%u] (bf16, part %u)", rn(&f, 9999),
			    rn(&f, 64), rn(&f, 64) + 64, rn(&f, 512),
			    rn(&f, 512) + 512, rn(&f, 128));
			break;
		case 5:
			of("%%psum.%u = PSUM[bank %u] @0x%x", rn(&f, 999),
			    rn(&f, 8), rn(&f, 0x4000));
			break;
		case 6:
			of("ACT(func=%s, scale=%u.0, bias=%%t%u)", actfn[rn(&f, 4)],
			    rn(&f, 4) + 1, rn(&f, 9999));
			break;
		default:
			of("Q[%s].pop(%u) & barrier@%u", qname[x->dq],
			    rn(&f, 16) + 1, rn(&f, 99999));
			break;
		}
	}
}

/* The text of a JSON string value holding JSON: \" escapes, some \\ and \n. */
#define Q "\\\""
static void
put_hlo_attrs(const struct insn *x)
{
	struct rng f;
	uint64_t start = ototal(), len;

	rowrng(&f, x, 3);
	len = 300 + rn(&f, 900);
	of("{" Q "backend_config" Q ":{" Q "operation_queue_id" Q ":" Q "%u" Q
	    "," Q "wait_on_operation_queues" Q ":[%u,%u]},", rn(&f, 8),
	    rn(&f, 8), rn(&f, 8));
	if (rn(&f, 3) == 0)
		oputs("\\n");	/* a raw newline in the decoded JSON */
	of(Q "metadata" Q ":{" Q "op_name" Q ":" Q "jit(forward)/model.layers.%u"
	    "/dot_general" Q "," Q "op_type" Q ":" Q "dot_general" Q ","
	    Q "source_file" Q ":" Q "/home/user/model/modeling_llama.py" Q ","
	    Q "source_line" Q ":%u}", x->layer, x->src);
	if (rn(&f, 4) == 0)
		of("," Q "note" Q ":" Q "caf\\u00e9 (fused %u%%)\\\\nline 2" Q,
		    rn(&f, 100));
	if (rn(&f, 4) == 0)
		oputs("," Q "neff_dir" Q ":" Q "C:\\\\\\\\build\\\\\\\\neff" Q);
	oputs("," Q "replica_groups" Q ":[");
	while (ototal() - start < len)
		of("[%u,%u,%u,%u],", rn(&f, 64), rn(&f, 64), rn(&f, 64),
		    rn(&f, 64));
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

/* ---- view-json ---- */

struct stats {
	uint64_t first, last, n, ndma, dbytes, ddur, hbmr, hbmw, sbr, sbw;
	uint64_t cnt[NENG], busy[NENG], opcnt[NOP], opdur[NOP];
};

static void
vj_insn(const struct insn *x)
{
	jw_open('{');
	jw_key("bir_debug_info_source_location"); jw_q(); put_src(x); oputc('"');
	jw_key("compiler_opcode"); jw_s(opname[x->op]);
	jw_key("compiler_operands"); jw_q(); put_operands(x, 1); oputc('"');
	jw_key("compiler_pc"); jw_u(x->pc);
	jw_key("duration"); jw_u(x->dur);
	jw_key("evt_wait_time"); jw_u(x->wait);
	jw_key("hbm_read_bytes"); jw_u(x->hbmr);
	jw_key("hbm_write_bytes"); jw_u(x->hbmw);
	jw_key("hlo_attrs"); jw_q(); put_hlo_attrs(x); oputc('"');
	jw_key("hlo_name"); jw_q(); put_hlo(x); oputc('"');
	jw_key("instruction_type"); jw_s(x->spill ? "SPILL" : "REGULAR");
	jw_key("label"); jw_s(engname[x->eng]);
	jw_key("layer"); jw_q(); put_layer(x); oputc('"');
	jw_key("nki_source_location"); jw_q(); put_nki(x); oputc('"');
	jw_key("opcode"); jw_s(opname[x->op]);
	jw_key("operands"); jw_q(); put_operands(x, 0); oputc('"');
	jw_key("raw_bir_id"); jw_u(x->rawbir);
	jw_key("sbuf_read_bytes"); jw_u(x->sbr);
	jw_key("sbuf_write_bytes"); jw_u(x->sbw);
	jw_key("stack_frame_ids"); jw_q(); put_stack(x); oputc('"');
	jw_key("subgraph"); jw_s(x->sg ? "sg01" : "sg00");
	jw_key("subgroup"); jw_s(engname[x->eng]);
	jw_key("timestamp"); jw_u(x->ts);
	jw_close('}');
}

static void
vj_place(uint64_t k)
{
	jw_open('[');
	jw_open('[');
	jw_s(place[k][0]);
	if (place[k][1] != NULL)
		jw_s(place[k][1]);
	jw_close(']');
	jw_close(']');
}

static void
vj_dma(const struct insn *x)
{
	jw_open('{');
	jw_key("destination"); vj_place(x->ddst);
	jw_key("duration"); jw_u(x->ddur);
	jw_key("op"); jw_s(dmaop[x->dop]);
	jw_key("semaphore_id");
	if (x->dsem) {
		jw_q();
		of("S[%u] (%s)\"", x->dsem - 1, qname[x->dq]);
	} else
		jw_s("-1");
	jw_key("source"); vj_place(x->dsrc);
	jw_key("subgroup"); jw_s(qname[x->dq]);
	jw_key("timestamp"); jw_u(x->dts);
	jw_key("transfer_size"); jw_u(x->dsize);
	jw_key("variable"); jw_q();
	of(x->dsrc < 2 ? "input_ids (%u)\"" :
	    "model.layers.%u.self_attn.q_proj.weight\"", x->layer);
	jw_close('}');
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
	for (p = 1; ; p++) {
		snprintf(t, sizeof(t), "%.*e", p - 1, v);
		if (p == 17 || strtod(t, NULL) == v)
			break;
	}
	e = strchr(t, 'e');
	x = atoi(e + 1);
	if (a >= 1e-6 && a < 1e21) {
		snprintf(b, n, "%.*f", p - 1 - x > 0 ? p - 1 - x : 0, v);
		return;
	}
	snprintf(b, n, "%.*se%c%d", (int)(e - t), t, x < 0 ? '-' : '+',
	    x < 0 ? -x : x);
}

struct kv { char k[48], v[48]; };

static int
kvcmp(const void *a, const void *b)
{
	return strcmp(((const struct kv *)a)->k, ((const struct kv *)b)->k);
}

static void
vj_summary(const struct stats *s)
{
	struct kv kv[48];
	double tt = (double)(s->last - s->first) / 1e9, act = 0;
	size_t n = 0, i;
	int e;

#define KV(key, ...) do { snprintf(kv[n].k, sizeof(kv[n].k), "%s", key); \
	snprintf(kv[n].v, sizeof(kv[n].v), __VA_ARGS__); n++; } while (0)
#define KVF(key, val) do { snprintf(kv[n].k, sizeof(kv[n].k), "%s", key); \
	gofloat(kv[n].v, sizeof(kv[n].v), val); n++; } while (0)
	for (e = 0; e < neng; e++) {
		double busy = (double)s->busy[e] / 1e9;

		act = busy > act ? busy : act;
		snprintf(kv[n].k, sizeof(kv[n].k), "%s_engine_active_time",
		    englow[e]);
		gofloat(kv[n].v, sizeof(kv[n].v), busy);
		n++;
		snprintf(kv[n].k, sizeof(kv[n].k), "%s_engine_active_time_percent",
		    englow[e]);
		gofloat(kv[n].v, sizeof(kv[n].v), tt > 0 ? busy / tt : 0);
		n++;
		snprintf(kv[n].k, sizeof(kv[n].k), "%s_engine_instruction_count",
		    englow[e]);
		snprintf(kv[n].v, sizeof(kv[n].v), "%llu",
		    (unsigned long long)s->cnt[e]);
		n++;
	}
	KV("dma_transfer_count", "%llu", (unsigned long long)s->ndma);
	KV("dma_transfer_total_bytes", "%llu", (unsigned long long)s->dbytes);
	KVF("dma_transfer_average_time", s->ndma ?
	    (double)s->ddur / (double)s->ndma / 1e9 : 0);
	KV("event_count", "%llu", (unsigned long long)(2 * s->n));
	KV("hbm_read_bytes", "%llu", (unsigned long long)s->hbmr);
	KV("hbm_write_bytes", "%llu", (unsigned long long)s->hbmw);
	KV("instance_type", "\"trn1.32xlarge\"");
	KVF("mfu_estimated_percent", 0);
	KV("nc_idx", "4");
	KV("nd_idx", "0");
	KV("neuroncore_cycle_count", "%llu",
	    (unsigned long long)((s->last - s->first) * 14 / 10));
	KV("sbuf_read_bytes", "%llu", (unsigned long long)s->sbr);
	KV("sbuf_write_bytes", "%llu", (unsigned long long)s->sbw);
	KVF("total_active_time", act);
	KVF("total_time", tt);
	qsort(kv, n, sizeof(kv[0]), kvcmp);
	jw_open('{');
	for (i = 0; i < n; i++) {
		jw_key(kv[i].k);
		jw_val();
		oputs(kv[i].v);
	}
	jw_close('}');
}

static void
view_json(uint64_t n)
{
	struct stats s;
	struct insn x;
	struct rng f;
	uint64_t i, t;
	int e, o;

	goesc = 1;
	rng_seed(&f, mix(seed, 0x7ab1e5));
	jw_open('{');
	jw_key("active_time");
	jw_open('[');
	for (e = 0, t = BASE_TS; e < neng; e++, t += rr(&f, 1000, 9000)) {
		jw_open('{');
		jw_key("duration"); jw_u(rr(&f, 1000, 90000));
		jw_key("label"); jw_s(engname[e]);
		jw_key("timestamp"); jw_u(t);
		jw_close('}');
	}
	jw_close(']');
	jw_key("cc_stream");
	jw_open('[');
	for (i = 0, t = BASE_TS; i < 3; i++, t += rr(&f, 10000, 90000)) {
		jw_open('{');
		jw_key("duration"); jw_u(rr(&f, 2000, 40000));
		jw_key("operation"); jw_s(i == 1 ? "AllGather" : "AllReduce");
		jw_key("replica_group"); jw_s("[[0,1,2,3,4,5,6,7]]");
		jw_key("stream_id"); jw_u(i);
		jw_key("timestamp"); jw_u(t);
		jw_close('}');
	}
	jw_close(']');
	jw_key("dma");
	jw_open('[');
	gen_init();
	for (i = 0; i < n; i++) {
		gen_next(&x);
		if (x.dma)
			vj_dma(&x);
	}
	jw_close(']');
	jw_key("instruction");
	jw_open('[');
	memset(&s, 0, sizeof(s));
	gen_init();
	for (i = 0; i < n; i++) {
		gen_next(&x);
		vj_insn(&x);
		if (i == 0)
			s.first = s.last = x.ts;
		if (x.ts + x.dur > s.last)
			s.last = x.ts + x.dur;
		s.n++;
		s.cnt[x.eng]++;
		s.busy[x.eng] += x.dur;
		s.opcnt[x.op]++;
		s.opdur[x.op] += x.dur;
		s.hbmr += x.hbmr;
		s.hbmw += x.hbmw;
		s.sbr += x.sbr;
		s.sbw += x.sbw;
		if (x.dma) {
			s.ndma++;
			s.dbytes += x.dsize;
			s.ddur += x.ddur;
		}
	}
	jw_close(']');
	jw_key("instruction_usage");
	jw_open('[');
	for (e = 0; e < neng; e++)
		for (o = opfirst[e]; o < opfirst[e + 1]; o++) {
			if (s.opcnt[o] == 0)
				continue;
			jw_open('{');
			jw_key("count"); jw_u(s.opcnt[o]);
			jw_key("label"); jw_s(engname[e]);
			jw_key("opcode"); jw_s(opname[o]);
			jw_key("total_duration"); jw_u(s.opdur[o]);
			jw_close('}');
		}
	jw_close(']');
	jw_key("metadata");
	jw_open('[');
	jw_open('{');
	jw_key("app_version"); jw_s("2.23.0.0");
	jw_key("hostname"); jw_s("ip-10-1-2-3");
	jw_key("instance_type"); jw_s("trn1.32xlarge");
	jw_key("model_name"); jw_s("/home/user/model/neff/graph (rank 0).neff");
	jw_key("nc_idx"); jw_u(4);
	jw_key("nd_idx"); jw_u(0);
	jw_key("num_engines"); jw_u((uint64_t)neng);
	jw_close('}');
	jw_close(']');
	jw_key("semaphore_update");
	jw_open('[');
	for (i = 0, t = s.first; i < 4; i++, t += rr(&f, 100, 5000)) {
		jw_open('{');
		jw_key("label"); jw_s("Sync");
		jw_key("semaphore"); jw_q(); of("S[%u] (%s)\"", 20 + i, qname[i]);
		jw_key("timestamp"); jw_u(t);
		jw_key("value"); jw_u(i + 1);
		jw_close('}');
	}
	jw_close(']');
	jw_key("stack_frame_function_name");
	jw_open('[');
	for (i = 0; i < NFRAME; i++) {
		static const char *const fn[] = { "forward (modeling_llama.py:%u)",
		    "_call_impl (torch/nn/modules/module.py:%u)",
		    "decoder_layer @ layers.%u", "<lambda> (jit/trace.py:%u)" };

		jw_open('{');
		jw_key("function_name"); jw_q(); of(fn[i % 4], 100 + 37 * i);
		oputc('"');
		jw_key("id"); jw_u(i);
		jw_close('}');
	}
	jw_close(']');
	jw_key("summary");
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
	of("  %u  ", (*seq)++);
	opad(engname[e], 7);
	oput("  ", 2);
	opad(opname[op], 12);
	oput("  ", 2);
	opad(what, 5);
	of("  %u  pc=%u\n", t, pc);
}

/*
 * Write the pending ENDs that sort before a START at (t, e): by time,
 * then engine, an END before a START at the same time on the same engine.
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

static void
cc_pair(struct rng *r, const char *ev, uint64_t k, uint64_t s, uint64_t q,
    uint64_t sem)
{
	uint64_t t = s + rn(r, q + 1);
	const char *what = "START";
	int i;

	for (i = 0; i < 2; i++, what = "END", t = s + 2 * q + rn(r, q + 1)) {
		opad(ev, 14);
		of("  %u  ", t);
		opad(what, 5);
		of("  seq=%u", k);
		if (sem)
			of("  sem=S[%u]", sem);
		oputc('\n');
	}
}

static void
trace_text(uint64_t n, uint64_t limit)
{
	struct pend pd[NENG];
	struct insn x;
	struct rng r;
	uint64_t i, k, nc, step, seq = 1, t0 = 0, t1 = 0, ndma = 0, nsem = 0;

	memset(pd, 0, sizeof(pd));
	oputs("Instruction trace for ND 0 NC 4\n");
	gen_init();
	for (i = 0; i < n && (limit == 0 || ototal() < limit); i++) {
		gen_next(&x);
		if (i == 0)
			t0 = x.ts;
		if (x.ts + x.dur > t1)
			t1 = x.ts + x.dur;
		flush_ends(pd, x.ts, x.eng, &seq);
		trace_line(&seq, x.eng, x.op, "START", x.ts, x.pc);
		pd[x.eng] = (struct pend){ x.ts + x.dur, x.pc, x.op, 1 };
	}
	flush_ends(pd, UINT64_MAX, NENG, &seq);

	/* One TPB_TRIGGER per slot of ~50 instructions, others now and then. */
	oputs("Collectives trace for CC-core 8\n");
	rng_seed(&r, mix(seed, 0xcc));
	nc = i == 0 ? 0 : i / 50 + 1;
	step = nc ? (t1 - t0) / nc : 0;
	for (k = 0; k < nc; k++) {
		uint64_t s = t0 + k * step, q = step / 8;

		cc_pair(&r, "TPB_TRIGGER", k, s, q, 0);
		if (rn(&r, 4) == 0)
			cc_pair(&r, "DMA_ADVANCE", ndma++, s + 4 * q, q / 2, 0);
		if (rn(&r, 8) == 0)
			cc_pair(&r, "SEMAPHORE_WAIT", nsem++, s + 6 * q, q / 2,
			    1 + rn(&r, 32));
	}
}

/* ---- Neuron Explorer rows: TSV or JSON lines ---- */

static const char *const excol[] = { "opcode", "start_ts", "engine",
    "timeline_track", "duration_ns", "end_ts", "pc", "operands",
    "evt_wait_time_ns", "dma_wait_time_ns", "hbm_read_bytes",
    "hbm_write_bytes", "sbuf_read_bytes", "sbuf_write_bytes",
    "psum_read_bytes", "bir_debug_info_source_location",
    "nki_source_location", "layer", "hlo_name", "pcore_idx", "raw_flops" };
#define NEXCOL (sizeof(excol) / sizeof(excol[0]))

static void
explorer_row(const struct insn *x, int json)
{
	size_t c;
	uint64_t v;

	if (json)
		jw_open('{');
	for (c = 0; c < NEXCOL; c++) {
		if (json)
			jw_key(excol[c]);
		else if (c > 0)
			oputc('\t');
		switch (c) {
		case 1: v = x->ts; break;
		case 4: v = x->dur; break;
		case 5: v = x->ts + x->dur; break;
		case 6: v = x->pc; break;
		case 8: v = x->wait; break;
		case 9: v = x->dwait; break;
		case 10: v = x->hbmr; break;
		case 11: v = x->hbmw; break;
		case 12: v = x->sbr; break;
		case 13: v = x->sbw; break;
		case 14: v = x->psumr; break;
		case 19: v = 0; break;
		case 20: v = x->flops; break;
		default:	/* a string */
			if (json)
				jw_q();
			switch (c) {
			case 0: oputs(opname[x->op]); break;
			case 2: oputs(englow[x->eng]); break;
			case 3: oputs(engname[x->eng]); break;
			case 7: put_operands(x, 0); break;
			case 15: put_src(x); break;
			case 16: put_nki(x); break;
			case 17: put_layer(x); break;
			default: put_hlo(x); break;
			}
			if (json)
				oputc('"');
			continue;
		}
		if (json)
			jw_u(v);
		else
			oputu(v);
	}
	if (json)
		jw_close('}');
	oputc('\n');
}

static void
explorer(uint64_t n, uint64_t limit, int json)
{
	struct insn x;
	uint64_t i;
	size_t c;

	for (c = 0; !json && c < NEXCOL; c++) {
		oputs(excol[c]);
		oputc(c + 1 < NEXCOL ? '\t' : '\n');
	}
	gen_init();
	for (i = 0; i < n && (limit == 0 || ototal() < limit); i++) {
		gen_next(&x);
		explorer_row(&x, json);
	}
}

/* ---- DMA transfers ---- */

static void
dma_lines(const struct insn *x)
{
	of("  %u  %s  M2S_SOP  -       %u\n", 2 * x->didx + 1, qname[x->dq],
	    x->dts);
	of("  %u  %s  S2M_EOP  0x%x  %u  bytes=%u\n", 2 * x->didx + 2,
	    qname[x->dq], x->dcrc, x->dts + x->ddur, x->dsize);
}

/* One pass over the model per queue: the text is grouped by queue. */
static void
dma_text(uint64_t n)
{
	struct insn x;
	uint64_t i, q;
	int head;

	for (q = 0; q < NQ; q++) {
		gen_init();
		for (i = 0, head = 0; i < n; i++) {
			gen_next(&x);
			if (!x.dma || x.dq != q)
				continue;
			if (!head++)
				of("DMA trace for ND 0 NC 4 queue %s\n", qname[q]);
			dma_lines(&x);
		}
	}
}

static void
dma_tsv(uint64_t n, uint64_t limit)
{
	struct insn x;
	uint64_t i;

	oputs("start_ts\tend_ts\tduration_ns\tqueue_name\tqueue_type\t"
	    "engine_idx\tread_bytes\twrite_bytes\ttransfer_bytes\tthroughput\t"
	    "crc\n");
	gen_init();
	for (i = 0; i < n && (limit == 0 || ototal() < limit); i++) {
		gen_next(&x);
		if (!x.dma)
			continue;
		of("%u\t%u\t%u\t%s\t%s\t%u\t%u\t%u\t%u\t%u\t0x%x\n", x.dts,
		    x.dts + x.ddur, x.ddur, qname[x.dq],
		    x.dq < 4 ? "sync_io" : "vector_sp", x.dq, x.dsize, x.dsize,
		    x.dsize, x.dsize * 1000000000 / x.ddur, x.dcrc);
	}
}

/*
 * -b for the formats that need the row count before the rows (view-json
 * writes the dma table first; dma-text groups by queue): size the rows
 * into a counting sink first.  The few small tables are not counted.
 */
static uint64_t
count_rows(int fmt, uint64_t limit)
{
	struct insn x;
	uint64_t i;

	out.discard = 1;
	jw.depth = 2;
	jw.has[2] = 1;
	goesc = fmt == VIEW_JSON;
	gen_init();
	for (i = 0; ototal() < limit; i++) {
		gen_next(&x);
		if (fmt == VIEW_JSON)
			vj_insn(&x);
		if (x.dma)
			fmt == VIEW_JSON ? vj_dma(&x) : dma_lines(&x);
	}
	out.discard = 0;
	out.len = 0;
	out.flushed = 0;
	jw.depth = 0;
	return i;
}

static uint64_t
num(int opt, const char *s, uint64_t lo, uint64_t hi)
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

	stop[0][0] = stop[0]['%'] = 1;
	stop[1][0] = stop[1]['%'] = stop[1]['<'] = stop[1]['>'] = stop[1]['&'] = 1;
	while ((ch = getopt(argc, argv, "b:e:n:ps:")) != -1)
		switch (ch) {
		case 'b':
			limit = num(ch, optarg, 1, UINT64_MAX);
			break;
		case 'e':
			neng = (int)num(ch, optarg, 1, NENG);
			break;
		case 'n':
			n = num(ch, optarg, 0, UINT64_MAX);
			nflag = 1;
			break;
		case 'p':
			jw.pretty = 1;
			break;
		case 's':
			seed = num(ch, optarg, 0, UINT64_MAX);
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc != 1 || (nflag && limit))
		usage();
	for (fmt = 0; fmt <= DMA_TSV; fmt++)
		if (strcmp(argv[0], fmtname[fmt]) == 0)
			break;
	if (fmt > DMA_TSV)
		die(2, "unknown format: %s", argv[0]);
	if (jw.pretty && fmt != VIEW_JSON)
		die(2, "-p applies to view-json only");
	if (limit) {
		if (fmt == VIEW_JSON || fmt == DMA_TEXT) {
			n = count_rows(fmt, limit);
			limit = 0;
		} else
			n = UINT64_MAX;
	}

	/* Our buffer is the buffer; stdio would only copy it again. */
	setvbuf(stdout, NULL, _IONBF, 0);
	switch (fmt) {
	case VIEW_JSON: view_json(n); break;
	case TRACE_TEXT: trace_text(n, limit); break;
	case EXPLORER_TSV: explorer(n, limit, 0); break;
	case EXPLORER_JSONL: explorer(n, limit, 1); break;
	case DMA_TEXT: dma_text(n); break;
	default: dma_tsv(n, limit); break;
	}
	oflush();
	if (fflush(stdout) == EOF || ferror(stdout) || fclose(stdout) == EOF)
		wfail();
	return 0;
}
