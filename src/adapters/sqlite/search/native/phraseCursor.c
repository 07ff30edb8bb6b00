/*
** A phrase's postings as one cursor (phraseCursor.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "phraseCursor.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

void phraseCursorKey(PhraseCursor *pc, char *key, int nKey){
  pc->azKey[pc->n] = key;
  pc->anKey[pc->n] = nKey;
  pc->n++;
}

int phraseCursorPrefixKeys(sqlite3 *db, const char *zPostings, int nPostings, const char *key, int nKey, PhraseCursor *pc, int *pTooMany){
  /* Keys with the prefix are next to each other in key order: the first at or after it, then
  ** each next one, a B-tree seek each, until one does not begin with it. */
  char *zFirst = sqlite3_mprintf("SELECT list FROM \"%.*w\" WHERE list >= ?1 ORDER BY list LIMIT 1", nPostings, zPostings);
  char *zNext = sqlite3_mprintf("SELECT list FROM \"%.*w\" WHERE list > ?1 ORDER BY list LIMIT 1", nPostings, zPostings);
  sqlite3_stmt *first = 0, *next = 0, *stmt;
  const char *bound = key;
  int nBound = nKey, rc = SQLITE_OK;
  *pTooMany = 0;
  if( zFirst==0 || zNext==0 ) rc = SQLITE_NOMEM;
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(db, zFirst, -1, &first, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(db, zNext, -1, &next, 0);
  for(stmt = first; rc==SQLITE_OK; stmt = next){
    const char *z;
    char *copy;
    int n;
    rc = sqlite3_bind_text(stmt, 1, bound, nBound, SQLITE_TRANSIENT);
    if( rc ) break;
    if( sqlite3_step(stmt)!=SQLITE_ROW ){ rc = sqlite3_reset(stmt); break; }
    z = (const char*)sqlite3_column_text(stmt, 0);
    n = sqlite3_column_bytes(stmt, 0);
    if( z==0 || n < nKey || memcmp(z, key, (size_t)nKey)!=0 ){ sqlite3_reset(stmt); break; }
    if( pc->n==MAX_PREFIX_LISTS ){ *pTooMany = 1; sqlite3_reset(stmt); break; }
    copy = (char*)sqlite3_malloc64((sqlite3_uint64)n + 1);
    if( copy==0 ){ rc = SQLITE_NOMEM; break; }
    memcpy(copy, z, (size_t)n);
    phraseCursorKey(pc, copy, n);
    bound = copy;
    nBound = n;
    rc = sqlite3_reset(stmt);
  }
  sqlite3_finalize(first);
  sqlite3_finalize(next);
  sqlite3_free(zFirst);
  sqlite3_free(zNext);
  return rc;
}

int phraseCursorPrepare(sqlite3 *db, const char *zSql, PhraseCursor *pc){
  int i, rc = SQLITE_OK;
  for(i=0; rc==SQLITE_OK && i<pc->n; i++){
    rc = cursorPrepare(db, zSql, &pc->a[i], LIST_POSTINGS);
    if( rc==SQLITE_OK ) rc = sqlite3_bind_text(pc->a[i].stmt, 1, pc->azKey[i], pc->anKey[i], SQLITE_STATIC);
  }
  return rc;
}

/* The smallest position of the lists, and what they hold there summed. */
static void phraseCursorUpdate(PhraseCursor *pc){
  int i;
  pc->eof = 1;
  pc->pos = LARGEST_POSITION;
  for(i=0; i<pc->n; i++){
    const Cursor *c = &pc->a[i];
    if( !c->eof && c->pos < pc->pos ){ pc->pos = c->pos; pc->eof = 0; }
  }
  pc->weight = pc->category = pc->length = 0;
  for(i=0; !pc->eof && i<pc->n; i++){
    const Cursor *c = &pc->a[i];
    if( c->eof || c->pos!=pc->pos ) continue;
    pc->weight += c->weight;
    pc->category += c->category;
    pc->length = c->length;
  }
}

int phraseCursorStart(PhraseCursor *pc, const sqlite3_int64 *aRange, int nRange){
  int i, rc = SQLITE_OK;
  for(i=0; rc==SQLITE_OK && i<pc->n; i++){
    pc->a[i].aRange = aRange;
    pc->a[i].nRange = nRange;
    rc = cursorStart(&pc->a[i]);
  }
  phraseCursorUpdate(pc);
  return rc;
}

int phraseCursorNext(PhraseCursor *pc){
  int i, rc = SQLITE_OK;
  sqlite3_int64 pos = pc->pos;
  for(i=0; rc==SQLITE_OK && i<pc->n; i++){
    if( !pc->a[i].eof && pc->a[i].pos==pos ) rc = cursorNext(&pc->a[i]);
  }
  phraseCursorUpdate(pc);
  return rc;
}

int phraseCursorSeek(PhraseCursor *pc, sqlite3_int64 pos){
  int i, rc = SQLITE_OK;
  if( pc->eof || pc->pos >= pos ) return SQLITE_OK;
  for(i=0; rc==SQLITE_OK && i<pc->n; i++) rc = cursorSeek(&pc->a[i], pos);
  phraseCursorUpdate(pc);
  return rc;
}

void phraseCursorClose(PhraseCursor *pc){
  int i;
  for(i=0; i<pc->n; i++){
    cursorClose(&pc->a[i]);
    sqlite3_free(pc->azKey[i]);
  }
  pc->n = 0;
}
