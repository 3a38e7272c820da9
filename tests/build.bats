#!/usr/bin/env bats
# The build: install and uninstall honour PREFIX and DESTDIR.

load helpers

TOP=$BATS_TEST_DIRNAME/..

build_t1() {
	run make -s -C "$TOP" install DESTDIR="$T/root" PREFIX=/opt/np
	[ "$status" -eq 0 ]
	for c in "$TOP"/cmd/np-*; do
		p=${c##*/}
		p=${p%.c}
		[ -x "$T/root/opt/np/bin/$p" ]
		[ -f "$T/root/opt/np/share/man/man1/$p.1" ]
	done
	[ -f "$T/root/opt/np/share/man/man7/np.7" ]
	"$T/root/opt/np/bin/np-trace" --version
	run make -s -C "$TOP" uninstall DESTDIR="$T/root" PREFIX=/opt/np
	[ "$status" -eq 0 ]
	[ -z "$(find "$T/root" -type f)" ]
}

build_t2() {
	NP_DEMO=$T/demo NP_DEMO_ROWS=2000 np sh "$TOP/cmd/report/demo"
	status_is 0
	no_err
	# The tour: each step's title and command, then its answer.
	[ "$(grep -c '^== ' "$OUT")" -eq 13 ]
	[ "$(grep -c '^\$ np-' "$OUT")" -eq 12 ]
	# Nothing of make's: no commands echoed, no directories entered.
	# (/answer: the script run, not the word in a step's title.)
	not grep -q 'report\.mk\|^make\|/answer\|index\.sh' "$OUT"
	[ "$(wc -l <"$OUT")" -lt 140 ]
	n=$(find "$T/demo/report" -name '*.svg' -size +0 | wc -l)
	[ "$n" -gt 10 ]
	[ "$(tail -1 "$OUT")" = "np demo: the report is $T/demo/report/index.html ($n pictures of 5 profiles)" ]
	xmlcheck "$T/demo/report/index.html"
}

@test "build: make install puts programs and man pages under DESTDIR/PREFIX; the demo is its tour, the report made quietly, and last where the report is" {
	cases \
	    "make install puts programs and man pages under DESTDIR/PREFIX" build_t1 \
	    "the demo is its tour, the report made quietly, and last where the report is" build_t2
}

@test "build: tests/run numbers the tests of both shards as one as they end, and ends with the counts" {
	mkdir -p "$T/s"
	printf '@test "a: one" { true; }\n@test "a: two" { false; }\n@test "a: three" { true; }\n' >"$T/s/a.bats"
	printf '@test "b: one" { true; }\n@test "b: two" { true; }\n@test "b: three" { skip "why"; }\n@test "b: four" { true; }\n' >"$T/s/b.bats"
	# A clean environment: bats sets variables, and puts its libexec
	# first in PATH, which a bats inside would take.
	path=$(printf '%s\n' "$PATH" | tr : '\n' | grep -v bats-core | paste -sd: -)
	np env -i PATH="$path" TMPDIR="$T" sh "$TOP/tests/run" "$T/s/a.bats" \
	    "$T/s/b.bats"
	status_is 1
	no_err
	# The progress: 1/7 to 7/7 in order, each test once.
	grep -E '^(not )?ok [0-9]+/7 ' "$OUT" | sed -E 's/^(not )?ok ([0-9]+)\/7 .*/\2/' >"$T/nums"
	seq 1 7 | cmp - "$T/nums"
	grep -E '^(not )?ok [0-9]+/7 ' "$OUT" | sed -E 's/^(not )?ok [0-9]+\/7 //' | sort >"$T/names"
	printf '%s\n' 'a: one' 'a: three' 'a: two' 'b: four' 'b: one' 'b: three # skip why' 'b: two' | cmp - "$T/names"
	grep -q '^not ok [0-9]*/7 a: two$' "$OUT"
	# Then the failing test again, with what it said, and the counts.
	[ "$(sed -n 8p "$OUT")" = "not ok: a: two" ]
	grep -q "^# (in test file $T/s/a.bats, line 2)$" "$OUT"
	[ "$(tail -1 "$OUT")" = "5 passed, 1 failed, 1 skipped" ]
}

build_t3() {
	# The linter is not needed here: PATH holds only make and sh.
	lint=$(sed -n 's/^LINT = //p' "$TOP/Makefile")
	[ -n "$lint" ]
	mkdir -p "$T/bin"
	ln -s "$(command -v make)" "$T/bin/make"
	ln -s "$(command -v sh)" "$T/bin/sh"
	np env PATH="$T/bin" make -s -C "$TOP" lint
	status_is 2
	[ "$(head -1 "$ERR")" = "make lint: $lint is not installed (apt-get install $lint; dnf install $lint; brew install $lint)" ]
}

build_t4() {
	# A call of malloc, calloc, realloc or strdup itself in a program's
	# source: each is to go through np_malloc, np_calloc, np_realloc or
	# np_strdup, which stop with "np-x: out of memory", exit 1.
	run grep -nE '(^|[^_[:alnum:]])(malloc|calloc|realloc|strdup) *\(' \
	    $(find "$TOP/cmd" -name '*.c') "$TOP/common/calc/bound.c"
	[ "$status" -eq 1 ] || { echo "$output"; false; }
}

@test "build: make lint without its linter says how to install it, and fails; programs allocate through base/alloc.h (np_malloc ...), whose message is the one for no memory" {
	cases \
	    "make lint without its linter says how to install it, and fails" build_t3 \
	    "programs allocate through base/alloc.h (np_malloc ...), whose message is the one for no memory" build_t4
}
