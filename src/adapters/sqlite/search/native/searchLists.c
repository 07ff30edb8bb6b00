/*
** Writes the search lists of a generation (blockLists.h): a document's word postings (its place
** records: placeLists.c). The adapter calls these in the same transaction as the FTS and
** documents writes.
**
**   postings_insert(table, environment, rowid, length, bulk, cell, name, category, services,
**                   tagline, description, exclusive, tags)
**   postings_delete(table, environment, rowid, cell, name, category, services, tagline,
**                   description, exclusive, tags)   -- the cell and columns as they were written
**   search_lists_flush(table, skip)         -- writes a rebuild's buffered entries but those of
**                                              the rows in skip (sorted int64s, native order)
**   search_lists_discard(table)             -- forgets them (the rebuild was abandoned)
**   postings_add_run(table, run, rows)      -- buffers a rebuild's postings as a sorted run
**                                              (postingsRuns.h; postings_run builds one)
**   postings_read(table, list)              -- a list as JSON [[rowid, weight2, category, length], ...], for tests
**
** Each distinct token of the document is one posting (list "<environment>:<token>"): twice its
** bm25 weight summed over its instances outside the tags column (bm25_given's sum of column
** weights, BM25_WEIGHTS in searchPlan.ts, doubled to stay an integer), its instances in the
** category column, and the row's length (documents.token_count). Tags tokens post with weight 0:
** membership for filters. Runs of two to four tokens of the category column post
** too (list "<environment>;<token> <token>..."), with their occurrences as the category count:
** the phrases a multi-word category implies ("auto repair"), which FTS5 matches by position.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "documentTerms.h"
#include "postingsRuns.h"
#include "searchLists.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

int searchListsTokenizer(SearchLists *lists, Fts5Tokenizer **ppTokenizer){
  if( lists->tokenizer==0 ){
    static const char *azArg[] = { "unicode61", "remove_diacritics", "2" };
    void *userData = 0;
    int rc = lists->fts5->xFindTokenizer_v2(lists->fts5, "porter", &userData, &lists->tokenizerApi);
    if( rc==SQLITE_OK ) rc = lists->tokenizerApi->xCreate(userData, azArg, 3, &lists->tokenizer);
    if( rc ) return rc;
  }
  *ppTokenizer = lists->tokenizer;
  return SQLITE_OK;
}

int postingsKey(char environment, const char *term, int nTerm, char *buf, int nBuf){
  if( nTerm + 1 > nBuf ) return 0;
  buf[0] = environment;
  memmove(buf + 1, term, (size_t)nTerm);
  return nTerm + 1;
}

/* ---- a document's distinct tokens ---- */

typedef struct Term {
  char *z;
  int n;
  unsigned int weight2, category;
} Term;

typedef struct Terms {
  Term *aSlot;
  int nSlot, nUsed;
} Terms;

static unsigned int tokenHash(const char *z, int n){
  unsigned int h = 2166136261u;
  int i;
  for(i=0; i<n; i++){ h ^= (unsigned char)z[i]; h *= 16777619u; }
  return h;
}

static void termsFree(Terms *t){
  int i;
  for(i=0; i<t->nSlot; i++) sqlite3_free(t->aSlot[i].z);
  sqlite3_free(t->aSlot);
  memset(t, 0, sizeof(*t));
}

static int termsGrow(Terms *t){
  int nSlot = t->nSlot ? t->nSlot * 2 : 256, i;
  Term *aSlot = (Term*)sqlite3_malloc64(sizeof(Term) * (sqlite3_uint64)nSlot);
  if( aSlot==0 ) return SQLITE_NOMEM;
  memset(aSlot, 0, sizeof(Term) * (size_t)nSlot);
  for(i=0; i<t->nSlot; i++){
    if( t->aSlot[i].z ){
      unsigned int h = tokenHash(t->aSlot[i].z, t->aSlot[i].n) & (unsigned int)(nSlot - 1);
      while( aSlot[h].z ) h = (h + 1) & (unsigned int)(nSlot - 1);
      aSlot[h] = t->aSlot[i];
    }
  }
  sqlite3_free(t->aSlot);
  t->aSlot = aSlot;
  t->nSlot = nSlot;
  return SQLITE_OK;
}

/* Counts one term instance (a TermCallback): z is its list's marker (':' a token, ';' a run of category words) and text. */
static int addTerm(void *pTerms, const char *z, int n, unsigned int weight2, unsigned int category){
  Terms *t = (Terms*)pTerms;
  unsigned int h;
  if( t->nUsed * 2 >= t->nSlot ){
    int rc = termsGrow(t);
    if( rc ) return rc;
  }
  h = tokenHash(z, n) & (unsigned int)(t->nSlot - 1);
  while( t->aSlot[h].z && !(t->aSlot[h].n==n && memcmp(t->aSlot[h].z, z, (size_t)n)==0) ){
    h = (h + 1) & (unsigned int)(t->nSlot - 1);
  }
  if( t->aSlot[h].z==0 ){
    t->aSlot[h].z = (char*)sqlite3_malloc64((sqlite3_uint64)n + 1);
    if( t->aSlot[h].z==0 ) return SQLITE_NOMEM;
    memcpy(t->aSlot[h].z, z, (size_t)n);
    t->aSlot[h].n = n;
    t->nUsed++;
  }
  t->aSlot[h].weight2 += weight2;
  t->aSlot[h].category += category;
  return SQLITE_OK;
}

