/*
** Encoding and decoding blocks (blockCodec.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "blockCodec.h"
#include "blockLists.h"
#include "placeRecord.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

int varintPut(unsigned char *p, sqlite3_uint64 v){
  int n = 0;
  do{
    unsigned char byte = (unsigned char)(v & 0x7f);
    v >>= 7;
    p[n++] = v ? (byte | 0x80) : byte;
  }while( v );
  return n;
}

int varintGet(const unsigned char *p, const unsigned char *end, sqlite3_uint64 *v){
  sqlite3_uint64 value = 0;
  int shift = 0, n = 0;
  while( p + n < end && shift < 64 ){
    unsigned char byte = p[n++];
    value |= (sqlite3_uint64)(byte & 0x7f) << shift;
    if( (byte & 0x80)==0 ){
      *v = value;
      return n;
    }
    shift += 7;
  }
  return 0; /* truncated */
}

int rowInSorted(const sqlite3_int64 *a, int n, sqlite3_int64 row){
  int lo = 0, hi = n - 1;
  while( lo <= hi ){
    int mid = (lo + hi) / 2;
    if( a[mid]==row ) return 1;
    if( a[mid] < row ) lo = mid + 1; else hi = mid - 1;
  }
  return 0;
}

int payloadSize(int kind, const unsigned char *p, const unsigned char *end){
  if( kind==LIST_PLACES ) return end - p >= PLACE_BYTES ? PLACE_BYTES : 0;
  {
    int i, n = 0;
    for(i=0; i<3; i++){
      sqlite3_uint64 v;
      int got = varintGet(p + n, end, &v);
      if( got==0 ) return 0;
      n += got;
    }
    return n;
  }
}

int bytesReserve(Bytes *b, sqlite3_int64 more){
  if( b->n + more > b->nAlloc ){
    sqlite3_int64 nAlloc = b->nAlloc ? b->nAlloc * 2 : 64;
    unsigned char *a;
    while( nAlloc < b->n + more ) nAlloc *= 2;
    a = (unsigned char*)sqlite3_realloc64(b->a, (sqlite3_uint64)nAlloc);
    if( a==0 ) return SQLITE_NOMEM;
    b->a = a;
    b->nAlloc = nAlloc;
  }
  return SQLITE_OK;
}

int bytesAppend(Bytes *b, const void *p, sqlite3_int64 n){
  int rc = bytesReserve(b, n);
  if( rc==SQLITE_OK ){
    memcpy(b->a + b->n, p, (size_t)n);
    b->n += n;
  }
  return rc;
}

int bytesVarint(Bytes *b, sqlite3_uint64 v){
  unsigned char buf[10];
  return bytesAppend(b, buf, varintPut(buf, v));
}



void blockFree(Block *b){
  sqlite3_free(b->aRow);
  sqlite3_free(b->aPay);
  sqlite3_free(b->aLen);
  sqlite3_free(b->data.a);
  memset(b, 0, sizeof(*b));
}

int blockReserve(Block *b, int n){
  if( n > b->nAlloc ){
    int nAlloc = b->nAlloc ? b->nAlloc : 64;
    while( nAlloc < n ) nAlloc *= 2;
    b->aRow = (sqlite3_int64*)sqlite3_realloc64(b->aRow, sizeof(sqlite3_int64) * (sqlite3_uint64)nAlloc);
    b->aPay = (const unsigned char**)sqlite3_realloc64((void*)b->aPay, sizeof(unsigned char*) * (sqlite3_uint64)nAlloc);
    b->aLen = (int*)sqlite3_realloc64(b->aLen, sizeof(int) * (sqlite3_uint64)nAlloc);
    if( !b->aRow || !b->aPay || !b->aLen ) return SQLITE_NOMEM;
    b->nAlloc = nAlloc;
  }
  return SQLITE_OK;
}

int blockDecode(int kind, sqlite3_int64 firstRow, const void *blob, int nBlob, Block *b){
  const unsigned char *p, *end;
  sqlite3_uint64 n, v;
  sqlite3_int64 row = firstRow;
  int i, got, rc;
  b->n = 0;
  b->data.n = 0;
  rc = bytesAppend(&b->data, blob, nBlob);
  if( rc ) return rc;
  p = b->data.a;
  end = p + nBlob;
  got = varintGet(p, end, &n);
  if( got==0 ) return SQLITE_CORRUPT;
  p += got;
  got = varintGet(p, end, &v); /* span */
  if( got==0 ) return SQLITE_CORRUPT;
  p += got;
  if( kind==LIST_POSTINGS ){
    for(i=0; i<3; i++){
      got = varintGet(p, end, &v);
      if( got==0 ) return SQLITE_CORRUPT;
      p += got;
    }
  }
  rc = blockReserve(b, (int)n + 1);
  if( rc ) return rc;
  for(i=0; i<(int)n; i++){
    int size;
    got = varintGet(p, end, &v);
    if( got==0 ) return SQLITE_CORRUPT;
    p += got;
    row += (sqlite3_int64)v;
    size = payloadSize(kind, p, end);
    if( size==0 ) return SQLITE_CORRUPT;
    b->aRow[i] = row;
    b->aPay[i] = p;
    b->aLen[i] = size;
    p += size;
  }
  b->n = (int)n;
  return SQLITE_OK;
}

int blockEncode(int kind, const Block *b, int from, int to, Bytes *out){
  int i, rc;
  out->n = 0;
  rc = bytesVarint(out, (sqlite3_uint64)(to - from));
  if( rc==SQLITE_OK ) rc = bytesVarint(out, to > from ? (sqlite3_uint64)(b->aRow[to-1] - b->aRow[from]) : 0);
  if( rc==SQLITE_OK && kind==LIST_POSTINGS ){
    sqlite3_uint64 maxWeight = 0, maxCategory = 0, minLength = ~(sqlite3_uint64)0;
    for(i=from; i<to; i++){
      sqlite3_uint64 weight = 0, category = 0, length = 0;
      const unsigned char *p = b->aPay[i], *end = p + b->aLen[i];
      p += varintGet(p, end, &weight);
      p += varintGet(p, end, &category);
      varintGet(p, end, &length);
      if( weight > maxWeight ) maxWeight = weight;
      if( category > maxCategory ) maxCategory = category;
      if( length < minLength ) minLength = length;
    }
    if( to==from ) minLength = 0;
    rc = bytesVarint(out, maxWeight);
    if( rc==SQLITE_OK ) rc = bytesVarint(out, maxCategory);
    if( rc==SQLITE_OK ) rc = bytesVarint(out, minLength);
  }
  for(i=from; rc==SQLITE_OK && i<to; i++){
    rc = bytesVarint(out, (sqlite3_uint64)(b->aRow[i] - b->aRow[i==from ? from : i-1]));
    if( rc==SQLITE_OK ) rc = bytesAppend(out, b->aPay[i], b->aLen[i]);
  }
  return rc;
}
