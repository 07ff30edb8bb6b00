// The inbox of the payment provider's notifications on SQLite. A claim reads the due,
// unhandled events and leases them in one immediate transaction, so two claims never get the same
// event while its lease runs.
import type { StoredProviderEvent } from '../../../domain/payments/storedProviderEvent';
import type { ProviderEventInbox } from '../../../ports/payments';
import type { SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

const read = (row: DocRow): StoredProviderEvent => JSON.parse(row.doc) as StoredProviderEvent;

export function createProviderEventInbox(db: SqliteDatabase): Synchronous<ProviderEventInbox> {
  const insert = db.prepare<[string, string]>('INSERT INTO provider_events (id, doc) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  const byId = db.prepare<[string], DocRow>('SELECT doc FROM provider_events WHERE id = ?');
  const due = db.prepare<[string, number], DocRow>('SELECT doc FROM provider_events WHERE handled = 0 AND due_at <= ? ORDER BY received_at LIMIT ?');
  const write = db.prepare<[string, string]>('UPDATE provider_events SET doc = ? WHERE id = ?');

  const claim = db.transaction((now: string, leaseUntil: string, limit: number) =>
    due.all(now, limit).map((row) => {
      const stored = read(row);
      const leased = { ...stored, leaseUntil, attempts: stored.attempts + 1 };
      write.run(JSON.stringify(leased), leased.event.id);
      return leased;
    }),
  );

  const update = db.transaction((id: string, change: (stored: StoredProviderEvent) => StoredProviderEvent) => {
    const row = byId.get(id);
    if (row) write.run(JSON.stringify(change(read(row))), id);
  });

  return {
    add(event, receivedAt) {
      const stored: StoredProviderEvent = { event, receivedAt, attempts: 0, nextAttemptAt: receivedAt };
      return insert.run(event.id, JSON.stringify(stored)).changes === 1;
    },
    get(id) {
      const row = byId.get(id);
      return row ? read(row) : null;
    },
    claim(now, leaseUntil, limit) {
      return claim.immediate(now, leaseUntil, limit);
    },
    markHandled(id, at) {
      update.immediate(id, ({ leaseUntil: _lease, lastError: _error, ...stored }) => ({ ...stored, handledAt: at }));
    },
    markFailed(id, error, retryAt) {
      update.immediate(id, ({ leaseUntil: _lease, ...stored }) => ({ ...stored, lastError: error, nextAttemptAt: retryAt }));
    },
  };
}
