// The fixed phrases of query understanding: when (open now / on Sunday / weekends / late / 24 hours /
// today, tomorrow, tonight / at 9pm / until 2am), price
// (cheap / under $20) and quality (best / 4+ stars / verified). Each extractor consumes
// what it recognised from the text so the leftovers become search terms.
import { clockText } from '../openingHours';
import { WEEKDAYS, type Weekday } from '../profile';
import type { TimeConditions } from './openingFilter';
import { consume, wholeWords, type QueryText } from './queryText';

export type WhenIntent = TimeConditions;
export interface PriceIntent { cheap?: boolean; maxAmount?: number; currency?: string }
export interface QualityIntent { best?: boolean; minRating?: number; verifiedOnly?: boolean; minReviews?: number }

const OPEN_NOW = wholeWords(
  String.raw`open(?:ed)?\s+(?:right\s+)?now|(?:currently|still)\s+open|open\s+(?:at\s+the\s+moment|currently)`,
);
const LATE = wholeWords(
  String.raw`(?:stays?\s+)?open\s+(?:till\s+|until\s+)?late|late[- ]night|late\s+at\s+night|after\s+midnight|all[- ]night`,
);
const ALL_DAY = wholeWords(
  String.raw`(?:open\s+)?24\s*(?:\/\s*7|-?\s*hours?|hrs?|h)(?:\s+a\s+day)?|(?:open\s+)?(?:a)?round[- ]the[- ]clock`,
);
// A part of the day after a day word ("Saturday morning", "tomorrow night"): open at a typical hour then.
const DAYPART = String.raw`(?:\s+(?:in\s+the\s+|at\s+)?(morning|afternoon|evening|night))?`;
const DAYPART_CLOCK: Record<string, string> = { morning: '09:00', afternoon: '15:00', evening: '19:00', night: '21:00' };
const DAY = wholeWords(String.raw`(?:open\s+)?(?:on\s+)?(?:every\s+)?(${WEEKDAYS.join('|')})s?${DAYPART}`);
// Short day names are only trusted after "open": "sun" or "sat" alone are ordinary words.
const SHORT_DAY = wholeWords(String.raw`open\s+(?:on\s+)?(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?\.?${DAYPART}`);
const SHORT_DAYS: Record<string, Weekday> = {
  mon: 'monday', tue: 'tuesday', tues: 'tuesday', wed: 'wednesday', thu: 'thursday', thur: 'thursday',
  thurs: 'thursday', fri: 'friday', sat: 'saturday', sun: 'sunday',
};
const WEEKEND = wholeWords(String.raw`(?:open\s+)?(?:(?:on|over|at|during|this|the)\s+)*weekends?${DAYPART}`);
const RELATIVE_DAY = wholeWords(String.raw`(?:open\s+)?(today|tomorrow)${DAYPART}`);
const TONIGHT = wholeWords(String.raw`(?:open\s+)?(?:tonight|this\s+evening)`);
// A clock time needs am/pm or minutes ("9pm", "9:30 pm", "21:00"): a bare "at 5" may be an address.
const CLOCK = String.raw`\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)|\d{1,2}:\d{2}|noon|midday|midnight`;
const OPEN_UNTIL = wholeWords(String.raw`(?:(?:open|stays?\s+open)\s+)?(?:until|till|til|'til|past|after|later\s+than)\s+(${CLOCK})`);
const OPEN_AT = wholeWords(String.raw`(?:open\s+)?(?:at|by|around)\s+(${CLOCK})`);

