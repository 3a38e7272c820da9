#!/usr/bin/env bats
# Every command of the README, as written, on the bundled samples.
#
# The commands are the README's indented code blocks from "## Set-up" to
# "## Why these choices": a line at the block's left edge begins a
# command, an indented one continues it; a block whose first line begins
# "$ " is a command and the stderr it prints; a block that sets a make
# variable (NAME = ...) is a Makefile.  Each runs by sh -c in a directory
# where the README's names are links to the samples:
#
#   prof.json, rank0.json, rank1.json   npgen view-json, seeds 1, 1, 2
#   rank0.txt, rank1.txt                npgen trace-text, seeds 1, 2
#   my-profile@latest, run_a@latest,    tests/fixtures/explorer/profile@latest
#     run_b@latest
#   kernel@latest, before@latest,       profgen -n 64 (seed 1)
#   after@latest                       profgen -R -n 64 (b loaded once)
#   chunk_1..3/summary.json,            tests/fixtures/samples/summary-*.json
#     run_1..3/summary.json
#   DmaPacket.csv, Instruction.csv      explorer/csv/export/ (the UI's export)
#   Summary.csv                         explorer/csv/table/ (DuckDB's)
#   i.jsonl                             explorer/json/Instruction.jsonl (the
#                                       JSON lines DuckDB writes of it)
#   runs/                               run1.json, run2.json (npgen view-json)
#   (duckdb's test: no i.jsonl, which it writes; my-profile@latest as above)
#   Makefile (for make report)          make report's rule of ../Makefile:
#                                       cmd/report/report.mk on NP_BIN
#
# Each must exit 0 with an empty stderr (or the one its block gives) and
# write to stdout (or, where stdout goes to files, make files, none
# empty).  Those that need what the machine may lack are named in a test
# of their own, skipped when it is lacking: neuron-profile (and the
# profile it reads, never bundled), duckdb (run where it is installed);
# those that are the build itself (make demo, make test, make install:
# tests/build.bats) or open a browser are not run.

load helpers

TOP=$BATS_TEST_DIRNAME/..
FIXE=$FIX/explorer

# The README's commands, each in $T/c/N.sh (N.err: its stderr, for a
# "$ " block; N.mk: a Makefile block instead).
extract() {
	mkdir -p "$T/c"
	awk -v dir="$T/c" '
		$0 == "## Set-up" { on = 1; next }
		$0 == "## Why these choices" { on = 0 }
		!on { next }
		/^    / && (inblock || prev == "") {
			line = substr($0, 5)
			if (!inblock) {
				inblock = 1; n++; kind = "sh"; ncmd = 0
				if (line ~ /^\$ /)
					kind = "transcript"
			}
			if (kind == "transcript") {
				if (line ~ /^\$ /) {
					print substr(line, 3) >(dir "/" n ".sh")
					printf "" >(dir "/" n ".err")
				} else
					print line >>(dir "/" n ".err")
			} else if (line ~ /^[A-Z_]+ = /) {
				kind = "mk"
				print line >(dir "/" n ".mk")
			} else if (kind == "mk")
				print line >>(dir "/" n ".mk")
			else if (line ~ /^[ \t]/)
				print line >>(dir "/" n ".sh")
			else {
				if (ncmd++)
					n++
				print line >(dir "/" n ".sh")
			}
			prev = $0
			next
		}
		{ inblock = 0; prev = $0 }
	' "$TOP/README.md"
}

