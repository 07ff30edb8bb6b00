#!/usr/bin/env node
// What `npm test` needs beyond Node: the engines and tools test/harness starts or calls. Run first
// by `npm test`, so a machine without one stops at once with one line naming what is missing and
// how to install it, instead of a wall of failing suites.
//   node scripts/test/checkEngines.mjs              # exit 1 with that line when something is missing
//   node scripts/test/checkEngines.mjs --packages   # the missing Debian packages, one line (.ci/run installs them)
//   ... --fleet                                      # only what `npm run fleet` needs
// Plain Node with no dependencies, so it also runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Like test/harness/findBinary.ts: PATH plus the sbin folders Debian packages sometimes use. */
function findBinary(name) {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, name), constants.X_OK);
      return join(folder, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Everything a command prints (stdout and stderr), or undefined when it cannot run. */
function output(command, args) {
  const run = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  return run.error ? undefined : `${run.stdout}${run.stderr}`;
}

function versionAtLeast(text, pattern, minimum) {
  const found = pattern.exec(text ?? '');
  if (!found) return false;
  const parts = found.slice(1).map(Number);
  for (let i = 0; i < minimum.length; i++) {
    if ((parts[i] ?? 0) !== minimum[i]) return (parts[i] ?? 0) > minimum[i];
  }
  return true;
}

const enginesFetched = ['elasticsearch', 'mongo'].every((engine) => existsSync(join(ROOT, '.engines', engine, '.complete')));

/** name: what the line says; ok(): present; debian: the package that provides it; fleet: `npm run fleet` needs it too. */
const REQUIREMENTS = [
  {
    name: 'Node.js 22.15+',
    ok: () => versionAtLeast(process.version, /^v(\d+)\.(\d+)/, [22, 15]),
    install: 'bash scripts/runtime/install-node.sh',
  },
  { name: 'node_modules', ok: () => existsSync(join(ROOT, 'node_modules', '.bin', 'jest')), install: 'npm ci' },
  { name: 'redis-server', ok: () => Boolean(findBinary('redis-server')), debian: 'redis-server', fleet: true },
  // The fleet's load balancer (scripts/fleet, test/fleet).
  { name: 'haproxy', ok: () => Boolean(findBinary('haproxy')), debian: 'haproxy', fleet: true },
  {
    name: 'Java 17+ (JDK)',
    ok: () => Boolean(findBinary('javac')) && versionAtLeast(output('java', ['-version']), /version "(\d+)/, [17]),
    debian: 'default-jdk-headless',
    fleet: true,
  },
  // Maven fetches the Elasticsearch and MongoDB wire-server jars into .engines/ the first time.
  { name: 'Maven (mvn)', ok: () => enginesFetched || Boolean(findBinary('mvn')), debian: 'maven', fleet: true },
  {
    name: 'Chromium',
    ok: () => Boolean(process.env.CHROMIUM_PATH ? existsSync(process.env.CHROMIUM_PATH) : findBinary('chromium')),
    debian: 'chromium',
  },
  // schemathesis (the fuzz run) installs into a venv under .engines/.
  { name: 'python3 with venv', ok: () => output('python3', ['-c', 'import ensurepip, venv; print("ok")'])?.trim() === 'ok', debian: 'python3-venv' },
  // --fail-with-body (curl 7.76) in the README walkthrough and the docs' commands, run by test/docs.
  { name: 'curl 7.76+', ok: () => versionAtLeast(output('curl', ['--version']), /^curl (\d+)\.(\d+)/, [7, 76]), debian: 'curl' },
  { name: 'jq', ok: () => Boolean(findBinary('jq')), debian: 'jq' },
  // Stripe's mock server for the payment suites, built with Go from the Go module proxy (it needs curl to fetch a toolchain when Go is missing).
  {
    name: 'stripe-mock',
    ok: () => existsSync(process.env.STRIPE_MOCK_BIN ?? join(ROOT, '.engines', 'stripe-mock', 'bin', 'stripe-mock')),
    install: 'bash scripts/engines/fetch-engines.sh stripe-mock',
  },
  // The MCP Registry's server.json schema, from the registry's own Go module (the agent discovery test validates /server.json with it).
  {
    name: 'the MCP Registry server.json schema',
    ok: () => existsSync(join(ROOT, '.engines', 'mcp-registry', 'server.schema.json')),
    install: 'bash scripts/engines/fetch-engines.sh mcp-registry',
  },
  // The native search extension's test compiles it.
  { name: 'a C compiler (cc)', ok: () => Boolean(process.env.CC ? findBinary(process.env.CC) : findBinary('cc')), debian: 'build-essential' },
];

const wanted = process.argv.includes('--fleet') ? REQUIREMENTS.filter((requirement) => requirement.fleet) : REQUIREMENTS;
const missing = wanted.filter((requirement) => !requirement.ok());
const packages = missing.filter((requirement) => requirement.debian).map((requirement) => requirement.debian);

if (process.argv.includes('--packages')) {
  console.log(packages.join(' '));
} else if (missing.length > 0) {
  const steps = [
    ...missing.filter((requirement) => requirement.install).map((requirement) => requirement.install),
    ...(packages.length > 0 ? [`sudo apt-get install -y ${packages.join(' ')}`] : []),
  ];
  console.error(
    `npm test needs ${missing.map((requirement) => requirement.name).join(', ')}: install with \`${steps.join(' && ')}\`, ` +
      'or run `bash .ci/run` on Debian/Ubuntu, which installs everything and runs the tests.',
  );
  process.exit(1);
}
