// The layer rules of .dependency-cruiser.cjs (run over the real tree by `npm run lint:layers`) must
// be able to fail: each is run here over a small tree that breaks it, and over one that keeps them.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes the files (path -> source) into a fresh folder and returns the violations found there. */
async function violationsIn(files: Record<string, string>): Promise<Violation[]> {
  const base = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    writeFileSync(join(base, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', strict: true } }));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(base, path)), { recursive: true });
      writeFileSync(join(base, path), source);
    }
    const { stdout } = await promisify(execFile)(DEPCRUISE, ['src', 'indexer', 'scripts', '--config', CONFIG, '--output-type', 'json'], { cwd: base }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

const tree = {
  'src/domain/profile.ts': 'export interface Profile { id: string }\n',
  'src/ports/store.ts': "import type { Profile } from '../domain/profile';\nexport interface Store { read(id: string): Promise<Profile> }\n",
  'src/services/profileService.ts': "import type { Store } from '../ports/store';\nexport const read = (store: Store, id: string) => store.read(id);\n",
  'src/http/profileRoute.ts': "import { read } from '../services/profileService';\nexport const route = read;\n",
  'src/runtime/main.ts': "import { route } from '../http/profileRoute';\nexport const app = route;\n",
  'indexer/indexer.ts': "import type { Store } from '../src/ports/store';\nexport type Source = Store;\n",
  'scripts/seed.ts': "import { app } from '../src/runtime/main';\nexport const seeded = app;\n",
};

describe('layer rules', () => {
  it('find nothing in a tree that imports only downward', async () => {
    expect(await violationsIn(tree)).toEqual([]);
  }, 60_000);

  it('refuse a domain module importing a port, a service importing a transport, and a cycle', async () => {
    const violations = await violationsIn({
      ...tree,
      'src/domain/profile.ts': "import type { Store } from '../ports/store';\nexport interface Profile { id: string; store?: Store }\n",
      'src/services/profileService.ts': "import type { Store } from '../ports/store';\nimport '../http/profileRoute';\nexport const read = (store: Store, id: string) => store.read(id);\n",
    });
    const found = violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'domain-is-pure: src/domain/profile.ts -> src/ports/store.ts',
        'services-know-no-transport: src/services/profileService.ts -> src/http/profileRoute.ts',
      ]),
    );
    expect(found.some((line) => line.startsWith('no-circular: '))).toBe(true);
  }, 60_000);

  it('refuse a transport or a service that imports the composition root or an engine adapter', async () => {
    const violations = await violationsIn({
      ...tree,
      'src/adapters/sqliteStore.ts': "import type { Store } from '../ports/store';\nexport const open = (): Store | undefined => undefined;\n",
      'src/http/profileRoute.ts': "import { read } from '../services/profileService';\nimport { open } from '../adapters/sqliteStore';\nexport const route = read;\nexport const engine = open;\n",
      'src/services/reports.ts': "import { app } from '../runtime/main';\nexport const report = app;\n",
    });
    expect(violations.map((violation) => violation.rule.name)).toEqual(
      expect.arrayContaining(['transports-get-engines-from-the-composition-root', 'services-know-no-transport', 'composition-is-the-top']),
    );
  }, 60_000);
});
