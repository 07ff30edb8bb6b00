// Walks a stored record's mongoose schema beside the API's JSON Schema description of the same
// record and names every field, type, enum, bound, pattern or requiredness that differs; and reads
// the SQLite store's generated columns of a record's table to check each against the mongoose
// field it extracts. The record shape tests (test/unit/records) describe each record from the API's
// schemas and expect no difference.
import type { Schema, SchemaType } from 'mongoose';
import type { JsonLeaf } from '../../src/adapters/mongo/schemas/storedAs';
import type { Migration } from '../../src/adapters/sqlite/openDatabase';

/** A JSON Schema node as the walk reads it: a leaf's rules (storedAs.ts), or an object, array or nullable type. */
export interface Json extends Omit<JsonLeaf, 'type' | 'enum' | 'const'> {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  oneOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
}

export const json = (schema: object): Json => schema;

/** A nullable schema (`type: ['object', 'null']`) as the value it holds when present: null is stored as an absent field. */
export function present(schema: object): Json {
  const node = json(schema);
  if (!Array.isArray(node.type)) return node;
  const types = node.type.filter((type) => type !== 'null');
  const values = node.enum?.filter((value) => value !== null);
  return { ...node, type: types.length === 1 ? types[0] : types, ...(values && { enum: values }) };
}

/** The properties of an object schema, each as its present value. */
export function presentProperties(schema: object, names?: readonly string[]): Record<string, Json> {
  const properties = present(schema).properties ?? {};
  return Object.fromEntries(Object.entries(properties).filter(([name]) => !names || names.includes(name)).map(([name, node]) => [name, present(node)]));
}

export interface ShapeRules {
  /** Paths stored and never answered as such: the store's own bookkeeping and what queries need. */
  storageOnly: readonly string[];
  /** Paths always stored although the API's description leaves them optional: the server writes their empty or default value. */
  alwaysStored: readonly string[];
}

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
  say('type', KIND[String(node.type)], stored.instance);
  const storedEnum = options.enum as unknown[] | undefined;
  say('enum', valuesOf(nodes), storedEnum ? storedEnum.map(String).sort() : undefined);
  say('minimum', node.minimum, options.min);
  say('maximum', node.maximum, options.max);
  say('minLength', node.minLength, options.minlength);
  say('maxLength', node.maxLength, options.maxlength);
  // A timestamp is stored in one spelling, Date.toISOString()'s (storedFields.ts), a narrowing of date-time.
  if (node.format !== 'date-time') say('pattern', node.pattern && new RegExp(node.pattern, 'u').source, (options.match as RegExp | undefined)?.source);
  const validators = stored.validators as Array<{ type?: string; validator: (value: unknown) => boolean }>;
  const above = validators.find((validator) => validator.type === 'exclusiveMinimum');
  say('exclusiveMinimum', node.exclusiveMinimum, above && !above.validator(node.exclusiveMinimum ?? 0) && above.validator((node.exclusiveMinimum ?? 0) + 0.01) ? node.exclusiveMinimum : undefined);
  say('whole numbers only', node.type === 'integer', validators.some((validator) => validator.type === 'integer'));
}

function compareObject(path: string, api: Json, stored: Schema, rules: ShapeRules, differences: string[]): void {
  const { properties, branchCount, requiredIn } = branchesOf(api);
  const at = (name: string) => (path ? `${path}.${name}` : name);
  const storedNames = Object.keys(stored.paths).filter((name) => !rules.storageOnly.includes(at(name)));
  for (const name of new Set([...properties.keys(), ...storedNames])) {
    const nodes = properties.get(name);
    const storedType = stored.paths[name] as SchemaType | undefined;
    if (!nodes) {
      differences.push(`${at(name)}: stored, not in the API's schemas`);
      continue;
    }
    if (!storedType) {
      differences.push(`${at(name)}: in the API's schemas, not stored`);
      continue;
    }
    const required = (storedType.options as { required?: unknown }).required;
    const count = requiredIn.get(name) ?? 0;
    const alwaysStored = rules.alwaysStored.includes(at(name)) || nodes[0].default !== undefined;
    const expected = alwaysStored || count === branchCount ? 'always' : count > 0 ? 'in some shapes' : 'optional';
    const actual = required === true ? 'always' : typeof required === 'function' ? 'in some shapes' : 'optional';
    if (!(alwaysStored && actual === 'always') && !(nodes[0].default !== undefined && actual === 'optional') && expected !== actual) {
      differences.push(`${at(name)}: required ${expected} in the API, ${actual} stored`);
    }
    compareNode(at(name), nodes, storedType, rules, differences);
  }
}

