// The MCP tools (issue 23): each one is a schema, a description written for a model, and a
// handler that calls the same service, schema check and scope check as the REST route it mirrors.
// Arguments are checked twice on purpose: the zod shape is what the client sees (and the SDK
// refuses malformed calls with it), the REST route's ajv schema is the authority on limits and
// defaults, so a call the REST API would refuse is refused here with the same field and issue.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { DomainError } from '../domain/errors';
import { categoryTaxonomy } from '../domain/categories/taxonomy';
import { checkPrincipalScope as checkScope } from '../http/authorize';
import type { Logger } from '../logger';
import { presentProfile } from '../presenters/profilePresenter';
import { presentConsumerResult } from '../presenters/searchResultPresenter';
import { profileRecordSchema } from '../schemas/responses/profile';
import type { RecordAnswer } from '../services/analytics/answerRecording';
import type { BookingService } from '../services/bookings/bookingService';
import type { CheckOpen } from '../services/openingCheck';
import { registerBookingTools } from './mcpBookingTools';
import { restOutputSchema } from './restOutputSchema';
import type { ToolCaller } from './toolCaller';

export type { ToolAnswer, ToolCaller, ToolExtra } from './toolCaller';
import type { ProfileService } from '../services/profileService';
import type { RecordedConsumerSearch } from '../services/search/recordedConsumerSearch';

export interface McpToolDeps {
  search: RecordedConsumerSearch;
  profiles: Pick<ProfileService, 'read'>;
  checkOpen: CheckOpen;
  recordAnswer: RecordAnswer;
  logger: Logger;
  /** Bookings (issue 21): get_availability and create_booking are offered with it. */
  bookings?: Pick<BookingService, 'availability' | 'create'>;
}

const address = z.object({ street: z.string(), city: z.string(), state: z.string(), postalCode: z.string(), country: z.string() }).partial();
const anyObject = z.record(z.string(), z.unknown());

const searchOutput = {
  query: z.string(),
  correctedQuery: z.string().optional().describe('The sentence actually searched when the one sent had typos'),
  summary: z.string().describe('A short grounded answer naming the best matches; safe to quote'),
  total: z.number().int().describe('Businesses found: exact, or a lower bound when totalIsEstimate'),
  totalIsEstimate: z.boolean().describe('True when total is a lower bound: beyond 10 000 matches the count stops being exact'),
  sessionId: z.string().describe('Pass back as sessionId on the next search of this conversation to personalise it'),
  hasMore: z.boolean(),
  businesses: z.array(
    z.object({
      id: z.string().describe('Business id for get_business and check_open'),
      name: z.string(),
      category: z.string(),
      tagline: z.string(),
      address,
      phone: z.string(),
      website: z.string(),
      verified: z.boolean(),
      rating: z.number().describe('Average review rating, 1-5; 0 while reviewCount is 0 (no reviews yet, not a zero rating)'),
      reviewCount: z.number().int(),
      distanceKm: z.number().optional().describe('Only when a location was sent'),
      whyMatched: z.array(z.string()).describe('Plain reasons this business matched the query'),
      matchesQuery: z.boolean().describe('false when it is not what the query asked for, only shown instead (see the summary)'),
    }),
  ),
};

const openOutput = {
  businessId: z.string(),
  name: z.string(),
  timeZone: z.string().nullable(),
  localTime: z.string().describe('The local date and time checked, YYYY-MM-DDTHH:MM'),
  weekday: z.string(),
  open: z.boolean(),
  blackoutDate: z.boolean().describe('The date is a blackout date: closed all day whatever the weekly hours say'),
  hoursThatDay: anyObject.nullable(),
};

const categoriesOutput = {
  taxonomyVersion: z.string(),
  categories: z.array(z.object({ category: z.string(), key: z.string(), alsoCalled: z.array(z.string()) })),
};

/** The searchable kinds of the taxonomy, each with the other names that reach it. */
function listedKinds() {
  const taxonomy = categoryTaxonomy();
  const alsoCalled = new Map<string, string[]>();
  for (const [phrase, keys] of taxonomy.names) for (const key of keys) alsoCalled.set(key, [...(alsoCalled.get(key) ?? []), phrase]);
  const categories = [...taxonomy.kinds.values()]
    .filter((kind) => kind.searchable)
    .map((kind) => ({ category: kind.name, key: kind.key, alsoCalled: (alsoCalled.get(kind.key) ?? []).filter((name) => name !== kind.name.toLowerCase()) }));
  return { taxonomyVersion: taxonomy.version, categories };
}

/** A domain refusal (validation, not found, forbidden...) as a tool error the model can read and act on. */
function toolError(error: unknown, logger: Logger): CallToolResult {
  if (error instanceof DomainError) {
    const body = { error: { code: error.code, message: error.message, ...(error.details && { details: error.details }) } };
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
  logger.error({ err: error }, 'MCP tool failed');
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Internal error' } }) }] };
}

function structured<T extends Record<string, unknown>>(value: T): CallToolResult {
  return { structuredContent: value, content: [{ type: 'text', text: JSON.stringify(value) }] };
}

async function answer(logger: Logger, work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return structured(await work());
  } catch (error) {
    return toolError(error, logger);
  }
}

