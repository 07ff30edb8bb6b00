// The embedded parts of a business profile (domain/profile.ts), each its own sub-schema so an
// absent optional part stays absent instead of reading back as an empty object. Every value a
// client writes takes its type, bounds, enum and pattern from the JSON Schema the API checks it
// with (storedAs); what only the server writes (trust, scores) from the profile's record schema.
import { Schema } from 'mongoose';
import { operatingStatusSchema as operatingStatusJson } from '../../../schemas/parts/operatingStatus';
import { contactSchema as contactJson } from '../../../schemas/parts/contact';
import { exclusiveTextSchema } from '../../../schemas/parts/exclusiveContent';
import { timeOfDaySchema } from '../../../schemas/parts/hours';
import { locationSchema as locationJson } from '../../../schemas/parts/location';
import { pricingSchema as pricingJson } from '../../../schemas/parts/pricing';
import { servicePaymentSchema, serviceInputSchema } from '../../../schemas/parts/service';
import { profileRecordSchema } from '../../../schemas/responses/profile';
import { leafOf, storedAs } from './storedAs';
import { partOptions, requiredTimestamp } from './storedFields';

const address = (field: string) => storedAs(leafOf(locationJson, `address.${field}`));
const addressSchema = new Schema(
  { street: address('street'), city: address('city'), state: address('state'), country: address('country'), postalCode: address('postalCode') },
  partOptions,
);

const coordinatesSchema = new Schema(
  {
    lat: storedAs(leafOf(locationJson, 'coordinates.lat'), true),
    lon: storedAs(leafOf(locationJson, 'coordinates.lon'), true),
  },
  partOptions,
);

export const locationSchema = new Schema(
  { address: { type: addressSchema }, coordinates: { type: coordinatesSchema } },
  partOptions,
);

export const contactSchema = new Schema(
  { phone: storedAs(leafOf(contactJson, 'phone')), email: storedAs(leafOf(contactJson, 'email')), website: storedAs(leafOf(contactJson, 'website')) },
  partOptions,
);

interface PricingFields {
  type: 'fixed' | 'range' | 'hourly';
  minAmount?: number;
}

function needsAmount(this: PricingFields): boolean {
  return this.type !== 'range';
}

function needsRange(this: PricingFields): boolean {
  return this.type === 'range';
}

const pricingSchema = new Schema(
  {
    type: storedAs(leafOf(pricingJson, 'type'), true),
    currency: storedAs(leafOf(pricingJson, 'currency'), true),
    amount: storedAs(leafOf(pricingJson, 'amount'), needsAmount),
    minAmount: storedAs(leafOf(pricingJson, 'minAmount'), needsRange),
    maxAmount: {
      ...storedAs(leafOf(pricingJson, 'maxAmount'), needsRange),
      validate: {
        validator(this: PricingFields, max: number) {
          return this.minAmount === undefined || this.minAmount <= max;
        },
        message: 'must not be below minAmount',
      },
    },
  },
  partOptions,
);

export const serviceSchema = new Schema(
  {
    id: { type: String, required: true },
    name: storedAs(leafOf(serviceInputSchema, 'name'), true),
    description: storedAs(leafOf(serviceInputSchema, 'description')),
    category: storedAs(leafOf(serviceInputSchema, 'category')),
    pricing: { type: pricingSchema },
    duration: storedAs(leafOf(serviceInputSchema, 'duration')),
    capacity: storedAs(leafOf(serviceInputSchema, 'capacity')),
    payment: {
      type: new Schema(
        {
          required: storedAs(leafOf(servicePaymentSchema, 'required'), true),
          depositAmount: storedAs(leafOf(servicePaymentSchema, 'depositAmount')),
          // Defaulted by the API, so every stored payment has it; records written before the default may not.
          refundCutoffHours: storedAs(leafOf(servicePaymentSchema, 'refundCutoffHours')),
        },
        partOptions,
      ),
    },
    // Defaulted to false by the API, so always stored.
    bookable: storedAs(leafOf(serviceInputSchema, 'bookable'), true),
    requiresQuote: storedAs(leafOf(serviceInputSchema, 'requiresQuote'), true),
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  partOptions,
);

function isOpenDay(this: { closed?: boolean }): boolean {
  return this.closed !== true;
}

function isClosedDay(this: { open?: string }): boolean {
  return this.open === undefined;
}

/** `{ open, close }` or `{ closed: true }`; close before open means the day runs past midnight. */
const dayHoursSchema = new Schema(
  {
    open: storedAs(timeOfDaySchema, isOpenDay),
    close: storedAs(timeOfDaySchema, isOpenDay),
    closed: { type: Boolean, enum: [true], required: isClosedDay },
  },
  partOptions,
);

export const weeklyHoursSchema = new Schema(
  {
    monday: { type: dayHoursSchema },
    tuesday: { type: dayHoursSchema },
    wednesday: { type: dayHoursSchema },
    thursday: { type: dayHoursSchema },
    friday: { type: dayHoursSchema },
    saturday: { type: dayHoursSchema },
    sunday: { type: dayHoursSchema },
  },
  partOptions,
);

export const profileMediaSchema = new Schema(
  { logo: String, photos: { type: [String], required: true }, videos: { type: [String], required: true } },
  partOptions,
);

export const trustSchema = new Schema(
  {
    verificationLevel: storedAs(leafOf(profileRecordSchema, 'trust.verificationLevel'), true),
    averageRating: storedAs(leafOf(profileRecordSchema, 'trust.averageRating'), true),
    totalReviews: storedAs(leafOf(profileRecordSchema, 'trust.totalReviews'), true),
  },
  partOptions,
);

export const exclusiveContentSchema = new Schema(
  { insiderTips: storedAs(exclusiveTextSchema), localSecrets: storedAs(exclusiveTextSchema), behindTheScenes: storedAs(exclusiveTextSchema), sustainabilityPractices: storedAs(exclusiveTextSchema) },
  partOptions,
);

export const exclusiveScoresSchema = new Schema(
  {
    visibilityScore: storedAs(leafOf(profileRecordSchema, 'exclusiveScores.visibilityScore'), true),
    uniquenessScore: storedAs(leafOf(profileRecordSchema, 'exclusiveScores.uniquenessScore'), true),
  },
  partOptions,
);

/** GeoJSON point derived from location.coordinates, for the 2dsphere index. */
export const geoPointSchema = new Schema(
  {
    type: { type: String, enum: ['Point'], required: true },
    coordinates: { type: [Number], required: true },
  },
  partOptions,
);

/** Where an imported profile came from (domain/profile.ts ImportSource). */
export const importSourceSchema = new Schema(
  {
    dataset: { type: String, required: true },
    id: { type: String, required: true },
    digest: { type: String, required: true },
    removedBecause: String,
  },
  partOptions,
);

/** Whether the business is trading (domain/freshness/operatingStatus.ts); absent means open. */
export const operatingStatusSchema = new Schema(
  {
    status: storedAs(leafOf(operatingStatusJson, 'status'), true),
    reopensOn: storedAs(leafOf(operatingStatusJson, 'reopensOn')),
  },
  partOptions,
);
