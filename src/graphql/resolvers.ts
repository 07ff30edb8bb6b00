// Resolvers of the GraphQL read API (issue 23): each one checks the scope and counts the rate-limit
// area of the REST route it mirrors, checks its arguments with that route's own schema, and calls
// the same service; ownership is the services' own check, as in REST.
import { GraphQLScalarType } from 'graphql';
import type { Scope } from '../domain/account';
import type { Principal } from '../domain/principal';
import { checkPrincipalScope } from '../http/authorize';
import { queryChecker } from '../schemas/check';
import type { AnalyticsQuestionServices } from '../services/analytics/analyticsServices';
import type { RateLimitArea } from '../routes/routeGuards';
import { presentProfile } from '../presenters/profilePresenter';
import { presentConsumerResult, presentListingPage } from '../presenters/searchResultPresenter';
import { attributionQuerySchema, benchmarksQuerySchema, intentJourneysQuerySchema, upstreamMetricsQuerySchema } from '../schemas/endpoints/analytics';
import { directoryQuerySchema } from '../schemas/endpoints/directory';
import { listOwnedProfilesQuerySchema } from '../schemas/endpoints/profileList';
import type { CheckOpen } from '../services/openingCheck';
import type { OwnedProfiles } from '../services/ownedProfiles';
import type { ProfileService } from '../services/profileService';
import type { DirectoryInput, ListingSearch } from '../services/search/listingSearch';
import type { RecordedConsumerSearch, SearchArguments } from '../services/search/recordedConsumerSearch';
import type { AnswerOrigin, SummaryDisclosures } from '../services/summaries/summaryDisclosures';

export interface GraphqlServices {
  profiles: Pick<ProfileService, 'read'>;
  /** The search answer's summaryDisclosure (issue 34). */
  disclosures: Pick<SummaryDisclosures, 'disclose'>;
  checkOpen: CheckOpen;
  search: RecordedConsumerSearch;
  listings: Pick<ListingSearch, 'directory'>;
  ownedProfiles: OwnedProfiles;
  analytics: AnalyticsQuestionServices;
}

/** Per request: the caller, its analytics platform, and the rate limit of an area (counted once per request). */
export interface GraphqlContext {
  principal: Principal;
  /** Where the answer goes out from: the links it carries, the request id it is known by. */
  answerOrigin: AnswerOrigin;
  platform(): Promise<string>;
  limit(area: RateLimitArea): Promise<void>;
}

type Args = Record<string, unknown>;

/** GraphQL sends absent optional arguments as null; the REST schemas know them as absent. */
function present(args: Args): Args {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
}

async function guard(context: GraphqlContext, scope: Scope, area: RateLimitArea): Promise<Principal> {
  await context.limit(area);
  checkPrincipalScope(context.principal, scope);
  return context.principal;
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
});

export function createResolvers(services: GraphqlServices) {
  const checkDirectory = queryChecker(directoryQuerySchema);
  const checkOwnedPage = queryChecker(listOwnedProfilesQuerySchema);
  const analyticsField = <Q>(schema: Parameters<typeof queryChecker>[0], answer: (principal: Principal, query: Q) => Promise<unknown>) => {
    const check = queryChecker(schema);
    return async (_: unknown, args: Args, context: GraphqlContext) => answer(await guard(context, 'read:analytics', 'analytics'), check(present(args)) as Q);
  };

  return {
    JSON: JSONScalar,
    Query: {
      business: async (_: unknown, { id }: { id: string }, context: GraphqlContext) => {
        const principal = await guard(context, 'read:businesses', 'general');
        return presentProfile(await services.profiles.read(principal, id));
      },
      search: async (_: unknown, args: SearchArguments, context: GraphqlContext) => {
        const principal = await guard(context, 'read:businesses', 'search');
        const result = await services.search(principal, args, { surface: 'graphql', platform: await context.platform() });
        return {
          query: result.query,
          correctedQuery: result.correctedQuery ?? null,
          summary: result.response,
          summaryDisclosure: services.disclosures.disclose({
            ...context.answerOrigin,
            environment: principal.environment,
            summary: result.response,
            provenance: result.summary,
            businesses: result.results.map((ranked) => ranked.document),
          }),
          total: result.total,
          totalIsEstimate: result.totalIsEstimate,
          sessionId: result.sessionId,
          ...result.pagination,
          businesses: result.results.map((ranked) => ({
            ...presentConsumerResult(ranked),
            verificationLevel: ranked.document.verificationLevel,
            aiVisibilityScore: ranked.document.aiVisibilityScore,
            distanceKm: ranked.distanceKm ?? null,
            reasons: ranked.reasons,
          })),
        };
      },
      directory: async (_: unknown, args: Args, context: GraphqlContext) => {
        const principal = await guard(context, 'read:businesses', 'search');
        const query = checkDirectory(present(args)) as DirectoryInput;
        const page = presentListingPage(await services.listings.directory(principal, query), query);
        return { correctedQuery: page.correctedQuery ?? null, businesses: page.businesses.map((item) => ({ ...item, distanceKm: item.distance ?? null })), ...page.pagination };
      },
      myBusinesses: async (_: unknown, args: Args, context: GraphqlContext) => {
        const principal = await guard(context, 'read:businesses', 'general');
        const { profiles, pagination } = await services.ownedProfiles.list(principal, checkOwnedPage(present(args)) as { limit: number; cursor?: string });
        return { businesses: profiles, ...pagination, nextCursor: pagination.nextCursor ?? null };
      },
      upstreamMetrics: analyticsField(upstreamMetricsQuerySchema, services.analytics.upstreamMetrics),
      intentJourneys: analyticsField(intentJourneysQuerySchema, services.analytics.intentJourneys),
      attribution: analyticsField(attributionQuerySchema, services.analytics.attribution),
      benchmarks: analyticsField(benchmarksQuerySchema, services.analytics.benchmarks),
    },
    Business: {
      openAt: (business: { id: string }, { localTime }: { localTime?: string | null }, context: GraphqlContext) =>
        services.checkOpen(context.principal, business.id, localTime ?? undefined),
    },
  };
}
