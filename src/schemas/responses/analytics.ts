// Response shapes of the four analytics endpoints (spec 4.4; issue 18), for OpenAPI. They are
// the bare result objects: spec 2.1 says these endpoints answer without the envelope.
import type { SchemaObject } from 'ajv';
import { MIN_PEERS } from '../../domain/analytics/peerPercentiles';
import { TOP_QUERIES } from '../../domain/analytics/journeySummary';

const count = (description: string): SchemaObject => ({ type: 'integer', minimum: 0, description });
const rate = (description: string): SchemaObject => ({ type: 'number', minimum: 0, maximum: 1, description: `${description} 0-1, 4 decimals (0.25 = 25 %); 0 when there is nothing to divide by.` });
const averagePosition: SchemaObject = {
  type: ['number', 'null'],
  minimum: 1,
  description:
    'Addition to spec 4.4: the mean 1-based rank of the business among the businesses of the answers that showed it (1 = first), 2 decimals; null with no impressions.',
};

const period: SchemaObject = {
  type: 'object',
  required: ['start', 'end'],
  description: "The local days asked for, as UTC instants: start is local midnight of the first day in the business's time zone, end the last millisecond of the last day.",
  properties: {
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
  },
};

const businessId: SchemaObject = { type: 'string', description: 'The business asked about.' };

const crawls: SchemaObject = {
  type: 'object',
  required: ['total', 'training', 'search', 'user'],
  description:
    "Addition (docs/visibility.md): fetches of the business's public page (/b/{slug} and its .md) by AI crawlers, recognised by user agent " +
    '(the crawler-user-agents list; confirmed by address where CRAWLER_IP_RANGES names the platform), by why they fetched as the agent says: ' +
    'training (GPTBot, ClaudeBot), search (OAI-SearchBot, PerplexityBot, Googlebot, Bingbot) or user (ChatGPT-User, Claude-User: a person asking an assistant now).',
  properties: {
    total: count('All crawler fetches.'),
    training: count('Fetches to collect training data.'),
    search: count('Fetches to index the page for AI search.'),
    user: count("Fetches made on a person's request to an assistant."),
  },
};

export const upstreamMetricsResponse: SchemaObject = {
  type: 'object',
  required: ['businessId', 'period', 'metrics', 'platforms', 'timeSeries'],
  properties: {
    businessId,
    period,
    metrics: {
      type: 'object',
      required: ['impressions', 'citations', 'comparisons', 'zeroClick', 'averagePosition'],
      properties: {
        impressions: count('Times the business appeared in an AI answer (one per business per answer).'),
        citations: count("Answers whose generated summary named the business."),
        comparisons: count('Answers that showed the business beside at least one other business of the same category.'),
        zeroClick: count(
          'Impressions with no website visit or conversion of the same journey within 30 minutes after (visibility without click-through); an impression outside any journey counts. Derived, not recorded.',
        ),
        averagePosition,
        crawls,
      },
    },
    platforms: {
      type: 'array',
      description: 'One entry per AI platform with events (crawler fetches included) in the period, most impressions first.',
      items: {
        type: 'object',
        required: ['name', 'impressions', 'citations', 'share', 'averagePosition'],
        properties: {
          name: { type: 'string', description: 'chatgpt, claude, gemini, perplexity, copilot, meta_ai, other, a registered custom name, or direct (no platform declared).' },
          impressions: count('Impressions on this platform.'),
          citations: count('Citations on this platform.'),
          share: rate("This platform's impressions over all impressions of the answer (with `platform`, 1)."),
          averagePosition,
          crawls,
        },
      },
    },
    timeSeries: {
      type: 'array',
      description:
        "One bucket per local day, ISO week (Monday to Sunday) or calendar month of the period, oldest first; empty buckets are present with zeros. The first and last week or month may be partial (they hold only the period's days).",
      items: {
        type: 'object',
        required: ['date', 'impressions', 'citations'],
        properties: {
          date: { type: 'string', format: 'date', description: "The bucket's first local day (a Monday for weeks, the 1st for months): it can be before startDate." },
          impressions: count('Impressions in the bucket.'),
          citations: count('Citations in the bucket.'),
        },
      },
    },
  },
};

const stageCounts: SchemaObject = {
  type: 'object',
  required: ['awareness', 'consideration', 'intent', 'conversion'],
  description: 'Journeys by the furthest stage they reached.',
  properties: {
    awareness: count('Impressions only.'),
    consideration: count('A citation, comparison or profile view, no website visit.'),
    intent: count('A website visit (through the tracked link), no conversion.'),
    conversion: count('A conversion.'),
  },
};

