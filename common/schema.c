#include <string.h>

#include "diag.h"
#include "schema.h"

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

void
sc_version(const char *dir, const char *v)
{
	long major = 0;
	const char *p;

	for (p = v; *p >= '0' && *p <= '9' && major < 1000; p++)
		major = major * 10 + (*p - '0');
	if (p > v && (*p == '.' || *p == '\0') && major == SC_MAJOR)
		return;
	np_warn("%s: profile schema %s (its Metadata table); np knows "
	    "schema %d's column names, and one renamed since reads as "
	    "missing (np(7), INPUT FORMATS)", dir, v, SC_MAJOR);
}
