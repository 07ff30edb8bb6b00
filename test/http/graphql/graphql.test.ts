// The GraphQL read API: every query field against the real app, and the refusals
// (no credential, another account's analytics, a missing scope, too deep, too costly, bad arguments),
// each in GraphQL's errors shape with our code in extensions.code.
import { execFileSync } from 'node:child_process';
import { getIntrospectionQuery } from 'graphql';
import { join } from 'node:path';
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';
import { selectAll, withoutNulls } from '../../support/graphqlSelections';

// Tuesday 10 March 2026, 13:00 in Austin (CDT, UTC-5).
const NOW = '2026-03-10T18:00:00.000Z';

let app: TestApp;
let owner: Actor;
let stranger: Actor;
const ids: Record<string, string> = {};

const gql = (auth: Record<string, string>, query: string, variables?: Record<string, unknown>) =>
  request(app.callback).post('/v1/graphql').set(auth).send({ query, ...(variables && { variables }) });

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(NOW) });
  owner = await signUp(app, 'gql-owner');
  stranger = await signUp(app, 'gql-stranger');
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(
    completeProfileBody({
      name: 'Sprout Kitchen',
      description: 'Sprout Kitchen serves vegan food made fresh every day from local produce, with seasonal specials.',
      services: [{ name: 'Vegan tasting menu', pricing: { type: 'fixed', currency: 'USD', amount: 45 } }],
    }),
  );
  ids.sprout = created.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${ids.sprout}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  const draft = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Unfinished Bakery' }));
  ids.draft = draft.body.data.id;
  await untilIndexed(app);
});
afterAll(() => app.close());

describe('queries', () => {
  it('business(id) with services, hours and openAt', async () => {
    // Prices and hours are typed: unions by fragment, days not stated answered null.
    const day = '{ ... on Open { open close } ... on Closed { closed } }';
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((name) => `${name} ${day}`).join(' ');
    const price = '{ ... on Fixed { type currency amount } ... on Range { type currency minAmount maxAmount } ... on Hourly { type currency amount } }';
    const response = await gql(owner.auth, `query($id: ID!) { business(id: $id) { id name timeZone services { name pricing ${price} } hours { ${week} }
      now: openAt { open weekday localTime } sunday: openAt(localTime: "2026-03-15T12:00") { open weekday }
      instant: openAt(localTime: "2026-03-10T15:59:00Z") { open localTime } } }`, { id: ids.sprout });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(withoutNulls(response.body.data.business)).toEqual({
      id: ids.sprout,
      name: 'Sprout Kitchen',
      timeZone: 'America/Chicago',
      services: [{ name: 'Vegan tasting menu', pricing: { type: 'fixed', currency: 'USD', amount: 45 } }],
      hours: { monday: { open: '11:00', close: '22:00' }, tuesday: { open: '11:00', close: '22:00' }, sunday: { closed: true } },
      now: { open: true, weekday: 'tuesday', localTime: '2026-03-10T13:00' },
      sunday: { open: false, weekday: 'sunday' },
      // An instant with an offset is read on the business's clock: 15:59Z is 10:59 in Chicago, before opening.
      instant: { open: false, localTime: '2026-03-10T10:59' },
    });
  });

  it('search: the consumer search, recorded with surface graphql', async () => {
    await app.eventRecorder.flush();
    app.recorded.clear();
    const response = await gql(owner.auth, '{ search(query: "vegan food", location: {lat: 30.2672, lon: -97.7431}, radius: "10km") { total summary hasMore businesses { id name distanceKm reasons matchesQuery } } }');
    expect(response.body.errors).toBeUndefined();
    const { search } = response.body.data;
    expect(search.total).toBe(1);
    expect(search.businesses[0]).toMatchObject({ id: ids.sprout, name: 'Sprout Kitchen' });
    // 1400 S Congress Ave is about 2.2 km from the city centre point.
    expect(search.businesses[0].distanceKm).toBeGreaterThan(1.5);
    expect(search.businesses[0].distanceKm).toBeLessThan(3);
    expect(search.businesses[0].reasons.length).toBeGreaterThan(0);
    expect(search.businesses[0].matchesQuery).toBe(true);
    expect(search.summary).toContain('Sprout Kitchen');
    await app.eventRecorder.flush();
    expect(app.recorded.stored.map(({ type, businessId, surface, platform }) => ({ type, businessId, surface, platform }))).toEqual([
      { type: 'impression', businessId: ids.sprout, surface: 'graphql', platform: 'direct' },
      { type: 'citation', businessId: ids.sprout, surface: 'graphql', platform: 'direct' },
    ]);
  });

  it('directory', async () => {
    const response = await gql(owner.auth, '{ directory(city: "Austin", sortBy: "name", sortOrder: "asc") { total totalIsEstimate hasMore businesses { id name verificationLevel } } }');
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.directory).toEqual({ total: 1, totalIsEstimate: false, hasMore: false, businesses: [{ id: ids.sprout, name: 'Sprout Kitchen', verificationLevel: 'none' }] });
  });

  it('myBusinesses: the caller\'s own, drafts included, with a cursor', async () => {
    const first = await gql(owner.auth, '{ myBusinesses(limit: 1) { total hasMore nextCursor businesses { id status } } }');
    expect(first.body.data.myBusinesses).toMatchObject({ total: 2, hasMore: true });
    const second = await gql(owner.auth, 'query($c: String) { myBusinesses(limit: 1, cursor: $c) { hasMore businesses { id status } } }', { c: first.body.data.myBusinesses.nextCursor });
    expect(second.body.data.myBusinesses.hasMore).toBe(false);
    // Both created at the test clock's one instant: the page order is then by id.
    const both = [...first.body.data.myBusinesses.businesses, ...second.body.data.myBusinesses.businesses];
    expect(both.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [{ id: ids.sprout, status: 'published' }, { id: ids.draft, status: 'draft' }].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await gql(stranger.auth, '{ myBusinesses { total } }')).body.data.myBusinesses.total).toBe(0);
  });

  it('the four analytics results, as REST answers them', async () => {
    const period = `businessId: "${ids.sprout}", startDate: "2026-03-10", endDate: "2026-03-10"`;
    const response = await gql(
      owner.auth,
      `{ upstreamMetrics(${period}) ${selectAll('upstreamMetrics')} intentJourneys(${period}) ${selectAll('intentJourneys')} attribution(${period}) ${selectAll('attribution')} }`,
    );
    expect(response.body.errors).toBeUndefined();
    const rest = await request(app.callback).get(`/v1/analytics/upstream-metrics?businessId=${ids.sprout}&startDate=2026-03-10&endDate=2026-03-10`).set(owner.auth);
    expect(withoutNulls(response.body.data.upstreamMetrics)).toEqual(rest.body);
    expect(response.body.data.upstreamMetrics.metrics.impressions).toBe(1);
    expect(response.body.data.intentJourneys.businessId).toBe(ids.sprout);
    expect(response.body.data.attribution.businessId).toBe(ids.sprout);
    const bench = await gql(owner.auth, `{ benchmarks(${period}) ${selectAll('benchmarks')} }`);
    expect(bench.body.errors).toBeUndefined();
    expect(bench.body.data.benchmarks.businessId).toBe(ids.sprout);
  });
});

