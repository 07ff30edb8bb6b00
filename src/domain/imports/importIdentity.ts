// What makes an import idempotent: a place's profile id is derived from the place itself (the
// environment, the data set and the place's id there), so a re-import finds the profile it wrote
// before by its primary key on every engine, with no lookup table; and a digest of the row and the
// import's settings tells whether a re-import changes anything at all.
import { createHash } from 'node:crypto';
import type { Environment } from '../profile';
import type { ImportRecord } from './importRecord';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The length of newId's random part (domain/ids.ts): 20 base62 characters, about 119 bits (here 20 hash bytes, a little under 6 bits each). */
const ID_LENGTH = 20;

/** Base62 of a hash's bytes, one character per byte (byte mod 62): the tiny bias costs nothing an id needs. */
function base62(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[bytes[i] % 62];
  return out;
}

/** `biz_` + 20 base62 characters of SHA-256(environment, data set, id): the same place always gets the same profile id. */
export function importedProfileId(environment: Environment, dataset: string, sourceId: string): string {
  const hash = createHash('sha256').update(`${environment}\u0000${dataset}\u0000${sourceId}`).digest();
  return `biz_${base62(hash, ID_LENGTH)}`;
}

/** What else decides the profile a row becomes: who owns it and the status it is given when the row does not say. */
export interface DigestedSettings {
  ownerId: string;
  status: string;
}

/** Raised when what the importer makes of the same row changes, so a re-import rewrites every profile once. */
const IMPORT_RULES_VERSION = 1;

/** A short digest of the record and the settings (base64url of SHA-256, 22 characters). */
export function importDigest(record: ImportRecord, settings: DigestedSettings): string {
  return createHash('sha256')
    .update(JSON.stringify([IMPORT_RULES_VERSION, record.fields, record.operatorFields ?? null, record.leftOut ?? null, settings.ownerId, settings.status]))
    .digest('base64url')
    .slice(0, 22);
}
