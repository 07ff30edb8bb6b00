// What went wrong in words a business owner can act on, from the API's own error.
import { h } from './dom.js';
import * as state from './state.js';

export function explain(error) {
  const message = error?.message ?? String(error);
  switch (error?.status) {
    case 0:
      return { message, action: 'Check that the server is running (npm start) and reload the page.' };
    case 401:
      if (error.code === 'NO_SANDBOX_KEY') return { message, action: 'Create or paste a sandbox key above.' };
      return { message, action: 'Sign in again (sandbox: use another sandbox key).' };
    case 403:
      return { message, action: 'This credential may not read it: use the business owner\'s account, or a key with read:businesses and read:analytics.' };
    case 404:
      return { message, action: 'The business may have been deleted or belong to the other environment: pick another one.' };
    case 429:
      return {
        message,
        action: `Rate limit reached${error.retryAfter ? `: try again in ${error.retryAfter} s` : ''}. Analytics calls count against your plan's daily analytics limit.`,
      };
    case 400:
      return { message: error.details?.field ? `${message} (${error.details.field}: ${error.details.issue})` : message, action: 'Change the period or options and try again.' };
    default:
      return { message, action: 'Try again in a moment (Reload); if it persists, the server log has the request id.' };
  }
}

export function errorBox(error, onRetry) {
  const { message, action } = explain(error);
  return h(
    'div',
    { className: 'state state-error', role: 'alert' },
    h('p', {}, h('strong', {}, 'Could not load this: '), message),
    h('p', {}, action),
    onRetry && h('button', { type: 'button', onclick: onRetry }, 'Try again'),
  );
}

/** Only where test data is shown: how to get some (a developer trying the dashboard). */
function demoDataHint() {
  if (state.current().environment !== 'sandbox') return null;
  return h('p', { className: 'hint' }, 'Sandbox with no data? ', h('code', {}, 'npm run seed:demo'), ' fills it with 90 days of demo events.');
}

export function noEventsYet(what = 'events') {
  return h(
    'div',
    { className: 'state state-empty' },
    h('p', {}, h('strong', {}, `No ${what} in this period yet.`)),
    h('p', {}, 'Numbers appear once AI assistants show this business in their answers. Try a longer period.'),
    demoDataHint(),
  );
}

export function noConversionsYet() {
  return h(
    'div',
    { className: 'state state-empty' },
    h('p', {}, h('strong', {}, 'No conversions in this period yet.')),
    h(
      'p',
      {},
      'A conversion (a booking, a call, a purchase) is credited to the moments before it once your website or booking tool reports it. ',
      h('a', { href: '/docs#/Analytics/ingestAnalyticsEvents' }, 'How to report conversions'),
      ' (for whoever runs your website). Or try a longer period.',
    ),
    demoDataHint(),
  );
}

export function loadingBox() {
  return h('p', { className: 'state state-loading', role: 'status' }, 'Loading…');
}
