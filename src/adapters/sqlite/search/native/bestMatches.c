/*
** Keeping the best k (bestMatches.h): a min-heap of the k best scores, and every match that
** scored at least the k-th best when it was offered, trimmed from time to time.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <math.h>
#include <string.h>
#include "bestMatches.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

double bestThreshold(const Best *b){
  return b->nHeap==b->k && b->k>0 ? b->heap[0] : -INFINITY;
}

static void heapDown(double *h, unsigned int n, unsigned int i){
  for(;;){
    unsigned int l = 2*i + 1, m = i;
    if( l < n && h[l] < h[m] ) m = l;
    if( l + 1 < n && h[l+1] < h[m] ) m = l + 1;
    if( m==i ) return;
    { double t = h[i]; h[i] = h[m]; h[m] = t; }
    i = m;
  }
}

int push(Scored **pa, int *pn, int *pnAlloc, sqlite3_int64 row, double score){
  if( *pn==*pnAlloc ){
    int nAlloc = *pnAlloc ? *pnAlloc * 2 : 256;
    Scored *a = (Scored*)sqlite3_realloc64(*pa, sizeof(Scored) * (sqlite3_uint64)nAlloc);
    if( a==0 ) return SQLITE_NOMEM;
    *pa = a;
    *pnAlloc = nAlloc;
  }
  (*pa)[*pn].row = row;
  (*pa)[*pn].score = score;
  (*pn)++;
  return SQLITE_OK;
}

int bestOffer(Best *b, sqlite3_int64 row, double score){
  if( b->k==0 ) return SQLITE_OK;
  if( b->nHeap < b->k ){
    unsigned int i = b->nHeap++;
    b->heap[i] = score;
    while( i>0 && b->heap[(i-1)/2] > b->heap[i] ){
      double t = b->heap[i]; b->heap[i] = b->heap[(i-1)/2]; b->heap[(i-1)/2] = t;
      i = (i-1)/2;
    }
  }else if( score > b->heap[0] ){
    b->heap[0] = score;
    heapDown(b->heap, b->nHeap, 0);
  }else if( score < b->heap[0] ){
    return SQLITE_OK;
  }
  if( b->n >= 4 * (int)b->k + 1024 ){
    /* Drop what fell below the k-th best since it was kept. */
    double threshold = bestThreshold(b);
    int i, kept = 0;
    for(i=0; i<b->n; i++) if( b->a[i].score >= threshold ) b->a[kept++] = b->a[i];
    b->n = kept;
  }
  return push(&b->a, &b->n, &b->nAlloc, row, score);
}

int resultMatches(sqlite3_context *ctx, unsigned int sure, int estimate, const Scored *aTop, int nTop, const Scored *aMaybe, int nMaybe){
  sqlite3_int64 nOut = 4 + 4 + 4 + (sqlite3_int64)nTop * 16 + 4 + (sqlite3_int64)nMaybe * 16;
  unsigned char *out = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)nOut), *q = out;
  unsigned int u;
  int i;
  if( out==0 ) return SQLITE_NOMEM;
  memcpy(q, &sure, 4); q += 4;
  u = (unsigned int)estimate; memcpy(q, &u, 4); q += 4;
  u = (unsigned int)nTop; memcpy(q, &u, 4); q += 4;
  for(i=0; i<nTop; i++){ memcpy(q, &aTop[i].row, 8); memcpy(q + 8, &aTop[i].score, 8); q += 16; }
  u = (unsigned int)nMaybe; memcpy(q, &u, 4); q += 4;
  for(i=0; i<nMaybe; i++){ memcpy(q, &aMaybe[i].row, 8); memcpy(q + 8, &aMaybe[i].score, 8); q += 16; }
  sqlite3_result_blob64(ctx, out, (sqlite3_uint64)nOut, sqlite3_free);
  return SQLITE_OK;
}
