// The GraphQL read API's schema (issue 23), written once: `npm run graphql:schema` prints it.
// Read only: every change goes through the REST API (its idempotency keys, ETags, webhooks).
export const typeDefs = /* GraphQL */ `
"""
Business discovery read API. Read only: creating and changing profiles, reviews and bookings is done
through the REST API (/v1/...), which GraphQL mirrors for reading. Every field checks the same scope,
ownership and rate-limit area as the REST route it mirrors; refusals are in errors[] with our error
code in extensions.code (and extensions.details where REST gives details).
"""
type Query {
  "A business profile: published ones for everyone, drafts for their owner. Scope read:businesses."
  business(id: ID!): Business
  "Natural-language consumer search (as POST /api/v1/consumer/search). Scope read:businesses; search rate-limit area."
  search(query: String!, location: LocationInput, radius: String, category: String, limit: Int, offset: Int, sessionId: String): SearchResult!
  "Directory listing with filters and sorting (as GET /api/v1/directory). Scope read:businesses; search rate-limit area."
  directory(
    query: String
    category: String
    city: String
    state: String
    country: String
    postalCode: String
    verificationLevel: String
    sortBy: String
    sortOrder: String
    limit: Int
    offset: Int
  ): DirectoryPage!
  "The caller's own profiles in the caller's environment, drafts included (as GET /business/profile). Scope read:businesses."
  myBusinesses(limit: Int, cursor: String): MyBusinessesPage!
  "As GET /analytics/upstream-metrics (the same JSON object). Scope read:analytics; your own business (admins: any)."
  upstreamMetrics(businessId: ID!, startDate: String!, endDate: String!, platform: String, granularity: String): JSON!
  "As GET /analytics/intent-journeys. Scope read:analytics; your own business (admins: any)."
  intentJourneys(businessId: ID!, startDate: String!, endDate: String!, stage: String): JSON!
  "As GET /analytics/attribution. Scope read:analytics; your own business (admins: any)."
  attribution(businessId: ID!, startDate: String!, endDate: String!, model: String): JSON!
  "As GET /analytics/benchmarks. Scope read:analytics; your own business (admins: any)."
  benchmarks(businessId: ID!, startDate: String!, endDate: String!, category: String, location: String): JSON!
}

"Any JSON value; the shape is the one the REST API documents for the same field."
scalar JSON

input LocationInput {
  lat: Float!
  lon: Float!
}

type Business {
  id: ID!
  name: String!
  category: String!
  description: String!
  tagline: String!
  "IANA zone the hours are read in; null without coordinates."
  timeZone: String
  location: JSON!
  contact: JSON!
  services: [Service!]!
  "Weekly hours in local time: {monday: {open, close} | {closed: true}, ...}."
  hours: JSON!
  "Local dates (YYYY-MM-DD) closed all day."
  blackoutDates: [String!]!
  media: JSON!
  trust: JSON!
  exclusiveContent: JSON!
  aiVisibilityScore: Float!
  status: String!
  createdAt: String!
  updatedAt: String!
  "Is it open at a local date and time YYYY-MM-DDTHH:MM in its own zone (now when omitted)? Blackout dates honoured."
  openAt(localTime: String): OpeningCheck!
}

type Service {
  id: ID!
  name: String!
  description: String
  category: String
  "{type: fixed, amount, currency} | {type: range, minAmount, maxAmount, currency} | ... as in REST."
  pricing: JSON
  duration: Int
  bookable: Boolean
}

type OpeningCheck {
  open: Boolean!
  localTime: String!
  weekday: String!
  timeZone: String
  blackoutDate: Boolean!
  hoursThatDay: JSON
}

type Address {
  street: String
  city: String
  state: String
  postalCode: String
  country: String
}

type SearchResult {
  query: String!
  correctedQuery: String
  "Grounded summary of the answer."
  summary: String!
  "Businesses found: exact up to 10 000 matches, beyond that a lower bound (see totalIsEstimate)."
  total: Int!
  "True when total is a lower bound: the index stopped counting at 10 000 matches."
  totalIsEstimate: Boolean!
  sessionId: String!
  offset: Int!
  limit: Int!
  hasMore: Boolean!
  businesses: [BusinessItem!]!
}

"A business in a search answer or a directory page."
type BusinessItem {
  id: ID!
  name: String!
  category: String!
  description: String!
  tagline: String!
  address: Address!
  phone: String!
  website: String!
  verified: Boolean!
  verificationLevel: String!
  "Mean of the visible reviews, 1-5 to one decimal; 0 while reviewCount is 0 (no reviews yet, not a zero rating)."
  averageRating: Float!
  "Visible reviews; 0 means none yet."
  reviewCount: Int!
  aiVisibilityScore: Float!
  "Kilometres from the location sent; null without one."
  distanceKm: Float
  "Search only: how much this session's history lifted it (0-1)."
  personalizationScore: Float
  "Search only: why it matched, in plain words."
  reasons: [String!]
  "Search only: false when it is not what the query asked for, only shown instead (the summary says so first)."
  matchesQuery: Boolean
}

type DirectoryPage {
  correctedQuery: String
  businesses: [BusinessItem!]!
  "Businesses found: exact up to 10 000 matches, beyond that a lower bound (see totalIsEstimate)."
  total: Int!
  "True when total is a lower bound: the index stopped counting at 10 000 matches."
  totalIsEstimate: Boolean!
  limit: Int!
  offset: Int!
  hasMore: Boolean!
}

type MyBusinessesPage {
  businesses: [OwnedBusiness!]!
  total: Int!
  limit: Int!
  hasMore: Boolean!
  "Pass as cursor for the next page."
  nextCursor: String
}

type OwnedBusiness {
  id: ID!
  name: String!
  status: String!
  completionPercentage: Int!
  createdAt: String!
  updatedAt: String!
}
`;
