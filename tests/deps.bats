#!/usr/bin/env bats
# make deps (tests/deps): the layers of common/, checked from the include
# lines and the objects' symbols.  The tree itself, then small trees made
# here, each breaking one rule.

load helpers

TOP=$BATS_TEST_DIRNAME/..

layers() {
	sed -n 's/^LAYERS = //p' "$TOP/Makefile"
}

# compile F...: in the current directory, each source F of common/ or cmd/
# compiled to build/obj or build/cmd, as the Makefile does.
compile() {
	local f o
	for f; do
		case $f in
		common/*) o=build/obj/${f#common/} ;;
		*) o=build/cmd/${f#cmd/} ;;
		esac
		mkdir -p "${o%/*}"
		cc -Icommon -c -o "${o%.c}.o" "$f" || return 1
	done
}

# The small tree's own files, common/lo/ below common/hi/, and a program,
# written and compiled once for the file in $BATS_FILE_TMPDIR/tree: a
# compiler run is dear, and every tree() starts from them.
setup_file() {
	local b=$BATS_FILE_TMPDIR/tree
	mkdir -p "$b/common/lo" "$b/common/hi" "$b/cmd"
	printf 'int lo_a(void);\n' >"$b/common/lo/a.h"
	printf '#include "lo/a.h"\nint lo_a(void) { return 1; }\n' \
	    >"$b/common/lo/a.c"
	printf 'int hi_b(void);\n' >"$b/common/hi/b.h"
	printf '#include "lo/a.h"\n#include "hi/b.h"\nint hi_b(void) { return lo_a(); }\n' \
	    >"$b/common/hi/b.c"
	printf '#include "hi/b.h"\nint main(void) { return hi_b(); }\n' \
	    >"$b/cmd/np-x.c"
	(cd "$b" && compile common/lo/a.c common/hi/b.c cmd/np-x.c)
}

# A small tree in $T/t: common/lo/ below common/hi/, and a program.  Each
# file NAME=TEXT given is written (a C line each), then every source of
# common/ and cmd/np-x/ compiled to build/obj and build/cmd, as the
# Makefile does: the tree's own, compiled by setup_file, copied, unless
# a header given replaces one of them, and the sources given.
tree() {
	local a f srcs=() all=
	cp -R "$BATS_FILE_TMPDIR/tree" "$T/t"
	for a in "$@"; do
		f=${a%%=*}
		case $f in
		*.c) srcs+=("$f") ;;
		*.h) [ ! -f "$T/t/$f" ] || all=1 ;;
		esac
		mkdir -p "$T/t/${f%/*}"
		printf '%s\n' "${a#*=}" >"$T/t/$f"
	done
	# shellcheck disable=SC2046
	[ -z "$all" ] || set -- $(cd "$T/t" && find common cmd -mindepth 2 -name '*.c')
	[ -n "$all" ] || set -- ${srcs[@]+"${srcs[@]}"}
	[ $# -eq 0 ] || (cd "$T/t" && compile "$@")
}

deps() {
	(cd "$T/t" && NP_DEPS_KNOWN=${KNOWN-} sh "$TOP/tests/deps" build "$@") \
	    >"$OUT" 2>"$ERR" && status=0 || status=$?
}

deps_1() {
	# The objects of the build the tests run (build/bin's build/obj).
	np sh -c "cd '$TOP' && sh tests/deps '$NP_BIN/..' $(layers)"
	status_is 0
	no_err
	grep -q "^deps: [0-9]* modules, layers $(layers | sed 's/ / < /g'), cmd: no edge up, none round a loop" "$OUT"
}

deps_2() {
	tree
	deps lo hi
	status_is 0
	[ "$(cat "$OUT")" = "deps: 3 modules, layers lo < hi, cmd: no edge up, none round a loop" ]
}

deps_3() {
	tree 'common/lo/c.c=#include "hi/b.h"'
	deps lo hi
	status_is 1
	[ "$(cat "$OUT")" = "deps: common/lo/c.c:1: includes common/hi/b.h, a layer up (hi above lo)
deps: 1 wrong" ]
}

deps_4() {
	tree 'common/lo/c.c=int hi_b(void); int lo_c(void); int lo_c(void) { return hi_b(); }'
	deps lo hi
	status_is 1
	[ "$(cat "$OUT")" = "deps: common/lo/c.c: uses hi_b of common/hi/b.c, a layer up (hi above lo)
deps: 1 wrong" ]
}

deps_5() {
	tree 'common/lo/a.c=#include "lo/c.h"
int lo_a(void); int lo_a(void) { return lo_c(); }' \
	    'common/lo/c.h=int lo_c(void);' \
	    'common/lo/c.c=#include "lo/a.h"
#include "lo/c.h"
int lo_c(void) { return 0; }'
	deps lo hi
	status_is 1
	[ "$(cat "$OUT")" = "deps: a loop: lo/a -> lo/c -> lo/a (common/lo/c.c:1: includes common/lo/a.h)
deps: 1 wrong" ]
}

deps_6() {
	tree 'cmd/np-y/y.c=int y(void); int y(void) { return 0; }' \
	    'cmd/np-x/x.c=int y(void); int main(void) { return y(); }'
	deps lo hi
	status_is 1
	[ "$(cat "$OUT")" = "deps: cmd/np-x/x.c: uses y of cmd/np-y/y.c, another program's
deps: 1 wrong" ]
}

deps_7() {
	tree 'common/mid/m.c=int mid_m(void); int mid_m(void) { return 0; }'
	deps lo hi top
	status_is 1
	[ "$(sort "$OUT")" = "deps: 2 wrong
deps: common/mid/ is in no layer (the Makefile's LAYERS)
deps: layer top has no folder common/top/" ]
}

deps_8() {
	tree 'common/lo/c.c=#include "hi/b.h"'
	KNOWN='lo/c hi/b' deps lo hi
	status_is 0
	[ "$(cat "$OUT")" = "deps: 4 modules, layers lo < hi, cmd: no edge up, none round a loop (1 known edges left, #26)" ]
	KNOWN='lo/a hi/b' deps lo hi
	status_is 1
	[ "$(cat "$OUT")" = "deps: common/lo/c.c:1: includes common/hi/b.h, a layer up (hi above lo)
deps: lo/a -> hi/b is no longer there: take it off the list of known edges in tests/deps
deps: 2 wrong" ]
}


deps_t1() {
	tree
	rm "$T/t/build/obj/hi/b.o"
	deps lo hi
	status_is 1
	err_is "deps: build/obj/hi/b.o is not built (make all first)"
}

@test "deps: the tree's includes and calls keep its layers; a small tree that keeps its layers passes; an include of a higher layer fails, naming the line; a call to a higher layer fails, with no include to see it by; a loop within a layer fails, naming its modules; a program's file may not use another program's; a folder of common/ in no layer, and a layer of no folder, fail; a known edge is let through, and one no longer there is an error; a source without its object is named, not passed over" {
	cases \
	    "the tree's includes and calls keep its layers" deps_1 \
	    "a small tree that keeps its layers passes" deps_2 \
	    "an include of a higher layer fails, naming the line" deps_3 \
	    "a call to a higher layer fails, with no include to see it by" deps_4 \
	    "a loop within a layer fails, naming its modules" deps_5 \
	    "a program's file may not use another program's" deps_6 \
	    "a folder of common/ in no layer, and a layer of no folder, fail" deps_7 \
	    "a known edge is let through, and one no longer there is an error" deps_8 \
	    "a source without its object is named, not passed over" deps_t1
}
