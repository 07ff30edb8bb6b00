/*
** A phrase's postings as one cursor (topText.c): the list of its token, or, for a word searched as
** a prefix (the last word of a listing's text, typed as the user goes), the lists of every token
** that begins with it, merged by position, their weights and category counts summed at each row,
** as FTS5 counts each instance of any of those tokens as an instance of the phrase.
*/
#ifndef SEARCH_PHRASE_CURSOR_H
#define SEARCH_PHRASE_CURSOR_H

#include "sqlite3ext.h"
#include "listCursor.h"

/* Tokens a prefix may stand for; more, and the SQL plan answers. */
#define MAX_PREFIX_LISTS 16

typedef struct PhraseCursor {
  int n;
  Cursor a[MAX_PREFIX_LISTS];
  char *azKey[MAX_PREFIX_LISTS];  /* the lists' keys, owned */
  int anKey[MAX_PREFIX_LISTS];
  int eof;
  sqlite3_int64 pos;              /* the smallest position of the lists */
  unsigned int weight, category, length; /* summed over the lists at pos (length: the row's) */
} PhraseCursor;

/*
** The keys of every list of `zPostings` that begins with key (nKey bytes); *pTooMany when there
** are more than MAX_PREFIX_LISTS. The cursor owns the keys found.
*/
int phraseCursorPrefixKeys(sqlite3 *db, const char *zPostings, int nPostings, const char *key, int nKey, PhraseCursor *pc, int *pTooMany);
/* One list: takes ownership of key. */
void phraseCursorKey(PhraseCursor *pc, char *key, int nKey);
/* Prepares a cursor per key with zSql (listCursor.h's postings statement) and binds its key. */
int phraseCursorPrepare(sqlite3 *db, const char *zSql, PhraseCursor *pc);
int phraseCursorStart(PhraseCursor *pc, const sqlite3_int64 *aRange, int nRange);
int phraseCursorNext(PhraseCursor *pc);
/* Moves to the first row at or after pos (blocks before it skipped undecoded). */
int phraseCursorSeek(PhraseCursor *pc, sqlite3_int64 pos);
void phraseCursorClose(PhraseCursor *pc);

#endif
