// SQL shared by everything that (re)builds the peer totals (domain/analytics/peerJourneyFacts.ts
// says what they hold) from the rollups they summarise: the migration that introduces them
// (`where` = '1') and the rebuild command (one business). Impressions and citations come from the
// daily counts (kept past retention), journeys and conversions from the per-day journey
// summaries (which follow the raw events).

/** `where`: a condition on environment and business_id, true for the businesses to summarise. */
export function summarisePeerDaysSql(where: string): string {
  return `INSERT INTO analytics_peer_days (environment, business_id, local_date, impressions, citations, journeys, converted)
    SELECT environment, business_id, local_date, SUM(impressions), SUM(citations), SUM(journeys), SUM(converted) FROM (
      SELECT environment, business_id, local_date,
        SUM(CASE WHEN type = 'impression' THEN events ELSE 0 END) AS impressions,
        SUM(CASE WHEN type = 'citation' THEN events ELSE 0 END) AS citations, 0 AS journeys, 0 AS converted
      FROM analytics_daily WHERE type IN ('impression', 'citation') AND (${where})
      GROUP BY environment, business_id, local_date
      UNION ALL
      SELECT environment, business_id, local_date, 0, 0, COUNT(*), COUNT(first_conversion_ts)
      FROM analytics_journey_days WHERE (${where})
      GROUP BY environment, business_id, local_date
    ) GROUP BY environment, business_id, local_date`;
}

export function summarisePeerMonthsSql(where: string): string {
  return `INSERT INTO analytics_peer_months (environment, business_id, month, impressions, citations, journeys, converted)
    SELECT environment, business_id, substr(local_date, 1, 7), SUM(impressions), SUM(citations), SUM(journeys), SUM(converted)
    FROM analytics_peer_days WHERE (${where})
    GROUP BY environment, business_id, substr(local_date, 1, 7)`;
}

/** Consecutive days of each journey (conversion = 0), and consecutive days with a conversion (1). */
export function summarisePeerLinksSql(where: string): string {
  const links = (conversion: 0 | 1) => `SELECT environment, business_id, ${conversion} AS conversion, local_date AS earlier,
      LEAD(local_date) OVER (PARTITION BY environment, business_id, journey_id ORDER BY local_date) AS later
    FROM analytics_journey_days WHERE (${where})${conversion === 1 ? ' AND first_conversion_ts IS NOT NULL' : ''}`;
  return `INSERT INTO analytics_peer_links (environment, business_id, conversion, earlier, later, journeys)
    SELECT environment, business_id, conversion, earlier, later, COUNT(*) FROM (${links(0)} UNION ALL ${links(1)})
    WHERE later IS NOT NULL
    GROUP BY environment, business_id, conversion, earlier, later`;
}
