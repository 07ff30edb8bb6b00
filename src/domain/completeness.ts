// Profile completion (spec 2.6 "Profile status"; required vs recommended).
// Two answers from one checklist:
// - completionPercentage: the weighted share of checklist items met (weights sum to 100), which
//   tells an owner how much is left;
// - missingForPublish: the fields a consumer-facing listing cannot do without (findable by
//   category, placeable on a map, reachable, with hours). `profileComplete` means none of them is
//   missing: publishing is allowed from then on even if optional polish (logo, tagline) is missing.
// The status answer names the two kinds apart, so it never says "complete" beside a list of
// missing fields: `missingFields` are the required ones still missing (empty exactly when
// profileComplete), `recommendedFields` the other checklist items still open, heaviest first.
// Both use the profile's dotted field names so clients can highlight the form field;
// `recommendations` has one piece of advice per field of missingFields and then of
// recommendedFields, in that order (recommendations[i] is about missingFields[i]).

import { locationOf, type BusinessProfile, type DayHours } from './profile';
import { categoryKeysOf } from './categories/canonicalCategory';
import { EXCLUSIVE_FIELDS } from './exclusiveContentScores';

export interface CompletenessReport {
  profileComplete: boolean;
  completionPercentage: number;
  /** Required to publish and missing (the same list as missingForPublish); empty exactly when profileComplete. */
  missingFields: string[];
  /** Recommended checklist items still missing, heaviest first; they never keep a profile from publishing. */
  recommendedFields: string[];
  /** One per field of missingFields, then one per field of recommendedFields. */
  recommendations: string[];
  missingForPublish: string[];
}

export const MIN_DESCRIPTION_LENGTH = 50;
/** An exclusive-content field counts once it says something (about a sentence). */
export const MIN_EXCLUSIVE_FIELD_LENGTH = 20;
export const MIN_EXCLUSIVE_FIELDS = 2;

interface ChecklistItem {
  field: string;
  weight: number;
  met: (p: BusinessProfile) => boolean;
  recommendation: (p: BusinessProfile) => string;
}

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
const hasOpenDay = (p: BusinessProfile): boolean =>
  Object.values(p.hours).some((d: DayHours | undefined) => !!d && 'open' in d);
const address = (p: BusinessProfile) => locationOf(p).address ?? {};
const exclusiveFilled = (p: BusinessProfile) =>
  EXCLUSIVE_FIELDS.filter((f) => (p.exclusiveContent[f] ?? '').trim().length >= MIN_EXCLUSIVE_FIELD_LENGTH);

const EXCLUSIVE_PROMPTS: Record<(typeof EXCLUSIVE_FIELDS)[number], string> = {
  insiderTips: 'Describe what makes you different in insiderTips (an off-menu item, the best time to come, who to ask for)',
  localSecrets: 'Share something only locals know in localSecrets (the quiet table, the nearby spot you recommend)',
  behindTheScenes: 'Show how the work is done in behindTheScenes (who makes it, when, with what equipment)',
  sustainabilityPractices: 'List concrete sustainabilityPractices (suppliers, packaging, waste, energy) with numbers where you can',
};

