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
**   postings_read(table, list)              -- a list as JSON [[rowid, weight2, category, length], ...], for tests
**
** Each distinct token of the document is one posting (list "<environment>:<token>"): twice its
** bm25 weight summed over its instances outside the tags column (bm25_given's sum of column
** weights, BM25_WEIGHTS in searchPlan.ts, doubled to stay an integer), its instances in the
** category column, and the row's length (documents.token_count). Tags tokens post with weight 0:
** membership for filters. Runs of two to MAX_CATEGORY_WORDS tokens of the category column post
** too (list "<environment>;<token> <token>..."), with their occurrences as the category count:
** the phrases a multi-word category implies ("auto repair"), which FTS5 matches by position.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "searchLists.h"
#include "placeRecord.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

/* Twice BM25_WEIGHTS (searchPlan.ts), in FTS column order; tags weigh 0. */
static const int WEIGHT2[7] = { 8, 6, 4, 3, 2, 2, 0 };
#define CATEGORY_COLUMN 1
#define COLUMNS 7
#define MAX_CATEGORY_WORDS 4

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
  int column;
  int rc;
  /* The category column's last tokens, for its runs of words. */
  char *azRecent[MAX_CATEGORY_WORDS - 1];
  int anRecent[MAX_CATEGORY_WORDS - 1];
  int nRecent;
} Terms;

static unsigned int tokenHash(const char *z, int n){
  unsigned int h = 2166136261u;
  int i;
  for(i=0; i<n; i++){ h ^= (unsigned char)z[i]; h *= 16777619u; }
  return h;
}

static void recentClear(Terms *t){
  int i;
  for(i=0; i<t->nRecent; i++) sqlite3_free(t->azRecent[i]);
  t->nRecent = 0;
}

static void termsFree(Terms *t){
  int i;
  recentClear(t);
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

/* Counts one term: z is its list's marker (':' a token, ';' a run of category words) and text. */
static int addTerm(Terms *t, const char *z, int n, unsigned int weight2, unsigned int category){
  unsigned int h;
  if( t->nUsed * 2 >= t->nSlot ){
    t->rc = termsGrow(t);
    if( t->rc ) return t->rc;
  }
  h = tokenHash(z, n) & (unsigned int)(t->nSlot - 1);
  while( t->aSlot[h].z && !(t->aSlot[h].n==n && memcmp(t->aSlot[h].z, z, (size_t)n)==0) ){
    h = (h + 1) & (unsigned int)(t->nSlot - 1);
  }
  if( t->aSlot[h].z==0 ){
    t->aSlot[h].z = (char*)sqlite3_malloc64((sqlite3_uint64)n + 1);
    if( t->aSlot[h].z==0 ) return t->rc = SQLITE_NOMEM;
    memcpy(t->aSlot[h].z, z, (size_t)n);
    t->aSlot[h].n = n;
    t->nUsed++;
  }
  t->aSlot[h].weight2 += weight2;
  t->aSlot[h].category += category;
  return SQLITE_OK;
}

static int onToken(void *pCtx, int tflags, const char *pToken, int nToken, int iStart, int iEnd){
  Terms *t = (Terms*)pCtx;
  char small[256], *z = small;
  int rc, i;
  (void)tflags; (void)iStart; (void)iEnd;
  if( nToken + 1 > (int)sizeof(small) ){
    z = (char*)sqlite3_malloc64((sqlite3_uint64)nToken + 1);
    if( z==0 ) return t->rc = SQLITE_NOMEM;
  }
  z[0] = ':';
  memcpy(z + 1, pToken, (size_t)nToken);
  rc = addTerm(t, z, nToken + 1, (unsigned int)WEIGHT2[t->column], t->column==CATEGORY_COLUMN);
  if( z!=small ) sqlite3_free(z);
  if( rc || t->column!=CATEGORY_COLUMN ) return rc;
  /* The runs of category words that end here: ";<earlier> ... <this>". */
  for(i=0; rc==SQLITE_OK && i<t->nRecent; i++){
    sqlite3_str *run = sqlite3_str_new(0);
    int j;
    char *zRun;
    sqlite3_str_appendchar(run, 1, ';');
    for(j=t->nRecent-1-i; j<t->nRecent; j++){
      sqlite3_str_append(run, t->azRecent[j], t->anRecent[j]);
      sqlite3_str_appendchar(run, 1, ' ');
    }
    sqlite3_str_append(run, pToken, nToken);
    rc = sqlite3_str_errcode(run);
    zRun = sqlite3_str_finish(run);
    if( rc==SQLITE_OK && zRun ) rc = addTerm(t, zRun, (int)strlen(zRun), 0, 1);
    else if( rc==SQLITE_OK ) rc = SQLITE_NOMEM;
    sqlite3_free(zRun);
  }
  if( rc ) return t->rc = rc;
  if( t->nRecent==MAX_CATEGORY_WORDS - 1 ){
    sqlite3_free(t->azRecent[0]);
    memmove(&t->azRecent[0], &t->azRecent[1], sizeof(char*) * (MAX_CATEGORY_WORDS - 2));
    memmove(&t->anRecent[0], &t->anRecent[1], sizeof(int) * (MAX_CATEGORY_WORDS - 2));
    t->nRecent--;
  }
  t->azRecent[t->nRecent] = (char*)sqlite3_malloc64((sqlite3_uint64)nToken + 1);
  if( t->azRecent[t->nRecent]==0 ) return t->rc = SQLITE_NOMEM;
  memcpy(t->azRecent[t->nRecent], pToken, (size_t)nToken);
  t->anRecent[t->nRecent++] = nToken;
  return SQLITE_OK;
}

/* Tokenizes the seven FTS columns, apArg[0..6], as FTS5 does when it indexes a row. */
static int documentTerms(SearchLists *lists, sqlite3_value **apArg, Terms *t){
  Fts5Tokenizer *tokenizer;
  int rc = searchListsTokenizer(lists, &tokenizer);
  for(t->column=0; rc==SQLITE_OK && t->column<COLUMNS; t->column++){
    const char *z = (const char*)sqlite3_value_text(apArg[t->column]);
    int n = sqlite3_value_bytes(apArg[t->column]);
    if( z==0 || n==0 ) continue;
    rc = lists->tokenizerApi->xTokenize(tokenizer, t, FTS5_TOKENIZE_DOCUMENT, z, n, 0, 0, onToken);
    if( rc==SQLITE_OK ) rc = t->rc;
  }
  recentClear(t);
  return rc;
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
  if( rc==SQLITE_OK ) rc = documentTerms(lists, apColumn, &terms);
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
  if( rc==SQLITE_OK ) rc = topTextRegister(db, fts5, lists);
  if( rc==SQLITE_OK ) rc = topPlacesRegister(db);
  return rc;
}
