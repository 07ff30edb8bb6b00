// What the README and docs/*.md say in prose, checked against the service and the sources the
// service is built from: error codes and their statuses (src/schemas/errorCodes.ts), every
// METHOD /path they name (the OpenAPI document, or the running app for pages), the port in their
// URLs and the configuration table (src/config.ts), the envelope and the answers they quote, and
// the rate limits (src/domain/rateLimitTiers.ts). Files another page adds are read the same way.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { PLAN_RATE_LIMITS, TEST_KEY_RATE_LIMIT } from '../../src/domain/rateLimitTiers';
import { ERROR_CODES } from '../../src/schemas/errorCodes';
import { SUMMARY_REPORT_REASONS, SUMMARY_REPORT_WINDOW_SECONDS, SUMMARY_REPORTS_PER_DAY } from '../../src/domain/summaries/summaryReport';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';
import { buildTestApp, type TestApp } from '../http/testApp';
import { documentationFiles, readDoc, ROOT } from './markdownBlocks';

const docs = documentationFiles().map((file) => ({ file, text: readDoc(file) }));
const openApi = buildOpenApiDocument() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
const SECRET = 'a-jwt-secret-that-is-at-least-32-characters';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** Every word in UPPER_SNAKE_CASE the sources, scripts and CI files contain. */
function namesInTheSources(): Set<string> {
  const names = new Set<string>();
  const read = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') read(join(path, entry));
      return;
    }
    if (!/\.(ts|mjs|js|sh|json|ya?ml|java)$|Dockerfile$|\/run$/.test(path)) return;
    for (const name of readFileSync(path, 'utf8').match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? []) names.add(name);
  };
  for (const part of ['src', 'scripts', 'indexer', 'test/harness', '.ci', 'Dockerfile', 'docker-compose.yml', 'package.json']) read(join(ROOT, part));
  return names;
}

/** The paths of the endpoints the OAuth server's metadata publishes (authorize, token, revoke...). */
async function oauthEndpointPaths(): Promise<string[]> {
  const metadata = (await request(app.callback).get('/.well-known/oauth-authorization-server')).body as Record<string, unknown>;
  return Object.values(metadata)
    .filter((value): value is string => typeof value === 'string' && value.startsWith('http'))
    .map((value) => new URL(value).pathname);
}

describe('error codes', () => {
  it('every `CODE` a page names exists in the service: an error code, a setting or a constant of the sources', () => {
    const known = namesInTheSources();
    for (const { file, text } of docs) {
      for (const [, name] of text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)) {
        // Names of other systems the pages explain (SQLite's C interface).
        if (/^SQLITE_/.test(name)) continue;
        expect({ file, name, known: known.has(name) }).toEqual({ file, name, known: true });
      }
    }
  });

  it('a status quoted with an error code ("429 `RATE_LIMITED`", "409 (`A`, `B`)") is the status the service sends it with', () => {
    let pairs = 0;
    for (const { file, text } of docs) {
      for (const [, status, list] of text.matchAll(/\b([1-5]\d\d)\s+\(?((?:`[A-Z][A-Z_]+`(?:,\s*|\s+or\s+)?)+)/g)) {
        for (const [, code] of list.matchAll(/`([A-Z][A-Z_]+)`/g)) {
          const info = (ERROR_CODES as Partial<Record<string, { status: number }>>)[code];
          expect({ file, code, status: Number(status) }).toEqual({ file, code, status: info?.status });
          pairs++;
        }
      }
    }
    // The README's rate limit, the idempotency conflicts, the booking refusals...
    expect(pairs).toBeGreaterThanOrEqual(10);
  });
});

