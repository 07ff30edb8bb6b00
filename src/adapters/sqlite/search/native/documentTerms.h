/*
** A document's terms as its search lists post them (searchLists.c, postingsRuns.c): every token
** of the seven FTS columns, cut by FTS5's own tokenizer, and the runs of two to four words of the
** category column (the phrases a multi-word category implies, which FTS5 matches by position).
*/
#ifndef SEARCH_DOCUMENT_TERMS_H
#define SEARCH_DOCUMENT_TERMS_H

#include "sqlite3ext.h"
#include "searchLists.h"

#define DOCUMENT_COLUMNS 7

/*
** Called for each term instance: z is the term as its list names it after the environment letter
** (':' and a token, or ';' and a run of category tokens joined by spaces), weight2 twice its bm25
** weight (0 for a run), category 1 for an instance in the category column (or a run).
*/
typedef int (*TermCallback)(void *ctx, const char *z, int n, unsigned int weight2, unsigned int category);

/* Tokenizes the columns (azCol[i] of anCol[i] bytes; 0 or empty: none) as FTS5 does when it indexes a row. */
int documentTerms(SearchLists *lists, const char *const *azCol, const int *anCol, TermCallback xTerm, void *ctx);

#endif