describe('refusals', () => {
  it('search: the summary\'s disclosure and report link, which takes a report over REST naming this request', async () => {
    const response = await gql(owner.auth, '{ search(query: "vegan food", location: {lat: 30.2672, lon: -97.7431}, radius: "10km") { summary summaryDisclosure { text generatedBy model generatedAt reportUrl } } }');
    expect(response.body.errors).toBeUndefined();
    const { summary, summaryDisclosure } = response.body.data.search;
    expect(summaryDisclosure).toMatchObject({ generatedBy: 'template', model: null, text: expect.stringContaining('fixed template (no AI model)') });
    const reported = await request(app.callback).post(new URL(summaryDisclosure.reportUrl).pathname).set(owner.auth).send({ reason: 'inaccurate', summary });
    expect(reported.status).toBe(201);
    expect(reported.body.data).toMatchObject({ requestId: response.headers['x-request-id'], businessIds: [ids.sprout] });
  });

  it('no credential: 401 with WWW-Authenticate, in the errors shape', async () => {
    const response = await request(app.callback).post('/v1/graphql').send({ query: '{ myBusinesses { total } }' });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.body).toEqual({ errors: [{ message: 'Missing bearer credential', extensions: { code: 'UNAUTHORIZED' } }] });
  });

  it('another account\'s analytics: FORBIDDEN on that field', async () => {
    const response = await gql(stranger.auth, `{ upstreamMetrics(businessId: "${ids.sprout}", startDate: "2026-03-10", endDate: "2026-03-10") { businessId } }`);
    expect(response.body.data).toBeNull();
    expect(response.body.errors).toEqual([expect.objectContaining({ path: ['upstreamMetrics'], extensions: { code: 'FORBIDDEN' } })]);
  });

  it('another account\'s draft: FORBIDDEN; an unknown id: PROFILE_NOT_FOUND', async () => {
    const response = await gql(stranger.auth, `{ draft: business(id: "${ids.draft}") { id } missing: business(id: "biz_doesnotexist0000") { id } }`);
    expect(response.body.data).toEqual({ draft: null, missing: null });
    const codes = Object.fromEntries(response.body.errors.map((e: { path: string[]; extensions: { code: string } }) => [e.path[0], e.extensions.code]));
    expect(codes).toEqual({ draft: 'FORBIDDEN', missing: 'PROFILE_NOT_FOUND' });
  });

  it('a key without read:analytics gets its business but not the analytics field', async () => {
    const key = await apiKey(app, owner, 'live', ['read:businesses']);
    const response = await gql(key.auth, `{ business(id: "${ids.sprout}") { id } upstreamMetrics(businessId: "${ids.sprout}", startDate: "2026-03-10", endDate: "2026-03-10") { businessId } }`);
    expect(response.body.data).toBeNull(); // upstreamMetrics is non-null: the whole data goes
    expect(response.body.errors[0].extensions).toEqual({ code: 'FORBIDDEN', details: { field: 'scope', issue: 'requires the read:analytics scope', requiredScope: 'read:analytics' } });
  });

  it('bad arguments: the REST schema\'s field and issue', async () => {
    const response = await gql(owner.auth, '{ search(query: "vegan", location: {lat: 30.2, lon: -97.7}, radius: "0km") { total } }');
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'location.distance' } });
    const sort = await gql(owner.auth, '{ directory(sortBy: "price") { total } }');
    expect(sort.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'sortBy' } });
  });

  it('too deep, too costly, malformed: refused before any resolver runs', async () => {
    // The standard introspection query (15 levels) is allowed; one level more is not.
    const introspection = await gql(owner.auth, getIntrospectionQuery());
    expect(introspection.body.errors).toBeUndefined();
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
    const chain = (levels: number) => `{ __type(name: "Business") { ${'ofType { '.repeat(levels - 2)}name${' }'.repeat(levels - 2)} } }`;
    expect((await gql(owner.auth, chain(15))).body.errors).toBeUndefined();
    const deep = await gql(owner.auth, chain(16));
    expect(deep.body.data).toBeUndefined();
    expect(deep.body.errors).toEqual([expect.objectContaining({ message: 'The query is 16 levels deep; at most 15 are allowed', extensions: { code: 'VALIDATION_ERROR', details: { field: 'query', issue: 'must be at most 15 levels deep' } } })]);

    const costly = await gql(owner.auth, '{ a: search(query: "a") { total } b: search(query: "b") { total } c: search(query: "c") { total } d: search(query: "d") { total } }');
    expect(costly.body.data).toBeUndefined();
    expect(costly.body.errors).toEqual([expect.objectContaining({ message: 'The query costs 40; at most 30 is allowed (search and analytics fields cost 10, directory 5, myBusinesses 2, business 1)', extensions: { code: 'VALIDATION_ERROR', details: { field: 'query', issue: 'must cost at most 30' } } })]);
    // Three searches are within the cost.
    expect((await gql(owner.auth, '{ a: search(query: "a") { total } b: search(query: "b") { total } c: search(query: "c") { total } }')).body.errors).toBeUndefined();

    const malformed = await gql(owner.auth, '{ business(id: ');
    expect(malformed.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
    // GraphQL over HTTP: with its own media type a refused request is a 400.
    const strict = await request(app.callback).post('/v1/graphql').set(owner.auth).set('Accept', 'application/graphql-response+json').send({ query: chain(16) });
    expect(strict.status).toBe(400);
  });

  it('mutations do not exist; GET is 405 (no GraphiQL)', async () => {
    const mutation = await gql(owner.auth, 'mutation { deleteBusiness(id: "x") }');
    expect(mutation.body.data ?? null).toBeNull();
    expect(mutation.body.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/mutation/i), extensions: expect.objectContaining({ code: 'VALIDATION_ERROR' }) })]);
    const page = await request(app.callback).get('/v1/graphql').set(owner.auth).set('Accept', 'text/html');
    expect(page.status).toBe(405);
  });
});

it('npm run graphql:schema prints the SDL the server answers introspection with', () => {
  const printed = execFileSync(process.execPath, [join(__dirname, '../../../node_modules/tsx/dist/cli.mjs'), 'scripts/printGraphqlSchema.ts'], { cwd: join(__dirname, '../../..'), encoding: 'utf8' });
  expect(printed).toContain('type Query {');
  // Arguments carry the query schema's descriptions, printed between them.
  expect(printed).toMatch(/myBusinesses\(\s*(?:"""[^"]*"""\s*)?limit: Int\s*(?:"""[^"]*"""\s*)?cursor: String\s*\): MyBusinessesPage!/);
  expect(printed).toMatch(/Read only/);
  expect(printed).not.toContain('type Mutation');
});
