// The dashboard's browser tests share this world: a server on 127.0.0.1 with a signed-up owner,
// one dental business in Austin with a hand-written March 2026 story, five dental peers, and a
// sandbox business of the same owner; plus helpers that read the page the way the tests compare it.
//
// The story (business local days, America/Chicago; each line one journey):
//   j1 chatgpt:    03-10 impression (position 1), citation, website visit, conversion at +20 min
//   j2 claude:     03-10 impression (position 2), citation
//   j3 chatgpt:    03-17 impression (position 1)
//   j4 perplexity: 03-17 impression (position 3), website visit at +10 min
// => impressions 4 (03-10: 2, 03-17: 2), citations 2 (03-10: 2); journeys 4, one per stage;
//    conversion rate 0.25; touchpoints (4+2+1+2)/4 = 2.25; durations (1200+0+0+600)/4 = 450 s.
//    Platform share: chatgpt 2 of 4 impressions (50 %), claude and perplexity 1 each (25 %).
//    Attribution of j1's conversion over impression, citation, website visit (all chatgpt):
//    multiTouch 0.4 / 0.2 / 0.4, firstTouch impression 1, lastTouch website visit 1.
//    Peers' impressions 1, 2, 3, 4, 5: p25 2, p50 3, p75 4; ours (4) is above 3 and ties 1:
//    (3 + 0.5) / 5 = 70th percentile.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { anEvent } from '../fixtures/analyticsEvents';
import { apiKey, completeProfileBody, signUp, type Actor } from '../http/actors';
import { buildTestApp, type TestApp } from '../http/testApp';

export const PASSWORD = 'correct horse battery staple';
export const WAIT = { timeout: 30_000 };
// <option>s are never "visible" to playwright: wait for them to be in the page.
export const ATTACHED = { ...WAIT, state: 'attached' as const };
export const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };
export const PANELS = ['visibility', 'benchmarks', 'platforms', 'attribution', 'funnel', 'profile-health', 'summary-reports'];
/** The one report of an AI summary naming the business, as a caller sent it. */
export const REPORT = { reason: 'outdated' as const, details: 'They stopped opening on Sundays in February.', text: 'Bright Smile Dental is open on Sundays from 9am.' };

export interface DashboardWorld {
  app: TestApp;
  base: string;
  owner: Actor;
  businessId: string;
  sandboxBusinessName: string;
  sandboxAuth: { Authorization: string };
  /** The query of the March period for a business (the owner's by default). */
  march(businessId?: string): string;
  /** The API's own answer for the same question, with the owner's token. */
  api(pathAndQuery: string): Promise<Record<string, any>>;
  close(): Promise<void>;
}

function story(id: string) {
  const on = (day: string, time: string) => ({ timestamp: `2026-03-${day}T${time}.000Z`, localDate: `2026-03-${day}` });
  const query = 'dentist austin';
  return [
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', query, type: 'impression', position: 1, ...on('10', '15:00:00') }),
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', query, type: 'citation', ...on('10', '15:00:30') }),
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', type: 'website_visit', surface: 'redirect', ...on('10', '15:05:00') }),
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', type: 'conversion', surface: 'ingested', ...on('10', '15:20:00') }),
    anEvent({ businessId: id, journeyId: 'j2', platform: 'claude', query, type: 'impression', position: 2, ...on('10', '16:00:00') }),
    anEvent({ businessId: id, journeyId: 'j2', platform: 'claude', query, type: 'citation', ...on('10', '16:00:00') }),
    anEvent({ businessId: id, journeyId: 'j3', platform: 'chatgpt', query: 'emergency dentist', type: 'impression', position: 1, ...on('17', '15:00:00') }),
    anEvent({ businessId: id, journeyId: 'j4', platform: 'perplexity', query, type: 'impression', position: 3, ...on('17', '15:00:00') }),
    anEvent({ businessId: id, journeyId: 'j4', platform: 'perplexity', type: 'website_visit', surface: 'redirect', ...on('17', '15:10:00') }),
  ];
}

