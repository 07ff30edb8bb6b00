/*
** Finding and scoring the rows of a top_text search (matchRows.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <stdlib.h>
#include <string.h>
#include "matchRows.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

double termScore(double idf, double freq, double length, double avgdl){
  const double k1 = 1.2, b = 0.75;
  return idf * ( (freq * (k1 + 1.0)) / (freq + k1 * (1 - b + b * length / avgdl)) );
}


/* The cells of a list, sorted (the table's key order), appended to *pa. */
static int listCells(sqlite3 *db, const Spec *s, const char *key, int nKey, sqlite3_int64 **pa, int *pn, int *pnAlloc){
  char *zSql = sqlite3_mprintf("SELECT DISTINCT cell FROM \"%.*w\" WHERE list = ?1", s->nPostings, s->zPostings);
  sqlite3_stmt *stmt = 0;
  int rc;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v3(db, zSql, -1, 0, &stmt, 0);
  sqlite3_free(zSql);
  if( rc==SQLITE_OK ) rc = sqlite3_bind_text(stmt, 1, key, nKey, SQLITE_STATIC);
  while( rc==SQLITE_OK && sqlite3_step(stmt)==SQLITE_ROW ){
    if( *pn==*pnAlloc ){
      int nAlloc = *pnAlloc ? *pnAlloc * 2 : 256;
      sqlite3_int64 *a = (sqlite3_int64*)sqlite3_realloc64(*pa, sizeof(sqlite3_int64) * (sqlite3_uint64)nAlloc);
      if( a==0 ){ rc = SQLITE_NOMEM; break; }
      *pa = a;
      *pnAlloc = nAlloc;
    }
    (*pa)[(*pn)++] = sqlite3_column_int64(stmt, 0);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(stmt); else sqlite3_finalize(stmt);
  return rc;
}

static int compareCells(const void *a, const void *b){
  sqlite3_int64 x = *(const sqlite3_int64*)a, y = *(const sqlite3_int64*)b;
  return x < y ? -1 : x > y;
}

int cellsOfGroups(sqlite3 *db, Spec *s, sqlite3_int64 **pCells){
  sqlite3_int64 *kept = 0;
  int nKept = -1, i, j, rc = SQLITE_OK;
  for(i=0; rc==SQLITE_OK && i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    sqlite3_int64 *a = 0;
    int n = 0, nAlloc = 0, k, m = 0;
    for(j=0; rc==SQLITE_OK && j<g->nTerm; j++) rc = listCells(db, s, g->aKey[j], g->anKey[j], &a, &n, &nAlloc);
    if( rc ){ sqlite3_free(a); break; }
    qsort(a, (size_t)n, sizeof(sqlite3_int64), compareCells);
    /* Unique, and in every group before this one. */
    for(k=0; k<n; k++){
      if( k>0 && a[k]==a[k-1] ) continue;
      if( nKept>=0 && !bsearch(&a[k], kept, (size_t)nKept, sizeof(sqlite3_int64), compareCells) ) continue;
      a[m++] = a[k];
    }
    sqlite3_free(kept);
    kept = a;
    nKept = m;
  }
  if( rc ){ sqlite3_free(kept); return rc; }
  /* Each cell as a range of its own: pairs in one array. */
  *pCells = (sqlite3_int64*)sqlite3_malloc64(sizeof(sqlite3_int64) * 2 * (sqlite3_uint64)(nKept > 0 ? nKept : 1));
  if( *pCells==0 ){ sqlite3_free(kept); return SQLITE_NOMEM; }
  for(i=0; i<nKept; i++){ (*pCells)[2*i] = kept[i]; (*pCells)[2*i+1] = kept[i]; }
  s->aCellRange = *pCells;
  s->nCellRange = nKept;
  sqlite3_free(kept);
  return SQLITE_OK;
}

int inGroups(Spec *s, sqlite3_int64 pos, int *pRc){
  int i, j;
  for(i=0; *pRc==SQLITE_OK && i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    int member = 0;
    for(j=0; *pRc==SQLITE_OK && j<g->nTerm; j++){
      *pRc = cursorSeek(&g->aCursor[j], pos);
      if( !g->aCursor[j].eof && g->aCursor[j].pos==pos ) member = 1;
    }
    if( !member ) return 0;
  }
  return *pRc==SQLITE_OK;
}

int gatherRow(Spec *s, sqlite3_int64 pos, const unsigned char *seek, double *freq, double *pLength, int *pMatched){
  int i, rc = SQLITE_OK;
  *pMatched = 0;
  for(i=0; rc==SQLITE_OK && i<s->nPhrase; i++){
    Phrase *p = &s->aPhrase[i];
    PhraseCursor *c = &p->cursor;
    freq[i] = 0.0;
    if( seek && seek[i] ) rc = phraseCursorSeek(c, pos);
    if( rc || c->eof || c->pos!=pos ) continue;
    if( p->mode==PHRASE_CATEGORY ){
      if( c->category > 0 ){ *pMatched = 1; freq[i] = 3.0 * c->category; }
    }else if( !s->fenced || c->weight > 0 ){
      *pMatched = 1;
      freq[i] = c->weight / 2.0;
    }
    *pLength = (double)c->length;
    rc = phraseCursorNext(c);
  }
  return rc;
}

double rowScore(const Spec *s, const double *freq, double length, double avgdl){
  double score = 0.0;
  int i;
  /* bm25_given's sum, in its order (bm25Given.c). */
  for(i=0; i<s->nPhrase; i++) score += termScore(s->aPhrase[i].idf, freq[i], length, avgdl);
  return score;
}
