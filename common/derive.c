#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "diag.h"
#include "num.h"
#include "tsv.h"

#define NENG 5
static const char *const engine[NENG] = { "tensor", "vector", "scalar",
    "gpsimd", "sync" };

const char *const insight_columns[INSIGHT_NCOL] = { "profile", "rule",
    "metric", "value", "threshold", "finding" };

/* The value of an input metric; NAN when missing, null, NaN or negative.
 * why names the option for the message. */
static double
in(const struct sumset *s, long p, const char *key, const char *why)
{
	const struct metric *m = sum_get(s, p, key);
	double v;

	if (!m || m->type == MV_NULL)
		return NAN;
	if (m->type != MV_NUM || !num_f64(sum_val(s, m), m->vlen, &v)) {
		char off[48] = "";

		if (m->off >= 0)	/* JSON: as its parser's messages */
			snprintf(off, sizeof off, " (byte offset %lld)",
			    m->off);
		np_die_at(m->file, m->line, m->col, "expected a number for "
		    "'%s' (%s), found %s%s", key, why, m->type == MV_BOOL ?
		    sum_val(s, m) : "a string", off);
	}
	return v < 0 ? NAN : v;
}

/* a / b, NAN unless both are known and b is not 0. */
static double
ratio(double a, double b)
{
	return isnan(a) || isnan(b) || b == 0 ? NAN : a / b;
}

static double
input(const struct sumset *s, long p, const char *key)
{
	return in(s, p, key, "needed by -d");
}

/*
 * Neuron 2.34 deprecates some Summary fields for others that hold the same
 * value (np-sum(1), Derived metrics): the old name where the profile has
 * it, else the new one.
 */
static const char *
newer(const struct sumset *s, long p, const char *key, const char *alt)
{
	const struct metric *m = sum_get(s, p, key);

	return m && m->type != MV_NULL ? key : alt;
}

static double
hbmread(const struct sumset *s, long p, const char *why)
{
	return in(s, p, newer(s, p, "hbm_read_bytes",
	    "instruction_hbm_read_bytes"), why);
}

static double
hbmwrite(const struct sumset *s, long p, const char *why)
{
	return in(s, p, newer(s, p, "hbm_write_bytes",
	    "instruction_hbm_write_bytes"), why);
}

/*
 * The bytes DMA moved: the sum of the static, software-dynamic and
 * hardware-dynamic sizes, which Neuron 2.34 names as the total, rather
 * than dma_transfer_total_bytes, which it deprecates as leaving out some
 * traffic (0 in many profiles); that field only where one of the three
 * is missing.
 */
static double
dmabytes(const struct sumset *s, long p)
{
	double st = input(s, p, "static_dma_size"),
	    sw = input(s, p, "software_dynamic_dma_size"),
	    hw = input(s, p, "hardware_dynamic_dma_size");

	if (isnan(st) || isnan(sw) || isnan(hw))
		return input(s, p, "dma_transfer_total_bytes");
	return st + sw + hw;
}

static double
eng(const struct sumset *s, long p, int e, const char *what)
{
	char key[64];

	snprintf(key, sizeof key, "%s_engine_%s", engine[e], what);
	return input(s, p, key);
}

static void
put(struct sumset *s, long p, const char *key, double v)
{
	char buf[NUM_BUFSZ];

	if (isnan(v) || isinf(v) || sum_get(s, p, key))
		return;
	sum_add(s, p, key, buf, num_fmt_f64(buf, v), MV_NUM);
}

void
derive(struct sumset *s, long p)
{
	double tt = input(s, p, "total_time"), busy[NENG + 1], best = NAN;
	double hbmr = hbmread(s, p, "needed by -d");
	double hbmw = hbmwrite(s, p, "needed by -d"), hbm = hbmr + hbmw;
	double flops = input(s, p, "hardware_flops"), n, sum = 0;
	const char *bestname = NULL;
	char key[64];
	int e;

	put(s, p, "clock_ghz", ratio(input(s, p, "neuroncore_cycle_count"),
	    tt) / 1e9);
	put(s, p, "idle_share", 1 - ratio(input(s, p, "total_active_time"),
	    tt));
	for (e = 0; e < NENG; e++) {
		busy[e] = ratio(eng(s, p, e, "active_time"), tt);
		snprintf(key, sizeof key, "%s_busy_share", engine[e]);
		put(s, p, key, busy[e]);
	}
	busy[NENG] = ratio(input(s, p, "dma_active_time"), tt);
	put(s, p, "dma_busy_share", busy[NENG]);
	for (e = 0; e <= NENG; e++)
		if (!isnan(busy[e]) && (isnan(best) || busy[e] > best)) {
			best = busy[e];
			bestname = e < NENG ? engine[e] : "dma";
		}
	if (bestname && !sum_get(s, p, "busiest_engine"))
		sum_add(s, p, "busiest_engine", bestname, strlen(bestname),
		    MV_STR);
	put(s, p, "dma_gbps", ratio(dmabytes(s, p),
	    input(s, p, "dma_active_time")) / 1e9);
	put(s, p, "hbm_gbps", ratio(hbm, tt) / 1e9);
	put(s, p, "hbm_flops_per_byte", ratio(flops, hbm));
	put(s, p, "achieved_tflops", ratio(flops, tt) / 1e12);
	put(s, p, "spill_reload_share", ratio(input(s, p,
	    "spill_reload_bytes"), hbmr));
	put(s, p, "spill_save_share", ratio(input(s, p, "spill_save_bytes"),
	    hbmw));
	put(s, p, "cc_share", ratio(input(s, p, "cc_op_time"), tt));
	for (e = 0; e < NENG; e++)
		sum += eng(s, p, e, "instruction_count");
	put(s, p, "instruction_count", sum);
	for (e = 0; e < NENG; e++) {
		n = eng(s, p, e, "instruction_count");
		snprintf(key, sizeof key, "%s_avg_instruction_ns", engine[e]);
		put(s, p, key, ratio(eng(s, p, e, "instruction_time"), n) *
		    1e9);
	}
}