export async function startDashboardWorld(): Promise<DashboardWorld> {
  const app = await buildTestApp();
  const server: Server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function createBusiness(actor: Actor, overrides: Record<string, unknown>, publish: boolean, auth = actor.auth): Promise<string> {
    const created = await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody(overrides));
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.data.id as string;
    if (publish) expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(auth).send({ status: 'published' })).status).toBe(200);
    return id;
  }

  const owner = await signUp(app, 'dashboard-owner');
  const businessId = await createBusiness(owner, { category: 'dental', name: 'Bright Smile Dental' }, false);
  await app.analytics.append(story(businessId));
  await app.store.summaryReports.create({
    id: 'srp_fixture000001',
    environment: 'live',
    requestId: 'req_fixtureanswer01',
    businessIds: [businessId],
    reason: REPORT.reason,
    details: REPORT.details,
    summary: { generatedBy: 'model', model: 'gpt-4o-mini', generatedAt: '2026-03-12T15:00:00.000Z', text: REPORT.text },
    reporterAccountId: 'acct_somecaller0001',
    createdAt: '2026-03-12T16:00:00.000Z',
  });
  const peerOwner = await signUp(app, 'dashboard-peers');
  for (const impressions of [1, 2, 3, 4, 5]) {
    const peer = await createBusiness(peerOwner, { category: 'dental' }, true);
    await app.analytics.append(
      Array.from({ length: impressions }, (_, i) =>
        anEvent({ businessId: peer, journeyId: `${peer}-j${i}`, type: 'impression', position: 1, timestamp: '2026-03-12T15:00:00.000Z', localDate: '2026-03-12' }),
      ),
    );
  }
  // A sandbox business of the same owner: only a sandbox key lists it.
  const sandbox = await apiKey(app, owner, 'test');
  const sandboxBusinessName = 'Sandbox Only Dental';
  await createBusiness(owner, { category: 'dental', name: sandboxBusinessName }, false, sandbox.auth);

  return {
    app,
    base,
    owner,
    businessId,
    sandboxBusinessName,
    sandboxAuth: sandbox.auth,
    march: (id = businessId) => `businessId=${id}&startDate=${MARCH.startDate}&endDate=${MARCH.endDate}`,
    async api(pathAndQuery) {
      const response = await request(app.callback).get(`/v1${pathAndQuery}`).set(owner.auth);
      expect(response.status).toBe(200);
      return response.body;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

/** Signs in through the form and shows March for the owner's business, every panel settled. */
export async function signInForMarch(page: Page, world: DashboardWorld): Promise<void> {
  await page.goto(`${world.base}/dashboard`);
  await page.fill('#email', world.owner.email);
  await page.fill('#password', PASSWORD);
  await page.click('#sign-in-submit');
  await page.waitForSelector(`#business option[value="${world.businessId}"]`, ATTACHED);
  await page.selectOption('#period', 'custom');
  await page.fill('#from', MARCH.startDate);
  await page.fill('#to', MARCH.endDate);
  await page.click('#apply-range');
  for (const panel of PANELS) await page.waitForSelector(`#${panel}[data-state="ready"]`, WAIT);
}

/** data-value of the cell in `column` (0 = the row header) of the row whose header's data-value is `row`. */
export function cell(page: Page, tableId: string, row: string, column: number): Promise<string | null> {
  return page.evaluate(
    ([id, key, index]) => {
      const rows = [...document.querySelectorAll(`#${id} tbody tr`)];
      const found = rows.find((tr) => (tr.querySelector('th') as HTMLElement).dataset.value === key || tr.querySelector('th')?.textContent === key);
      return found ? ((found.children[index as number] as HTMLElement).dataset.value ?? null) : null;
    },
    [tableId, row, column] as const,
  );
}

export const figure = (page: Page, listId: string, key: string) => page.getAttribute(`#${listId} dd[data-key="${key}"]`, 'data-value');
export const ready = (page: Page, panel: string) => page.waitForSelector(`#${panel}[data-state="ready"]`, WAIT);
