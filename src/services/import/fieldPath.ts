// Dotted field paths as the schemas' errors name them ("contact.website", "services.2.pricing"):
// taking one out of a row that is being checked, so an optional field that fails is dropped and the
// rest of the row is checked again.

/** A copy of `value` without the field at `path`; an array item named by its index is removed from the list. */
export function withoutField<T>(value: T, path: string): T {
  const copy = structuredClone(value);
  const parts = path.split('.');
  let at: unknown = copy;
  for (const part of parts.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return copy;
    at = (at as Record<string, unknown>)[part];
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(at) && /^\d+$/.test(last)) at.splice(Number(last), 1);
  else if (at !== null && typeof at === 'object') delete (at as Record<string, unknown>)[last];
  return copy;
}

/** True when `path` is `field` or lies inside it ("location.coordinates.lat" is inside "location.coordinates"). */
export function isWithin(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}
