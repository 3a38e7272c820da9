#!/usr/bin/env bats
# JSON conformance of the pull parser (common/format/json.c): RFC 8259, plus the
# bare NaN, Infinity and -Infinity of old neuron-profile, through the test
# driver jsontok (tests/tools/jsontok.c), which prints one token a line:
#   an object   '}'   an array   ']'   key K   str S   num N   true false null
# with bytes below 0x20 and the backslash in K and S printed as \xNN.
#
# Every case runs twice: token by token, and with -s, which passes over each
# top-level value with json_skip.  Both must accept the same texts and reject
# the others with the same message and exit status 1.  Each of those runs
# is made on every string scanner the build and the CPU have (jsontok -A:
# portable, sse2, avx2, avx512; NP_SIMD in np(7)), which must agree to the
# byte.  The expected tokens
# and messages are written by hand from the RFC's grammar; columns count
# bytes from 1 (a tab is one column), and the input is stdin, named "-".

load helpers

MiB=1048576		# SRC_BUFSZ (one read) and JSON_MAXSTR (longest string)

# json TEXT: the input, as written.  bytes FORMAT: the input from a printf
# format (\\ is one backslash, \xHH a raw byte).
json() { printf '%s' "$1" >"$T/in.json"; }
bytes() { printf "$1" >"$T/in.json"; }

# accepts N <<EOF: jsontok prints exactly the tokens given on stdin, and
# jsontok -s passes over N top-level values.  Tokens of a MiB come from a
# file: the shell reads a pipe a byte a read(2), a second a MiB.
accepts() {
	local want= skipped= i
	# Read by the shell (a process is dear: this runs ~100 times a file).
	IFS= read -r -d '' want || :
	printf '%s' "$want" >"$T/want"
	np jsontok -A <"$T/in.json"
	status_is 0
	no_err
	if ! samebytes "$T/want" "$OUT"; then
		diff -u "$T/want" "$OUT" | head -40
		return 1
	fi
	np jsontok -A -s <"$T/in.json"
	status_is 0
	no_err
	for ((i = 0; i < $1; i++)); do
		skipped+=$'skipped\n'
	done
	printf '%s' "$skipped" >"$T/want"
	if ! samebytes "$T/want" "$OUT"; then
		echo "jsontok -s, expected $1 values skipped:"
		cat "$OUT"
		return 1
	fi
}