# The directory of the README's names.
samples() {
	w=$T/w
	mkdir -p "$w/runs"
	npgen -s 1 -n 2000 view-json >"$w/prof.json"
	ln -s prof.json "$w/rank0.json"
	npgen -s 2 -n 2000 view-json >"$w/rank1.json"
	npgen -s 1 -n 2000 trace-text >"$w/rank0.txt"
	npgen -s 2 -n 2000 trace-text >"$w/rank1.txt"
	for p in my-profile run_a run_b; do
		ln -s "$FIXE/profile@latest" "$w/$p@latest"
	done
	i=1
	for s in "$SAMPLES"/summary-*.json; do
		mkdir -p "$w/chunk_$i" "$w/run_$i"
		ln -s "$s" "$w/chunk_$i/summary.json"
		ln -s "$s" "$w/run_$i/summary.json"
		i=$((i + 1))
	done
	profgen -n 64 "$w/kernel@latest"
	profgen -n 64 "$w/before@latest"
	profgen -R -n 64 "$w/after@latest"
	ln -s "$FIXE/csv/export/DmaPacket.csv" "$w/DmaPacket.csv"
	ln -s "$FIXE/csv/export/Instruction.csv" "$w/Instruction.csv"
	ln -s "$FIXE/csv/table/Summary.csv" "$w/Summary.csv"
	ln -s "$FIXE/json/Instruction.jsonl" "$w/i.jsonl"
	npgen -s 1 -n 2000 view-json >"$w/runs/run1.json"
	npgen -s 2 -n 2000 view-json >"$w/runs/run2.json"
	printf 'report:\n\t$(MAKE) -f %s/cmd/report/report.mk PROFILES=$(PROFILES) REPORT=$(REPORT) NP=%s\n' \
	    "$TOP" "$NP_BIN" >"$w/Makefile"
}

# The stderr a command gives on the samples, where it is not empty: what
# it passed over, counted (np(7), DIAGNOSTICS).  Each after "=== " and
# the command's first line.
notes() {
	cat <<'NOTES'
=== np-cc -L my-profile@latest/                # time per decoder layer
np-cc: incomplete trailing layers, with fewer than 2 gaps: 1 (first: rank my-profile@latest/, CC-core 0)
np-cc: last layers left out of mean, median, min and max, as the epilogue: 1 (first: rank my-profile@latest/, CC-core 2)
=== np-sum -dw run_a@latest/ run_b@latest/     # two runs side by side
np-sum: run_a@latest/: dma_active_time (0.000113357) is more than total_time (6.1961e-5), so it is not a time within the run: dma_busy_share, busiest_engine and dma_gbps left out
np-sum: run_a@latest/: cc_op_active_time (0.0002312406) is more than total_time (6.1961e-5), so it is not a time within the run: cc_share left out
np-sum: run_b@latest/: dma_active_time (0.000113357) is more than total_time (6.1961e-5), so it is not a time within the run: dma_busy_share, busiest_engine and dma_gbps left out
np-sum: run_b@latest/: cc_op_active_time (0.0002312406) is more than total_time (6.1961e-5), so it is not a time within the run: cc_share left out
=== np-stall -g engine,hlo_name -v psum_read_bytes my-profile@latest/
np-stall: rows without psum_read_bytes: 60 (first: my-profile@latest/Instruction_0.parquet:1)
=== np-dma -S prof.json | head
np-dma: DMA instructions without a size (0 bytes or no byte column), not counted as skinny: 2 (first: prof.json:1)
=== np-cc -L rank*.txt | awk -F'\t' '$3 == "median" { print $1, $2, $6 }'
np-cc: incomplete trailing layers, with fewer than 2 gaps: 2 (first: rank rank0.txt, CC-core 8)
=== np-sum -dw run_*/summary.json | np-plot          # each metric across runs
np-plot: rows without a number skipped: 7 (first: -:12)
=== np-cc -L rank0.txt | np-plot -o svg > layers.svg # time per layer, as SVG
np-cc: incomplete trailing layers, with fewer than 2 gaps: 1 (first: rank rank0.txt, CC-core 8)
=== np-bound -D kernel@latest/ | awk -F'\t' '$9 == "no"'
np-bound: kernel@latest/: the Flow join left 6 of 152 DmaPacketAggregated transfers unmatched (491520 bytes, in no source line's row): 6 with no Flow edge from an instruction, 0 whose instruction is not in Instruction
=== np-bound -X kernel@latest/ | awk -F'\t' '$1 == "load"'
np-bound: kernel@latest/: the Flow join left 6 of 128 DmaPacketAggregated transfers unmatched (491520 bytes, in no source line's row): 6 with no Flow edge from an instruction, 0 whose instruction is not in Instruction
=== parallel -S : --trc {}.src 'np-stall -A {} > {}.src' ::: rank*.json &&
parallel: Warning: --trc ignored as there are no remote --sshlogin.
NOTES
}

# notrun COMMAND: why a command is not run here in $why, or nothing: it
# is run.
notrun() {
	case $1 in
	*neuron-profile*) why="needs neuron-profile and a profile of its own" ;;
	*duckdb*) why="needs duckdb" ;;
	sbatch*) why="needs Slurm" ;;
	"parallel -S "*) why="needs ssh hosts" ;;
	parallel*)
		why=
		command -v parallel >/dev/null || why="needs GNU parallel" ;;
	"make demo"*|"make test"*|"make install"*)
		why="the build itself (tests/build.bats)" ;;
	xdg-open*) why="opens a browser" ;;
	*) why= ;;
	esac
}

