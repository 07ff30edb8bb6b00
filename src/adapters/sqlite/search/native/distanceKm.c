/*
** distance_km(lat1, lon1, lat2, lon2): great-circle distance in kilometres, in C.
**
** The JavaScript function the adapter registers under the same name (haversineKm in geo.ts)
** costs a crossing from SQLite into V8 per row, about 1.8 us, paid for every candidate inside a
** radius query's bounding box. This is the same formula with the same constants in the same
** order of operations, so both give the same double except where the C library's sin, cos or
** asin and V8's differ in the last bit (the tests count how often). The library is built with
** -ffp-contract=off: a fused multiply-add would round differently from JavaScript.
**
** Any NULL argument gives NULL (a document without coordinates). Registered deterministic and
** innocuous, like a built-in math function; loaded after the JavaScript one, it replaces it.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <math.h>

/* geo.ts's EARTH_RADIUS_KM: the IUGG mean radius, the one Elasticsearch's arc distance uses. */
#define EARTH_RADIUS_KM 6371.0088
/* Math.PI: the double nearest pi, as M_PI (which strict C does not promise to define). */
#define PI 3.141592653589793

static double toRadians(double degrees){
  return (degrees * PI) / 180.0;
}

/* The formula, shared with topText.c's radius check so both cut at the same double. */
#ifdef __GNUC__
__attribute__((visibility("hidden")))
#endif
double searchDistanceKm(double lat1, double lon1, double lat2, double lon2){
  double dLat = toRadians(lat2 - lat1);
  double dLon = toRadians(lon2 - lon1);
  double sinLat = sin(dLat / 2.0);
  double sinLon = sin(dLon / 2.0);
  /* x ** 2 in JavaScript is x * x, exactly. */
  double a = sinLat * sinLat + cos(toRadians(lat1)) * cos(toRadians(lat2)) * (sinLon * sinLon);
  double root = sqrt(a);
  /* Math.min(1, root): rounding can push a past 1 for near-antipodes; a NaN stays NaN. */
  if( root>1.0 ) root = 1.0;
  return 2.0 * EARTH_RADIUS_KM * asin(root);
}

static void distanceKm(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  int i;
  (void)nArg;
  for(i=0; i<4; i++){
    if( sqlite3_value_type(apArg[i])==SQLITE_NULL ) return; /* NULL result */
  }
  sqlite3_result_double(ctx, searchDistanceKm(
    sqlite3_value_double(apArg[0]), sqlite3_value_double(apArg[1]), sqlite3_value_double(apArg[2]), sqlite3_value_double(apArg[3])
  ));
}

/* Called by the library's entry point (bm25Given.c) on each connection it is loaded into. */
#ifdef __GNUC__
__attribute__((visibility("hidden")))
#endif
int searchDistanceKmRegister(sqlite3 *db){
  return sqlite3_create_function_v2(
    db, "distance_km", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0, distanceKm, 0, 0, 0
  );
}
