// Sandbox and live share one index: the environment is part of every document's _id, so the same
// business id in both never collides (and a filter on `environment` keeps searches apart).
import type { Environment } from '../../domain/profile';

export function documentKey(environment: Environment, id: string): string {
  return `${environment}:${id}`;
}
