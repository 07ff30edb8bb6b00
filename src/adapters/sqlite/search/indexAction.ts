// Checks the shape of an incoming IndexAction: the indexer's input crosses a process boundary
// (change feed -> JSON -> here), so a malformed action is reported, never trusted.
import type { Environment } from '../../../domain/profile';
import type { IndexAction } from '../../../ports/searchIndex';
import { searchDocumentProblem } from './validateSearchDocument';

/** Why `action` cannot be applied, or null when it can. */
export function actionProblem(action: IndexAction): string | null {
  const candidate = action as unknown as Record<string, unknown> | null; // from callers without types (an import's bulk body): read as untyped
  if (typeof candidate !== 'object' || candidate === null) return 'action must be an object';
  if (candidate.type === 'upsert') return searchDocumentProblem(candidate.document);
  if (candidate.type === 'delete') {
    if (candidate.environment !== 'live' && candidate.environment !== 'test') return 'environment must be live or test';
    if (typeof candidate.id !== 'string' || candidate.id.length === 0) return 'id must be a non-empty string';
    return null;
  }
  return 'type must be upsert or delete';
}

/** The document an action is about, as far as it can be read from a possibly malformed action. */
export function actionKey(action: IndexAction): { environment: Environment; id: string } | null {
  const value: unknown = action;
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as { document?: unknown; environment?: unknown; id?: unknown };
  const source = (typeof candidate.document === 'object' && candidate.document !== null ? candidate.document : candidate) as { environment?: unknown; id?: unknown };
  if (typeof source.id !== 'string') return null;
  return { environment: source.environment as Environment, id: source.id };
}
