// Deep merge for PATCH bodies, RFC 7396 (JSON Merge Patch) flavour: nested objects merge,
// arrays and scalars replace, `null` removes the key. The result is a fresh structure so a
// failed validation of the merged profile never leaves a half-patched object in a cache.
// Keys that could reach Object.prototype are dropped: the patch is client-controlled JSON.

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A deep copy of JSON-like data (plain objects and arrays); other values are kept by reference. */
function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      out[key] = cloneJson(value[key]);
    }
    return out;
  }
  return value;
}

export interface MergePatchOptions {
  /**
   * Paths (keys from the root) whose patch value replaces the target value instead of merging
   * into it. Profiles use it for a day of `hours`: `{closed: true}` sent for a day that had
   * `{open, close}` must not yield `{open, close, closed}`.
   */
  replaceAt?: (path: readonly string[]) => boolean;
}

function mergeValue(target: unknown, patch: unknown, path: string[], options: MergePatchOptions): unknown {
  // RFC 7396: a patch that is not an object replaces the target wholesale.
  if (!isPlainObject(patch)) return cloneJson(patch);
  if (path.length > 0 && options.replaceAt?.(path)) return mergeValue(undefined, patch, path, {});
  const base = isPlainObject(target) ? target : {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(base)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    out[key] = cloneJson(base[key]);
  }
  for (const key of Object.keys(patch)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const value = patch[key];
    if (value === null) {
      delete out[key];
    } else if (value !== undefined) {
      out[key] = mergeValue(base[key], value, [...path, key], options);
    }
  }
  return out;
}

/**
 * Applies `patch` to `target` and returns a new value; neither input is mutated.
 * A patch that is not a plain object (array, scalar, null) replaces the whole target.
 * `undefined` values in the patch are ignored (they cannot come from JSON anyway).
 */
export function mergePatch<T>(target: T, patch: unknown, options: MergePatchOptions = {}): T {
  return mergeValue(target, patch, [], options) as T;
}
