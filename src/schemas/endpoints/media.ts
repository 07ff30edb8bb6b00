// POST /business/profile/media (multipart, spec 4.3): the text fields beside `file`.
import Type from 'typebox';
import type { MediaType } from '../../domain/media';
import { businessIdSchema } from '../parts/ids';
import { stringEnum } from '../parts/stringEnum';

export const MEDIA_TYPES = ['photo', 'video', 'logo'] as const;

/** Upload caps per media type, bytes. */
export const MEDIA_SIZE_LIMITS: Record<MediaType, number> = {
  logo: 2 * 1024 * 1024,
  photo: 10 * 1024 * 1024,
  video: 100 * 1024 * 1024,
};

export const mediaUploadFieldsSchema = Type.Object(
  { type: stringEnum(MEDIA_TYPES), businessId: Type.Optional({ ...businessIdSchema, description: 'Which profile, when the account owns several.' }) },
  { additionalProperties: false },
);
