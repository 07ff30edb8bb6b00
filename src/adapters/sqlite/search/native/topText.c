/*
** top_text: the best k matches of a text search, and how many there are, from the search lists
** (blockLists.h) instead of FTS5's doclists, with the row filters a consumer search uses tested
** on place records instead of documents rows.
**
**   SELECT top_text(fts, @spec) FROM fts WHERE fts MATCH @anchor LIMIT 1
**
** It runs as an FTS5 auxiliary function, once (the anchor is the text's own expression: no row
** means no match at all), for the row count and the total row length bm25 needs, read from FTS5
** itself as bm25_given reads them, so its scores are bm25_given's to the bit.
**
** The spec (topTextSpec.ts writes it) names the phrases (a word, in every column or in the
** category column, each with its document count), whether the text is fenced off the tags
** column, the filter groups (any of a few tag tokens: category, city, state, country,
** verification), and, for a search near a point, the circle, the grid-cell ranges of place lists
** that cover its box, and the range and time filters. The result is a blob:
**
**   u32 sure (matches that pass every filter), u32 estimate (1: sure is a lower bound, counting
**   stopped past the spec's exactUpTo), u32 nTop, nTop x (i64 rowid, f64 score), u32 nMaybe,
**   nMaybe x (i64 rowid, f64 score)
**
** `top` holds every sure match scoring at least the k-th best sure score (ties included); `maybe`
** every match the time filter's masks let through without deciding it (the caller decides those
** with the exact rules, adds the ones that pass to the count and to the candidates). NULL: the
** spec asks for something this function does not do; the caller uses its SQL plan instead.
**
** Why the page is the exhaustive one: every match is visited (each list is read in rowid order
** and merged), tested by the same predicates as the SQL plan (the same doubles, the same distance
** function), and scored by the same formula; a match is left out of `top` only when k sure matches
** already score higher, and the final order (score, then id) is taken over `top` and the passing
** maybes, which hold every match that can be among the first k.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "searchLists.h"
#include "placeRecord.h"

#define LARGEST_ROWID ((sqlite3_int64)0x7fffffffffffffffLL)

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

double searchDistanceKm(double lat1, double lon1, double lat2, double lon2); /* distanceKm.c */

#define SPEC_MAGIC 0x31585454u /* "TTX1" */
#define MAX_PHRASES 32
#define MAX_GROUPS 8
#define MAX_GROUP_TERMS 16
#define MAX_RANGES 4096

#define PHRASE_ANY_COLUMN 0
#define PHRASE_CATEGORY 1

/* Time filters the masks decide without the exact rules (TopTextSpec.sureOpening). */
#define SURE_NONE 0
#define SURE_OPEN_NOW 1
#define SURE_DAYS 2

/* ---- reading the spec ---- */

typedef struct Reader {
  const unsigned char *p, *end;
  int bad;
} Reader;

static const unsigned char *take(Reader *r, int n){
  const unsigned char *at = r->p;
  if( r->bad || r->end - r->p < n ){ r->bad = 1; return 0; }
  r->p += n;
  return at;
}
static unsigned int readU8(Reader *r){ const unsigned char *p = take(r, 1); return p ? p[0] : 0; }
static unsigned int readU32(Reader *r){
  const unsigned char *p = take(r, 4);
  return p ? (unsigned int)p[0] | (unsigned int)p[1] << 8 | (unsigned int)p[2] << 16 | (unsigned int)p[3] << 24 : 0;
}
static double readF64(Reader *r){
  const unsigned char *p = take(r, 8);
  double v = 0;
  if( p ) memcpy(&v, p, 8);
  return v;
}
static sqlite3_int64 readI64(Reader *r){
  const unsigned char *p = take(r, 8);
  sqlite3_int64 v = 0;
  if( p ) memcpy(&v, p, 8);
  return v;
}
/* A length-prefixed string, not terminated. */
static const char *readString(Reader *r, int *pn){
  unsigned int n = readU32(r);
  const unsigned char *p = take(r, (int)n);
  *pn = p ? (int)n : 0;
  return (const char*)p;
}

/* ---- a cursor over one list's blocks, in order ---- */

/*
** Postings are kept by cell (blockLists.h): a posting's position is its cell, then its row. Cells
** stay below 2^23 and rows below 2^40, so one integer orders positions: cell << 40 | row.
*/
#define ROW_BITS 40
#define ROW_MASK ((((sqlite3_int64)1) << ROW_BITS) - 1)
#define LARGEST_POSITION LARGEST_ROWID

typedef struct Cursor {
  sqlite3_stmt *stmt;
  int kind;
  int eof;
  /* Postings: the cell ranges read one after the other (bound as ?2, ?3), from the spec. */
  const sqlite3_int64 *aRange;
  int nRange, iRange;
  int n, i;                 /* entries of the current block, position in it */
  sqlite3_int64 cell;       /* of the current block (postings; 0 for places) */
  sqlite3_int64 firstRow, lastRow;
  sqlite3_int64 lastPos;    /* position of the block's last entry */
  const unsigned char *next; /* the current block's next undecoded entry */
  const unsigned char *end;
  sqlite3_int64 row;        /* the current entry */
  sqlite3_int64 pos;        /* its position (postings); its row (places) */
  unsigned int weight, category, length;
  const unsigned char *record; /* places: the current entry's record */
} Cursor;

static int cursorPrepare(sqlite3 *db, const char *zSql, Cursor *c, int kind){
  memset(c, 0, sizeof(*c));
  c->kind = kind;
  c->eof = 1;
  return sqlite3_prepare_v3(db, zSql, -1, 0, &c->stmt, 0);
}

static void cursorClose(Cursor *c){
  sqlite3_finalize(c->stmt);
  c->stmt = 0;
}

