// Tables of the embedded analytics store (its own file, analytics.db, so event writes never wait
// behind profile writes). Raw events answer the journey questions and are purged after the
// retention period; analytics_daily holds per (business, local day, platform, type) counts kept
// up to date inside the same transaction as the events, so a year is read from at most a few
// thousand rollup rows per business, never from raw events.
import type { Migration } from '../openDatabase';
import { summariseJourneyDaysSql } from './journeyDaysSql';
import { summarisePeerDaysSql, summarisePeerLinksSql, summarisePeerMonthsSql } from './peerTotalsSql';

export const ANALYTICS_COMPONENT = 'analytics';

/** domain/analytics/rollupDeltas.ts rollupTypeOf in SQL: crawls count apart per purpose. */
export const ROLLUP_TYPE_SQL = "CASE WHEN type = 'crawl' THEN 'crawl_' || crawl_purpose ELSE type END";

export const analyticsMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'events and daily rollups',
    up: `
      CREATE TABLE analytics_events (
        seq INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        reporter TEXT NOT NULL,             -- '' for events the service recorded itself
        event_id TEXT NOT NULL,
        type TEXT NOT NULL,
        business_id TEXT NOT NULL,
        ts INTEGER NOT NULL,                -- epoch milliseconds (UTC)
        local_date TEXT NOT NULL,           -- the business's local day, YYYY-MM-DD
        platform TEXT NOT NULL,
        journey_id TEXT,
        query TEXT,
        surface TEXT NOT NULL,
        position INTEGER,
        value REAL,
        currency TEXT,
        followed INTEGER NOT NULL DEFAULT 0 -- impressions: a visit or conversion of the journey followed within 30 min
      );
      -- De-duplication key (port rule): a repeat of (environment, reporter, eventId) is ignored.
      CREATE UNIQUE INDEX analytics_events_key ON analytics_events (environment, reporter, event_id);
      -- Journeys, attribution and benchmarks' conversion rates read one business's days in order.
      CREATE INDEX analytics_events_business_day ON analytics_events (environment, business_id, local_date, journey_id);
      -- zeroClick upkeep: the impressions of one journey near a visit or conversion.
      CREATE INDEX analytics_events_journey ON analytics_events (environment, business_id, journey_id, ts) WHERE journey_id IS NOT NULL;
      -- Retention purge walks by time.
      CREATE INDEX analytics_events_ts ON analytics_events (ts);

      CREATE TABLE analytics_daily (
        environment TEXT NOT NULL,
        business_id TEXT NOT NULL,
        local_date TEXT NOT NULL,
        platform TEXT NOT NULL,
        type TEXT NOT NULL,
        events INTEGER NOT NULL DEFAULT 0,
        position_sum INTEGER NOT NULL DEFAULT 0,   -- impressions: sum of 1-based ranks
        position_count INTEGER NOT NULL DEFAULT 0, -- impressions that carried a rank
        followed INTEGER NOT NULL DEFAULT 0,       -- impressions followed by a visit or conversion (not zero-click)
        PRIMARY KEY (environment, business_id, local_date, platform, type)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'one raw-event index per use',
    // Every raw-event question reads journey events only, which the journey index already orders
    // by business: the day index cost a fifth of ingestion for nothing.
    up: 'DROP INDEX IF EXISTS analytics_events_business_day;',
  },
  {
    version: 3,
    name: 'per-day journey summaries',
    // Journeys, attribution and the peers' conversion rates read one row per journey and local day,
    // stored in business and day order, instead of raw events scattered across the file. Kept in the
    // same transaction as the events; they follow the raw events' retention (the purge rebuilds the
    // days it cut into). The business index now holds journey-less events too, so everything of one
    // business can be re-counted (npm run analytics:rebuild) without reading the whole table.
    up: (db) => {
      db.exec(`
        CREATE TABLE analytics_journey_days (
          environment TEXT NOT NULL,
          business_id TEXT NOT NULL,
          local_date TEXT NOT NULL,
          journey_id TEXT NOT NULL,
          stage INTEGER NOT NULL,               -- furthest stage that day, index in JOURNEY_STAGES
          touchpoints INTEGER NOT NULL,
          first_ts INTEGER NOT NULL,
          last_ts INTEGER NOT NULL,
          first_conversion_ts INTEGER,          -- the day's first conversion, if any
          queries TEXT NOT NULL DEFAULT '[]',   -- distinct queries, JSON array
          PRIMARY KEY (environment, business_id, local_date, journey_id)
        ) WITHOUT ROWID;
        -- Settings the store keeps about itself (purged_before: epoch ms of the last retention cut).
        CREATE TABLE analytics_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        DROP INDEX IF EXISTS analytics_events_journey;
        CREATE INDEX analytics_events_business ON analytics_events (environment, business_id, journey_id, ts);
      `);
      db.exec(summariseJourneyDaysSql('1'));
    },
  },
  {
    version: 4,
    name: 'peer totals',
    // Benchmarks read each peer's totals over a range from these (domain/analytics/peerJourneyFacts.ts):
    // per local day and per calendar month, impressions, citations, journey days and conversion
    // days; and per pair of consecutive days of a journey, the links that keep a journey of
    // several days counted once. A year of one peer is then about 12 month rows plus the days at
    // the ends, instead of its daily and journey-day rows. The journey index finds a journey's
    // stored days when a batch or a purge changes them.
    up: (db) => {
      db.exec(`
        CREATE TABLE analytics_peer_days (
          environment TEXT NOT NULL,
          business_id TEXT NOT NULL,
          local_date TEXT NOT NULL,
          impressions INTEGER NOT NULL DEFAULT 0,
          citations INTEGER NOT NULL DEFAULT 0,
          journeys INTEGER NOT NULL DEFAULT 0,   -- journeys with an event that day (raw events kept)
          converted INTEGER NOT NULL DEFAULT 0,  -- journeys with a conversion that day
          PRIMARY KEY (environment, business_id, local_date)
        ) WITHOUT ROWID;
        CREATE TABLE analytics_peer_months (
          environment TEXT NOT NULL,
          business_id TEXT NOT NULL,
          month TEXT NOT NULL,                   -- YYYY-MM of the local days
          impressions INTEGER NOT NULL DEFAULT 0,
          citations INTEGER NOT NULL DEFAULT 0,
          journeys INTEGER NOT NULL DEFAULT 0,
          converted INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (environment, business_id, month)
        ) WITHOUT ROWID;
        CREATE TABLE analytics_peer_links (
          environment TEXT NOT NULL,
          business_id TEXT NOT NULL,
          earlier TEXT NOT NULL,
          later TEXT NOT NULL,
          conversion INTEGER NOT NULL,           -- 1: consecutive days with a conversion
          journeys INTEGER NOT NULL,
          PRIMARY KEY (environment, business_id, earlier, later, conversion)
        ) WITHOUT ROWID;
        CREATE INDEX analytics_journey_days_journey ON analytics_journey_days (environment, business_id, journey_id, local_date, first_conversion_ts);
      `);
      db.exec(summarisePeerDaysSql('1'));
      db.exec(summarisePeerMonthsSql('1'));
      db.exec(summarisePeerLinksSql('1'));
    },
  },
  {
    version: 5,
    name: 'crawl purpose',
    // Public page fetches by AI crawlers (type crawl) say why they fetched: training, search, user.
    up: 'ALTER TABLE analytics_events ADD COLUMN crawl_purpose TEXT;',
  },
];
