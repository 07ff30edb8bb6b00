// The public page of a business, fetched over HTTP as a crawler would, and read with maintained
// parsers: parse5 for the HTML, jsonld for the JSON-LD (expanded, then every type and property
// checked against the schema.org vocabulary), and the Markdown twin as text.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { loadSchemaOrgVocabulary, type SchemaOrgVocabulary } from '../../../scripts/publicPages/schemaOrgVocabulary';
import { populatedBusiness } from '../../support/populatedBusiness';
import { htmlElements } from '../../support/htmlDocument';
import { expandJsonLd, schemaOrgProblems, termOf, typesOf, valuesOf } from '../../support/schemaOrgCheck';
import { signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';

let app: TestApp;
let server: Server;
let base: string;
let vocabulary: SchemaOrgVocabulary;
let owner: Actor;
let businessId: string;
// Two of the blackout dates are in the future whatever day the test runs.
const year = new Date().getUTCFullYear() + 1;
const closedOn = [`${year}-01-01`, `${year}-07-04`];

async function api(method: string, path: string, actor: Actor, body?: unknown): Promise<any> {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: { ...actor.auth, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: any };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

beforeAll(async () => {
  app = await buildTestApp();
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vocabulary = await loadSchemaOrgVocabulary();
  owner = await signUp(app, 'owner', 'enterprise');
  const reviewers = [await signUp(app, 'ana'), await signUp(app, 'ben')];
  ({ id: businessId } = await populatedBusiness(`${base}/v1`, owner.token, reviewers.map((r) => r.token), closedOn));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

describe('GET /b/{slug}', () => {
  it('gives a published business a page at its name and city, named in its profile', async () => {
    const profile = await api('GET', `/business/profile/${businessId}`, owner);
    expect(profile.publicPage).toEqual({ setting: 'indexed', path: '/b/harbor-noodle-bar-austin' });
    const response = await fetch(`${base}/b/harbor-noodle-bar-austin`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*style-src 'sha256-/);
    expect(response.headers.get('x-robots-tag')).toBeNull();
    const elements = htmlElements(await response.text());
    expect(elements.find((el) => el.tag === 'h1')?.text).toBe('Harbor Noodle Bar');
    expect(elements.find((el) => el.tag === 'link' && el.attributes.rel === 'canonical')?.attributes.href).toBe(`${base}/b/harbor-noodle-bar-austin`);
    expect(elements.find((el) => el.tag === 'meta' && el.attributes.name === 'viewport')).toBeDefined();
    expect(elements.some((el) => el.tag === 'meta' && el.attributes.name === 'robots')).toBe(false);
    // No script runs on the page: the only script element is the JSON-LD data block.
    expect(elements.filter((el) => el.tag === 'script').map((el) => el.attributes.type)).toEqual(['application/ld+json']);
  });

  it('carries JSON-LD whose every type and property is schema.org, with the facts of the profile', async () => {
    const html = await (await fetch(`${base}/b/harbor-noodle-bar-austin`)).text();
    const data = JSON.parse(htmlElements(html).find((el) => el.tag === 'script')!.text);
    const expanded = await expandJsonLd(data);
    expect(schemaOrgProblems(expanded, vocabulary)).toEqual([]);
    const [business] = expanded;
    // "restaurants" -> amenity/restaurant -> Restaurant (schemaOrgTypes.json), a FoodEstablishment.
    expect(typesOf(business)).toEqual(['Restaurant']);
    expect(valuesOf(business, 'name')).toEqual([{ '@value': 'Harbor Noodle Bar' }]);
    const [address] = valuesOf(business, 'address');
    expect(valuesOf(address, 'addressLocality')).toEqual([{ '@value': 'Austin' }]);
    expect(valuesOf(address, 'postalCode')).toEqual([{ '@value': '78701' }]);
    const [geo] = valuesOf(business, 'geo');
    expect(valuesOf(geo, 'latitude')).toEqual([{ '@value': 30.26 }]);
    // Monday, Tuesday and Friday have hours; Sunday is closed and so has no opening.
    const hours = valuesOf(business, 'openingHoursSpecification');
    expect(hours.map((h) => [termOf(valuesOf(h, 'dayOfWeek')[0]), valuesOf(h, 'opens')[0]['@value'], valuesOf(h, 'closes')[0]['@value']])).toEqual([
      ['https://schema.org/Monday', '11:00', '22:00'],
      ['https://schema.org/Tuesday', '11:00', '22:00'],
      ['https://schema.org/Friday', '18:00', '02:00'],
    ]);
    const special = valuesOf(business, 'specialOpeningHoursSpecification');
    expect(special.map((s) => [valuesOf(s, 'validFrom')[0]['@value'], valuesOf(s, 'opens')[0]['@value'], valuesOf(s, 'closes')[0]['@value']])).toEqual([
      [closedOn[0], '00:00', '00:00'],
      [closedOn[1], '00:00', '00:00'],
    ]);
    const offers = valuesOf(business, 'makesOffer');
    expect(offers).toHaveLength(4);
    const priced = offers.map((offer) => valuesOf(offer, 'priceSpecification')[0]);
    expect(typesOf(priced[0])).toEqual(['PriceSpecification']);
    expect(valuesOf(priced[0], 'price')).toEqual([{ '@value': 65 }]);
    expect(valuesOf(priced[1], 'minPrice')).toEqual([{ '@value': 400 }]);
    expect(valuesOf(priced[1], 'maxPrice')).toEqual([{ '@value': 1200 }]);
    expect(typesOf(priced[2])).toEqual(['UnitPriceSpecification']);
    expect(valuesOf(priced[2], 'unitCode')).toEqual([{ '@value': 'HUR' }]);
    expect(priced[3]).toBeUndefined(); // the quote-only service has no price
    const [rating] = valuesOf(business, 'aggregateRating');
    // Ratings 5 and 3 from the two reviewers: 4.0 from 2.
    expect(valuesOf(rating, 'ratingValue')).toEqual([{ '@value': 4 }]);
    expect(valuesOf(rating, 'reviewCount')).toEqual([{ '@value': 2 }]);
    expect(valuesOf(business, 'review')).toHaveLength(2);
    expect(valuesOf(business, 'acceptsReservations')).toEqual([{ '@value': true }]);
    const [action] = valuesOf(business, 'potentialAction');
    expect(typesOf(action)).toEqual(['ReserveAction']);
    const [target] = valuesOf(action, 'target');
    expect(valuesOf(target, 'urlTemplate')).toEqual([{ '@value': `${base}/v1/bookings` }]);
    expect(valuesOf(business, 'sameAs')).toEqual([{ '@value': 'https://harbor.example' }]);
    const images = valuesOf(business, 'image').map((image) => termOf(image) as string);
    expect(images).toHaveLength(2);
    // The page's images are served to anyone (no API credential), as the PNG that was uploaded.
    for (const image of images) {
      expect(image).toMatch(new RegExp(`^${base}/public-media/med_`));
      const fetched = await fetch(image);
      expect([fetched.status, fetched.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
  }, 30_000);

  it('serves no image of a business without a public page, nor one its profile does not show', async () => {
    const html = await (await fetch(`${base}/b/harbor-noodle-bar-austin`)).text();
    const logo = htmlElements(html).find((el) => el.tag === 'img' && el.attributes.class === 'logo')!.attributes.src;
    expect(logo).toMatch(/^\/public-media\/med_/);
    await api('PATCH', `/business/profile/${businessId}`, owner, { publicPage: 'off' });
    expect((await fetch(`${base}${logo}`)).status).toBe(404);
    await api('PATCH', `/business/profile/${businessId}`, owner, { publicPage: 'indexed' });
    expect((await fetch(`${base}${logo}`)).status).toBe(200);
    expect((await fetch(`${base}/public-media/med_00000000000000000000`)).status).toBe(404);
  });

  it('answers a conditional request with 304 by ETag and by Last-Modified', async () => {
    const first = await fetch(`${base}/b/harbor-noodle-bar-austin`);
    const etag = first.headers.get('etag') as string;
    const lastModified = first.headers.get('last-modified') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).toString()).not.toBe('Invalid Date');
    expect((await fetch(`${base}/b/harbor-noodle-bar-austin`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${base}/b/harbor-noodle-bar-austin`, { headers: { 'If-Modified-Since': lastModified } })).status).toBe(304);
    expect((await fetch(`${base}/b/harbor-noodle-bar-austin`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('has a Markdown twin with the same facts that points at the HTML page as canonical', async () => {
    const response = await fetch(`${base}/b/harbor-noodle-bar-austin.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('link')).toBe(`<${base}/b/harbor-noodle-bar-austin>; rel="canonical"`);
    const text = await response.text();
    expect(text.split('\n')[0]).toBe('# Harbor Noodle Bar');
    expect(text).toContain('- Friday: 18:00–02:00 (next day)');
    expect(text).toContain(`Closed on: ${closedOn.join(', ')}.`);
    expect(text).toContain('- Noodle-making class ($65 · 120 min · bookable): Two hours at the counter with the chef');
    expect(text).toContain('- Private dinner ($400–$1,200)');
    expect(text).toContain('- Chef for hire ($90.50 per hour)');
    expect(text).toContain('4.0 out of 5 from 2 reviews.');
  });

  it('moves with a rename: the old address and the id redirect (301) to the new one, for HTML and Markdown', async () => {
    await api('PATCH', `/business/profile/${businessId}`, owner, { name: 'Harbor Noodle House' });
    const profile = await api('GET', `/business/profile/${businessId}`, owner);
    expect(profile.publicPage.path).toBe('/b/harbor-noodle-house-austin');
    for (const [from, to] of [
      ['/b/harbor-noodle-bar-austin', '/b/harbor-noodle-house-austin'],
      ['/b/harbor-noodle-bar-austin.md', '/b/harbor-noodle-house-austin.md'],
      [`/b/${businessId}`, '/b/harbor-noodle-house-austin'],
    ]) {
      const response = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect([from, response.status, response.headers.get('location')]).toEqual([from, 301, to]);
    }
    expect((await fetch(`${base}/b/harbor-noodle-house-austin`)).status).toBe(200);
    // Renamed back, it takes its old address again.
    await api('PATCH', `/business/profile/${businessId}`, owner, { name: 'Harbor Noodle Bar' });
    expect((await api('GET', `/business/profile/${businessId}`, owner)).publicPage.path).toBe('/b/harbor-noodle-bar-austin');
  });

  it('numbers a second business of the same name in the same city', async () => {
    const other = await signUp(app, 'other', 'enterprise');
    const created = await api('POST', '/business/profile', other, {
      name: 'Harbor Noodle Bar', category: 'restaurants', description: 'Another noodle bar of the same name across town, with its own kitchen.',
      location: { address: { street: '9 Lake St', city: 'Austin', state: 'TX', postalCode: '78702', country: 'US' }, coordinates: { lat: 30.27, lon: -97.72 } },
      contact: { phone: '+15125550777' }, hours: { monday: { open: '09:00', close: '17:00' } },
    });
    await api('PATCH', `/business/profile/${created.id}`, other, { status: 'published' });
    expect((await api('GET', `/business/profile/${created.id}`, other)).publicPage.path).toBe('/b/harbor-noodle-bar-austin-2');
    const html = await (await fetch(`${base}/b/harbor-noodle-bar-austin-2`)).text();
    expect(htmlElements(html).find((el) => el.tag === 'p' && el.attributes.class === 'kind')?.text).toBe('restaurants in Austin, TX');
  });
});

describe('the freshness signals on the page', () => {
  const reopensOn = `${year}-03-02`;
  let closing: Actor;
  let id: string;
  let path: string;
  beforeAll(async () => {
    closing = await signUp(app, 'closing', 'enterprise');
    const created = await api('POST', '/business/profile', closing, {
      name: 'Lakeside Tacos', category: 'restaurants', description: 'Breakfast tacos and migas by the lake, with coffee from a local roaster.',
      location: { address: { street: '2 Lake St', city: 'Austin', state: 'TX', postalCode: '78702', country: 'US' }, coordinates: { lat: 30.27, lon: -97.72 } },
      contact: { phone: '+15125550778' }, hours: { monday: { open: '07:00', close: '14:00' } },
      services: [{ name: 'Taco catering', bookable: true, pricing: { type: 'fixed', currency: 'USD', amount: 120 } }],
    });
    id = created.id;
    await api('PATCH', `/business/profile/${id}`, closing, { status: 'published' });
    path = (await api('GET', `/business/profile/${id}`, closing)).publicPage.path;
  });

  async function pageData(): Promise<{ html: string; business: any; markdown: string }> {
    const html = await (await fetch(`${base}${path}`)).text();
    const expanded = await expandJsonLd(JSON.parse(htmlElements(html).find((el) => el.tag === 'script')!.text));
    expect(schemaOrgProblems(expanded, vocabulary)).toEqual([]);
    const markdown = await (await fetch(`${base}${path}.md`)).text();
    return { html, business: expanded[0], markdown };
  }
  const statusNote = (html: string) => htmlElements(html).find((el) => el.tag === 'p' && el.attributes.class === 'status')?.text;

  it('says when the business confirmed its information: the page\'s lastReviewed, and a line in HTML and Markdown', async () => {
    const confirmed = await api('POST', `/business/profile/${id}/confirm`, closing);
    const day = (confirmed.lastVerifiedAt as string).slice(0, 10);
    const { html, business, markdown } = await pageData();
    const [webPage] = valuesOf(business, 'mainEntityOfPage');
    expect(typesOf(webPage)).toEqual(['WebPage']);
    expect(valuesOf(webPage, 'lastReviewed')).toEqual([{ '@value': day }]);
    expect(htmlElements(html).find((el) => el.tag === 'footer')?.text).toContain(`Information confirmed by the business on ${day}.`);
    expect(markdown).toContain(`Information confirmed by the business on ${day}.`);
    expect(statusNote(html)).toBeUndefined();
    expect(markdown).toContain(`Closed, or something wrong? Report it: \`POST ${base}/v1/business/profile/${id}/information-reports\``);
  });

  it('says it is closed until the day before it reopens, and offers no booking meanwhile', async () => {
    await api('PATCH', `/business/profile/${id}`, closing, { operatingStatus: { status: 'temporarily_closed', reopensOn } });
    const { html, business, markdown } = await pageData();
    const [closure] = valuesOf(business, 'specialOpeningHoursSpecification');
    expect(valuesOf(closure, 'validThrough')).toEqual([{ '@value': `${year}-03-01` }]);
    expect([valuesOf(closure, 'opens')[0]['@value'], valuesOf(closure, 'closes')[0]['@value']]).toEqual(['00:00', '00:00']);
    expect(valuesOf(business, 'openingHoursSpecification')).toHaveLength(1);
    expect(valuesOf(business, 'potentialAction')).toEqual([]);
    expect(valuesOf(business, 'acceptsReservations')).toEqual([{ '@value': false }]);
    expect(statusNote(html)).toBe(`Temporarily closed, expected to reopen on ${reopensOn}.`);
    expect(markdown).toContain(`**Temporarily closed, expected to reopen on ${reopensOn}.**`);
    expect(markdown).not.toContain('## Booking');
  });

  it('keeps the page of a permanently closed business, saying so, with no weekly hours', async () => {
    await api('PATCH', `/business/profile/${id}`, closing, { operatingStatus: { status: 'permanently_closed' } });
    const { html, business, markdown } = await pageData();
    const [closure, ...others] = valuesOf(business, 'specialOpeningHoursSpecification');
    expect(others).toEqual([]);
    expect(valuesOf(closure, 'validFrom')[0]['@value']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(valuesOf(closure, 'validThrough')).toEqual([]);
    expect(valuesOf(business, 'openingHoursSpecification')).toEqual([]);
    expect(statusNote(html)).toBe('Permanently closed.');
    expect(markdown).toContain('**Permanently closed.**');
  });
});
