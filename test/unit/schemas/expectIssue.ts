// Test helpers: run a schema the way every transport does (schemas/check.ts) and read back the value or the issue.
import type { SchemaObject } from 'ajv';
import { ValidationError } from '../../../src/domain/errors';
import { assertValid, queryChecker } from '../../../src/schemas/check';

export interface Reported {
  field: string;
  issue: string;
}

function reported(run: () => unknown): Reported {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return { field: error.details!.field!, issue: error.details!.issue! };
    throw error;
  }
  throw new Error('expected the value to be rejected, but it was accepted');
}

/** A deep copy, so defaults ajv writes do not leak into the next case's fixture. */
function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export function validBody<T = Record<string, unknown>>(schema: SchemaObject, value: unknown): T {
  return assertValid<T>(schema, copy(value));
}

export function bodyIssue(schema: SchemaObject, value: unknown): Reported {
  return reported(() => assertValid(schema, copy(value)));
}

async function runQuery(schema: SchemaObject, query: Record<string, string | string[]>): Promise<unknown> {
  return queryChecker(schema)(query);
}

export async function validQuery<T = Record<string, unknown>>(
  schema: SchemaObject,
  query: Record<string, string | string[]>,
): Promise<T> {
  return (await runQuery(schema, query)) as T;
}

export async function queryIssue(schema: SchemaObject, query: Record<string, string | string[]>): Promise<Reported> {
  try {
    await runQuery(schema, query);
  } catch (error) {
    return reported(() => {
      throw error;
    });
  }
  throw new Error('expected the query to be rejected, but it was accepted');
}
