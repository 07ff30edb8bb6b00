/*
** What the SQL functions of the search lists share on one connection (searchLists.c,
** topText.c): the block stores and FTS5's own tokenizer, configured as the index's FTS tables
** are ("porter unicode61 remove_diacritics 2"), so a word of a posting is exactly a token of FTS5.
*/
#ifndef SEARCH_LISTS_H
#define SEARCH_LISTS_H

#include "sqlite3ext.h"
#include "blockLists.h"

typedef struct SearchLists {
  BlockStores *stores;
  fts5_api *fts5;
  fts5_tokenizer_v2 *tokenizerApi;
  Fts5Tokenizer *tokenizer; /* created on first use */
} SearchLists;

/* The tokenizer of the index's FTS tables (created on first use). */
int searchListsTokenizer(SearchLists *lists, Fts5Tokenizer **ppTokenizer);

/*
** The key of a term's postings: the environment letter, then the term as the lists name it (':'
** and a token, or ';' and a run of category tokens joined by spaces). Returns its length (0 when
** nBuf is too small); buf may hold the term itself at buf + 1.
*/
int postingsKey(char environment, const char *term, int nTerm, char *buf, int nBuf);

/* Registers postings_*, places_*, search_lists_*, top_text and top_places on a connection. */
int searchListsRegister(sqlite3 *db, fts5_api *fts5);

/* Registered by placeLists.c, topText.c and topPlaces.c. */
int placeListsRegister(sqlite3 *db, SearchLists *lists);
int topTextRegister(sqlite3 *db, fts5_api *fts5, SearchLists *lists);
int topPlacesRegister(sqlite3 *db);

#endif
