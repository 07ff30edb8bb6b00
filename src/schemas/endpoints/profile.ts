// POST /business/profile and PATCH /business/profile/{businessId} (spec 2.2, 4.3).
// Only what a client may set: id, status (on create), trust, media and timestamps are the
// server's, so they are rejected as unknown properties.
import type { SchemaObject } from 'ajv';
import type { Contact, Location, PublicPageSetting, ServiceFields, WeeklyHours } from '../../domain/profile';
import { publicPageSettingSchema } from '../parts/publicPage';
import { businessIdSchema } from '../parts/ids';
import { contactSchema } from '../parts/contact';
import { hoursChangesSchema, hoursSchema } from '../parts/hours';
import { locationChangesSchema, locationSchema } from '../parts/location';
import { nullable, nullableProperties } from '../parts/nullable';
import { MAX_SERVICES, serviceInputSchema } from '../parts/service';
import { text } from '../parts/text';

const nameSchema = text(200);
const categorySchema = text(100);
/** A few paragraphs. */
const descriptionSchema = text(5000, 1, 'multi');
/** One line, as on a card. */
const taglineSchema = text(160);
const servicesSchema: SchemaObject = { type: 'array', maxItems: MAX_SERVICES, items: serviceInputSchema };

export const createProfileBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'category'],
  properties: {
    name: nameSchema,
    category: categorySchema,
    description: descriptionSchema,
    tagline: taglineSchema,
    location: locationSchema,
    contact: contactSchema,
    services: servicesSchema,
    hours: hoursSchema,
  },
};

export const PROFILE_STATUSES = ['draft', 'published'] as const;

export const updateProfileBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description:
    'Any subset of the profile. Objects merge deeply (hours may name only some days), arrays replace, ' +
    'null clears an optional field: location null leaves an empty location, as a create without one; ' +
    'services null leaves no services. status draft -> published only when the profile is complete, and a ' +
    'published profile refuses a change that removes what publishing requires.',
  properties: {
    name: nameSchema,
    category: categorySchema,
    description: nullable(descriptionSchema),
    tagline: nullable(taglineSchema),
    location: nullable(locationChangesSchema),
    contact: nullable(nullableProperties(contactSchema)),
    services: nullable(servicesSchema),
    hours: nullable(hoursChangesSchema),
    status: { type: 'string', enum: [...PROFILE_STATUSES] },
    publicPage: publicPageSettingSchema,
  },
};

/** GET /business/profile/status: which profile, when the account owns several. */
export const profileStatusQuerySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: { businessId: businessIdSchema },
};

/** After validation the schema defaults have filled bookable and requiresQuote. */
export type ServiceBody = ServiceFields;

export interface CreateProfileBody {
  name: string;
  category: string;
  description?: string;
  tagline?: string;
  location?: Location;
  contact?: Contact;
  services?: ServiceBody[];
  hours?: WeeklyHours;
}

type Clearable<T> = { [K in keyof T]?: T[K] | null };

export interface UpdateProfileBody {
  name?: string;
  category?: string;
  description?: string | null;
  tagline?: string | null;
  location?: { address?: Clearable<NonNullable<Location['address']>> | null; coordinates?: Location['coordinates'] | null } | null;
  contact?: Clearable<Contact> | null;
  services?: ServiceBody[] | null;
  hours?: { [day in keyof WeeklyHours]?: WeeklyHours[day] | null } | null;
  status?: (typeof PROFILE_STATUSES)[number];
  publicPage?: PublicPageSetting;
}

export interface ProfileStatusQuery {
  businessId?: string;
}
