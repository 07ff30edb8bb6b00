// Work the fleet shares out rather than repeats: with two webhook workers running, each event is
// delivered once (both lease from one outbox); analytics events ingested twice through two
// instances are stored once, and answers recorded by whichever instance gave them count once.
import { Webhook } from 'standardwebhooks';
import { completeProfileBody } from '../../http/actors';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhookReceiver';
import { eventually, newAccount, recentDays } from '../../../scripts/fleet/fleetClient';
import type { FleetContext } from '../fleetContext';

export function webhooksAndAnalytics(context: FleetContext): void {
  describe('webhooks and analytics, once each', () => {
    // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
    const teardown = new AsyncDisposableStack();
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = teardown.adopt(await startWebhookReceiver(), (opened) => opened.close());
    });
    afterAll(() => teardown.disposeAsync());

    it('five updates through three instances, two workers: five deliveries, each once, each signed', async () => {
      const { call } = context;
      const owner = await newAccount(call, 'fleet-hooks');
      const endpoint = await call('POST', '/v1/webhooks/endpoints', { auth: owner.key, body: { url: receiver.url, events: ['profile.updated'] } });
      expect(endpoint.status).toBe(201);
      const created = await call('POST', '/v1/business/profile', { auth: owner.key, body: completeProfileBody({ name: 'Hooked Coffee' }) });
      const id = created.body.data.id as string;
      for (let i = 1; i <= 5; i++) expect((await call('PATCH', `/v1/business/profile/${id}`, { auth: owner.key, body: { tagline: `Roast number ${i}` } })).status).toBe(200);

      await receiver.waitFor(5, 30_000);
      const deliveries = await eventually('every delivery recorded as delivered', async () => {
        const page = await call('GET', `/v1/webhooks/endpoints/${endpoint.body.data.id}/deliveries`, { auth: owner.key });
        const all = page.body.data.deliveries as Array<{ status: string; attempts: number; eventId: string }>;
        return all.length === 5 && all.every((delivery) => delivery.status === 'delivered') ? all : undefined;
      });
      // Both workers poll every 250 ms: a second delivery of anything would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(receiver.received).toHaveLength(5);
      const verifier = new Webhook(endpoint.body.data.secret);
      const taglines = receiver.received.map((request) => (verifier.verify(request.body, request.headers as Record<string, string>) as { data: { tagline: string } }).data.tagline);
      expect(taglines.sort()).toEqual(['Roast number 1', 'Roast number 2', 'Roast number 3', 'Roast number 4', 'Roast number 5']);
      expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(5);
      expect(deliveries.map((delivery) => delivery.attempts)).toEqual([1, 1, 1, 1, 1]);
    }, 60_000);

    it('the same events ingested through two instances are stored once', async () => {
      const { call } = context;
      const owner = await newAccount(call, 'fleet-analytics');
      const created = await call('POST', '/v1/business/profile', { auth: owner.key, body: completeProfileBody({ name: 'Counted Once Cafe' }) });
      const id = created.body.data.id as string;
      expect((await call('PATCH', `/v1/business/profile/${id}`, { auth: owner.key, body: { status: 'published' } })).status).toBe(200);
      const at = new Date(Date.now() - 60_000).toISOString();
      const events = [1, 2, 3].map((n) => ({ eventId: `fleet-order-${n}`, type: 'conversion', businessId: id, journeyId: `fleet-journey-000${n}`, timestamp: at, value: 10 * n, currency: 'USD' }));
      const first = await call('POST', '/v1/analytics/events', { auth: owner.key, body: { events } });
      const again = await call('POST', '/v1/analytics/events', { auth: owner.key, body: { events } });
      expect(again.servedBy).not.toBe(first.servedBy);
      expect(first.body.data).toEqual({ accepted: 3, duplicates: 0 });
      expect(again.body.data).toEqual({ accepted: 0, duplicates: 3 });
      const { startDate, endDate } = recentDays();
      const journeys = await eventually('the three converted journeys', async () => {
        const answer = await call('GET', `/v1/analytics/intent-journeys?businessId=${id}&startDate=${startDate}&endDate=${endDate}`, { auth: owner.key });
        return answer.body.journeys?.total >= 3 ? answer.body.journeys : undefined;
      });
      expect(journeys.total).toBe(3);
      expect(journeys.byStage.conversion).toBe(3);
    });
  });
}
