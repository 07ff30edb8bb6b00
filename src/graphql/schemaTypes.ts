// GraphQL types from the JSON Schemas the operations declare: one schema, so a field
// REST adds appears in GraphQL with its type, and no JSON scalar stands in where a schema exists.
//   object with properties -> object type (required -> non-null), named by `title`, by the name it
//                              was asked for, or by its parent and field
//   oneOf/anyOf of objects  -> union, each answer resolved to the branch whose required fields and
//                              constants it has (pricing, a day's hours)
//   X or null               -> nullable X;  array -> list;  integer -> Int (Float beyond 32 bits)
//   string (enum too)       -> String (id, businessId -> ID);  number -> Float;  boolean -> Boolean
//   object without properties (a map keyed by data) -> JSON, the one place no shape can be written
// Types are built once per schema object, so a schema shared by two answers is one GraphQL type.
import type { SchemaObject } from 'ajv';
import { IsOptional } from 'typebox';
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLScalarType,
  GraphQLString,
  GraphQLUnionType,
} from 'graphql';

const INT_32 = 2 ** 31 - 1;

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON object keyed by data (a map), as the REST API documents it for the same field.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

const pascal = (text: string) => text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());

function branchesOf(schema: SchemaObject): SchemaObject[] | undefined {
  const branches = (schema.oneOf ?? schema.anyOf) as SchemaObject[] | undefined;
  return Array.isArray(branches) ? branches : undefined;
}

const isNullSchema = (schema: SchemaObject) => schema.type === 'null';

