// Rebuilds the embedded store's rollups from its raw events (npm run analytics:rebuild), one
// business per IMMEDIATE transaction, so appends go on between businesses and each business's
// rollups are always whole: an append waits for the business in progress, then adds to rollups
// that already count everything before it.
//
// What is rebuilt: the per-day journey summaries and the zero-click marks entirely (they follow
// the raw events), the daily counts of the local days whose raw events are all still there, and
// then the peer totals entirely from those two (peerTotalsSql.ts).
// Days before the last retention cut (plus the widest zone offset) keep their daily counts: their
// raw events are gone, so the counts are the only record of them.
import type { SqliteDatabase } from '../openDatabase';
import { ROLLUP_TYPE_SQL } from './analyticsSchema';
import { summariseJourneyDaysSql } from './journeyDaysSql';
import { summarisePeerDaysSql, summarisePeerLinksSql, summarisePeerMonthsSql } from './peerTotalsSql';
import { FOLLOW_WINDOW_MS } from '../../../domain/analytics/zeroClick';
import { firstCompleteDay } from '../../../domain/analytics/firstCompleteDay';

export interface RebuildProgress {
  businesses: number;
  totalBusinesses: number;
  events: number;
}

export function rebuildSqliteRollups(db: SqliteDatabase, onProgress?: (progress: RebuildProgress) => void): RebuildProgress {
  const purged = db.prepare("SELECT value FROM analytics_meta WHERE key = 'purged_before'").pluck().get() as string | undefined;
  const completeFrom = firstCompleteDay(purged === undefined ? null : Number(purged));
  const businesses = db.prepare('SELECT DISTINCT environment, business_id FROM analytics_events').raw().all() as Array<[string, string]>;
  const statements = {
    count: db.prepare('SELECT COUNT(*) FROM analytics_events WHERE environment = ? AND business_id = ?').pluck(),
    clearFollowed: db.prepare("UPDATE analytics_events SET followed = 0 WHERE environment = ? AND business_id = ? AND type = 'impression' AND followed = 1"),
    markFollowed: db.prepare(`UPDATE analytics_events AS i SET followed = 1
      WHERE i.environment = @environment AND i.business_id = @businessId AND i.type = 'impression' AND i.journey_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM analytics_events f WHERE f.environment = @environment AND f.business_id = @businessId AND f.journey_id = i.journey_id
          AND f.ts BETWEEN i.ts AND i.ts + ${FOLLOW_WINDOW_MS} AND f.type IN ('website_visit', 'conversion'))`),
    clearJourneyDays: db.prepare('DELETE FROM analytics_journey_days WHERE environment = ? AND business_id = ?'),
    journeyDays: db.prepare(summariseJourneyDaysSql('environment = ? AND business_id = ?')),
    clearDaily: db.prepare('DELETE FROM analytics_daily WHERE environment = ? AND business_id = ? AND local_date >= ?'),
    daily: db.prepare(`INSERT INTO analytics_daily (environment, business_id, local_date, platform, type, events, position_sum, position_count, followed)
      SELECT environment, business_id, local_date, platform, ${ROLLUP_TYPE_SQL} AS rollup_type, COUNT(*),
        COALESCE(SUM(CASE WHEN type = 'impression' THEN position END), 0), COUNT(CASE WHEN type = 'impression' THEN position END),
        SUM(CASE WHEN type = 'impression' THEN followed ELSE 0 END)
      FROM analytics_events WHERE environment = ? AND business_id = ? AND local_date >= ?
      GROUP BY local_date, platform, rollup_type`),
    clearPeer: ['analytics_peer_days', 'analytics_peer_months', 'analytics_peer_links'].map((table) => db.prepare(`DELETE FROM ${table} WHERE environment = ? AND business_id = ?`)),
    // Named: each statement repeats its condition.
    peer: [summarisePeerDaysSql, summarisePeerMonthsSql, summarisePeerLinksSql].map((sql) => db.prepare(sql('environment = @environment AND business_id = @businessId'))),
  };
  const rebuildOne = db.transaction((environment: string, businessId: string): number => {
    statements.clearFollowed.run(environment, businessId);
    statements.markFollowed.run({ environment, businessId });
    statements.clearJourneyDays.run(environment, businessId);
    statements.journeyDays.run(environment, businessId);
    statements.clearDaily.run(environment, businessId, completeFrom);
    statements.daily.run(environment, businessId, completeFrom);
    for (const clear of statements.clearPeer) clear.run(environment, businessId);
    for (const summarise of statements.peer) summarise.run({ environment, businessId });
    return statements.count.get(environment, businessId) as number;
  });
  const progress: RebuildProgress = { businesses: 0, totalBusinesses: businesses.length, events: 0 };
  for (const [environment, businessId] of businesses) {
    progress.events += rebuildOne.immediate(environment, businessId);
    progress.businesses += 1;
    onProgress?.(progress);
  }
  return progress;
}