function compareNode(path: string, nodes: Json[], stored: SchemaType, rules: ShapeRules, differences: string[]): void {
  const [node] = nodes;
  const sub = (stored as SchemaType & { schema?: Schema }).schema;
  if (node.type === 'array' && node.items) {
    if (stored.instance !== 'Array') return void differences.push(`${path}: an array in the API, ${stored.instance} stored`);
    if (sub) return compareObject(`${path}[]`, node.items, sub, rules, differences);
    const element = (stored as SchemaType & { embeddedSchemaType?: SchemaType }).embeddedSchemaType;
    if (!element) return void differences.push(`${path}: stored array has no element type`);
    return compareLeaf(`${path}[]`, [node.items], element, differences);
  }
  if (node.type === 'object' || node.oneOf?.every((branch) => branch.type === 'object' || branch.properties)) {
    if (!sub) return void differences.push(`${path}: an object in the API, ${stored.instance} stored`);
    return compareObject(path, nodes.length > 1 ? { oneOf: nodes } : node, sub, rules, differences);
  }
  compareLeaf(path, nodes, stored, differences);
}

/** Every difference between the API's description of a stored record and its mongoose schema. */
export function storedShapeDifferences(api: Json, stored: Schema, rules: ShapeRules): string[] {
  const differences: string[] = [];
  compareObject('', api, stored, rules, differences);
  return differences;
}

/** The DDL the SQL migrations among `migrations` run (a function step writes no DDL to read). */
export function ddlOf(migrations: readonly Migration[]): string {
  return migrations.map((migration) => (typeof migration.up === 'string' ? migration.up : '')).join('\n');
}

/** A generated column of a SQLite table: `name TYPE GENERATED ALWAYS AS (json_extract(doc, '$.path')) VIRTUAL [NOT NULL]`. */
export interface ExtractedColumn {
  name: string;
  type: string;
  path: string;
  notNull: boolean;
}

/** The generated columns of `table` in the DDL (`CREATE TABLE table (...)`), each with the document path it reads. */
export function extractedColumns(ddl: string, table: string): ExtractedColumn[] {
  const body = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\n\\);`).exec(ddl)?.[1];
  if (body === undefined) throw new Error(`no CREATE TABLE ${table} in the DDL`);
  const column = /^\s*(\w+) (\w+) GENERATED ALWAYS AS \(json_extract\(doc, '\$\.([\w.]+)'\)\) VIRTUAL( NOT NULL)?,?$/;
  return body.split('\n').flatMap((line) => {
    const found = column.exec(line);
    return found ? [{ name: found[1], type: found[2], path: found[3], notNull: found.at(4) !== undefined }] : [];
  });
}

/** What SQLite type affinity a generated column of a stored value of this mongoose kind takes. */
const COLUMN_TYPES: Record<string, string[]> = { String: ['TEXT'], Number: ['INTEGER', 'REAL'], Boolean: ['INTEGER'] };

/** Every difference between a table's generated columns and the mongoose fields they read (path, type, NOT NULL). */
export function columnDifferences(columns: ExtractedColumn[], stored: Schema): string[] {
  return columns.flatMap((column) => {
    const field = stored.path(column.path) as SchemaType | undefined;
    if (!field) return [`${column.name}: reads ${column.path}, which the record does not have`];
    const problems: string[] = [];
    if (!(COLUMN_TYPES[field.instance] ?? []).includes(column.type)) problems.push(`${column.name}: ${column.type} column of a ${field.instance} field (${column.path})`);
    const required = (field.options as { required?: unknown }).required === true;
    if (required !== column.notNull) problems.push(`${column.name}: ${column.notNull ? 'NOT NULL' : 'nullable'} column of ${required ? 'an always' : 'a not always'} stored field (${column.path})`);
    return problems;
  });
}
