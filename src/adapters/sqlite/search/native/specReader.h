/*
** Reading the specs the adapter writes for top_text and top_places (topTextSpec.ts,
** topPlacesSpec.ts): little-endian fields, every length checked; a short or overlong spec marks
** the reader bad instead of reading past its end.
*/
#ifndef SEARCH_SPEC_READER_H
#define SEARCH_SPEC_READER_H

#include <string.h>
#include "sqlite3ext.h"

typedef struct SpecReader {
  const unsigned char *p, *end;
  int bad;
} SpecReader;

static inline const unsigned char *specTake(SpecReader *r, int n){
  const unsigned char *at = r->p;
  if( r->bad || n < 0 || r->end - r->p < n ){ r->bad = 1; return 0; }
  r->p += n;
  return at;
}
static inline unsigned int specU8(SpecReader *r){ const unsigned char *p = specTake(r, 1); return p ? p[0] : 0; }
static inline unsigned int specU32(SpecReader *r){
  const unsigned char *p = specTake(r, 4);
  return p ? (unsigned int)p[0] | (unsigned int)p[1] << 8 | (unsigned int)p[2] << 16 | (unsigned int)p[3] << 24 : 0;
}
static inline double specF64(SpecReader *r){
  const unsigned char *p = specTake(r, 8);
  double v = 0;
  if( p ) memcpy(&v, p, 8);
  return v;
}
static inline sqlite3_int64 specI64(SpecReader *r){
  const unsigned char *p = specTake(r, 8);
  sqlite3_int64 v = 0;
  if( p ) memcpy(&v, p, 8);
  return v;
}
/* A length-prefixed string, not terminated. */
static inline const char *specString(SpecReader *r, int *pn){
  unsigned int n = specU32(r);
  const unsigned char *p = n > 0x7fffffffu ? 0 : specTake(r, (int)n);
  *pn = p ? (int)n : 0;
  return (const char*)p;
}

#endif
