// Webhook signing secrets must be readable again (we sign with them), so they are encrypted,
// not hashed: AES-256-GCM with a key derived by HKDF-SHA256 from the service's secret material
// (WEBHOOK_SECRET_KEY, or JWT_SECRET when that is not set). A sealed value is
// `v1.<iv>.<tag>.<ciphertext>` (base64url); the record id is bound in as associated data, so a
// sealed secret copied onto another endpoint does not open. Other secrets kept this way (the OAuth
// signing keys) pass their own purpose, so each kind is sealed with a key of its own.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

export function createSecretBox(material: string, purpose = 'webhook signing secrets v1'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.from('business-discovery-api'), Buffer.from(purpose), 32));
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.') as (string | undefined)[];
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
