/*
** Reading a list's blocks in order (listCursor.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "listCursor.h"
#include "placeRecord.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

int cursorPrepare(sqlite3 *db, const char *zSql, Cursor *c, int kind){
  memset(c, 0, sizeof(*c));
  c->kind = kind;
  c->eof = 1;
  return sqlite3_prepare_v3(db, zSql, -1, 0, &c->stmt, 0);
}

void cursorClose(Cursor *c){
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
int cursorNextBlock(Cursor *c){
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
int cursorStart(Cursor *c){
  c->eof = 0;
  if( c->kind==LIST_POSTINGS ){
    c->iRange = 0;
    if( !cursorNextRange(c) ){ c->eof = 1; return SQLITE_OK; }
  }
  return cursorNextBlock(c);
}

int cursorNext(Cursor *c){
  if( ++c->i < c->n ) return cursorDecode(c);
  return cursorNextBlock(c);
}

/*
** Blocks a postings cursor steps over one by one before it seeks further on instead: a cell holds a
** few blocks of a list, cheaper to step over than a B-tree descent, while a position some cells on
** (a tag filter's next city, say) is reached by one descent however many blocks lie between.
*/
#define STEPS_BEFORE_JUMP 2

/* Starts a postings cursor's statement again at the first block of `cell` or after (in its range or a later one). */
static int cursorJump(Cursor *c, sqlite3_int64 cell){
  int r = c->iRange > 0 ? c->iRange - 1 : 0;
  while( r < c->nRange && c->aRange[2*r+1] < cell ) r++;
  if( r >= c->nRange ){ c->eof = 1; return SQLITE_OK; }
  sqlite3_reset(c->stmt);
  sqlite3_bind_int64(c->stmt, 2, cell > c->aRange[2*r] ? cell : c->aRange[2*r]);
  sqlite3_bind_int64(c->stmt, 3, c->aRange[2*r+1]);
  c->iRange = r + 1;
  return cursorNextBlock(c);
}

/* Moves to the first entry at or after pos; whole blocks before it are skipped undecoded. */
int cursorSeek(Cursor *c, sqlite3_int64 pos){
  int rc = SQLITE_OK, stepped = 0;
  sqlite3_int64 cell = pos >> ROW_BITS;
  while( rc==SQLITE_OK && !c->eof && c->pos < pos ){
    if( c->lastPos >= pos ){
      rc = cursorNext(c);
    }else if( c->kind==LIST_POSTINGS && c->cell < cell && stepped++ >= STEPS_BEFORE_JUMP ){
      rc = cursorJump(c, cell);
    }else{
      rc = cursorNextBlock(c);
    }
  }
  return rc;
}
