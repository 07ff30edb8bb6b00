// Profile health, written for the owner: how complete the profile is, what to add next and why
// (with a link to where it is done), the listing's state, rating and verification, and what the
// scores mean. From GET /v1/business/profile/status (the checklist), /business/profile/{id} (the
// trust figures and scores) and /business/profile/{id}/verification (the latest request).
import * as api from '../api.js';
import { h } from '../dom.js';
import { formatCount, formatDecimal } from '../format.js';
import { columns, figures } from '../panel.js';
import { createView } from '../view.js';
import { adviceFor, VERIFICATION_HOW } from './profileAdvice.js';

const LISTING = { published: 'Published', draft: 'Draft, not in answers yet' };
const LEVELS = { none: 'Not verified', basic: 'Basic', verified: 'Verified', premium: 'Premium', certified: 'Certified' };

function todoItem(field, apiAdvice) {
  const { what, why, where } = adviceFor(field, apiAdvice);
  return h('li', { 'data-field': field }, h('strong', {}, what), why && ` ${why}`, ' ', h('a', { href: where }, 'How to add it'));
}

/**
 * recommendations[i] is the API's advice for missingFields (required to publish) then
 * recommendedFields (worth adding), in that order, most valuable first within each.
 */
function todoList({ missingFields, recommendedFields = [], recommendations }) {
  if (missingFields.length + recommendedFields.length === 0) return h('p', { id: 'missing-fields', className: 'state state-ok' }, 'Nothing missing: the profile is complete.');
  return h(
    'div',
    {},
    missingFields.length > 0 && h('h3', {}, 'Needed before the profile can be published'),
    missingFields.length > 0 && h('ul', { id: 'missing-fields', className: 'todo' }, missingFields.map((field, i) => todoItem(field, recommendations[i]))),
    recommendedFields.length > 0 && h('h3', {}, 'Worth adding, most valuable first'),
    recommendedFields.length > 0 &&
      h('ul', { id: 'recommended-fields', className: 'todo' }, recommendedFields.map((field, i) => todoItem(field, recommendations[missingFields.length + i]))),
  );
}

/** "4.5 out of 5 from 12 reviews", or "No reviews yet": a rating of 0 means there is none. */
export function ratingText(trust = {}) {
  const reviews = trust.totalReviews ?? 0;
  if (reviews === 0) return 'No reviews yet';
  return `${formatDecimal(trust.averageRating)} out of 5 from ${formatCount(reviews)} review${reviews === 1 ? '' : 's'}`;
}

const latest = (requests) => [...requests].sort((a, b) => String(b.requestedAt).localeCompare(String(a.requestedAt)))[0];

function verificationNote(level, request) {
  const day = (at) => String(at).slice(0, 10);
  if (request?.status === 'pending') return h('p', { id: 'verification-note' }, `Verification requested on ${day(request.requestedAt)}: waiting for review (usually ${request.estimatedReviewTime}).`);
  if (request?.status === 'rejected') {
    return h('p', { id: 'verification-note' }, `The verification request of ${day(request.requestedAt)} was declined${request.decisionNote ? `: ${request.decisionNote}` : ''}. `, h('a', { href: VERIFICATION_HOW }, 'How to request it again'));
  }
  if (level !== 'none') return null;
  return h('p', { id: 'verification-note' }, 'Not verified yet. Assistants present verified businesses with more confidence. ', h('a', { href: VERIFICATION_HOW }, 'How to request verification'));
}

export function profileHealthView() {
  return createView({
    id: 'profile-health',
    title: 'Profile health',
    description: 'What AI assistants can say about you depends on what your profile holds: here is what it has, and what to add next.',
    fetch: async ({ environment, businessId }) => {
      const id = encodeURIComponent(businessId);
      const [status, profile, verification] = await Promise.all([
        api.get(environment, '/business/profile/status', { businessId }),
        api.get(environment, `/business/profile/${id}`),
        api.get(environment, `/business/profile/${id}/verification`),
      ]);
      return { status, profile, verification };
    },
    render(panel, { status, profile, verification }) {
      const request = latest(verification.verifications ?? []);
      const level = profile.trust?.verificationLevel ?? 'none';
      const exclusive = profile.exclusiveScores?.visibilityScore;
      const meter = h('progress', { id: 'completion-meter', max: '100', value: String(status.completionPercentage), 'aria-labelledby': 'completion-label' });
      panel.show(
        columns(
          [
            h('p', { className: 'completion' }, h('span', { id: 'completion-label' }, `Profile ${status.completionPercentage} % complete`), ' ', meter),
            figures('profile-figures', [
              ['Listing', LISTING[status.status] ?? status.status, status.status, 'status'],
              ['Completeness', `${status.completionPercentage} %`, status.completionPercentage, 'completionPercentage'],
              ['Rating', ratingText(profile.trust), profile.trust?.averageRating ?? '', 'rating'],
              ['Verification', LEVELS[level] ?? level, level, 'verificationLevel'],
              ['AI visibility score', profile.aiVisibilityScore === undefined ? '–' : `${formatDecimal(profile.aiVisibilityScore)} out of 100`, profile.aiVisibilityScore ?? '', 'aiVisibilityScore'],
              ['Exclusive content score', exclusive === undefined ? 'None yet' : `${formatDecimal(exclusive)} out of 100`, exclusive ?? '', 'visibilityScore'],
            ]),
            verificationNote(level, request),
            h(
              'p',
              { className: 'hint' },
              'The AI visibility score sums up how well assistants can find and recommend you: completeness, exclusive content, verification, ' +
                'reviews and how recently the profile changed. The exclusive content score rates how specific your insider tips and local knowledge are.',
            ),
          ],
          todoList(status),
        ),
      );
    },
  });
}
