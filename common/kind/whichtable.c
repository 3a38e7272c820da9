#include <stdio.h>
#include <string.h>

#include "base/msg.h"
#include "kind/whichtable.h"

/* Columns that only one table's rows carry, as named by Neuron Explorer,
 * by the view export, or by np's own output; np(7) lists them too. */
static const struct {
	const char *what, *readers, *cols;
} tables[SC_NTABLES] = {
	[SC_INSTRUCTION] = { "Instruction rows", "np-trace, np-gaps and "
	    "np-stall", "opcode compiler_opcode pc compiler_pc "
	    "evt_wait_time_ns evt_wait_time dma_wait_time_ns "
	    "bir_debug_info_source_location nki_source_location operands "
	    "compiler_operands hlo_name label engine" },
	[SC_DMAPACKET] = { "DmaPacket rows", "np-dma", "queue_name queue_idx "
	    "queue_type transfer_bytes transfer_size read_bytes write_bytes "
	    "crc throughput engine_idx semaphore_id packet_idx "
	    "packet_aggregation_id" },
	[SC_CCOP] = { "CcOp rows", "np-cc", "operation algorithm "
	    "num_elements dtype op_id stream_id input_size output_size "
	    "algorithm_bandwidth bus_bandwidth replica_group" },
	[SC_CCINSTRUCTION] = { "CcInstruction rows", "np-cc", "core_idx "
	    "description trigger_engine cc_core event" },
	[SC_SUMMARY] = { "a Summary table", "np-sum", "total_time "
	    "total_active_time total_active_time_percent event_count "
	    "neuroncore_cycle_count mfu_estimated_percent "
	    "dma_transfer_count dma_active_time cc_op_count "
	    "hbm_mbu_estimated_percent dma_mbu_estimated_percent "
	    "instruction_hbm_read_bytes instruction_hbm_write_bytes "
	    "packet_hbm_read_bytes packet_hbm_write_bytes" },
	[SC_STALLS] = { "np-stall's output", "np-sum -g", "instructions "
	    "stalled stall_ns stall_share" },
	[SC_GAPS] = { "np-gaps' output", "np-sum -g", "gap_start gap_end "
	    "gap_ns busy_ns busy_share idle_ns" },
	[SC_METADATA] = { "a Metadata table", "no np program: it describes "
	    "the profile", "profile_schema_version ntff_version "
	    "num_physical_cores vnc_enabled ticks_per_nanosec "
	    "explorer_version" },
	[SC_STATS] = { "np-sum -g's output", "np-sum -g (with -H rows)",
	    "bucket_lo bucket_hi p50 p90 p99" },
	/* Tables np reads none of (sc_unread). */
	[SC_SEMAPHOREUPDATE] = { "SemaphoreUpdate rows", "no np program",
	    "update_source double_set_or_clear update_mode "
	    "update_operation_type update_trigger_timing" },
	[SC_DMAPACKETAGGREGATED] = { "DmaPacketAggregated rows",
	    "no np program: np-dma reads DmaPacket", "modular_flow_function "
	    "read_sbuf_partitions read_num_sbuf_partitions read_shape "
	    "read_offset read_steps write_sbuf_partitions "
	    "write_num_sbuf_partitions write_shape write_offset write_steps "
	    "is_transpose_mode transpose_element_size transpose_shape "
	    "transpose_from_shape transpose_to_shape transpose_unroll_factor" },
};

/* The tables' own names, as files are named for them. */
static const char *const tablenames[SC_NTABLES] = {
	[SC_INSTRUCTION] = "Instruction", [SC_DMAPACKET] = "DmaPacket",
	[SC_CCOP] = "CcOp", [SC_CCINSTRUCTION] = "CcInstruction",
	[SC_SUMMARY] = "Summary", [SC_METADATA] = "Metadata",
	[SC_SEMAPHOREUPDATE] = "SemaphoreUpdate",
	[SC_DMAPACKETAGGREGATED] = "DmaPacketAggregated",
};

int
sc_inlist(const char *list, const char *name, size_t n)
{
	const char *p = list, *e;

	for (;;) {
		e = strchr(p, ' ');
		if (!e)
			e = p + strlen(p);
		if ((size_t)(e - p) == n && memcmp(p, name, n) == 0)
			return 1;
		if (!*e)
			return 0;
		p = e + 1;
	}
}

/*
 * The fields Neuron Explorer writes as FLOAT (float32), of each table np
 * reads (np(7), Numbers): the records' rates, the Summary's times and
 * shares, the Metadata's peak bandwidths and clocks.  A text form shows a
 * float as its writer spells it, widened or in its own digits; only the
 * name says it was one.
 */