export const intentJourneysResponse: SchemaObject = {
  type: 'object',
  required: ['businessId', 'period', 'journeys', 'topQueries'],
  properties: {
    businessId,
    period,
    journeys: {
      type: 'object',
      required: ['total', 'byStage', 'conversionRate', 'avgTouchpoints', 'avgDuration'],
      description:
        "A journey is one consumer session (X-Session-ID / sessionId) with this business, seen through its events in the period; events without a session belong to none. With `stage`, only the journeys that reached at least that stage.",
      properties: {
        total: count('Journeys.'),
        byStage: stageCounts,
        conversionRate: rate('Journeys that converted over all journeys.'),
        avgTouchpoints: { type: 'number', minimum: 0, description: 'Mean events per journey (every type), 2 decimals.' },
        avgDuration: { type: 'number', minimum: 0, description: "Mean time from a journey's first to its last event in the period, in seconds (1 decimal); 0 for a single event." },
      },
    },
    topQueries: {
      type: 'array',
      maxItems: TOP_QUERIES,
      description: `The ${TOP_QUERIES} queries (normalised text) most journeys held, most first (ties alphabetical); a journey with several queries counts for each.`,
      items: {
        type: 'object',
        required: ['query', 'count', 'conversionRate'],
        properties: {
          query: { type: 'string' },
          count: count('Journeys that held this query.'),
          conversionRate: rate('Those of them that converted.'),
        },
      },
    },
  },
};

export const attributionResponse: SchemaObject = {
  type: 'object',
  required: ['businessId', 'period', 'model', 'conversions', 'touchpoints'],
  properties: {
    businessId,
    period,
    model: { type: 'string', enum: ['firstTouch', 'lastTouch', 'linear', 'multiTouch'] },
    conversions: count(
      'Converted journeys of the period with at least one touchpoint before their first conversion (a conversion reported with nothing before it has nothing to credit; it still counts in intent-journeys). The credits of all touchpoints sum to this number.',
    ),
    touchpoints: {
      type: 'array',
      description: "Touchpoints grouped by (type, platform), most credit first. A touchpoint is an event of the journey before its first conversion.",
      items: {
        type: 'object',
        required: ['type', 'platform', 'credit', 'conversions'],
        properties: {
          type: { type: 'string', enum: ['impression', 'citation', 'comparison', 'profile_view', 'website_visit'], description: 'profile_view is an addition to the four types spec 4.4 lists.' },
          platform: { type: 'string' },
          credit: { type: 'number', minimum: 0, description: 'Conversions credited to it under the model (fractions of conversions), 4 decimals.' },
          conversions: count('Conversions it received a share of.'),
        },
      },
    },
  },
};

const percentiles: SchemaObject = {
  type: ['object', 'null'],
  required: ['p25', 'p50', 'p75', 'yourPercentile'],
  description: `Null when there are fewer than ${MIN_PEERS} peers (see percentilesWithheld).`,
  properties: {
    p25: { type: 'number', description: "25th percentile of the peers' values (linear interpolation)." },
    p50: { type: 'number', description: 'Median.' },
    p75: { type: 'number', description: '75th percentile.' },
    yourPercentile: { type: 'integer', minimum: 0, maximum: 100, description: 'Share of peers below you, ties counted half, 0-100.' },
  },
};

export const benchmarksResponse: SchemaObject = {
  type: 'object',
  required: ['businessId', 'period', 'yourMetrics', 'benchmarks'],
  properties: {
    businessId,
    period,
    yourMetrics: {
      type: 'object',
      required: ['impressions', 'citations', 'conversionRate'],
      properties: {
        impressions: count('Your impressions in the period.'),
        citations: count('Your citations in the period.'),
        conversionRate: rate('Your journeys that converted over all your journeys.'),
      },
    },
    benchmarks: {
      type: 'object',
      required: ['category', 'categoryKeys', 'location', 'sampleSize', 'percentiles'],
      properties: {
        category: {
          type: 'string',
          description: "The category compared: `category` as given, else the name of the business's own kind (\"Dentist\"), or of its broader kind when its own has too few peers (\"Restaurant\" for a ramen bar), else its label as written.",
        },
        categoryKeys: {
          type: 'array',
          items: { type: 'string' },
          description: 'The taxonomy kinds peers were chosen by (a business of a narrower kind counts: a pizza restaurant is a restaurant); [] when compared by a label the taxonomy does not know.',
        },
        location: { type: ['string', 'null'], description: '`location` as given; null when peers are not narrowed by place.' },
        sampleSize: count('Peers: published businesses of the category (and place) in your environment, you excluded; at most 10 000.'),
        percentiles: {
          type: 'object',
          required: ['impressions', 'citations', 'conversionRate'],
          properties: { impressions: percentiles, citations: percentiles, conversionRate: percentiles },
        },
        percentilesWithheld: { type: 'string', description: `Present when percentiles are null: fewer than ${MIN_PEERS} peers, so no single competitor's numbers can be read off.` },
      },
    },
  },
};
