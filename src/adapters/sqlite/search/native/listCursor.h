/*
** A cursor over a list's blocks (blockLists.h), for reading them in order: a postings list over
** a run of cell ranges, ordered by position (cell, then row), or a place list's blocks as one
** statement returns them.
*/
#ifndef SEARCH_LIST_CURSOR_H
#define SEARCH_LIST_CURSOR_H

#include "sqlite3ext.h"
#include "blockLists.h"

#define LARGEST_ROWID ((sqlite3_int64)0x7fffffffffffffffLL)

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

/* zSql: postings "SELECT cell, first_row, data ... WHERE list = ?1 AND cell BETWEEN ?2 AND ?3
** ORDER BY cell, first_row" (the cell ranges come from aRange); places "SELECT first_row, data ...". */
int cursorPrepare(sqlite3 *db, const char *zSql, Cursor *c, int kind);
void cursorClose(Cursor *c);
/* Starts on the statement's first block (a postings cursor: on its first cell range). */
int cursorStart(Cursor *c);
int cursorNextBlock(Cursor *c);
int cursorNext(Cursor *c);
/* Moves to the first entry at or after pos; whole blocks before it are skipped undecoded, and a
** postings cursor some blocks behind seeks the cell of pos in the table instead of stepping there. */
int cursorSeek(Cursor *c, sqlite3_int64 pos);

#endif
