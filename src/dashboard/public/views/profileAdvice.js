// What each item of the API's completeness checklist means to a business owner: what to add, why
// it matters to AI assistants, and where it is done. The API names items by field path
// (missingFields, recommendedFields); the dashboard shows only these words. An item the
// dashboard does not know yet falls back to the API's own advice, which is written for a person.
const REFERENCE = '/docs#/';
const how = (operation) => `${REFERENCE}${operation}`;
const EDIT = how('Business_profiles/updateProfile');

export const ADVICE = {
  name: { what: 'Your business name', why: 'It is what assistants say when they recommend you.', where: EDIT },
  category: { what: 'A category', why: 'Searches such as "dentists near me" list only businesses filed under a category.', where: EDIT },
  description: { what: 'A description of what you offer, for whom, and where', why: 'Assistants quote it to explain why you fit a question.', where: EDIT },
  tagline: { what: 'A one-line tagline', why: 'It is shown under your name in results.', where: EDIT },
  'location.address.street': { what: 'Your street address', why: 'So customers can find the door.', where: EDIT },
  'location.address.city': { what: 'Your city', why: 'Questions such as "… in Austin" look for businesses in that city.', where: EDIT },
  'location.address.state': { what: 'Your state or region', why: 'It completes the address customers see.', where: EDIT },
  'location.address.postalCode': { what: 'Your postal code', why: 'It completes the address and tells you apart from namesakes.', where: EDIT },
  'location.address.country': { what: 'Your country', why: 'It completes the address customers see.', where: EDIT },
  'location.coordinates': { what: 'Your position on the map', why: 'Without it you are left out of "near me" and "open now" answers.', where: EDIT },
  contact: { what: 'A way to reach you: phone, e-mail or website', why: 'A listing nobody can contact cannot be published.', where: EDIT },
  'contact.phone': { what: 'A phone number', why: 'Customers can call you straight from an answer.', where: EDIT },
  'contact.email': { what: 'A contact e-mail or a website', why: 'Customers who prefer writing can reach you.', where: EDIT },
  services: { what: 'At least one service with its price', why: 'Questions such as "a haircut under $30" are matched against service prices.', where: how('Business_profiles/addService') },
  hours: { what: 'Your opening hours', why: '"Open now" and "open late" answers leave out businesses without hours.', where: how('Business_profiles/updateHours') },
  'media.logo': { what: 'A logo', why: 'It makes your listing recognisable (JPEG, PNG, WebP or GIF, up to 2 MB).', where: how('Media/uploadMedia') },
  'media.photos': { what: 'At least one photo', why: 'Listings with photos are easier to recognise and get more clicks.', where: how('Media/uploadMedia') },
  exclusiveContent: {
    what: 'Things only you can tell: insider tips, local secrets, how the work is done, or what you do for the environment (two of the four)',
    why: 'Assistants use it to answer questions no other listing can, such as what to order or when to come.',
    where: how('Business_profiles/updateExclusiveContent'),
  },
};

export const VERIFICATION_HOW = how('Verification/requestVerification');

/** { what, why, where } for a checklist item; `fallback` is the API's advice for an unknown one. */
export function adviceFor(field, fallback) {
  return ADVICE[field] ?? { what: fallback || 'Complete this part of your profile', why: '', where: EDIT };
}
