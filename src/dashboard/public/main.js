// Wires the page: sign-in, the business / period / environment controls, and the views. Every
// number comes from /v1 calls (api.js); nothing is stored outside this tab's memory.
import * as api from './api.js';
import { h, replace, say } from './dom.js';
import { explain } from './messages.js';
import { customPeriod, lastDays } from './period.js';
import * as session from './session.js';
import * as state from './state.js';
import { attributionView } from './views/attribution.js';
import { benchmarksView } from './views/benchmarks.js';
import { funnelView } from './views/funnel.js';
import { paymentsView } from './views/payments.js';
import { platformShareView } from './views/platformShare.js';
import { profileHealthView } from './views/profileHealth.js';
import { summaryReportsView } from './views/summaryReports.js';
import { visibilityView } from './views/visibility.js';

const $ = (id) => document.getElementById(id);
// In reading order; platform share and attribution are the one pair that shares a row on wide screens.
const views = [visibilityView(), benchmarksView(), platformShareView(), attributionView(), funnelView(), paymentsView(), profileHealthView(), summaryReportsView()];
$('views').append(...views.map((view) => view.element));

const reload = h('button', { type: 'button', id: 'reload' }, 'Reload');
reload.addEventListener('click', () => {
  api.clearCache();
  loadViews();
});
$('controls').append(h('div', { className: 'field field-button' }, reload));

function loadViews() {
  const selection = state.selection();
  $('views').hidden = !selection;
  if (selection) for (const view of views) view.load(selection);
}

// Sign-in ---------------------------------------------------------------------------------------
$('sign-in-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const email = $('email').value.trim();
  const password = $('password').value;
  if (!email || !password) return say($('sign-in-error'), 'Enter your e-mail and password.');
  const submit = $('sign-in-submit');
  submit.disabled = true;
  say($('sign-in-error'), '');
  try {
    await session.signIn(email, password);
  } catch (error) {
    // The API's own words (e.g. "Invalid email or password"), plus what to do when it is not about the password.
    const { message, action } = explain(error);
    say($('sign-in-error'), error.status === 401 ? message : `${message} ${action}`);
    submit.disabled = false;
    return;
  }
  submit.disabled = false;
  $('password').value = '';
  $('sign-in').hidden = true;
  $('dashboard').hidden = false;
  $('account').hidden = false;
  $('signed-in-as').textContent = `Signed in as ${session.signedInAs()}`;
  state.update({ environment: 'live', period: lastDays(Number($('period').value) || 30) });
  $('environment').value = 'live';
  await chooseEnvironment('live');
});

$('sign-out').addEventListener('click', () => session.signOut());

session.onSignedOut((reason) => {
  api.clearCache();
  say($('sign-in-error'), reason);
  state.update({ businesses: [], businessId: null });
  $('dashboard').hidden = true;
  $('account').hidden = true;
  $('sign-in').hidden = false;
  $('views').hidden = true;
  $('sandbox-key').value = '';
  $('email').focus();
});

// Environment and sandbox access ----------------------------------------------------------------
async function chooseEnvironment(environment) {
  state.update({ environment, businesses: [], businessId: null });
  say($('sandbox-error'), '');
  const needsKey = environment === 'sandbox' && !session.sandboxKey();
  $('sandbox-access').hidden = !needsKey;
  if (needsKey) {
    setBusinesses([]);
    say($('notice'), '');
    $('views').hidden = true;
    return;
  }
  await loadBusinesses();
}

$('environment').addEventListener('change', () => chooseEnvironment($('environment').value));

$('create-sandbox-key').addEventListener('click', async () => {
  const button = $('create-sandbox-key');
  button.disabled = true;
  try {
    const created = await api.post('/auth/api-keys', {
      name: `Dashboard sandbox session ${new Date().toISOString().slice(0, 16)}`,
      environment: 'test',
      scopes: ['read:businesses', 'read:analytics'],
    });
    session.useSandboxKey(created.key, created.id);
    await chooseEnvironment('sandbox');
  } catch (error) {
    const { message, action } = explain(error);
    say($('sandbox-error'), `${message} ${action}`);
  } finally {
    button.disabled = false;
  }
});

$('sandbox-key-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const key = $('sandbox-key').value.trim();
  if (!key.startsWith('sk_test_')) {
    return say($('sandbox-error'), 'A sandbox key starts with sk_test_. (A sk_live_ key reads live data, which your sign-in already does.)');
  }
  session.useSandboxKey(key);
  $('sandbox-key').value = '';
  await chooseEnvironment('sandbox');
});

// Businesses ------------------------------------------------------------------------------------
async function listBusinesses(environment) {
  const found = [];
  let cursor;
  // At most 10 pages of 100: an account with more picks from the first thousand.
  for (let page = 0; page < 10; page += 1) {
    const answer = await api.get(environment, '/business/profile', { limit: 100, cursor });
    found.push(...answer.profiles);
    if (!answer.pagination?.hasMore) break;
    cursor = answer.pagination.nextCursor;
  }
  return found;
}

function setBusinesses(businesses) {
  const select = $('business');
  replace(
    select,
    businesses.length === 0 ? h('option', { value: '' }, 'No business') : businesses.map((b) => h('option', { value: b.id }, `${b.name}${b.status === 'published' ? '' : ` (${b.status})`}`)),
  );
  select.disabled = businesses.length === 0;
}

async function loadBusinesses() {
  const { environment } = state.current();
  say($('notice'), `Loading your ${environment} businesses…`);
  setBusinesses([]);
  let businesses;
  try {
    businesses = await listBusinesses(environment);
  } catch (error) {
    if (environment === 'sandbox' && error.status === 401) {
      session.forgetSandboxKey();
      $('sandbox-access').hidden = false;
      say($('sandbox-error'), `${error.message} The sandbox key was refused (revoked or mistyped): create or paste another.`);
      say($('notice'), '');
      return;
    }
    const { message, action } = explain(error);
    say($('notice'), `Could not list your businesses: ${message} ${action}`);
    return;
  }
  if (environment !== state.current().environment) return; // switched meanwhile
  setBusinesses(businesses);
  if (businesses.length === 0) {
    say(
      $('notice'),
      environment === 'live'
        ? 'This account has no live business yet. Create one with POST /v1/business/profile (see API reference), or choose Sandbox to see test data (npm run seed:demo makes some).'
        : 'This account has no sandbox business yet. npm run seed:demo creates 56 with 90 days of events for demo@example.com; or create one with a sandbox key.',
    );
    state.update({ businesses, businessId: null });
    $('views').hidden = true;
    return;
  }
  say($('notice'), '');
  state.update({ businesses, businessId: businesses[0].id });
  $('business').value = businesses[0].id;
  loadViews();
}

$('business').addEventListener('change', () => {
  state.update({ businessId: $('business').value || null });
  loadViews();
});

// Period ----------------------------------------------------------------------------------------
$('period').addEventListener('change', () => {
  const value = $('period').value;
  $('custom-range').hidden = value !== 'custom';
  if (value === 'custom') {
    const { startDate, endDate } = state.current().period ?? lastDays(30);
    $('from').value = startDate;
    $('to').value = endDate;
    $('from').focus();
    return;
  }
  state.update({ period: lastDays(Number(value)) });
  loadViews();
});

// The custom range's Apply button submits the controls form (Enter in a date field too).
$('controls').addEventListener('submit', (event) => {
  event.preventDefault();
  if ($('period').value !== 'custom') return;
  const period = customPeriod($('from').value, $('to').value);
  if (period.error) return say($('range-error'), period.error);
  say($('range-error'), '');
  state.update({ period });
  loadViews();
});
