// A stored business profile has one shape: the mongoose schema (adapters/mongo/schemas) must state
// every field, type, enum, bound and pattern the API's JSON Schemas state for what a client writes
// (the create body, its parts) and for what only the server writes (the profile record), and no
// field either side lacks. Formats (email, uri, date) and `allOf` refinements are the API's alone:
// values are checked against them before they are stored.
import type { Schema, SchemaType } from 'mongoose';
import { businessSchema } from '../../../src/adapters/mongo/schemas/businessSchema';
import { createProfileBodySchema, updateProfileBodySchema } from '../../../src/schemas/endpoints/profile';
import { calendarDateSchema } from '../../../src/schemas/parts/dates';
import { verifiedBySchema } from '../../../src/schemas/parts/operatingStatus';
import { publicPageSettingSchema } from '../../../src/schemas/parts/publicPage';
import { serviceInputSchema } from '../../../src/schemas/parts/service';
import { profileRecordSchema, serviceRecordSchema } from '../../../src/schemas/responses/profile';

interface Json {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  oneOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const json = (schema: object): Json => schema;
const recordProperties = json(profileRecordSchema).properties ?? {};
const serviceRecord = json(serviceRecordSchema).properties ?? {};

/** The stored profile as the API describes it: client-written fields from the create body, the rest from the record. */
const STORED_PROFILE: Json = {
  type: 'object',
  properties: {
    ...json(createProfileBodySchema).properties,
    services: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...json(serviceInputSchema).properties, id: serviceRecord.id, createdAt: serviceRecord.createdAt, updatedAt: serviceRecord.updatedAt },
        required: [...(json(serviceInputSchema).required ?? []), 'id', 'createdAt', 'updatedAt'],
      },
    },
    status: json(updateProfileBodySchema).properties?.status ?? {},
    publicPage: json(publicPageSettingSchema),
    blackoutDates: { type: 'array', items: json(calendarDateSchema) },
    exclusiveContent: recordProperties.exclusiveContent,
    categoryKeys: recordProperties.categoryKeys,
    categoryTaxonomy: recordProperties.categoryTaxonomy,
    media: recordProperties.media,
    trust: { ...recordProperties.trust, required: ['verificationLevel', 'averageRating', 'totalReviews'] },
    exclusiveScores: { ...recordProperties.exclusiveScores, required: ['visibilityScore', 'uniquenessScore'] },
    aiVisibilityScore: recordProperties.aiVisibilityScore,
    operatingStatus: recordProperties.operatingStatus,
    lastVerifiedAt: recordProperties.createdAt,
    lastVerifiedBy: json(verifiedBySchema),
    createdAt: recordProperties.createdAt,
    updatedAt: recordProperties.updatedAt,
  },
  required: ['name', 'category', 'status', 'createdAt', 'updatedAt'],
};

/** Stored, never answered as such: the store's own bookkeeping and what queries need. */
const STORAGE_ONLY = ['_id', 'webhookOutbox', 'writeMarks', 'environment', 'ownerId', 'categoryKey', 'geo', 'hasExclusiveContent', 'dedupeKeys', 'version', 'deletedAt', 'ownerSuspended', 'publicSlugs', 'source'];
/** Always stored although a client may leave them out: the server writes their empty or default value. */
const STORED_ALWAYS = ['location', 'contact', 'services', 'hours', 'blackoutDates', 'media', 'trust', 'exclusiveContent', 'aiVisibilityScore'];
/** Server-written record parts whose inner fields the record schema leaves optional (an answer may omit them) but the store always holds. */
const ALWAYS_WITHIN = ['media.photos', 'media.videos'];

interface Branches {
  properties: Map<string, Json[]>;
  branchCount: number;
  requiredIn: Map<string, number>;
}

function branchesOf(node: Json): Branches {
  const branches = node.oneOf ?? [node];
  const properties = new Map<string, Json[]>();
  const requiredIn = new Map<string, number>();
  for (const branch of branches) {
    for (const [name, property] of Object.entries(branch.properties ?? {})) properties.set(name, [...(properties.get(name) ?? []), property]);
    for (const name of branch.required ?? []) requiredIn.set(name, (requiredIn.get(name) ?? 0) + 1);
  }
  return { properties, branchCount: branches.length, requiredIn };
}

function valuesOf(nodes: Json[]): unknown[] | undefined {
  const values = nodes.flatMap((node) => node.enum ?? (node.const !== undefined ? [node.const] : []));
  return values.length > 0 ? [...new Set(values)].map(String).sort() : undefined;
}

const KIND: Record<string, string> = { string: 'String', number: 'Number', integer: 'Number', boolean: 'Boolean', object: 'Embedded', array: 'Array' };

