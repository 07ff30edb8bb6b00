/*
** The bytes of a block (blockLists.h's layout): growable buffers, varints, and a block decoded
** into arrays of rows and payloads.
*/
#ifndef SEARCH_BLOCK_CODEC_H
#define SEARCH_BLOCK_CODEC_H

#include "sqlite3ext.h"

typedef struct Bytes {
  unsigned char *a;
  sqlite3_int64 n, nAlloc;
} Bytes;

typedef struct Block {
  int n, nAlloc;
  sqlite3_int64 *aRow;
  const unsigned char **aPay; /* into `data` or into the caller's payload */
  int *aLen;
  Bytes data;                 /* a private copy of the block as read */
} Block;

/* Whether row is one of the n sorted rows of a (a flush's rows to leave out). */
int rowInSorted(const sqlite3_int64 *a, int n, sqlite3_int64 row);
/* Bytes of the payload at p (0: malformed). */
int payloadSize(int kind, const unsigned char *p, const unsigned char *end);
int bytesReserve(Bytes *b, sqlite3_int64 more);
int bytesAppend(Bytes *b, const void *p, sqlite3_int64 n);
int bytesVarint(Bytes *b, sqlite3_uint64 v);
void blockFree(Block *b);
int blockReserve(Block *b, int n);
/* Decodes a block's entries; the blob is copied first (a column's blob dies with the next step). */
int blockDecode(int kind, sqlite3_int64 firstRow, const void *blob, int nBlob, Block *b);
/* Encodes entries [from, to) of b into out (cleared first), with the postings summary. */
int blockEncode(int kind, const Block *b, int from, int to, Bytes *out);

#endif
