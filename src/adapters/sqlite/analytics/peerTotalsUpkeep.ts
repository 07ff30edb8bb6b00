// Keeps the peer totals (analytics_peer_days, _months, _links; domain/analytics/peerJourneyFacts.ts)
// inside the transactions that change what they summarise: an append (its daily count deltas and
// journey days) and a retention purge (the journey days it cut into). Each table takes a batch's
// deltas in one statement (a JSON array read by json_each: a statement call per row costs more
// than the row at 50 000 events/s); rows that fall to zero go.
import type { Environment } from '../../../domain/profile';
import type { JourneyDayPresence } from '../../../domain/analytics/peerJourneyFacts';
import type { PeerTotalDeltas } from '../../../domain/analytics/peerTotalDeltas';
import type { SqliteDatabase } from '../openDatabase';

export interface PeerTotalsUpkeep {
  /** The stored days of one journey (owner '': the SQLite purge recounts what it touches). */
  storedDays(environment: Environment, businessId: string, journeyId: string): JourneyDayPresence[];
  write(deltas: PeerTotalDeltas): void;
}

const COUNTS = ['impressions', 'citations', 'journeys', 'converted'];

export function createPeerTotalsUpkeep(db: SqliteDatabase): PeerTotalsUpkeep {
  const stored = db.prepare(`SELECT local_date, first_conversion_ts IS NOT NULL FROM analytics_journey_days
    WHERE environment = ? AND business_id = ? AND journey_id = ?`).raw();
  /** Upserts rows given as JSON arrays of `columns` (the key first), adding `added` to the stored values. */
  const bulk = (table: string, key: string[], added: string[]) => {
    const columns = [...key, ...added];
    const upsert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')})
      SELECT ${columns.map((_, i) => `value ->> ${i}`).join(', ')} FROM json_each(?) WHERE true
      ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${added.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`);
    const dropZeros = db.prepare(`DELETE FROM ${table} WHERE (${key.join(', ')}) IN (SELECT ${key.map((_, i) => `value ->> ${i}`).join(', ')} FROM json_each(?))
      AND ${added.map((c) => `${c} = 0`).join(' AND ')}`);
    return (rows: unknown[][], mayFall: boolean) => {
      if (rows.length === 0) return;
      const json = JSON.stringify(rows);
      upsert.run(json);
      if (mayFall) dropZeros.run(json);
    };
  };
  const days = bulk('analytics_peer_days', ['environment', 'business_id', 'local_date'], COUNTS);
  const months = bulk('analytics_peer_months', ['environment', 'business_id', 'month'], COUNTS);
  const links = bulk('analytics_peer_links', ['environment', 'business_id', 'earlier', 'later', 'conversion'], ['journeys']);

  return {
    storedDays(environment, businessId, journeyId) {
      return (stored.all(environment, businessId, journeyId) as Array<[string, number]>).map(([day, converted]) => ({ day, owner: '', conversionOwner: converted ? '' : null }));
    },
    write(deltas) {
      for (const [write, periods] of [[days, deltas.days()], [months, deltas.months()]] as const) {
        const rows = periods.map((d) => [d.environment, d.businessId, d.period, d.impressions, d.citations, d.journeys, d.converted]);
        // Only a purge takes away (appends add): only then can a row fall to zero.
        write(rows, periods.some((d) => d.journeys < 0 || d.converted < 0));
      }
      const linked = deltas.links();
      links(linked.map((l) => [l.environment, l.businessId, l.earlier, l.later, l.conversion ? 1 : 0, l.journeys]), linked.some((l) => l.journeys < 0));
    },
  };
}
