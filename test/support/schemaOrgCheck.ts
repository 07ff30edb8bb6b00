// Checks JSON-LD the way a consumer reads it: expanded by the jsonld library (every term becomes
// its IRI), then every node's types and properties looked up in the schema.org vocabulary
// (scripts/publicPages/schemaOrgVocabulary.ts): a type that is no schema.org class, a property
// that does not exist, or one used on a type it is not declared for is reported.
import jsonld from 'jsonld';
import { SCHEMA, type SchemaOrgVocabulary } from '../../scripts/publicPages/schemaOrgVocabulary';

// schema.org's own context maps every term under @vocab http://schema.org/ (its published context
// says so); offline, that is the whole of what expansion needs from it.
const SCHEMA_CONTEXT = { '@context': { '@vocab': SCHEMA } };

const documentLoader = async (url: string) => {
  if (url === 'https://schema.org' || url === 'https://schema.org/' || url === 'http://schema.org/') {
    return { contextUrl: undefined, documentUrl: url, document: SCHEMA_CONTEXT };
  }
  throw new Error(`no network in tests: ${url}`);
};

type Expanded = Record<string, unknown>;

export async function expandJsonLd(document: unknown): Promise<Expanded[]> {
  return (await jsonld.expand(document as jsonld.JsonLdDocument, { documentLoader: documentLoader as never })) as Expanded[];
}

/** Every problem found in the expanded graph (empty when all of it is schema.org). */
export function schemaOrgProblems(nodes: Expanded[], vocabulary: SchemaOrgVocabulary): string[] {
  const problems: string[] = [];
  const visit = (node: Expanded, path: string) => {
    const types = ((node['@type'] as string[] | undefined) ?? []).map((iri) => iri.replace(SCHEMA, ''));
    for (const type of types) if (!vocabulary.classes.has(type)) problems.push(`${path}: @type ${type} is no schema.org class`);
    const ancestors = new Set(types.flatMap((type) => [...vocabulary.ancestorsOf(type)]));
    for (const [key, values] of Object.entries(node)) {
      if (key.startsWith('@')) continue;
      if (!key.startsWith(SCHEMA)) {
        problems.push(`${path}: ${key} is not a schema.org term`);
        continue;
      }
      const name = key.slice(SCHEMA.length);
      const property = vocabulary.properties.get(name);
      if (!property) problems.push(`${path}: ${name} is no schema.org property`);
      else if (types.length > 0 && !property.domains.some((domain) => ancestors.has(domain))) {
        problems.push(`${path}: ${name} is not a property of ${types.join(', ')} (domains: ${property.domains.join(', ')})`);
      }
      for (const [index, value] of (values as Expanded[]).entries()) {
        // An enumeration member written as its IRI ("https://schema.org/Monday") must be one.
        const term = termOf(value);
        if (typeof term === 'string' && /^https?:\/\/schema\.org\//.test(term)) {
          const member = term.replace(/^https?:\/\/schema\.org\//, '');
          if (!vocabulary.members.has(member) && !vocabulary.classes.has(member)) problems.push(`${path}.${name}[${index}]: ${term} is no schema.org term`);
        }
        if (!('@value' in value) && Object.keys(value).some((k) => !k.startsWith('@') || k === '@type')) {
          visit(value, `${path}.${name}[${index}]`);
        }
      }
    }
  };
  nodes.forEach((node, index) => visit(node, `[${index}]`));
  return problems;
}

/** The values of one schema.org property of an expanded node. */
export function valuesOf(node: Expanded, name: string): Expanded[] {
  return (node[`${SCHEMA}${name}`] as Expanded[] | undefined) ?? [];
}

export function typesOf(node: Expanded): string[] {
  return ((node['@type'] as string[] | undefined) ?? []).map((iri) => iri.replace(SCHEMA, ''));
}

/** A value written as a literal ("@value") or a reference ("@id"). */
export function termOf(value: Expanded | undefined): unknown {
  return value?.['@value'] ?? value?.['@id'];
}
