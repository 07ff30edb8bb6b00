/*
** bm25_given: FTS5's bm25() with each phrase's document count supplied by the caller.
**
** bm25() counts, on every query, the documents matching each phrase by walking the phrase's whole
** doclist (xQueryPhrase): for a word in 20 000 of 100 000 documents that walk costs more than
** scoring the matches. The adapter caches those counts until the index changes and binds them:
**
**   bm25_given(fts, counts, tokens, w0, w1, ...)
**
** counts: a blob of doubles in native byte order, one per phrase of the MATCH expression, in the
** phrase order of the expression. Phrases past the end of the blob score 0 (filters). tokens: the
** row's length in tokens over all columns when the caller has it (a query that reads the row
** anyway), or NULL to look it up in FTS5's docsize table as bm25() does (remembered per
** connection until the database file changes, see LengthCache). w0, w1...: column
** weights, as for bm25(). The formula, constants and idf clamp are bm25()'s own
** (fts5Bm25GetData / fts5Bm25Function in SQLite's fts5_aux.c), so the same counts give the same
** score, bit for bit; sign too (more negative is better).
**
** This file also holds the library's entry point, which registers distance_km (distanceKm.c) too.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <math.h>
#include <string.h>

typedef struct RankData {
  int nPhrase;
  int nGiven;    /* phrases with a count: the first nGiven */
  double avgdl;  /* average row size in tokens */
  double *aIDF;  /* per phrase; 0 for phrases without a count */
  double *aFreq; /* per phrase, for the current row */
} RankData;

/*
** Row lengths already looked up on this connection, by rowid: a docsize lookup per match is a
** B-tree search, about a third of the scoring time of a search that reads no documents row.
** Valid while the main database's data version (SQLITE_FCNTL_DATA_VERSION, which moves on every
** change, this connection's own included) stays the one it was filled under; the FTS tables
** live in the main database. One cache serves every FTS table the connection searches, which
** holds because a rowid means one row among them between two changes: the live and test tables
** take their rowids from one documents table, and switching generations is itself a change.
** Rowids past MAX_CACHED_ROWID are looked up every time.
*/
#define MAX_CACHED_ROWID (1 << 22) /* 16 MB per connection at most */
typedef struct LengthCache {
  int valid;            /* version is set */
  unsigned int version; /* data version the lengths belong to */
  sqlite3_int64 nSlot;  /* entries in aLen */
  int *aLen;            /* aLen[rowid] = length + 1; 0: not looked up yet */
} LengthCache;

static void lengthCacheDestroy(void *pCache){
  LengthCache *cache = (LengthCache*)pCache;
  if( cache ){
    sqlite3_free(cache->aLen);
    sqlite3_free(cache);
  }
}

/* Forgets every length when the database changed since they were looked up. Once per query. */
static void lengthCacheCheck(LengthCache *cache, sqlite3 *db){
  unsigned int version = 0;
  if( sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, &version)!=SQLITE_OK ){
    cache->valid = 0;
    return;
  }
  if( !cache->valid || cache->version!=version ){
    if( cache->aLen ) memset(cache->aLen, 0, (size_t)cache->nSlot*sizeof(int));
    cache->version = version;
    cache->valid = 1;
  }
}

/* The row's length in tokens, from the cache or FTS5's docsize table. */
static int rowLength(const Fts5ExtensionApi *api, Fts5Context *fts, LengthCache *cache, int *pnTok){
  sqlite3_int64 rowid = api->xRowid(fts);
  int rc;
  if( cache && cache->valid && rowid>=0 && rowid<cache->nSlot && cache->aLen[rowid]>0 ){
    *pnTok = cache->aLen[rowid] - 1;
    return SQLITE_OK;
  }
  rc = api->xColumnSize(fts, -1, pnTok);
  if( rc!=SQLITE_OK || !cache || !cache->valid || rowid<0 || rowid>=MAX_CACHED_ROWID ) return rc;
  if( rowid>=cache->nSlot ){
    sqlite3_int64 nSlot = cache->nSlot ? cache->nSlot : 1024;
    int *aLen;
    while( nSlot<=rowid ) nSlot *= 2;
    if( nSlot>MAX_CACHED_ROWID ) nSlot = MAX_CACHED_ROWID;
    aLen = (int*)sqlite3_realloc64(cache->aLen, (sqlite3_uint64)nSlot*sizeof(int));
    if( aLen==0 ) return rc; /* no room: just not remembered */
    memset(&aLen[cache->nSlot], 0, (size_t)(nSlot - cache->nSlot)*sizeof(int));
    cache->aLen = aLen;
    cache->nSlot = nSlot;
  }
  cache->aLen[rowid] = *pnTok + 1;
  return rc;
}

