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
**
** The parts: topTextSpec.c reads the spec, listCursor.c walks the lists, matchRows.c finds and
** scores the matching rows, placeFilter.c tests place records, bestMatches.c keeps the best k,
** maxScore.c searches without a point. This file runs the passes and writes the result.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bestMatches.h"
#include "listCursor.h"
#include "placeFilter.h"
#include "matchRows.h"
#include "maxScore.h"
#include "topTextSpec.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

/* The text matches that passed the tag filters, in rowid order. */
typedef struct Matches {
  sqlite3_int64 *aRow;
  double *aLength;
  double *aFreq; /* nPhrase per match */
  int n, nAlloc;
} Matches;

static void topTextFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal, sqlite3_value **apVal){
  SearchLists *lists = (SearchLists*)api->xUserData(fts);
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  Spec *s = 0;
  Best best;
  Scored *aMaybe = 0;
  int nMaybe = 0, nMaybeAlloc = 0;
  unsigned char *candidate = 0, *sure = 0, *maybe = 0;
  Matches matches;
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
    char *key = 0;
    int nKey = 0, tooMany = 0;
    p->idf = idf <= 0.0 ? 1e-6 : idf;
    rc = queryKey(lists, s->environment, p->mode, p->prefix, p->word, p->nWord, &key, &nKey);
    if( rc==SQLITE_OK && key==0 ) unsupported = 1;
    if( rc==SQLITE_OK && key && p->prefix ){
      /* Every token the prefix begins: too many, and the SQL plan answers. */
      rc = phraseCursorPrefixKeys(db, s->zPostings, s->nPostings, key, nKey, &p->cursor, &tooMany);
      sqlite3_free(key);
      if( tooMany ) unsupported = 1;
    }else if( key ){
      phraseCursorKey(&p->cursor, key, nKey);
    }
    if( rc==SQLITE_OK && !unsupported ) rc = phraseCursorPrepare(db, zSql, &p->cursor);
  }
  for(i=0; rc==SQLITE_OK && !unsupported && i<s->nGroup; i++){
    Group *g = &s->aGroup[i];
    for(j=0; rc==SQLITE_OK && !unsupported && j<g->nTerm; j++){
      rc = queryKey(lists, s->environment, PHRASE_ANY_COLUMN, 0, g->aWord[j], g->anWord[j], &g->aKey[j], &g->anKey[j]);
      if( rc==SQLITE_OK && g->aKey[j]==0 ) unsupported = 1;
      if( rc==SQLITE_OK && !unsupported ) rc = cursorPrepare(db, zSql, &g->aCursor[j], LIST_POSTINGS);
      if( rc==SQLITE_OK && !unsupported ) rc = sqlite3_bind_text(g->aCursor[j].stmt, 1, g->aKey[j], g->anKey[j], SQLITE_STATIC);
    }
  }
  for(i=0; rc==SQLITE_OK && !unsupported && i<s->nPhrase; i++){
    rc = phraseCursorStart(&s->aPhrase[i].cursor, s->aCellRange, s->nCellRange);
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
    rc = phrasesNext(s, 0, &pos);
    if( rc || pos==LARGEST_POSITION ) break;
    rc = gatherRow(s, pos, 0, &matches.aFreq[(sqlite3_int64)matches.n * s->nPhrase], &length, &matched);
    if( rc || !matched ) continue;
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
      rc = markPlaces(db, s->zPlaces, s->nPlaces, s->aRange, s->nRange, s->maxRow, &s->tests, candidate, sure, maybe);
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
    for(i=0; i<best.n; i++) if( best.a[i].score >= threshold ) best.a[nTop++] = best.a[i];
    rc = resultMatches(ctx, sureCount, estimate, best.a, nTop, aMaybe, nMaybe);
  }
  if( rc ) sqlite3_result_error_code(ctx, rc);

  for(i=0; i<s->nPhrase; i++) phraseCursorClose(&s->aPhrase[i].cursor);
  for(i=0; i<s->nGroup; i++){
    for(j=0; j<s->aGroup[i].nTerm; j++){ cursorClose(&s->aGroup[i].aCursor[j]); sqlite3_free(s->aGroup[i].aKey[j]); }
  }
  sqlite3_free(zSql);
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
