/*
** A rebuild's word postings as sorted runs (postingsRuns.c): a run holds the postings of a slice
** of documents, built on a preparation thread before the rows have ids, sorted by list (key, then
** cell) and, within a list, by the document's place in the slice. The writer hands each run to its
** store with the row ids and lengths the slice's documents got; a flush merges the store's runs
** list by list, in key order, and appends each list's entries to its blocks (blockLists.c).
**
**   postings_run(documents)  -- the run of a slice: documents is u32 n, then n times
**                               (u8 environment letter, i64 postings cell, 7 x (u32 bytes, UTF-8
**                               text of an FTS column)), little-endian
**
** A run: u32 n (documents), then groups until its end: varint key bytes, key, varint cell, varint
** entries, entries x (varint document index, varint weight2, varint category), groups in
** ascending (key, cell) order, keys compared as SQLite's BINARY collation compares them.
*/
#ifndef SEARCH_POSTINGS_RUNS_H
#define SEARCH_POSTINGS_RUNS_H

#include "sqlite3ext.h"
#include "blockCodec.h"
#include "blockLists.h"
#include "searchLists.h"

typedef struct Runs Runs;

/* The row of each document of a run: its row id (-1: not written by the run, its lists are
** already written) and its length in tokens (documents.token_count). */
typedef struct RunRow {
  sqlite3_int64 rowid;
  sqlite3_int64 length;
} RunRow;

Runs *runsCreate(void);
void runsFree(Runs *runs);
/* Copies a run and its rows (one per document of the run) into the set. */
int runsAdd(Runs *runs, const unsigned char *run, int nRun, const RunRow *aRow, int nRow);
int runsEmpty(const Runs *runs);
/*
** Merges the runs list by list, in (key, cell) order, and calls xList with each list's entries
** (postings payloads) in row id order, those of rows in aSkip (sorted) left out, then forgets
** every run.
*/
int runsMerge(Runs *runs, const sqlite3_int64 *aSkip, int nSkip, int (*xList)(void *ctx, const ListKey *key, Block *entries), void *ctx);

/* Registers postings_run. */
int postingsRunRegister(sqlite3 *db, SearchLists *lists);

#endif
