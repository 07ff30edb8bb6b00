// Every error code the source can send is in ERROR_CODES, which generates the OpenAPI error
// table, the ErrorEnvelope enum and each status's response: a new code cannot ship undocumented.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../src/schemas/errorCodes';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';

const ROOT = join(__dirname, '../..');
// Codes thrown only where no HTTP request can reach them (the reindex command), with the reason.
const NEVER_SENT: Record<string, string> = {
  REBUILD_IN_PROGRESS: 'index rebuilds run from `npm run reindex`, not over HTTP',
  REBUILD_SUPERSEDED: 'index rebuilds run from `npm run reindex`, not over HTTP',
  REBUILD_FINISHED: 'index rebuilds run from `npm run reindex`, not over HTTP',
  DUPLICATE_ID: 'profiles.createMany is the bulk loader of the benchmark, no HTTP route calls it',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The text from `start` to its balanced closing parenthesis. */
function argumentsFrom(source: string, start: number): string {
  let depth = 0;
  for (let at = start; at < source.length; at += 1) {
    if (source[at] === '(') depth += 1;
    if (source[at] === ')' && (depth -= 1) === 0) return source.slice(start, at + 1);
  }
  return source.slice(start);
}

const CODE_LITERAL = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;
// Where a code is chosen: an error constructed, an envelope failure, a class's `code`, a default code parameter.
const CALL_SITES = /\bnew \w*Error\(|\bfail\(|\bsuper\(/g;
const CODE_FIELDS = /\bcode\s*=\s*'([A-Z_]+)'/g;

function codesIn(source: string): string[] {
  const found: string[] = [];
  for (const call of source.matchAll(CALL_SITES)) {
    const args = argumentsFrom(source, call.index! + call[0].length - 1);
    for (const literal of args.matchAll(CODE_LITERAL)) found.push(literal[1]!);
  }
  for (const field of source.matchAll(CODE_FIELDS)) found.push(field[1]!);
  return found;
}

const sent = new Map<string, string>();
for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'indexer'))]) {
  for (const code of codesIn(readFileSync(file, 'utf8'))) if (!sent.has(code)) sent.set(code, file.slice(ROOT.length + 1));
}

describe('error codes', () => {
  it('finds the codes it is meant to find (the scan itself works)', () => {
    for (const code of ['VALIDATION_ERROR', 'PROFILE_NOT_FOUND', 'SERVICE_NOT_FOUND', 'DUPLICATE_PROFILE', 'METHOD_NOT_ALLOWED', 'BAD_REQUEST']) {
      expect(sent.has(code)).toBe(true);
    }
  });

  it('documents every code the source can send', () => {
    const undocumented = [...sent].filter(([code]) => !(code in ERROR_CODES) && !(code in NEVER_SENT)).map(([code, file]) => `${code} (${file})`);
    expect(undocumented).toEqual([]);
  });

  it('lists each code in the ErrorEnvelope enum and in the response of its status', () => {
    const doc = buildOpenApiDocument() as any;
    const envelopeCodes: string[] = doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum;
    expect(envelopeCodes.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    const notFound = doc.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.error.properties.code.enum;
    expect(notFound).toEqual(expect.arrayContaining(['NOT_FOUND', 'PROFILE_NOT_FOUND', 'SERVICE_NOT_FOUND', 'MEDIA_NOT_FOUND', 'VERIFICATION_NOT_FOUND', 'ACCOUNT_NOT_FOUND']));
    expect(doc.info.description).toContain('| ACCOUNT_NOT_FOUND | 404 |');
  });

  it('documents no code that nothing sends', () => {
    // INTERNAL_ERROR and the statuses koa answers itself are sent by errorHandler under these names.
    expect(Object.keys(ERROR_CODES).filter((code) => !sent.has(code))).toEqual([]);
  });
});
