# Loaded by every bats file (load helpers).  Conventions:
#   np CMD ARGS...   runs CMD with stdout in $OUT and stderr in $ERR and its
#                    exit status in $status; never fails by itself
#   golden NAME      stdout must equal tests/golden/NAME byte for byte
#   out_is FILE      stdout must equal FILE byte for byte
#   err_is TEXT      stderr must be exactly TEXT (one line, or several)
#   no_err           stderr must be empty
# Programs come from $NP_BIN (make test sets it; make check points it at
# the sanitizer build).  Fixtures live in tests/fixtures.

NP_BIN=${NP_BIN:-$BATS_TEST_DIRNAME/../build/bin}
PATH=$NP_BIN:$PATH
FIX=$BATS_TEST_DIRNAME/fixtures
GOLD=$BATS_TEST_DIRNAME/golden
SAMPLES=$FIX/samples
OUT=$BATS_TEST_TMPDIR/out
ERR=$BATS_TEST_TMPDIR/err
T=$BATS_TEST_TMPDIR

# untraced: the rest of the test runs without bats' DEBUG trap, which
# takes a stack trace at every shell command (~0.2 ms of CPU each: a loop
# of 20000 costs 6.5 s under bats, 0.03 s in bash).  The trace is taken
# instead by the ERR trap, once, at the command that fails, where the
# DEBUG trap last took it: bats shows the failure as before.  setup()
# calls it (a file with a setup of its own calls it there).
# Under a bats without the two functions it calls (their names are bats
# 1.8.2's), the trap is left as it is: slower, never wrong.
untraced() {
	declare -F bats_debug_trap bats_error_trap >/dev/null || return 0
	trap - DEBUG
	trap 'np_rc=$?
	    if [ -z "$BATS_DEBUG_LAST_STACK_TRACE_IS_VALID" ]; then
		bats_debug_trap "$BASH_SOURCE"
		BATS_DEBUG_LAST_STACK_TRACE_IS_VALID=1
	    fi
	    np_return $np_rc
	    bats_error_trap' ERR
}
np_return() { return "$1"; }
setup() { untraced; }

np() {
	"$@" >"$OUT" 2>"$ERR" && status=0 || status=$?
}

# samebytes A B: files A and B hold the same bytes, as cmp -s says.  Read by
# the shell where neither holds a NUL byte (read -d '' stops at one, and
# says so): a process is dear, and every test compares.
samebytes() {
	local a b LC_ALL=C
	[ -f "$1" ] && [ -f "$2" ] || return 1
	if ! IFS= read -r -d '' a <"$1" && ! IFS= read -r -d '' b <"$2"; then
		[ "$a" = "$b" ]
		return
	fi
	cmp -s "$1" "$2"
}

golden() {
	if ! samebytes "$GOLD/$1" "$OUT"; then
		echo "stdout differs from tests/golden/$1:"
		diff -u "$GOLD/$1" "$OUT" | head -40
		echo "stderr:"; head -5 "$ERR"
		return 1
	fi
}

# out_is FILE: stdout must equal FILE byte for byte.
out_is() {
	if ! samebytes "$1" "$OUT"; then
		echo "stdout differs from $1:"
		diff -u "$1" "$OUT" | head -40
		return 1
	fi
}

# err_is TEXT: stderr, less its trailing newlines (as $(<) would drop them),
# must be exactly TEXT.  Read by the shell, not a command substitution: a
# process is dear, and most error tests ask this.
err_is() {
	local e=
	if IFS= read -r -d '' e <"$ERR"; then
		e=$(<"$ERR")	# holds a NUL: as $(<) reads it
	fi
	while [[ $e == *$'\n' ]]; do
		e=${e%$'\n'}
	done
	if [ "$e" != "$1" ]; then
		echo "expected stderr: $1"
		echo "actual stderr:   $e"
		return 1
	fi
}

# not CMD ARGS...: fails when CMD succeeds.  A bare "! CMD" fails a test
# only as its last command: set -e passes over a negated command.
not() {
	! "$@"
}

no_err() {
	if [ -s "$ERR" ]; then
		echo "unexpected stderr: $(head -5 "$ERR")"
		return 1
	fi
}

# status_is N: the exit status np (or bats' run) left in $status is N.  No
# number there fails too: np run in a pipeline's subshell sets none here.
status_is() {
	if [[ ! ${status-} =~ ^[0-9]+$ ]]; then
		echo "no exit status: np not run in this shell (a pipeline's subshell?)"
		return 1
	fi
	if [ "$status" -ne "$1" ]; then
		echo "expected exit status $1, got $status"
		echo "stderr: $(head -5 "$ERR")"
		return 1
	fi
}

