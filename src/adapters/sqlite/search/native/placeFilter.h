/*
** The row filters of a search near a point, tested on place records (placeRecord.h): the same
** tests, on the same doubles, as the SQL plan's row conditions (searchPlan.ts planParts). Used by
** top_text (its matches' records, in a bitmap) and top_places (every record it reads).
*/
#ifndef SEARCH_PLACE_FILTER_H
#define SEARCH_PLACE_FILTER_H

#include "sqlite3ext.h"
#include "specReader.h"

#define VERDICT_NO 0
#define VERDICT_SURE 1
#define VERDICT_MAYBE 2

/* Time filters the masks decide without the exact rules (PlaceTests.sure). */
#define SURE_NONE 0
#define SURE_OPEN_NOW 1
#define SURE_DAYS 2

typedef struct PlaceTests {
  int opening; /* any time filter */
  int openNow, openDay, openWeekend;
  int sure;
  int hasMaxPrice, hasMinRating, hasMinReviews;
  int hourMask, hourBit, dayBit;
  int utcDay; /* the time filter's UTC date, days since 2000-01-01 */
  unsigned int verifications; /* bit 1 << level of each level let through (placeRecord.h); 0: no filter */
  double maxPrice, minRating, minReviews;
  double lat, lon, radius, minLat, maxLat, minLon, maxLon;
} PlaceTests;

/* Reads the tests as placeTestsSpec.ts writes them; the reader is marked bad on a malformed one. */
void readPlaceTests(SpecReader *r, PlaceTests *t);

/* The verdict on a record; *pDistance gets its distance from the point when it is computed (any verdict but an early NO). */
int placeVerdict(const PlaceTests *t, const unsigned char *rec, double *pDistance);

/*
** Marks, in the sure and maybe bitmaps, every candidate place (a bit set in `candidate`, rows up
** to maxRow) of the place lists in aRange (nRange pairs of list numbers) that passes.
*/
int markPlaces(sqlite3 *db, const char *zPlaces, int nPlaces, const sqlite3_int64 *aRange, int nRange, sqlite3_int64 maxRow,
               const PlaceTests *t, const unsigned char *candidate, unsigned char *sure, unsigned char *maybe);

#endif