static const char floatfields[] =
	    /* DmaPacket, CcOp */
	    "throughput algorithm_bandwidth bus_bandwidth "
	    /* Summary */
	    "total_time mm_arithmetic_intensity peak_flops_bandwidth_ratio "
	    "dma_active_time dma_active_time_percent static_dma_active_time "
	    "dynamic_dma_active_time_percent static_dma_active_time_percent "
	    "dma_transfer_average_bytes dma_packet_time dma_transfer_time "
	    "dynamic_dma_packet_percent static_dma_packet_percent "
	    "dynamic_dma_size_percent static_dma_size_percent "
	    "mbu_estimated_percent mbu_min_read_util_percent "
	    "software_dynamic_dma_active_time "
	    "software_dynamic_dma_active_time_percent "
	    "software_dynamic_dma_packet_percent "
	    "software_dynamic_dma_size_percent "
	    "hardware_dynamic_dma_active_time "
	    "hardware_dynamic_dma_active_time_percent "
	    "hardware_dynamic_dma_packet_percent "
	    "hardware_dynamic_dma_size_percent tensor_engine_instruction_time "
	    "tensor_engine_active_time tensor_engine_active_time_percent "
	    "mfu_estimated_percent mfu_max_achievable_estimated_percent "
	    "mfu_hlo_estimated_percent "
	    "mfu_hlo_max_achievable_estimated_percent "
	    "mfu_inst_estimated_percent "
	    "mfu_inst_max_achievable_estimated_percent hfu_estimated_percent "
	    "vector_engine_instruction_time vector_engine_active_time "
	    "vector_engine_active_time_percent scalar_engine_instruction_time "
	    "scalar_engine_active_time scalar_engine_active_time_percent "
	    "activate_instruction_time sync_engine_instruction_time "
	    "sync_engine_active_time sync_engine_active_time_percent "
	    "gpsimd_engine_instruction_time gpsimd_engine_active_time "
	    "gpsimd_engine_active_time_percent cc_op_time cc_op_active_time "
	    "cc_op_active_time_percent cc_cores_instruction_time "
	    "cc_cores_instruction_active_time "
	    "cc_cores_instruction_active_time_percent total_exec_time "
	    "total_active_time total_active_time_percent "
	    /* Metadata */
	    "dma_ddr_bandwidth hbm_ddr_bandwidth tensor_engine_clock_freq "
	    "vector_engine_clock_freq scalar_engine_clock_freq "
	    "gpsimd_engine_clock_freq neuroncore_clock_freq";

/*
 * The fields of the Explorer tables whose rows np reads (Instruction,
 * DmaPacket, CcOp, CcInstruction), at schema 7.4.0, those of the kinds'
 * columns left out: what a further column (-c, -g, -v) is likely to be,
 * and so a role NP_COLUMNS may name in any program.
 */
static const char fields[] =
	    /* Instruction */
	    "timeline_track operands compiler_operands id penguin_id "
	    "raw_penguin_id bir_id raw_bir_id bir_instruction_name "
	    "kernel_instruction_name crc_in crc_out hlo_attrs hlo_name "
	    "raw_hlo_id raw_framework_id stack_frame_ids dma_trigger_start_ts "
	    "dma_trigger_end_ts dma_wait_time_ns instruction_chain "
	    "spill_save_bytes spill_reload_bytes psum_read_bytes "
	    "psum_write_bytes psum_read_sbuf_write_bytes input_queue_bytes "
	    "output_queue_bytes weight_queue_bytes performance_mode "
	    "tensor_instruction_type tensor_elements raw_flops adjusted_flops "
	    "tensor_elements_transpose flops_transpose adjusted_flops_transpose "
	    "scalar_activation_fn "
	    /* DmaPacket */
	    "packet_idx packet_aggregation_id throughput queue_idx "
	    /* CcOp, CcInstruction */
	    "stream_index trigger_start_ts cc_trigger_start_delay "
	    "replica_group_id core_idx description";

/*
 * The string columns of the Explorer tables (schema 7.4.0) and of the view
 * export: text, however much a value looks like a number (a version, 2.10,
 * is not 2.1).
 */
static const char textfields[] =
	    /* Instruction */
	    "engine timeline_track opcode operands compiler_opcode "
	    "compiler_operands penguin_id bir_id bir_instruction_name "
	    "kernel_instruction_name hlo_attrs hlo_name layer stack_frame_ids "
	    "nki_source_location bir_debug_info_source_location "
	    "instruction_chain performance_mode tensor_instruction_type "
	    "scalar_activation_fn "
	    /* DmaPacket, CcOp, CcInstruction */
	    "queue_type variable queue_name operation algorithm dtype "
	    "trigger_engine replica_group description "
	    /* Metadata, SchemaFields */
	    "profile_schema_version first_ts last_ts instance_type "
	    "runtime_version collectives_version driver_version "
	    "explorer_version compiler_version ultraserver_type s3_bucket_path "
	    "profile_name explorer_build_time table_name table_description "
	    "field_name field_description field_example field_type "
	    "field_format field_unit field_enum_values "
	    /* the view export */
	    "label subgroup event";