/* The document's distinct terms: the seven FTS columns, apArg[0..6], tokenized as FTS5 does. */
static int documentTermSet(SearchLists *lists, sqlite3_value **apArg, Terms *t){
  const char *azCol[DOCUMENT_COLUMNS];
  int anCol[DOCUMENT_COLUMNS], i;
  for(i=0; i<DOCUMENT_COLUMNS; i++){
    azCol[i] = (const char*)sqlite3_value_text(apArg[i]);
    anCol[i] = sqlite3_value_bytes(apArg[i]);
  }
  return documentTerms(lists, azCol, anCol, addTerm, t);
}

static char environmentLetter(sqlite3_value *v){
  const char *z = (const char*)sqlite3_value_text(v);
  return z && z[0] ? z[0] : '?';
}

/* For each distinct token: remove (apply==0) or insert the posting. */
static int applyPostings(SearchLists *lists, sqlite3 *db, sqlite3_value **apArg, int insert, sqlite3_value **apColumn){
  const char *zTable = (const char*)sqlite3_value_text(apArg[0]);
  char environment = environmentLetter(apArg[1]);
  sqlite3_int64 rowid = sqlite3_value_int64(apArg[2]);
  sqlite3_uint64 length = insert ? (sqlite3_uint64)sqlite3_value_int64(apArg[3]) : 0;
  int bulk = insert ? sqlite3_value_int(apArg[4]) : 0;
  sqlite3_int64 cell = sqlite3_value_int64(apArg[insert ? 5 : 3]);
  Terms terms;
  BlockStore *store = 0;
  char small[256], *key = small;
  int nKey = (int)sizeof(small), i, rc;
  if( zTable==0 ) return SQLITE_MISUSE;
  memset(&terms, 0, sizeof(terms));
  rc = blockStoreFor(lists->stores, db, LIST_POSTINGS, zTable, &store);
  if( rc==SQLITE_OK ) rc = documentTermSet(lists, apColumn, &terms);
  for(i=0; rc==SQLITE_OK && i<terms.nSlot; i++){
    Term *term = &terms.aSlot[i];
    ListKey listKey;
    if( term->z==0 ) continue;
    if( term->n + 1 > nKey ){
      if( key!=small ) sqlite3_free(key);
      nKey = term->n + 1;
      key = (char*)sqlite3_malloc64((sqlite3_uint64)nKey);
      if( key==0 ){ rc = SQLITE_NOMEM; break; }
    }
    listKey.isText = 1;
    listKey.z = key;
    listKey.n = postingsKey(environment, term->z, term->n, key, nKey);
    listKey.i = 0;
    listKey.cell = cell;
    if( insert ){
      unsigned char payload[30];
      int nPayload = varintPut(payload, term->weight2);
      nPayload += varintPut(payload + nPayload, term->category);
      nPayload += varintPut(payload + nPayload, length);
      rc = blockListInsert(store, &listKey, rowid, payload, nPayload, bulk);
    }else{
      rc = blockListRemove(store, &listKey, rowid);
    }
  }
  if( key!=small ) sqlite3_free(key);
  termsFree(&terms);
  if( store ) blockStoreRelease(store);
  return rc;
}

static void postingsInsert(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  SearchLists *lists = (SearchLists*)sqlite3_user_data(ctx);
  int rc;
  (void)nArg;
  rc = applyPostings(lists, sqlite3_context_db_handle(ctx), apArg, 1, apArg + 6);
  if( rc ) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_null(ctx);
}

static void postingsDelete(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  SearchLists *lists = (SearchLists*)sqlite3_user_data(ctx);
  int rc;
  (void)nArg;
  rc = applyPostings(lists, sqlite3_context_db_handle(ctx), apArg, 0, apArg + 4);
  if( rc ) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_null(ctx);
}