# listing FILE: every path under $T/w, one a line, as find lists them
# (links to directories not followed), into FILE: one process, where the
# shell's own walk costs bats' trace of each of its commands.
listing() {
	(cd "$T/w" && find .) >"$1"
}

# run_sh N: runs $T/c/N.sh in $T/w; what went wrong into $T/fail.  The
# stderr each is to give is in the array $notes (notes_read).
run_sh() {
	local c=$T/c/$1.sh want=0 cmd first f
	cmd=$(<"$c")
	IFS= read -r first <"$c" || :
	listing "$T/before"
	(cd "$T/w" && sh -c "$cmd") >"$T/o" 2>"$T/e" && status=0 || status=$?
	if [ -f "$T/c/$1.err" ]; then
		want=1
		# The block wraps the message; compare the words.
		if [ "$(tr -s ' \n' '  ' <"$T/e")" != \
		    "$(tr -s ' \n' '  ' <"$T/c/$1.err")" ]; then
			printf '%s\n  stderr: %s\n  block:  %s\n' "$cmd" \
			    "$(<"$T/e")" "$(<"$T/c/$1.err")" >>"$T/fail"
		fi
		[ ! -s "$T/o" ] || printf '%s\n  wrote to stdout\n' "$cmd" >>"$T/fail"
	else
		printf '%s' "${notes["=== $first"]-}" >"$T/want"
		cmp -s "$T/want" "$T/e" ||
		    printf '%s\n  stderr: %s\n  expected: %s\n' "$cmd" \
		    "$(head -3 "$T/e")" "$(<"$T/want")" >>"$T/fail"
	fi
	if [ "$status" -ne "$want" ]; then
		printf '%s\n  exit %s, expected %s\n' "$cmd" "$status" "$want" >>"$T/fail"
	fi
	if [ "$want" -eq 0 ] && [ ! -s "$T/o" ]; then
		listing "$T/after"
		awk 'NR == FNR { had[$0]; next } !($0 in had)' "$T/before" \
		    "$T/after" >"$T/new"
		while IFS= read -r f; do
			[ -d "$T/w/$f" ] || [ -s "$T/w/$f" ] ||
			    printf '%s\n  made %s empty\n' "$cmd" "${f#./}" >>"$T/fail"
		done <"$T/new"
		[ -s "$T/new" ] || printf '%s\n  no output, no file made\n' "$cmd" >>"$T/fail"
	fi
	echo "ran: $first"
}

# notes_read: the array $notes, the stderr of each command of notes() (a
# line for each, each ending in a newline), by "=== " and its first line.
notes_read() {
	local line key=
	declare -gA notes=()
	notes >"$T/notes"
	while IFS= read -r line; do
		case $line in
		"=== "*) key=$line; notes[$key]+= ;;
		*) notes[$key]+=$line$'\n' ;;
		esac
	done <"$T/notes"
}