/* Built once per statement and query (xSetAuxdata), like bm25()'s own data. */
static int rankData(
  const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3 *db, LengthCache *cache, sqlite3_value *counts, RankData **out
){
  RankData *p = (RankData*)api->xGetAuxdata(fts, 0);
  int rc = SQLITE_OK;
  if( p==0 ){
    int nPhrase = api->xPhraseCount(fts);
    int nGiven = sqlite3_value_bytes(counts) / (int)sizeof(double);
    const unsigned char *blob = (const unsigned char*)sqlite3_value_blob(counts);
    sqlite3_int64 nRow = 0, nToken = 0;
    size_t nByte = sizeof(RankData) + (size_t)nPhrase*2*sizeof(double);
    int i;
    if( nGiven>nPhrase || sqlite3_value_bytes(counts) % (int)sizeof(double) ) return SQLITE_MISMATCH;
    p = (RankData*)sqlite3_malloc64(nByte);
    if( p==0 ) return SQLITE_NOMEM;
    memset(p, 0, nByte);
    p->nPhrase = nPhrase;
    p->nGiven = nGiven;
    p->aIDF = (double*)&p[1];
    p->aFreq = &p->aIDF[nPhrase];
    rc = api->xRowCount(fts, &nRow);
    if( rc==SQLITE_OK ) rc = api->xColumnTotalSize(fts, -1, &nToken);
    if( rc==SQLITE_OK ) p->avgdl = (double)nToken / (double)nRow;
    if( cache ) lengthCacheCheck(cache, db);
    for(i=0; rc==SQLITE_OK && i<nGiven; i++){
      double nHit, idf;
      memcpy(&nHit, blob + (size_t)i*sizeof(double), sizeof(double));
      idf = log( (nRow - nHit + 0.5) / (nHit + 0.5) );
      if( idf<=0.0 ) idf = 1e-6;
      p->aIDF[i] = idf;
    }
    if( rc==SQLITE_OK ){
      rc = api->xSetAuxdata(fts, p, sqlite3_free);
    }else{
      sqlite3_free(p);
    }
    if( rc!=SQLITE_OK ) p = 0;
  }
  *out = p;
  return rc;
}

static void bm25Given(
  const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal, sqlite3_value **apVal
){
  const double k1 = 1.2;
  const double b = 0.75;
  LengthCache *cache = (LengthCache*)api->xUserData(fts);
  RankData *p = 0;
  double score = 0.0, D = 0.0;
  int i, rc;
  if( nVal<2 ){
    sqlite3_result_error(ctx, "bm25_given: the phrase counts or the row length are missing", -1);
    return;
  }
  rc = rankData(api, fts, sqlite3_context_db_handle(ctx), cache, apVal[0], &p);
  if( rc==SQLITE_MISMATCH ){
    sqlite3_result_error(ctx, "bm25_given: more phrase counts than phrases, or a blob that is not doubles", -1);
    return;
  }
  /* Only the counted phrases: the others score 0 whatever their instances. xPhraseFirst walks one
  ** phrase's position list, where bm25()'s xInst first merges every phrase's, tags included;
  ** the sums are the same. */
  if( rc==SQLITE_OK ) memset(p->aFreq, 0, sizeof(double)*p->nPhrase);
  for(i=0; rc==SQLITE_OK && i<p->nGiven; i++){
    Fts5PhraseIter iter;
    int ic, io;
    rc = api->xPhraseFirst(fts, i, &iter, &ic, &io);
    while( rc==SQLITE_OK && ic>=0 ){
      p->aFreq[i] += (nVal-2 > ic) ? sqlite3_value_double(apVal[ic+2]) : 1.0;
      api->xPhraseNext(fts, &iter, &ic, &io);
    }
  }
  if( rc==SQLITE_OK && sqlite3_value_type(apVal[1])!=SQLITE_NULL ){
    D = (double)sqlite3_value_int64(apVal[1]);
  }else if( rc==SQLITE_OK ){
    int nTok;
    rc = rowLength(api, fts, cache, &nTok);
    D = (double)nTok;
  }
  if( rc==SQLITE_OK ){
    for(i=0; i<p->nPhrase; i++){
      score += p->aIDF[i] * (
          ( p->aFreq[i] * (k1 + 1.0) ) /
          ( p->aFreq[i] + k1 * (1 - b + b * D / p->avgdl) )
      );
    }
    sqlite3_result_double(ctx, -1.0 * score);
  }else{
    sqlite3_result_error_code(ctx, rc);
  }
}

int searchDistanceKmRegister(sqlite3 *db); /* distanceKm.c */
int searchListsRegister(sqlite3 *db, fts5_api *fts5); /* searchLists.c */

/* The library's entry point: bm25_given and distance_km, on one connection. */
#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_searchfunctions_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi){
  fts5_api *fts5 = 0;
  sqlite3_stmt *stmt = 0;
  LengthCache *cache;
  int rc;
  SQLITE_EXTENSION_INIT2(pApi);
  /* The documented way to reach FTS5's API from an extension: a pointer bound to SELECT fts5(?). */
  if( sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, 0)==SQLITE_OK ){
    sqlite3_bind_pointer(stmt, 1, (void*)&fts5, "fts5_api_ptr", 0);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  if( fts5==0 || fts5->iVersion<2 ){
    *pzErrMsg = sqlite3_mprintf("bm25_given needs FTS5 (API version 2 or later)");
    return SQLITE_ERROR;
  }
  /* SQLite unloads the library when this returns an error: nothing registered may point into it
  ** then. distance_km comes first, and goes again if bm25_given fails. */
  rc = searchDistanceKmRegister(db);
  if( rc!=SQLITE_OK ){
    *pzErrMsg = sqlite3_mprintf("distance_km: %s", sqlite3_errmsg(db));
    return rc;
  }
  /* Loaded once per connection: each gets its own cache, freed when the connection closes. */
  cache = (LengthCache*)sqlite3_malloc64(sizeof(LengthCache));
  if( cache ) memset(cache, 0, sizeof(LengthCache));
  rc = fts5->xCreateFunction(fts5, "bm25_given", cache, bm25Given, lengthCacheDestroy);
  if( rc!=SQLITE_OK ){
    lengthCacheDestroy(cache); /* FTS5 only owns it once registered */
    sqlite3_create_function_v2(db, "distance_km", 4, SQLITE_UTF8, 0, 0, 0, 0, 0);
    return rc;
  }
  /* The search lists and top_text (searchLists.c, topText.c). */
  rc = searchListsRegister(db, fts5);
  if( rc!=SQLITE_OK ) *pzErrMsg = sqlite3_mprintf("search lists: %s", sqlite3_errstr(rc));
  return rc;
}
