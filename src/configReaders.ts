// The readers config.ts and its parts (paymentSettings.ts) check environment variables with: each
// appends a problem naming the variable to `problems` and answers a fallback, so one start-up
// error lists every bad setting at once.

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

export function url(env: Env, name: string, protocols: string[], problems: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) {
      problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
    }
  } catch {
    problems.push(`${name} is not a valid URL`);
  }
  return raw;
}

export function flag(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

