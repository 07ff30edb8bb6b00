// No Docker engine exists where this project is tested, so the compose file is checked for
// structure: the fleet's services (the topology `npm run fleet` starts), their start order, health
// checks and the production settings, and the proxy's configuration against its generator.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { DOCKER_PROXY, DOCKER_PROXY_FILE, haproxyConfig } from '../../scripts/fleet/haproxyConfig';
import { COMPILED_PROCESSES } from '../../scripts/runtime/compiledBuild';
import { findBinary } from '../harness/findBinary';

interface Service {
  build?: unknown;
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  deploy?: { replicas?: number };
  volumes?: string[];
}

const compose = parse(readFileSync(resolve(__dirname, '../../docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

it('is the fleet: a proxy, three API replicas, one indexer, two webhook workers and the engines', () => {
  expect(Object.keys(services).sort()).toEqual(['api', 'elasticsearch', 'indexer', 'mongo', 'proxy', 'redis', 'webhooks']);
  expect([services.api.deploy?.replicas, services.indexer.deploy?.replicas, services.webhooks.deploy?.replicas]).toEqual([3, 1, 2]);
  // The compiled entry points with source maps, as `npm run start:prod`, `indexer:prod`, `webhooks:prod` and the local fleet run them.
  expect(services.api.command).toEqual(['node', ...COMPILED_PROCESSES.api]);
  expect(services.indexer.command).toEqual(['node', ...COMPILED_PROCESSES.indexer]);
  expect(services.webhooks.command).toEqual(['node', ...COMPILED_PROCESSES.webhooks]);
  const scripts = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')).scripts as Record<string, string>;
  expect(scripts['start:prod']).toBe(`node scripts/runtime/checkNode.cjs && node ${COMPILED_PROCESSES.api.join(' ')}`);
  expect(scripts['indexer:prod']).toBe(`node scripts/runtime/checkNode.cjs && node ${COMPILED_PROCESSES.indexer.join(' ')}`);
  expect(scripts['webhooks:prod']).toBe(`node scripts/runtime/checkNode.cjs && node ${COMPILED_PROCESSES.webhooks.join(' ')}`);
});

it('serves the API on 8080 through the proxy only, every process on the production engines with the workers out of the API', () => {
  expect(services.proxy.ports).toEqual(['8080:8080']);
  expect(services.api.ports).toBeUndefined();
  for (const name of ['api', 'indexer', 'webhooks']) {
    expect(services[name].environment).toMatchObject({
      NODE_ENV: 'production',
      MONGODB_URI: expect.stringMatching(/^mongodb:\/\/mongo:27017\/.*replicaSet=rs0/),
      ELASTICSEARCH_URL: 'http://elasticsearch:9200',
      REDIS_URL: 'redis://redis:6379',
      IN_PROCESS_INDEXER: 'false',
      IN_PROCESS_WEBHOOKS: 'false',
      TRUST_PROXY: '1',
    });
  }
});

it('makes every process share secrets the user must set (no default secret ships)', () => {
  const raw = readFileSync(resolve(__dirname, '../../docker-compose.yml'), 'utf8');
  expect(raw).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
  expect(raw).toMatch(/WEBHOOK_SECRET_KEY: \$\{WEBHOOK_SECRET_KEY:\?/);
});

it('runs Redis with its append-only file, so a restart keeps rate-limit counts and sessions', () => {
  expect(services.redis.command).toEqual(['redis-server', '--appendonly', 'yes']);
});

it('mounts the proxy configuration its generator writes, and HAProxy accepts it', () => {
  expect(services.proxy.volumes).toEqual([`./${DOCKER_PROXY_FILE}:/usr/local/etc/haproxy/haproxy.cfg:ro`]);
  const committed = readFileSync(resolve(__dirname, '../..', DOCKER_PROXY_FILE), 'utf8');
  // Regenerate with `npx tsx scripts/fleet/haproxyConfig.ts` after changing the generator.
  expect(committed).toBe(haproxyConfig(DOCKER_PROXY));
  expect(committed).toContain('server-template api- 3 api:8080 resolvers docker init-addr none');
  const haproxy = findBinary('haproxy');
  if (!haproxy) throw new Error('haproxy is not installed (apt-get install -y haproxy): it checks this configuration');
  const checked = spawnSync(haproxy, ['-c', '-f', resolve(__dirname, '../..', DOCKER_PROXY_FILE)], { encoding: 'utf8' });
  expect(`${checked.stdout}${checked.stderr}`).toContain('Configuration file is valid');
});

it('waits for healthy backends before starting the API and the indexer, and for a healthy API before the proxy', () => {
  expect(services.proxy.depends_on?.api).toEqual({ condition: 'service_healthy' });
  for (const name of ['api', 'indexer']) {
    for (const backend of ['mongo', 'elasticsearch']) {
      expect(services[name].depends_on?.[backend]).toEqual({ condition: 'service_healthy' });
    }
  }
  expect(services.api.depends_on?.redis).toEqual({ condition: 'service_healthy' });
});

it('gives every server a health check', () => {
  for (const name of ['proxy', 'api', 'mongo', 'elasticsearch', 'redis']) expect(services[name].healthcheck?.test).toBeDefined();
});

it('runs mongo as a replica set (change streams need one) and initiates it', () => {
  expect(services.mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
  expect(JSON.stringify(services.mongo.healthcheck?.test)).toContain('rs.initiate');
});

it('runs a single-node Elasticsearch 8 with security off and a 1 GB heap', () => {
  expect(services.elasticsearch.image).toMatch(/elasticsearch:8\./);
  expect(services.elasticsearch.environment).toMatchObject({ 'discovery.type': 'single-node', 'xpack.security.enabled': 'false', ES_JAVA_OPTS: '-Xms1g -Xmx1g' });
  expect(services.redis.image).toMatch(/^redis:7/);
});

it('the Dockerfile is multi-stage, prunes dev dependencies and runs as a non-root user', () => {
  const dockerfile = readFileSync(resolve(__dirname, '../../Dockerfile'), 'utf8');
  expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
  expect(dockerfile).toMatch(/npm prune --omit=dev/);
  expect(dockerfile).toMatch(/^USER node$/m);
});

it('the Dockerfile builds the ranking extension where a compiler exists, for the runtime stage to copy', () => {
  const dockerfile = readFileSync(resolve(__dirname, '../../Dockerfile'), 'utf8');
  const [build, runtime] = dockerfile.split(/^FROM .* AS runtime$/m);
  // `npm run build` also copies the extension's C source next to the compiled rankExtension.js.
  expect(build).toMatch(/apt-get install .*g\+\+/);
  expect(build).toMatch(/RUN npm run build && npm prune --omit=dev\n(#.*\n)*RUN node -e ".*rankExtension'\)\.rankExtension\(\)/);
  expect(runtime).toMatch(/COPY --from=build \/app\/node_modules \.\/node_modules/);
  expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
});
