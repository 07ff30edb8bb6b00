/*
** Finding and scoring the rows of a top_text search (matchRows.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "matchRows.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

double termScore(double idf, double freq, double length, double avgdl){
  const double k1 = 1.2, b = 0.75;
  return idf * ( (freq * (k1 + 1.0)) / (freq + k1 * (1 - b + b * length / avgdl)) );
}


int groupsNext(Spec *s, sqlite3_int64 pos, sqlite3_int64 *pNext){
  int i = 0, j, agreed = 0, rc = SQLITE_OK;
  while( rc==SQLITE_OK && agreed < s->nGroup && pos!=LARGEST_POSITION ){
    Group *g = &s->aGroup[i];
    sqlite3_int64 next = LARGEST_POSITION;
    for(j=0; rc==SQLITE_OK && j<g->nTerm; j++){
      Cursor *c = &g->aCursor[j];
      rc = cursorSeek(c, pos);
      if( !c->eof && c->pos < next ) next = c->pos;
    }
    if( next==pos ){
      agreed++;
    }else{
      /* Further on: every group is asked again there (this one holds it). */
      pos = next;
      agreed = 1;
    }
    i = (i + 1) % s->nGroup;
  }
  *pNext = pos;
  return rc;
}

int phrasesNext(Spec *s, const unsigned char *skip, sqlite3_int64 *pPos){
  int rc = SQLITE_OK;
  for(;;){
    sqlite3_int64 pos = LARGEST_POSITION, next;
    int i;
    for(i=0; i<s->nPhrase; i++){
      const PhraseCursor *c = &s->aPhrase[i].cursor;
      if( !(skip && skip[i]) && !c->eof && c->pos < pos ) pos = c->pos;
    }
    if( pos==LARGEST_POSITION || s->nGroup==0 ){ *pPos = pos; return SQLITE_OK; }
    rc = groupsNext(s, pos, &next);
    if( rc || next==pos || next==LARGEST_POSITION ){ *pPos = next; return rc; }
    /* No row before `next` is in every tag filter: the phrases' lists are sought there. */
    for(i=0; rc==SQLITE_OK && i<s->nPhrase; i++){
      if( !(skip && skip[i]) ) rc = phraseCursorSeek(&s->aPhrase[i].cursor, next);
    }
    if( rc ) return rc;
  }
}

int gatherRow(Spec *s, sqlite3_int64 pos, const unsigned char *seek, double *freq, double *pLength, int *pMatched){
  int i, rc = SQLITE_OK;
  *pMatched = 0;
  for(i=0; rc==SQLITE_OK && i<s->nPhrase; i++){
    Phrase *p = &s->aPhrase[i];
    PhraseCursor *c = &p->cursor;
    freq[i] = 0.0;
    if( seek && seek[i] ) rc = phraseCursorSeek(c, pos);
    if( rc || c->eof || c->pos!=pos ) continue;
    if( p->mode==PHRASE_CATEGORY ){
      if( c->category > 0 ){ *pMatched = 1; freq[i] = 3.0 * c->category; }
    }else if( !s->fenced || c->weight > 0 ){
      *pMatched = 1;
      freq[i] = c->weight / 2.0;
    }
    *pLength = (double)c->length;
    rc = phraseCursorNext(c);
  }
  return rc;
}

double rowScore(const Spec *s, const double *freq, double length, double avgdl){
  double score = 0.0;
  int i;
  /* bm25_given's sum, in its order (bm25Given.c). */
  for(i=0; i<s->nPhrase; i++) score += termScore(s->aPhrase[i].idf, freq[i], length, avgdl);
  return score;
}
