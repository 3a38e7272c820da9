#!/usr/bin/env bats
# Parquet's own test files (apache/parquet-testing; fixtures/parquet/testing,
# whose README.md says where each came from and how the goldens were
# checked against DuckDB): every column np reads is dumped by pqdump and
# compared with its golden; the columns and files np cannot read are
# refused, each with its exact message.

load helpers

F=$FIX/parquet/testing
G=parquet/testing

# dumps FILE COLUMNS: pqdump of those columns of FILE (as files.tsv lists
# them) equals its golden (NAME.tsv, or for a long dump its cksum and first
# lines).
dumps() {
	local cols=$2 name
	name=${1%.parquet}
	[ -n "$cols" ] || { echo "no columns for $1"; return 1; }
	np pqdump -c "$cols" "$F/$1"
	status_is 0 || { echo "$1"; return 1; }
	no_err
	if [ -f "$GOLD/$G/$name.cksum" ]; then
		[ "$(cksum <"$OUT" | awk '{ print $1, $2 }')" = \
		    "$(<"$GOLD/$G/$name.cksum")" ] ||
		    { echo "$1: cksum differs"; return 1; }
		head -6 "$OUT" >"$OUT.head"
		cmp -s "$OUT.head" "$GOLD/$G/$name.head" ||
		    { echo "$1: first lines differ"; return 1; }
	else
		golden "$G/$name.tsv" || { echo "$1"; return 1; }
	fi
}

# refuses FILE MESSAGE: pqdump of every column fails with exactly MESSAGE
# (after "pqdump: FILE: ").
refuses() {
	np pqdump "$F/$1"
	status_is 1 || { echo "$1"; return 1; }
	err_is "pqdump: $F/$1: $2"
}