static sqlite3_int64 position(const Cursor *c, sqlite3_int64 row){
  return c->kind==LIST_POSTINGS ? (c->cell << ROW_BITS) | row : row;
}

/* Decodes the next entry of the current block into the cursor's fields. */
static int cursorDecode(Cursor *c){
  sqlite3_uint64 delta, v;
  int got;
  c->next += got = varintGet(c->next, c->end, &delta);
  if( got==0 ) return SQLITE_CORRUPT;
  c->row += (sqlite3_int64)delta;
  c->pos = position(c, c->row);
  if( c->kind==LIST_POSTINGS ){
    c->next += got = varintGet(c->next, c->end, &v); if( got==0 ) return SQLITE_CORRUPT;
    c->weight = (unsigned int)v;
    c->next += got = varintGet(c->next, c->end, &v); if( got==0 ) return SQLITE_CORRUPT;
    c->category = (unsigned int)v;
    c->next += got = varintGet(c->next, c->end, &v); if( got==0 ) return SQLITE_CORRUPT;
    c->length = (unsigned int)v;
  }else{
    if( c->end - c->next < PLACE_BYTES ) return SQLITE_CORRUPT;
    c->record = c->next;
    c->next += PLACE_BYTES;
  }
  return SQLITE_OK;
}

/* Binds the next cell range of a postings cursor; 0 when none is left. */
static int cursorNextRange(Cursor *c){
  if( c->iRange >= c->nRange ) return 0;
  sqlite3_reset(c->stmt);
  sqlite3_bind_int64(c->stmt, 2, c->aRange[2 * c->iRange]);
  sqlite3_bind_int64(c->stmt, 3, c->aRange[2 * c->iRange + 1]);
  c->iRange++;
  return 1;
}

/* Steps to the next block and its first entry (eof after the last block of the last range). The
** block's bytes stay valid until the next step of the statement. */
static int cursorNextBlock(Cursor *c){
  const unsigned char *p;
  sqlite3_uint64 n, span, v;
  int rc, got, k, column = c->kind==LIST_POSTINGS ? 1 : 0;
  while( (rc = sqlite3_step(c->stmt))==SQLITE_DONE && c->kind==LIST_POSTINGS && cursorNextRange(c) ){}
  if( rc==SQLITE_DONE ){ c->eof = 1; return SQLITE_OK; }
  if( rc!=SQLITE_ROW ) return rc;
  c->eof = 0;
  c->cell = column ? sqlite3_column_int64(c->stmt, 0) : 0;
  c->row = sqlite3_column_int64(c->stmt, column);
  p = (const unsigned char*)sqlite3_column_blob(c->stmt, column + 1);
  c->end = p + sqlite3_column_bytes(c->stmt, column + 1);
  if( p==0 || c->cell < 0 || c->cell >= ((sqlite3_int64)1 << 23) ) return SQLITE_CORRUPT;
  p += got = varintGet(p, c->end, &n);
  if( got==0 || n==0 ) return SQLITE_CORRUPT;
  p += got = varintGet(p, c->end, &span);
  if( got==0 ) return SQLITE_CORRUPT;
  for(k=0; c->kind==LIST_POSTINGS && k<3; k++){
    p += got = varintGet(p, c->end, &v);
    if( got==0 ) return SQLITE_CORRUPT;
  }
  c->firstRow = c->row;
  c->lastRow = c->row + (sqlite3_int64)span;
  if( c->lastRow > ROW_MASK ) return SQLITE_CORRUPT;
  c->lastPos = position(c, c->lastRow);
  c->n = (int)n;
  c->i = 0;
  c->next = p;
  return cursorDecode(c);
}

/* Starts the cursor on its statement's first block (a postings cursor: on its first cell range). */
static int cursorStart(Cursor *c){
  c->eof = 0;
  if( c->kind==LIST_POSTINGS ){
    c->iRange = 0;
    if( !cursorNextRange(c) ){ c->eof = 1; return SQLITE_OK; }
  }
  return cursorNextBlock(c);
}

static int cursorNext(Cursor *c){
  if( ++c->i < c->n ) return cursorDecode(c);
  return cursorNextBlock(c);
}

/* Moves to the first entry at or after pos; whole blocks before it are skipped undecoded. */
static int cursorSeek(Cursor *c, sqlite3_int64 pos){
  int rc = SQLITE_OK;
  while( rc==SQLITE_OK && !c->eof && c->pos < pos ){
    rc = c->lastPos < pos ? cursorNextBlock(c) : cursorNext(c);
  }
  return rc;
}

/* ---- the spec ---- */

typedef struct Phrase {
  const char *word;
  int nWord;
  int mode;
  double count;
  double idf;
  char *key;
  int nKey;
  Cursor cursor;
} Phrase;

typedef struct Group {
  int nTerm;
  const char *aWord[MAX_GROUP_TERMS];
  int anWord[MAX_GROUP_TERMS];
  char *aKey[MAX_GROUP_TERMS];
  int anKey[MAX_GROUP_TERMS];
  Cursor aCursor[MAX_GROUP_TERMS];
} Group;

typedef struct Spec {
  unsigned int k;
  unsigned int exactUpTo; /* without a point: sure matches counted exactly before the count may stop (0: always) */
  char environment;
  int fenced;
  int nPhrase, nGroup;
  int hasNear;
  int opening; /* any time filter */
  int openNow, openDay, openWeekend;
  int sure;
  int hasMaxPrice, hasMinRating, hasMinReviews;
  int hourMask, hourBit, dayBit;
  int utcDay; /* the time filter's UTC date, days since 2000-01-01 */
  double maxPrice, minRating, minReviews;
  double lat, lon, radius, minLat, maxLat, minLon, maxLon;
  sqlite3_int64 maxRow;
  int nRange;
  sqlite3_int64 aRange[2 * MAX_RANGES];   /* place lists near the point */
  int nCellRange;
  sqlite3_int64 *aCellRange;              /* postings cells to read: the box's, or all (set by readSpec or from the tag lists) */
  sqlite3_int64 aSpecCells[2 * MAX_RANGES];
  const char *zPostings, *zPlaces;
  int nPostings, nPlaces;
  Phrase aPhrase[MAX_PHRASES];
  Group aGroup[MAX_GROUPS];
} Spec;

