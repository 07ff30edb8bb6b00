/*
** A top_text search without a point: counting, scoring and keeping the best k in one pass, with
** MaxScore pruning once the count may stop (topText.c).
*/
#ifndef SEARCH_MAX_SCORE_H
#define SEARCH_MAX_SCORE_H

#include "bestMatches.h"
#include "topTextSpec.h"

int searchWithoutPoint(sqlite3 *db, Spec *s, double avgdl, Best *best, unsigned int *pSure, int *pEstimate);

#endif