/** The schema without its null alternative, and whether null was one. */
function withoutNull(schema: SchemaObject): { schema: SchemaObject; nullable: boolean } {
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = (schema.type as string[]).filter((type) => type !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  const branches = branchesOf(schema);
  if (branches?.some(isNullSchema)) {
    const rest = branches.filter((branch) => !isNullSchema(branch));
    const key = schema.oneOf ? 'oneOf' : 'anyOf';
    const { [key]: _dropped, description: _description, ...others } = schema;
    // A lone branch is that schema itself (one GraphQL type however many places allow null for it).
    if (rest.length === 1 && Object.keys(others).length === 0) return { schema: rest[0], nullable: true };
    return { schema: rest.length === 1 ? { ...others, ...rest[0] } : { ...others, [key]: rest }, nullable: true };
  }
  return { schema, nullable: false };
}

/** Whether an answer's value is this branch: its required fields are present and its constants match. */
function belongsTo(branch: SchemaObject, value: Record<string, unknown>): boolean {
  const required = (branch.required ?? []) as string[];
  if (!required.every((name) => value[name] !== undefined)) return false;
  const properties = (branch.properties ?? {}) as Record<string, SchemaObject>;
  return Object.entries(properties).every(([name, property]) => property.const === undefined || value[name] === property.const);
}

export interface SchemaTypes {
  /** The output type of a schema; `name` for an object or union the schema does not title. */
  output(schema: SchemaObject, name: string, field?: string): GraphQLOutputType;
  /** The input type of an argument's schema; `field` names the argument (an `id` is an ID). */
  input(schema: SchemaObject, name: string, field?: string): GraphQLInputType;
  /** Extra fields an object type gains beyond its schema (Business.openAt), added before first use. */
  extend(schema: SchemaObject, fields: () => Record<string, unknown>): void;
}

/** The same keywords with the same values: a copy that only marks the schema optional. */
function sameKeys(a: SchemaObject, b: SchemaObject): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** `names`: GraphQL names for schemas that are not to be named by title or place (Profile -> Business). */
export function createSchemaTypes(names: ReadonlyMap<SchemaObject, string> = new Map()): SchemaTypes {
  // A property marked optional (TypeBox's Type.Optional) is a shallow copy of the schema it marks,
  // sharing its properties or branches: both are one GraphQL type (the hours of a day are one
  // DayHours wherever they appear). Other copies sharing them (a nullable variant) keep their own.
  const firstWithParts = new Map<unknown, SchemaObject>();
  const partsOf = (schema: SchemaObject): unknown => schema.properties ?? schema.oneOf ?? schema.anyOf;
  function canonical(schema: SchemaObject): SchemaObject {
    const parts = partsOf(schema);
    if (parts === undefined) return schema;
    const first = firstWithParts.get(parts);
    if (!first) firstWithParts.set(parts, schema);
    return first && (IsOptional(schema) || IsOptional(first)) && sameKeys(schema, first) ? first : schema;
  }
  for (const schema of names.keys()) canonical(schema);

  const outputs = new Map<SchemaObject, GraphQLOutputType>();
  const inputs = new Map<SchemaObject, GraphQLInputType>();
  const extensions = new Map<SchemaObject, () => Record<string, unknown>>();
  const taken = new Map<string, SchemaObject>();

  /** A unique type name: the given one, else suffixed with its place. */
  function claim(schema: SchemaObject, wanted: string, place: string): string {
    let name = pascal(names.get(schema) ?? (schema.title as string | undefined) ?? wanted);
    if (taken.has(name) && taken.get(name) !== schema) name = pascal(`${place} ${name}`);
    for (let n = 2; taken.has(name) && taken.get(name) !== schema; n += 1) name = `${name}${n}`;
    taken.set(name, schema);
    return name;
  }

  function scalar(schema: SchemaObject, field: string): GraphQLOutputType & GraphQLInputType {
    const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
    if (type === 'integer') {
      const fits = typeof schema.maximum === 'number' ? schema.maximum <= INT_32 : typeof schema.minimum === 'number' && schema.minimum >= 0;
      return fits || schema.maximum === undefined ? GraphQLInt : GraphQLFloat;
    }
    if (type === 'number') return GraphQLFloat;
    if (type === 'boolean' || typeof schema.const === 'boolean') return GraphQLBoolean;
    // Identifiers (id, businessId) are IDs, as clients cache and compare them.
    return field === 'id' || /Id$/.test(field) ? GraphQLID : GraphQLString;
  }

  function output(raw: SchemaObject, name: string, field = ''): GraphQLOutputType {
    const { schema, nullable } = withoutNull(raw);
    const type = outputOf(schema, name, field);
    return nullable ? type : new GraphQLNonNull(type);
  }

  function outputOf(copy: SchemaObject, name: string, field: string): GraphQLOutputType {
    const schema = canonical(copy);
    const cached = outputs.get(schema);
    if (cached) return cached;
    let built: GraphQLOutputType;
    const branches = branchesOf(schema);
    if (schema.type === 'array') {
      built = new GraphQLList(output(schema.items as SchemaObject, name));
    } else if (branches && branches.every((branch) => branch.type === 'object')) {
      const unionName = claim(schema, name, name);
      const members = branches.map((branch, index) => outputOf(branch, `${unionName} ${branch.title ?? index + 1}`, '') as GraphQLObjectType);
      built = new GraphQLUnionType({
        name: unionName,
        ...(schema.description && { description: schema.description as string }),
        types: members,
        resolveType: (value: Record<string, unknown>) => members[Math.max(0, branches.findIndex((branch) => belongsTo(branch, value)))].name,
      });
    } else if (schema.type === 'object' && schema.properties && Object.keys(schema.properties).length > 0) {
      const properties = schema.properties as Record<string, SchemaObject>;
      const required = new Set((schema.required ?? []) as string[]);
      const typeName = claim(schema, name, name);
      built = new GraphQLObjectType({
        name: typeName,
        ...(schema.description && { description: schema.description as string }),
        fields: () => ({
          ...Object.fromEntries(
            Object.entries(properties).map(([property, propertySchema]) => {
              const fieldType = output(propertySchema, `${typeName} ${property}`, property);
              const optional = !required.has(property) && fieldType instanceof GraphQLNonNull ? fieldType.ofType : fieldType;
              return [property, { type: optional, ...(propertySchema.description && { description: propertySchema.description as string }) }];
            }),
          ),
          ...(extensions.get(schema)?.() ?? {}),
        }),
      });
    } else if (schema.type === 'object') {
      built = JSONScalar;
    } else {
      built = scalar(schema, field);
    }
    outputs.set(schema, built);
    return built;
  }

  function input(raw: SchemaObject, name: string, field = ''): GraphQLInputType {
    const schema = canonical(withoutNull(raw).schema);
    const cached = inputs.get(schema);
    if (cached) return cached;
    let built: GraphQLInputType;
    if (schema.type === 'array') built = new GraphQLList(new GraphQLNonNull(input(schema.items as SchemaObject, name)));
    else if (schema.type === 'object' && schema.properties) {
      const properties = schema.properties as Record<string, SchemaObject>;
      const required = new Set((schema.required ?? []) as string[]);
      const typeName = claim(schema, name, name);
      built = new GraphQLInputObjectType({
        name: typeName,
        fields: () =>
          Object.fromEntries(
            Object.entries(properties).map(([property, propertySchema]) => {
              const type = input(propertySchema, `${typeName} ${property}`, property);
              return [property, { type: required.has(property) ? new GraphQLNonNull(type) : type }];
            }),
          ),
      });
    } else built = scalar(schema, field);
    inputs.set(schema, built);
    return built;
  }

  return {
    output,
    input,
    extend(schema, fields) {
      extensions.set(canonical(schema), fields);
    },
  };
}
