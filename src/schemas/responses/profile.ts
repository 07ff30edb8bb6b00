// Profile responses (spec 2.2, 2.3, 2.6, 4.3), built from the same parts the requests use.
import Type, { type TOptional } from 'typebox';
import { publicPageSettingSchema } from '../parts/publicPage';
import { operatingStatusSchema, verifiedBySchema } from '../parts/operatingStatus';
import { VERIFICATION_LEVELS } from '../../domain/profile';
import { REQUIRED_TO_PUBLISH } from '../../domain/completeness';
import { PROFILE_STATUSES } from '../endpoints/profile';
import { contactSchema } from '../parts/contact';
import { calendarDateSchema } from '../parts/dates';
import { EXCLUSIVE_CONTENT_FIELDS, exclusiveTextSchema } from '../parts/exclusiveContent';
import { hoursSchema } from '../parts/hours';
import { locationSchema } from '../parts/location';
import { pricingSchema } from '../parts/pricing';
import { capacitySchema, durationSchema, serviceCategorySchema, serviceDescriptionSchema, serviceNameSchema, servicePaymentSchema } from '../parts/service';
import { PAYMENT_ACCOUNT_STATUSES } from '../../domain/payments/paymentAccount';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';

const statusSchema = stringEnum(PROFILE_STATUSES);
const SCORE = { minimum: 0, maximum: 100 };
const scoreSchema = Type.Number(SCORE);

export const serviceRecordSchema = Type.Object({
  id: Type.String({ description: 'svc_<id>' }),
  name: serviceNameSchema,
  description: Type.Optional(serviceDescriptionSchema),
  category: Type.Optional(serviceCategorySchema),
  pricing: Type.Optional(pricingSchema),
  duration: Type.Optional(durationSchema),
  capacity: Type.Optional(capacitySchema),
  bookable: Type.Boolean(),
  requiresQuote: Type.Boolean(),
  payment: Type.Optional(servicePaymentSchema),
  createdAt: timestampSchema,
  updatedAt: Type.Optional(timestampSchema),
});

/** Where the business's public page is, and the owner's setting for it. */
const publicPageSchema = Type.Object({
  setting: publicPageSettingSchema,
  path: nullable(
    Type.String({
      readOnly: true,
      examples: ['/b/green-leaf-kitchen-austin'],
      description:
        'Where the public page is served on this host (its Markdown twin: path + ".md"), from the name and city; older paths ' +
        'redirect to it (301). null while there is no page: a draft, a sandbox business, or setting `off`.',
    }),
  ),
});

