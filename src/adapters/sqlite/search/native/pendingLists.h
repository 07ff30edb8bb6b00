/*
** A rebuild's buffered entries (blockLists.c's bulk mode): an open-addressing map from a list key
** to its pending entries, written as blocks by blockListFlush.
*/
#ifndef SEARCH_PENDING_LISTS_H
#define SEARCH_PENDING_LISTS_H

#include "blockCodec.h"
#include "blockLists.h"

typedef struct Pending {
  int isText;
  char *z;
  int n;
  sqlite3_int64 i;
  sqlite3_int64 cell;
  sqlite3_int64 lastRow;
  int nEntry;
  Bytes entries; /* varint rowid (absolute), payload; repeated */
} Pending;

typedef struct Bulk {
  Pending **aSlot;
  int nSlot, nUsed;
  sqlite3_int64 nBytes;
} Bulk;

/* The pending entries of a list, created empty on first use. */
int bulkPending(Bulk *bulk, const ListKey *key, Pending **pp);
/* Forgets every pending entry. */
void bulkClear(Bulk *bulk);

#endif
