// visibility(): read from analytics_daily only (rollups), never raw events; one pass of at most
// days x platforms x types rows per business.
import { addRollup, emptyVisibility, VISIBILITY_ROLLUP_TYPES } from '../../../domain/analytics/visibilityCounts';
import type { AnalyticsQuestions, VisibilityCounts } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

interface RollupRow {
  local_date: string;
  platform: string;
  type: string;
  events: number;
  position_sum: number;
  position_count: number;
  followed: number;
}

export function createVisibility(db: SqliteDatabase): AnalyticsQuestions['visibility'] {
  const types = `type IN (${VISIBILITY_ROLLUP_TYPES.map((type) => `'${type}'`).join(', ')})`;
  const all = db.prepare(`SELECT local_date, platform, type, events, position_sum, position_count, followed FROM analytics_daily
    WHERE environment = ? AND business_id = ? AND local_date BETWEEN ? AND ? AND ${types}`);
  const onePlatform = db.prepare(`SELECT local_date, platform, type, events, position_sum, position_count, followed FROM analytics_daily
    WHERE environment = ? AND business_id = ? AND local_date BETWEEN ? AND ? AND ${types} AND platform = ?`);

  return async ({ environment, businessId, from, to, platform }) => {
    const rows = (platform === undefined
      ? all.all(environment, businessId, from, to)
      : onePlatform.all(environment, businessId, from, to, platform)) as RollupRow[];
    const totals = emptyVisibility();
    const platforms = new Map<string, VisibilityCounts>();
    const days = new Map<string, { date: string; impressions: number; citations: number }>();
    for (const row of rows) {
      addRollup(totals, row);
      let slice = platforms.get(row.platform);
      if (!slice) platforms.set(row.platform, (slice = emptyVisibility()));
      addRollup(slice, row);
      if (row.type !== 'impression' && row.type !== 'citation') continue;
      let day = days.get(row.local_date);
      if (!day) days.set(row.local_date, (day = { date: row.local_date, impressions: 0, citations: 0 }));
      if (row.type === 'impression') day.impressions += row.events;
      else day.citations += row.events;
    }
    return {
      totals,
      platforms: [...platforms].map(([name, counts]) => ({ name, ...counts })).sort((a, b) => a.name.localeCompare(b.name)),
      days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    };
  };
}
