// The SearchIntent as an OpenAI structured-output JSON Schema, and the parser that turns
// the model's JSON back into a SearchIntent. Strict mode needs every property required
// and no extra properties, so "not stated" is null on the wire and absent in the intent.
// The parser trusts nothing: a wrong top-level shape is rejected, odd field values are
// dropped or clamped.
import { WEEKDAYS, type Weekday } from '../../domain/profile';
import type { SearchIntent } from '../../domain/search/intent';
import { clockOf } from '../../domain/search/intentPhrases';

export const INTENT_SCHEMA_NAME = 'search_intent';
const RELATIVE_DAYS = ['today', 'tonight', 'tomorrow'] as const;

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const object = (properties: Record<string, unknown>, description: string) => ({
  anyOf: [
    { type: 'object', description, properties, required: Object.keys(properties), additionalProperties: false },
    { type: 'null' },
  ],
});
const strings = (description: string, items: Record<string, unknown> = { type: 'string' }) => ({ type: 'array', description, items });

export const INTENT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['terms', 'categories', 'serviceTerms', 'place', 'when', 'price', 'quality'],
  properties: {
    terms: strings('Meaningful words from the query not captured by the other fields, lower case (e.g. "vegan").'),
    categories: strings('Kinds of business the query asks for, as plain lower-case English nouns (e.g. "dentist", "coffee shop", "plumber").'),
    serviceTerms: strings('Specific products or services asked for, lower case (e.g. "pizza", "oil change").'),
    place: object(
      {
        city: nullable('string', { description: 'City name as written in the query.' }),
        state: nullable('string', { description: 'US state as a two-letter postal abbreviation.' }),
        near: nullable('string', { description: 'Landmark or neighbourhood when the query says near/around/downtown.' }),
        postalCode: nullable('string', { description: 'ZIP or postal code when the query names one.' }),
      },
      'Where, only when the query names a place; null for "near me".',
    ),
    when: object(
      {
        openNow: nullable('boolean'),
        day: { type: ['string', 'null'], enum: [...WEEKDAYS, null] },
        weekend: nullable('boolean', { description: 'On Saturday or Sunday ("open weekends").' }),
        relativeDay: { type: ['string', 'null'], enum: [...RELATIVE_DAYS, null], description: 'today, tonight or tomorrow, when no weekday is named.' },
        late: nullable('boolean', { description: 'Open late at night.' }),
        allDay: nullable('boolean', { description: 'Open 24 hours ("24/7", "round the clock").' }),
        openAt: nullable('string', { description: 'Open at this local time, 24-hour HH:MM ("open at 9pm" -> "21:00").' }),
        openUntil: nullable('string', { description: 'Still open at this local time, 24-hour HH:MM ("open until 2am" -> "02:00").' }),
      },
      'Opening-time wishes.',
    ),
    price: object(
      {
        cheap: nullable('boolean'),
        maxAmount: nullable('number', { description: 'Upper price limit stated in the query.' }),
        currency: nullable('string', { description: 'ISO 4217 code of maxAmount.' }),
      },
      'Price wishes.',
    ),
    quality: object(
      {
        best: nullable('boolean', { description: 'Asks for the best / top rated.' }),
        minRating: nullable('number', { description: 'Minimum star rating, 1 to 5.' }),
        verifiedOnly: nullable('boolean', { description: 'Asks for verified, licensed or certified businesses.' }),
        minReviews: nullable('integer', { description: 'Least number of reviews asked for ("more than 100 reviews" = 101).' }),
      },
      'Quality wishes.',
    ),
  },
} as const;

export class MalformedIntentError extends Error {
  constructor(issue: string) {
    super(`Language model returned an unusable intent: ${issue}`);
    this.name = 'MalformedIntentError';
  }
}