/* 0: read; SQLITE_MISMATCH: not a spec this function reads. */
static int readSpec(const void *blob, int nBlob, Spec *s){
  Reader r = { (const unsigned char*)blob, (const unsigned char*)blob + nBlob, 0 };
  int i, j;
  memset(s, 0, sizeof(*s));
  if( blob==0 || readU32(&r)!=SPEC_MAGIC ) return SQLITE_MISMATCH;
  s->k = readU32(&r);
  s->exactUpTo = readU32(&r);
  s->environment = (char)readU8(&r);
  s->fenced = (int)readU8(&r);
  s->nPhrase = (int)readU8(&r);
  s->nGroup = (int)readU8(&r);
  s->hasNear = (int)readU8(&r);
  {
    unsigned int opening = readU8(&r);
    s->openNow = (opening & 1)!=0;
    s->openDay = (opening & 2)!=0;
    s->openWeekend = (opening & 4)!=0;
    s->opening = (opening & 8)!=0;
  }
  s->sure = (int)readU8(&r);
  s->hasMaxPrice = (int)readU8(&r);
  s->hasMinRating = (int)readU8(&r);
  s->hasMinReviews = (int)readU8(&r);
  s->hourMask = (int)readU8(&r);
  s->hourBit = (int)readU8(&r);
  s->dayBit = (int)readU8(&r);
  s->utcDay = (int)readU32(&r);
  s->maxPrice = readF64(&r);
  s->minRating = readF64(&r);
  s->minReviews = readF64(&r);
  s->lat = readF64(&r);
  s->lon = readF64(&r);
  s->radius = readF64(&r);
  s->minLat = readF64(&r);
  s->maxLat = readF64(&r);
  s->minLon = readF64(&r);
  s->maxLon = readF64(&r);
  s->maxRow = readI64(&r);
  s->nRange = (int)readU32(&r);
  if( s->nRange > MAX_RANGES || s->nPhrase < 1 || s->nPhrase > MAX_PHRASES || s->nGroup > MAX_GROUPS || s->hourMask > 2 ) return SQLITE_MISMATCH;
  for(i=0; i<2*s->nRange; i++) s->aRange[i] = readI64(&r);
  s->nCellRange = (int)readU32(&r);
  if( s->nCellRange > MAX_RANGES ) return SQLITE_MISMATCH;
  for(i=0; i<2*s->nCellRange; i++) s->aSpecCells[i] = readI64(&r);
  s->aCellRange = s->aSpecCells;
  s->zPostings = readString(&r, &s->nPostings);
  s->zPlaces = readString(&r, &s->nPlaces);
  for(i=0; i<s->nPhrase; i++){
    Phrase *p = &s->aPhrase[i];
    p->mode = (int)readU8(&r);
    p->count = readF64(&r);
    p->word = readString(&r, &p->nWord);
  }
  for(i=0; i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    g->nTerm = (int)readU32(&r);
    if( g->nTerm < 1 || g->nTerm > MAX_GROUP_TERMS ) return SQLITE_MISMATCH;
    for(j=0; j<g->nTerm; j++) g->aWord[j] = readString(&r, &g->anWord[j]);
  }
  if( r.bad || r.p!=r.end || s->zPostings==0 || s->zPlaces==0 || s->maxRow < 0 ) return SQLITE_MISMATCH;
  return SQLITE_OK;
}

/* ---- query words as FTS5 tokens ---- */

typedef struct QueryTokens {
  sqlite3_str *term; /* ':' and the token, or ';' and the tokens joined by spaces */
  int nToken;
} QueryTokens;

static int onQueryToken(void *pCtx, int tflags, const char *pToken, int nToken, int iStart, int iEnd){
  QueryTokens *t = (QueryTokens*)pCtx;
  (void)iStart; (void)iEnd;
  if( tflags & FTS5_TOKEN_COLOCATED ) return SQLITE_OK;
  if( t->nToken++ > 0 ) sqlite3_str_appendchar(t->term, 1, ' ');
  sqlite3_str_append(t->term, pToken, nToken);
  return sqlite3_str_errcode(t->term);
}

/*
** The postings key of a phrase the way FTS5 reads it in a query: one token, or for the category
** column a run of up to four (searchLists.c posts those). *pKey 0 for any other phrase.
*/
static int queryKey(SearchLists *lists, char environment, int mode, const char *word, int nWord, char **pKey, int *pnKey){
  Fts5Tokenizer *tokenizer;
  QueryTokens t;
  char *z;
  int rc = searchListsTokenizer(lists, &tokenizer);
  *pKey = 0;
  t.nToken = 0;
  t.term = sqlite3_str_new(0);
  sqlite3_str_appendchar(t.term, 2, ' '); /* room for the environment and the marker */
  if( rc==SQLITE_OK ) rc = lists->tokenizerApi->xTokenize(tokenizer, &t, FTS5_TOKENIZE_QUERY, word, nWord, 0, 0, onQueryToken);
  if( rc==SQLITE_OK ) rc = sqlite3_str_errcode(t.term);
  *pnKey = sqlite3_str_length(t.term);
  z = sqlite3_str_finish(t.term);
  if( rc==SQLITE_OK && z==0 ) rc = SQLITE_NOMEM;
  if( rc==SQLITE_OK && (t.nToken==1 || (mode==PHRASE_CATEGORY && t.nToken>1 && t.nToken<=4)) ){
    z[0] = environment;
    z[1] = t.nToken==1 ? ':' : ';';
    *pKey = z;
  }else{
    sqlite3_free(z);
  }
  return rc;
}

