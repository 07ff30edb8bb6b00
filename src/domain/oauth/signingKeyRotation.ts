// When OAuth signing keys are created, used, published and retired. Pure: every API instance
// reads the same stored keys and, from the same clock, reaches the same plan, so a fleet agrees on
// which key signs without talking. The rules:
// - keys are numbered by generation; the newest one already active signs;
// - a successor is created `publishLeadMs` before the signing key reaches `rotateEveryMs`, and is
//   published at once but signs only from its activation: by then every instance (each re-reads
//   the keys at least once a minute) and every client's JWKS cache has seen it;
// - the key it replaces stays published for `retireAfterMs` after the successor activates, longer
//   than an ID token lives, so tokens it signed keep verifying; then it is removed.
// The very first key signs at once: no token exists that a client could fail to verify.

export interface SigningKeyTimes {
  generation: number;
  kid: string;
  /** Epoch milliseconds from which the key signs. */
  activatesAt: number;
}

export interface RotationPolicy {
  /** How long a key signs before its successor takes over; 0: never rotate. */
  rotateEveryMs: number;
  /** How long a successor is published before it signs. */
  publishLeadMs: number;
  /** How long a replaced key stays published after its successor activated. */
  retireAfterMs: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A day of lead and of overlap: JWKS caches refresh well within it, and an ID token lives an hour. */
export function rotationPolicy(rotateEveryDays: number): RotationPolicy {
  return { rotateEveryMs: rotateEveryDays * DAY_MS, publishLeadMs: DAY_MS, retireAfterMs: DAY_MS };
}

export interface SigningKeyPlan<K extends SigningKeyTimes> {
  /** The key that signs now (undefined only while no key exists). */
  signing: K | undefined;
  /** Keys in the JWKS: the signing one first, then pending and replaced ones still in their overlap. */
  published: K[];
  /** Replaced keys past their overlap: remove them. */
  retired: K[];
  /** A key to create now, when one is due (generation and activation time). */
  create?: { generation: number; activatesAt: number };
}

export function planSigningKeys<K extends SigningKeyTimes>(keys: readonly K[], now: number, policy: RotationPolicy): SigningKeyPlan<K> {
  const ordered = [...keys].sort((a, b) => a.generation - b.generation);
  if (ordered.length === 0) return { signing: undefined, published: [], retired: [], create: { generation: 1, activatesAt: now } };
  const active = ordered.filter((key) => key.activatesAt <= now);
  // Only pending keys (a store whose first key was written with a future activation): the oldest signs.
  const signing = active.length > 0 ? active[active.length - 1] : ordered[0];
  const retired = ordered.filter((key) => {
    if (key.generation >= signing.generation) return false;
    const successor = ordered.find((other) => other.generation > key.generation);
    return successor !== undefined && successor.activatesAt <= now - policy.retireAfterMs;
  });
  const published = [signing, ...ordered.filter((key) => key !== signing && !retired.includes(key))];
  const newest = ordered[ordered.length - 1];
  const successorDue = policy.rotateEveryMs > 0 && newest === signing && now >= signing.activatesAt + policy.rotateEveryMs - policy.publishLeadMs;
  return {
    signing,
    published,
    retired,
    ...(successorDue && { create: { generation: newest.generation + 1, activatesAt: Math.max(now + policy.publishLeadMs, signing.activatesAt + policy.rotateEveryMs) } }),
  };
}
