/*
** Block lists in a SQLite table: see blockLists.h for the layout.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <stdlib.h>
#include <string.h>
#include "blockCodec.h"
#include "blockLists.h"
#include "pendingLists.h"
#include "placeRecord.h"
#include "postingsRuns.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

#define MAX_STORES 8
#define LARGEST_ROW ((sqlite3_int64)0x7fffffffffffffffLL)

/* ---- stores ---- */

struct BlockStore {
  sqlite3 *db;
  int kind;
  char *zTable;
  sqlite3_stmt *pFloor; /* the block with the greatest first_row <= ?2 */
  sqlite3_stmt *pFirst; /* the list's first block */
  sqlite3_stmt *pPut;
  sqlite3_stmt *pDel;
  Bulk bulk;
  Runs *runs;           /* a rebuild's postings, as sorted runs (postingsRuns.h) */
  Block block;          /* scratch */
  Bytes encoded;        /* scratch */
};

struct BlockStores {
  BlockStore *aStore[MAX_STORES];
};

BlockStores *blockStoresCreate(void){
  BlockStores *stores = (BlockStores*)sqlite3_malloc64(sizeof(BlockStores));
  if( stores ) memset(stores, 0, sizeof(*stores));
  return stores;
}

static void storeFree(BlockStore *store){
  blockStoreRelease(store);
  bulkClear(&store->bulk);
  runsFree(store->runs);
  blockFree(&store->block);
  sqlite3_free(store->encoded.a);
  sqlite3_free(store->zTable);
  sqlite3_free(store);
}

void blockStoresDestroy(void *pStores){
  BlockStores *stores = (BlockStores*)pStores;
  int i;
  if( stores==0 ) return;
  for(i=0; i<MAX_STORES; i++) if( stores->aStore[i] ) storeFree(stores->aStore[i]);
  sqlite3_free(stores);
}

void blockStoreRelease(BlockStore *store){
  sqlite3_finalize(store->pFloor);
  sqlite3_finalize(store->pFirst);
  sqlite3_finalize(store->pPut);
  sqlite3_finalize(store->pDel);
  store->pFloor = store->pFirst = store->pPut = store->pDel = 0;
}

BlockStore *blockStoreFind(BlockStores *stores, int kind, const char *zTable){
  int i;
  for(i=0; i<MAX_STORES; i++){
    BlockStore *store = stores->aStore[i];
    if( store && store->kind==kind && strcmp(store->zTable, zTable)==0 ) return store;
  }
  return 0;
}

int blockStoreFor(BlockStores *stores, sqlite3 *db, int kind, const char *zTable, BlockStore **ppStore){
  int i, slot = -1;
  BlockStore *store;
  for(i=0; i<MAX_STORES; i++){
    store = stores->aStore[i];
    if( store && store->kind==kind && strcmp(store->zTable, zTable)==0 ){ *ppStore = store; return SQLITE_OK; }
    if( store==0 && slot<0 ) slot = i;
  }
  if( slot<0 ){
    /* Stores of long-dropped generations: the first without pending entries goes. */
    for(i=0; i<MAX_STORES && slot<0; i++) if( stores->aStore[i]->bulk.nUsed==0 && runsEmpty(stores->aStore[i]->runs) ) slot = i;
    if( slot<0 ) return SQLITE_FULL;
    storeFree(stores->aStore[slot]);
    stores->aStore[slot] = 0;
  }
  store = (BlockStore*)sqlite3_malloc64(sizeof(BlockStore));
  if( store==0 ) return SQLITE_NOMEM;
  memset(store, 0, sizeof(*store));
  store->db = db;
  store->kind = kind;
  store->zTable = sqlite3_mprintf("%s", zTable);
  if( store->zTable==0 ){ sqlite3_free(store); return SQLITE_NOMEM; }
  stores->aStore[slot] = store;
  *ppStore = store;
  return SQLITE_OK;
}

static int prepare(BlockStore *store, sqlite3_stmt **pp, const char *zFormat){
  char *zSql;
  int rc;
  if( *pp ) return SQLITE_OK;
  zSql = sqlite3_mprintf(zFormat, store->zTable);
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v3(store->db, zSql, -1, SQLITE_PREPARE_PERSISTENT, pp, 0);
  sqlite3_free(zSql);
  return rc;
}

