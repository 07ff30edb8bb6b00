/*
** MaxScore over the search lists (maxScore.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <math.h>
#include <string.h>
#include "matchRows.h"
#include "maxScore.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

/*
** The most a phrase can add to a row's score: its term for the largest weight and the shortest
** row among its blocks in the cells read (the term grows with the weight and shrinks with the
** length), read from the blocks' headers alone. A hair above, so rounding never makes a row's
** score exceed the bound it was judged by.
*/
static int phraseBound(sqlite3 *db, const Spec *s, const Phrase *p, double avgdl, double *pBound){
  char *zSql = sqlite3_mprintf("SELECT data FROM \"%.*w\" WHERE list = ?1 AND cell BETWEEN ?2 AND ?3", s->nPostings, s->zPostings);
  sqlite3_stmt *stmt = 0;
  sqlite3_uint64 maxWeight = 0, maxCategory = 0, minLength = ~(sqlite3_uint64)0;
  int rc, r, k;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v3(db, zSql, -1, 0, &stmt, 0);
  sqlite3_free(zSql);
  /* Each list's largest weights, summed (every token of a prefix may be in one row); the shortest row of any. */
  for(k=0; rc==SQLITE_OK && k<p->cursor.n; k++){
    sqlite3_uint64 listWeight = 0, listCategory = 0;
    rc = sqlite3_bind_text(stmt, 1, p->cursor.azKey[k], p->cursor.anKey[k], SQLITE_STATIC);
    /* Every block of the cells read, those behind the cursor too: a bound need not be tight. */
    for(r=0; rc==SQLITE_OK && r<s->nCellRange; r++){
      sqlite3_reset(stmt);
      sqlite3_bind_int64(stmt, 2, s->aCellRange[2*r]);
      sqlite3_bind_int64(stmt, 3, s->aCellRange[2*r+1]);
      while( rc==SQLITE_OK && sqlite3_step(stmt)==SQLITE_ROW ){
        const unsigned char *q = (const unsigned char*)sqlite3_column_blob(stmt, 0);
        const unsigned char *end = q + sqlite3_column_bytes(stmt, 0);
        sqlite3_uint64 v[5];
        int i, got;
        for(i=0; i<5; i++){
          q += got = varintGet(q, end, &v[i]);
          if( got==0 ){ rc = SQLITE_CORRUPT; break; }
        }
        if( rc ) break;
        if( v[2] > listWeight ) listWeight = v[2];
        if( v[3] > listCategory ) listCategory = v[3];
        if( v[4] < minLength ) minLength = v[4];
      }
    }
    sqlite3_reset(stmt);
    maxWeight += listWeight;
    maxCategory += listCategory;
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(stmt); else sqlite3_finalize(stmt);
  if( minLength==~(sqlite3_uint64)0 ){
    *pBound = 0.0;
  }else{
    double freq = p->mode==PHRASE_CATEGORY ? 3.0 * (double)maxCategory : (double)maxWeight / 2.0;
    *pBound = termScore(p->idf, freq, (double)minLength, avgdl) * (1 + 1e-9);
  }
  return rc;
}

/*
** Without a point every match passes the row filters (there are none), so one pass counts, scores
** and keeps the best k. Once exactUpTo sure matches are counted, the count may stop (it is then a
** lower bound) and MaxScore prunes: the phrases whose bounds add up to less than the k-th best
** score so far are non-essential, and a row only they match cannot reach the page, so rows are
** taken from the essential phrases alone and the others are only asked about those rows.
*/
int searchWithoutPoint(sqlite3 *db, Spec *s, double avgdl, Best *best, unsigned int *pSure, int *pEstimate){
  int order[MAX_PHRASES];
  double bound[MAX_PHRASES], freq[MAX_PHRASES], theta = -INFINITY;
  unsigned char nonEssential[MAX_PHRASES];
  int i, k, rc = SQLITE_OK, pruning = 0, nEssential = s->nPhrase;
  memset(nonEssential, 0, sizeof(nonEssential));
  for(i=0; i<s->nPhrase; i++) order[i] = i;
  while( rc==SQLITE_OK ){
    sqlite3_int64 pos = LARGEST_POSITION;
    double length = 0.0, score;
    int matched;
    rc = phrasesNext(s, nonEssential, &pos);
    if( rc || pos==LARGEST_POSITION ) break;
    rc = gatherRow(s, pos, pruning ? nonEssential : 0, freq, &length, &matched);
    if( rc || !matched ) continue;
    score = rowScore(s, freq, length, avgdl);
    (*pSure)++;
    rc = bestOffer(best, pos & ROW_MASK, score);
    if( rc ) break;
    if( !pruning && s->exactUpTo > 0 && *pSure >= s->exactUpTo && best->nHeap==best->k && best->k > 0 ){
      pruning = 1;
      *pEstimate = 1;
      for(i=0; rc==SQLITE_OK && i<s->nPhrase; i++) rc = phraseBound(db, s, &s->aPhrase[i], avgdl, &bound[i]);
      /* Smallest bound first: the non-essential phrases are a prefix of this order. */
      for(i=1; i<s->nPhrase; i++){
        int x = order[i], j = i;
        while( j>0 && bound[order[j-1]] > bound[x] ){ order[j] = order[j-1]; j--; }
        order[j] = x;
      }
    }
    if( pruning && bestThreshold(best) > theta ){
      double sum = 0.0;
      theta = bestThreshold(best);
      memset(nonEssential, 0, sizeof(nonEssential));
      for(k=0; k<s->nPhrase && sum + bound[order[k]] < theta; k++){
        sum += bound[order[k]];
        nonEssential[order[k]] = 1;
      }
      nEssential = s->nPhrase - k;
      /* Every phrase together cannot reach the page: no row left can. */
      if( nEssential==0 ) break;
    }
  }
  return rc;
}
