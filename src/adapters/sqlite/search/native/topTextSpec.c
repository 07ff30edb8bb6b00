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

int readSpec(const void *blob, int nBlob, Spec *s){
  SpecReader r = { (const unsigned char*)blob, (const unsigned char*)blob + nBlob, 0 };
  int i, j;
  memset(s, 0, sizeof(*s));
  if( blob==0 || specU32(&r)!=SPEC_MAGIC ) return SQLITE_MISMATCH;
  s->k = specU32(&r);
  s->exactUpTo = specU32(&r);
  s->environment = (char)specU8(&r);
  s->fenced = (int)specU8(&r);
  s->nPhrase = (int)specU8(&r);
  s->nGroup = (int)specU8(&r);
  s->hasNear = (int)specU8(&r);
  readPlaceTests(&r, &s->tests);
  s->maxRow = specI64(&r);
  s->nRange = (int)specU32(&r);
  if( s->nRange > MAX_RANGES || s->nPhrase < 1 || s->nPhrase > MAX_PHRASES || s->nGroup > MAX_GROUPS ) return SQLITE_MISMATCH;
  for(i=0; i<2*s->nRange; i++) s->aRange[i] = specI64(&r);
  s->nCellRange = (int)specU32(&r);
  if( s->nCellRange > MAX_RANGES ) return SQLITE_MISMATCH;
  for(i=0; i<2*s->nCellRange; i++) s->aSpecCells[i] = specI64(&r);
  s->aCellRange = s->aSpecCells;
  s->zPostings = specString(&r, &s->nPostings);
  s->zPlaces = specString(&r, &s->nPlaces);
  for(i=0; i<s->nPhrase; i++){
    Phrase *p = &s->aPhrase[i];
    unsigned int mode = specU8(&r);
    p->mode = (int)(mode & 1);
    p->prefix = (mode & 2)!=0;
    p->count = specF64(&r);
    p->word = specString(&r, &p->nWord);
  }
  for(i=0; i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    g->nTerm = (int)specU32(&r);
    if( g->nTerm < 1 || g->nTerm > MAX_GROUP_TERMS ) return SQLITE_MISMATCH;
    for(j=0; j<g->nTerm; j++) g->aWord[j] = specString(&r, &g->anWord[j]);
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

int queryKey(SearchLists *lists, char environment, int mode, int prefix, const char *word, int nWord, char **pKey, int *pnKey){
  Fts5Tokenizer *tokenizer;
  QueryTokens t;
  char *z;
  int rc = searchListsTokenizer(lists, &tokenizer);
  *pKey = 0;
  t.nToken = 0;
  t.term = sqlite3_str_new(0);
  sqlite3_str_appendchar(t.term, 2, ' '); /* room for the environment and the marker */
  if( rc==SQLITE_OK ) rc = lists->tokenizerApi->xTokenize(tokenizer, &t, FTS5_TOKENIZE_QUERY | (prefix ? FTS5_TOKENIZE_PREFIX : 0), word, nWord, 0, 0, onQueryToken);
  if( rc==SQLITE_OK ) rc = sqlite3_str_errcode(t.term);
  *pnKey = sqlite3_str_length(t.term);
  z = sqlite3_str_finish(t.term);
  if( rc==SQLITE_OK && z==0 ) rc = SQLITE_NOMEM;
  if( rc==SQLITE_OK && (t.nToken==1 || (mode==PHRASE_CATEGORY && !prefix && t.nToken>1 && t.nToken<=4)) ){
    z[0] = environment;
    z[1] = t.nToken==1 ? ':' : ';';
    *pKey = z;
  }else{
    sqlite3_free(z);
  }
  return rc;
}
