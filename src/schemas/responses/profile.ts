// Profile responses (spec 2.2, 2.3, 2.6, 4.3), built from the same parts the requests use.
import type { SchemaObject } from 'ajv';
import { publicPageSettingSchema } from '../parts/publicPage';
import { VERIFICATION_LEVELS } from '../../domain/profile';
import { REQUIRED_TO_PUBLISH } from '../../domain/completeness';
import { PROFILE_STATUSES } from '../endpoints/profile';
import { contactSchema } from '../parts/contact';
import { calendarDateSchema } from '../parts/dates';
import { EXCLUSIVE_CONTENT_FIELDS, exclusiveTextSchema } from '../parts/exclusiveContent';
import { hoursSchema } from '../parts/hours';
import { locationSchema } from '../parts/location';
import { pricingSchema } from '../parts/pricing';
import { capacitySchema, durationSchema, serviceCategorySchema, serviceDescriptionSchema, serviceNameSchema } from '../parts/service';
import { timestampSchema } from './common';

const statusSchema: SchemaObject = { type: 'string', enum: [...PROFILE_STATUSES] };
const scoreSchema: SchemaObject = { type: 'number', minimum: 0, maximum: 100 };

export const serviceRecordSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'bookable', 'requiresQuote', 'createdAt'],
  properties: {
    id: { type: 'string', description: 'svc_<id>' },
    name: serviceNameSchema,
    description: serviceDescriptionSchema,
    category: serviceCategorySchema,
    pricing: pricingSchema,
    duration: durationSchema,
    capacity: capacitySchema,
    bookable: { type: 'boolean' },
    requiresQuote: { type: 'boolean' },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

/** Where the business's public page is, and the owner's setting for it. */
const publicPageSchema: SchemaObject = {
  type: 'object',
  required: ['setting', 'path'],
  properties: {
    setting: publicPageSettingSchema,
    path: {
      type: ['string', 'null'],
      readOnly: true,
      examples: ['/b/green-leaf-kitchen-austin'],
      description:
        'Where the public page is served on this host (its Markdown twin: path + ".md"), from the name and city; older paths ' +
        'redirect to it (301). null while there is no page: a draft, a sandbox business, or setting `off`.',
    },
  },
};

export const profileRecordSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'category', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'biz_<id>' },
    name: { type: 'string' },
    category: { type: 'string', description: 'The category in the owner\'s own words, shown as written.' },
    categoryKeys: {
      type: 'array',
      readOnly: true,
      items: { type: 'string', examples: ['amenity/dentist'] },
      description:
        'The category\'s keys in the category taxonomy (the OpenStreetMap tagging schema\'s presets, @openstreetmap/id-tagging-schema, ' +
        'with our additions), computed from `category` on every write: "dental clinic" -> ["amenity/dentist"], "Bakery & Cafe" -> ' +
        '["shop/bakery", "amenity/cafe"]. Empty when the taxonomy does not know the label: the profile is then found by its words only, ' +
        'and the profile status recommends a standard category. Search filters (`category=`) compare these keys.',
    },
    categoryTaxonomy: {
      type: 'string',
      readOnly: true,
      examples: ['id-tagging-schema@7.2.0+additions.3'],
      description: 'The taxonomy version categoryKeys were computed with: the schema package\'s version and our additions\' version.',
    },
    description: { type: 'string' },
    tagline: { type: 'string' },
    location: locationSchema,
    timeZone: {
      type: ['string', 'null'],
      readOnly: true,
      description:
        'IANA time zone derived from location.coordinates (America/Chicago): the zone hours and blackout dates are read in. ' +
        'null without coordinates. Not settable; change the coordinates to change it.',
    },
    contact: contactSchema,
    services: { type: 'array', items: serviceRecordSchema },
    hours: { ...hoursSchema, description: 'Keys are weekdays, Monday first; days without stated hours are left out.' },
    blackoutDates: { type: 'array', items: calendarDateSchema },
    media: {
      type: 'object',
      readOnly: true,
      properties: {
        logo: { type: 'string', description: 'URL of the logo (GET /media/{mediaId}).' },
        photos: { type: 'array', items: { type: 'string' } },
        videos: { type: 'array', items: { type: 'string' } },
      },
    },
    trust: {
      type: 'object',
      readOnly: true,
      properties: {
        verificationLevel: { type: 'string', enum: [...VERIFICATION_LEVELS], description: 'none < basic < verified < premium < certified; set by an admin decision.' },
        averageRating: {
          type: 'number',
          minimum: 0,
          maximum: 5,
          description: 'Mean of the visible reviews, 1-5 to one decimal. 0 while totalReviews is 0: no rating yet, not a zero rating (say "no reviews yet").',
        },
        totalReviews: { type: 'integer', minimum: 0, description: 'Visible reviews; 0 means the business has none yet.' },
      },
    },
    exclusiveContent: {
      type: 'object',
      properties: Object.fromEntries(EXCLUSIVE_CONTENT_FIELDS.map((field) => [field, exclusiveTextSchema])),
    },
    exclusiveScores: {
      type: 'object',
      properties: { visibilityScore: scoreSchema, uniquenessScore: scoreSchema },
    },
    aiVisibilityScore: { ...scoreSchema, readOnly: true },
    status: statusSchema,
    publicPage: publicPageSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

