-- make bench's Parquet grid (tests/bench): an Explorer Instruction table of
-- NROWS rows and a DmaPacket table, each written by DuckDB in every codec
-- (uncompressed, snappy, zstd) with dictionary encoding on and off, as
-- DIR/ins-CODEC-d.parquet (dictionary) and DIR/ins-CODEC-p.parquet (plain),
-- and dma-CODEC-{d,p}.parquet.  The Instruction rows are npgen's
-- (DIR/base.parquet, NROWS / 10 rows) without their operands (a kilobyte
-- of filler a row) ten times over, copy k moved k * 1e11 ns later (npgen's
-- timestamps span far less), so that they stay in time order; the
-- DmaPacket rows are profgen's (DIR/prof/DmaPacket.parquet).  tests/bench
-- substitutes DIR and NROWS.
SET threads = 1;
CREATE TABLE b AS SELECT row_number() OVER () AS rn, * EXCLUDE (operands)
    FROM read_parquet('DIR/base.parquet');
CREATE TABLE ins AS SELECT * EXCLUDE (rn, k) REPLACE (
    start_ts + k * 100000000000 AS start_ts,
    end_ts + k * 100000000000 AS end_ts)
    FROM (SELECT k, b.* FROM range(10) r(k), b) ORDER BY k, rn;
CREATE TABLE dma AS SELECT * FROM read_parquet('DIR/prof/DmaPacket.parquet');
COPY ins TO 'DIR/ins-uncompressed-d.parquet' (FORMAT parquet, COMPRESSION uncompressed);
COPY ins TO 'DIR/ins-uncompressed-p.parquet' (FORMAT parquet, COMPRESSION uncompressed, DICTIONARY_SIZE_LIMIT 1);
COPY ins TO 'DIR/ins-snappy-d.parquet' (FORMAT parquet, COMPRESSION snappy);
COPY ins TO 'DIR/ins-snappy-p.parquet' (FORMAT parquet, COMPRESSION snappy, DICTIONARY_SIZE_LIMIT 1);
COPY ins TO 'DIR/ins-zstd-d.parquet' (FORMAT parquet, COMPRESSION zstd);
COPY ins TO 'DIR/ins-zstd-p.parquet' (FORMAT parquet, COMPRESSION zstd, DICTIONARY_SIZE_LIMIT 1);
COPY dma TO 'DIR/dma-uncompressed-d.parquet' (FORMAT parquet, COMPRESSION uncompressed);
COPY dma TO 'DIR/dma-uncompressed-p.parquet' (FORMAT parquet, COMPRESSION uncompressed, DICTIONARY_SIZE_LIMIT 1);
COPY dma TO 'DIR/dma-snappy-d.parquet' (FORMAT parquet, COMPRESSION snappy);
COPY dma TO 'DIR/dma-snappy-p.parquet' (FORMAT parquet, COMPRESSION snappy, DICTIONARY_SIZE_LIMIT 1);
COPY dma TO 'DIR/dma-zstd-d.parquet' (FORMAT parquet, COMPRESSION zstd);
COPY dma TO 'DIR/dma-zstd-p.parquet' (FORMAT parquet, COMPRESSION zstd, DICTIONARY_SIZE_LIMIT 1);
