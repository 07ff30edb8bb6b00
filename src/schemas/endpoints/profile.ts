// POST /business/profile and PATCH /business/profile/{businessId} (spec 2.2, 4.3).
// Only what a client may set: id, status (on create), trust, media and timestamps are the
// server's, so they are rejected as unknown properties.
import Type from 'typebox';
import { businessIdSchema } from '../parts/ids';
import { contactSchema } from '../parts/contact';
import { hoursChangesSchema, hoursSchema } from '../parts/hours';
import { locationChangesSchema, locationSchema } from '../parts/location';
import { nullable, nullableProperties } from '../parts/nullable';
import { publicPageSettingSchema } from '../parts/publicPage';
import { operatingStatusChangeSchema } from '../parts/operatingStatus';
import { MAX_SERVICES, serviceInputSchema } from '../parts/service';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

const nameSchema = text(200);
const categorySchema = text(100);
/** A few paragraphs. */
const descriptionSchema = text(5000, 1, 'multi');
/** One line, as on a card. */
const taglineSchema = text(160);
const servicesSchema = Type.Array(serviceInputSchema, { maxItems: MAX_SERVICES });

export const createProfileBodySchema = Type.Object(
  {
    name: nameSchema,
    category: categorySchema,
    description: Type.Optional(descriptionSchema),
    tagline: Type.Optional(taglineSchema),
    location: Type.Optional(locationSchema),
    contact: Type.Optional(contactSchema),
    services: Type.Optional(servicesSchema),
    hours: Type.Optional(hoursSchema),
  },
  { additionalProperties: false },
);

export const PROFILE_STATUSES = ['draft', 'published'] as const;

export const updateProfileBodySchema = Type.Object(
  {
    name: Type.Optional(nameSchema),
    category: Type.Optional(categorySchema),
    description: Type.Optional(nullable(descriptionSchema)),
    tagline: Type.Optional(nullable(taglineSchema)),
    location: Type.Optional(nullable(locationChangesSchema)),
    contact: Type.Optional(nullable(nullableProperties(contactSchema))),
    services: Type.Optional(nullable(servicesSchema)),
    hours: Type.Optional(nullable(hoursChangesSchema)),
    status: Type.Optional(stringEnum(PROFILE_STATUSES)),
    publicPage: Type.Optional(publicPageSettingSchema),
    operatingStatus: Type.Optional(operatingStatusChangeSchema),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      'Any subset of the profile. Objects merge deeply (hours may name only some days), arrays replace, ' +
      'null clears an optional field: location null leaves an empty location, as a create without one; ' +
      'services null leaves no services. status draft -> published only when the profile is complete, and a ' +
      'published profile refuses a change that removes what publishing requires.',
  },
);

/** GET /business/profile/status: which profile, when the account owns several. */
export const profileStatusQuerySchema = Type.Object({ businessId: Type.Optional(businessIdSchema) }, { additionalProperties: false });
