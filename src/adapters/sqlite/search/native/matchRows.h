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
** The first position at or after pos that every tag filter holds (a document holds one token of
** each group), in *pNext; LARGEST_POSITION when there is none. A group whose lists go on further
** moves the position there and the others are asked again (a leapfrog join), so the shorter lists
** decide where the longer ones are read, a word's or a filter's, without counting either.
*/
int groupsNext(Spec *s, sqlite3_int64 pos, sqlite3_int64 *pNext);

/*
** The next position some phrase holds (but those of `skip`, MaxScore's non-essential ones) that
** every tag filter holds too, the phrases' cursors sought past the rows the filters leave out;
** LARGEST_POSITION when no row is left.
*/
int phrasesNext(Spec *s, const unsigned char *skip, sqlite3_int64 *pPos);

/* Takes the entries at `pos` off the phrase cursors into freq[] (0 where a phrase has none);
** `seek`: phrases whose cursor may be behind (MaxScore's non-essential ones) seek it first. */
int gatherRow(Spec *s, sqlite3_int64 pos, const unsigned char *seek, double *freq, double *pLength, int *pMatched);

/* bm25_given's sum over the phrases, in its order (bm25Given.c). */
double rowScore(const Spec *s, const double *freq, double length, double avgdl);

#endif
