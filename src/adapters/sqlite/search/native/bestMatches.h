/*
** The best k sure matches of a top_text search, with their ties, and the list of maybes.
*/
#ifndef SEARCH_BEST_MATCHES_H
#define SEARCH_BEST_MATCHES_H

#include "sqlite3ext.h"

typedef struct Scored {
  sqlite3_int64 row;
  double score;
} Scored;

typedef struct Best {
  unsigned int k;
  double *heap;     /* min-heap of the k best sure scores */
  unsigned int nHeap;
  Scored *a;        /* every sure match that scored at least the k-th best when it was seen */
  int n, nAlloc;
} Best;

/* The k-th best score so far (-inf until k were offered). */
double bestThreshold(const Best *b);
/* Keeps the match if it scores at least the k-th best so far. */
int bestOffer(Best *b, sqlite3_int64 row, double score);
/*
** Sets the function's result: u32 sure, u32 estimate, u32 nTop, nTop x (i64 row, f64 value), u32
** nMaybe, nMaybe x (i64 row, f64 value) (topText.ts and topPlaces.ts read it). SQLITE_NOMEM or 0.
*/
int resultMatches(sqlite3_context *ctx, unsigned int sure, int estimate, const Scored *aTop, int nTop, const Scored *aMaybe, int nMaybe);
/* Appends (row, score) to a growable array. */
int push(Scored **pa, int *pn, int *pnAlloc, sqlite3_int64 row, double score);

#endif
