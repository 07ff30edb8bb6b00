// Response shapes of the four analytics endpoints (spec 4.4), for OpenAPI. They are
// the bare result objects: spec 2.1 says these endpoints answer without the envelope.
import Type from 'typebox';
import { MIN_PEERS } from '../../domain/analytics/peerPercentiles';
import { TOP_QUERIES } from '../../domain/analytics/journeySummary';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';

const count = (description: string) => Type.Integer({ minimum: 0, description });
const rate = (description: string) => Type.Number({ minimum: 0, maximum: 1, description: `${description} 0-1, 4 decimals (0.25 = 25 %); 0 when there is nothing to divide by.` });
const averagePosition = nullable(
  Type.Number({
    minimum: 1,
    description:
      'Addition to spec 4.4: the mean 1-based rank of the business among the businesses of the answers that showed it (1 = first), 2 decimals; null with no impressions.',
  }),
);

const period = Type.Object(
  { start: Type.String({ format: 'date-time' }), end: Type.String({ format: 'date-time' }) },
  { description: "The local days asked for, as UTC instants: start is local midnight of the first day in the business's time zone, end the last millisecond of the last day." },
);

const businessId = Type.String({ description: 'The business asked about.' });

/** Revenue beside counts: what conversions carried (a paid booking's amount, or a reported value), per currency. */
const revenue = (description: string) =>
  Type.Array(
    Type.Object({
      currency: Type.String({ pattern: '^[A-Z]{3}$' }),
      amount: Type.Number({ exclusiveMinimum: 0, description: 'In major units of the currency, 2 decimals.' }),
    }),
    { description: `${description} One entry per ISO 4217 currency (amounts in different currencies are never added), by currency; empty when no conversion carried a value.` },
  );

const crawls = Type.Object(
  {
    total: count('All crawler fetches.'),
    training: count('Fetches to collect training data.'),
    search: count('Fetches to index the page for AI search.'),
    user: count("Fetches made on a person's request to an assistant."),
  },
  {
    description:
      "Addition (docs/visibility.md): fetches of the business's public page (/b/{slug} and its .md) by AI crawlers, recognised by user agent " +
      '(the crawler-user-agents list; confirmed by address where CRAWLER_IP_RANGES names the platform), by why they fetched as the agent says: ' +
      'training (GPTBot, ClaudeBot), search (OAI-SearchBot, PerplexityBot, Googlebot, Bingbot) or user (ChatGPT-User, Claude-User: a person asking an assistant now).',
  },
);

export const upstreamMetricsResponse = Type.Object({
  businessId,
  period,
  metrics: Type.Object({
    impressions: count('Times the business appeared in an AI answer (one per business per answer).'),
    citations: count('Answers whose generated summary named the business.'),
    comparisons: count('Answers that showed the business beside at least one other business of the same category.'),
    zeroClick: count(
      'Impressions with no website visit or conversion of the same journey within 30 minutes after (visibility without click-through); an impression outside any journey counts. Derived, not recorded.',
    ),
    averagePosition,
    crawls: Type.Optional(crawls),
  }),
  platforms: Type.Array(
    Type.Object({
      name: Type.String({ description: 'chatgpt, claude, gemini, perplexity, copilot, meta_ai, other, a registered custom name, or direct (no platform declared).' }),
      impressions: count('Impressions on this platform.'),
      citations: count('Citations on this platform.'),
      share: rate("This platform's impressions over all impressions of the answer (with `platform`, 1)."),
      averagePosition,
      crawls: Type.Optional(crawls),
    }),
    { description: 'One entry per AI platform with events (crawler fetches included) in the period, most impressions first.' },
  ),
  timeSeries: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date', description: "The bucket's first local day (a Monday for weeks, the 1st for months): it can be before startDate." }),
      impressions: count('Impressions in the bucket.'),
      citations: count('Citations in the bucket.'),
    }),
    {
      description:
        "One bucket per local day, ISO week (Monday to Sunday) or calendar month of the period, oldest first; empty buckets are present with zeros. The first and last week or month may be partial (they hold only the period's days).",
    },
  ),
});

const stageCounts = Type.Object(
  {
    awareness: count('Impressions only.'),
    consideration: count('A citation, comparison or profile view, no website visit.'),
    intent: count('A website visit (through the tracked link), no conversion.'),
    conversion: count('A conversion.'),
  },
  { description: 'Journeys by the furthest stage they reached.' },
);