describe('endpoints, ports and the configuration', () => {
  const METHODS = 'GET|POST|PUT|PATCH|DELETE';
  const documented = new Set(
    Object.entries(openApi.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`)),
  );

  it('every `METHOD /path` a page names is an operation of the OpenAPI document, or a page the app serves', async () => {
    const oauthEndpoints = await oauthEndpointPaths();
    let checked = 0;
    for (const { file, text } of docs) {
      for (const [, methods, rawPath] of text.matchAll(new RegExp(`\\b((?:${METHODS})(?:/(?:${METHODS}))*) (/[^\\s\`)|,;]+)`, 'g'))) {
        if (rawPath.includes('...')) continue;
        const path = rawPath.replace(/[.:]+$/, '').replace(/\?.*$/, '');
        const apiPath = (path.startsWith('/v1/') ? path.slice(3) : path).replace(/\{[^}]+\}/g, '{}');
        for (const method of methods.split('/')) {
          if (documented.has(`${method} ${apiPath}`)) {
            checked++;
            continue;
          }
          // The OAuth server's own endpoints (oidc-provider's), as its metadata publishes them.
          if (oauthEndpoints.includes(path)) {
            checked++;
            continue;
          }
          // Not an API operation: a page such as /docs or /dashboard, which must answer.
          const page = method === 'GET' && !path.includes('{') ? (await request(app.callback).get(path)).status : 404;
          expect({ file, mention: `${method} ${path}`, answered: page }).toEqual({ file, mention: `${method} ${path}`, answered: expect.any(Number) });
          expect({ file, mention: `${method} ${path}`, notFound: page === 404 }).toEqual({ file, mention: `${method} ${path}`, notFound: false });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('every URL to this service uses the default port, and OAuth links are the paths the server publishes', async () => {
    const port = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bdapi-docs-config-')), JWT_SECRET: SECRET }).port;
    expect(port).toBe(8080);
    for (const { file, text } of docs) {
      for (const [url, given] of text.matchAll(/\b(?:localhost|127\.0\.0\.1):(\d+)\/(?:v1|docs|dashboard|oauth|\.well-known)\b/g)) {
        expect({ file, url, port: Number(given) }).toEqual({ file, url, port });
      }
    }
    const published = await oauthEndpointPaths();
    let links = 0;
    for (const { file, text } of docs) {
      for (const [, path] of text.matchAll(/\$AUTH_URL(\/[\w/.-]+)/g)) {
        expect({ file, path, published: published.includes(path) }).toEqual({ file, path, published: true });
        links++;
      }
    }
    expect(links).toBeGreaterThanOrEqual(2);
  });

  it('docs/configuration.md has a row for every variable the configuration reads, and each literal default is the built-in one', () => {
    const table = readDoc('docs/configuration.md');
    const rows = [...table.matchAll(/^\| ((?:`[A-Z_]+`(?:, )?)+) \| ([^|]+) \|/gm)].map(([, names, fallback]) => ({
      names: [...names.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]),
      fallback: fallback.trim(),
    }));
    const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-docs-config-'));
    const base = { DATA_DIR: dataDir, JWT_SECRET: SECRET };
    // The variables loadConfig reads, recorded as it reads them (some only when another is set).
    const read = new Set<string>();
    const recording = (env: Record<string, string>) =>
      new Proxy(env, { get: (target, name) => (typeof name === 'string' && read.add(name), target[name as string]) });
    loadConfig(recording({ ...base }));
    loadConfig(recording({ ...base, OPENAI_API_KEY: 'sk-test', DEV_RATE_LIMIT_PLAN: 'professional' }));
    read.delete('NODE_ENV'); // documented with DEV_RATE_LIMIT_PLAN, which it refuses in production
    const documentedNames = rows.flatMap((row) => row.names);
    expect([...read].filter((name) => !documentedNames.includes(name)).sort()).toEqual([]);

    const cwd = process.cwd();
    process.chdir(dataDir); // DATA_DIR's default, ./data, is made where the process runs
    try {
      let literals = 0;
      for (const row of rows) {
        const literal = /^`([^`]+)`$/.exec(row.fallback)?.[1];
        if (!literal || row.names.length !== 1) continue;
        const [name] = row.names;
        const withoutIt = name === 'DATA_DIR' ? { JWT_SECRET: SECRET } : base;
        expect({ name, config: loadConfig({ ...withoutIt, [name]: literal }) }).toEqual({ name, config: loadConfig(withoutIt) });
        literals++;
      }
      expect(literals).toBeGreaterThanOrEqual(10);
    } finally {
      process.chdir(cwd);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('what the API documents', () => {
  it('every averageRating says what 0 means: no reviews yet, not a zero rating', () => {
    const described: string[] = [];
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key === 'averageRating' && value && typeof value === 'object' && 'type' in value) described.push(String((value as { description?: string }).description));
        visit(value);
      }
    };
    visit(buildOpenApiDocument());
    expect(described.length).toBeGreaterThanOrEqual(3); // profile trust, search results, review lists
    for (const description of described) expect(description).toMatch(/0 while \w+ is 0: no rating yet, not a zero rating/);
  });
});

describe('the summary reports page', () => {
  it('quotes the per-caller limit and the reasons the service takes', () => {
    const page = readDoc('docs/summaries.md').replace(/\s+/g, ' ');
    expect(page).toContain(`A caller makes at most ${SUMMARY_REPORTS_PER_DAY} reports in any ${SUMMARY_REPORT_WINDOW_SECONDS / 3600} hours`);
    expect(page).toContain(`\`reason\` (${SUMMARY_REPORT_REASONS.map((reason) => `\`${reason}\``).join(', ')})`);
  });
});

describe('answers the README quotes', () => {
  const readme = readDoc('README.md');

  it('the endpoint table\'s quoted answers are what those endpoints answer', async () => {
    let quoted = 0;
    for (const [, path, json] of readme.matchAll(/^\| `GET (\/v1\/[\w./-]+)` \| [^`|]*`(\{[^`]+\})`/gm)) {
      const answer = await request(app.callback).get(path);
      expect({ path, body: answer.body }).toMatchObject({ path, body: JSON.parse(json) });
      quoted++;
    }
    expect(quoted).toBeGreaterThanOrEqual(2);
  });

  it('the envelope is the one every answer has, and the answers without it are the ones the README names', async () => {
    const paragraph = readme.slice(readme.indexOf('Answers are envelopes'), readme.indexOf('\n\n', readme.indexOf('Answers are envelopes')));
    const [success, failure] = [...paragraph.matchAll(/`(\{"success": (?:true|false)[^`]*\})`/g)].map(([, quote]) => [...quote.matchAll(/"(\w+)"/g)].map((m) => m[1]));
    const health = (await request(app.callback).get('/v1/health')).body as Record<string, Record<string, unknown>>;
    expect(success).toEqual(['success', 'data', 'meta', ...Object.keys(health.meta)]);
    expect(Object.keys(health)).toEqual(['success', 'data', 'meta']);
    const refused = (await request(app.callback).post('/v1/auth/register').send({ email: 'not an address' })).body as Record<string, Record<string, unknown>>;
    expect(failure).toEqual(['success', 'error', ...Object.keys(refused.error), 'meta']);
    expect(Object.keys(refused)).toEqual(['success', 'error', 'meta']);

    // Operations whose 2xx JSON answer has no `data` (from the document the service serves).
    const components = (buildOpenApiDocument() as { components: Record<string, Record<string, unknown>> }).components;
    const resolve = (value: unknown): Record<string, unknown> | undefined => {
      let node = value as Record<string, unknown> | undefined;
      while (typeof node?.$ref === 'string') node = node.$ref.split('/').slice(2).reduce((at: Record<string, unknown>, key) => at[key] as Record<string, unknown>, components);
      return node;
    };
    const bare: string[] = [];
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const schema = resolve((resolve(response)?.content as Record<string, { schema: unknown }> | undefined)?.['application/json']?.schema);
          if (status.startsWith('2') && schema && !(schema.properties as Record<string, unknown> | undefined)?.data) bare.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(bare.length).toBeGreaterThanOrEqual(5);
    for (const operation of bare) {
      const path = operation.split(' ')[1];
      const named = paragraph.includes(`/v1${path}\``) || paragraph.includes(`\`/${path.split('/').pop()}\``);
      expect({ operation, namedInTheReadme: named }).toEqual({ operation, namedInTheReadme: true });
    }
  });

  it('the free, sandbox and enterprise limits are the service\'s', () => {
    const count = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');
    const { free, enterprise } = PLAN_RATE_LIMITS;
    const flat = readme.replace(/\s+/g, ' ');
    expect(flat).toContain(`${count(free.general.points)} requests per hour for profile and account calls, ${count(free.search.points)} searches per day`);
    expect(flat).toContain(`an \`sk_test_\` key has ${count(TEST_KEY_RATE_LIMIT.points)} requests per hour in all`);
    expect(flat).toContain(`Enterprise allows ${count(enterprise.general.points)} requests per hour and ${count(enterprise.search.points)} searches per day`);
  });
});