/* ---- insights ---- */

static double
rin(const struct sumset *s, long p, const char *key)
{
	return in(s, p, key, "needed by -i");
}

/* One finding: the metric's value is its input text when it is an input
 * metric (text != NULL), else v. */
static void
finding(const struct sumset *s, long p, const char *rule,
    const char *metric, const char *text, double v, const char *threshold,
    const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	out_text(sum_name(s, &s->prof[p]), s->prof[p].namelen);
	out_tab();
	out_str(rule);
	out_tab();
	out_str(metric);
	out_tab();
	if (text)
		out_str(text);
	else
		out_f64(v);
	out_tab();
	out_str(threshold);
	out_tab();
	out_str(msg);
	out_nl();
}

static const char *
text(const struct sumset *s, long p, const char *key)
{
	return sum_val(s, sum_get(s, p, key));
}

void
insights(struct sumset *s, long p)
{
	double tt = rin(s, p, "total_time"), v, w, busy[NENG];
	int e;

	v = 1 - ratio(rin(s, p, "total_active_time"), tt);
	if (v > 0.5)
		finding(s, p, "core_idle", "idle_share", NULL, v, "0.5",
		    "the NeuronCore is idle %.1f%% of the run: host, launch "
		    "or input overhead", 100 * v);
	for (e = 0; e < NENG; e++) {
		char key[64];
		snprintf(key, sizeof key, "%s_engine_active_time", engine[e]);
		busy[e] = ratio(rin(s, p, key), tt);
	}
	if (busy[0] < 0.25)
		finding(s, p, "tensor_idle", "tensor_busy_share", NULL,
		    busy[0], "0.25", "the tensor engine is idle %.1f%% of "
		    "the run", 100 * (1 - busy[0]));
	v = rin(s, p, "mfu_estimated_percent");
	w = ratio(rin(s, p, "dma_active_time"), tt);
	if (v < 0.1 && w > 0.7)
		finding(s, p, "memory_bound", "mfu_estimated_percent",
		    text(s, p, "mfu_estimated_percent"), v, "0.1",
		    "MFU is %.2f%% while DMA is busy %.1f%% of the run: "
		    "memory-bound", 100 * v, 100 * w);
	v = ratio(rin(s, p, "spill_reload_bytes"),
	    hbmread(s, p, "needed by -i"));
	if (v > 0.25)
		finding(s, p, "spill_heavy", "spill_reload_share", NULL, v,
		    "0.25", "spill reloads are %.1f%% of HBM reads: the "
		    "working set does not fit in SBUF", 100 * v);
	v = rin(s, p, "dma_transfer_average_bytes");
	if (v < 2048 && rin(s, p, "dma_transfer_count") > 0)
		finding(s, p, "small_dma", "dma_transfer_average_bytes",
		    text(s, p, "dma_transfer_average_bytes"), v, "2048",
		    "DMA transfers average %.0f bytes: the fixed cost of each "
		    "transfer dominates; larger transfers amortise it", v);
	v = rin(s, p, "mm_arithmetic_intensity");
	w = rin(s, p, "peak_flops_bandwidth_ratio");
	if (v > 0 && v < w)
		finding(s, p, "low_intensity", "mm_arithmetic_intensity",
		    text(s, p, "mm_arithmetic_intensity"), v,
		    text(s, p, "peak_flops_bandwidth_ratio"),
		    "matmul arithmetic intensity %.3g flops/byte is below "
		    "the ridge point %.3g: bound by memory bandwidth", v, w);
	v = ratio(rin(s, p, "cc_op_time"), tt);
	if (v > 0.3)
		finding(s, p, "collectives_heavy", "cc_share", NULL, v, "0.3",
		    "collectives take %.1f%% of the run", 100 * v);
	for (e = 1; e <= 3; e++) {
		char rule[32], metric[32];
		if (!(busy[e] > 0.6) || busy[e] <= busy[0])
			continue;
		snprintf(rule, sizeof rule, "%s_bound", engine[e]);
		snprintf(metric, sizeof metric, "%s_busy_share", engine[e]);
		finding(s, p, rule, metric, NULL, busy[e], "0.6",
		    "the %s engine is busy %.1f%% of the run, more than the "
		    "tensor engine: it sets the pace", engine[e],
		    100 * busy[e]);
	}
}
