// The schema.org vocabulary as published by schema.org (schemaorg-current-http), read from the
// @vocabulary/schema package (a development dependency: N-Quads, parsed by jsonld's own reader).
// Used by the type-mapping generator (buildSchemaOrgTypes.ts) and by the tests that check every
// type and property a public page's JSON-LD uses. Never loaded by the server.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import jsonld from 'jsonld';

export const SCHEMA = 'http://schema.org/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';

export interface SchemaOrgVocabulary {
  /** Class name ("Dentist") -> its direct superclasses ("MedicalBusiness", "MedicalOrganization"). */
  classes: ReadonlyMap<string, readonly string[]>;
  /** Property name -> the classes it is declared for (domainIncludes) and its ranges (rangeIncludes). */
  properties: ReadonlyMap<string, { domains: readonly string[]; ranges: readonly string[] }>;
  /** Enumeration members ("InStock") -> their enumeration types. */
  members: ReadonlyMap<string, readonly string[]>;
  /** The class and every class above it. */
  ancestorsOf(name: string): Set<string>;
}

type Node = Record<string, unknown> & { '@id'?: string; '@type'?: string[] };

const local = (iri: string) => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : undefined);
const ids = (node: Node, property: string): string[] =>
  ((node[property] as Array<{ '@id'?: string }> | undefined) ?? []).flatMap((value) => (value['@id'] ? [value['@id']] : []));

export async function loadSchemaOrgVocabulary(): Promise<SchemaOrgVocabulary> {
  const root = dirname(require.resolve('@vocabulary/schema/package.json'));
  const quads = readFileSync(join(root, 'schema.nq'), 'utf8');
  const expanded = (await jsonld.fromRDF(quads, { format: 'application/n-quads' })) as Node[];
  // The package puts every statement in the named graph http://schema.org/.
  const nodes = expanded.flatMap((node) => (Array.isArray(node['@graph']) ? (node['@graph'] as Node[]) : [node]));
  const classes = new Map<string, string[]>();
  const properties = new Map<string, { domains: string[]; ranges: string[] }>();
  const members = new Map<string, string[]>();
  for (const node of nodes) {
    const name = node['@id'] ? local(node['@id']) : undefined;
    if (!name) continue;
    const types = node['@type'] ?? [];
    if (types.includes(`${RDFS}Class`)) {
      classes.set(name, ids(node, `${RDFS}subClassOf`).flatMap((iri) => local(iri) ?? []));
    } else if (types.includes('http://www.w3.org/1999/02/22-rdf-syntax-ns#Property')) {
      properties.set(name, {
        domains: ids(node, `${SCHEMA}domainIncludes`).flatMap((iri) => local(iri) ?? []),
        ranges: ids(node, `${SCHEMA}rangeIncludes`).flatMap((iri) => local(iri) ?? []),
      });
    }
    const enumerations = types.flatMap((iri) => local(iri) ?? []);
    if (enumerations.length > 0 && !types.includes(`${RDFS}Class`)) members.set(name, enumerations);
  }
  void RDF_TYPE;
  const ancestorsOf = (name: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (at: string) => {
      if (seen.has(at)) return;
      seen.add(at);
      for (const parent of classes.get(at) ?? []) walk(parent);
    };
    walk(name);
    return seen;
  };
  return { classes, properties, members, ancestorsOf };
}
