// The steps of a generation's life, each one IMMEDIATE transaction so two processes sharing the
// file never interleave them: open (clean up), begin a rebuild, swap it in, or abandon it.
import { ConflictError } from '../../../domain/errors';
import type { SqliteDatabase } from '../openDatabase';
import type { IndexState } from './indexState';
import { createGenerationTables, existingGenerations, generationTables } from './indexTables';

export interface GenerationLifecycle {
  /** First open creates generation 1; leftovers of crashed rebuilds are dropped. */
  open(): void;
  /** Creates the next generation's empty tables and marks it as being built; returns its number. */
  beginRebuild(): number;
  /** Makes `generation` current; returns the generation it replaced (for the caller to drop). */
  swapIn(generation: number): number | null;
  /** Drops a rebuild that failed, unless another rebuild has replaced it meanwhile. */
  abandon(generation: number): void;
}

/** `listed`: this connection writes the search lists, so a generation it creates has them complete. */
export function createGenerationLifecycle(
  db: SqliteDatabase,
  state: IndexState,
  dropGeneration: (generation: number) => void,
  { listed }: { listed: boolean },
): GenerationLifecycle {
  return {
    open() {
      db.transaction(() => {
        const { current, building } = state.read();
        const existing = existingGenerations(db);
        // The generation marked as building may be filling in another process right now: keep it.
        for (const generation of existing) {
          if (generation !== current && generation !== building) dropGeneration(generation);
        }
        if (current === null) {
          const first = Math.max(0, building ?? 0, ...existing) + 1;
          createGenerationTables(db, generationTables(first));
          state.setCurrent(first);
          state.setListed(first, listed);
        }
      }).immediate();
    },

    beginRebuild() {
      return db.transaction(() => {
        const { current } = state.read();
        const existing = existingGenerations(db);
        // Whatever is not current is a crashed rebuild, or one this rebuild now supersedes.
        for (const generation of existing) if (generation !== current) dropGeneration(generation);
        const generation = Math.max(current ?? 0, ...existing) + 1;
        // Secondary indexes and FTS merging wait for the bulk insert (finishBuild).
        createGenerationTables(db, generationTables(generation), { withIndexes: false });
        state.setBuilding(generation);
        state.setListed(generation, listed);
        state.clearTouched();
        return generation;
      }).immediate();
    },

    swapIn(generation) {
      return db.transaction(() => {
        const { current, building } = state.read();
        if (building !== generation) throw rebuildSuperseded();
        state.setCurrent(generation);
        state.setBuilding(null);
        state.clearTouched();
        return current;
      }).immediate();
    },

    abandon(generation) {
      db.transaction(() => {
        if (state.read().building !== generation) return;
        dropGeneration(generation);
        state.setBuilding(null);
        state.clearTouched();
      }).immediate();
    },
  };
}

/** The error a rebuild's write gets once another rebuild has replaced it. */
export function rebuildSuperseded(): ConflictError {
  return new ConflictError('REBUILD_SUPERSEDED', 'Another rebuild of the search index replaced this one');
}