/* Binds the list at i and its cell at i + 1. */
static int bindKey(sqlite3_stmt *stmt, int i, const ListKey *key){
  int rc = key->isText ? sqlite3_bind_text(stmt, i, key->z, key->n, SQLITE_STATIC) : sqlite3_bind_int64(stmt, i, key->i);
  return rc ? rc : sqlite3_bind_int64(stmt, i + 1, key->cell);
}

/* Reads the block with the greatest first_row <= rowid (or, when `orFirst`, the list's first block
** if none is); *pFound 0 when there is none. */
static int readBlock(BlockStore *store, const ListKey *key, sqlite3_int64 rowid, int orFirst, sqlite3_int64 *pFirstRow, int *pFound){
  sqlite3_stmt *stmt;
  int rc = prepare(store, &store->pFloor,
    "SELECT first_row, data FROM \"%w\" WHERE list = ?1 AND cell = ?2 AND first_row <= ?3 ORDER BY first_row DESC LIMIT 1");
  if( rc ) return rc;
  stmt = store->pFloor;
  bindKey(stmt, 1, key);
  sqlite3_bind_int64(stmt, 3, rowid);
  rc = sqlite3_step(stmt);
  if( rc!=SQLITE_ROW && orFirst && rc==SQLITE_DONE ){
    sqlite3_reset(stmt);
    rc = prepare(store, &store->pFirst, "SELECT first_row, data FROM \"%w\" WHERE list = ?1 AND cell = ?2 ORDER BY first_row LIMIT 1");
    if( rc ) return rc;
    stmt = store->pFirst;
    bindKey(stmt, 1, key);
    rc = sqlite3_step(stmt);
  }
  *pFound = 0;
  if( rc==SQLITE_ROW ){
    *pFirstRow = sqlite3_column_int64(stmt, 0);
    rc = blockDecode(store->kind, *pFirstRow, sqlite3_column_blob(stmt, 1), sqlite3_column_bytes(stmt, 1), &store->block);
    *pFound = rc==SQLITE_OK;
  }else if( rc==SQLITE_DONE ){
    rc = SQLITE_OK;
  }
  sqlite3_reset(stmt);
  return rc;
}

static int putBlock(BlockStore *store, const ListKey *key, int from, int to){
  int rc = prepare(store, &store->pPut, "INSERT OR REPLACE INTO \"%w\" (list, cell, first_row, data) VALUES (?1, ?2, ?3, ?4)");
  if( rc==SQLITE_OK ) rc = blockEncode(store->kind, &store->block, from, to, &store->encoded);
  if( rc ) return rc;
  bindKey(store->pPut, 1, key);
  sqlite3_bind_int64(store->pPut, 3, store->block.aRow[from]);
  sqlite3_bind_blob(store->pPut, 4, store->encoded.a, (int)store->encoded.n, SQLITE_STATIC);
  rc = sqlite3_step(store->pPut);
  sqlite3_reset(store->pPut);
  return rc==SQLITE_DONE ? SQLITE_OK : rc;
}

static int deleteBlock(BlockStore *store, const ListKey *key, sqlite3_int64 firstRow){
  int rc = prepare(store, &store->pDel, "DELETE FROM \"%w\" WHERE list = ?1 AND cell = ?2 AND first_row = ?3");
  if( rc ) return rc;
  bindKey(store->pDel, 1, key);
  sqlite3_bind_int64(store->pDel, 3, firstRow);
  rc = sqlite3_step(store->pDel);
  sqlite3_reset(store->pDel);
  return rc==SQLITE_DONE ? SQLITE_OK : rc;
}

static int maxEntries(const BlockStore *store){
  return store->kind==LIST_POSTINGS ? POSTINGS_BLOCK_ENTRIES : PLACES_BLOCK_ENTRIES;
}

static int insertLive(BlockStore *store, const ListKey *key, sqlite3_int64 rowid, const unsigned char *payload, int nPayload);

int blockListInsert(BlockStore *store, const ListKey *key, sqlite3_int64 rowid, const unsigned char *payload, int nPayload, int bulk){
  int rc;
  if( bulk ){
    Pending *p;
    unsigned char buf[10];
    int nBuf;
    rc = bulkPending(&store->bulk, key, &p);
    if( rc ) return rc;
    if( rowid <= p->lastRow ) return SQLITE_MISUSE; /* bulk rows come in increasing order */
    nBuf = varintPut(buf, (sqlite3_uint64)rowid);
    rc = bytesAppend(&p->entries, buf, nBuf);
    if( rc==SQLITE_OK ) rc = bytesAppend(&p->entries, payload, nPayload);
    if( rc ) return rc;
    p->lastRow = rowid;
    p->nEntry++;
    store->bulk.nBytes += nBuf + nPayload;
    return SQLITE_OK;
  }
  /* The caller flushes first: only it knows which buffered rows other connections rewrote. */
  if( store->bulk.nUsed || !runsEmpty(store->runs) ) return SQLITE_MISUSE;
  return insertLive(store, key, rowid, payload, nPayload);
}

