// Retention: raw events older than the cut-off go, a chunk per transaction so the write lock is
// never held for long. The daily rollups stay; the per-day journey summaries follow the raw
// events (the journey questions cover only days whose raw events are kept): the days a chunk
// cut into are summarised again from what is left of them, and the peer totals of their journeys
// follow (impressions and citations stay, like the daily counts).
import type { Environment } from '../../../domain/profile';
import { journeyFactChanges } from '../../../domain/analytics/peerJourneyFacts';
import { createPeerTotalDeltas } from '../../../domain/analytics/peerTotalDeltas';
import type { SqliteDatabase } from '../openDatabase';
import { summariseJourneyDaysSql } from './journeyDaysSql';
import { createPeerTotalsUpkeep } from './peerTotalsUpkeep';

export function createPurgeChunk(db: SqliteDatabase): (beforeMs: number, limit: number) => number {
  const oldest = db.prepare('SELECT seq FROM analytics_events WHERE ts < ? ORDER BY ts LIMIT ?').pluck();
  const touchedDays = db.prepare(`SELECT DISTINCT environment, business_id, local_date, journey_id FROM analytics_events
    WHERE seq IN (SELECT value FROM json_each(?)) AND journey_id IS NOT NULL`);
  const remove = db.prepare('DELETE FROM analytics_events WHERE seq IN (SELECT value FROM json_each(?))');
  const forgetDay = db.prepare('DELETE FROM analytics_journey_days WHERE environment = ? AND business_id = ? AND local_date = ? AND journey_id = ?');
  const summariseDay = db.prepare(summariseJourneyDaysSql('environment = ? AND business_id = ? AND journey_id = ? AND local_date = ?'));
  const remember = db.prepare(`INSERT INTO analytics_meta (key, value) VALUES ('purged_before', ?)
    ON CONFLICT (key) DO UPDATE SET value = MAX(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))`);

  const peerTotals = createPeerTotalsUpkeep(db);

  const purge = db.transaction((beforeMs: number, limit: number): number => {
    const seqs = JSON.stringify(oldest.all(beforeMs, limit));
    const days = touchedDays.all(seqs) as Array<{ environment: Environment; business_id: string; local_date: string; journey_id: string }>;
    const journeys = new Map(days.map((day) => [`${day.environment}\u0000${day.business_id}\u0000${day.journey_id}`, day]));
    const before = new Map([...journeys].map(([key, j]) => [key, peerTotals.storedDays(j.environment, j.business_id, j.journey_id)]));
    const { changes } = remove.run(seqs);
    for (const day of days) {
      forgetDay.run(day.environment, day.business_id, day.local_date, day.journey_id);
      summariseDay.run(day.environment, day.business_id, day.journey_id, day.local_date);
    }
    const peer = createPeerTotalDeltas();
    for (const [key, j] of journeys) {
      peer.addJourneyChanges(j.environment, j.business_id, journeyFactChanges(before.get(key) ?? [], peerTotals.storedDays(j.environment, j.business_id, j.journey_id)));
    }
    peerTotals.write(peer);
    remember.run(String(beforeMs));
    return changes;
  });
  return (beforeMs, limit) => purge.immediate(beforeMs, limit);
}
