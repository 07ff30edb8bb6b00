/*
** Sorted runs of postings (postingsRuns.h): built per slice of documents, merged per flush.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <stdlib.h>
#include <string.h>
#include "documentTerms.h"
#include "postingsRuns.h"
#include "specReader.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

/* ---- building a run ---- */

typedef struct RunTerm {
  sqlite3_int64 at;   /* its key in the builder's arena */
  int n;
  int lastDoc, lastEntry;
} RunTerm;

typedef struct RunEntry {
  int term, doc;
  sqlite3_int64 cell;
  unsigned int weight2, category;
} RunEntry;

typedef struct RunBuilder {
  Bytes arena;        /* every key, the environment letter first */
  RunTerm *aTerm;
  int nTerm, nTermAlloc;
  int *aSlot;         /* hash of keys: a term's index + 1, 0 empty */
  int nSlot;
  RunEntry *aEntry;
  int nEntry, nEntryAlloc;
  int *aRank;         /* a term's place in key order */
  int doc;
  char environment;
  sqlite3_int64 cell;
} RunBuilder;

static unsigned int keyHash(char environment, const char *z, int n){
  unsigned int h = 2166136261u;
  int i;
  h ^= (unsigned char)environment; h *= 16777619u;
  for(i=0; i<n; i++){ h ^= (unsigned char)z[i]; h *= 16777619u; }
  return h;
}

static int builderGrowSlots(RunBuilder *b){
  int nSlot = b->nSlot ? b->nSlot * 2 : 16384, i;
  int *aSlot = (int*)sqlite3_malloc64(sizeof(int) * (sqlite3_uint64)nSlot);
  if( aSlot==0 ) return SQLITE_NOMEM;
  memset(aSlot, 0, sizeof(int) * (size_t)nSlot);
  for(i=0; i<b->nTerm; i++){
    const char *z = (const char*)b->arena.a + b->aTerm[i].at;
    unsigned int h = keyHash(z[0], z + 1, b->aTerm[i].n - 1) & (unsigned int)(nSlot - 1);
    while( aSlot[h] ) h = (h + 1) & (unsigned int)(nSlot - 1);
    aSlot[h] = i + 1;
  }
  sqlite3_free(b->aSlot);
  b->aSlot = aSlot;
  b->nSlot = nSlot;
  return SQLITE_OK;
}

/* A TermCallback: one instance of a term of the builder's current document. */
static int builderTerm(void *ctx, const char *z, int n, unsigned int weight2, unsigned int category){
  RunBuilder *b = (RunBuilder*)ctx;
  unsigned int h;
  int t, rc;
  RunTerm *term;
  if( b->nTerm * 2 >= b->nSlot && (rc = builderGrowSlots(b))!=SQLITE_OK ) return rc;
  h = keyHash(b->environment, z, n) & (unsigned int)(b->nSlot - 1);
  for(;;){
    const char *key;
    t = b->aSlot[h] - 1;
    if( t < 0 ) break;
    key = (const char*)b->arena.a + b->aTerm[t].at;
    if( b->aTerm[t].n==n + 1 && key[0]==b->environment && memcmp(key + 1, z, (size_t)n)==0 ) break;
    h = (h + 1) & (unsigned int)(b->nSlot - 1);
  }
  if( t < 0 ){
    if( b->nTerm==b->nTermAlloc ){
      int nAlloc = b->nTermAlloc ? b->nTermAlloc * 2 : 4096;
      RunTerm *a = (RunTerm*)sqlite3_realloc64(b->aTerm, sizeof(RunTerm) * (sqlite3_uint64)nAlloc);
      if( a==0 ) return SQLITE_NOMEM;
      b->aTerm = a;
      b->nTermAlloc = nAlloc;
    }
    t = b->nTerm++;
    term = &b->aTerm[t];
    term->at = b->arena.n;
    term->n = n + 1;
    term->lastDoc = -1;
    rc = bytesAppend(&b->arena, &b->environment, 1);
    if( rc==SQLITE_OK ) rc = bytesAppend(&b->arena, z, n);
    if( rc ) return rc;
    b->aSlot[h] = t + 1;
  }
  term = &b->aTerm[t];
  if( term->lastDoc!=b->doc ){
    if( b->nEntry==b->nEntryAlloc ){
      int nAlloc = b->nEntryAlloc ? b->nEntryAlloc * 2 : 65536;
      RunEntry *a = (RunEntry*)sqlite3_realloc64(b->aEntry, sizeof(RunEntry) * (sqlite3_uint64)nAlloc);
      if( a==0 ) return SQLITE_NOMEM;
      b->aEntry = a;
      b->nEntryAlloc = nAlloc;
    }
    term->lastDoc = b->doc;
    term->lastEntry = b->nEntry;
    b->aEntry[b->nEntry].term = t;
    b->aEntry[b->nEntry].doc = b->doc;
    b->aEntry[b->nEntry].cell = b->cell;
    b->aEntry[b->nEntry].weight2 = 0;
    b->aEntry[b->nEntry].category = 0;
    b->nEntry++;
  }
  b->aEntry[term->lastEntry].weight2 += weight2;
  b->aEntry[term->lastEntry].category += category;
  return SQLITE_OK;
}

