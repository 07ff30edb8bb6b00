// An operation declared with its types taken from its schemas (TypeBox: each schema is a JSON
// Schema object that also carries its TypeScript type). The work (`run`) receives the input its
// schemas describe and must answer the data its output schema describes; its caller is a
// Principal, or `Principal | undefined` on a public operation. The codes it may answer are listed
// (`errors`); MCP tool and GraphQL field arguments are derived from the input (derivedArguments.ts).
// The result is the plain Operation every transport already reads.
import type { SchemaObject } from 'ajv';
import type { Static, TSchema } from 'typebox';
import type { AgentSkillId } from '../domain/agentSkills';
import { errorCodeInfo, type ErrorCode } from '../domain/errorCodes';
import type { NamedSchema } from '../schemas/catalogue';
import { deriveArguments, type ArgumentMap } from './derivedArguments';
import type { Access, CallerOf, CallRequest, GraphqlExposure, McpExposure, Operation, OperationCall, OperationDocs, OperationInput, OperationResult, Transport, UploadedFile } from './operation';

/**
 * The type a schema describes. A schema without one (a plain SchemaObject, whose string index
 * reads as any key) is `Fallback`: convert it to TypeBox before an operation relies on its shape.
 */
export type SchemaType<Schema, Fallback = unknown> = Schema extends undefined ? Fallback : string extends keyof Schema ? unknown : Schema extends TSchema ? Static<Schema> : unknown;

export interface DeclaredInput<Path extends string, Query extends SchemaObject | undefined, Body extends SchemaObject | undefined, File extends boolean = boolean> {
  /** Path parameter names; their schemas are the id patterns of schemas/parts/ids.ts. */
  path?: readonly Path[];
  query?: Query;
  body?: NamedSchema<NonNullable<Body>>;
  /** The body may come in the query instead (DELETE blackout-dates: ?dates=a,b). */
  bodyInQuery?: boolean;
  /** Takes one uploaded file beside the body's fields (REST: a multipart upload); without one the call is refused. */
  file?: File;
  /** How a refused body names its field, where the operation has its own way (a batch's items: `events[3].timestamp`). */
  bodyFieldName?: (field: string) => string;
}

/** The checked input the work receives: path ids, the query with its defaults, the body. */
export interface TypedInput<Path extends string, Query, Body, File extends boolean> {
  path: Record<Path, string>;
  query: SchemaType<Query, Record<string, never>>;
  body: SchemaType<Body, undefined>;
  file: File extends true ? UploadedFile : undefined;
}

export interface TypedCall<A extends Access, Path extends string, Query, Body, File extends boolean> {
  principal: CallerOf<A>;
  input: TypedInput<Path, Query, Body, File>;
  request: CallRequest;
}

/** A transport's own shape of the answer: a named schema and a pure projection of the data (and the result's detail). */
export interface TypedView<Data, Detail> {
  output: NamedSchema;
  present(data: Data, detail: Detail): unknown;
}

/**
 * Arguments no mapping can express (consumer search takes `radius` beside `location`): the
 * transport's own argument schema and the way back to the input. The exception, not the rule.
 */
export interface OwnArguments {
  args: SchemaObject;
  toInput(args: Record<string, unknown>): OperationInput;
}

export interface ToolDeclaration<Data, Detail> {
  tool: string;
  title: string;
  /** Written for a model: when to use the tool and what it returns. */
  description: string;
  /** How the arguments differ from the input's fields (default: path ids, query parameters and body fields as they are). */
  args?: ArgumentMap | OwnArguments;
  view?: TypedView<Data, Detail>;
  /** The agent skill it serves (domain/agentSkills.ts): how the A2A agent card groups the tools. */
  skill?: AgentSkillId;
}

export interface FieldDeclaration<Data, Detail> {
  field: string;
  /** Query fields only: every change goes through REST (its idempotency keys, ETags, webhooks). */
  on: 'Query' | 'Business';
  description: string;
  /** On Business fields, `{ fromParent: 'businessId' }` fills the id from the parent. */
  args?: ArgumentMap | OwnArguments;
  view?: TypedView<Data, Detail>;
  /** What the field costs the backends in the query-cost limit (graphql/queryLimits.ts). */
  cost: number;
  /** The field may answer null beside an error (one business among several asked for); others null the whole answer. */
  nullable?: boolean;
}

/**
 * What an answer of the operation records (analytics): an effect declared with the operation, run
 * after its work succeeds with the data it answered, whatever the transport unless `on` says.
 */
export interface RecordingEffect<Recorded, Data, Detail, Call> {
  /** The transports whose answers are recorded (default: all). */
  on?: readonly Transport[];
  answer(data: Data, detail: Detail, call: Call): Recorded | Promise<Recorded>;
}