parquet_testing_1() {
	local n=0 line file cols
	# files.tsv: file, columns (none: not read), message; a header line.
	{
		IFS= read -r line
		while IFS= read -r line; do
			file=${line%%$'\t'*}
			cols=${line#*$'\t'}
			cols=${cols%%$'\t'*}
			[ -n "$cols" ] || continue
			dumps "$file" "$cols" || return 1
			n=$((n + 1))
		done
	} <"$F/files.tsv"
	[ "$n" -eq 56 ]
}

parquet_testing_2() {
	for f in int32_decimal int64_decimal byte_array_decimal \
	    fixed_length_decimal fixed_length_decimal_legacy; do
		np pqdump "$F/$f.parquet"
		status_is 0
		[ "$(sed -n '2p;25p' "$OUT" | tr '\n' ' ')" = "1.00 24.00 " ] ||
		    { echo "$f: $(sed -n '2p;25p' "$OUT")"; return 1; }
	done
	# The issue's repro: a sum of 300 (1.00 to 24.00), not 30000.
	np np-sum -v value "$F/int32_decimal.parquet"
	status_is 0
	[ "$(sed -n 2p "$OUT" | cut -f1-5)" = "value	24	300	1	24" ]
}

parquet_testing_3() {
	np pqdump "$F/float16_nonzeros_and_nans.parquet"
	status_is 0
	# DuckDB: NULL 1.0 -2.0 nan 0.0 -1.0 -0.0 2.0; np writes -0 as 0.
	[ "$(tr '\n' ' ' <"$OUT")" = "x  1 -2 NaN 0 -1 0 2 " ]
}

parquet_testing_4() {
	np pqdump "$F/datapage_v2_empty_datapage.snappy.parquet"
	status_is 0
	no_err
	[ "$(tr '\n' ' ' <"$OUT")" = "value  " ]
	np pqdump "$F/column_chunk_key_value_metadata.parquet"
	status_is 0
	no_err
	[ "$(<"$OUT")" = "column1	column2" ]
}

parquet_testing_5() {
	for f in hadoop_lz4_compressed non_hadoop_lz4_compressed; do
		np pqdump "$F/$f.parquet"
		status_is 0
		golden "$G/lz4_raw_compressed.tsv" || { echo "$f"; return 1; }
	done
}

parquet_testing_6() {
	refuses datapage_v2.snappy.parquet "column e.list.element: a column nested in the group e.list: np reads flat columns only"
	refuses nested_maps.snappy.parquet "column a.key_value.key: a column nested in the group a.key_value: np reads flat columns only"
	np pqdump -c b,c "$F/nested_maps.snappy.parquet"
	status_is 0
	[ "$(tr '\n' ' ' <"$OUT")" = "b	c 1	1 1	1 1	1 1	1 1	1 1	1 " ]
	np np-sum -g a -v b "$F/datapage_v2.snappy.parquet"
	status_is 0
	[ "$(cut -f1-4 "$OUT" | tr '\n' ' ')" = "a	value_column	count	sum 	b	1	4 abc	b	4	11 " ]
}


parquet_testing_7() {
	refuses alltypes_plain.parquet "column timestamp_col: INT96 values (deprecated timestamps) are not supported"
	refuses int96_from_spark.parquet "column a: INT96 values (deprecated timestamps) are not supported"
	refuses unknown-logical-type.parquet "column column with unknown type: a logical type unknown to this reader (LogicalType field 2555)"
	refuses geospatial-with-nan.parquet "column geometry: GEOMETRY values are not supported"
	refuses crs-geography.parquet "column geography: GEOGRAPHY values are not supported"
}

parquet_testing_8() {
	refuses encrypt_columns_and_footer.parquet.encrypted "byte 0: an encrypted Parquet file (PARE magic), which np cannot read"
	np np-sum -g a "$F/encrypt_columns_and_footer.parquet.encrypted"
	status_is 1
	err_is "np-sum: $F/encrypt_columns_and_footer.parquet.encrypted: an encrypted Parquet file (PARE magic), which np cannot read"
	np pqdump -c double_field "$F/encrypt_columns_plaintext_footer.parquet.encrypted"
	status_is 1
	err_is "pqdump: $F/encrypt_columns_plaintext_footer.parquet.encrypted: column double_field: an encrypted column (Parquet modular encryption), which np cannot read"
}

parquet_testing_9() {
	refuses bad_PARQUET-1481.parquet "byte 306: the schema is corrupt: the element Handle has neither a physical type nor children"
	refuses bad_ARROW-GH-41317.parquet "byte 49313: ColumnMetaData field 2 (encodings): expected a list of i32, found a list of i16"
	refuses bad_ARROW-GH-47662.parquet "byte 30: column flba_field: PLAIN: the page's values run out before its num_values does"
	refuses bad_ARROW-RS-GH-6229-DICTHEADER.parquet "byte 291: column name: row group 0: the column chunk at byte 129, 322 bytes long, is not between the magic and the footer (bytes 4 to 291)"
	refuses nation.dict-malformed.parquet "byte 421: column name: a page of 28 bytes runs past the end of the column chunk (byte 451)"
}

@test "parquet-testing: every file's readable columns equal DuckDB's reading (goldens); DECIMAL in INT32, INT64, BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY as its value; FLOAT16 as its value, NaN and zeros included; a v2 page of nulls with no bytes, and a row group of 0 rows, are read; the deprecated LZ4 codec, in Hadoop frames and as a raw block; a nested column is refused alone; the flat columns beside it are read; types np has no value for are refused, naming the type and the column; encrypted Parquet is named, the whole file or a column; broken files, each with what is wrong" {
	cases \
	    "every file's readable columns equal DuckDB's reading (goldens)" parquet_testing_1 \
	    "DECIMAL in INT32, INT64, BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY as its value" parquet_testing_2 \
	    "FLOAT16 as its value, NaN and zeros included" parquet_testing_3 \
	    "a v2 page of nulls with no bytes, and a row group of 0 rows, are read" parquet_testing_4 \
	    "the deprecated LZ4 codec, in Hadoop frames and as a raw block" parquet_testing_5 \
	    "a nested column is refused alone; the flat columns beside it are read" parquet_testing_6 \
	    "types np has no value for are refused, naming the type and the column" parquet_testing_7 \
	    "encrypted Parquet is named, the whole file or a column" parquet_testing_8 \
	    "broken files, each with what is wrong" parquet_testing_9
}