/* Keys in SQLite's BINARY order: bytes, then the shorter first. qsort has no context: the
** builder being sorted is this thread's. */
static __thread const RunBuilder *sorting;

static int compareKeys(const RunBuilder *b, int x, int y){
  const RunTerm *a = &b->aTerm[x], *c = &b->aTerm[y];
  int n = a->n < c->n ? a->n : c->n;
  int cmp = memcmp(b->arena.a + a->at, b->arena.a + c->at, (size_t)n);
  return cmp ? cmp : a->n - c->n;
}
static int compareTermIndexes(const void *x, const void *y){ return compareKeys(sorting, *(const int*)x, *(const int*)y); }
static int compareEntries(const void *x, const void *y){
  const RunEntry *a = (const RunEntry*)x, *c = (const RunEntry*)y;
  int ra = sorting->aRank[a->term], rc = sorting->aRank[c->term];
  if( ra!=rc ) return ra < rc ? -1 : 1;
  if( a->cell!=c->cell ) return a->cell < c->cell ? -1 : 1;
  return a->doc - c->doc;
}

/* The run: every entry in (key, cell, document) order, grouped. */
static int builderWrite(RunBuilder *b, int nDoc, Bytes *out){
  int *aOrder = 0, i, rc = SQLITE_OK;
  unsigned char head[4];
  if( b->nTerm > 0 ){
    aOrder = (int*)sqlite3_malloc64(sizeof(int) * (sqlite3_uint64)b->nTerm);
    b->aRank = (int*)sqlite3_malloc64(sizeof(int) * (sqlite3_uint64)b->nTerm);
    if( aOrder==0 || b->aRank==0 ){ sqlite3_free(aOrder); return SQLITE_NOMEM; }
    for(i=0; i<b->nTerm; i++) aOrder[i] = i;
    sorting = b;
    qsort(aOrder, (size_t)b->nTerm, sizeof(int), compareTermIndexes);
    for(i=0; i<b->nTerm; i++) b->aRank[aOrder[i]] = i;
    qsort(b->aEntry, (size_t)b->nEntry, sizeof(RunEntry), compareEntries);
    sorting = 0;
  }
  memcpy(head, &nDoc, 4);
  rc = bytesAppend(out, head, 4);
  for(i=0; rc==SQLITE_OK && i<b->nEntry; ){
    const RunEntry *first = &b->aEntry[i];
    const RunTerm *term = &b->aTerm[first->term];
    int j = i;
    while( j<b->nEntry && b->aEntry[j].term==first->term && b->aEntry[j].cell==first->cell ) j++;
    rc = bytesVarint(out, (sqlite3_uint64)term->n);
    if( rc==SQLITE_OK ) rc = bytesAppend(out, b->arena.a + term->at, term->n);
    if( rc==SQLITE_OK ) rc = bytesVarint(out, (sqlite3_uint64)first->cell);
    if( rc==SQLITE_OK ) rc = bytesVarint(out, (sqlite3_uint64)(j - i));
    for(; rc==SQLITE_OK && i<j; i++){
      rc = bytesVarint(out, (sqlite3_uint64)b->aEntry[i].doc);
      if( rc==SQLITE_OK ) rc = bytesVarint(out, b->aEntry[i].weight2);
      if( rc==SQLITE_OK ) rc = bytesVarint(out, b->aEntry[i].category);
    }
  }
  sqlite3_free(aOrder);
  return rc;
}

