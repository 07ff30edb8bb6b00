// No Docker engine exists where this project is tested, so the compose file is checked for
// structure: the services, their start order, health checks and the production settings.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

interface Service {
  build?: unknown;
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
}

const compose = parse(readFileSync(resolve(__dirname, '../../docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

it('has the api, a separate indexer, mongo, elasticsearch and redis', () => {
  expect(Object.keys(services).sort()).toEqual(['api', 'elasticsearch', 'indexer', 'mongo', 'redis']);
});

it('serves the API on 8080 with the production engines and the indexer out of process', () => {
  expect(services.api.ports).toContain('8080:8080');
  expect(services.api.environment).toMatchObject({
    MONGODB_URI: expect.stringMatching(/^mongodb:\/\/mongo:27017\/.*replicaSet=rs0/),
    ELASTICSEARCH_URL: 'http://elasticsearch:9200',
    REDIS_URL: 'redis://redis:6379',
    IN_PROCESS_INDEXER: 'false',
  });
  expect(services.indexer.command).toEqual(['node', 'dist/indexer/main.js']);
});

it('waits for healthy backends before starting the API and the indexer', () => {
  for (const name of ['api', 'indexer']) {
    for (const backend of ['mongo', 'elasticsearch']) {
      expect(services[name].depends_on?.[backend]).toEqual({ condition: 'service_healthy' });
    }
  }
  expect(services.api.depends_on?.redis).toEqual({ condition: 'service_healthy' });
});

it('gives every server a health check', () => {
  for (const name of ['api', 'mongo', 'elasticsearch', 'redis']) expect(services[name].healthcheck?.test).toBeDefined();
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