int
sc_isfield(const char *name, size_t n)
{
	return sc_inlist(fields, name, n);
}

int
sc_isfloat(const char *name, size_t n)
{
	return sc_inlist(floatfields, name, n);
}

void
sc_vote(struct sc_votes *v, const char *name, size_t len)
{
	int i;

	for (i = 0; i < SC_NTABLES; i++)
		if (sc_inlist(tables[i].cols, name, len))
			v->n[i]++;
}

int
sc_has(const struct sc_votes *v, unsigned mask)
{
	int i;

	for (i = 0; i < SC_NTABLES; i++)
		if (mask >> i & 1 && v->n[i] > 0)
			return 1;
	return 0;
}

int
sc_best(const struct sc_votes *v, const char **what, const char **readers)
{
	int i, best = -1;

	for (i = 0; i < SC_NTABLES; i++)
		if (v->n[i] > 0 && (best < 0 || v->n[i] > v->n[best]))
			best = i;
	if (best < 0)
		return 0;
	*what = tables[best].what;
	*readers = tables[best].readers;
	return 1;
}

int
sc_unread(const struct sc_votes *v, const char **what, const char **readers)
{
	static const int unread[] = { SC_SEMAPHOREUPDATE,
	    SC_DMAPACKETAGGREGATED };
	size_t i;

	for (i = 0; i < sizeof unread / sizeof unread[0]; i++)
		if (v->n[unread[i]] > 0) {
			*what = tables[unread[i]].what;
			*readers = tables[unread[i]].readers;
			return 1;
		}
	return 0;
}

int
sc_byname(const char *path, unsigned mask, const struct sc_votes *v,
    const char **what, const char **readers)
{
	const char *base, *e;
	size_t n;
	int i;

	if (!path)
		return 0;
	base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	for (i = 0; i < SC_NTABLES; i++) {
		if (!tablenames[i] || (mask >> i & 1))
			continue;
		n = strlen(tablenames[i]);
		if (strncmp(base, tablenames[i], n) != 0)
			continue;
		e = base + n;
		if (*e == '_' && e[1] >= '0' && e[1] <= '9')
			for (e++; *e >= '0' && *e <= '9'; e++)
				;	/* a split table's part, T_0, T_1, ... */
		if (*e != '.' && *e != '\0' && strncmp(e, " (", 2) != 0)
			continue;
		if (sc_has(v, mask))
			return 0;
		*what = tables[i].what;
		*readers = tables[i].readers;
		return 1;
	}
	return 0;
}

int
sc_known(const char *v)
{
	long major = 0;
	const char *p;

	for (p = v; *p >= '0' && *p <= '9' && major < 1000; p++)
		major = major * 10 + (*p - '0');
	return p > v && (*p == '.' || *p == '\0') && major == SC_MAJOR;
}

void
sc_version(const char *dir, const char *v, const char *more)
{
	if (sc_known(v))
		return;
	np_warn("%s: profile schema %s (its Metadata table); np knows "
	    "schema %d's column names, and one renamed since reads as "
	    "missing unless NP_COLUMNS names it (np(7), Schema versions)%s",
	    dir, v, SC_MAJOR, more);
}

/* ---- the closest names ---- */

#define CL_MAXWORD 16
#define CL_MAXNAME 64

