// The directory's public documents fetched over HTTP: the sitemap index and its files read with an
// XML parser (fast-xml-parser, validated first) at 120 000 businesses, robots.txt with and without
// the operator's crawler policy, llms.txt and its per-city, per-kind Markdown pages.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { SLUG_KEY_PREFIX } from '../../../src/domain/publicPage/publicSlug';
import { aProfile } from '../../fixtures/profiles';
import { completeProfileBody, signUp } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';

const parser = new XMLParser({ isArray: (name) => name === 'sitemap' || name === 'url' });

function parsedXml(text: string): any {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

describe('robots.txt, llms.txt and the Markdown directory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ config: { jsonBodyLimit: 1024 * 1024, jwtSecret: 'test-secret-that-is-at-least-32-characters-long', directoryName: 'Austin & Round Rock <Directory>', robotsDisallow: ['GPTBot', 'CCBot'] } });
    const owner = await signUp(app, 'owner', 'enterprise');
    const publish = async (body: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(body));
      expect(created.status).toBe(201);
      const patched = await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published', ...extra });
      expect(patched.status).toBe(200);
    };
    await publish({ name: 'Taco Uno', category: 'restaurant' });
    await publish({ name: 'Taco Dos', category: 'restaurant' });
    await publish({ name: 'Smile Dental', category: 'dentist' });
    await publish({ name: 'Hidden Tacos', category: 'restaurant' }, { publicPage: 'noindex' });
    await publish({ name: 'Round Rock Diner', category: 'restaurant', location: { address: { street: '1 Main St', city: 'Round Rock', state: 'TX', postalCode: '78664', country: 'US' }, coordinates: { lat: 30.5, lon: -97.67 } } });
    await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Draft Tacos', category: 'restaurant' }));
  });
  afterAll(() => app.close());

  it('robots.txt allows everything public, disallows the crawlers the operator named, and points at the sitemap', async () => {
    const response = await request(app.callback).get('/robots.txt').set('Host', 'directory.example');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe([
      'User-agent: *', 'Allow: /', 'Disallow: /v1/', 'Disallow: /dashboard', '',
      'User-agent: GPTBot', 'Disallow: /', '',
      'User-agent: CCBot', 'Disallow: /', '',
      'Sitemap: http://directory.example/sitemap.xml', '',
    ].join('\n'));
  });

  it('llms.txt names the directory and links each city and kind with its count, indexable businesses only', async () => {
    const response = await request(app.callback).get('/llms.txt').set('Host', 'directory.example');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const lines = response.text.split('\n');
    expect(lines[0]).toBe('# Austin & Round Rock \\<Directory\\>');
    expect(lines[2]).toMatch(/^> A directory of 4 local businesses/);
    expect(lines.filter((line) => line.startsWith('## ') || line.startsWith('- ['))).toEqual([
      '## Austin, TX, US',
      '- [Restaurant in Austin, TX, US](http://directory.example/directory/austin-tx-us/amenity-restaurant.md): 2 businesses',
      '- [Dentist in Austin, TX, US](http://directory.example/directory/austin-tx-us/amenity-dentist.md): 1 business',
      '## Round Rock, TX, US',
      '- [Restaurant in Round Rock, TX, US](http://directory.example/directory/round-rock-tx-us/amenity-restaurant.md): 1 business',
      '## Optional',
      '- [API reference](http://directory.example/v1/openapi.json): OpenAPI 3.1, every operation and field',
    ]);
  });

  it('a city and kind page lists its businesses by name, linked to their Markdown pages', async () => {
    const response = await request(app.callback).get('/directory/austin-tx-us/amenity-restaurant.md').set('Host', 'directory.example');
    expect(response.status).toBe(200);
    expect(response.text.split('\n').filter((line) => line.startsWith('- ['))).toEqual([
      '- [Taco Dos](http://directory.example/b/taco-dos-austin.md): restaurant',
      '- [Taco Uno](http://directory.example/b/taco-uno-austin.md): restaurant',
    ]);
    expect((await request(app.callback).get('/directory/austin-tx-us/shop-bakery.md')).status).toBe(404);
    expect((await request(app.callback).get('/directory/austin-tx-us/amenity-restaurant')).status).toBe(404);
  });
});

describe('sitemap at 120 000 businesses', () => {
  let app: TestApp;
  let server: Server;
  let base: string;
  const COUNT = 120_000;

  beforeAll(async () => {
    app = await buildTestApp();
    // Indexing 120 000 profiles is not what this test is about.
    await app.indexer.stop();
    for (let start = 0; start < COUNT; start += 10_000) {
      const batch = Array.from({ length: 10_000 }, (_, i) => {
        const n = start + i;
        const id = `biz_${String(n).padStart(20, '0')}`;
        const slug = `business-${n}-austin`;
        // Every 1000th is a draft: left out.
        return aProfile({ id, status: n % 1000 === 999 ? 'draft' : 'published', publicSlugs: [slug], dedupeKeys: [`name:${id}`, `${SLUG_KEY_PREFIX}${slug}`], updatedAt: `2026-0${1 + (n % 9)}-15T10:00:00.000Z` });
      });
      await app.store.profiles.createMany(batch);
    }
    server = createServer(app.callback);
    // Parsing a 50 000-URL file can take longer than Node's 5 s keep-alive: keep the connection for the next fetch.
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  it('is an index over files of at most 50 000 URLs with lastmod, together listing every published business once', async () => {
    const before = process.memoryUsage();
    const index = await fetch(`${base}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const sitemaps = parsedXml(await index.text()).sitemapindex.sitemap as Array<{ loc: string; lastmod: string }>;
    // 120 000 less the 120 drafts: 119 880 pages, so files of 50 000, 50 000 and 19 880.
    expect(sitemaps).toHaveLength(3);
    const seen = new Set<string>();
    const counts: number[] = [];
    let peakRss = before.rss;
    for (const sitemap of sitemaps) {
      expect(sitemap.lastmod).toBe('2026-09-15T10:00:00.000Z');
      const file = await fetch(sitemap.loc);
      expect(file.status).toBe(200);
      // Streamed: no Content-Length, sent in chunks as the store is read.
      expect(file.headers.get('content-length')).toBeNull();
      const urls = parsedXml(await file.text()).urlset.url as Array<{ loc: string; lastmod: string }>;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      counts.push(urls.length);
      for (const url of urls) {
        expect(url.lastmod).toMatch(/^2026-0\d-15T10:00:00.000Z$/);
        seen.add(url.loc);
      }
    }
    expect(counts).toEqual([50_000, 50_000, 19_880]);
    expect(seen.size).toBe(119_880);
    expect(seen.has(`${base}/b/business-0-austin`)).toBe(true);
    expect(seen.has(`${base}/b/business-999-austin`)).toBe(false);
    // A measurement, printed for docs/benchmarks.md: the test process holds the parsed documents too.
    process.stdout.write(`sitemap at ${COUNT}: RSS ${Math.round(before.rss / 2 ** 20)} -> peak ${Math.round(peakRss / 2 ** 20)} MiB while fetching and parsing the index and 3 files\n`);
  }, 300_000);
});