static int insertLive(BlockStore *store, const ListKey *key, sqlite3_int64 rowid, const unsigned char *payload, int nPayload){
  Block *b = &store->block;
  sqlite3_int64 firstRow = 0;
  int found, at, rc;
  rc = readBlock(store, key, rowid, 1, &firstRow, &found);
  if( rc ) return rc;
  if( !found ){
    b->n = 0;
    rc = blockReserve(b, 1);
    if( rc ) return rc;
  }
  for(at=0; at<b->n && b->aRow[at] < rowid; at++){}
  if( at<b->n && b->aRow[at]==rowid ){
    b->aPay[at] = payload; /* the same row again: its new payload */
    b->aLen[at] = nPayload;
  }else{
    rc = blockReserve(b, b->n + 1);
    if( rc ) return rc;
    memmove(&b->aRow[at+1], &b->aRow[at], sizeof(sqlite3_int64) * (size_t)(b->n - at));
    memmove((void*)&b->aPay[at+1], &b->aPay[at], sizeof(unsigned char*) * (size_t)(b->n - at));
    memmove(&b->aLen[at+1], &b->aLen[at], sizeof(int) * (size_t)(b->n - at));
    b->aRow[at] = rowid;
    b->aPay[at] = payload;
    b->aLen[at] = nPayload;
    b->n++;
  }
  /* A new first entry renames the block. */
  if( found && b->aRow[0]!=firstRow ){
    rc = deleteBlock(store, key, firstRow);
    if( rc ) return rc;
  }
  if( b->n > maxEntries(store) ){
    int half = b->n / 2;
    rc = putBlock(store, key, 0, half);
    if( rc==SQLITE_OK ) rc = putBlock(store, key, half, b->n);
    return rc;
  }
  return putBlock(store, key, 0, b->n);
}

int blockListRemove(BlockStore *store, const ListKey *key, sqlite3_int64 rowid){
  Block *b = &store->block;
  sqlite3_int64 firstRow = 0;
  int found, at, rc;
  if( store->bulk.nUsed || !runsEmpty(store->runs) ) return SQLITE_MISUSE; /* see blockListInsert */
  rc = readBlock(store, key, rowid, 0, &firstRow, &found);
  if( rc || !found ) return rc;
  for(at=0; at<b->n && b->aRow[at] < rowid; at++){}
  if( at==b->n || b->aRow[at]!=rowid ) return SQLITE_OK;
  memmove(&b->aRow[at], &b->aRow[at+1], sizeof(sqlite3_int64) * (size_t)(b->n - at - 1));
  memmove((void*)&b->aPay[at], &b->aPay[at+1], sizeof(unsigned char*) * (size_t)(b->n - at - 1));
  memmove(&b->aLen[at], &b->aLen[at+1], sizeof(int) * (size_t)(b->n - at - 1));
  b->n--;
  if( b->n==0 || b->aRow[0]!=firstRow ){
    rc = deleteBlock(store, key, firstRow);
    if( rc || b->n==0 ) return rc;
  }
  return putBlock(store, key, 0, b->n);
}

static int pendingCompare(const void *a, const void *b){
  const Pending *x = *(const Pending* const*)a, *y = *(const Pending* const*)b;
  if( x->isText ){
    int n = x->n < y->n ? x->n : y->n;
    int c = memcmp(x->z, y->z, (size_t)n);
    if( c || x->n!=y->n ) return c ? c : x->n - y->n;
  }else if( x->i!=y->i ){
    return x->i < y->i ? -1 : 1;
  }
  return x->cell < y->cell ? -1 : x->cell > y->cell;
}