/* Flush (or discard) a table's buffered entries, whichever kind of list it holds. */
static void listsFinish(sqlite3_context *ctx, int discard, sqlite3_value *table, sqlite3_value *skip){
  SearchLists *lists = (SearchLists*)sqlite3_user_data(ctx);
  const char *zTable = (const char*)sqlite3_value_text(table);
  int kind, rc = SQLITE_OK;
  if( zTable==0 ){ sqlite3_result_error(ctx, "search_lists: a table name is required", -1); return; }
  /* A table no write of this connection touched has nothing buffered. */
  for(kind=LIST_POSTINGS; rc==SQLITE_OK && kind<=LIST_PLACES; kind++){
    BlockStore *store = blockStoreFind(lists->stores, kind, zTable);
    if( store ){
      if( discard ){
        blockListDiscard(store);
      }else{
        /* Copied: a blob's bytes need not be aligned for int64 reads. */
        int nSkip = sqlite3_value_bytes(skip) / 8;
        sqlite3_int64 *aSkip = nSkip ? (sqlite3_int64*)sqlite3_malloc64((sqlite3_uint64)nSkip * 8) : 0;
        if( nSkip && aSkip==0 ){
          rc = SQLITE_NOMEM;
        }else{
          if( nSkip ) memcpy(aSkip, sqlite3_value_blob(skip), (size_t)nSkip * 8);
          rc = blockListFlush(store, aSkip, nSkip);
        }
        sqlite3_free(aSkip);
      }
      blockStoreRelease(store);
    }
  }
  if( rc ) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_null(ctx);
}

/* postings_add_run(table, run, rows): a run of a rebuild's postings and the rows its documents got (RunRow, native order). */
static void postingsAddRun(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  SearchLists *lists = (SearchLists*)sqlite3_user_data(ctx);
  const char *zTable = (const char*)sqlite3_value_text(apArg[0]);
  int nRow = sqlite3_value_bytes(apArg[2]) / (int)sizeof(RunRow);
  RunRow *aRow = 0;
  BlockStore *store = 0;
  int rc;
  (void)nArg;
  if( zTable==0 || sqlite3_value_type(apArg[1])!=SQLITE_BLOB ){ sqlite3_result_error(ctx, "postings_add_run: a table name and a run are required", -1); return; }
  /* Copied: a blob's bytes need not be aligned for int64 reads. */
  aRow = (RunRow*)sqlite3_malloc64(sizeof(RunRow) * (sqlite3_uint64)(nRow > 0 ? nRow : 1));
  if( aRow==0 ){ sqlite3_result_error_nomem(ctx); return; }
  if( nRow ) memcpy(aRow, sqlite3_value_blob(apArg[2]), sizeof(RunRow) * (size_t)nRow);
  rc = blockStoreFor(lists->stores, sqlite3_context_db_handle(ctx), LIST_POSTINGS, zTable, &store);
  if( rc==SQLITE_OK ){
    rc = blockStoreAddRun(store, (const unsigned char*)sqlite3_value_blob(apArg[1]), sqlite3_value_bytes(apArg[1]), aRow, nRow);
    blockStoreRelease(store);
  }
  sqlite3_free(aRow);
  if( rc ) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_null(ctx);
}

static void listsFlush(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  (void)nArg;
  listsFinish(ctx, 0, apArg[0], apArg[1]);
}

static void listsDiscard(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  (void)nArg;
  listsFinish(ctx, 1, apArg[0], 0);
}

static void searchListsDestroy(void *p){
  SearchLists *lists = (SearchLists*)p;
  if( lists==0 ) return;
  if( lists->tokenizer ) lists->tokenizerApi->xDelete(lists->tokenizer);
  blockStoresDestroy(lists->stores);
  sqlite3_free(lists);
}

int searchListsRegister(sqlite3 *db, fts5_api *fts5){
  static const struct { const char *zName; int nArg; void (*xFunc)(sqlite3_context*, int, sqlite3_value**); } aFunc[] = {
    { "postings_delete", 11, postingsDelete },
    { "search_lists_flush", 2, listsFlush },
    { "postings_add_run", 3, postingsAddRun },
    { "search_lists_discard", 1, listsDiscard },
  };
  SearchLists *lists;
  int i, rc;
  if( fts5->iVersion < 3 ) return SQLITE_ERROR; /* xFindTokenizer_v2 */
  lists = (SearchLists*)sqlite3_malloc64(sizeof(SearchLists));
  if( lists==0 ) return SQLITE_NOMEM;
  memset(lists, 0, sizeof(*lists));
  lists->fts5 = fts5;
  lists->stores = blockStoresCreate();
  if( lists->stores==0 ){ sqlite3_free(lists); return SQLITE_NOMEM; }
  /* postings_insert owns the shared state: SQLite frees it with that function. */
  rc = sqlite3_create_function_v2(db, "postings_insert", 13, SQLITE_UTF8 | SQLITE_DIRECTONLY, lists, postingsInsert, 0, 0, searchListsDestroy);
  if( rc ) return rc;
  for(i=0; rc==SQLITE_OK && i<(int)(sizeof(aFunc)/sizeof(aFunc[0])); i++){
    rc = sqlite3_create_function_v2(db, aFunc[i].zName, aFunc[i].nArg, SQLITE_UTF8 | SQLITE_DIRECTONLY, lists, aFunc[i].xFunc, 0, 0, 0);
  }
  if( rc==SQLITE_OK ) rc = placeListsRegister(db, lists);
  if( rc==SQLITE_OK ) rc = postingsRunRegister(db, lists);
  if( rc==SQLITE_OK ) rc = topTextRegister(db, fts5, lists);
  if( rc==SQLITE_OK ) rc = topPlacesRegister(db);
  return rc;
}
