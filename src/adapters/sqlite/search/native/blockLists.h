/*
** Sorted lists of (rowid, payload) entries kept in blocks of a SQLite table, for top-k text
** retrieval (topText.c): the word postings and the place records of an index generation.
**
** A table holds many lists, each named by its `list` key and its `cell` (postings: "<environment
** letter>:<token>" and the 0.1-degree grid cell of the document, so a search near a point reads
** the part of a word's postings around it; places: the 0.01-degree grid cell, environment in bit
** 40, and cell 0). A list is a run of blocks keyed (list, cell, first_row), in rowid order, never
** overlapping; a block holds up to maxEntries entries:
**
**   varint n, varint (last rowid - first_row), [postings: varint maxWeight2, varint maxCategory,
**   varint minLength], then n times
**   varint (rowid - previous rowid; the first: rowid - first_row = 0), payload
**
** Postings payload: varint weight2 (twice the bm25 weight of the word's instances outside the
** tags column: name 4, category 3, services 2, tagline 1.5, description 1, exclusive 1, so an
** integer), varint category (its instances in the category column), varint length (the row's
** length in tokens, every column counted, as FTS5's docsize holds it). Places payload: a fixed
** PLACE_BYTES record (placeRecord.h).
**
** Writes go straight to the table (a transaction of the caller's holds them), or, in bulk mode
** (a rebuild filling rows in increasing rowid order), into memory, appended to the table as new
** blocks by blockListFlush.
*/
#ifndef SEARCH_BLOCK_LISTS_H
#define SEARCH_BLOCK_LISTS_H

#include "sqlite3ext.h"

#define LIST_POSTINGS 0
#define LIST_PLACES 1

/*
** A WITHOUT ROWID table keeps up to about 1 000 bytes of a row on its B-tree page (4 KB pages) and
** the rest on overflow pages, each one more page read: blocks stay under that. 128 postings take
** about 600 to 800 bytes; eight 104-byte place records about 850.
*/
#define POSTINGS_BLOCK_ENTRIES 128
#define PLACES_BLOCK_ENTRIES 8

typedef struct ListKey {
  int isText;
  const char *z; /* isText: the key's bytes (not terminated) */
  int n;
  sqlite3_int64 i; /* !isText */
  sqlite3_int64 cell;
} ListKey;

typedef struct BlockStore BlockStore;
typedef struct BlockStores BlockStores;

/* A connection's stores, and their bulk buffers; freed by blockStoresDestroy. */
BlockStores *blockStoresCreate(void);
void blockStoresDestroy(void *stores);

/*
** The store of `zTable` (created on first use, kept with its bulk buffer until the connection
** closes). Its statements are prepared on first use and finalized by blockStoreRelease, which
** every SQL function using a store calls before it returns: a statement left open would keep
** the connection from closing.
*/
int blockStoreFor(BlockStores *stores, sqlite3 *db, int kind, const char *zTable, BlockStore **ppStore);
void blockStoreRelease(BlockStore *store);
/* The store of `zTable` if this connection has used it, else 0 (nothing of it is buffered). */
BlockStore *blockStoreFind(BlockStores *stores, int kind, const char *zTable);

/*
** Adds an entry (replacing the row's entry if it has one). bulk: buffered in memory, for a row
** above every row of the list; a store with buffered entries takes no other write until flushed
** (SQLITE_MISUSE).
*/
int blockListInsert(BlockStore *store, const ListKey *key, sqlite3_int64 rowid, const unsigned char *payload, int nPayload, int bulk);

/* Removes the entry of rowid from the list, if there is one. */
int blockListRemove(BlockStore *store, const ListKey *key, sqlite3_int64 rowid);

/*
** Writes the buffered bulk entries, except those of the rows in aSkip (sorted): rows another
** connection changed since (their lists already say so). A list another connection wrote to
** meanwhile takes them one by one, in order; any other gets them as new blocks at its end.
*/
int blockListFlush(BlockStore *store, const sqlite3_int64 *aSkip, int nSkip);

/* Forgets the buffered bulk entries (the rebuild that wrote them was abandoned). */
void blockListDiscard(BlockStore *store);

/*
** Buffers a sorted run of a rebuild's postings (postingsRuns.h) with the rows its documents got
** (a postings store only); blockListFlush merges the runs into the lists after the bulk entries.
*/
struct RunRow;
int blockStoreAddRun(BlockStore *store, const unsigned char *run, int nRun, const struct RunRow *aRow, int nRow);

/* LEB128 varints. */
int varintPut(unsigned char *p, sqlite3_uint64 v);
int varintGet(const unsigned char *p, const unsigned char *end, sqlite3_uint64 *v);

#endif