# rejects "LINE:COL: MESSAGE": both ways fail with exactly that message,
# followed by the position's byte offset from 0, which is worked out here
# from the input: the bytes of the lines before LINE (none before line
# 1), plus COL - 1.
rejects() {
	local at=${1%%: *} off
	if [ "${at%%:*}" -eq 1 ]; then
		off=$((${at#*:} - 1))
	else
		off=$(byteoff "$T/in.json" "${at%%:*}" "${at#*:}")
	fi
	np jsontok -A <"$T/in.json"
	status_is 1
	err_is "jsontok: -:$1 (byte offset $off)"
	np jsontok -A -s <"$T/in.json"
	status_is 1
	err_is "jsontok: -:$1 (byte offset $off)"
}

# spaces N: N blanks, to put what follows at byte N.
spaces() { head -c "$1" /dev/zero | tr '\0' ' '; }
# letters N: a run of N letters a.
letters() { head -c "$1" /dev/zero | tr '\0' a; }

# ---- accepted: every kind of value, at the top level ----

json_1() {
	json '{"a":1}'
	accepts 1 <<-'EOF'
	an object
	key a
	num 1
	'}'
	EOF
}

json_2() {
	json '[1,"b"]'
	accepts 1 <<-'EOF'
	an array
	num 1
	str b
	']'
	EOF
}

json_3() {
	json '"hello world"'
	accepts 1 <<-'EOF'
	str hello world
	EOF
}

json_4() {
	json '42'
	accepts 1 <<-'EOF'
	num 42
	EOF
}

json_5() {
	json 'true'
	accepts 1 <<-'EOF'
	true
	EOF
	json 'false'
	accepts 1 <<-'EOF'
	false
	EOF
	json 'null'
	accepts 1 <<-'EOF'
	null
	EOF
}

json_6() {
	json '{} [] { } [ ]'
	accepts 4 <<-'EOF'
	an object
	'}'
	an array
	']'
	an object
	'}'
	an array
	']'
	EOF
}

json_7() {
	json '{"a":{"b":[[],[{}]]},"c":[1,[true,[false,null]]],"d":"x"}'
	accepts 1 <<-'EOF'
	an object
	key a
	an object
	key b
	an array
	an array
	']'
	an array
	an object
	'}'
	']'
	']'
	'}'
	key c
	an array
	num 1
	an array
	true
	an array
	false
	null
	']'
	']'
	']'
	key d
	str x
	'}'
	EOF
}

json_8() {
	# 64 '[' then 64 ']': 64 "an array" lines, then 64 "']'" lines.
	bytes "$(printf '[%.0s' $(seq 64))$(printf ']%.0s' $(seq 64))"
	{
		for i in $(seq 64); do echo 'an array'; done
		for i in $(seq 64); do echo "']'"; done
	} | accepts 1
}

json_9() {
	# \" \\ \/ \b \f \n \r \t, a blank between each: " \ / 08 0c 0a 0d 09
	json '"\" \\ \/ \b \f \n \r \t"'
	accepts 1 <<-'EOF'
	str " \x5c / \x08 \x0c \x0a \x0d \x09
	EOF
}

@test "json accept: an object at the top level; an array at the top level; a string at the top level; a number at the top level; true, false and null at the top level; empty object and array, with and without blanks inside; nested objects and arrays, every value type inside; nesting exactly JSON_MAXDEPTH (64) deep; the two-character escapes" {
	cases \
	    "an object at the top level" json_1 \
	    "an array at the top level" json_2 \
	    "a string at the top level" json_3 \
	    "a number at the top level" json_4 \
	    "true, false and null at the top level" json_5 \
	    "empty object and array, with and without blanks inside" json_6 \
	    "nested objects and arrays, every value type inside" json_7 \
	    "nesting exactly JSON_MAXDEPTH (64) deep" json_8 \
	    "the two-character escapes" json_9
}

json_10() {
	# U+0041 A; U+00E9 e-acute (c3 a9); U+20AC euro (e2 82 ac); U+0000
	# and U+001F (controls, printed \xNN); U+005C backslash; U+0022 quote.
	json '"\u0041\u00e9\u00E9\u20AC\u0000\u001f\u005C\u0022"'
	accepts 1 <<-'EOF'
	str Aéé€\x00\x1f\x5c"
	EOF
}

json_11() {
	# d83d de00 = U+1F600 (f0 9f 98 80); d800 dc00 = U+10000 (f0 90 80
	# 80); dbff dfff = U+10FFFF (f4 8f bf bf), the last code point.
	json '"\ud83d\ude00" "\uD800\uDC00" "\udbff\udfff"'
	printf 'str \xf0\x9f\x98\x80\nstr \xf0\x90\x80\x80\nstr \xf4\x8f\xbf\xbf\n' |
	    accepts 3
}

json_12() {
	# U+0080 c2 80, U+07FF df bf; U+0800 e0 a0 80, U+D7FF ed 9f bf,
	# U+E000 ee 80 80, U+FFFF ef bf bf; U+10000 f0 90 80 80, U+10FFFF
	# f4 8f bf bf; and DEL (7f), which needs no escape.
	bytes '"\xc2\x80\xdf\xbf" "\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbf" "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf" "\x7f"'
	printf 'str \xc2\x80\xdf\xbf\nstr %s\nstr %s\nstr \x7f\n' \
	    $'\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbf' \
	    $'\xf0\x90\x80\x80\xf4\x8f\xbf\xbf' | accepts 4
}

json_13() {
	json '{"a\nb":1,"":2,"\u00e9":3}'
	accepts 1 <<-'EOF'
	an object
	key a\x0ab
	num 1
	key 
	num 2
	key é
	num 3
	'}'
	EOF
}

json_14() {
	# Numbers come out as their text: the parser checks the grammar, the
	# readers convert.  1e400 is beyond a double, still a JSON number.
	json '0 -0 1 -1 0.5 -0.5 10.25 1e5 1E5 1e+5 1e-5 1.5E-05 -0.0e0 123456789012345678901234567890 1e400 -1e-400'
	accepts 16 <<-'EOF'
	num 0
	num -0
	num 1
	num -1
	num 0.5
	num -0.5
	num 10.25
	num 1e5
	num 1E5
	num 1e+5
	num 1e-5
	num 1.5E-05
	num -0.0e0
	num 123456789012345678901234567890
	num 1e400
	num -1e-400
	EOF
}

json_15() {
	bytes "1$(printf '0%.0s' $(seq 1023))"
	echo "num 1$(printf '0%.0s' $(seq 1023))" | accepts 1
	bytes "1$(printf '0%.0s' $(seq 1024))"
	rejects "1:1: number longer than 1024 bytes"
}

json_16() {
	json 'NaN Infinity -Infinity [NaN,-Infinity] {"a":Infinity}'
	accepts 5 <<-'EOF'
	num NaN
	num Infinity
	num -Infinity
	an array
	num NaN
	num -Infinity
	']'
	an object
	key a
	num Infinity
	'}'
	EOF
}


json_17() {
	bytes ' \t\r\n[ \t\r\n1 \t\r\n, \t\r\n{ \t\r\n"k" \t\r\n: \t\r\ntrue \t\r\n} \t\r\n] \t\r\n'
	accepts 1 <<-'EOF'
	an array
	num 1
	an object
	key k
	true
	'}'
	']'
	EOF
}

json_18() {
	bytes '{"a":1}\n{"a":2}\r\n[3]{}"s"[]\n"t" 4\n'
	accepts 8 <<-'EOF'
	an object
	key a
	num 1
	'}'
	an object
	key a
	num 2
	'}'
	an array
	num 3
	']'
	an object
	'}'
	str s
	an array
	']'
	str t
	num 4
	EOF
}


json_t5() {
	bytes 'time="2026-03-19T02:57:19Z" level=info msg="start"\nINFO plain log\n\n{"a":1}\ntime="2026-03-19T02:57:20Z" level=info msg="done"\n[2]\n'
	np jsontok -l <"$T/in.json"
	status_is 0
	no_err
	cat >"$T/want" <<-'EOF'
	an object
	key a
	num 1
	'}'
	an array
	num 2
	']'
	skipped_lines 3 first 1
	EOF
	cmp "$T/want" "$OUT"
	np jsontok -l -s <"$T/in.json"
	status_is 0
	printf 'skipped\nskipped\nskipped_lines 3 first 1\n' | cmp - "$OUT"
	# Without -l the first log line is an error: 't', then not "true".
	rejects "1:2: expected 'true', found 'i'"
}

json_20() {
	bytes '{}\nWARN not a logrus line\n'
	np jsontok -l <"$T/in.json"
	status_is 1
	err_is "jsontok: -:2:1: expected a value, found 'W' (byte offset 3)"
}

json_21() {
	# The parser reads a sequence of values, and none is a sequence; the
	# readers reject such a file (np-trace below).
	json ''
	accepts 0 </dev/null
	bytes ' \n\t\r\n'
	accepts 0 </dev/null
	np np-trace <"$T/in.json"
	status_is 1
	err_is "np-trace: -: only blank lines, expected JSON, TSV, CSV or show-session --show-trace instruction"
	json ''
	np np-trace <"$T/in.json"
	status_is 1
	err_is "np-trace: -: empty input, expected JSON, TSV, CSV or show-session --show-trace instruction"
}

@test "json accept: \\u escapes, either case of hex digit; surrogate pairs, at the ends of their range; raw UTF-8 of 2, 3 and 4 bytes, at the ends of each range; keys are strings like any other (escapes, empty); numbers: zero, minus zero, fractions, exponents, big ones; a number of 1024 bytes (NUM_MAXLEN), not 1025; NaN, Infinity and -Infinity, at the top and inside; the four blanks, anywhere between tokens; several top-level values (JSON lines, and run together); with -l, log lines before the first value and logrus lines between values; json reject: with -l, a line after the first value that is not logrus; empty input and blanks only hold no values" {
	cases \
	    "\\u escapes, either case of hex digit" json_10 \
	    "surrogate pairs, at the ends of their range" json_11 \
	    "raw UTF-8 of 2, 3 and 4 bytes, at the ends of each range" json_12 \
	    "keys are strings like any other (escapes, empty)" json_13 \
	    "numbers: zero, minus zero, fractions, exponents, big ones" json_14 \
	    "a number of 1024 bytes (NUM_MAXLEN), not 1025" json_15 \
	    "NaN, Infinity and -Infinity, at the top and inside" json_16 \
	    "the four blanks, anywhere between tokens" json_17 \
	    "several top-level values (JSON lines, and run together)" json_18 \
	    "with -l, log lines before the first value and logrus lines between values" json_t5 \
	    "json reject: with -l, a line after the first value that is not logrus" json_20 \
	    "empty input and blanks only hold no values" json_21
}

# ---- rejected ----

json_22() {
	json '{"a":1,}'
	rejects "1:8: expected a string key, found '}'"
}

json_23() {
	json '[1,]'
	rejects "1:4: expected a value, found ']'"
}

json_24() {
	json '// c'
	rejects "1:1: expected a value, found '/'"
	json '/* c */ 1'
	rejects "1:1: expected a value, found '/'"
	json '[1 /* c */]'
	rejects "1:4: expected ',' or ']' after the element, found '/'"
}

json_25() {
	json "'a'"
	rejects "1:1: expected a value, found '''"
	json "{'a':1}"
	rejects "1:2: expected a string key or '}', found '''"
}

json_26() {
	json '01'
	rejects "1:1: expected a number, found '01'"
	json '-01'
	rejects "1:1: expected a number, found '-01'"
	json '[00]'
	rejects "1:2: expected a number, found '00'"
}

json_27() {
	json '+1'
	rejects "1:1: expected a value, found '+'"
	json '1e+'
	rejects "1:1: expected a number, found '1e+'"
}

json_28() {
	json '.5'
	rejects "1:1: expected a value, found '.'"
	json '-.5'
	rejects "1:1: expected a number, found '-.5'"
}

json_29() {
	json '1.'
	rejects "1:1: expected a number, found '1.'"
	json '1.e5'
	rejects "1:1: expected a number, found '1.e5'"
}

json_30() {
	json '1e'
	rejects "1:1: expected a number, found '1e'"
	json '[1E-]'
	rejects "1:2: expected a number, found '1E-'"
}

json_31() {
	json '-'
	rejects "1:1: expected a number, found '-'"
	json '--1'
	rejects "1:1: expected a number, found '--1'"
}

json_32() {
	# 0 is a number; the x after it cannot follow a value.
	json '0x1F'
	rejects "1:2: expected ',', ']', '}' or a blank after the value, found 'x'"
}

json_33() {
	bytes '"a\tb"'
	rejects "1:3: expected '\"' to end the string, found raw control character 0x09"
}

@test "json reject: trailing comma in an object; trailing comma in an array; comments; single quotes; leading zeros; a plus sign; no digit before the point; no digit after the point; no digit in the exponent; a lone minus, and two; hex numbers; a raw tab in a string" {
	cases \
	    "trailing comma in an object" json_22 \
	    "trailing comma in an array" json_23 \
	    "comments" json_24 \
	    "single quotes" json_25 \
	    "leading zeros" json_26 \
	    "a plus sign" json_27 \
	    "no digit before the point" json_28 \
	    "no digit after the point" json_29 \
	    "no digit in the exponent" json_30 \
	    "a lone minus, and two" json_31 \
	    "hex numbers" json_32 \
	    "a raw tab in a string" json_33
}

json_34() {
	bytes '"a\nb"'
	rejects "1:3: expected '\"' to end the string, found raw control character 0x0a"
}

json_35() {
	bytes '["ab\0"]'
	rejects "1:5: expected '\"' to end the string, found raw control character 0x00"
	bytes '"\x1f"'
	rejects "1:2: expected '\"' to end the string, found raw control character 0x1f"
}

json_36() {
	json '"a\x"'
	rejects "1:3: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found 'x'"
	json '"\U0041"'
	rejects "1:2: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found 'U'"
	json "\"\\'\""
	rejects "1:2: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found '''"
	json '"\'
	rejects "1:2: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found end of input"
}

json_37() {
	json '"\u12"'
	rejects "1:2: expected four hex digits after \\u"
	json '"\u00G0"'
	rejects "1:2: expected four hex digits after \\u"
}

json_38() {
	json '"\ud800"'
	rejects "1:2: expected a low surrogate after \\ud800"
	json '"a\uD83Dx"'
	rejects "1:3: expected a low surrogate after \\ud83d"
	json '"\ud800\u0041"'
	rejects "1:2: expected a low surrogate after \\ud800"
	json '"\udbff\udbff"'
	rejects "1:2: expected a low surrogate after \\udbff"
}

json_39() {
	json '"\udc00"'
	rejects "1:2: expected a high surrogate before \\udc00, found it alone"
	json '"\ude00\ud83d"'
	rejects "1:2: expected a high surrogate before \\ude00, found it alone"
}

json_40() {
	bytes '"\xc0\xaf"'		# '/' in two bytes
	rejects "1:2: expected UTF-8 text, found byte 0xc0"
	bytes '"\xc1\xbf"'
	rejects "1:2: expected UTF-8 text, found byte 0xc1"
	bytes '"\xe0\x80\xaf"'	# '/' in three
	rejects "1:2: expected UTF-8 text, found byte 0xe0"
	bytes '"x\xf0\x80\x80\xaf"'	# and in four
	rejects "1:3: expected UTF-8 text, found byte 0xf0"
}

json_41() {
	bytes '"\xed\xa0\x80"'		# U+D800
	rejects "1:2: expected UTF-8 text, found byte 0xed"
	bytes '"\xed\xbf\xbf"'		# U+DFFF
	rejects "1:2: expected UTF-8 text, found byte 0xed"
}

json_42() {
	bytes '"\xf4\x90\x80\x80"'	# U+110000
	rejects "1:2: expected UTF-8 text, found byte 0xf4"
	bytes '"\xf5\x80\x80\x80"'
	rejects "1:2: expected UTF-8 text, found byte 0xf5"
	bytes '"\xff"'
	rejects "1:2: expected UTF-8 text, found byte 0xff"
}

json_43() {
	bytes '"a\x80"'
	rejects "1:3: expected UTF-8 text, found byte 0x80"
	bytes '"\xc3\xa9\xbf"'
	rejects "1:4: expected UTF-8 text, found byte 0xbf"
}

json_44() {
	bytes '"\xe2\x82"'		# the euro sign without its last byte
	rejects "1:2: expected UTF-8 text, found byte 0xe2"
	bytes '"\xf0\x9f\x98'		# cut by the end of input
	rejects "1:2: expected UTF-8 text, found byte 0xf0"
}

@test "json reject: a raw newline in a string; a raw NUL and the other controls in a string; unknown escapes; \\u without four hex digits; a lone high surrogate; a lone low surrogate; overlong UTF-8; surrogates encoded in UTF-8; UTF-8 beyond U+10FFFF; a stray continuation byte; a truncated UTF-8 sequence" {
	cases \
	    "a raw newline in a string" json_34 \
	    "a raw NUL and the other controls in a string" json_35 \
	    "unknown escapes" json_36 \
	    "\\u without four hex digits" json_37 \
	    "a lone high surrogate" json_38 \
	    "a lone low surrogate" json_39 \
	    "overlong UTF-8" json_40 \
	    "surrogates encoded in UTF-8" json_41 \
	    "UTF-8 beyond U+10FFFF" json_42 \
	    "a stray continuation byte" json_43 \
	    "a truncated UTF-8 sequence" json_44
}

json_45() {
	bytes '\xc3\xa9'
	rejects "1:1: expected a value, found byte 0xc3"
	# A byte order mark opening the input is the front door's to drop
	# (source.c); anywhere else it is no blank.
	bytes '{}\xef\xbb\xbf'
	rejects "1:3: expected a value, found byte 0xef"
	bytes '[1,\f2]'		# form feed is no JSON blank
	rejects "1:4: expected a value, found byte 0x0c"
	bytes '[1,\xc2\xa02]'	# nor is U+00A0
	rejects "1:4: expected a value, found byte 0xc2"
}

json_46() {
	json '"abc'
	rejects "1:5: expected '\"' to end the string, found end of input"
	json '{"ab'
	rejects "1:5: expected '\"' to end the string, found end of input"
}

json_47() {
	json '{'
	rejects "1:2: expected a string key or '}', found end of input"
	json '{"a"'
	rejects "1:5: expected ':' after the key, found end of input"
	json '{"a":'
	rejects "1:6: expected a value, found end of input"
	json '{"a":1'
	rejects "1:7: expected ',' or '}' after the member, found end of input"
	json '{"a":1,'
	rejects "1:8: expected a string key, found end of input"
}

json_48() {
	json '['
	rejects "1:2: expected a value, found end of input"
	json '[1'
	rejects "1:3: expected ',' or ']' after the element, found end of input"
	json '[1,'
	rejects "1:4: expected a value, found end of input"
}

json_49() {
	json '{"a":1]'
	rejects "1:7: expected ',' or '}' after the member, found ']'"
	json '[1}'
	rejects "1:3: expected ',' or ']' after the element, found '}'"
	json ']'
	rejects "1:1: expected a value, found ']'"
}

json_50() {
	json '{"a" 1}'
	rejects "1:6: expected ':' after the key, found '1'"
	json '{"a",1}'
	rejects "1:5: expected ':' after the key, found ','"
}

json_51() {
	json '[1 2]'
	rejects "1:4: expected ',' or ']' after the element, found '2'"
	json '["a" "b"]'
	rejects "1:6: expected ',' or ']' after the element, found '\"'"
	json '{"a":1 "b":2}'
	rejects "1:8: expected ',' or '}' after the member, found '\"'"
}

json_52() {
	json '{1:2}'
	rejects "1:2: expected a string key or '}', found '1'"
	json '{a:2}'
	rejects "1:2: expected a string key or '}', found 'a'"
}

json_53() {
	json '1"a"'
	rejects "1:2: expected ',', ']', '}' or a blank after the value, found '\"'"
	json 'truex'
	rejects "1:5: expected ',', ']', '}' or a blank after the value, found 'x'"
	json '[NaNa]'
	rejects "1:5: expected ',', ']', '}' or a blank after the value, found 'a'"
}

json_54() {
	json 'nul'
	rejects "1:4: expected 'null', found end of input"
	json 'nan'
	rejects "1:2: expected 'null', found 'a'"
	json 'True'
	rejects "1:1: expected a value, found 'T'"
	json 'undefined'
	rejects "1:1: expected a value, found 'u'"
	json 'infinity'
	rejects "1:1: expected a value, found 'i'"
	json '-infinity'
	rejects "1:1: expected a number, found '-'"
	json '[Inf]'
	rejects "1:5: expected 'Infinity', found ']'"
}

json_55() {
	# The 65th '[' is at column 65; the 65th '{' after 64 '{"a":' (5
	# bytes each) at column 321.
	bytes "$(printf '[%.0s' $(seq 65))$(printf ']%.0s' $(seq 65))"
	rejects "1:65: nesting deeper than 64 levels"
	bytes "$(printf '{"a":%.0s' $(seq 65))1$(printf '}%.0s' $(seq 65))"
	rejects "1:321: nesting deeper than 64 levels"
}

json_56() {
	# Line 3 is two tabs, 2, and two commas: the second at column 5.
	bytes '{\r\n\t"a": [1,\r\n\t\t2,,]}'
	rejects "3:5: expected a value, found ','"
}

@test "json reject: UTF-8 and other blanks outside strings; an unterminated string; an unterminated object; an unterminated array; mismatched brackets; a missing colon; a missing comma; a key that is not a string; a value run into the next one; bare words; nesting deeper than JSON_MAXDEPTH (64); positions count lines at LF only, and bytes in a line" {
	cases \
	    "UTF-8 and other blanks outside strings" json_45 \
	    "an unterminated string" json_46 \
	    "an unterminated object" json_47 \
	    "an unterminated array" json_48 \
	    "mismatched brackets" json_49 \
	    "a missing colon" json_50 \
	    "a missing comma" json_51 \
	    "a key that is not a string" json_52 \
	    "a value run into the next one" json_53 \
	    "bare words" json_54 \
	    "nesting deeper than JSON_MAXDEPTH (64)" json_55 \
	    "positions count lines at LF only, and bytes in a line" json_56
}

# ---- long strings ----

json_t1() {
	# Line 2, column 3: the opening quote of MiB + 1 letters.
	{ printf '[\n  "'; letters $((MiB + 1)); printf '"]'; } >"$T/in.json"
	np jsontok <"$T/in.json"
	status_is 1
	err_is "jsontok: -:2:3: string longer than 1048576 bytes (byte offset 4)"
	np jsontok -s <"$T/in.json"
	status_is 0
	no_err
	echo skipped | cmp - "$OUT"
}

json_t2() {
	{ printf '"'; for i in 1 2 3; do letters $MiB; printf '\\n\\u00e9'; done
	  printf '" 5'; } >"$T/in.json"
	np jsontok -s <"$T/in.json"
	status_is 0
	no_err
	printf 'skipped\nskipped\n' | cmp - "$OUT"
}


json_59() {
	# MiB - 1 letters and \n (one byte); MiB - 2 letters and \u00e9 (two):
	# both exactly MiB bytes once decoded.
	{ printf '"'; letters $((MiB - 1)); printf '\\n"'; } >"$T/in.json"
	{ printf 'str '; letters $((MiB - 1)); printf '\\x0a\n'; } >"$T/tokens"
	accepts 1 <"$T/tokens"
	{ printf '"'; letters $((MiB - 2)); printf '\\u00e9"'; } >"$T/in.json"
	{ printf 'str '; letters $((MiB - 2)); printf '\xc3\xa9\n'; } >"$T/tokens"
	accepts 1 <"$T/tokens"
	{ printf '"'; letters $MiB; printf '\\n"'; } >"$T/in.json"
	np jsontok <"$T/in.json"
	status_is 1
	err_is "jsontok: -:1:1: string longer than 1048576 bytes (byte offset 0)"
	{ printf '"'; letters $((MiB - 1)); printf '\\u00e9"'; } >"$T/in.json"
	np jsontok <"$T/in.json"
	status_is 1
	err_is "jsontok: -:1:1: string longer than 1048576 bytes (byte offset 0)"
}

json_60() {
	# The text after the last escape counts too: 1 + MiB bytes.
	{ printf '"\\n'; letters $MiB; printf '"'; } >"$T/in.json"
	np jsontok <"$T/in.json"
	status_is 1
	err_is "jsontok: -:1:1: string longer than 1048576 bytes (byte offset 0)"
}

json_61() {
	# A raw control byte past the first MiB of the text: the string is
	# too long before that byte is reached, from a file or a pipe alike.
	{ printf '"'; letters $((MiB + 1)); printf '\001"'; } >"$T/in.json"
	np jsontok "$T/in.json"
	status_is 1
	err_is "jsontok: $T/in.json:1:1: string longer than 1048576 bytes (byte offset 0)"
	np jsontok < <(cat "$T/in.json")
	status_is 1
	err_is "jsontok: -:1:1: string longer than 1048576 bytes (byte offset 0)"
	# Passed over, the string's bad byte is what is wrong with it.
	np jsontok -s "$T/in.json"
	status_is 1
	err_is "jsontok: $T/in.json:1:1048579: expected '\"' to end the string, found raw control character 0x01 (byte offset 1048578)"
}

@test "json reject: a string longer than JSON_MAXSTR (1 MiB); -s passes over it; json accept: json_skip passes over a string of 3 MiB with escapes; json accept: a string of exactly 1 MiB, ending in escapes; a byte more fails; an escape, then more than 1 MiB of plain text (no overrun); a string too long is too long, whatever follows its limit" {
	cases \
	    "a string longer than JSON_MAXSTR (1 MiB); -s passes over it" json_t1 \
	    "json accept: json_skip passes over a string of 3 MiB with escapes" json_t2 \
	    "json accept: a string of exactly 1 MiB, ending in escapes; a byte more fails" json_59 \
	    "an escape, then more than 1 MiB of plain text (no overrun)" json_60 \
	    "a string too long is too long, whatever follows its limit" json_61
}

@test "json accept: json_skip passes over a 64 MiB string in constant memory" {
	need_plain_build
	under_ulimit 32768 sh -c '{ printf "[\""; head -c 67108864 /dev/zero |
	    tr "\0" a; printf "\"]"; } | jsontok -s'
	status_is 0
	no_err
	echo skipped | cmp - "$OUT"
}

# ---- the 64-byte steps of the string scanners ----

# A string is looked at 64 bytes a step from the byte after its quote, and
# passed over by the masks of its backslashes; these put each kind of
# escape, and runs of backslashes, across the ends of the first and second
# steps, at every place from 58 to 70 bytes and from 122 to 130 in.
EDGES=({58..70} {122..130})
# $A: 130 letters a, for the runs of letters before them.
printf -v A '%*s' 130 ''
A=${A// /a}

json_63() {
	local k e
	# Each escape, as written and as jsontok shows it decoded.
	set -- '\"' '"' '\\' '\x5c' '\/' '/' '\n' '\x0a' '\u00e9' 'é' \
	    '\ud83d\ude00' '😀' '\\\\\\' '\x5c\x5c\x5c' '\\\\\\\"' '\x5c\x5c\x5c"' \
	    'é' 'é'
	{ printf '['; sep=
	  for k in "${EDGES[@]}"; do
		i=0
		for e in "$@"; do
			i=$((i + 1))
			[ $((i % 2)) -eq 1 ] || continue
			printf '%s"%s%sb"' "$sep" "${A:0:k}" "$e"
			sep=,
		done
	  done
	  printf ']'; } >"$T/in.json"
	{ echo 'an array'
	  for k in "${EDGES[@]}"; do
		i=0
		for e in "$@"; do
			i=$((i + 1))
			[ $((i % 2)) -eq 0 ] || continue
			printf 'str %s%sb\n' "${A:0:k}" "$e"
		done
	  done
	  echo "']'"; } | accepts 1
}

json_64() {
	# Every case a file of its own, and all of them run by one jsontok
	# -A (a run each, its output framed, tests/jsontok.c): token by
	# token the array is opened, then the string fails at line 1, column
	# COL (byte offset COL - 1); passed over (-s), nothing is printed
	# before the same message.
	local k n=0 f
	local -a files=()
	: >"$T/want"
	: >"$T/want-s"
	# edge FORMAT COL MESSAGE: a case, the input from a printf format
	# (\\ is one backslash, %s the letters, \xHH a raw byte).
	edge() {
		n=$((n + 1))
		f=$T/c$n
		printf "$1" "${A:0:k}" >"$f"
		files+=("$f")
		printf '== %s\nan array\n-- stderr\njsontok: %s:1:%s: %s (byte offset %s)\n-- exit 1\n' \
		    "$f" "$f" "$2" "$3" $(($2 - 1)) >>"$T/want"
		printf '== %s\n-- stderr\njsontok: %s:1:%s: %s (byte offset %s)\n-- exit 1\n' \
		    "$f" "$f" "$2" "$3" $(($2 - 1)) >>"$T/want-s"
	}
	for k in "${EDGES[@]}"; do
		edge '["%s\\x"]' $((k + 3)) "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found 'x'"
		edge '["%s\\\\\\u12x4"]' $((k + 5)) "expected four hex digits after \\u"
		edge '["%s\\udc00"]' $((k + 3)) "expected a high surrogate before \\udc00, found it alone"
		edge '["%s\\\\\001"]' $((k + 5)) "expected '\"' to end the string, found raw control character 0x01"
		edge '["%s\xff"]' $((k + 3)) "expected UTF-8 text, found byte 0xff"
	done
	[ "${#files[@]}" -eq 110 ]
	np jsontok -A "${files[@]}"
	status_is 0
	no_err
	out_is "$T/want"
	np jsontok -A -s "${files[@]}"
	status_is 0
	no_err
	out_is "$T/want-s"
}

json_65() {
	json '["a\"b"]'
	NP_SIMD=mmx np jsontok <"$T/in.json"
	status_is 1
	err_is "jsontok: NP_SIMD: expected portable, sse2, avx2 or avx512, found 'mmx'"
	NP_SIMD=portable np jsontok <"$T/in.json"
	status_is 0
	printf 'an array\nstr a"b\n%s\n' "']'" | cmp - "$OUT"
	if [ -n "$NP_PORTABLE" ]; then
		NP_SIMD=sse2 np jsontok <"$T/in.json"
		status_is 1
		err_is "jsontok: NP_SIMD: sse2 is not in this build or CPU"
		NP_SIMD=avx2 np jsontok <"$T/in.json"
		status_is 1
		err_is "jsontok: NP_SIMD: avx2 is not in this build or CPU"
		NP_SIMD=avx512 np jsontok <"$T/in.json"
		status_is 1
		err_is "jsontok: NP_SIMD: avx512 is not in this build or CPU"
		return
	fi
	NP_SIMD=sse2 np jsontok <"$T/in.json"
	status_is 0
	NP_SIMD=avx2 np jsontok <"$T/in.json"
	if grep -qw avx2 /proc/cpuinfo; then
		status_is 0
	else
		status_is 1
		err_is "jsontok: NP_SIMD: avx2 is not in this build or CPU"
	fi
	NP_SIMD=avx512 np jsontok <"$T/in.json"
	if grep -qw avx512bw /proc/cpuinfo; then
		status_is 0
		printf 'an array\nstr a"b\n%s\n' "']'" | cmp - "$OUT"
	else
		status_is 1
		err_is "jsontok: NP_SIMD: avx512 is not in this build or CPU"
	fi
}


# ---- tokens across the edges of reads ----

# padded V N: files $T/k0 .. $T/kN, file k holding MiB - k blanks then V,
# so that the first read (1 MiB) ends before byte k of V; their names in
# $files.  (One awk writes them all: a test is dearer by each process it
# starts.)
padded() {
	local k
	V=$1 awk -v mib=$MiB -v n="$2" -v dir="$T" 'BEGIN {
		pad = " "
		while (length(pad) < mib)
			pad = pad pad
		for (k = 0; k <= n; k++) {
			f = dir "/k" k
			printf "%s%s", substr(pad, 1, mib - k), ENVIRON["V"] >f
			close(f)
		}
	}'
	files=()
	for ((k = 0; k <= $2; k++)); do
		files+=("$T/k$k")
	done
	[ "$(wc -c <"$T/k$2")" -eq $((MiB - $2 + ${#1})) ]
}

# frames WANT: into $T/want, for each of $files what jsontok over several
# files writes of a run that printed WANT and nothing else, exit 0.
frames() {
	local f
	: >"$T/want"
	for f in "${files[@]}"; do
		printf '== %s\n%s-- stderr\n-- exit 0\n' "$f" "$1" >>"$T/want"
	done
}

json_t3() {
	# The value is placed so that the first read (1 MiB) ends before each
	# of its bytes in turn; it decodes to a, LF, e-acute, U+1F600, '"',
	# '\', e-acute and U+1F600 raw, b.  Each file is a run of its own.
	local LC_ALL=C
	v='"a\n\u00e9\ud83d\ude00\"\\éb😀"'
	padded "$v" ${#v}
	frames "$(printf 'str a\\x0a\xc3\xa9\xf0\x9f\x98\x80"\\x5c\xc3\xa9b\xf0\x9f\x98\x80')
"
	np jsontok "${files[@]}"
	status_is 0
	no_err
	out_is "$T/want"
	rm "${files[@]}"
}

json_t4() {
	local LC_ALL=C
	v='{"k\u00e9y":[-1234.5678e-90,true,false,null,NaN,-Infinity,Infinity,0]}'
	padded "$v" ${#v}
	frames "$(cat <<-'EOF'
	an object
	key kéy
	an array
	num -1234.5678e-90
	true
	false
	null
	num NaN
	num -Infinity
	num Infinity
	num 0
	']'
	'}'
	EOF
	)
"
	np jsontok "${files[@]}"
	status_is 0
	no_err
	out_is "$T/want"
	frames 'skipped
'
	np jsontok -s "${files[@]}"
	status_is 0
	no_err
	out_is "$T/want"
	rm "${files[@]}"
}


json_68() {
	{ spaces $((MiB - 5)); printf '12345 678'; } >"$T/big.json"
	np jsontok "$T/big.json"
	status_is 0
	printf 'num 12345\nnum 678\n' | cmp - "$OUT"
}

json_69() {
	# A newline, MiB - 4 blanks, then [1,]: the ']' is byte MiB + 1 of
	# the file, on line 2, whose first byte is byte 2: column MiB.
	{ printf '\n'; spaces $((MiB - 4)); printf '[1,]'; } >"$T/in.json"
	rejects "2:1048576: expected a value, found ']'"
	# A bad UTF-8 sequence cut by the read's end is still found.
	{ spaces $((MiB - 2)); printf '"\xe2\x82x"'; } >"$T/in.json"
	rejects "1:1048576: expected UTF-8 text, found byte 0xe2"
}

json_70() {
	# Each write reaches jsontok as its own read: the tokens straddle them.
	np jsontok < <(
	  printf '["a\\u00'; sleep 0.2; printf 'e9\\ud83d'; sleep 0.2
	  printf '\\ude00", 12'; sleep 0.2; printf '34, tr'; sleep 0.2
	  printf 'ue, "\xf0\x9f'; sleep 0.2; printf '\x98\x80"]')
	status_is 0
	no_err
	printf 'an array\nstr a\xc3\xa9\xf0\x9f\x98\x80\nnum 1234\ntrue\nstr \xf0\x9f\x98\x80\n%s\n' "']'" |
	    cmp - "$OUT"
}

json_71() {
	# The byte after -Infinity must be looked at even when it comes in
	# the next read.
	np jsontok < <({ printf -- '-Infinity'; sleep 0.3; printf 'x'; })
	status_is 1
	err_is "jsontok: -:1:10: expected ',', ']', '}' or a blank after the value, found 'x' (byte offset 9)"
	[ ! -s "$OUT" ]
}

@test "json accept: escapes and backslash runs across the scanners' 64-byte steps; json reject: a wrong escape, a surrogate alone, a control byte, across the 64-byte steps; NP_SIMD chooses the string scanner; without SSE2 there is only the portable one; a string with escapes and UTF-8 across the 1 MiB read, at every byte; a key, numbers and words across the 1 MiB read, at every byte; a top-level number at the very end of a full read; json reject: positions past the 1 MiB read; tokens cut between the writes to a pipe; json reject: -Infinity, a read's end, then a stray byte" {
	cases \
	    "escapes and backslash runs across the scanners' 64-byte steps" json_63 \
	    "json reject: a wrong escape, a surrogate alone, a control byte, across the 64-byte steps" json_64 \
	    "NP_SIMD chooses the string scanner; without SSE2 there is only the portable one" json_65 \
	    "a string with escapes and UTF-8 across the 1 MiB read, at every byte" json_t3 \
	    "a key, numbers and words across the 1 MiB read, at every byte" json_t4 \
	    "a top-level number at the very end of a full read" json_68 \
	    "json reject: positions past the 1 MiB read" json_69 \
	    "tokens cut between the writes to a pipe" json_70 \
	    "json reject: -Infinity, a read's end, then a stray byte" json_71
}
