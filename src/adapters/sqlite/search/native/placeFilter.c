/*
** Place records against the row filters (placeFilter.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "listCursor.h"
#include "placeFilter.h"
#include "placeRecord.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

double searchDistanceKm(double lat1, double lon1, double lat2, double lon2); /* distanceKm.c */

static double recordDouble(const unsigned char *rec, int at){ double v; memcpy(&v, rec + at, 8); return v; }
static sqlite3_uint64 recordMask(const unsigned char *rec, int at){ sqlite3_uint64 v; memcpy(&v, rec + at, 8); return v; }

void readPlaceTests(SpecReader *r, PlaceTests *t){
  unsigned int opening = specU8(r);
  t->openNow = (opening & 1)!=0;
  t->openDay = (opening & 2)!=0;
  t->openWeekend = (opening & 4)!=0;
  t->opening = (opening & 8)!=0;
  t->sure = (int)specU8(r);
  t->hasMaxPrice = (int)specU8(r);
  t->hasMinRating = (int)specU8(r);
  t->hasMinReviews = (int)specU8(r);
  t->hourMask = (int)specU8(r);
  t->hourBit = (int)specU8(r);
  t->dayBit = (int)specU8(r);
  t->verifications = specU8(r);
  t->utcDay = (int)specU32(r);
  t->maxPrice = specF64(r);
  t->minRating = specF64(r);
  t->minReviews = specF64(r);
  t->lat = specF64(r);
  t->lon = specF64(r);
  t->radius = specF64(r);
  t->minLat = specF64(r);
  t->maxLat = specF64(r);
  t->minLon = specF64(r);
  t->maxLon = specF64(r);
  if( t->hourMask > 2 || t->hourBit > 55 || t->dayBit > 6 ) r->bad = 1;
}

int placeVerdict(const PlaceTests *t, const unsigned char *rec, double *pDistance){
  double lat = recordDouble(rec, PLACE_LAT), lon = recordDouble(rec, PLACE_LON), distance;
  int flags = rec[PLACE_FLAGS];
  int masks = (flags & PLACE_HAS_MASKS)!=0;
  int days = rec[PLACE_OPEN_DAYS];
  if( !(lat >= t->minLat && lat <= t->maxLat) ) return VERDICT_NO;
  if( t->minLon <= t->maxLon ? !(lon >= t->minLon && lon <= t->maxLon) : !(lon >= t->minLon || lon <= t->maxLon) ) return VERDICT_NO;
  if( t->verifications && (rec[PLACE_VERIFICATION] > 7 || !((t->verifications >> rec[PLACE_VERIFICATION]) & 1)) ) return VERDICT_NO;
  if( t->hasMaxPrice && !((flags & PLACE_HAS_PRICE) && recordDouble(rec, PLACE_MIN_PRICE) <= t->maxPrice) ) return VERDICT_NO;
  if( t->hasMinRating && !(recordDouble(rec, PLACE_RATING) >= t->minRating) ) return VERDICT_NO;
  if( t->hasMinReviews && !(recordDouble(rec, PLACE_REVIEWS) >= t->minReviews) ) return VERDICT_NO;
  if( masks && t->openNow && !((recordMask(rec, PLACE_OPEN_H0 + 8 * t->hourMask) >> t->hourBit) & 1) ) return VERDICT_NO;
  if( masks && t->openDay && !((days >> t->dayBit) & 1) ) return VERDICT_NO;
  if( masks && t->openWeekend && (days & 0x60)==0 ) return VERDICT_NO;
  distance = searchDistanceKm(lat, lon, t->lat, t->lon);
  *pDistance = distance;
  if( !(distance <= t->radius) ) return VERDICT_NO;
  if( !t->opening ) return VERDICT_SURE;
  if( masks && t->sure==SURE_DAYS ) return VERDICT_SURE;
  if( masks && t->sure==SURE_OPEN_NOW && ((recordMask(rec, PLACE_SURE_H0 + 8 * t->hourMask) >> t->hourBit) & 1) ){
    /* The local date, and the day before (whose past-midnight tail may run now), are within
    ** two days before to one day after the UTC date: a blackout date outside that is not today's. */
    int i, near = 0;
    if( flags & PLACE_NO_BLACKOUT ) return VERDICT_SURE;
    if( !(flags & PLACE_BLACKOUT_LISTED) ) return VERDICT_MAYBE;
    for(i=0; i<PLACE_BLACKOUT_SLOTS; i++){
      int day = rec[PLACE_BLACKOUT_DAYS + 2*i] | rec[PLACE_BLACKOUT_DAYS + 2*i + 1] << 8;
      if( day && day >= t->utcDay - 2 && day <= t->utcDay + 1 ) near = 1;
    }
    return near ? VERDICT_MAYBE : VERDICT_SURE;
  }
  return VERDICT_MAYBE;
}

int markPlaces(sqlite3 *db, const char *zPlaces, int nPlaces, const sqlite3_int64 *aRange, int nRange, sqlite3_int64 maxRow,
               const PlaceTests *t, const unsigned char *candidate, unsigned char *sure, unsigned char *maybe){
  char *zSql = sqlite3_mprintf("SELECT first_row, data FROM \"%.*w\" WHERE list BETWEEN ?1 AND ?2", nPlaces, zPlaces);
  Cursor c;
  int i, rc;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = cursorPrepare(db, zSql, &c, LIST_PLACES);
  sqlite3_free(zSql);
  for(i=0; rc==SQLITE_OK && i<nRange; i++){
    sqlite3_bind_int64(c.stmt, 1, aRange[2*i]);
    sqlite3_bind_int64(c.stmt, 2, aRange[2*i+1]);
    for(rc = cursorStart(&c); rc==SQLITE_OK && !c.eof; rc = cursorNext(&c)){
      double distance;
      int verdict;
      if( c.row < 0 || c.row > maxRow || !(candidate[c.row >> 3] & (1 << (c.row & 7))) ) continue;
      verdict = placeVerdict(t, c.record, &distance);
      if( verdict==VERDICT_SURE ) sure[c.row >> 3] |= (unsigned char)(1 << (c.row & 7));
      else if( verdict==VERDICT_MAYBE ) maybe[c.row >> 3] |= (unsigned char)(1 << (c.row & 7));
    }
    sqlite3_reset(c.stmt);
  }
  cursorClose(&c);
  return rc;
}
