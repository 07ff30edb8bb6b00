// The embedded SearchIndex: SQLite FTS5 (porter stemming, bm25) plus indexed lat/lon with an
// exact haversine cut, in its own database file (the index is derived data: deleting the file and
// reindexing loses nothing). better-sqlite3 is synchronous; every method finishes its SQL before
// its promise settles, so a resolved apply() is already visible to search().
import { ConflictError, UnavailableError } from '../../../domain/errors';
import type { BulkFailure, IndexAction, SearchDocument, SearchIndex, SearchQuery, SearchResult } from '../../../ports/searchIndex';
import { openDatabase, runMigrations } from '../openDatabase';
import { DEFAULT_AUTOMERGE, mergeSlice, setAutomerge } from './ftsMerge';
import { createGenerationLifecycle, rebuildSuperseded } from './generationLifecycle';
import { createGenerationWriter } from './generationWriter';
import { ftsRow } from './documentRow';
import { actionKey, actionProblem } from './indexAction';
import { createIndexState, SEARCH_INDEX_COMPONENT, SEARCH_INDEX_MIGRATIONS, SEPARATE_JSON_MIGRATION } from './indexState';
import { dropGenerationTables, ENVIRONMENTS, generationTables, type GenerationTables, secondaryIndexes } from './indexTables';
import { rankExtension } from './rankExtension';
import { pageResult } from './readPage';
import { ALWAYS_OFFLOAD, createOffloadPolicy } from './offloadPolicy';
import { type GenerationWriter, type UpsertedRow } from './generationWriter';
import { postingsCell } from './placeRecord';
import { postingsRun, type RunDocument } from './postingsRun';
import { createReaderThreads } from './readerThreads';
import { createRowPreparation, type PreparedSlice, type RowPreparation } from './rowPreparation';
import { createSearchReader, prepareSearchConnection } from './searchReader';

export interface SqliteSearchIndexOptions {
  /** Database file (created with its directory if missing), or ':memory:'. */
  file: string;
  /**
   * Threads with their own read-only connections that run searches off the event loop, so
   * requests keep being served on one core while queries run on the others. 0 (the default)
   * searches on the calling thread; an in-memory database always does.
   */
  readerThreads?: number;
  /** With reader threads: `busy` (default) uses them only while searches overlap (offloadPolicy.ts), `always` for every search. */
  offload?: 'busy' | 'always';
  /**
   * Use the native extension when it can be built here (the default; see rankExtension.ts):
   * bm25_given, bm25()'s scores without recounting each word's documents on every query, and
   * distance_km in C. false: no native code, FTS5's bm25() and the JavaScript distance.
   */
  rankExtension?: boolean;
  /**
   * Answer text searches ranked by relevance from the search lists (topText.ts) where they can
   * (the default); false keeps the SQL plans, to compare the two. Needs the native extension.
   */
  topText?: boolean;
  /** Rows a rebuild buffers before writing their search lists (default LISTS_FLUSH_EVERY); smaller in tests. */
  listsFlushEvery?: number;
}

const FREE_PAGES_PER_SLICE = 2000;
const REBUILD_SLICE = 1000;
/** A rebuild write of at least this many actions prepares its rows on threads (rowPreparation.ts). */
const PREPARE_ON_THREADS_FROM = 5000;

/** The document of an upsert, for a preparation thread; anything else has no row to prepare. */
const upsertedDocument = (action: IndexAction): SearchDocument =>
  (action.type === 'upsert' ? action.document : null) as SearchDocument;

/** An action's document as a postings run reads it, where no thread prepared the slice; null posts nothing. */
function runDocument(action: IndexAction): RunDocument {
  if (action.type !== 'upsert') return null;
  try {
    return { environment: action.document.environment, cell: postingsCell(action.document.coordinates), text: ftsRow(action.document) };
  } catch {
    return null; // a malformed document: its action failed, nothing of it was written
  }
}

type Write = (actions: IndexAction[]) => Promise<{ failures: BulkFailure[] }>;

