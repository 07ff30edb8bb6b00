/*
** top_places: the nearest k matches of a search near a point without words, and how many there
** are, from place records (placeRecord.h) instead of documents rows:
**
**   SELECT top_places(@spec)
**
** Without kinds the records are the place lists of every document (list = grid cell + the
** environment's offset); with kinds, the kind place lists ("<environment>:<kind tag>", by grid
** cell), which hold a record per document of that kind, so a search for dentists near a point
** reads the dentists there and nothing else. The spec (topPlacesSpec.ts writes it):
**
**   u32 magic "TPL1", u32 k, u32 exactUpTo (0: always count every match), i64 maxRow,
**   i64 listOffset (added to a cell to name its place list), the row filters (placeFilter.h),
**   string places, string kindPlaces, u8 nKind, nKind x string (kind list keys),
**   u32 nRing, nRing x (f64 radius, u32 nRange, nRange x (i64 first cell, i64 last cell))
**
** The rings are the cells of growing boxes around the point, each ring the cells of its box that
** no earlier ring holds: after ring i, every record not read lies outside the box of radius_i,
** farther than radius_i (the box holds the whole circle, cells are cut with the same floor as the
** records' own cells). The result is top_text's: u32 sure, u32 estimate, u32 nTop, nTop x (i64
** rowid, f64 distance), u32 nMaybe, nMaybe x (i64 rowid, f64 distance). `top` holds every sure
** match at most as far as the k-th nearest sure one (ties included); `maybe` every match the
** time filter's masks let through undecided (the caller decides them with the exact rules).
**
** Why the page is the exhaustive one: every record of the box is read unless the search stops
** early, every match passes the SQL plan's own tests on the same doubles, and a match is left out
** of `top` only when k sure matches are nearer. The search stops after a ring only when counting
** may stop (exactUpTo sure matches counted: the total becomes a lower bound) and the k-th nearest
** sure match is nearer than that ring's radius: every record not read is then farther than the
** k-th nearest sure match, so no passing match among them can be on the page, and a maybe farther
** than it cannot be either.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <math.h>
#include <string.h>
#include "bestMatches.h"
#include "listCursor.h"
#include "placeFilter.h"
#include "specReader.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

#define PLACES_SPEC_MAGIC 0x314c5054u /* "TPL1" */
#define MAX_KINDS 16
#define MAX_RINGS 16
#define MAX_PLACE_RANGES 8192

typedef struct Ring {
  double radius;
  int iRange, nRange; /* its ranges in PlacesSpec.aRange */
} Ring;

typedef struct PlacesSpec {
  unsigned int k, exactUpTo;
  sqlite3_int64 maxRow, listOffset;
  PlaceTests tests;
  const char *zPlaces, *zKindPlaces;
  int nPlaces, nKindPlaces;
  int nKind;
  const char *azKind[MAX_KINDS];
  int anKind[MAX_KINDS];
  int nRing;
  Ring aRing[MAX_RINGS];
  int nRange;
  sqlite3_int64 aRange[2 * MAX_PLACE_RANGES];
} PlacesSpec;

static int readPlacesSpec(const void *blob, int nBlob, PlacesSpec *s){
  SpecReader r = { (const unsigned char*)blob, (const unsigned char*)blob + nBlob, 0 };
  int i, j;
  memset(s, 0, sizeof(*s));
  if( blob==0 || specU32(&r)!=PLACES_SPEC_MAGIC ) return SQLITE_MISMATCH;
  s->k = specU32(&r);
  s->exactUpTo = specU32(&r);
  s->maxRow = specI64(&r);
  s->listOffset = specI64(&r);
  readPlaceTests(&r, &s->tests);
  s->zPlaces = specString(&r, &s->nPlaces);
  s->zKindPlaces = specString(&r, &s->nKindPlaces);
  s->nKind = (int)specU8(&r);
  if( s->nKind > MAX_KINDS ) return SQLITE_MISMATCH;
  for(i=0; i<s->nKind; i++){
    s->azKind[i] = specString(&r, &s->anKind[i]);
    if( s->azKind[i]==0 ) return SQLITE_MISMATCH;
  }
  s->nRing = (int)specU32(&r);
  if( s->nRing < 1 || s->nRing > MAX_RINGS ) return SQLITE_MISMATCH;
  for(i=0; i<s->nRing; i++){
    Ring *ring = &s->aRing[i];
    ring->radius = specF64(&r);
    ring->nRange = (int)specU32(&r);
    ring->iRange = s->nRange;
    if( ring->nRange < 0 || ring->nRange > MAX_PLACE_RANGES - s->nRange ) return SQLITE_MISMATCH;
    for(j=0; j<2*ring->nRange; j++) s->aRange[2*s->nRange + j] = specI64(&r);
    s->nRange += ring->nRange;
  }
  if( r.bad || r.p!=r.end || s->zPlaces==0 || s->zKindPlaces==0 || s->maxRow < 0 ) return SQLITE_MISMATCH;
  return SQLITE_OK;
}

typedef struct Found {
  Best best;             /* sure matches, scored by their distance negated: nearest is best */
  unsigned int sure;
  Scored *aMaybe;
  int nMaybe, nMaybeAlloc;
  unsigned char *seen;   /* with several kinds: rows already read (a document may be of two) */
} Found;

