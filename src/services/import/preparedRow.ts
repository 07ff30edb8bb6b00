// One source row -> what the import stores for it, checked with the profile's own rules before
// anything is written: the create body's schema (createProfileBodySchema), the create's own
// normalisation (draftProfile: E.164 phones, prices in the currency's minor unit) and the derived
// fields every write recomputes (withDerivedFields). Pure work on the row, no store: it runs in the
// import's worker threads.
//
// An optional field that fails its check (an http website, a phone that is no number) is dropped
// and reported as a warning with the row's line, and the rest of the row is imported; with `strict`
// the row is refused instead. A row without what an imported listing needs (its id, a name, a
// category, a point on the map) is refused, reported with its line and why, and nothing of it is written.
import { ValidationError } from '../../domain/errors';
import { importDigest, importedProfileId } from '../../domain/imports/importIdentity';
import type { ImportRecord, MappedRow } from '../../domain/imports/importRecord';
import type { BusinessProfile, Environment, ProfileStatus } from '../../domain/profile';
import { assertValid } from '../../schemas/check';
import { createProfileBodySchema } from '../../schemas/endpoints/profile';
import { importOperatorFieldsSchema } from '../../schemas/imports/operatorFields';
import { draftProfile, type CreateProfileInput } from '../profileDraft';
import { withDerivedFields } from '../profileMutation';
import { isWithin, withoutField } from './fieldPath';
import { withGuessedAddress } from './importAddresses';

export interface ImportSettings {
  environment: Environment;
  /** The account imported profiles belong to. */
  ownerId: string;
  /** The data set's name, part of each profile's id: "overture", "foursquare", or the operator's own. */
  dataset: string;
  /** The status a row gets when it does not say (only our own profile rows can say). */
  status: ProfileStatus;
  /** Refuse a row with any invalid field instead of dropping the field. */
  strict: boolean;
}

export interface FieldWarning {
  field: string;
  issue: string;
}

/** The operator-only parts a row gave (status, trust, ...): a re-import keeps the stored ones it does not give. */
export type OperatorField = 'status' | 'trust' | 'exclusiveContent' | 'media' | 'blackoutDates';

export type PreparedRow =
  | { type: 'profile'; line: number; profile: BusinessProfile; given: OperatorField[]; warnings: FieldWarning[] }
  | { type: 'leftOut'; line: number; id: string; sourceId: string; reason: string; digest: string }
  | { type: 'problem'; line: number; field: string; issue: string; sourceId?: string };

/** Fields an imported listing cannot do without: failing one refuses the row, never drops the field. */
const REQUIRED_FIELDS = ['name', 'category', 'location.coordinates'];
/** Each dropped field makes the row shorter; a row failing this often is not worth guessing at. */
const MAX_DROPPED_FIELDS = 20;

type Checked<T> = { value: T; problem?: undefined } | { value?: undefined; problem: FieldWarning };

/** Runs `check` on `value`, dropping each optional field it refuses (into `warnings`) until it passes. */
function checkDropping<T>(value: Record<string, unknown>, check: (value: Record<string, unknown>) => T, strict: boolean, warnings: FieldWarning[], at = ''): Checked<T> {
  let current = value;
  for (let dropped = 0; ; dropped++) {
    try {
      return { value: check(current) };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const { field, issue } = error.details as { field: string; issue: string };
      const named = `${at}${field}`;
      const required = field === 'body' || REQUIRED_FIELDS.some((needed) => isWithin(field, needed) || isWithin(needed, field));
      if (strict || required || dropped >= MAX_DROPPED_FIELDS) return { problem: { field: named, issue } };
      warnings.push({ field: named, issue });
      current = withoutField(current, field);
    }
  }
}

function withOperatorFields(profile: BusinessProfile, fields: Record<string, unknown>, settings: ImportSettings): BusinessProfile {
  const next = { ...profile, status: (fields.status as ProfileStatus | undefined) ?? settings.status };
  if (fields.trust) next.trust = { ...next.trust, ...(fields.trust as Partial<BusinessProfile['trust']>) };
  if (fields.exclusiveContent) next.exclusiveContent = fields.exclusiveContent as BusinessProfile['exclusiveContent'];
  if (fields.media) next.media = { photos: [], videos: [], ...(fields.media as Partial<BusinessProfile['media']>) };
  if (fields.blackoutDates) next.blackoutDates = [...new Set(fields.blackoutDates as string[])].sort();
  return next;
}

export function prepareRecord(line: number, record: ImportRecord, settings: ImportSettings, now: Date): PreparedRow {
  const id = importedProfileId(settings.environment, settings.dataset, record.sourceId);
  const digest = importDigest(record, settings);
  if (record.leftOut !== undefined) return { type: 'leftOut', line, id, sourceId: record.sourceId, reason: record.leftOut, digest };
  const warnings: FieldWarning[] = [];
  const identity = { id, environment: settings.environment, ownerId: settings.ownerId };
  const draft = checkDropping(record.fields, (fields) => draftProfile(assertValid<CreateProfileInput>(createProfileBodySchema, fields), identity, now), settings.strict, warnings);
  if (draft.problem) return { type: 'problem', line, sourceId: record.sourceId, ...draft.problem };
  if (!draft.value.location.coordinates) {
    return { type: 'problem', line, sourceId: record.sourceId, field: 'location.coordinates', issue: 'is required: an imported business must be placed on the map' };
  }
  const operator = checkDropping(record.operatorFields ?? {}, (fields) => assertValid<Record<string, unknown>>(importOperatorFieldsSchema, fields), settings.strict, warnings);
  if (operator.problem) return { type: 'problem', line, sourceId: record.sourceId, ...operator.problem };
  const profile = withGuessedAddress({ ...withOperatorFields(draft.value, operator.value, settings), source: { dataset: settings.dataset, id: record.sourceId, digest } });
  return { type: 'profile', line, profile: withDerivedFields(profile, now), given: Object.keys(operator.value) as OperatorField[], warnings };
}

/** A mapped row (or the mapping's refusal) -> what the import does with it. */
export function prepareRow(line: number, mapped: MappedRow, settings: ImportSettings, now: Date): PreparedRow {
  if (mapped.problem) return { type: 'problem', line, ...mapped.problem };
  return prepareRecord(line, mapped.record, settings, now);
}