struct words {
	const char *s[CL_MAXWORD];
	size_t n[CL_MAXWORD];
	int nw;
};

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int
isalnumc(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

/* The words of a name: runs of letters or of digits, a capital after a
 * small letter starting another (startTs, start_ts). */
static void
splitwords(struct words *w, const char *s, size_t n)
{
	size_t i = 0, j;

	w->nw = 0;
	while (i < n && w->nw < CL_MAXWORD) {
		if (!isalnumc((unsigned char)s[i])) {
			i++;
			continue;
		}
		for (j = i + 1; j < n && isalnumc((unsigned char)s[j]); j++) {
			if ((s[j] >= '0' && s[j] <= '9') !=
			    (s[j - 1] >= '0' && s[j - 1] <= '9'))
				break;
			if (s[j] >= 'A' && s[j] <= 'Z' &&
			    s[j - 1] >= 'a' && s[j - 1] <= 'z')
				break;
		}
		w->s[w->nw] = s + i;
		w->n[w->nw++] = j - i;
		i = j;
	}
}

/* The letters of b, a word of a name, that a word a wanted accounts for:
 * all, when a is b, or the shorter of them (two letters or more) begins as
 * the other and holds its letters in order (evt, event); else 0. */
static size_t
sharedword(const char *a, size_t an, const char *b, size_t bn)
{
	const char *t;
	size_t i, j, tn, n = bn;

	if (an > bn) {
		t = a, a = b, b = t;
		tn = an, an = bn, bn = tn;
	}
	if (an < 2 && an != bn)
		return 0;
	if (lower((unsigned char)a[0]) != lower((unsigned char)b[0]))
		return 0;
	for (i = j = 0; i < an && j < bn; j++)
		if (lower((unsigned char)a[i]) == lower((unsigned char)b[j]))
			i++;
	return i == an ? n : 0;
}

/* The edit distance of two names, without regard to case; names past
 * CL_MAXNAME bytes are compared in their first CL_MAXNAME. */
static size_t
distance(const char *a, size_t an, const char *b, size_t bn)
{
	size_t row[CL_MAXNAME + 1], i, j, diag, up, best;

	an = an > CL_MAXNAME ? CL_MAXNAME : an;
	bn = bn > CL_MAXNAME ? CL_MAXNAME : bn;
	for (j = 0; j <= bn; j++)
		row[j] = j;
	for (i = 1; i <= an; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= bn; j++) {
			up = row[j];
			best = diag + (lower((unsigned char)a[i - 1]) !=
			    lower((unsigned char)b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[bn];
}

/*
 * How close a name is to those wanted (want, space-separated): the letters
 * of its words that theirs account for (each of theirs counted once, at
 * its best), ten times, less the fewest edits from one of them; -1 when
 * not close.
 */
static long
closeness(const char *want, const char *s, size_t n)
{
	struct words a, b;
	size_t shared = 0, best, x, d, dmin = (size_t)-1, wmin = 0, wn;
	const char *w, *we;
	int i, j, k, again;

	splitwords(&b, s, n);
	for (w = want; *w; w = *we ? we + 1 : we) {
		if (!(we = strchr(w, ' ')))
			we = w + strlen(w);
		wn = (size_t)(we - w);
		if ((d = distance(w, wn, s, n)) < dmin) {
			dmin = d;
			wmin = wn;
		}
		splitwords(&a, w, wn);
		for (i = 0; i < a.nw; i++) {
			/* A word an earlier name of want has counts once. */
			for (again = 0, k = 0; k < (int)(w - want) && !again;
			    k++)
				again = (k == 0 || want[k - 1] == ' ' ||
				    want[k - 1] == '_') &&
				    strncmp(want + k, a.s[i], a.n[i]) == 0 &&
				    !isalnumc((unsigned char)want[k + a.n[i]]);
			if (again)
				continue;
			for (best = 0, j = 0; j < b.nw; j++)
				if ((x = sharedword(a.s[i], a.n[i], b.s[j],
				    b.n[j])) > best)
					best = x;
			shared += best;
		}
	}
	if (shared == 0 && dmin > (wmin / 3 > 1 ? wmin / 3 : 1))
		return -1;
	return (long)(10 * shared) - (long)dmin + 1000;
}

int
sc_closest(char *buf, size_t size, const char *want, const char *list,
    int max, int (*skip)(void *, const char *, size_t), void *arg)
{
	const char *best[8], *p, *e;
	size_t bestn[8], n, len = 0;
	long bestsc[8], sc;
	int nbest = 0, i;

	if (max > 8)
		max = 8;
	buf[0] = '\0';
	for (p = list; *p; p = *e ? e + 1 : e) {
		if (!(e = strchr(p, ' ')))
			e = p + strlen(p);
		n = (size_t)(e - p);
		if (n == 0 || (n == 3 && memcmp(p, "...", 3) == 0) ||
		    (skip && skip(arg, p, n)))
			continue;
		if ((sc = closeness(want, p, n)) < 0)
			continue;
		/* Into the list, after those as close (the file's order). */
		for (i = nbest; i > 0 && bestsc[i - 1] < sc; i--)
			if (i < max) {
				best[i] = best[i - 1];
				bestn[i] = bestn[i - 1];
				bestsc[i] = bestsc[i - 1];
			}
		if (i < max) {
			best[i] = p;
			bestn[i] = n;
			bestsc[i] = sc;
			if (nbest < max)
				nbest++;
		}
	}
	for (i = 0; i < nbest && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%.*s",
		    i ? ", " : "", (int)bestn[i], best[i]);
	return nbest;
}

int
sc_type(const char *name, size_t n)
{
	int i;

	if (sc_isfloat(name, n))
		return SCT_FLOAT;
	if (sc_inlist(textfields, name, n))
		return SCT_TEXT;
	if (sc_isfield(name, n))
		return SCT_NUMBER;
	for (i = 0; i < SC_NTABLES; i++)
		if (sc_inlist(tables[i].cols, name, n))
			return SCT_NUMBER;
	return SCT_UNKNOWN;
}
