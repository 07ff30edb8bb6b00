/*
** Writes the place records of a generation (placeRecord.h), into the place lists of every
** document (list = its grid cell and environment, cell 0) or of its kinds (list "<environment>:
** <kind tag>", cell = its grid cell), in the writer's transaction:
**
**   places_insert(table, list, cell, rowid, record, bulk)
**   places_delete(table, list, cell, rowid)
**
** `list` is an integer or a text key; bulk buffers the entry as postings_insert does
** (searchLists.c), for search_lists_flush to write.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "searchLists.h"
#include "placeRecord.h"

#ifdef __GNUC__
#pragma GCC visibility push(hidden)
#endif

static ListKey listKey(sqlite3_value *list, sqlite3_value *cell){
  ListKey key;
  key.isText = sqlite3_value_type(list)==SQLITE_TEXT;
  key.z = key.isText ? (const char*)sqlite3_value_text(list) : 0;
  key.n = key.isText ? sqlite3_value_bytes(list) : 0;
  key.i = key.isText ? 0 : sqlite3_value_int64(list);
  key.cell = sqlite3_value_int64(cell);
  return key;
}

/* places_insert (insert) or places_delete: the table and list, then the arguments of each. */
static void placesWrite(sqlite3_context *ctx, sqlite3_value **apArg, int insert){
  SearchLists *lists = (SearchLists*)sqlite3_user_data(ctx);
  const char *zTable = (const char*)sqlite3_value_text(apArg[0]);
  ListKey key = listKey(apArg[1], apArg[2]);
  BlockStore *store = 0;
  int rc;
  if( zTable==0 || (key.isText && key.z==0) || (insert && sqlite3_value_bytes(apArg[4])!=PLACE_BYTES) ){
    sqlite3_result_error(ctx, insert ? "places_insert: a table name, a list and a place record are required" : "places_delete: a table name and a list are required", -1);
    return;
  }
  rc = blockStoreFor(lists->stores, sqlite3_context_db_handle(ctx), LIST_PLACES, zTable, &store);
  if( rc==SQLITE_OK ){
    rc = insert
      ? blockListInsert(store, &key, sqlite3_value_int64(apArg[3]), (const unsigned char*)sqlite3_value_blob(apArg[4]), PLACE_BYTES, sqlite3_value_int(apArg[5]))
      : blockListRemove(store, &key, sqlite3_value_int64(apArg[3]));
    blockStoreRelease(store);
  }
  if( rc ) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_null(ctx);
}

static void placesInsert(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  (void)nArg;
  placesWrite(ctx, apArg, 1);
}

static void placesDelete(sqlite3_context *ctx, int nArg, sqlite3_value **apArg){
  (void)nArg;
  placesWrite(ctx, apArg, 0);
}

int placeListsRegister(sqlite3 *db, SearchLists *lists){
  int rc = sqlite3_create_function_v2(db, "places_insert", 6, SQLITE_UTF8 | SQLITE_DIRECTONLY, lists, placesInsert, 0, 0, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_create_function_v2(db, "places_delete", 4, SQLITE_UTF8 | SQLITE_DIRECTONLY, lists, placesDelete, 0, 0, 0);
  return rc;
}