const MAX_LIST = 20;
const MAX_TEXT = 80;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(raw: Record<string, unknown>, key: string): string[] {
  const value = raw[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new MalformedIntentError(`${key} is not an array`);
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const clean = item.trim().toLowerCase().slice(0, MAX_TEXT);
    if (clean && !out.includes(clean)) out.push(clean);
  }
  return out.slice(0, MAX_LIST);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, MAX_TEXT) : undefined;
}

function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** A time the domain can read ("9:00" -> "09:00", as the rules read it); anything else is dropped. */
function clock(value: unknown): string | undefined {
  return typeof value === 'string' ? clockOf(value.trim().toLowerCase()) : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function compact<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}

function section(raw: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = raw[key];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new MalformedIntentError(`${key} is not an object`);
  return value;
}

const MAX_INTENT_ANSWER_CHARS = 16_384;

/**
 * The JSON inside a markdown code fence. Compatible servers that ignore response_format (and
 * models prompted without it) often answer "```json\n{...}\n```"; the JSON is still the answer.
 */
function unfenced(content: string): string {
  // String operations, not a regex: a fence that never closes must not cost more than one scan.
  const text = content.trim();
  if (!text.startsWith('```') || !text.endsWith('```') || text.length < 6) return content;
  const firstLineEnd = text.indexOf('\n');
  return firstLineEnd === -1 ? text.slice(3, -3) : text.slice(firstLineEnd + 1, -3);
}

/** Parses the model's message content into a SearchIntent, or throws MalformedIntentError. */
export function parseIntentAnswer(content: string | null | undefined): SearchIntent {
  if (!content?.trim()) throw new MalformedIntentError('empty answer');
  // An intent is a few hundred characters of JSON; a server that ignores the token cap could send megabytes.
  if (content.length > MAX_INTENT_ANSWER_CHARS) throw new MalformedIntentError('answer too long');
  let raw: unknown;
  try {
    raw = JSON.parse(unfenced(content));
  } catch {
    throw new MalformedIntentError('not JSON');
  }
  if (!isRecord(raw)) throw new MalformedIntentError('not an object');

  const intent: SearchIntent = {
    terms: stringList(raw, 'terms'),
    categories: stringList(raw, 'categories'),
    serviceTerms: stringList(raw, 'serviceTerms'),
  };
  const place = section(raw, 'place');
  const when = section(raw, 'when');
  const price = section(raw, 'price');
  const quality = section(raw, 'quality');
  const day = typeof when.day === 'string' ? when.day.trim().toLowerCase() : undefined;
  const currency = typeof price.currency === 'string' ? price.currency.trim().toUpperCase() : undefined;
  const rating = typeof quality.minRating === 'number' && Number.isFinite(quality.minRating) ? quality.minRating : undefined;

  const parts = {
    place: compact({ city: text(place.city), state: text(place.state), near: text(place.near), postalCode: text(place.postalCode) }),
    when: compact({
      openNow: flag(when.openNow),
      day: day && (WEEKDAYS as readonly string[]).includes(day) ? (day as Weekday) : undefined,
      weekend: flag(when.weekend),
      relativeDay: RELATIVE_DAYS.find((relativeDay) => relativeDay === when.relativeDay),
      late: flag(when.late),
      allDay: flag(when.allDay),
      openAt: clock(when.openAt),
      openUntil: clock(when.openUntil),
    }),
    price: compact({
      cheap: flag(price.cheap),
      maxAmount: positive(price.maxAmount),
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    }),
    quality: compact({
      best: flag(quality.best),
      minRating: rating !== undefined && rating > 0 ? Math.min(5, rating) : undefined,
      verifiedOnly: flag(quality.verifiedOnly),
      minReviews: positive(quality.minReviews) === undefined ? undefined : Math.ceil(quality.minReviews as number),
    }),
  };
  if (parts.place) intent.place = parts.place;
  if (parts.when) intent.when = parts.when;
  if (parts.price) intent.price = parts.price;
  if (parts.quality) intent.quality = parts.quality;
  return intent;
}
