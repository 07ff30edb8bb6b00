// Reading one value of a source row whatever the file made of it: a Parquet column gives numbers,
// lists and structs; a CSV cell gives text (a list as JSON text, "30.25" for a number); NDJSON gives
// JSON. The mappers read through these so one mapping serves every format.

/** Trimmed non-empty text, or undefined (null, ""); a number is read as its digits, a date as YYYY-MM-DD. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  // A DATE column (Foursquare's date_closed in some releases) arrives as a Date.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A finite number, from a number or from text that is one ("30.2672"); undefined otherwise. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  const text = textOf(value);
  if (text === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  return Number(text);
}

/** A list: an array as it is, a JSON array written as text (a CSV cell), or one value as a list of one. */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return [];
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // Not JSON: the cell is one value that happens to start with a bracket.
      }
    }
    return [text];
  }
  return [value];
}

/** The texts of a list, trimmed, empty ones left out. */
export function textsOf(value: unknown): string[] {
  return listOf(value).map(textOf).filter((text): text is string => text !== undefined);
}

/** An object (a struct column, a JSON object, or JSON object text); undefined otherwise. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      return objectOf(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** `{ a: undefined, b: 1 }` -> `{ b: 1 }`; undefined when nothing is left, so empty parts disappear. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> | undefined {
  const kept = Object.entries(value).filter(([, field]) => field !== undefined);
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as Partial<T>);
}