static void postingsRunFunction(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  SearchLists *lists = (SearchLists*)sqlite3_user_data(ctx);
  SpecReader r;
  RunBuilder b;
  Bytes out;
  int nDoc, d, c, rc = SQLITE_OK;
  (void)nArg;
  memset(&b, 0, sizeof(b));
  memset(&out, 0, sizeof(out));
  r.p = (const unsigned char*)sqlite3_value_blob(apArg[0]);
  r.end = r.p + sqlite3_value_bytes(apArg[0]);
  r.bad = r.p==0;
  nDoc = (int)specU32(&r);
  for(d=0; rc==SQLITE_OK && !r.bad && d<nDoc; d++){
    const char *azCol[DOCUMENT_COLUMNS];
    int anCol[DOCUMENT_COLUMNS];
    b.doc = d;
    b.environment = (char)specU8(&r);
    b.cell = specI64(&r);
    for(c=0; c<DOCUMENT_COLUMNS; c++) azCol[c] = specString(&r, &anCol[c]);
    if( !r.bad ) rc = documentTerms(lists, azCol, anCol, builderTerm, &b);
  }
  if( rc==SQLITE_OK && (r.bad || r.p!=r.end || nDoc < 0) ){
    sqlite3_result_error(ctx, "postings_run: malformed documents", -1);
  }else{
    if( rc==SQLITE_OK ) rc = builderWrite(&b, nDoc, &out);
    if( rc==SQLITE_OK ){
      sqlite3_result_blob64(ctx, out.a, (sqlite3_uint64)out.n, sqlite3_free);
      out.a = 0;
    }else{
      sqlite3_result_error_code(ctx, rc);
    }
  }
  sqlite3_free(out.a);
  sqlite3_free(b.arena.a);
  sqlite3_free(b.aTerm);
  sqlite3_free(b.aSlot);
  sqlite3_free(b.aEntry);
  sqlite3_free(b.aRank);
}

int postingsRunRegister(sqlite3 *db, SearchLists *lists){
  return sqlite3_create_function_v2(db, "postings_run", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, lists, postingsRunFunction, 0, 0, 0);
}

/* ---- a store's runs, merged ---- */

typedef struct Run {
  unsigned char *a;   /* the run, copied */
  sqlite3_int64 n;
  RunRow *aRow;
  int nRow;
} Run;

struct Runs {
  Run *aRun;
  int nRun, nRunAlloc;
};

Runs *runsCreate(void){
  Runs *runs = (Runs*)sqlite3_malloc64(sizeof(Runs));
  if( runs ) memset(runs, 0, sizeof(*runs));
  return runs;
}

static void runsClear(Runs *runs){
  int i;
  for(i=0; i<runs->nRun; i++){ sqlite3_free(runs->aRun[i].a); sqlite3_free(runs->aRun[i].aRow); }
  runs->nRun = 0;
}

void runsFree(Runs *runs){
  if( runs==0 ) return;
  runsClear(runs);
  sqlite3_free(runs->aRun);
  sqlite3_free(runs);
}

int runsEmpty(const Runs *runs){ return runs==0 || runs->nRun==0; }

