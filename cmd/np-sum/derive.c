#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "derive.h"
#include "base/msg.h"
#include "base/number.h"
#include "format/table.h"
#include "write/tsvout.h"

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

/* The text of a metric as np writes it, for a message. */
static const char *
shown(const struct sumset *s, long p, const char *key)
{
	return sum_val(s, sum_get(s, p, key));
}

/*
 * part / whole, read by a share, which is a part of its whole: NAN where
 * either is unknown or whole is 0 (as ratio), and where part is more than
 * whole.  Then the input is not what the share's definition reads (a sum
 * over DMA queues, cores or collective streams where the time something
 * was busy is meant), so the share is left out and standard error says
 * why, naming what goes with it (left); *over is set.
 */
static double
share(const struct sumset *s, long p, const char *pkey, double part,
    const char *wkey, double whole, const char *left, int *over)
{
	double v = ratio(part, whole);

	if (!(v > 1))
		return v;
	np_warn("%.*s: %s (%s) is more than %s (%s), so it is not %s: %s",
	    (int)s->prof[p].namelen, sum_name(s, &s->prof[p]), pkey,
	    shown(s, p, pkey), wkey, shown(s, p, wkey),
	    strcmp(wkey, "total_time") == 0 ? "a time within the run" :
	    "a part of them", left);
	if (over)
		*over = 1;
	return NAN;
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

static const char *
hbmreadkey(const struct sumset *s, long p)
{
	return newer(s, p, "hbm_read_bytes", "instruction_hbm_read_bytes");
}

static const char *
hbmwritekey(const struct sumset *s, long p)
{
	return newer(s, p, "hbm_write_bytes", "instruction_hbm_write_bytes");
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
	const char *rkey = hbmreadkey(s, p), *wkey = hbmwritekey(s, p);
	double hbmr = input(s, p, rkey), hbmw = input(s, p, wkey);
	double hbm = hbmr + hbmw, da = input(s, p, "dma_active_time");
	double flops = input(s, p, "hardware_flops"), n, sum = 0;
	const char *bestname = NULL;
	char key[64], left[96];
	int e, over = 0, dmaover = 0;

	put(s, p, "clock_ghz", ratio(input(s, p, "neuroncore_cycle_count"),
	    tt) / 1e9);
	put(s, p, "idle_share", 1 - share(s, p, "total_active_time",
	    input(s, p, "total_active_time"), "total_time", tt,
	    "idle_share left out", NULL));
	for (e = 0; e < NENG; e++) {
		snprintf(key, sizeof key, "%s_engine_active_time", engine[e]);
		snprintf(left, sizeof left, "%s_busy_share and "
		    "busiest_engine left out", engine[e]);
		busy[e] = share(s, p, key, input(s, p, key), "total_time", tt,
		    left, &over);
		snprintf(key, sizeof key, "%s_busy_share", engine[e]);
		put(s, p, key, busy[e]);
	}
	busy[NENG] = share(s, p, "dma_active_time", da, "total_time", tt,
	    "dma_busy_share, busiest_engine and dma_gbps left out", &dmaover);
	put(s, p, "dma_busy_share", busy[NENG]);
	/* Not the busiest of those left: one left out may be busier. */
	for (e = 0; e <= NENG && !over && !dmaover; e++)
		if (!isnan(busy[e]) && (isnan(best) || busy[e] > best)) {
			best = busy[e];
			bestname = e < NENG ? engine[e] : "dma";
		}
	if (bestname && !sum_get(s, p, "busiest_engine"))
		sum_add(s, p, "busiest_engine", bestname, strlen(bestname),
		    MV_STR);
	if (!dmaover)
		put(s, p, "dma_gbps", ratio(dmabytes(s, p), da) / 1e9);
	put(s, p, "hbm_gbps", ratio(hbm, tt) / 1e9);
	put(s, p, "hbm_flops_per_byte", ratio(flops, hbm));
	put(s, p, "achieved_tflops", ratio(flops, tt) / 1e12);
	put(s, p, "spill_reload_share", share(s, p, "spill_reload_bytes",
	    input(s, p, "spill_reload_bytes"), rkey, hbmr,
	    "spill_reload_share left out", NULL));
	put(s, p, "spill_save_share", share(s, p, "spill_save_bytes",
	    input(s, p, "spill_save_bytes"), wkey, hbmw,
	    "spill_save_share left out", NULL));
	put(s, p, "cc_share", share(s, p, "cc_op_active_time",
	    input(s, p, "cc_op_active_time"), "total_time", tt,
	    "cc_share left out", NULL));
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

/*
 * What a *_percent metric of profile p is written in: 1 (a fraction, as
 * summary-json writes it) or 100 (a percentage, as the Explorer Summary
 * table does), told by the profile's own total_active_time_percent
 * against total_active_time / total_time (within 1%).  NAN when it cannot
 * be told; then key (a percent metric) is named on standard error with
 * left (what is not done).
 */
static double
pctscale(const struct sumset *s, long p, const char *key, const char *left)
{
	double pct = rin(s, p, "total_active_time_percent");
	double r = ratio(pct, ratio(rin(s, p, "total_active_time"),
	    rin(s, p, "total_time")));
	const char *name = sum_name(s, &s->prof[p]);
	int len = (int)s->prof[p].namelen;

	if (fabs(r - 1) <= 0.01)
		return 1;
	if (fabs(r - 100) <= 1)
		return 100;
	if (isnan(pct))
		np_warn("%.*s: %s (%s) may be a fraction or a percentage, and "
		    "total_active_time_percent, which would tell, is missing: "
		    "%s", len, name, key, shown(s, p, key), left);
	else
		np_warn("%.*s: %s (%s) may be a fraction or a percentage, and "
		    "total_active_time_percent (%s) is neither "
		    "total_active_time / total_time nor 100 times it: %s", len,
		    name, key, shown(s, p, key),
		    shown(s, p, "total_active_time_percent"), left);
	return NAN;
}

void
insights(struct sumset *s, long p)
{
	double tt = rin(s, p, "total_time"), v, w, busy[4], scale;
	const char *rkey = hbmreadkey(s, p);
	static const char *const left[4] = { "tensor_idle, vector_bound, "
	    "scalar_bound and gpsimd_bound not tested", "vector_bound not "
	    "tested", "scalar_bound not tested", "gpsimd_bound not tested" };
	int e;

	v = 1 - share(s, p, "total_active_time", rin(s, p,
	    "total_active_time"), "total_time", tt, "core_idle not tested",
	    NULL);
	if (v > 0.5)
		finding(s, p, "core_idle", "idle_share", NULL, v, "0.5",
		    "the NeuronCore is idle %.1f%% of the run: host, launch "
		    "or input overhead", 100 * v);
	/* tensor, and the three the *_bound rules read: not sync */
	for (e = 0; e < 4; e++) {
		char key[64];
		snprintf(key, sizeof key, "%s_engine_active_time", engine[e]);
		busy[e] = share(s, p, key, rin(s, p, key), "total_time", tt,
		    left[e], NULL);
	}
	if (busy[0] < 0.25)
		finding(s, p, "tensor_idle", "tensor_busy_share", NULL,
		    busy[0], "0.25", "the tensor engine is idle %.1f%% of "
		    "the run", 100 * (1 - busy[0]));
	v = rin(s, p, "mfu_estimated_percent");
	scale = isnan(v) ? NAN : pctscale(s, p, "mfu_estimated_percent",
	    "memory_bound not tested");
	/* DMA is read only where MFU is low: only then does it decide. */
	if (v / scale < 0.1) {
		w = share(s, p, "dma_active_time", rin(s, p,
		    "dma_active_time"), "total_time", tt,
		    "memory_bound not tested", NULL);
		if (w > 0.7)
			finding(s, p, "memory_bound", "mfu_estimated_percent",
			    text(s, p, "mfu_estimated_percent"), v,
			    scale == 1 ? "0.1" : "10", "MFU is %.2f%% while "
			    "DMA is busy %.1f%% of the run: memory-bound",
			    100 * v / scale, 100 * w);
	}
	v = share(s, p, "spill_reload_bytes", rin(s, p,
	    "spill_reload_bytes"), rkey, rin(s, p, rkey),
	    "spill_heavy not tested", NULL);
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
	v = share(s, p, "cc_op_active_time", rin(s, p, "cc_op_active_time"),
	    "total_time", tt, "collectives_heavy not tested", NULL);
	if (v > 0.3)
		finding(s, p, "collectives_heavy", "cc_share", NULL, v, "0.3",
		    "collectives take %.1f%% of the run", 100 * v);
	for (e = 1; e <= 3; e++) {
		char rule[32], metric[32];
		/* above tensor_busy_share, an input: not tested without it */
		if (isnan(busy[0]) || !(busy[e] > 0.6) || busy[e] <= busy[0])
			continue;
		snprintf(rule, sizeof rule, "%s_bound", engine[e]);
		snprintf(metric, sizeof metric, "%s_busy_share", engine[e]);
		finding(s, p, rule, metric, NULL, busy[e], "0.6",
		    "the %s engine is busy %.1f%% of the run, more than the "
		    "tensor engine: it sets the pace", engine[e],
		    100 * busy[e]);
	}
}
