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

# helps: each program's --help, exit 0, in $T/NAME.help; the programs in
# $progs, those files in the array $helps.
helps() {
	local p
	progs=$(programs)
	helps=()
	for p in $progs; do
		"$p" --help >"$T/$p.help" 2>"$ERR" && status=0 || status=$?
		status_is 0
		helps+=("$T/$p.help")
	done
}

docs_1() {
	local p pages=()
	helps
	for p in $progs; do
		[ -f "$BATS_TEST_DIRNAME/../man/$p.1" ]
		pages+=("$BATS_TEST_DIRNAME/../man/$p.1")
	done
	# Every page by one groff run, each as man_text renders it (a page's
	# footer comes after the next one's header, which starts the page's
	# text: neither is in a SYNOPSIS); its SYNOPSIS as synopsis gives it
	# against the lines of --help before the first option line, blanks
	# squeezed as before: a process is dear.
	groff -mdoc -Tascii -P-cbou -rLL=200n "${pages[@]}" 2>/dev/null \
	    >"$T/man"
	awk -v progs="$progs" -v man="$T/man" '
		FILENAME == man {
			if (/^NP-[A-Z]+\([0-9]\)/) {
				page = tolower($1)
				sub(/\(.*/, "", page)
				on = 0
			} else if (/^SYNOPSIS/)
				on = 1
			else if (/^[A-Z]/)
				on = 0
			else if (on && $0 != "") {
				sub(/^ */, "")
				sub(/ *$/, "")
				want[page] = want[page] $0 "\n"
			}
			next
		}
		FNR == 1 { p = FILENAME; sub(/.*\//, "", p); sub(/\.help$/, "", p) }
		/^  -/ { opt[p] = 1 }
		!opt[p] { got[p] = got[p] $0 "\n" }
		END {
			n = split(progs, ps, "\n")
			for (i = 1; i <= n; i++) {
				p = ps[i]
				w = want[p]
				gsub(/[ \n]+/, " ", w)
				sub(/ $/, "", w)
				w = "usage: " w
				g = got[p]
				gsub(/[ \t\n]+/, " ", g)
				sub(/ $/, "", g)
				if (g != w) {
					print p " --help: " g
					print "man page:  " w
					exit 1
				}
			}
		}' "$T/man" "${helps[@]}"
}

docs_2() {
	local p mans=()
	helps
	for p in $progs; do
		mans+=("$BATS_TEST_DIRNAME/../man/$p.1")
	done
	# Each --help's option lines, from the first on: "  -X[, --long][
	# arg]  text", two spaces, the text in one column (where the sed
	# expression 's/^\(  -[^ ]*\( [^ ]\{1,\}\)*  *\)[^ ].*/\1/' ends
	# it: the end of the first run of two or more spaces, or else of the
	# last space before a word), -h and --version last; the letters but
	# h, those of its man page's list (.It Fl X).  One awk for them all:
	# a process is dear.
	awk -v progs="$progs" '
		function letters(set,  s, i, c) {
			for (i = 1; i <= 52; i++) {
				c = substr(ABC, i, 1)
				if ((p, c) in set)
					s = s (s == "" ? "" : "\n") c
			}
			return s
		}
		# Where the text of an option line starts, less one: as the
		# sed expression above, the whole line when it does not match.
		function col(s,  i, n, run, end) {
			n = length(s)
			end = 0
			for (i = 4; i <= n; i++) {
				if (substr(s, i, 1) != " ")
					continue
				for (run = 0; i <= n && substr(s, i, 1) == " "; i++)
					run++
				if (i <= n)
					end = i - 1
				if (run > 1 || i > n)
					break
			}
			return (s ~ /^  -/ && end) ? end : n
		}
		BEGIN { ABC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" }
		FNR == 1 {
			p = FILENAME
			sub(/.*\//, "", p)
			man = sub(/\.1$/, "", p)
			sub(/\.help$/, "", p)
		}
		man {
			if (/^\.It Fl [A-Za-z]/)
				want[p, substr($0, 8, 1)]
			next
		}
		/^  -/ { opt[p] = 1 }
		!opt[p] { next }
		!/^  -[A-Za-z-]/ { print; bad[p] = 1 }
		{
			last2[p] = last1[p]
			last1[p] = substr($0, 1, 12)
			c = col($0)
			if (!((p, c) in cols)) {
				cols[p, c]
				ncols[p]++
				at[p] = at[p] " " c
			}
			if (/^  -[A-Za-gi-z]/)
				got[p, substr($0, 4, 1)]
		}
		END {
			n = split(progs, ps, "\n")
			for (i = 1; i <= n; i++) {
				p = ps[i]
				if (bad[p]) {
					print p ": a line that is no option line"
					exit 1
				}
				if (last2[p] "\n" last1[p] != "  -h, --help\n  --version ") {
					print p ": the last two option lines are not -h, --help and --version"
					exit 1
				}
				if (ncols[p] > 1) {
					print p ": texts start in columns" at[p]
					exit 1
				}
				if (letters(got) != letters(want)) {
					print p " --help letters: " letters(got)
					print "man page letters:  " letters(want)
					exit 1
				}
			}
		}' "${mans[@]}" "${helps[@]}"
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
