import type { CheckpointRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';

export function createCheckpointRepository(db: SqliteDatabase): Synchronous<CheckpointRepository> {
  const load = db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE consumer = ?');
  const save = db.prepare<[string, string, string]>(
    `INSERT INTO checkpoints (consumer, position, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (consumer) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
  );

  return {
    load(consumer) {
      return load.get(consumer)?.position ?? null;
    },
    save(consumer, position) {
      save.run(consumer, position, new Date().toISOString());
    },
  };
}