# numcheck_gives LINE ARGS...: tests/tools/numcheck, run with ARGS, exits 0
# and writes LINE (its count of values checked and of differences).
numcheck_gives() {
	local want=$1

	shift
	np numcheck "$@"
	status_is 0
	if [ "$(<"$OUT")" != "$want" ]; then
		echo "numcheck $*: expected '$want', got '$(<"$OUT")'"
		return 1
	fi
}

# Memory cap for constant-memory tests (KiB of virtual memory).  The
# sanitizer build reserves terabytes of shadow memory, so under make check
# these tests cannot apply; they run in make test.
under_ulimit() {
	local kib=$1; shift
	( ulimit -v "$kib" && "$@" ) >"$OUT" 2>"$ERR" && status=0 ||
	    status=$?
}
need_plain_build() {
	if [ -n "$NP_ASAN" ]; then
		skip "ulimit -v does not apply to the ASan build (shadow memory)"
	fi
	if [ -n "$NP_VALGRIND" ]; then
		skip "ulimit -v does not apply under valgrind"
	fi
}

# byteoff FILE LINE COL: the byte offset (from 0) of that position in FILE,
# worked out from its bytes, for the "(byte offset N)" of JSON messages.
byteoff() {
	echo $(($(head -n $(($2 - 1)) "$1" | wc -c) + $3 - 1))
}

# man_text PAGE: the man page rendered as plain text by groff (on every
# machine that has man(1); mandoc is CI's linter, not a test dependency),
# on lines long enough that no SYNOPSIS line wraps.
man_text() {
	groff -mdoc -Tascii -P-cbou -rLL=200n \
	    "$BATS_TEST_DIRNAME/../man/$1" 2>/dev/null
}

# man_synopsis PAGE: its SYNOPSIS lines, one a line, without indentation.
man_synopsis() {
	man_text "$1" | awk '/^SYNOPSIS/ { f = 1; next } /^[A-Z]/ { f = 0 } f' |
	    sed '/^$/d; s/^ *//; s/ *$//'
}

# empties [FILE]: the TSV with each field that is "" (an empty string) made
# empty (a missing value), for comparing two inputs of which one spells
# "none" as an empty string (the view JSON export, "") and the other as a
# null (Neuron Explorer's rows): np keeps the two apart (np(7), OUTPUT).
empties() {
	awk -F'\t' -v OFS='\t' '{ for (i = 1; i <= NF; i++) if ($i == "\"\"")
		$i = ""; print }' "$@"
}

# cases DESC FN [DESC FN ...]: checks that were each a bats test, run in
# one: bats spends ~80 ms of CPU on a test of its own, most of a small
# one.  Each FN runs in a subshell of its own, with $T, $OUT and $ERR of
# its own, as a test would (set -e: its first failing command fails it,
# and ends the test); the command that failed is said, with the case's
# DESC, on the output bats shows of a failing test.
cases() {
	local dirs=() i
	# Their directories made at once: a process is dear.
	for ((i = 2; i <= $#; i += 2)); do
		dirs+=("$BATS_TEST_TMPDIR/${!i}")
	done
	mkdir "${dirs[@]}"
	while [ $# -gt 1 ]; do
		(
			T=$BATS_TEST_TMPDIR/$2
			OUT=$T/out
			ERR=$T/err
			np_case=$1 np_level=$BASH_SUBSHELL
			trap case_failed ERR
			# Without bats' DEBUG trap, which takes a stack trace
			# at every command (~0.2 ms each): what it records in
			# this subshell is lost as it ends, and case_failed
			# names the failing command.
			trap - DEBUG
			"$2"
		)
		shift 2
	done
	[ $# -eq 0 ]
}
# The ERR trap of a case: its first failing command, once (the trap
# fires again in each function it returns through).
case_failed() {
	# (Not within a command substitution of the case: its output.)
	[ -z "${np_failed-}" ] && [ "$BASH_SUBSHELL" -eq "$np_level" ] ||
	    return 0
	np_failed=1
	local f=${BASH_SOURCE[1]##*/}
	case $f in bats.*.src) f=${BATS_TEST_FILENAME##*/} ;; esac
	echo "failed: $np_case: \`$BASH_COMMAND' ($f line ${BASH_LINENO[0]})"
}
