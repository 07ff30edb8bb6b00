// Operations made for assistants that REST has no route for: whether a business is
// open at a local time (MCP check_open, GraphQL Business.openAt) and the kinds of business search
// understands (MCP list_categories).
import Type from 'typebox';
import { scope } from '../core/operation';
import { listedKinds } from '../presenters/categoryListing';
import { responseSchema } from '../schemas/catalogue';
import { operation } from './declare';

const readBusinesses = scope('read:businesses');

const openingCheckQuerySchema = Type.Object(
  {
    localTime: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'A local wall-clock time YYYY-MM-DDTHH:MM in the business\'s zone, or an instant with an offset (2026-11-28T18:35:00Z, 2026-11-28T12:35-06:00); omit for now',
      }),
    ),
  },
  { additionalProperties: false },
);

export const checkOpen = operation({
  name: 'checkOpen',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'], query: openingCheckQuerySchema },
  output: responseSchema('OpeningCheck'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/opening-check' },
  docs: {
    tag: 'Business profiles',
    summary: 'Whether a business is open at a local date and time (now when localTime is left out)',
    description:
      'localTime is a wall-clock time YYYY-MM-DDTHH:MM read in the business\'s own time zone (from its coordinates), or an instant ' +
      'with an offset (2026-11-28T18:35:00Z), converted to that zone; without it, now in that zone (a business without coordinates ' +
      'then answers 400 VALIDATION_ERROR, details.field localTime, as it does for an instant). Weekly hours, spans ' +
      'past midnight and blackout dates (closed all day) are honoured, as in search\'s time filters. Published profiles for every ' +
      'caller, drafts for their owner. The same check as MCP\'s check_open and GraphQL\'s Business.openAt.',
    successDescription: 'The opening check.',
  },
  mcp: {
    tool: 'check_open',
    skill: 'check-opening',
    title: 'Check whether a business is open',
    description:
      'Is a business open at a given local date and time (in the business\'s own time zone), at an instant with an offset ' +
      '(2026-11-28T18:35:00Z), or now when localTime is omitted? ' +
      'Honours weekly hours, spans past midnight and blackout dates (closed all day).',
  },
  graphql: {
    field: 'openAt',
    on: 'Business',
    description: 'Is it open at a local date and time YYYY-MM-DDTHH:MM in its own zone, or at an instant with an offset (now when omitted)? Blackout dates honoured.',
    args: { fromParent: 'businessId' },
    cost: 0,
  },
  run: async ({ checkOpen: check }, { principal, input }) => ({ data: await check(principal, input.path.businessId, input.query.localTime) }),
});

export const listCategories = operation({
  name: 'listCategories',
  access: readBusinesses,
  rateLimit: 'general',
  input: {},
  output: responseSchema('CategoryList'),
  errors: [],
  http: { method: 'GET', path: '/categories' },
  docs: {
    tag: 'Search',
    summary: 'The kinds of business search understands, with the other names people use for them',
    description:
      'The searchable kinds of the category taxonomy (the OpenStreetMap tagging schema\'s presets, @openstreetmap/id-tagging-schema, with our ' +
      'additions) and its version: each kind\'s name, its key (amenity/dentist) and the other names that reach it. Any of these names, or ' +
      'the key, works as a search\'s `category`. The same list as MCP\'s list_categories.',
    successDescription: 'The kinds.',
    usesBackend: false,
  },
  mcp: {
    tool: 'list_categories',
    skill: 'find-businesses',
    title: 'List business categories',
    description:
      'The kinds of business search understands (the OpenStreetMap tagging schema\'s presets with our additions): each kind\'s name, its taxonomy key ' +
      'and other names people use for it. Any of these names (or the key) works as search_businesses\' category.',
  },
  run: async () => ({ data: listedKinds() }),
});

export const ASSISTANT_OPERATIONS = [checkOpen, listCategories];
