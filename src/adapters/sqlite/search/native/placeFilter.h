/*
** The row filters of a top_text search near a point, tested on place records (placeRecord.h).
*/
#ifndef SEARCH_PLACE_FILTER_H
#define SEARCH_PLACE_FILTER_H

#include "topTextSpec.h"

#define VERDICT_NO 0
#define VERDICT_SURE 1
#define VERDICT_MAYBE 2

/* The same tests, on the same values, as the SQL plan's row conditions (searchPlan.ts planParts). */
int placeVerdict(const Spec *s, const unsigned char *rec);

/* Marks, in the sure and maybe bitmaps, every candidate place of the spec's place lists that passes. */
int markPlaces(sqlite3 *db, const Spec *s, const unsigned char *candidate, unsigned char *sure, unsigned char *maybe);

#endif