export function registerTools(server: McpServer, deps: McpToolDeps, caller: ToolCaller): void {
  const { logger } = deps;
  const readOnly = { readOnlyHint: true, openWorldHint: false };

  server.registerTool(
    'search_businesses',
    {
      title: 'Search local businesses',
      description:
        'Find local businesses for a natural-language request ("vegan brunch open on Sunday", "emergency plumber"). ' +
        'Send the user\'s request as query; add location (lat/lon) and radius when you know where the user is. ' +
        'Returns a grounded summary and the businesses ranked, each with its id (for get_business / check_open), rating, distance and why it matched.',
      inputSchema: {
        query: z.string().min(1).max(500).describe('What the user is looking for, in their words'),
        location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional().describe('Where to search around'),
        radius: z.string().optional().describe('Search radius with unit, e.g. "5km", "10mi" (default 50km; needs location)'),
        category: z.string().max(100).optional().describe('Restrict to one category (see list_categories)'),
        limit: z.number().int().min(1).max(50).optional().describe('How many businesses (default 10)'),
        offset: z.number().int().min(0).optional().describe('Skip this many for the next page'),
        sessionId: z.string().optional().describe('sessionId from an earlier search in this conversation'),
      },
      outputSchema: searchOutput,
      annotations: readOnly,
    },
    (args, extra) =>
      answer(logger, async () => {
        const principal = await caller.principal(extra);
        checkScope(principal, 'read:businesses');
        const result = await deps.search(principal, args, { surface: 'mcp', platform: caller.platform() });
        return {
          query: result.query,
          ...(result.correctedQuery !== undefined && { correctedQuery: result.correctedQuery }),
          summary: result.response,
          total: result.total,
          totalIsEstimate: result.totalIsEstimate,
          sessionId: result.sessionId,
          hasMore: result.pagination.hasMore,
          businesses: result.results.map((ranked) => {
            const item = presentConsumerResult(ranked);
            return {
              id: item.id,
              name: item.name,
              category: item.category,
              tagline: item.tagline,
              address: item.address,
              phone: item.phone,
              website: item.website,
              verified: item.verified,
              rating: item.averageRating,
              reviewCount: item.reviewCount,
              ...(item.distance !== undefined && { distanceKm: item.distance }),
              whyMatched: ranked.reasons,
              matchesQuery: item.matchesQuery,
            };
          }),
        };
      }),
  );

  server.registerTool(
    'get_business',
    {
      title: 'Get a business profile',
      description:
        'The full published profile of one business by id (from search_businesses): description, services with prices, weekly hours, ' +
        'blackout dates, contact details and the owner\'s exclusive content (specials, FAQs, policies). Use it before answering detailed questions.',
      inputSchema: { businessId: z.string().min(1).max(64).describe('Business id, e.g. biz_...') },
      outputSchema: restOutputSchema(profileRecordSchema),
      annotations: readOnly,
    },
    ({ businessId }, extra) =>
      answer(logger, async () => {
        const principal = await caller.principal(extra);
        checkScope(principal, 'read:businesses');
        const profile = presentProfile(await deps.profiles.read(principal, businessId));
        deps.recordAnswer({
          principal,
          surface: 'mcp',
          platform: caller.platform(),
          businesses: [{ id: profile.id, name: profile.name, category: profile.category, ...(profile.timeZone && { timeZone: profile.timeZone }) }],
        });
        return profile;
      }),
  );

  server.registerTool(
    'check_open',
    {
      title: 'Check whether a business is open',
      description:
        'Is a business open at a given local date and time (in the business\'s own time zone), or now when localTime is omitted? ' +
        'Honours weekly hours, spans past midnight and blackout dates (closed all day).',
      inputSchema: {
        businessId: z.string().min(1).max(64),
        localTime: z.string().max(32).optional().describe('Local wall-clock time YYYY-MM-DDTHH:MM, no offset; omit for "now"'),
      },
      outputSchema: openOutput,
      annotations: readOnly,
    },
    ({ businessId, localTime }, extra) =>
      answer(logger, async () => {
        const principal = await caller.principal(extra);
        checkScope(principal, 'read:businesses');
        return { ...(await deps.checkOpen(principal, businessId, localTime)) };
      }),
  );

  server.registerTool(
    'list_categories',
    {
      title: 'List business categories',
      description:
        'The kinds of business search understands (the OpenStreetMap tagging schema\'s presets with our additions): each kind\'s name, its taxonomy key ' +
        'and other names people use for it. Any of these names (or the key) works as search_businesses\' category.',
      inputSchema: {},
      outputSchema: categoriesOutput,
      annotations: readOnly,
    },
    (_args, extra) =>
      answer(logger, async () => {
        checkScope(await caller.principal(extra), 'read:businesses');
        return listedKinds();
      }),
  );

  if (deps.bookings) registerBookingTools(server, deps.bookings, caller, (work) => answer(logger, work));
}