export const profileCreatedSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'status', 'createdAt'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, status: statusSchema, createdAt: timestampSchema },
};

export const profileUpdatedSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'updatedAt'],
  properties: { id: { type: 'string' }, status: statusSchema, publicPage: publicPageSchema, updatedAt: timestampSchema },
};

export const profileStatusSchema: SchemaObject = {
  type: 'object',
  required: ['profileComplete', 'completionPercentage', 'status', 'missingFields', 'recommendedFields', 'recommendations'],
  properties: {
    businessId: { type: 'string' },
    profileComplete: {
      type: 'boolean',
      description: 'True exactly when missingFields is empty: every field required to publish is filled (recommendedFields may still list some).',
    },
    completionPercentage: { type: 'number', minimum: 0, maximum: 100, description: 'Weighted share of all checklist items met, required and recommended.' },
    status: statusSchema,
    missingFields: {
      type: 'array',
      items: { type: 'string' },
      description:
        `Required fields still missing (dotted paths, among ${REQUIRED_TO_PUBLISH.join(', ')}; contact = any one of phone, email or website): ` +
        'the profile cannot be published until this is empty.',
    },
    recommendedFields: {
      type: 'array',
      items: { type: 'string' },
      description: 'Recommended fields still missing (dotted paths), most valuable first: they raise completionPercentage and never block publishing.',
    },
    recommendations: {
      type: 'array',
      items: { type: 'string' },
      description: 'One piece of advice per field of missingFields, then one per field of recommendedFields, in that order.',
    },
  },
};

export const hoursResultSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'hours', 'updatedAt'],
  properties: { id: { type: 'string' }, hours: hoursSchema, updatedAt: timestampSchema },
};

export const blackoutDatesResultSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'blackoutDates'],
  properties: {
    id: { type: 'string' },
    blackoutDates: { type: 'array', items: calendarDateSchema, description: 'All stored dates, ascending.' },
    updatedAt: timestampSchema,
  },
};

export const exclusiveContentResultSchema: SchemaObject = {
  type: 'object',
  required: ['updated', 'visibilityScore', 'uniquenessScore'],
  properties: {
    updated: { type: 'boolean' },
    visibilityScore: { ...scoreSchema, description: 'Coverage of the four fields, their length and specificity (concrete details, numbers, names) against generic marketing words.' },
    uniquenessScore: { ...scoreSchema, description: 'Low when the text is similar to other businesses\' exclusive content in the same category.' },
  },
};
