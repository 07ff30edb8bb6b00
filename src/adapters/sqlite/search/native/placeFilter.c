/*
** Place records against the row filters (placeFilter.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "placeFilter.h"
#include "placeRecord.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

double searchDistanceKm(double lat1, double lon1, double lat2, double lon2); /* distanceKm.c */

static double recordDouble(const unsigned char *rec, int at){ double v; memcpy(&v, rec + at, 8); return v; }
static sqlite3_uint64 recordMask(const unsigned char *rec, int at){ sqlite3_uint64 v; memcpy(&v, rec + at, 8); return v; }

int placeVerdict(const Spec *s, const unsigned char *rec){
  double lat = recordDouble(rec, PLACE_LAT), lon = recordDouble(rec, PLACE_LON);
  int flags = rec[PLACE_FLAGS];
  int masks = (flags & PLACE_HAS_MASKS)!=0;
  int days = rec[PLACE_OPEN_DAYS];
  if( !(lat >= s->minLat && lat <= s->maxLat) ) return VERDICT_NO;
  if( s->minLon <= s->maxLon ? !(lon >= s->minLon && lon <= s->maxLon) : !(lon >= s->minLon || lon <= s->maxLon) ) return VERDICT_NO;
  if( s->hasMaxPrice && !((flags & PLACE_HAS_PRICE) && recordDouble(rec, PLACE_MIN_PRICE) <= s->maxPrice) ) return VERDICT_NO;
  if( s->hasMinRating && !(recordDouble(rec, PLACE_RATING) >= s->minRating) ) return VERDICT_NO;
  if( s->hasMinReviews && !(recordDouble(rec, PLACE_REVIEWS) >= s->minReviews) ) return VERDICT_NO;
  if( masks && s->openNow && !((recordMask(rec, PLACE_OPEN_H0 + 8 * s->hourMask) >> s->hourBit) & 1) ) return VERDICT_NO;
  if( masks && s->openDay && !((days >> s->dayBit) & 1) ) return VERDICT_NO;
  if( masks && s->openWeekend && (days & 0x60)==0 ) return VERDICT_NO;
  if( !(searchDistanceKm(lat, lon, s->lat, s->lon) <= s->radius) ) return VERDICT_NO;
  if( !s->opening ) return VERDICT_SURE;
  if( masks && s->sure==SURE_DAYS ) return VERDICT_SURE;
  if( masks && s->sure==SURE_OPEN_NOW && ((recordMask(rec, PLACE_SURE_H0 + 8 * s->hourMask) >> s->hourBit) & 1) ){
    /* The local date, and the day before (whose past-midnight tail may run now), are within
    ** two days before to one day after the UTC date: a blackout date outside that is not today's. */
    int i, near = 0;
    if( flags & PLACE_NO_BLACKOUT ) return VERDICT_SURE;
    if( !(flags & PLACE_BLACKOUT_LISTED) ) return VERDICT_MAYBE;
    for(i=0; i<PLACE_BLACKOUT_SLOTS; i++){
      int day = rec[PLACE_BLACKOUT_DAYS + 2*i] | rec[PLACE_BLACKOUT_DAYS + 2*i + 1] << 8;
      if( day && day >= s->utcDay - 2 && day <= s->utcDay + 1 ) near = 1;
    }
    return near ? VERDICT_MAYBE : VERDICT_SURE;
  }
  return VERDICT_MAYBE;
}

int markPlaces(sqlite3 *db, const Spec *s, const unsigned char *candidate, unsigned char *sure, unsigned char *maybe){
  char *zSql = sqlite3_mprintf("SELECT first_row, data FROM \"%w\" WHERE list BETWEEN ?1 AND ?2", s->zPlaces);
  Cursor c;
  int i, rc;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = cursorPrepare(db, zSql, &c, LIST_PLACES);
  sqlite3_free(zSql);
  for(i=0; rc==SQLITE_OK && i<s->nRange; i++){
    sqlite3_bind_int64(c.stmt, 1, s->aRange[2*i]);
    sqlite3_bind_int64(c.stmt, 2, s->aRange[2*i+1]);
    for(rc = cursorStart(&c); rc==SQLITE_OK && !c.eof; rc = cursorNext(&c)){
      int verdict;
      if( c.row < 0 || c.row > s->maxRow || !(candidate[c.row >> 3] & (1 << (c.row & 7))) ) continue;
      verdict = placeVerdict(s, c.record);
      if( verdict==VERDICT_SURE ) sure[c.row >> 3] |= (unsigned char)(1 << (c.row & 7));
      else if( verdict==VERDICT_MAYBE ) maybe[c.row >> 3] |= (unsigned char)(1 << (c.row & 7));
    }
    sqlite3_reset(c.stmt);
  }
  cursorClose(&c);
  return rc;
}
