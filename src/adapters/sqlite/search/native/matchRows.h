/*
** The rows a top_text search matches (topText.c): which cells to read, the phrases' entries of a
** row, the tag filters, and bm25_given's score.
*/
#ifndef SEARCH_MATCH_ROWS_H
#define SEARCH_MATCH_ROWS_H

#include "topTextSpec.h"

/* bm25's term for a phrase with freq weighted instances in a row of `length` tokens (bm25Given.c). */
double termScore(double idf, double freq, double length, double avgdl);

/*
** Without a point, a search with tag filters ("sushi in San Diego") reads the postings of the
** cells where every filter has documents: one cell range each, replacing the spec's (all cells).
** *pCells holds them (the caller frees it).
*/
int cellsOfGroups(sqlite3 *db, Spec *s, sqlite3_int64 **pCells);

/* Whether the tag filters let the posting's row through (a document must hold one token of each group). */
int inGroups(Spec *s, sqlite3_int64 pos, int *pRc);

/* Takes the entries at `pos` off the phrase cursors into freq[] (0 where a phrase has none);
** `seek`: phrases whose cursor may be behind (MaxScore's non-essential ones) seek it first. */
int gatherRow(Spec *s, sqlite3_int64 pos, const unsigned char *seek, double *freq, double *pLength, int *pMatched);

/* bm25_given's sum over the phrases, in its order (bm25Given.c). */
double rowScore(const Spec *s, const double *freq, double length, double avgdl);

#endif