/** The same effect as the plain Operation's work sees it. */
type PlainRecordingEffect<Recorded> = RecordingEffect<Recorded, unknown, unknown, OperationCall>;

export interface OperationDeclaration<
  Services,
  A extends Access,
  Path extends string,
  Query extends SchemaObject | undefined,
  Body extends SchemaObject | undefined,
  File extends boolean,
  Output extends SchemaObject | undefined,
  Detail,
  Recorded = never,
> {
  name: string;
  access: A;
  optionalCaller?: boolean;
  rateLimit: Operation['rateLimit'];
  idempotent?: boolean;
  attributesPlatform?: boolean;
  input: DeclaredInput<Path, Query, Body, File>;
  output?: NamedSchema<NonNullable<Output>>;
  /**
   * The codes it answers beyond those its access, input, rate limit, idempotency and backends imply
   * (PROFILE_NOT_FOUND, SLOT_UNAVAILABLE...): their statuses are its documented error responses.
   */
  errors: readonly ErrorCode[];
  http?: Operation['http'];
  docs: Omit<OperationDocs, 'errors'>;
  // NoInfer: the schemas' types are read from input and output only. Inferring them back from
  // these would make tsc relate two generic Static<> types, whose variance measurement over
  // TypeBox's StaticType costs 1.3 million instantiations (10-30 s of type-check).
  mcp?: ToolDeclaration<NoInfer<SchemaType<Output>>, Detail>;
  graphql?: FieldDeclaration<NoInfer<SchemaType<Output>>, Detail>;
  run(services: Services, call: NoInfer<TypedCall<A, Path, Query, Body, File>>): Promise<OperationResult<NoInfer<SchemaType<Output>>> & { detail?: Detail }>;
  /** Its answers are recorded for analytics: what each names (operationsOver's `record` keeps it). */
  records?: RecordingEffect<Recorded, NoInfer<SchemaType<Output>>, NoInfer<Detail>, NoInfer<TypedCall<A, Path, Query, Body, File>>>;
}

function argumentsOf(input: DeclaredInput<string, SchemaObject | undefined, SchemaObject | undefined>, declared: ArgumentMap | OwnArguments | undefined, style: 'tool' | 'field') {
  if (declared && 'toInput' in declared) return declared;
  return deriveArguments(input, declared, style);
}

/** The statuses of the codes, for the OpenAPI responses. */
function statusesOf(codes: readonly ErrorCode[]): number[] {
  return [...new Set(codes.map((code) => errorCodeInfo(code).status))];
}

/**
 * Keeps what an answer names, with the request it answered: where it was given (transport,
 * platform) is the call path's to say, not the operation's.
 */
export type RecordAnswered<Services, Recorded> = (services: Services, recorded: Recorded, request: CallRequest) => void | Promise<void>;

/** Work that also keeps what its answer records, once the answer is data. */
function recording<Services, Recorded>(run: Operation<Services>['run'], effect: PlainRecordingEffect<Recorded>, record: RecordAnswered<Services, Recorded>): Operation<Services>['run'] {
  return async (services, call) => {
    const result = await run(services, call);
    if (result.data !== undefined && (!effect.on || effect.on.includes(call.request.transport))) await record(services, await effect.answer(result.data, result.detail, call), call.request);
    return result;
  };
}

/**
 * Declares operations over `Services`: `const operation = operationsOver<AppServices>()`, then
 * `operation({ ... })` for each; the types are inferred from the schemas the declaration names.
 */
export function operationsOver<Services, Recorded = never>(record?: RecordAnswered<Services, Recorded>) {
  return function operation<
    const A extends Access,
    const Path extends string = never,
    Query extends SchemaObject | undefined = undefined,
    Body extends SchemaObject | undefined = undefined,
    const File extends boolean = false,
    Output extends SchemaObject | undefined = undefined,
    Detail = undefined,
  >(declared: OperationDeclaration<Services, A, Path, Query, Body, File, Output, Detail, Recorded>): Operation<Services> {
    const { mcp, graphql, errors, docs, records, ...rest } = declared;
    const input = declared.input as DeclaredInput<string, SchemaObject | undefined, SchemaObject | undefined>;
    // The one place the typed declaration meets the plain Operation every transport reads. Sound
    // because invoke authenticates every non-public operation before its work (so the caller is a
    // Principal there) and checks the input against the very schemas its types are read from.
    const plain = {
      ...rest,
      input,
      errors,
      docs: { ...docs, errors: statusesOf(errors) },
      ...(mcp && { mcp: { ...mcp, ...argumentsOf(input, mcp.args, 'tool') } as McpExposure }),
      ...(graphql && { graphql: { ...graphql, ...argumentsOf(input, graphql.args, 'field') } as GraphqlExposure }),
    } as Operation<Services>;
    if (records && record) plain.run = recording(plain.run, records as PlainRecordingEffect<Recorded>, record);
    return plain;
  };
}