function compareLeaf(path: string, nodes: Json[], stored: SchemaType, differences: string[]): void {
  const [node] = nodes;
  const options = stored.options as Record<string, unknown>;
  const say = (what: string, api: unknown, store: unknown) => {
    if (JSON.stringify(api) !== JSON.stringify(store)) differences.push(`${path}: ${what} is ${JSON.stringify(api)} in the API, ${JSON.stringify(store)} stored`);
  };
  say('type', KIND[node.type ?? ''], stored.instance);
  const storedEnum = options.enum as unknown[] | undefined;
  say('enum', valuesOf(nodes), storedEnum ? storedEnum.map(String).sort() : undefined);
  say('minimum', node.minimum, options.min);
  say('maximum', node.maximum, options.max);
  say('minLength', node.minLength, options.minlength);
  say('maxLength', node.maxLength, options.maxlength);
  // A timestamp is stored in one spelling, Date.toISOString()'s (storedFields.ts), a narrowing of date-time.
  if (node.format !== 'date-time') say('pattern', node.pattern && new RegExp(node.pattern, 'u').source, (options.match as RegExp | undefined)?.source);
  const validators = (stored.validators as Array<{ type?: string; validator: (value: unknown) => boolean }>);
  const above = validators.find((validator) => validator.type === 'exclusiveMinimum');
  say('exclusiveMinimum', node.exclusiveMinimum, above && !above.validator(node.exclusiveMinimum ?? 0) && above.validator((node.exclusiveMinimum ?? 0) + 0.01) ? node.exclusiveMinimum : undefined);
  say('whole numbers only', node.type === 'integer', validators.some((validator) => validator.type === 'integer'));
}

function compareObject(path: string, api: Json, stored: Schema, differences: string[], topLevel = false): void {
  const { properties, branchCount, requiredIn } = branchesOf(api);
  const storedNames = Object.keys(stored.paths).filter((name) => !(topLevel && STORAGE_ONLY.includes(name)));
  for (const name of new Set([...properties.keys(), ...storedNames])) {
    const at = path ? `${path}.${name}` : name;
    const nodes = properties.get(name);
    const storedType = stored.paths[name] as SchemaType | undefined;
    if (!nodes) {
      differences.push(`${at}: stored, not in the API's schemas`);
      continue;
    }
    if (!storedType) {
      differences.push(`${at}: in the API's schemas, not stored`);
      continue;
    }
    const required = (storedType.options as { required?: unknown }).required;
    const count = requiredIn.get(name) ?? 0;
    const alwaysStored = (topLevel && STORED_ALWAYS.includes(name)) || ALWAYS_WITHIN.includes(at) || nodes[0].default !== undefined;
    const expected = alwaysStored || count === branchCount ? 'always' : count > 0 ? 'in some shapes' : 'optional';
    const actual = required === true ? 'always' : typeof required === 'function' ? 'in some shapes' : 'optional';
    if (!(alwaysStored && actual === 'always') && !(nodes[0].default !== undefined && actual === 'optional') && expected !== actual) {
      differences.push(`${at}: required ${expected} in the API, ${actual} stored`);
    }
    compareNode(at, nodes, storedType, differences);
  }
}

function compareNode(path: string, nodes: Json[], stored: SchemaType, differences: string[]): void {
  const [node] = nodes;
  const sub = (stored as SchemaType & { schema?: Schema }).schema;
  if (node.type === 'array' && node.items) {
    if (stored.instance !== 'Array') return void differences.push(`${path}: an array in the API, ${stored.instance} stored`);
    if (sub) return compareObject(`${path}[]`, node.items, sub, differences);
    const element = (stored as SchemaType & { embeddedSchemaType?: SchemaType }).embeddedSchemaType;
    if (!element) return void differences.push(`${path}: stored array has no element type`);
    return compareLeaf(`${path}[]`, [node.items], element, differences);
  }
  if (node.type === 'object' || node.oneOf?.every((branch) => branch.type === 'object' || branch.properties)) {
    if (!sub) return void differences.push(`${path}: an object in the API, ${stored.instance} stored`);
    return compareObject(path, nodes.length > 1 ? { oneOf: nodes } : node, sub, differences);
  }
  compareLeaf(path, nodes, stored, differences);
}

function differencesOf(stored: Schema): string[] {
  const differences: string[] = [];
  compareObject('', STORED_PROFILE, stored, differences, true);
  return differences;
}

describe('the stored profile and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(differencesOf(businessSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = businessSchema.clone();
    drifted.path('status', { type: String, enum: ['draft', 'published', 'archived'], required: true });
    drifted.path('aiVisibilityScore', { type: Number, required: true, min: 0, max: 1000 });
    drifted.path('nickname', { type: String });
    expect(differencesOf(drifted)).toEqual([
      'status: enum is ["draft","published"] in the API, ["archived","draft","published"] stored',
      'aiVisibilityScore: maximum is 100 in the API, 1000 stored',
      'nickname: stored, not in the API\'s schemas',
    ]);
  });
});