/* Reads one list's records of a cell range and judges each. */
static int readRange(Cursor *c, const PlacesSpec *s, Found *f){
  int rc;
  for(rc = cursorStart(c); rc==SQLITE_OK && !c->eof; rc = cursorNext(c)){
    double distance = 0.0;
    int verdict;
    if( c->row < 0 || c->row > s->maxRow ) continue;
    if( f->seen ){
      if( f->seen[c->row >> 3] & (1 << (c->row & 7)) ) continue;
      f->seen[c->row >> 3] |= (unsigned char)(1 << (c->row & 7));
    }
    verdict = placeVerdict(&s->tests, c->record, &distance);
    if( verdict==VERDICT_SURE ){
      f->sure++;
      rc = bestOffer(&f->best, c->row, -distance);
    }else if( verdict==VERDICT_MAYBE ){
      rc = push(&f->aMaybe, &f->nMaybe, &f->nMaybeAlloc, c->row, distance);
    }
    if( rc ) break;
  }
  sqlite3_reset(c->stmt);
  return rc;
}

/* Reads the rings in order, stopping early as the header says; *pEstimate 1 when it did. */
static int readRings(sqlite3 *db, const PlacesSpec *s, Found *f, int *pEstimate){
  Cursor aCursor[MAX_KINDS];
  int nCursor = s->nKind ? s->nKind : 1, i, j, g, rc = SQLITE_OK;
  memset(aCursor, 0, sizeof(aCursor));
  for(i=0; rc==SQLITE_OK && i<nCursor; i++){
    char *zSql = s->nKind
      ? sqlite3_mprintf("SELECT first_row, data FROM \"%.*w\" WHERE list = ?1 AND cell BETWEEN ?2 AND ?3 ORDER BY cell, first_row", s->nKindPlaces, s->zKindPlaces)
      : sqlite3_mprintf("SELECT first_row, data FROM \"%.*w\" WHERE list BETWEEN ?2 AND ?3 ORDER BY list, first_row", s->nPlaces, s->zPlaces);
    if( zSql==0 ){ rc = SQLITE_NOMEM; break; }
    rc = cursorPrepare(db, zSql, &aCursor[i], LIST_PLACES);
    sqlite3_free(zSql);
    if( rc==SQLITE_OK && s->nKind ) rc = sqlite3_bind_text(aCursor[i].stmt, 1, s->azKind[i], s->anKind[i], SQLITE_STATIC);
  }
  for(g=0; rc==SQLITE_OK && g<s->nRing; g++){
    const Ring *ring = &s->aRing[g];
    double kth;
    for(j=ring->iRange; rc==SQLITE_OK && j<ring->iRange + ring->nRange; j++){
      sqlite3_int64 offset = s->nKind ? 0 : s->listOffset;
      for(i=0; rc==SQLITE_OK && i<nCursor; i++){
        sqlite3_bind_int64(aCursor[i].stmt, 2, s->aRange[2*j] + offset);
        sqlite3_bind_int64(aCursor[i].stmt, 3, s->aRange[2*j+1] + offset);
        rc = readRange(&aCursor[i], s, f);
      }
    }
    if( rc || g==s->nRing - 1 || s->exactUpTo==0 || f->sure < s->exactUpTo ) continue;
    /* The k-th nearest sure distance (none asked: nothing to wait for). */
    kth = s->k==0 ? -INFINITY : -bestThreshold(&f->best);
    if( kth < ring->radius ){
      *pEstimate = 1;
      break;
    }
  }
  for(i=0; i<nCursor; i++) cursorClose(&aCursor[i]);
  return rc;
}

static void topPlacesFunction(sqlite3_context *ctx, int nVal, sqlite3_value **apVal){
  PlacesSpec *s;
  Found f;
  int i, rc, estimate = 0;
  (void)nVal;
  memset(&f, 0, sizeof(f));
  s = (PlacesSpec*)sqlite3_malloc64(sizeof(PlacesSpec));
  if( s==0 ){ sqlite3_result_error_nomem(ctx); return; }
  if( readPlacesSpec(sqlite3_value_blob(apVal[0]), sqlite3_value_bytes(apVal[0]), s)!=SQLITE_OK ){
    sqlite3_free(s);
    sqlite3_result_error(ctx, "top_places: a malformed spec", -1);
    return;
  }
  rc = SQLITE_OK;
  f.best.k = s->k;
  if( s->k > 0 ){
    f.best.heap = (double*)sqlite3_malloc64(sizeof(double) * s->k);
    if( f.best.heap==0 ) rc = SQLITE_NOMEM;
  }
  if( rc==SQLITE_OK && s->nKind > 1 ){
    f.seen = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)(s->maxRow / 8 + 1));
    if( f.seen==0 ) rc = SQLITE_NOMEM;
    else memset(f.seen, 0, (size_t)(s->maxRow / 8 + 1));
  }
  if( rc==SQLITE_OK ) rc = readRings(sqlite3_context_db_handle(ctx), s, &f, &estimate);

  if( rc==SQLITE_OK ){
    double threshold = bestThreshold(&f.best);
    int nTop = 0, nMaybe = 0;
    /* The nearest sure matches with their distances (kept negated: nearest is best). */
    for(i=0; i<f.best.n; i++){
      if( f.best.a[i].score < threshold ) continue;
      f.best.a[nTop] = f.best.a[i];
      f.best.a[nTop++].score = -f.best.a[i].score;
    }
    /* Stopped early: a maybe farther than the k-th nearest sure match cannot be on the page. */
    for(i=0; i<f.nMaybe; i++) if( !estimate || -f.aMaybe[i].score >= threshold ) f.aMaybe[nMaybe++] = f.aMaybe[i];
    rc = resultMatches(ctx, f.sure, estimate, f.best.a, nTop, f.aMaybe, nMaybe);
  }
  if( rc ) sqlite3_result_error_code(ctx, rc);
  sqlite3_free(f.best.heap);
  sqlite3_free(f.best.a);
  sqlite3_free(f.aMaybe);
  sqlite3_free(f.seen);
  sqlite3_free(s);
}

int topPlacesRegister(sqlite3 *db){
  return sqlite3_create_function_v2(db, "top_places", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, topPlacesFunction, 0, 0, 0);
}