/** Weights sum to 100; ties keep this order in the report. */
const CHECKLIST: ChecklistItem[] = [
  { field: 'name', weight: 8, met: (p) => filled(p.name), recommendation: () => 'Add the business name as customers know it' },
  { field: 'category', weight: 8, met: (p) => filled(p.category), recommendation: () => 'Choose a category so the profile appears in category searches' },
  {
    // Weight 0: a label of one's own is allowed (spec 2.2) and costs no points; it is only advice.
    field: 'categoryKeys', weight: 0,
    met: (p) => !filled(p.category) || (p.categoryKeys ?? categoryKeysOf(p.category)).length > 0,
    recommendation: (p) =>
      `Choose a standard category so assistants can find you: "${p.category.trim()}" is not one search knows, so only its words are searched ` +
      '(for example "Dentist", "Coffee Shop", "Plumber"; the MCP tool list_categories lists them)',
  },
  {
    field: 'description', weight: 10,
    met: (p) => (p.description ?? '').trim().length >= MIN_DESCRIPTION_LENGTH,
    recommendation: (p) => {
      const n = (p.description ?? '').trim().length;
      return n === 0
        ? `Write a description of at least ${MIN_DESCRIPTION_LENGTH} characters: what you offer, for whom, and where`
        : `Extend the description to at least ${MIN_DESCRIPTION_LENGTH} characters (now ${n}): say what you offer, for whom, and where`;
    },
  },
  { field: 'tagline', weight: 3, met: (p) => filled(p.tagline), recommendation: () => 'Add a one-line tagline that is shown under your name in results' },
  { field: 'location.address.street', weight: 3, met: (p) => filled(address(p).street), recommendation: () => 'Add the street address so customers can find the door' },
  { field: 'location.address.city', weight: 5, met: (p) => filled(address(p).city), recommendation: () => 'Add the city: searches such as "in Austin" filter on it' },
  { field: 'location.address.state', weight: 2, met: (p) => filled(address(p).state), recommendation: () => 'Add the state or region to the address' },
  { field: 'location.address.postalCode', weight: 3, met: (p) => filled(address(p).postalCode), recommendation: () => 'Add the postal code to the address' },
  { field: 'location.address.country', weight: 4, met: (p) => filled(address(p).country), recommendation: () => 'Add the country (ISO code such as US) to the address' },
  {
    field: 'location.coordinates', weight: 8, met: (p) => !!locationOf(p).coordinates,
    recommendation: () => 'Add map coordinates (lat, lon): without them the profile is missing from "near me" searches and open-now checks',
  },
  { field: 'contact.phone', weight: 5, met: (p) => filled(p.contact.phone), recommendation: () => 'Add a phone number so customers can call from the results' },
  {
    field: 'contact.email', weight: 4, met: (p) => filled(p.contact.email) || filled(p.contact.website),
    recommendation: () => 'Add a contact email or a website (either one satisfies this item)',
  },
  {
    field: 'services', weight: 10, met: (p) => p.services.length >= 1,
    recommendation: () => 'List at least one service with pricing: searches like "under $20" match service prices',
  },
  {
    field: 'hours', weight: 8, met: hasOpenDay,
    recommendation: () => 'Add opening hours for at least one day: "open now" and "open late" searches skip profiles without hours',
  },
  { field: 'media.logo', weight: 4, met: (p) => filled(p.media.logo), recommendation: () => 'Upload a logo (JPEG, PNG, WebP or GIF, up to 2 MB)' },
  {
    field: 'media.photos', weight: 6, met: (p) => p.media.photos.length >= 1,
    recommendation: () => 'Add at least one photo: profiles with photos are easier to recognise and get more clicks in results',
  },
  {
    field: 'exclusiveContent', weight: 9, met: (p) => exclusiveFilled(p).length >= MIN_EXCLUSIVE_FIELDS,
    recommendation: (p) => {
      const done = new Set(exclusiveFilled(p));
      const next = EXCLUSIVE_FIELDS.filter((f) => !done.has(f)).slice(0, MIN_EXCLUSIVE_FIELDS - done.size);
      return `${next.map((f) => EXCLUSIVE_PROMPTS[f]).join('; ')}. At least ${MIN_EXCLUSIVE_FIELDS} of the four exclusive-content fields need ${MIN_EXCLUSIVE_FIELD_LENGTH}+ characters`;
    },
  },
];

const checklistItem = (field: string): ChecklistItem => CHECKLIST.find((item) => item.field === field)!;

/**
 * What a published listing needs. Every rule but `contact` (any one channel) is the checklist item
 * of the same name, with its test and its advice.
 */
const PUBLISH_RULES: Array<Pick<ChecklistItem, 'field' | 'met' | 'recommendation'>> = [
  ...['name', 'category', 'description', 'location.address.city', 'location.address.country', 'location.coordinates'].map(checklistItem),
  {
    field: 'contact',
    met: (p) => filled(p.contact.phone) || filled(p.contact.email) || filled(p.contact.website),
    recommendation: () => 'Add a way to reach you: a phone number, a contact email or a website',
  },
  checklistItem('hours'),
];

export const REQUIRED_TO_PUBLISH = PUBLISH_RULES.map((r) => r.field);

export function assessCompleteness(profile: BusinessProfile): CompletenessReport {
  let earned = 0;
  const missing: ChecklistItem[] = [];
  for (const item of CHECKLIST) {
    if (item.met(profile)) earned += item.weight;
    else missing.push(item);
  }
  // Array.prototype.sort is stable, so equal weights keep checklist order.
  const byWeight = missing.sort((a, b) => b.weight - a.weight);
  const required = PUBLISH_RULES.filter((r) => !r.met(profile));
  const missingForPublish = required.map((r) => r.field);
  const recommended = byWeight.filter((item) => !REQUIRED_TO_PUBLISH.includes(item.field));
  return {
    profileComplete: missingForPublish.length === 0,
    completionPercentage: Math.max(0, Math.min(100, Math.round(earned))),
    missingFields: missingForPublish,
    recommendedFields: recommended.map((i) => i.field),
    recommendations: [...required, ...recommended].map((i) => i.recommendation(profile)),
    missingForPublish,
  };
}
