/*
** The map of pending entries (pendingLists.h).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <string.h>
#include "pendingLists.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

unsigned int keyHash(const ListKey *key){
  unsigned int h = 2166136261u;
  int i;
  if( key->isText ){
    for(i=0; i<key->n; i++){ h ^= (unsigned char)key->z[i]; h *= 16777619u; }
  }else{
    sqlite3_uint64 v = (sqlite3_uint64)key->i;
    for(i=0; i<8; i++){ h ^= (unsigned int)(v & 0xff); h *= 16777619u; v >>= 8; }
  }
  {
    sqlite3_uint64 c = (sqlite3_uint64)key->cell;
    for(i=0; i<8; i++){ h ^= (unsigned int)(c & 0xff); h *= 16777619u; c >>= 8; }
  }
  return h;
}

int keyEquals(const Pending *p, const ListKey *key){
  if( p->isText!=key->isText || p->cell!=key->cell ) return 0;
  if( key->isText ) return p->n==key->n && memcmp(p->z, key->z, (size_t)key->n)==0;
  return p->i==key->i;
}

void bulkClear(Bulk *bulk){
  int i;
  for(i=0; i<bulk->nSlot; i++){
    Pending *p = bulk->aSlot[i];
    if( p ){
      sqlite3_free(p->z);
      sqlite3_free(p->entries.a);
      sqlite3_free(p);
    }
  }
  sqlite3_free(bulk->aSlot);
  memset(bulk, 0, sizeof(*bulk));
}

int bulkGrow(Bulk *bulk){
  int nSlot = bulk->nSlot ? bulk->nSlot * 2 : 4096, i;
  Pending **aSlot = (Pending**)sqlite3_malloc64(sizeof(Pending*) * (sqlite3_uint64)nSlot);
  if( aSlot==0 ) return SQLITE_NOMEM;
  memset(aSlot, 0, sizeof(Pending*) * (size_t)nSlot);
  for(i=0; i<bulk->nSlot; i++){
    Pending *p = bulk->aSlot[i];
    if( p ){
      ListKey key = { p->isText, p->z, p->n, p->i, p->cell };
      unsigned int h = keyHash(&key) & (unsigned int)(nSlot - 1);
      while( aSlot[h] ) h = (h + 1) & (unsigned int)(nSlot - 1);
      aSlot[h] = p;
    }
  }
  sqlite3_free(bulk->aSlot);
  bulk->aSlot = aSlot;
  bulk->nSlot = nSlot;
  return SQLITE_OK;
}

int bulkPending(Bulk *bulk, const ListKey *key, Pending **pp){
  unsigned int h;
  Pending *p;
  if( bulk->nUsed * 2 >= bulk->nSlot ){
    int rc = bulkGrow(bulk);
    if( rc ) return rc;
  }
  h = keyHash(key) & (unsigned int)(bulk->nSlot - 1);
  while( (p = bulk->aSlot[h])!=0 ){
    if( keyEquals(p, key) ){ *pp = p; return SQLITE_OK; }
    h = (h + 1) & (unsigned int)(bulk->nSlot - 1);
  }
  p = (Pending*)sqlite3_malloc64(sizeof(Pending));
  if( p==0 ) return SQLITE_NOMEM;
  memset(p, 0, sizeof(*p));
  p->isText = key->isText;
  p->i = key->i;
  p->cell = key->cell;
  p->lastRow = -1;
  if( key->isText ){
    p->z = (char*)sqlite3_malloc64((sqlite3_uint64)key->n + 1);
    if( p->z==0 ){ sqlite3_free(p); return SQLITE_NOMEM; }
    memcpy(p->z, key->z, (size_t)key->n);
    p->n = key->n;
  }
  bulk->aSlot[h] = p;
  bulk->nUsed++;
  *pp = p;
  return SQLITE_OK;
}
