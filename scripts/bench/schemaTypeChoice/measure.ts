// Chooses how operation types come from their schemas, by measurement (see README.md here):
// for TypeBox, json-schema-to-ts and zod 4 writing the same subset of schemas, the type-check
// cost of each (tsc's check time and type instantiations, median of RUNS runs, beside the
// hand-written types of the baseline) and how far the JSON Schema each yields for the OpenAPI
// document is from the one published today (differing leaves per schema, with examples).
//   npx tsx scripts/bench/schemaTypeChoice/measure.ts
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HERE = __dirname;
const ROOT = join(HERE, '../../..');
const VARIANTS = ['baseline', 'typebox', 'jsonSchemaToTs', 'zod'] as const;
const RUNS = Number(process.env.RUNS ?? 3);

function typeCheck(variant: string): { checkSeconds: number; instantiations: number; types: number } {
  const config = join(HERE, `.tsconfig.${variant}.json`);
  writeFileSync(config, JSON.stringify({ extends: '../../../tsconfig.json', compilerOptions: { noEmit: true, incremental: false }, include: ["../../../src/types"], files: [`${variant}Variant.ts`] }));
  try {
    const runs = Array.from({ length: RUNS }, () => {
      let out: string;
      try {
        out = execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', config, '--extendedDiagnostics'], { encoding: 'utf8' });
      } catch (error) {
        throw new Error(`${variant} does not type-check:\n${(error as { stdout: string }).stdout}`);
      }
      const number = (label: string) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(out)?.[1]);
      return { checkSeconds: number('Check time'), instantiations: number('Instantiations'), types: number('Types') };
    });
    runs.sort((a, b) => a.checkSeconds - b.checkSeconds);
    return runs[Math.floor(runs.length / 2)];
  } finally {
    rmSync(config);
  }
}

// The variants shorten descriptions and x-issue texts: only the structure is compared.
const TEXT_KEYS = new Set(['description', 'x-issue']);

/** Leaves where two JSON values differ, key order and texts ignored. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (TEXT_KEYS.has(path.slice(path.lastIndexOf('/') + 1))) return [];
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`));
  }
  return [`${path || '/'}: ${String(JSON.stringify(a)).slice(0, 60)} -> ${String(JSON.stringify(b)).slice(0, 60)}`];
}

async function main(): Promise<void> {
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, ${RUNS} runs each`);
  const baseline = (await import('./baselineVariant')).SCHEMAS as Record<string, unknown>;
  for (const variant of VARIANTS) {
    const cost = typeCheck(variant);
    const schemas = (await import(`./${variant}Variant`)).SCHEMAS as Record<string, unknown>;
    const diffs = Object.entries(baseline).map(([name, schema]) => [name, differences(JSON.parse(JSON.stringify(schema)), JSON.parse(JSON.stringify(schemas[name])))] as const);
    const total = diffs.reduce((sum, [, list]) => sum + list.length, 0);
    console.log(`\n${variant}: check ${cost.checkSeconds.toFixed(2)} s, ${cost.instantiations} instantiations, ${cost.types} types; ${total} JSON Schema leaves differ from today's`);
    for (const [name, list] of diffs) if (list.length > 0) console.log(`  ${name}: ${list.length}, e.g. ${list.slice(0, 4).join(' | ')}`);
  }
}

void main();
