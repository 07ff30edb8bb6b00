// Profile health: completion, missing fields and what to do (GET /v1/business/profile/status),
// verification (the profile's trust level and its latest request) and the AI-exclusive content
// scores (GET /v1/business/profile/{id}).
import * as api from '../api.js';
import { h } from '../dom.js';
import { formatDecimal, humanise } from '../format.js';
import { figures } from '../panel.js';
import { createView } from '../view.js';

/**
 * recommendations[i] explains missingFields (required to publish) then recommendedFields (worth
 * adding), in that order, most valuable first within each.
 */
function todoList({ missingFields, recommendedFields = [], recommendations }) {
  if (missingFields.length + recommendedFields.length === 0) return h('p', { id: 'missing-fields', className: 'state state-ok' }, 'Nothing missing: the profile is complete.');
  const item = (field, i) => h('li', {}, h('code', {}, field), ': ', recommendations[i] ?? '');
  return h(
    'div',
    {},
    missingFields.length > 0 && h('h3', {}, 'Required before publishing'),
    missingFields.length > 0 && h('ul', { id: 'missing-fields', className: 'todo' }, missingFields.map((field, i) => item(field, i))),
    recommendedFields.length > 0 && h('h3', {}, 'Recommended, most valuable first'),
    recommendedFields.length > 0 && h('ul', { id: 'recommended-fields', className: 'todo' }, recommendedFields.map((field, i) => item(field, missingFields.length + i))),
  );
}

const latest = (requests) => [...requests].sort((a, b) => String(b.requestedAt).localeCompare(String(a.requestedAt)))[0];

export function profileHealthView() {
  return createView({
    id: 'profile-health',
    title: 'Profile health',
    description: 'What AI assistants can say about you depends on what your profile holds.',
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
      const scores = profile.exclusiveScores ?? {};
      const meter = h('progress', { id: 'completion-meter', max: '100', value: String(status.completionPercentage), 'aria-labelledby': 'completion-label' });
      panel.show(
        h('p', { className: 'completion' }, h('span', { id: 'completion-label' }, `Profile ${status.completionPercentage} % complete`), ' ', meter),
        figures('profile-figures', [
          ['Status', humanise(status.status), status.status, 'status'],
          ['Completion', `${status.completionPercentage} %`, status.completionPercentage, 'completionPercentage'],
          ['Verification level', humanise(profile.trust?.verificationLevel ?? 'none'), profile.trust?.verificationLevel ?? 'none', 'verificationLevel'],
          [
            'Latest verification request',
            request ? `${humanise(request.level)}: ${humanise(request.status)} (${String(request.requestedAt).slice(0, 10)})` : 'none',
            request?.status ?? '',
            'verificationStatus',
          ],
          ['AI visibility score', formatDecimal(profile.aiVisibilityScore), profile.aiVisibilityScore ?? '', 'aiVisibilityScore'],
          ['Exclusive content: visibility', scores.visibilityScore === undefined ? 'no exclusive content yet' : formatDecimal(scores.visibilityScore), scores.visibilityScore ?? '', 'visibilityScore'],
          ['Exclusive content: uniqueness', scores.uniquenessScore === undefined ? 'no exclusive content yet' : formatDecimal(scores.uniquenessScore), scores.uniquenessScore ?? '', 'uniquenessScore'],
        ]),
        todoList(status),
        !request &&
          h('p', { className: 'hint' }, 'Verification raises trust in AI answers: request it with POST /v1/business/profile/{id}/verification.'),
      );
    },
  });
}
