// Leases in this process: enough for the embedded default (one process) and for tests of the
// lease's users; the same rules as the Redis leases (ports/lease.ts).
import type { LeaseFactory } from '../../ports/lease';

export function memoryLeases(options: { ttlMs: number; now?: () => number }): LeaseFactory {
  const now = options.now ?? Date.now;
  const held = new Map<string, { holder: string; until: number }>();
  return (name, holder) => ({
    async hold() {
      const current = held.get(name);
      if (current && current.holder !== holder && current.until > now()) return false;
      held.set(name, { holder, until: now() + options.ttlMs });
      return true;
    },
    async release() {
      if (held.get(name)?.holder === holder) held.delete(name);
    },
  });
}
