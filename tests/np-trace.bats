#!/usr/bin/env bats
# np-trace: every input form, options, and bad input.

load helpers

@test "np-trace: the official example row of the view JSON export" {
	np np-trace "$FIX/np-trace/official.json"
	status_is 0
	no_err
	golden np-trace/official.tsv
}

@test "np-trace: show-trace text, START and END paired per engine" {
	np np-trace "$FIX/np-trace/trace.txt"
	status_is 0
	no_err
	golden np-trace/trace.tsv
}

@test "np-trace: a summary is not an instruction stream" {
	np np-trace "$SAMPLES/summary-compact.json"
	status_is 1
	err_is "np-trace: $SAMPLES/summary-compact.json: no 'instruction' table and no instruction rows found"
}
