// The keys the OAuth server signs ID tokens with, as this instance sees them. They live in the
// OAuth storage (shared by every instance), the private half sealed at rest; each instance re-reads
// them at most `refreshMs` apart, creates the next generation when the rotation plan says so
// (domain/oauth/signingKeyRotation.ts; two instances creating it at once store it once) and removes
// keys past their overlap. A restart loses nothing: the same keys come back from storage.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { UnavailableError } from '../../domain/errors';
import { planSigningKeys, type RotationPolicy } from '../../domain/oauth/signingKeyRotation';
import type { SecretBox } from '../../domain/webhooks/secretBox';
import type { Logger } from '../../logger';
import type { SigningKeyStore, StoredSigningKey } from '../../ports/oauthStorage';

export const SIGNING_ALG = 'ES256';
/** Often enough for a successor published a day ahead; rare enough to cost nothing. */
export const KEY_REFRESH_MS = 60_000;

/** A private JWK with kid, alg and use, as oidc-provider's `jwks` configuration takes it. */
export type SigningJwk = Record<string, string>;

export interface SigningKeySet {
  /** Signing key first (oidc-provider signs with the first key of the algorithm), then the other published ones. */
  keys: SigningJwk[];
  /** The kids in that order: changes whenever what is published or what signs changes. */
  fingerprint: string;
}

export interface SigningKeyRing {
  current(): Promise<SigningKeySet>;
}

export interface SigningKeyRingDeps {
  store: SigningKeyStore;
  secrets: SecretBox;
  policy: RotationPolicy;
  logger?: Pick<Logger, 'info' | 'warn'>;
  now?: () => number;
  refreshMs?: number;
}

export function createSigningKeyRing(deps: SigningKeyRingDeps): SigningKeyRing {
  const { store, secrets, policy, logger } = deps;
  const now = deps.now ?? Date.now;
  const refreshMs = deps.refreshMs ?? KEY_REFRESH_MS;
  let stored: { keys: StoredSigningKey[]; readAt: number } | undefined;
  let reading: Promise<StoredSigningKey[]> | undefined;
  let set: SigningKeySet | undefined;

  const plan = (keys: StoredSigningKey[]) =>
    planSigningKeys(keys.map((key) => ({ key, generation: key.generation, kid: key.kid, activatesAt: Date.parse(key.activatesAt) })), now(), policy);

  function generate(generation: number, activatesAt: number): StoredSigningKey {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = randomBytes(12).toString('base64url');
    return {
      generation,
      kid,
      alg: SIGNING_ALG,
      publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, string>,
      sealedPrivateJwk: secrets.seal(JSON.stringify(privateKey.export({ format: 'jwk' })), kid),
      createdAt: new Date(now()).toISOString(),
      activatesAt: new Date(activatesAt).toISOString(),
    };
  }

  /** Reads the stored keys, creates a due one, removes retired ones; returns what remains. */
  async function reconcile(): Promise<StoredSigningKey[]> {
    let keys = await store.list();
    const due = plan(keys).create;
    if (due) {
      const created = generate(due.generation, due.activatesAt);
      if (await store.insert(created)) logger?.info({ generation: created.generation, kid: created.kid, activatesAt: created.activatesAt }, 'created an OAuth signing key');
      keys = await store.list();
    }
    const retired = plan(keys).retired.map((entry) => entry.key);
    for (const key of retired) {
      await store.remove(key.generation);
      logger?.info({ generation: key.generation, kid: key.kid }, 'retired an OAuth signing key');
    }
    return keys.filter((key) => !retired.includes(key));
  }

  async function storedKeys(): Promise<StoredSigningKey[]> {
    if (stored && now() - stored.readAt < refreshMs) return stored.keys;
    reading ??= reconcile()
      .then((keys) => {
        stored = { keys, readAt: now() };
        return keys;
      })
      .catch((error: unknown) => {
        // Storage trouble: keep signing with the keys read last time rather than failing sign-ins.
        if (!stored) throw new UnavailableError('The OAuth signing keys cannot be read right now');
        logger?.warn({ err: (error as Error).message }, 'could not refresh the OAuth signing keys; using the ones read before');
        return stored.keys;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  function open(key: StoredSigningKey): SigningJwk {
    const privateJwk = JSON.parse(secrets.open(key.sealedPrivateJwk, key.kid)) as SigningJwk;
    return { ...privateJwk, kid: key.kid, alg: key.alg, use: 'sig' };
  }

  return {
    async current() {
      const published = plan(await storedKeys()).published.map((entry) => entry.key);
      const fingerprint = published.map((key) => key.kid).join(' ');
      if (set?.fingerprint !== fingerprint) set = { fingerprint, keys: published.map(open) };
      return set;
    },
  };
}