@test "readme: every command runs as written on the bundled samples: exit 0, output, no stderr" {
	extract
	samples
	notes_read
	: >"$T/fail"
	nrun=0
	for c in $(cd "$T/c" && ls *.sh | sort -n); do
		n=${c%.sh}
		notrun "$(<"$T/c/$c")"
		[ -z "$why" ] || continue
		run_sh "$n"
		nrun=$((nrun + 1))
	done
	# The Makefile block, with make -j2, in a directory of ranks.
	for m in "$T"/c/*.mk; do
		mkdir -p "$T/m"
		cp "$m" "$T/m/Makefile"
		ln -sf "$T/w/rank0.json" "$T/w/rank1.json" "$T/m/"
		np make -s -j2 -C "$T/m"
		status_is 0
		no_err
		for f in stall.tsv rank0.stall rank0.gaps.tsv rank1.stall rank1.gaps.tsv; do
			[ -s "$T/m/$f" ]
		done
		nrun=$((nrun + 1))
	done
	# What xdg-open would show was made.
	[ -s "$T/w/runs-report/index.html" ]
	if [ -s "$T/fail" ]; then
		cat "$T/fail"
		false
	fi
	# Most of the README's commands ran (not only the few skipped).
	[ "$nrun" -ge 30 ]
}

# notrun_list REASON: the commands not run for that reason, one a line.
notrun_list() {
	extract
	for c in "$T"/c/*.sh; do
		notrun "$(<"$c")"
		[ "$why" != "$1" ] || head -1 "$c"
	done
}

@test "readme: the commands that need neuron-profile" {
	notrun_list "needs neuron-profile and a profile of its own" >"$T/list"
	[ -s "$T/list" ]
	skip "not run, they need neuron-profile and a profile's NEFF and NTFF: $(paste -sd';' "$T/list")"
}

@test "readme: the commands that need duckdb, run where it is installed" {
	command -v duckdb >/dev/null || {
		extract
		grep -l duckdb "$T"/c/*.sh | xargs head -qn1 >"$T/list"
		[ -s "$T/list" ]
		skip "not run, duckdb is not installed: $(paste -sd';' "$T/list")"
	}
	extract
	samples
	notes_read
	: >"$T/fail"
	for c in $(grep -l duckdb "$T"/c/*.sh); do
		n=$(basename "$c" .sh)
		# The file a COPY writes is removed first (a sample's link,
		# or the same file an earlier block wrote), so that each
		# command is seen to make it.
		f=$(sed -n "s/.*) TO '\([^/'][^']*\)'.*/\1/p" "$c")
		[ -z "$f" ] || rm -f "$T/w/$f"
		run_sh "$n"
	done
	if [ -s "$T/fail" ]; then
		cat "$T/fail"
		false
	fi
}

@test "readme: the command that needs Slurm" {
	notrun_list "needs Slurm" >"$T/list"
	[ -s "$T/list" ]
	skip "not run, it needs a Slurm cluster: $(paste -sd';' "$T/list")"
}

@test "readme: the GNU parallel commands, over ssh hosts run on this host (-S :), where parallel is installed" {
	extract
	grep -l '^parallel' "$T"/c/*.sh >"$T/list"
	[ "$(wc -l <"$T/list")" -ge 3 ]
	command -v parallel >/dev/null ||
	    skip "not run, GNU parallel is not installed: $(xargs head -qn1 <"$T/list" | paste -sd';')"
	samples
	notes_read
	: >"$T/fail"
	for c in $(<"$T/list"); do
		# the hosts named as the local one: the same command, no ssh
		sed -i '1s/^parallel -S [^ ]*/parallel -S :/' "$c"
		n=${c##*/}
		run_sh "${n%.sh}"
	done
	if [ -s "$T/fail" ]; then
		cat "$T/fail"
		false
	fi
	# what each merged is what one run over the ranks gives
	(cd "$T/w" && np-stall -N 10 -g engine,opcode rank*.json) >"$T/one"
	(cd "$T/w" && np-stall -N 10 rank*.json.stall) >"$T/merged"
	cmp "$T/one" "$T/merged"
	(cd "$T/w" && np-stall rank*.json) >"$T/one"
	(cd "$T/w" && np-stall rank*.json.src) >"$T/merged"
	cmp "$T/one" "$T/merged"
	(cd "$T/w" && np-sum -g engine -v duration_ns my-profile@latest) >"$T/one"
	(cd "$T/w" && np-sum Instruction_*.parquet.h) >"$T/merged"
	cmp "$T/one" "$T/merged"
}
