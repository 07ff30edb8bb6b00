/*
** A document's terms (documentTerms.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "documentTerms.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

/* Twice BM25_WEIGHTS (searchPlan.ts), in FTS column order; tags weigh 0. */
static const int WEIGHT2[DOCUMENT_COLUMNS] = { 8, 6, 4, 3, 2, 2, 0 };
#define CATEGORY_COLUMN 1
#define MAX_CATEGORY_WORDS 4
/* Longer tokens (or runs) are spelled in a buffer of their own. */
#define TERM_BYTES 256

typedef struct Tokens {
  TermCallback xTerm;
  void *ctx;
  int column;
  int rc;
  /* The category column's last tokens, for its runs of words: in aBuf, or allocated when longer. */
  char *azRecent[MAX_CATEGORY_WORDS - 1];
  int anRecent[MAX_CATEGORY_WORDS - 1];
  int nRecent;
  char aBuf[MAX_CATEGORY_WORDS - 1][TERM_BYTES];
} Tokens;

static void recentFree(Tokens *t, int i){
  if( t->azRecent[i] && (t->azRecent[i] < t->aBuf[0] || t->azRecent[i] >= t->aBuf[0] + sizeof(t->aBuf)) ) sqlite3_free(t->azRecent[i]);
  t->azRecent[i] = 0;
}

/* Keeps a copy of the token as the newest recent one (the oldest dropped when full). */
static int recentPush(Tokens *t, const char *pToken, int nToken){
  char *z;
  int i, slot;
  if( t->nRecent==MAX_CATEGORY_WORDS - 1 ){
    recentFree(t, 0);
    for(i=0; i<t->nRecent-1; i++){ t->azRecent[i] = t->azRecent[i+1]; t->anRecent[i] = t->anRecent[i+1]; }
    t->azRecent[--t->nRecent] = 0;
  }
  /* A free buffer: one no kept token points into. */
  for(slot=0; slot<MAX_CATEGORY_WORDS - 1; slot++){
    int used = 0;
    for(i=0; i<t->nRecent; i++) if( t->azRecent[i]==t->aBuf[slot] ) used = 1;
    if( !used ) break;
  }
  z = nToken <= TERM_BYTES ? t->aBuf[slot] : (char*)sqlite3_malloc64((sqlite3_uint64)nToken);
  if( z==0 ) return SQLITE_NOMEM;
  memcpy(z, pToken, (size_t)nToken);
  t->azRecent[t->nRecent] = z;
  t->anRecent[t->nRecent++] = nToken;
  return SQLITE_OK;
}

/* Calls back with marker + the parts joined by spaces, in a stack buffer when it fits. */
static int emit(Tokens *t, char marker, const char *const *azPart, const int *anPart, int nPart, unsigned int weight2, unsigned int category){
  char small[TERM_BYTES * MAX_CATEGORY_WORDS + MAX_CATEGORY_WORDS + 1], *z = small;
  int i, n = 1, rc;
  for(i=0; i<nPart; i++) n += anPart[i] + (i > 0);
  if( n > (int)sizeof(small) ){
    z = (char*)sqlite3_malloc64((sqlite3_uint64)n);
    if( z==0 ) return SQLITE_NOMEM;
  }
  z[0] = marker;
  for(i=0, n=1; i<nPart; i++){
    if( i > 0 ) z[n++] = ' ';
    memcpy(z + n, azPart[i], (size_t)anPart[i]);
    n += anPart[i];
  }
  rc = t->xTerm(t->ctx, z, n, weight2, category);
  if( z!=small ) sqlite3_free(z);
  return rc;
}

static int onToken(void *pCtx, int tflags, const char *pToken, int nToken, int iStart, int iEnd){
  Tokens *t = (Tokens*)pCtx;
  const char *azPart[MAX_CATEGORY_WORDS];
  int anPart[MAX_CATEGORY_WORDS];
  int rc, i, j;
  (void)tflags; (void)iStart; (void)iEnd;
  rc = emit(t, ':', &pToken, &nToken, 1, (unsigned int)WEIGHT2[t->column], t->column==CATEGORY_COLUMN);
  if( rc || t->column!=CATEGORY_COLUMN ) return t->rc = rc;
  /* The runs of category words that end here: ";<earlier> ... <this>". */
  for(i=0; rc==SQLITE_OK && i<t->nRecent; i++){
    int n = 0;
    for(j=t->nRecent-1-i; j<t->nRecent; j++){
      azPart[n] = t->azRecent[j];
      anPart[n++] = t->anRecent[j];
    }
    azPart[n] = pToken;
    anPart[n++] = nToken;
    rc = emit(t, ';', azPart, anPart, n, 0, 1);
  }
  if( rc==SQLITE_OK ) rc = recentPush(t, pToken, nToken);
  return t->rc = rc;
}

int documentTerms(SearchLists *lists, const char *const *azCol, const int *anCol, TermCallback xTerm, void *ctx){
  Fts5Tokenizer *tokenizer;
  Tokens t;
  int i, rc = searchListsTokenizer(lists, &tokenizer);
  memset(&t, 0, sizeof(t));
  t.xTerm = xTerm;
  t.ctx = ctx;
  for(t.column=0; rc==SQLITE_OK && t.column<DOCUMENT_COLUMNS; t.column++){
    if( azCol[t.column]==0 || anCol[t.column]==0 ) continue;
    rc = lists->tokenizerApi->xTokenize(tokenizer, &t, FTS5_TOKENIZE_DOCUMENT, azCol[t.column], anCol[t.column], 0, 0, onToken);
    if( rc==SQLITE_OK ) rc = t.rc;
  }
  for(i=0; i<MAX_CATEGORY_WORDS - 1; i++) recentFree(&t, i);
  return rc;
}