/* ---- the place filters ---- */

#define VERDICT_NO 0
#define VERDICT_SURE 1
#define VERDICT_MAYBE 2

static double recordDouble(const unsigned char *rec, int at){ double v; memcpy(&v, rec + at, 8); return v; }
static sqlite3_uint64 recordMask(const unsigned char *rec, int at){ sqlite3_uint64 v; memcpy(&v, rec + at, 8); return v; }

/* The same tests, on the same values, as the SQL plan's row conditions (searchPlan.ts planParts). */
static int placeVerdict(const Spec *s, const unsigned char *rec){
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

/* Marks, in the sure and maybe bitmaps, every candidate place of the ranges that passes the filters. */
static int markPlaces(sqlite3 *db, const Spec *s, const unsigned char *candidate, unsigned char *sure, unsigned char *maybe){
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

/* ---- the best k, ties included ---- */

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

static double bestThreshold(const Best *b){
  return b->nHeap==b->k && b->k>0 ? b->heap[0] : -INFINITY;
}

static void heapDown(double *h, unsigned int n, unsigned int i){
  for(;;){
    unsigned int l = 2*i + 1, m = i;
    if( l < n && h[l] < h[m] ) m = l;
    if( l + 1 < n && h[l+1] < h[m] ) m = l + 1;
    if( m==i ) return;
    { double t = h[i]; h[i] = h[m]; h[m] = t; }
    i = m;
  }
}

static int push(Scored **pa, int *pn, int *pnAlloc, sqlite3_int64 row, double score){
  if( *pn==*pnAlloc ){
    int nAlloc = *pnAlloc ? *pnAlloc * 2 : 256;
    Scored *a = (Scored*)sqlite3_realloc64(*pa, sizeof(Scored) * (sqlite3_uint64)nAlloc);
    if( a==0 ) return SQLITE_NOMEM;
    *pa = a;
    *pnAlloc = nAlloc;
  }
  (*pa)[*pn].row = row;
  (*pa)[*pn].score = score;
  (*pn)++;
  return SQLITE_OK;
}

static int bestOffer(Best *b, sqlite3_int64 row, double score){
  if( b->k==0 ) return SQLITE_OK;
  if( b->nHeap < b->k ){
    unsigned int i = b->nHeap++;
    b->heap[i] = score;
    while( i>0 && b->heap[(i-1)/2] > b->heap[i] ){
      double t = b->heap[i]; b->heap[i] = b->heap[(i-1)/2]; b->heap[(i-1)/2] = t;
      i = (i-1)/2;
    }
  }else if( score > b->heap[0] ){
    b->heap[0] = score;
    heapDown(b->heap, b->nHeap, 0);
  }else if( score < b->heap[0] ){
    return SQLITE_OK;
  }
  if( b->n >= 4 * (int)b->k + 1024 ){
    /* Drop what fell below the k-th best since it was kept. */
    double threshold = bestThreshold(b);
    int i, kept = 0;
    for(i=0; i<b->n; i++) if( b->a[i].score >= threshold ) b->a[kept++] = b->a[i];
    b->n = kept;
  }
  return push(&b->a, &b->n, &b->nAlloc, row, score);
}

/* ---- bounds: what a phrase can add to a score at most ---- */

/* bm25's term for a phrase with freq weighted instances in a row of `length` tokens (bm25Given.c). */
static double termScore(double idf, double freq, double length, double avgdl){
  const double k1 = 1.2, b = 0.75;
  return idf * ( (freq * (k1 + 1.0)) / (freq + k1 * (1 - b + b * length / avgdl)) );
}

/*
** The most a phrase can add from its rows after the cursor's position: its term for the largest
** weight and the shortest row of its remaining blocks (the term grows with the weight and shrinks
** with the length), read from their headers alone. A hair above, so rounding never makes a row's
** score exceed the bound it was judged by.
*/
static int phraseBound(sqlite3 *db, const Spec *s, const Phrase *p, double avgdl, double *pBound){
  char *zSql = sqlite3_mprintf("SELECT data FROM \"%.*w\" WHERE list = ?1 AND cell BETWEEN ?2 AND ?3", s->nPostings, s->zPostings);
  sqlite3_stmt *stmt = 0;
  sqlite3_uint64 maxWeight = 0, maxCategory = 0, minLength = ~(sqlite3_uint64)0;
  int rc, r;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v3(db, zSql, -1, 0, &stmt, 0);
  sqlite3_free(zSql);
  if( rc==SQLITE_OK ) rc = sqlite3_bind_text(stmt, 1, p->key, p->nKey, SQLITE_STATIC);
  /* Every block of the cells read, those behind the cursor too: a bound need not be tight. */
  for(r=0; rc==SQLITE_OK && r<s->nCellRange; r++){
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 2, s->aCellRange[2*r]);
    sqlite3_bind_int64(stmt, 3, s->aCellRange[2*r+1]);
    while( rc==SQLITE_OK && sqlite3_step(stmt)==SQLITE_ROW ){
      const unsigned char *q = (const unsigned char*)sqlite3_column_blob(stmt, 0);
      const unsigned char *end = q + sqlite3_column_bytes(stmt, 0);
      sqlite3_uint64 v[5];
      int i, got;
      for(i=0; i<5; i++){
        q += got = varintGet(q, end, &v[i]);
        if( got==0 ){ rc = SQLITE_CORRUPT; break; }
      }
      if( rc ) break;
      if( v[2] > maxWeight ) maxWeight = v[2];
      if( v[3] > maxCategory ) maxCategory = v[3];
      if( v[4] < minLength ) minLength = v[4];
    }
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(stmt); else sqlite3_finalize(stmt);
  if( minLength==~(sqlite3_uint64)0 ){
    *pBound = 0.0;
  }else{
    double freq = p->mode==PHRASE_CATEGORY ? 3.0 * (double)maxCategory : (double)maxWeight / 2.0;
    *pBound = termScore(p->idf, freq, (double)minLength, avgdl) * (1 + 1e-9);
  }
  return rc;
}

/* ---- the search ---- */

/* The text matches that passed the tag filters, in rowid order. */
typedef struct Matches {
  sqlite3_int64 *aRow;
  double *aLength;
  double *aFreq; /* nPhrase per match */
  int n, nAlloc;
} Matches;

/* The cells of a list, sorted (the table's key order), appended to *pa. */
static int listCells(sqlite3 *db, const Spec *s, const char *key, int nKey, sqlite3_int64 **pa, int *pn, int *pnAlloc){
  char *zSql = sqlite3_mprintf("SELECT DISTINCT cell FROM \"%.*w\" WHERE list = ?1", s->nPostings, s->zPostings);
  sqlite3_stmt *stmt = 0;
  int rc;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v3(db, zSql, -1, 0, &stmt, 0);
  sqlite3_free(zSql);
  if( rc==SQLITE_OK ) rc = sqlite3_bind_text(stmt, 1, key, nKey, SQLITE_STATIC);
  while( rc==SQLITE_OK && sqlite3_step(stmt)==SQLITE_ROW ){
    if( *pn==*pnAlloc ){
      int nAlloc = *pnAlloc ? *pnAlloc * 2 : 256;
      sqlite3_int64 *a = (sqlite3_int64*)sqlite3_realloc64(*pa, sizeof(sqlite3_int64) * (sqlite3_uint64)nAlloc);
      if( a==0 ){ rc = SQLITE_NOMEM; break; }
      *pa = a;
      *pnAlloc = nAlloc;
    }
    (*pa)[(*pn)++] = sqlite3_column_int64(stmt, 0);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(stmt); else sqlite3_finalize(stmt);
  return rc;
}

static int compareCells(const void *a, const void *b){
  sqlite3_int64 x = *(const sqlite3_int64*)a, y = *(const sqlite3_int64*)b;
  return x < y ? -1 : x > y;
}

/*
** Without a point, a search with tag filters ("sushi in San Diego") reads the postings of the
** cells where every filter has documents: one cell range each, replacing the spec's (all cells).
** *pCells holds them (the caller frees it).
*/
static int cellsOfGroups(sqlite3 *db, Spec *s, sqlite3_int64 **pCells){
  sqlite3_int64 *kept = 0;
  int nKept = -1, i, j, rc = SQLITE_OK;
  for(i=0; rc==SQLITE_OK && i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    sqlite3_int64 *a = 0;
    int n = 0, nAlloc = 0, k, m = 0;
    for(j=0; rc==SQLITE_OK && j<g->nTerm; j++) rc = listCells(db, s, g->aKey[j], g->anKey[j], &a, &n, &nAlloc);
    if( rc ){ sqlite3_free(a); break; }
    qsort(a, (size_t)n, sizeof(sqlite3_int64), compareCells);
    /* Unique, and in every group before this one. */
    for(k=0; k<n; k++){
      if( k>0 && a[k]==a[k-1] ) continue;
      if( nKept>=0 && !bsearch(&a[k], kept, (size_t)nKept, sizeof(sqlite3_int64), compareCells) ) continue;
      a[m++] = a[k];
    }
    sqlite3_free(kept);
    kept = a;
    nKept = m;
  }
  if( rc ){ sqlite3_free(kept); return rc; }
  /* Each cell as a range of its own: pairs in one array. */
  *pCells = (sqlite3_int64*)sqlite3_malloc64(sizeof(sqlite3_int64) * 2 * (sqlite3_uint64)(nKept > 0 ? nKept : 1));
  if( *pCells==0 ){ sqlite3_free(kept); return SQLITE_NOMEM; }
  for(i=0; i<nKept; i++){ (*pCells)[2*i] = kept[i]; (*pCells)[2*i+1] = kept[i]; }
  s->aCellRange = *pCells;
  s->nCellRange = nKept;
  sqlite3_free(kept);
  return SQLITE_OK;
}

/* Whether the tag filters let the posting's row through (a document must hold one token of each group). */
static int inGroups(Spec *s, sqlite3_int64 pos, int *pRc){
  int i, j;
  for(i=0; *pRc==SQLITE_OK && i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    int member = 0;
    for(j=0; *pRc==SQLITE_OK && j<g->nTerm; j++){
      *pRc = cursorSeek(&g->aCursor[j], pos);
      if( !g->aCursor[j].eof && g->aCursor[j].pos==pos ) member = 1;
    }
    if( !member ) return 0;
  }
  return *pRc==SQLITE_OK;
}

/* Takes the entries at `pos` off the phrase cursors into freq[] (0 where a phrase has none);
** `seek`: phrases whose cursor may be behind (MaxScore's non-essential ones) seek it first. */
static int gatherRow(Spec *s, sqlite3_int64 pos, const unsigned char *seek, double *freq, double *pLength, int *pMatched){
  int i, rc = SQLITE_OK;
  *pMatched = 0;
  for(i=0; rc==SQLITE_OK && i<s->nPhrase; i++){
    Phrase *p = &s->aPhrase[i];
    Cursor *c = &p->cursor;
    freq[i] = 0.0;
    if( seek && seek[i] ) rc = cursorSeek(c, pos);
    if( rc || c->eof || c->pos!=pos ) continue;
    if( p->mode==PHRASE_CATEGORY ){
      if( c->category > 0 ){ *pMatched = 1; freq[i] = 3.0 * c->category; }
    }else if( !s->fenced || c->weight > 0 ){
      *pMatched = 1;
      freq[i] = c->weight / 2.0;
    }
    *pLength = (double)c->length;
    rc = cursorNext(c);
  }
  return rc;
}

static double rowScore(const Spec *s, const double *freq, double length, double avgdl){
  double score = 0.0;
  int i;
  /* bm25_given's sum, in its order (bm25Given.c). */
  for(i=0; i<s->nPhrase; i++) score += termScore(s->aPhrase[i].idf, freq[i], length, avgdl);
  return score;
}

/*
** Without a point every match passes the row filters (there are none), so one pass counts, scores
** and keeps the best k. Once exactUpTo sure matches are counted, the count may stop (it is then a
** lower bound) and MaxScore prunes: the phrases whose bounds add up to less than the k-th best
** score so far are non-essential, and a row only they match cannot reach the page, so rows are
** taken from the essential phrases alone and the others are only asked about those rows.
*/
static int searchWithoutPoint(sqlite3 *db, Spec *s, double avgdl, Best *best, unsigned int *pSure, int *pEstimate){
  int order[MAX_PHRASES];
  double bound[MAX_PHRASES], freq[MAX_PHRASES], theta = -INFINITY;
  unsigned char nonEssential[MAX_PHRASES];
  int i, k, rc = SQLITE_OK, pruning = 0, nEssential = s->nPhrase;
  memset(nonEssential, 0, sizeof(nonEssential));
  for(i=0; i<s->nPhrase; i++) order[i] = i;
  while( rc==SQLITE_OK ){
    sqlite3_int64 pos = LARGEST_POSITION;
    double length = 0.0, score;
    int matched;
    for(i=0; i<s->nPhrase; i++){
      const Cursor *c = &s->aPhrase[i].cursor;
      if( !nonEssential[i] && !c->eof && c->pos < pos ) pos = c->pos;
    }
    if( pos==LARGEST_POSITION ) break;
    rc = gatherRow(s, pos, pruning ? nonEssential : 0, freq, &length, &matched);
    if( rc || !matched || !inGroups(s, pos, &rc) ) continue;
    score = rowScore(s, freq, length, avgdl);
    (*pSure)++;
    rc = bestOffer(best, pos & ROW_MASK, score);
    if( rc ) break;
    if( !pruning && s->exactUpTo > 0 && *pSure >= s->exactUpTo && best->nHeap==best->k && best->k > 0 ){
      pruning = 1;
      *pEstimate = 1;
      for(i=0; rc==SQLITE_OK && i<s->nPhrase; i++) rc = phraseBound(db, s, &s->aPhrase[i], avgdl, &bound[i]);
      /* Smallest bound first: the non-essential phrases are a prefix of this order. */
      for(i=1; i<s->nPhrase; i++){
        int x = order[i], j = i;
        while( j>0 && bound[order[j-1]] > bound[x] ){ order[j] = order[j-1]; j--; }
        order[j] = x;
      }
    }
    if( pruning && bestThreshold(best) > theta ){
      double sum = 0.0;
      theta = bestThreshold(best);
      memset(nonEssential, 0, sizeof(nonEssential));
      for(k=0; k<s->nPhrase && sum + bound[order[k]] < theta; k++){
        sum += bound[order[k]];
        nonEssential[order[k]] = 1;
      }
      nEssential = s->nPhrase - k;
      /* Every phrase together cannot reach the page: no row left can. */
      if( nEssential==0 ) break;
    }
  }
  return rc;
}

static void topTextFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal, sqlite3_value **apVal){
  SearchLists *lists = (SearchLists*)api->xUserData(fts);
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  Spec *s = 0;
  Best best;
  Scored *aMaybe = 0;
  int nMaybe = 0, nMaybeAlloc = 0;
  unsigned char *candidate = 0, *sure = 0, *maybe = 0;
  Matches matches;
  sqlite3_int64 *groupCells = 0;
  sqlite3_int64 nRow = 0, nToken = 0;
  unsigned int sureCount = 0;
  double avgdl;
  char *zSql = 0;
  int i, j, rc, unsupported = 0, estimate = 0;

  memset(&best, 0, sizeof(best));
  memset(&matches, 0, sizeof(matches));
  if( nVal!=1 ){ sqlite3_result_error(ctx, "top_text: one argument, the spec", -1); return; }
  s = (Spec*)sqlite3_malloc64(sizeof(Spec));
  if( s==0 ){ sqlite3_result_error_nomem(ctx); return; }
  rc = readSpec(sqlite3_value_blob(apVal[0]), sqlite3_value_bytes(apVal[0]), s);
  if( rc==SQLITE_MISMATCH ){
    sqlite3_free(s);
    sqlite3_result_error(ctx, "top_text: a malformed spec", -1);
    return;
  }
  rc = api->xRowCount(fts, &nRow);
  if( rc==SQLITE_OK ) rc = api->xColumnTotalSize(fts, -1, &nToken);
  avgdl = (double)nToken / (double)nRow;

  /* Keys and cursors. A word that is not one token (FTS5 would search it as a phrase of several) is left to the SQL plan. */
  if( rc==SQLITE_OK ) zSql = sqlite3_mprintf(
    "SELECT cell, first_row, data FROM \"%.*w\" WHERE list = ?1 AND cell BETWEEN ?2 AND ?3 ORDER BY cell, first_row", s->nPostings, s->zPostings
  );
  if( rc==SQLITE_OK && zSql==0 ) rc = SQLITE_NOMEM;
  for(i=0; rc==SQLITE_OK && !unsupported && i<s->nPhrase; i++){
    Phrase *p = &s->aPhrase[i];
    double idf = log( (nRow - p->count + 0.5) / (p->count + 0.5) );
    p->idf = idf <= 0.0 ? 1e-6 : idf;
    rc = queryKey(lists, s->environment, p->mode, p->word, p->nWord, &p->key, &p->nKey);
    if( rc==SQLITE_OK && p->key==0 ) unsupported = 1;
    if( rc==SQLITE_OK && !unsupported ) rc = cursorPrepare(db, zSql, &p->cursor, LIST_POSTINGS);
    if( rc==SQLITE_OK && !unsupported ) rc = sqlite3_bind_text(p->cursor.stmt, 1, p->key, p->nKey, SQLITE_STATIC);
  }
  for(i=0; rc==SQLITE_OK && !unsupported && i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    for(j=0; rc==SQLITE_OK && !unsupported && j<g->nTerm; j++){
      rc = queryKey(lists, s->environment, PHRASE_ANY_COLUMN, g->aWord[j], g->anWord[j], &g->aKey[j], &g->anKey[j]);
      if( rc==SQLITE_OK && g->aKey[j]==0 ) unsupported = 1;
      if( rc==SQLITE_OK && !unsupported ) rc = cursorPrepare(db, zSql, &g->aCursor[j], LIST_POSTINGS);
      if( rc==SQLITE_OK && !unsupported ) rc = sqlite3_bind_text(g->aCursor[j].stmt, 1, g->aKey[j], g->anKey[j], SQLITE_STATIC);
    }
  }
  /* Without a point, the cells the tag filters hold documents in (all cells without filters). */
  if( rc==SQLITE_OK && !unsupported && !s->hasNear && s->nGroup > 0 ) rc = cellsOfGroups(db, s, &groupCells);
  for(i=0; rc==SQLITE_OK && !unsupported && i<s->nPhrase; i++){
    Cursor *c = &s->aPhrase[i].cursor;
    c->aRange = s->aCellRange;
    c->nRange = s->nCellRange;
    rc = cursorStart(c);
  }
  for(i=0; rc==SQLITE_OK && !unsupported && i<s->nGroup; i++){
    for(j=0; rc==SQLITE_OK && j<s->aGroup[i].nTerm; j++){
      Cursor *c = &s->aGroup[i].aCursor[j];
      c->aRange = s->aCellRange;
      c->nRange = s->nCellRange;
      rc = cursorStart(c);
    }
  }

  best.k = s->k;
  if( rc==SQLITE_OK && !unsupported && best.k>0 ){
    best.heap = (double*)sqlite3_malloc64(sizeof(double) * best.k);
    if( best.heap==0 ) rc = SQLITE_NOMEM;
  }

  if( rc==SQLITE_OK && !unsupported && !s->hasNear ){
    rc = searchWithoutPoint(db, s, avgdl, &best, &sureCount, &estimate);
  }

  /* Near a point:
  ** 1. Every row some phrase matches and the tag filters let through, in rowid order, with what
  ** its score needs (each phrase's weighted instances, its length): scored only if it passes. */
  while( rc==SQLITE_OK && !unsupported && s->hasNear ){
    sqlite3_int64 pos = LARGEST_POSITION;
    double length = 0.0;
    int matched = 0;
    if( matches.n==matches.nAlloc ){
      int nAlloc = matches.nAlloc ? matches.nAlloc * 2 : 1024;
      sqlite3_int64 *aRow = (sqlite3_int64*)sqlite3_realloc64(matches.aRow, sizeof(sqlite3_int64) * (sqlite3_uint64)nAlloc);
      double *aLength = aRow ? (double*)sqlite3_realloc64(matches.aLength, sizeof(double) * (sqlite3_uint64)nAlloc) : 0;
      double *aFreq = aLength ? (double*)sqlite3_realloc64(matches.aFreq, sizeof(double) * (sqlite3_uint64)nAlloc * (sqlite3_uint64)s->nPhrase) : 0;
      if( aRow ) matches.aRow = aRow;
      if( aLength ) matches.aLength = aLength;
      if( aFreq ) matches.aFreq = aFreq;
      if( !aRow || !aLength || !aFreq ){ rc = SQLITE_NOMEM; break; }
      matches.nAlloc = nAlloc;
    }
    for(i=0; i<s->nPhrase; i++){
      const Cursor *c = &s->aPhrase[i].cursor;
      if( !c->eof && c->pos < pos ) pos = c->pos;
    }
    if( pos==LARGEST_POSITION ) break;
    rc = gatherRow(s, pos, 0, &matches.aFreq[(sqlite3_int64)matches.n * s->nPhrase], &length, &matched);
    if( rc || !matched || !inGroups(s, pos, &rc) ) continue;
    matches.aRow[matches.n] = pos & ROW_MASK;
    matches.aLength[matches.n] = length;
    matches.n++;
  }

  /* 2. Near a point: the verdict of each match's place record (none: not in the circle). */
  if( rc==SQLITE_OK && !unsupported && s->hasNear ){
    sqlite3_int64 nByte = s->maxRow / 8 + 1;
    candidate = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)nByte);
    sure = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)nByte);
    maybe = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)nByte);
    if( candidate==0 || sure==0 || maybe==0 ){
      rc = SQLITE_NOMEM;
    }else{
      memset(candidate, 0, (size_t)nByte);
      memset(sure, 0, (size_t)nByte);
      memset(maybe, 0, (size_t)nByte);
      for(i=0; i<matches.n; i++){
        sqlite3_int64 row = matches.aRow[i];
        if( row >= 0 && row <= s->maxRow ) candidate[row >> 3] |= (unsigned char)(1 << (row & 7));
      }
      rc = markPlaces(db, s, candidate, sure, maybe);
    }
  }

  /* 3. Count the matches that pass, score them, keep the best k sure ones and every maybe. */
  for(i=0; rc==SQLITE_OK && !unsupported && s->hasNear && i<matches.n; i++){
    sqlite3_int64 row = matches.aRow[i];
    double score;
    if( row < 0 || row > s->maxRow ) continue;
    if( !(sure[row >> 3] & (1 << (row & 7))) && !(maybe[row >> 3] & (1 << (row & 7))) ) continue;
    score = rowScore(s, &matches.aFreq[(sqlite3_int64)i * s->nPhrase], matches.aLength[i], avgdl);
    if( sure[row >> 3] & (1 << (row & 7)) ){
      sureCount++;
      rc = bestOffer(&best, row, score);
    }else{
      rc = push(&aMaybe, &nMaybe, &nMaybeAlloc, row, score);
    }
  }

  if( rc==SQLITE_OK && unsupported ){
    sqlite3_result_null(ctx);
  }else if( rc==SQLITE_OK ){
    double threshold = bestThreshold(&best);
    int nTop = 0;
    sqlite3_int64 nOut;
    unsigned char *out, *q;
    for(i=0; i<best.n; i++) if( best.a[i].score >= threshold ) best.a[nTop++] = best.a[i];
    nOut = 4 + 4 + 4 + (sqlite3_int64)nTop * 16 + 4 + (sqlite3_int64)nMaybe * 16;
    out = q = (unsigned char*)sqlite3_malloc64((sqlite3_uint64)nOut);
    if( out==0 ){
      rc = SQLITE_NOMEM;
    }else{
      unsigned int u;
      memcpy(q, &sureCount, 4); q += 4;
      u = (unsigned int)estimate; memcpy(q, &u, 4); q += 4;
      u = (unsigned int)nTop; memcpy(q, &u, 4); q += 4;
      for(i=0; i<nTop; i++){ memcpy(q, &best.a[i].row, 8); memcpy(q + 8, &best.a[i].score, 8); q += 16; }
      u = (unsigned int)nMaybe; memcpy(q, &u, 4); q += 4;
      for(i=0; i<nMaybe; i++){ memcpy(q, &aMaybe[i].row, 8); memcpy(q + 8, &aMaybe[i].score, 8); q += 16; }
      sqlite3_result_blob64(ctx, out, (sqlite3_uint64)nOut, sqlite3_free);
    }
  }
  if( rc ) sqlite3_result_error_code(ctx, rc);

  for(i=0; i<s->nPhrase; i++){ cursorClose(&s->aPhrase[i].cursor); sqlite3_free(s->aPhrase[i].key); }
  for(i=0; i<s->nGroup; i++){
    for(j=0; j<s->aGroup[i].nTerm; j++){ cursorClose(&s->aGroup[i].aCursor[j]); sqlite3_free(s->aGroup[i].aKey[j]); }
  }
  sqlite3_free(zSql);
  sqlite3_free(groupCells);
  sqlite3_free(candidate);
  sqlite3_free(sure);
  sqlite3_free(maybe);
  sqlite3_free(matches.aRow);
  sqlite3_free(matches.aLength);
  sqlite3_free(matches.aFreq);
  sqlite3_free(best.heap);
  sqlite3_free(best.a);
  sqlite3_free(aMaybe);
  sqlite3_free(s);
}

