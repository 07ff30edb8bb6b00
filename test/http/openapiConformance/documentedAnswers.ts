// Checks a real HTTP answer against the served OpenAPI document: the status is one the operation
// documents, the body validates against the documented schema (every object schema that lists
// its properties is closed here, so a field the server adds and the document omits fails), and the
// API's own headers are documented for that answer and match their schemas.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

type Json = Record<string, any>;

/** Headers the API itself sets (not transport ones): sent means documented, and the reverse. */
const API_HEADERS = ['etag', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'idempotent-replayed', 'x-session-id', 'location', 'allow', 'mcp-session-id'];
/** Documented headers sent only in some cases (a replay; a search that names its session). */
const CONDITIONAL_HEADERS = new Set(['idempotent-replayed']);

function isObjectSchema(node: Json): boolean {
  const type = node.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/**
 * A copy of the document where an object schema with `properties` and no word on extra ones
 * refuses extra ones. Schemas that say `additionalProperties` (true or a schema) stay open, and
 * so do the parts of an allOf (closing a part would refuse its siblings' fields) and the
 * alternatives of a oneOf/anyOf beside properties of their own. Alternatives alone are each whole.
 */
export function closed(node: unknown, insideComposition = false): unknown {
  if (Array.isArray(node)) return node.map((item) => closed(item, insideComposition));
  if (!node || typeof node !== 'object') return node;
  const source = node as Json;
  const copy: Json = {};
  for (const [key, value] of Object.entries(source)) {
    const composes = key === 'allOf' || ((key === 'anyOf' || key === 'oneOf') && source.properties !== undefined);
    copy[key] = closed(value, composes);
  }
  const open = 'additionalProperties' in source || 'unevaluatedProperties' in source || 'patternProperties' in source;
  if (!insideComposition && isObjectSchema(source) && source.properties && !open) copy.additionalProperties = false;
  return copy;
}

export interface DocumentedAnswers {
  operation(operationId: string): { method: string; path: string; op: Json };
  operationIds(): string[];
  /** The response object (refs resolved) the document gives for this status, or undefined. */
  response(operationId: string, status: number): Json | undefined;
  /** Problems with the answer, empty when it conforms. */
  problems(operationId: string, response: Response): string[];
  /** Each documented link of the answer, evaluated on it: a value its target's parameter schema accepts. */
  linkProblems(operationId: string, response: Response, requestPath: string): string[];
  resolve<T = Json>(node: Json): T;
}

export function documentedAnswers(document: Json): DocumentedAnswers {
  const doc = closed(document) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true, validateFormats: true });
  addFormats(ajv, { mode: 'full' });
  ajv.addSchema(doc, 'doc');
  const validators = new Map<string, ValidateFunction>();

  const resolvePointer = (pointer: string): Json =>
    pointer
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((node, key) => node?.[key], doc);
  const resolve = <T = Json>(node: Json): T => (node.$ref ? resolve(resolvePointer(node.$ref)) : node) as T;
  const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

  const operations = new Map<string, { method: string; path: string; op: Json }>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (op && typeof op === 'object' && 'operationId' in op) operations.set(op.operationId, { method, path, op });
    }
  }

  function operation(operationId: string) {
    const found = operations.get(operationId);
    if (!found) throw new Error(`${operationId} is not in the document`);
    return found;
  }

  function validator(operationId: string, status: number, mediaType: string): ValidateFunction {
    const { method, path, op } = operation(operationId);
    const key = `${operationId} ${status} ${mediaType}`;
    let validate = validators.get(key);
    if (validate) return validate;
    const raw = op.responses[String(status)];
    const pointer = raw.$ref
      ? `doc${raw.$ref}/content/${escape(mediaType)}/schema`
      : `doc#/paths/${escape(path)}/${method}/responses/${status}/content/${escape(mediaType)}/schema`;
    validate = ajv.compile({ $ref: pointer });
    validators.set(key, validate);
    return validate;
  }

  function headerProblems(documented: Json, response: Response): string[] {
    const problems: string[] = [];
    const declared = new Map<string, Json>(Object.entries((documented.headers ?? {}) as Json).map(([name, header]) => [name.toLowerCase(), resolve(header as Json)]));
    // A header the answer did not send is missing from this record.
    const headers: Partial<Record<string, string>> = response.headers;
    for (const name of API_HEADERS) {
      const sent = headers[name] !== undefined;
      if (sent && !declared.has(name)) problems.push(`sends header ${name} the document does not list for ${response.status}`);
    }
    for (const [name, header] of declared) {
      const value = headers[name];
      if (value === undefined) {
        // OpenAPI headers are optional unless required; a success's own headers are promised here.
        const promised = header.required === true || (response.status < 400 && header.required !== false && !CONDITIONAL_HEADERS.has(name));
        if (promised) problems.push(`documents header ${name} but did not send it`);
        continue;
      }
      if (header.schema?.type === 'integer' && !/^\d+$/.test(value)) problems.push(`header ${name} "${value}" is not an integer`);
    }
    if (!response.headers['x-request-id']) problems.push('no X-Request-ID');
    return problems;
  }

  return {
    operation,
    operationIds: () => [...operations.keys()],
    response(operationId, status) {
      const raw = operation(operationId).op.responses[String(status)];
      return raw ? resolve(raw) : undefined;
    },
    resolve,
    linkProblems(operationId, response, requestPath) {
      const { path } = operation(operationId);
      const template = new RegExp(`^${path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
      const pathValues = template.exec(requestPath)?.groups ?? {};
      const links = (this.response(operationId, response.status)?.links ?? {}) as Json;
      const problems: string[] = [];
      for (const [name, link] of Object.entries(links)) {
        const target = operation(link.operationId);
        for (const [parameter, expression] of Object.entries(link.parameters as Record<string, string>)) {
          const value = expression.startsWith('$response.body#')
            ? expression.slice('$response.body#'.length).split('/').slice(1).reduce<any>((node, key) => node?.[key], response.body)
            : pathValues[expression.replace('$request.path.', '')];
          const declared = (target.op.parameters ?? []).map((node: Json) => resolve(node)).find((candidate: Json) => candidate.name === parameter);
          if (!declared) problems.push(`link ${name}: ${link.operationId} takes no parameter ${parameter}`);
          else if (typeof value !== 'string' || !ajv.validate(declared.schema, value)) problems.push(`link ${name}: ${expression} gave ${JSON.stringify(value)}, which ${parameter} refuses`);
        }
      }
      return problems;
    },
    problems(operationId, response) {
      const documented = this.response(operationId, response.status);
      if (!documented) return [`answered ${response.status}, which ${operationId} does not document (body ${JSON.stringify(response.body).slice(0, 300)})`];
      const problems = headerProblems(documented, response);
      const mediaType = String(response.headers['content-type'] ?? '').split(';')[0].trim();
      const content = documented.content as Json | undefined;
      const hasBody = response.status !== 204 && response.status !== 304 && response.headers['content-length'] !== '0' && mediaType !== '';
      if (!content) {
        if (hasBody && response.status !== 302) problems.push(`answered ${response.status} with a ${mediaType} body the document does not describe`);
        return problems;
      }
      if (!hasBody) return [...problems, `documents a body for ${response.status} but none was sent`];
      if (!(mediaType in content)) return [...problems, `answered ${mediaType}, documented: ${Object.keys(content).join(', ')}`];
      if (mediaType !== 'application/json' || !content[mediaType].schema) return problems;
      const validate = validator(operationId, response.status, mediaType);
      if (!validate(response.body)) {
        problems.push(...(validate.errors ?? []).slice(0, 8).map((error) => `body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`));
      }
      return problems;
    },
  };
}