/** "9pm" -> "21:00", "9:00" -> "09:00", "12am" and "midnight" -> "00:00", "noon" -> "12:00"; undefined for an impossible time. */
export function clockOf(raw: string): string | undefined {
  if (raw === 'noon' || raw === 'midday') return '12:00';
  if (raw === 'midnight') return '00:00';
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([ap])?/.exec(raw);
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = Number((m as (string | undefined)[])[2] ?? 0);
  if (m[3]) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (m[3] === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  return clockText(hour * 60 + minute);
}

export function extractWhen(text: QueryText): WhenIntent | undefined {
  const when: WhenIntent = {};
  const atDaypart = (part: string | undefined) => {
    if (part) when.openAt ??= DAYPART_CLOCK[part];
  };
  consume(text, ALL_DAY, () => (when.allDay = true));
  consume(text, LATE, () => (when.late = true));
  consume(text, OPEN_NOW, () => (when.openNow = true));
  consume(text, OPEN_UNTIL, (m) => (when.openUntil ??= clockOf(m[1])));
  consume(text, OPEN_AT, (m) => (when.openAt ??= clockOf(m[1])));
  consume(text, TONIGHT, () => (when.relativeDay ??= 'tonight'));
  consume(text, RELATIVE_DAY, (m) => {
    when.relativeDay ??= m[1] as 'today' | 'tomorrow';
    atDaypart(m[2]);
  });
  consume(text, SHORT_DAY, (m) => {
    when.day ??= SHORT_DAYS[m[1]];
    atDaypart(m[2]);
  });
  consume(text, DAY, (m) => {
    when.day ??= m[1] as Weekday;
    atDaypart(m[2]);
  });
  consume(text, WEEKEND, (m) => {
    if (!when.day) when.weekend = true;
    atDaypart(m[1]);
  });
  // A named weekday or the weekend says which day; "today", "tonight" or "tomorrow" beside it
  // would only contradict it.
  if (when.day || when.weekend) delete when.relativeDay;
  for (const key of Object.keys(when) as Array<keyof WhenIntent>) if (when[key] === undefined) delete when[key];
  return Object.keys(when).length > 0 ? when : undefined;
}

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };
function currencyOfWord(word: string | undefined): string | undefined {
  if (!word) return undefined;
  if (/^(?:dollars?|bucks|usd)$/.test(word)) return 'USD';
  if (/^(?:euros?|eur)$/.test(word)) return 'EUR';
  if (/^(?:pounds?|gbp|quid)$/.test(word)) return 'GBP';
  return undefined;
}

