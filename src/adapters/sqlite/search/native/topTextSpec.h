/*
** What a top_text call is asked (topText.c): the spec topTextPlan.ts writes, read into a Spec,
** and the query words as FTS5 tokens.
*/
#ifndef SEARCH_TOP_TEXT_SPEC_H
#define SEARCH_TOP_TEXT_SPEC_H

#include "sqlite3ext.h"
#include "listCursor.h"
#include "phraseCursor.h"
#include "placeFilter.h"
#include "searchLists.h"

#define SPEC_MAGIC 0x33585454u /* "TTX3" */
#define MAX_PHRASES 32
#define MAX_GROUPS 8
#define MAX_GROUP_TERMS 16
#define MAX_RANGES 4096

#define PHRASE_ANY_COLUMN 0
#define PHRASE_CATEGORY 1

typedef struct Phrase {
  const char *word;
  int nWord;
  int mode;
  int prefix; /* the word is searched as a prefix (FTS5's "word"*) */
  double count;
  double idf;
  PhraseCursor cursor; /* its lists, and their keys */
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
  PlaceTests tests; /* near a point: the row filters */
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

/* 0: read; SQLITE_MISMATCH: not a spec this library reads. */
int readSpec(const void *blob, int nBlob, Spec *s);

/*
** The postings key of a phrase the way FTS5 reads it in a query: one token, or for the category
** column a run of up to four (searchLists.c posts those). *pKey 0 for any other phrase. `prefix`:
** the word is tokenized as FTS5 tokenizes a prefix query's, and the key is the prefix of the keys
** it stands for.
*/
int queryKey(SearchLists *lists, char environment, int mode, int prefix, const char *word, int nWord, char **pKey, int *pnKey);

#endif