export const profileRecordSchema = Type.Object({
  id: Type.String({ description: 'biz_<id>' }),
  name: Type.String(),
  category: Type.String({ description: 'The category in the owner\'s own words, shown as written.' }),
  categoryKeys: Type.Optional(
    Type.Array(Type.String({ examples: ['amenity/dentist'] }), {
      readOnly: true,
      description:
        'The category\'s keys in the category taxonomy (the OpenStreetMap tagging schema\'s presets, @openstreetmap/id-tagging-schema, ' +
        'with our additions), computed from `category` on every write: "dental clinic" -> ["amenity/dentist"], "Bakery & Cafe" -> ' +
        '["shop/bakery", "amenity/cafe"]. Empty when the taxonomy does not know the label: the profile is then found by its words only, ' +
        'and the profile status recommends a standard category. Search filters (`category=`) compare these keys.',
    }),
  ),
  categoryTaxonomy: Type.Optional(
    Type.String({
      readOnly: true,
      examples: ['id-tagging-schema@7.2.0+additions.3'],
      description: 'The taxonomy version categoryKeys were computed with: the schema package\'s version and our additions\' version.',
    }),
  ),
  description: Type.Optional(Type.String()),
  tagline: Type.Optional(Type.String()),
  location: Type.Optional(locationSchema),
  timeZone: Type.Optional(
    nullable(
      Type.String({
        readOnly: true,
        description:
          'IANA time zone derived from location.coordinates (America/Chicago): the zone hours and blackout dates are read in. ' +
          'null without coordinates. Not settable; change the coordinates to change it.',
      }),
    ),
  ),
  contact: Type.Optional(contactSchema),
  services: Type.Optional(Type.Array(serviceRecordSchema)),
  hours: Type.Optional({ ...hoursSchema, description: 'Keys are weekdays, Monday first; days without stated hours are left out.' }),
  blackoutDates: Type.Optional(Type.Array(calendarDateSchema)),
  media: Type.Optional(
    Type.Object(
      {
        logo: Type.Optional(Type.String({ description: 'URL of the logo (GET /media/{mediaId}).' })),
        photos: Type.Optional(Type.Array(Type.String())),
        videos: Type.Optional(Type.Array(Type.String())),
      },
      { readOnly: true },
    ),
  ),
  trust: Type.Optional(
    Type.Object(
      {
        verificationLevel: Type.Optional(stringEnum(VERIFICATION_LEVELS, { description: 'none < basic < verified < premium < certified; set by an admin decision.' })),
        averageRating: Type.Optional(
          Type.Number({
            minimum: 0,
            maximum: 5,
            description: 'Mean of the visible reviews, 1-5 to one decimal. 0 while totalReviews is 0: no rating yet, not a zero rating (say "no reviews yet").',
          }),
        ),
        totalReviews: Type.Optional(Type.Integer({ minimum: 0, description: 'Visible reviews; 0 means the business has none yet.' })),
      },
      { readOnly: true },
    ),
  ),
  exclusiveContent: Type.Optional(Type.Object(Object.fromEntries(EXCLUSIVE_CONTENT_FIELDS.map((field) => [field, Type.Optional(exclusiveTextSchema)])) as Record<(typeof EXCLUSIVE_CONTENT_FIELDS)[number], TOptional<typeof exclusiveTextSchema>>)),
  exclusiveScores: Type.Optional(Type.Object({ visibilityScore: Type.Optional(scoreSchema), uniquenessScore: Type.Optional(scoreSchema) })),
  aiVisibilityScore: Type.Optional(Type.Number({ ...SCORE, readOnly: true })),
  status: statusSchema,
  publicPage: Type.Optional(publicPageSchema),
  operatingStatus: Type.Optional(operatingStatusSchema),
  lastVerifiedAt: Type.Optional(
    nullable({ ...timestampSchema, readOnly: true, description: 'When the information was last confirmed (by the owner or an approved verification); null when never.' }),
  ),
  lastVerifiedBy: Type.Optional(nullable({ ...verifiedBySchema, readOnly: true })),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const profileCreatedSchema = Type.Object({ id: Type.String(), name: Type.String(), status: statusSchema, createdAt: timestampSchema });

export const profileUpdatedSchema = Type.Object({ id: Type.String(), status: Type.Optional(statusSchema), publicPage: Type.Optional(publicPageSchema), updatedAt: timestampSchema });

/** How fresh the profile's information is (domain/freshness). */
const freshnessSchema = Type.Object({
  operatingStatus: operatingStatusSchema,
  lastVerifiedAt: nullable(timestampSchema),
  lastVerifiedBy: nullable(verifiedBySchema),
  confirmBy: Type.String({ format: 'date', description: 'The day confirmation becomes due: CONFIRM_INFORMATION_AFTER_DAYS after the last confirmation, or after creation.' }),
  confirmationDue: Type.Boolean({ description: 'True from confirmBy on: the information is older than the operator\'s confirmation age.' }),
  openReports: Type.Integer({ minimum: 0, description: 'Reports that the business closed or that its information is wrong, not yet answered (GET /business/profile/{businessId}/information-reports).' }),
});

export const informationConfirmedSchema = Type.Object({
  id: Type.String(),
  lastVerifiedAt: timestampSchema,
  lastVerifiedBy: verifiedBySchema,
  updatedAt: timestampSchema,
});

export const profileStatusSchema = Type.Object({
  businessId: Type.Optional(Type.String()),
  profileComplete: Type.Boolean({
    description: 'True exactly when missingFields is empty: every field required to publish is filled (recommendedFields may still list some).',
  }),
  completionPercentage: Type.Number({ minimum: 0, maximum: 100, description: 'Weighted share of all checklist items met, required and recommended.' }),
  status: statusSchema,
  missingFields: Type.Array(Type.String(), {
    description:
      `Required fields still missing (dotted paths, among ${REQUIRED_TO_PUBLISH.join(', ')}; contact = any one of phone, email or website): ` +
      'the profile cannot be published until this is empty.',
  }),
  recommendedFields: Type.Array(Type.String(), {
    description: 'Recommended fields still missing (dotted paths), most valuable first: they raise completionPercentage and never block publishing.',
  }),
  recommendations: Type.Array(Type.String(), {
    description:
      'One piece of advice per field of missingFields, then one per field of recommendedFields, in that order; then, when due, ' +
      'the advice to confirm the information, about a reopening date that has passed and about reports awaiting an answer.',
  }),
  payments: Type.Optional(
    Type.Object(
      {
        status: stringEnum(PAYMENT_ACCOUNT_STATUSES),
        requirementsDue: Type.Array(Type.String(), { description: 'What the payment provider still asks for, in its field names.' }),
      },
      {
        description:
          'Whether the business can take payments: not_connected (onboarding never started: POST .../payments/account), pending ' +
          '(the provider still needs details or has not enabled charges), ready. Absent on a server without payment keys.',
      },
    ),
  ),
  freshness: Type.Optional(freshnessSchema),
});

export const hoursResultSchema = Type.Object({ id: Type.String(), hours: hoursSchema, updatedAt: timestampSchema });

export const blackoutDatesResultSchema = Type.Object({
  id: Type.String(),
  blackoutDates: Type.Array(calendarDateSchema, { description: 'All stored dates, ascending.' }),
  updatedAt: Type.Optional(timestampSchema),
});

export const exclusiveContentResultSchema = Type.Object({
  updated: Type.Boolean(),
  visibilityScore: Type.Number({ ...SCORE, description: 'Coverage of the four fields, their length and specificity (concrete details, numbers, names) against generic marketing words.' }),
  uniquenessScore: Type.Number({ ...SCORE, description: 'Low when the text is similar to other businesses\' exclusive content in the same category.' }),
});