/*
** Appends entries (above every row the list had when they were buffered) to a list. Another
** connection may have written this list since (a live change during a rebuild): then they go in
** one by one. Else they go at its end, the list's last block filled up first: a flush per 50 000
** rows would otherwise leave a partial block of every list it touched, and short lists (a word in
** one cell) would be all partial blocks. `pending` is the caller's; its payloads stay its own.
*/
static int appendToList(BlockStore *store, const ListKey *key, Block *pending){
  Block *b = &store->block;
  sqlite3_int64 lastFirstRow = 0;
  int e, from, n = pending->n, found = 0, tail = 0, rc;
  rc = readBlock(store, key, LARGEST_ROW, 0, &lastFirstRow, &found);
  if( rc==SQLITE_OK && found && b->aRow[b->n - 1] >= pending->aRow[0] ){
    for(e=0; rc==SQLITE_OK && e<n; e++) rc = insertLive(store, key, pending->aRow[e], pending->aPay[e], pending->aLen[e]);
    return rc;
  }
  if( rc ) return rc;
  /* The last block's entries (pointing into its copy in b->data) come first. */
  if( found && b->n < maxEntries(store) ) tail = b->n;
  else b->n = 0;
  rc = blockReserve(b, tail + n);
  if( rc ) return rc;
  memcpy(&b->aRow[tail], pending->aRow, sizeof(sqlite3_int64) * (size_t)n);
  memcpy((void*)&b->aPay[tail], pending->aPay, sizeof(unsigned char*) * (size_t)n);
  memcpy(&b->aLen[tail], pending->aLen, sizeof(int) * (size_t)n);
  b->n = tail + n;
  n = b->n;
  for(from=0; rc==SQLITE_OK && from<n; from+=maxEntries(store)){
    int to = from + maxEntries(store);
    rc = putBlock(store, key, from, to < n ? to : n);
  }
  b->n = 0;
  return rc;
}

static int appendMerged(void *pStore, const ListKey *key, Block *entries){
  return appendToList((BlockStore*)pStore, key, entries);
}

int blockStoreAddRun(BlockStore *store, const unsigned char *run, int nRun, const RunRow *aRow, int nRow){
  if( store->kind!=LIST_POSTINGS ) return SQLITE_MISUSE;
  if( store->runs==0 && (store->runs = runsCreate())==0 ) return SQLITE_NOMEM;
  return runsAdd(store->runs, run, nRun, aRow, nRow);
}

int blockListFlush(BlockStore *store, const sqlite3_int64 *aSkip, int nSkip){
  Bulk *bulk = &store->bulk;
  Pending **aList = 0;
  Block pending;
  int i, nList = 0, rc = SQLITE_OK;
  memset(&pending, 0, sizeof(pending));
  if( bulk->nUsed ){
    aList = (Pending**)sqlite3_malloc64(sizeof(Pending*) * (sqlite3_uint64)bulk->nUsed);
    if( aList==0 ) return SQLITE_NOMEM;
    for(i=0; i<bulk->nSlot; i++) if( bulk->aSlot[i] ) aList[nList++] = bulk->aSlot[i];
    /* In key order: each list's blocks land next to each other in the table's B-tree. */
    qsort(aList, (size_t)nList, sizeof(Pending*), pendingCompare);
  }
  for(i=0; rc==SQLITE_OK && i<nList; i++){
    Pending *p = aList[i];
    ListKey key = { p->isText, p->z, p->n, p->i, p->cell };
    const unsigned char *q = p->entries.a, *end = q + p->entries.n;
    int e;
    pending.n = 0;
    rc = blockReserve(&pending, p->nEntry);
    for(e=0; rc==SQLITE_OK && e<p->nEntry; e++){
      sqlite3_uint64 row = 0;
      int size;
      q += varintGet(q, end, &row);
      size = payloadSize(store->kind, q, end);
      if( !rowInSorted(aSkip, nSkip, (sqlite3_int64)row) ){
        pending.aRow[pending.n] = (sqlite3_int64)row;
        pending.aPay[pending.n] = q;
        pending.aLen[pending.n] = size;
        pending.n++;
      }
      q += size;
    }
    if( rc==SQLITE_OK && pending.n > 0 ) rc = appendToList(store, &key, &pending);
  }
  sqlite3_free(aList);
  blockFree(&pending);
  bulkClear(bulk);
  if( rc==SQLITE_OK && !runsEmpty(store->runs) ) rc = runsMerge(store->runs, aSkip, nSkip, appendMerged, store);
  return rc;
}

void blockListDiscard(BlockStore *store){
  bulkClear(&store->bulk);
  runsFree(store->runs);
  store->runs = 0;
}