export const intentJourneysResponse = Type.Object({
  businessId,
  period,
  journeys: Type.Object(
    {
      total: count('Journeys.'),
      byStage: stageCounts,
      conversionRate: rate('Journeys that converted over all journeys.'),
      avgTouchpoints: Type.Number({ minimum: 0, description: 'Mean events per journey (every type), 2 decimals.' }),
      avgDuration: Type.Number({ minimum: 0, description: "Mean time from a journey's first to its last event in the period, in seconds (1 decimal); 0 for a single event." }),
      revenue: revenue('Addition to spec 4.4: what the conversions of these journeys in the period carried (a paid booking counts as its conversion, valued at what was paid), beside byStage.conversion.'),
    },
    {
      description:
        "A journey is one consumer session (X-Session-ID / sessionId) with this business, seen through its events in the period; events without a session belong to none. With `stage`, only the journeys that reached at least that stage.",
    },
  ),
  topQueries: Type.Array(Type.Object({ query: Type.String(), count: count('Journeys that held this query.'), conversionRate: rate('Those of them that converted.') }), {
    maxItems: TOP_QUERIES,
    description: `The ${TOP_QUERIES} queries (normalised text) most journeys held, most first (ties alphabetical); a journey with several queries counts for each.`,
  }),
});

export const attributionResponse = Type.Object({
  businessId,
  period,
  model: stringEnum(['firstTouch', 'lastTouch', 'linear', 'multiTouch']),
  conversions: count(
    'Converted journeys of the period with at least one touchpoint before their first conversion (a conversion reported with nothing before it has nothing to credit; it still counts in intent-journeys). The credits of all touchpoints sum to this number.',
  ),
  revenue: revenue("Addition to spec 4.4: what the conversions of those journeys carried in the period. Per currency, the touchpoints' revenue sums to it (up to rounding)."),
  touchpoints: Type.Array(
    Type.Object({
      type: stringEnum(['impression', 'citation', 'comparison', 'profile_view', 'website_visit'], { description: 'profile_view is an addition to the four types spec 4.4 lists.' }),
      platform: Type.String(),
      credit: Type.Number({ minimum: 0, description: 'Conversions credited to it under the model (fractions of conversions), 4 decimals.' }),
      conversions: count('Conversions it received a share of.'),
      revenue: revenue("Its share of those journeys' revenue under the model (the same weights as credit)."),
    }),
    { description: 'Touchpoints grouped by (type, platform), most credit first. A touchpoint is an event of the journey before its first conversion.' },
  ),
});

const percentiles = nullable(
  Type.Object(
    {
      p25: Type.Number({ description: "25th percentile of the peers' values (linear interpolation)." }),
      p50: Type.Number({ description: 'Median.' }),
      p75: Type.Number({ description: '75th percentile.' }),
      yourPercentile: Type.Integer({ minimum: 0, maximum: 100, description: 'Share of peers below you, ties counted half, 0-100.' }),
    },
    { description: `Null when there are fewer than ${MIN_PEERS} peers (see percentilesWithheld).` },
  ),
);

export const benchmarksResponse = Type.Object({
  businessId,
  period,
  yourMetrics: Type.Object({
    impressions: count('Your impressions in the period.'),
    citations: count('Your citations in the period.'),
    conversionRate: rate('Your journeys that converted over all your journeys.'),
  }),
  benchmarks: Type.Object({
    category: Type.String({
      description:
        "The category compared: `category` as given, else the name of the business's own kind (\"Dentist\"), or of its broader kind when its own has too few peers (\"Restaurant\" for a ramen bar), else its label as written.",
    }),
    categoryKeys: Type.Array(Type.String(), {
      description: 'The taxonomy kinds peers were chosen by (a business of a narrower kind counts: a pizza restaurant is a restaurant); [] when compared by a label the taxonomy does not know.',
    }),
    location: nullable(Type.String({ description: '`location` as given; null when peers are not narrowed by place.' })),
    sampleSize: count('Peers: published businesses of the category (and place) in your environment, you excluded; at most 10 000.'),
    percentiles: Type.Object({ impressions: percentiles, citations: percentiles, conversionRate: percentiles }),
    percentilesWithheld: Type.Optional(
      Type.String({ description: `Present when percentiles are null: fewer than ${MIN_PEERS} peers, so no single competitor's numbers can be read off.` }),
    ),
  }),
});
