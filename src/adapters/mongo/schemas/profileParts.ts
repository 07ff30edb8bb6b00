// The embedded parts of a business profile (domain/profile.ts), each its own sub-schema so an
// absent optional part stays absent instead of reading back as an empty object.
import { Schema } from 'mongoose';
import { OPERATING_STATUSES } from '../../../domain/freshness/operatingStatus';
import { VERIFICATION_LEVELS } from '../../../domain/profile';
import { partOptions, requiredTimestamp } from './storedFields';
import { PAYMENT_REQUIREMENTS } from '../../../domain/servicePayment';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const CURRENCY = /^[A-Z]{3}$/;

const addressSchema = new Schema(
  { street: String, city: String, state: String, country: String, postalCode: String },
  partOptions,
);

const coordinatesSchema = new Schema(
  {
    lat: { type: Number, required: true, min: -90, max: 90 },
    lon: { type: Number, required: true, min: -180, max: 180 },
  },
  partOptions,
);

export const locationSchema = new Schema(
  { address: { type: addressSchema }, coordinates: { type: coordinatesSchema } },
  partOptions,
);

export const contactSchema = new Schema({ phone: String, email: String, website: String }, partOptions);

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
    type: { type: String, enum: ['fixed', 'range', 'hourly'], required: true },
    currency: { type: String, required: true, match: CURRENCY },
    amount: { type: Number, min: 0, required: needsAmount },
    minAmount: { type: Number, min: 0, required: needsRange },
    maxAmount: {
      type: Number,
      min: 0,
      required: needsRange,
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
    name: { type: String, required: true },
    description: String,
    category: String,
    pricing: { type: pricingSchema },
    duration: { type: Number, min: 0 },
    capacity: { type: Number, min: 1 },
    payment: {
      type: new Schema(
        { required: { type: String, enum: [...PAYMENT_REQUIREMENTS], required: true }, depositAmount: { type: Number, min: 0 }, refundCutoffHours: { type: Number, min: 0 } },
        partOptions,
      ),
    },
    bookable: { type: Boolean, required: true },
    requiresQuote: { type: Boolean, required: true },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  partOptions,
);

function isOpenDay(this: { closed?: boolean }): boolean {
  return this.closed !== true;
}

/** `{ open, close }` or `{ closed: true }`; close before open means the day runs past midnight. */
const dayHoursSchema = new Schema(
  {
    open: { type: String, match: HH_MM, required: isOpenDay },
    close: { type: String, match: HH_MM, required: isOpenDay },
    closed: { type: Boolean, enum: [true] },
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
    verificationLevel: { type: String, enum: VERIFICATION_LEVELS, required: true },
    averageRating: { type: Number, required: true, min: 0, max: 5 },
    totalReviews: { type: Number, required: true, min: 0 },
  },
  partOptions,
);

export const exclusiveContentSchema = new Schema(
  { insiderTips: String, localSecrets: String, behindTheScenes: String, sustainabilityPractices: String },
  partOptions,
);

export const exclusiveScoresSchema = new Schema(
  {
    visibilityScore: { type: Number, required: true, min: 0, max: 100 },
    uniquenessScore: { type: Number, required: true, min: 0, max: 100 },
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
    status: { type: String, enum: OPERATING_STATUSES, required: true },
    reopensOn: String,
  },
  partOptions,
);