/** A turn of the event loop between slices of long work, so searches waiting meanwhile run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createSqliteSearchIndex(options: SqliteSearchIndexOptions): SearchIndex {
  const db = openDatabase({ file: options.file });
  // On a new, empty file: lets a rebuild hand the old generation's pages back to the file system
  // (releaseFreePages) instead of doubling the file for good. openDatabase already switched to
  // WAL, after which the setting needs a VACUUM to stick (instant while the file is empty).
  if (db.prepare('SELECT COUNT(*) FROM sqlite_master').pluck().get() === 0) {
    db.pragma('auto_vacuum = INCREMENTAL');
    db.exec('VACUUM');
  }
  const migrated = runMigrations(db, SEARCH_INDEX_COMPONENT, SEARCH_INDEX_MIGRATIONS);
  const connection = { rankLibrary: options.rankExtension === false ? null : rankExtension().library, topText: options.topText !== false };
  prepareSearchConnection(db, connection);
  // The search lists are written by the native library: without it, generations this connection
  // writes lose them (searches then keep to the SQL plans).
  const listed = connection.rankLibrary !== null;
  const state = createIndexState(db);
  const reader = createSearchReader(db, connection);
  const statements = reader.statements;
  const writers = new Map<number, GenerationWriter>();
  let closed = false;
  let rebuilding = false;

  const writerFor = (generation: number): GenerationWriter => {
    let writer = writers.get(generation);
    if (!writer) {
      writer = createGenerationWriter(db, generationTables(generation), { lists: listed, listsFlushEvery: options.listsFlushEvery });
      writers.set(generation, writer);
    }
    return writer;
  };
  const dropGeneration = (generation: number): void => {
    writers.get(generation)?.discardLists();
    dropGenerationTables(db, generationTables(generation));
    state.setListed(generation, false);
    writers.delete(generation);
  };
  const currentTables = (): GenerationTables => {
    const { current } = state.read();
    if (current === null) throw new UnavailableError('The search index has no current generation');
    return generationTables(current);
  };

  const lifecycle = createGenerationLifecycle(db, state, dropGeneration, { listed });
  lifecycle.open();
  // An in-memory database exists on this connection only: no other thread could open it.
  const threads = db.memory || !options.readerThreads ? null : createReaderThreads({ file: options.file, size: options.readerThreads, connection });
  const policy = options.offload === 'always' ? ALWAYS_OFFLOAD : createOffloadPolicy();
  let warmed = false;

  /** Shrinks the file after a generation is dropped, in slices so searches keep running between them. */
  const releaseFreePages = async (): Promise<void> => {
    if (db.pragma('auto_vacuum', { simple: true }) !== 2) return;
    while (!closed && (db.pragma('freelist_count', { simple: true }) as number) > 0) {
      db.pragma(`incremental_vacuum(${FREE_PAGES_PER_SLICE})`);
      await nextTurn();
    }
  };
  // Migration 7 left the old documents table's pages free: hand them back in the background, as
  // after a rebuild (a failure only leaves the file larger; the next rebuild tries again).
  if (migrated.includes(SEPARATE_JSON_MIGRATION)) releaseFreePages().catch(() => undefined);

  /** Runs synchronous SQL, turning a closed handle or a busy/broken file into UnavailableError. */
  const guard = <T>(work: () => T): Promise<T> => {
    if (closed) return Promise.reject(new UnavailableError('The search index is closed'));
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(translate(error));
    }
  };

  /** Runs `work` in an IMMEDIATE transaction of the rebuild of `generation`, unless another rebuild replaced it. */
  const rebuildStep = <T>(generation: number, work: () => T): Promise<T> =>
    guard(() =>
      db.transaction(() => {
        if (state.read().building !== generation) throw rebuildSuperseded();
        return work();
      }).immediate(),
    );

  /**
   * Finishes a filled, not yet current generation: its secondary indexes, each built by one sort
   * (beginRebuild left them out), then its FTS segments merged in slices. Searches keep running
   * between the steps.
   */
  const finishGeneration = async (generation: number): Promise<void> => {
    const tables = generationTables(generation);
    for (const sql of secondaryIndexes(tables)) {
      await rebuildStep(generation, () => db.exec(sql));
      await nextTurn();
    }
    for (const environment of ENVIRONMENTS) {
      const fts = tables.fts[environment];
      for (let first = true; ; first = false) {
        const worked = await rebuildStep(generation, () => mergeSlice(db, fts, first));
        if (!worked) break;
        await nextTurn();
      }
      await rebuildStep(generation, () => setAutomerge(db, fts, DEFAULT_AUTOMERGE));
    }
  };

  /**
   * Writes `actions` in one IMMEDIATE transaction; malformed ones become failures. Live writes go
   * to the current generation and, during a rebuild, to the one being built too (so the swap
   * loses nothing); a rebuild's own writes (`fromRebuild`) go only to its generation.
   */
  const writeBatch = (actions: IndexAction[], fromRebuild: number | null, prepared?: PreparedSlice): { failures: BulkFailure[] } => {
    const failures: BulkFailure[] = [];
    // A rebuild's slice: what each action wrote, for its postings run.
    const upserted: UpsertedRow[] = actions.map(() => null);
    reader.noteWrite();
    db.transaction(() => {
      const { current, building } = state.read();
      if (fromRebuild !== null && building !== fromRebuild) throw rebuildSuperseded();
      const targets = fromRebuild !== null ? [fromRebuild] : [current!, ...(building === null ? [] : [building])];
      if (!listed) for (const generation of targets) state.setListed(generation, false);
      for (const [at, action] of actions.entries()) {
        const problem = actionProblem(action);
        if (problem !== null) {
          failures.push({ id: actionKey(action)?.id ?? '', reason: problem });
          continue;
        }
        const { environment, id } = actionKey(action)!;
        // A live write during a rebuild wins over the rebuild's copy, which may be older.
        if (fromRebuild !== null && state.isTouched(environment, id)) continue;
        if (fromRebuild === null && building !== null) state.markTouched(environment, id);
        for (const generation of targets) {
          const writer = writerFor(generation);
          if (action.type === 'upsert') upserted[at] = writer.upsert(action.document, { bulk: fromRebuild !== null, prepared: prepared?.rows[at] });
          else writer.remove(environment, id);
        }
      }
      if (fromRebuild !== null && listed && upserted.some((written) => written?.fromRun)) {
        writerFor(fromRebuild).addRun(prepared?.run ?? postingsRun(db, actions.map(runDocument)), upserted);
      }
    }).immediate();
    return { failures };
  };

  return {
    apply: (actions) => guard(() => writeBatch(actions, null)),

    search: (query: SearchQuery): Promise<SearchResult> => {
      // Threads start with the first search, not at open: the indexer and reindex processes never search.
      if (!warmed && threads !== null && !closed) {
        warmed = true;
        threads.warm();
      }
      if (threads === null || closed || !policy.offload()) return guard(() => pageResult(reader.search(query)));
      return threads.search(query).then(
        (page) => {
          policy.finished();
          return pageResult(page);
        },
        (error) => {
          policy.finished();
          return Promise.reject(translate(error));
        },
      );
    },

    get: (environment, id) =>
      guard(() =>
        db.transaction(() => {
          const { documents, json } = currentTables();
          const sql = `SELECT j.document FROM ${documents} AS d JOIN ${json} AS j ON j.row_id = d.row_id WHERE d.environment = ? AND d.id = ?`;
          const document = statements.get(sql).pluck().get(environment, id) as string | undefined;
          return document === undefined ? null : JSON.parse(document);
        })(),
      ),

    count: (environment) =>
      guard(() =>
        db.transaction(() => {
          const { documents } = currentTables();
          const statement = environment
            ? statements.get(`SELECT COUNT(*) FROM ${documents} WHERE environment = ?`)
            : statements.get(`SELECT COUNT(*) FROM ${documents}`);
          return statement.pluck().get(...(environment ? [environment] : [])) as number;
        })(),
      ),

    async rebuild(fill) {
      if (rebuilding) throw new ConflictError('REBUILD_IN_PROGRESS', 'A rebuild of the search index is already running');
      rebuilding = true;
      let building: number | null = null;
      let preparation = null as RowPreparation | null;
      try {
        building = await guard(() => lifecycle.beginRebuild());
        const generation = building;
        // The new generation is invisible until the swap, so its writes need not be atomic: small
        // transactions with a turn of the event loop between them keep searches answering quickly.
        const write: Write = async (actions) => {
          const failures: BulkFailure[] = [];
          const slices: IndexAction[][] = [];
          for (let start = 0; start < actions.length; start += REBUILD_SLICE) slices.push(actions.slice(start, start + REBUILD_SLICE));
          // Large writes have their rows prepared on threads, every slice at once, written in order.
          if (preparation === null && actions.length >= PREPARE_ON_THREADS_FROM) preparation = createRowPreparation(listed ? connection.rankLibrary : null);
          const rows = slices.map((slice) => preparation?.prepare(slice.map(upsertedDocument)));
          for (const [i, slice] of slices.entries()) {
            const prepared = await rows[i];
            failures.push(...(await guard(() => writeBatch(slice, generation, prepared))).failures);
            await nextTurn();
          }
          return { failures };
        };
        for (const environment of ENVIRONMENTS) await rebuildStep(generation, () => setAutomerge(db, generationTables(generation).fts[environment], 0));
        await fill(write);
        await rebuildStep(generation, () => writerFor(generation).flushLists());
        await finishGeneration(generation);
        const previous = await guard(() => lifecycle.swapIn(generation));
        building = null;
        // Readers already use the new generation: dropping the old one is cleanup, and a failure
        // there must not report the (successful) rebuild as failed; the next rebuild retries it.
        try {
          if (previous !== null) db.transaction(() => dropGeneration(previous)).immediate();
          await releaseFreePages();
        } catch {
          // Left for the next open or rebuild, which drop every non-current generation.
        }
      } catch (error) {
        if (building !== null && !closed) {
          try {
            lifecycle.abandon(building);
          } catch {
            // The rebuild's own error is the one worth reporting; the next rebuild drops the leftovers.
          }
        }
        throw error;
      } finally {
        rebuilding = false;
        await preparation?.close();
      }
    },

    // One statement: an EXISTS per word against the environment's FTS index, through its own tokenizer.
    heldWords: (environment, words) =>
      guard(() => {
        const asked = words.filter((word) => /^\p{L}+$/u.test(word));
        if (asked.length === 0) return new Set<string>();
        const fts = currentTables().fts[environment];
        const sql = `SELECT ${asked.map(() => `EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ?)`).join(', ')}`;
        const held = statements.get(sql).raw().get(...asked.map((word) => `- {tags} : "${word}"`)) as number[];
        return new Set(asked.filter((_, i) => held[i] === 1));
      }),

    ping: () => guard(() => void db.prepare('SELECT 1').get()),

    async close() {
      if (closed) return;
      closed = true;
      await threads?.close();
      db.close();
    },
  };
}

/** Engine codes that mean "try again later", not "this request is wrong". */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|CORRUPT|NOTADB|READONLY)/;

function translate(error: unknown): unknown {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) {
    return Object.assign(new UnavailableError('The search index is unavailable'), { cause: error });
  }
  return error;
}
