/*
** Reading a top_text spec (topTextSpec.h): little-endian, every length checked.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "topTextSpec.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

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

int readSpec(const void *blob, int nBlob, Spec *s){
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

int queryKey(SearchLists *lists, char environment, int mode, const char *word, int nWord, char **pKey, int *pnKey){
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
