#!/usr/bin/env bats
# Documentation invariants: every program has a lint-clean man page whose
# SYNOPSIS is exactly what --help prints, and the README shows it in use.

load helpers

programs() {
	for c in "$BATS_TEST_DIRNAME"/../cmd/np-*; do
		c=${c##*/}
		echo "${c%.c}"
	done
}

synopsis() {
	man_synopsis "$1.1" | tr -s " \n" "  " | sed "s/ $//"
}

docs_1() {
	for p in $(programs); do
		[ -f "$BATS_TEST_DIRNAME/../man/$p.1" ]
		np "$p" --help
		status_is 0
		want="usage: $(synopsis "$p")"
		# The synopsis is the lines before the first option line.
		got=$(sed '/^  -/,$d' "$OUT" | tr -s ' \t\n' '   ' | sed 's/ $//')
		if [ "$got" != "$want" ]; then
			echo "$p --help: $got"
			echo "man page:  $want"
			return 1
		fi
	done
}

# The option letters of a man page's list (.It Fl X), sorted, one a line.
man_letters() {
	sed -n 's/^\.It Fl \([A-Za-z]\).*/\1/p' "$BATS_TEST_DIRNAME/../man/$1.1" |
	    LC_ALL=C sort -u
}

docs_2() {
	for p in $(programs); do
		np "$p" --help
		status_is 0
		sed '1,/^  -/{/^  -/!d;}' "$OUT" >"$T/opts"
		# "  -X[, --long][ arg]  text": two spaces, the text in one
		# column, -h and --version last.
		if grep -v '^  -[A-Za-z-]' "$T/opts"; then
			echo "$p: a line that is no option line"
			return 1
		fi
		[ "$(tail -n 2 "$T/opts" | cut -c1-12)" = "  -h, --help
  --version " ]
		cols=$(sed 's/^\(  -[^ ]*\( [^ ]\{1,\}\)*  *\)[^ ].*/\1/' "$T/opts" |
		    awk '{ print length($0) }' | sort -u)
		if [ "$(echo "$cols" | wc -l)" -ne 1 ]; then
			echo "$p: texts start in columns $cols"
			return 1
		fi
		got=$(sed -n 's/^  -\([A-Za-gi-z]\).*/\1/p' "$T/opts" | LC_ALL=C sort -u)
		want=$(man_letters "$p")
		if [ "$got" != "$want" ]; then
			echo "$p --help letters: $got"
			echo "man page letters:  $want"
			return 1
		fi
	done
}

docs_3() {
	for p in $(programs); do
		np "$p" -Z
		status_is 2
		grep -q "^usage: $p " "$ERR"
	done
}

docs_4() {
	for p in $(programs); do
		np "$p" --version
		status_is 0
		[ "$(<"$OUT")" = "$p 0.1" ]
	done
}

docs_5() {
	# groff -ww warns of unknown macros, bad arguments and lines it
	# cannot break; make lint adds the mdoc linter where it is installed.
	run groff -mdoc -ww -z -Tutf8 "$BATS_TEST_DIRNAME"/../man/*.1 \
	    "$BATS_TEST_DIRNAME"/../man/np.7
	[ "$status" -eq 0 ]
	if [ -n "$output" ]; then echo "$output"; return 1; fi
}

docs_6() {
	for p in $(programs); do
		grep -q "$p" "$BATS_TEST_DIRNAME/../README.md"
		grep -q "Xr $p 1" "$BATS_TEST_DIRNAME/../man/np.7"
	done
}

@test "docs: every program has a man page, and --help prints its SYNOPSIS; --help has one line per option, those of the man page, lined up; a bad option prints the same usage on stderr, exit 2; --version names the program; man pages format without a warning from groff; the README and np(7) mention every program" {
	cases \
	    "every program has a man page, and --help prints its SYNOPSIS" docs_1 \
	    "--help has one line per option, those of the man page, lined up" docs_2 \
	    "a bad option prints the same usage on stderr, exit 2" docs_3 \
	    "--version names the program" docs_4 \
	    "man pages format without a warning from groff" docs_5 \
	    "the README and np(7) mention every program" docs_6
}
