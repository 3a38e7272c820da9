/*
 * profdir: a Neuron Explorer profile directory, and the one place that
 * knows how one is laid out: each table T in dir/T.parquet, or split into
 * dir/T_0.parquet, dir/T_1.parquet, ...; the Metadata table, whose
 * profile_schema_version says which names the other tables use; the
 * SchemaFields table, one row a field of every table (table_name,
 * field_name).
 */
#ifndef NP_PROFDIR_H
#define NP_PROFDIR_H

#include <stddef.h>

/*
 * The files of dir that hold the tables named in tables (space-separated),
 * in order: for each table T, dir/T.parquet, or its parts dir/T_0.parquet,
 * dir/T_1.parquet, ... in numeric order.  Dies naming the files when a
 * part is missing between others, or when T.parquet and parts are both
 * there: the table would be read in part, or twice.  The names are kept
 * for the program's life (messages may name them after the reading is
 * done), in a list put in *files; returns how many.
 */
int pd_tables(const char *dir, const char *tables, char ***files);
/* The profile_schema_version of dir's Metadata table, in v (n bytes, cut
 * short to fit, NUL-terminated): 1, or 0 when there is no such table,
 * column or value. */
int pd_version(const char *dir, char *v, size_t n);
/* Calls fn(arg, name, len) for each field that dir's SchemaFields table
 * lists of the tables named in tables (space-separated): 1 when it lists
 * any of theirs, 0 when none, or when there is no such table. */
int pd_fields(const char *dir, const char *tables,
    void (*fn)(void *, const char *, size_t), void *arg);

#endif