int runsAdd(Runs *runs, const unsigned char *run, int nRun, const RunRow *aRow, int nRow){
  Run *r;
  unsigned int nDoc;
  if( nRun < 4 ) return SQLITE_MISUSE;
  memcpy(&nDoc, run, 4);
  if( (int)nDoc!=nRow ) return SQLITE_MISUSE;
  if( runs->nRun==runs->nRunAlloc ){
    int nAlloc = runs->nRunAlloc ? runs->nRunAlloc * 2 : 64;
    Run *a = (Run*)sqlite3_realloc64(runs->aRun, sizeof(Run) * (sqlite3_uint64)nAlloc);
    if( a==0 ) return SQLITE_NOMEM;
    runs->aRun = a;
    runs->nRunAlloc = nAlloc;
  }
  r = &runs->aRun[runs->nRun];
  r->a = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)nRun);
  r->aRow = (RunRow*)sqlite3_malloc64(sizeof(RunRow) * (sqlite3_uint64)(nRow > 0 ? nRow : 1));
  if( r->a==0 || r->aRow==0 ){ sqlite3_free(r->a); sqlite3_free(r->aRow); return SQLITE_NOMEM; }
  memcpy(r->a, run, (size_t)nRun);
  memcpy(r->aRow, aRow, sizeof(RunRow) * (size_t)nRow);
  r->n = nRun;
  r->nRow = nRow;
  runs->nRun++;
  return SQLITE_OK;
}

/* A run being read: its current group. */
typedef struct RunCursor {
  const Run *run;
  int index;                  /* its place among the runs: equal lists merge in this order */
  const unsigned char *p, *end;
  const char *key;
  int nKey;
  sqlite3_int64 cell;
  int nEntry;
  const unsigned char *entries;
  int eof;
} RunCursor;

/* Reads the next group's header; entries are read by the merge. */
static int cursorGroup(RunCursor *c){
  sqlite3_uint64 v;
  int got;
  if( c->p >= c->end ){ c->eof = 1; return SQLITE_OK; }
  if( (got = varintGet(c->p, c->end, &v))==0 || v > (sqlite3_uint64)(c->end - c->p) ) return SQLITE_CORRUPT;
  c->p += got;
  c->key = (const char*)c->p;
  c->nKey = (int)v;
  c->p += v;
  if( (got = varintGet(c->p, c->end, &v))==0 ) return SQLITE_CORRUPT;
  c->p += got;
  c->cell = (sqlite3_int64)v;
  if( (got = varintGet(c->p, c->end, &v))==0 ) return SQLITE_CORRUPT;
  c->p += got;
  c->nEntry = (int)v;
  c->entries = c->p;
  return SQLITE_OK;
}

static int cursorCompare(const RunCursor *a, const RunCursor *b){
  int n = a->nKey < b->nKey ? a->nKey : b->nKey;
  int cmp = memcmp(a->key, b->key, (size_t)n);
  if( cmp || a->nKey!=b->nKey ) return cmp ? cmp : a->nKey - b->nKey;
  if( a->cell!=b->cell ) return a->cell < b->cell ? -1 : 1;
  return a->index - b->index;
}

static void heapDown(RunCursor **h, int n, int i){
  for(;;){
    int l = 2*i + 1, m = i;
    if( l < n && cursorCompare(h[l], h[m]) < 0 ) m = l;
    if( l + 1 < n && cursorCompare(h[l+1], h[m]) < 0 ) m = l + 1;
    if( m==i ) return;
    { RunCursor *t = h[i]; h[i] = h[m]; h[m] = t; }
    i = m;
  }
}