/** "1,000" and "1.000" are thousands, "15,50" and "15.5" are decimals. */
export function parseAmount(raw: string): number {
  const thousands = /^\d{1,3}(?:[.,]\d{3})+$/.test(raw);
  return Number(thousands ? raw.replace(/[.,]/g, '') : raw.replace(',', '.'));
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)*)(?![\d.,])`;
const CURRENCY_WORD = String.raw`(dollars?|bucks|usd|euros?|eur|pounds?|gbp|quid)`;
// Units after a bare number mean the limit is not a price ("under 5 km", "less than 4 stars").
const NOT_A_UNIT = String.raw`(?!\s*(?:km|kms|kilomet|kilometres?|mi|miles?|m|meters?|metres?|min|mins|minutes?|hours?|hrs?|stars?|reviews?|ratings?|years?|people|persons|guests|%|\+))`;
const MAX_PRICE_PREFIX = wholeWords(
  String.raw`(?:under|less\s+than|below|max(?:imum)?|up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|cheaper\s+than|for\s+less\s+than)\s*` +
    String.raw`([$€£])?\s*${NUMBER}(?:\s*${CURRENCY_WORD})?${NOT_A_UNIT}`,
);
const MAX_PRICE_SUFFIX = new RegExp(
  String.raw`(?:([$€£])\s*${NUMBER}|${NUMBER}\s*${CURRENCY_WORD})\s*(?:or\s+(?:less|under|cheaper|below)|and\s+under|max(?:imum)?|tops|at\s+most)(?![\p{L}\p{N}])`,
  'gu',
);
const CHEAP = wholeWords(
  String.raw`cheap(?:est|er)?|affordable|inexpensive|(?:on\s+a\s+)?budget(?:[- ]friendly)?|low[- ](?:cost|priced?)|bargains?|economical|reasonably\s+priced|not\s+(?:too\s+)?expensive|good\s+value|value\s+for\s+money`,
);

export function extractPrice(text: QueryText): PriceIntent | undefined {
  const price: PriceIntent = {};
  const setMax = (symbol: string | undefined, amount: string, word: string | undefined) => {
    const value = parseAmount(amount);
    if (!Number.isFinite(value) || value <= 0) return;
    price.maxAmount = price.maxAmount === undefined ? value : Math.min(price.maxAmount, value);
    const currency = (symbol && CURRENCY_SYMBOLS[symbol]) || currencyOfWord(word);
    if (currency) price.currency = currency;
  };
  consume(text, MAX_PRICE_PREFIX, (m) => setMax(m[1], m[2], m[3]));
  consume(text, MAX_PRICE_SUFFIX, (m) => (m[1] ? setMax(m[1], m[2], undefined) : setMax(undefined, m[3], m[4])));
  consume(text, CHEAP, () => (price.cheap = true));
  return Object.keys(price).length > 0 ? price : undefined;
}

const STAR_RATING = wholeWords(
  String.raw`(?:(?:at\s+least|minimum(?:\s+of)?|over|above|rated)\s+)?(\d(?:\.\d)?)\s*(?:\+|plus)?\s*-?\s*(?:stars?|★)` +
    String.raw`(?:\s+(?:and\s+(?:up|above|higher)|or\s+(?:more|higher|better|above)|\+|plus|rating|rated|reviews?))?`,
);
const RATED_NUMBER = wholeWords(
  String.raw`(?:rated|rating(?:\s+of)?)\s+(?:at\s+least\s+|above\s+|over\s+)?(\d(?:\.\d)?)\s*(?:\+|plus|or\s+(?:more|higher|better|above)|and\s+(?:up|above))?`,
);
const BEST = wholeWords(
  String.raw`(?:top|highly|best|highest|well)[- ](?:rated|reviewed)|high(?:ly)?[- ]reviewed|(?:most|highly)[- ]recommended|top[- ]notch|best|top|finest|recommended`,
);
// "with more than 100 reviews", "at least 50 reviews", "100+ reviews", "200 reviews or more".
const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const MIN_REVIEWS = wholeWords(
  String.raw`(?:with\s+|having\s+)?(?:(more\s+than|over|at\s+least|min(?:imum)?(?:\s+of)?)\s+${COUNT}|${COUNT}\s*(?:\+|plus|or\s+more))\s+(?:reviews?|ratings?)` +
    String.raw`|(?:with\s+|having\s+)?${COUNT}\s+(?:reviews?|ratings?)\s+or\s+more`,
);
const VERIFIED = wholeWords(String.raw`verified|licen[sc]ed(?:\s+and\s+insured)?|certified|accredited|bonded|insured|vetted`);

// A 5.0 average is rare once a place has many reviews, and "5 star" is mostly praise, so the
// strongest rating filter the rules produce is 4.5 (the "best" boost does the rest).
const MAX_RULE_MIN_RATING = 4.5;

export function extractQuality(text: QueryText): QualityIntent | undefined {
  const quality: QualityIntent = {};
  const setRating = (raw: string) => {
    const value = Number(raw);
    if (!(value >= 1 && value <= 5)) return;
    if (value >= 5) quality.best = true;
    quality.minRating = Math.max(quality.minRating ?? 0, Math.min(value, MAX_RULE_MIN_RATING));
  };
  consume(text, MIN_REVIEWS, (m) => {
    // One of the three number groups matched; the others are undefined.
    const [, comparison, after, before, trailing] = m as (string | undefined)[];
    const count = Number((after ?? before ?? trailing ?? '').replace(/,/g, ''));
    // "more than 100" and "over 100" leave 100 out.
    const least = comparison && /^(?:more|over)/.test(comparison) ? count + 1 : count;
    if (least > 0) quality.minReviews = Math.max(quality.minReviews ?? 0, least);
  });
  consume(text, STAR_RATING, (m) => setRating(m[1]));
  consume(text, RATED_NUMBER, (m) => setRating(m[1]));
  consume(text, BEST, () => (quality.best = true));
  consume(text, VERIFIED, () => (quality.verifiedOnly = true));
  return Object.keys(quality).length > 0 ? quality : undefined;
}

const NEAR_ME = wholeWords(
  String.raw`near\s+(?:me|here|us|by|my\s+(?:location|place|house|home|office))|nearby|close\s+(?:by|to\s+(?:me|here))|around\s+(?:me|here)|in\s+(?:my|the|this)\s+(?:area|neighbou?rhood)|closest|nearest`,
);

// The radius comes from the request's location.distance; a radius typed into the query
// is dropped rather than searched for as words.
const RADIUS = wholeWords(
  String.raw`(?:within|under|less\s+than|in\s+a)\s+\d+(?:\.\d+)?\s*(?:km|kms|kilomet(?:er|re)s?|mi|miles?|m|meters?|metres?|minutes?|mins?)(?:\s+(?:radius|drive|walk|away))?`,
);

/** "near me", "nearby", "closest", "within 5 km": the request's coordinates and radius already say where. */
export function consumeNearMe(text: QueryText): boolean {
  const radius = consume(text, RADIUS, () => undefined);
  return consume(text, NEAR_ME, () => undefined) || radius;
}