/* postings_read(table, list): the list as JSON [[cell, rowid, weight2, category, length], ...], for tests. */
static void postingsRead(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  static const sqlite3_int64 everyCell[2] = { 0, ((sqlite3_int64)1 << 23) - 1 };
  const char *zTable = (const char*)sqlite3_value_text(apArg[0]);
  sqlite3_str *out;
  char *zSql;
  Cursor c;
  int rc, first = 1;
  (void)nArg;
  if( zTable==0 ){ sqlite3_result_error(ctx, "postings_read: a table name is required", -1); return; }
  zSql = sqlite3_mprintf("SELECT cell, first_row, data FROM \"%w\" WHERE list = ?1 AND cell BETWEEN ?2 AND ?3 ORDER BY cell, first_row", zTable);
  if( zSql==0 ){ sqlite3_result_error_nomem(ctx); return; }
  rc = cursorPrepare(sqlite3_context_db_handle(ctx), zSql, &c, LIST_POSTINGS);
  sqlite3_free(zSql);
  c.aRange = everyCell;
  c.nRange = 1;
  out = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendchar(out, 1, '[');
  if( rc==SQLITE_OK ) rc = sqlite3_bind_value(c.stmt, 1, apArg[1]);
  for(rc = rc ? rc : cursorStart(&c); rc==SQLITE_OK && !c.eof; rc = cursorNext(&c)){
    sqlite3_str_appendf(out, "%s[%lld,%lld,%u,%u,%u]", first ? "" : ",", c.cell, c.row, c.weight, c.category, c.length);
    first = 0;
  }
  sqlite3_str_appendchar(out, 1, ']');
  cursorClose(&c);
  if( rc ){
    sqlite3_free(sqlite3_str_finish(out));
    sqlite3_result_error_code(ctx, rc);
  }else{
    sqlite3_result_text(ctx, sqlite3_str_finish(out), -1, sqlite3_free);
  }
}

int topTextRegister(sqlite3 *db, fts5_api *fts5, SearchLists *lists){
  int rc = fts5->xCreateFunction(fts5, "top_text", lists, topTextFunction, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_create_function_v2(db, "postings_read", 2, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, postingsRead, 0, 0, 0);
  return rc;
}