/* Appends a group's entries (those of written, unskipped rows) to the list being gathered. */
static int takeEntries(RunCursor *c, const sqlite3_int64 *aSkip, int nSkip, Block *list, Bytes *payloads){
  int e, rc = SQLITE_OK;
  rc = blockReserve(list, list->n + c->nEntry);
  for(e=0; rc==SQLITE_OK && e<c->nEntry; e++){
    sqlite3_uint64 doc, weight2, category;
    int got1 = varintGet(c->p, c->end, &doc), got2, got3;
    c->p += got1;
    got2 = varintGet(c->p, c->end, &weight2);
    c->p += got2;
    got3 = varintGet(c->p, c->end, &category);
    c->p += got3;
    if( got1==0 || got2==0 || got3==0 || doc >= (sqlite3_uint64)c->run->nRow ) return SQLITE_CORRUPT;
    {
      const RunRow *row = &c->run->aRow[doc];
      if( row->rowid < 0 || rowInSorted(aSkip, nSkip, row->rowid) ) continue;
      /* The payload's offset for now: payloads may move as they grow. */
      list->aRow[list->n] = row->rowid;
      list->aLen[list->n] = (int)payloads->n;
      rc = bytesVarint(payloads, weight2);
      if( rc==SQLITE_OK ) rc = bytesVarint(payloads, category);
      if( rc==SQLITE_OK ) rc = bytesVarint(payloads, (sqlite3_uint64)row->length);
      list->n++;
    }
  }
  return rc;
}

int runsMerge(Runs *runs, const sqlite3_int64 *aSkip, int nSkip, int (*xList)(void *ctx, const ListKey *key, Block *entries), void *ctx){
  RunCursor *aCursor = 0, **heap = 0;
  Block list;
  Bytes payloads;
  int i, nHeap = 0, rc = SQLITE_OK;
  memset(&list, 0, sizeof(list));
  memset(&payloads, 0, sizeof(payloads));
  if( runs->nRun==0 ) return SQLITE_OK;
  aCursor = (RunCursor*)sqlite3_malloc64(sizeof(RunCursor) * (sqlite3_uint64)runs->nRun);
  heap = (RunCursor**)sqlite3_malloc64(sizeof(RunCursor*) * (sqlite3_uint64)runs->nRun);
  if( aCursor==0 || heap==0 ) rc = SQLITE_NOMEM;
  for(i=0; rc==SQLITE_OK && i<runs->nRun; i++){
    RunCursor *c = &aCursor[i];
    memset(c, 0, sizeof(*c));
    c->run = &runs->aRun[i];
    c->index = i;
    c->p = c->run->a + 4;
    c->end = c->run->a + c->run->n;
    rc = cursorGroup(c);
    if( rc==SQLITE_OK && !c->eof ) heap[nHeap++] = c;
  }
  for(i=nHeap/2 - 1; i>=0; i--) heapDown(heap, nHeap, i);
  while( rc==SQLITE_OK && nHeap > 0 ){
    RunCursor *first = heap[0];
    ListKey key;
    int e;
    key.isText = 1;
    key.z = first->key;
    key.n = first->nKey;
    key.i = 0;
    key.cell = first->cell;
    list.n = 0;
    payloads.n = 0;
    /* Every run's group of this list, in run order (the heap breaks ties by it): row id order. */
    while( rc==SQLITE_OK && nHeap > 0 && heap[0]->nKey==key.n && heap[0]->cell==key.cell && memcmp(heap[0]->key, key.z, (size_t)key.n)==0 ){
      RunCursor *c = heap[0];
      rc = takeEntries(c, aSkip, nSkip, &list, &payloads);
      if( rc==SQLITE_OK ) rc = cursorGroup(c);
      if( rc==SQLITE_OK && c->eof ) heap[0] = heap[--nHeap];
      if( nHeap > 0 ) heapDown(heap, nHeap, 0);
      /* The key points into a run that stays in memory until the merge ends. */
    }
    if( rc || list.n==0 ) continue;
    for(e=0; e<list.n; e++){
      int at = list.aLen[e];
      list.aPay[e] = payloads.a + at;
      list.aLen[e] = (e + 1 < list.n ? list.aLen[e + 1] : (int)payloads.n) - at;
    }
    rc = xList(ctx, &key, &list);
  }
  sqlite3_free(aCursor);
  sqlite3_free(heap);
  blockFree(&list);
  sqlite3_free(payloads.a);
  runsClear(runs);
  return rc;
}
