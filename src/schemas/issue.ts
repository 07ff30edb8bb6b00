// Turns ajv's errors into the one thing the client is told: the first offending field as a
// dotted path (`location.coordinates.lat`, `services.0.pricing.currency`) and the issue in
// plain words. The ajv instances stop at the first failure, so the only time several errors
// arrive is inside a oneOf/anyOf: then the branch that got deepest into the value is the one
// the caller most likely meant.
import type { ErrorObject } from 'ajv';
import { ISSUE_KEYWORD, MINIMUM_SIBLING_KEYWORD, UNICODE_PATTERN_KEYWORD } from './keywords';

export interface Issue {
  field: string;
  issue: string;
}

const COMPOSITE = new Set(['oneOf', 'anyOf']);
const OVERRIDABLE = new Set(['pattern', 'format', 'enum', UNICODE_PATTERN_KEYWORD]);

function segments(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function fieldOf(error: ErrorObject, root: string): string {
  const parts = segments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') parts.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(params.additionalProperty));
  if (error.keyword === 'discriminator') parts.push(String(params.tag));
  return parts.length === 0 ? root : parts.join('.');
}

function list(values: unknown[]): string {
  return values.map((value) => String(value)).join(', ');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeIssue(expected: unknown): string {
  const types = String(expected).split(',');
  return `must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}`;
}

function boundsIssue(schema: Record<string, unknown>, keyword: string, limit: unknown): string {
  const { minimum, maximum } = schema;
  if (typeof minimum === 'number' && typeof maximum === 'number') return `must be between ${minimum} and ${maximum}`;
  if (keyword === 'minimum') return `must be at least ${limit}`;
  if (keyword === 'maximum') return `must be at most ${limit}`;
  if (keyword === 'exclusiveMinimum') return `must be greater than ${limit}`;
  return `must be less than ${limit}`;
}

function discriminatorValues(schema: Record<string, unknown>, tag: string): unknown[] {
  const branches = (schema.oneOf ?? []) as Array<{ properties?: Record<string, { const?: unknown; enum?: unknown[] }> }>;
  return branches.flatMap((branch) => {
    const property = branch.properties?.[tag];
    return property?.const !== undefined ? [property.const] : (property?.enum ?? []);
  });
}

function plainIssue(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const override = parent[ISSUE_KEYWORD];
  if (OVERRIDABLE.has(error.keyword) && typeof override === 'string') return override;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not an allowed property';
    case 'type':
      return typeIssue(params.type);
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters`;
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return boundsIssue(parent, error.keyword, params.limit);
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`;
    case 'minItems':
      return `must contain at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must contain at most ${params.limit} items`;
    case 'uniqueItems':
      return `must not contain duplicates (items ${params.j} and ${params.i} are equal)`;
    case 'minProperties':
      return params.limit === 1 ? 'must contain at least one property' : `must contain at least ${params.limit} properties`;
    case 'maxProperties':
      return `must contain at most ${params.limit} properties`;
    case 'enum':
      return `must be one of ${list(params.allowedValues as unknown[])}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return 'has an invalid format';
    case 'format':
      return `must be a valid ${params.format}`;
    case 'discriminator':
      return params.error === 'mapping'
        ? `must be one of ${list(discriminatorValues(parent, String(params.tag)))}`
        : 'must be a string';
    case MINIMUM_SIBLING_KEYWORD:
      return `must not be less than ${error.schema}`;
    default:
      return typeof override === 'string' ? override : (error.message ?? 'is not valid');
  }
}

/** anyOf whose branches only demand presence: "at least one of q, category, location is required". */
function atLeastOneOf(errors: ErrorObject[]): Issue | undefined {
  const anyOf = errors.find((error) => error.keyword === 'anyOf');
  if (!anyOf) return undefined;
  const inside = errors.filter((error) => error !== anyOf && error.schemaPath.startsWith(`${anyOf.schemaPath}/`));
  if (inside.length === 0 || !inside.every((error) => error.keyword === 'required' && error.instancePath === anyOf.instancePath)) {
    return undefined;
  }
  const names = inside.map((error) => String((error.params as Record<string, unknown>).missingProperty));
  const prefix = segments(anyOf.instancePath).join('.');
  const field = prefix === '' ? names[0]! : `${prefix}.${names[0]}`;
  return { field, issue: `at least one of ${names.join(', ')} is required` };
}

/** The issue to report for a failed validation, `root` naming the whole value (`body`, `query`). */
export function firstIssue(errors: ErrorObject[] | null | undefined, root: string): Issue {
  if (!errors || errors.length === 0) return { field: root, issue: 'is not valid' };
  const grouped = atLeastOneOf(errors);
  if (grouped) return grouped;
  const leaves = errors.filter((error) => !COMPOSITE.has(error.keyword));
  if (leaves.length === 0) {
    const composite = errors[0]!;
    const override = (composite.parentSchema as Record<string, unknown> | undefined)?.[ISSUE_KEYWORD];
    return { field: fieldOf(composite, root), issue: typeof override === 'string' ? override : 'does not match any allowed shape' };
  }
  // Deepest wins; on a tie the earlier branch, i.e. the shape listed first in the schema.
  let chosen = leaves[0]!;
  for (const error of leaves) {
    if (segments(error.instancePath).length > segments(chosen.instancePath).length) chosen = error;
  }
  // A wrong type at the level of a oneOf says nothing useful about either branch: describe the union.
  if (chosen.keyword === 'type') {
    const union = errors.find((error) => COMPOSITE.has(error.keyword) && error.instancePath === chosen.instancePath);
    const override = (union?.parentSchema as Record<string, unknown> | undefined)?.[ISSUE_KEYWORD];
    if (typeof override === 'string') return { field: fieldOf(chosen, root), issue: override };
  }
  return { field: fieldOf(chosen, root), issue: plainIssue(chosen) };
}
