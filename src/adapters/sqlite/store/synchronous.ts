// better-sqlite3 answers at once, so the SQLite repositories are synchronous: the same methods as
// their port, returning values instead of promises. sqliteStore.ts turns them into the port's
// promises in one place, which is also where the calls of an idempotent request are journaled
// with the write they make, in its transaction (storeJournal.ts, sqliteJournal.ts).
export type Synchronous<R> = {
  [K in keyof R]: R[K] extends (...args: infer A) => Promise<infer T> ? (...args: A) => T : R[K];
};
