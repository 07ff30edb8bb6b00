// Counted once across the fleet: a free key gets exactly its limit however the proxy spreads its
// requests, and so do failed sign-ins. And a write on one instance is found by search on the
// others once the indexer (its own process) has moved it to Elasticsearch.
import { completeProfileBody } from '../../http/actors';
import { eventually, newAccount, PASSWORD } from '../../../scripts/fleet/fleetClient';
import type { FleetContext } from '../fleetContext';

const AUSTIN = { lat: 30.2672, lon: -97.7431, distance: '10km' };

export function limitsAndSearch(context: FleetContext): void {
  describe('limits counted once, and search after a write', () => {
    it('a free account gets exactly its 100 requests an hour across three instances, then 429', async () => {
      // Creating its API key was the account's first request in the general area: 99 are left.
      const owner = await newAccount(context.call, 'fleet-free');
      const remaining: number[] = [];
      const served = new Set<string>();
      let refused;
      for (let i = 0; i < 150 && !refused; i++) {
        const answer = await context.call('GET', '/v1/business/profile', { auth: owner.key });
        if (answer.status === 429) refused = answer;
        else {
          expect(answer.status).toBe(200);
          remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
          served.add(answer.servedBy);
        }
      }
      expect(served).toEqual(new Set(['api-1', 'api-2', 'api-3']));
      // One counter: every answer's Remaining is one less than the one before, whichever instance gave it.
      expect(remaining).toEqual(Array.from({ length: 99 }, (_, i) => 98 - i));
      if (!refused) throw new Error('never refused');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }, 60_000);

    it('ten wrong passwords spread over the instances lock the account on all of them', async () => {
      const owner = await newAccount(context.call, 'fleet-guessed');
      const served = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const wrong = await context.call('POST', '/v1/auth/login', { body: { email: owner.email, password: `wrong password ${i}` } });
        expect(wrong.status).toBe(401);
        served.add(wrong.servedBy);
      }
      expect(served.size).toBe(3);
      for (let i = 0; i < 3; i++) expect((await context.call('POST', '/v1/auth/login', { body: { email: owner.email, password: PASSWORD } })).status).toBe(429);
    });

    it('a profile published through one instance is found by consumer search through the others', async () => {
      const owner = await newAccount(context.call, 'fleet-searcher');
      const created = await context.call('POST', '/v1/business/profile', { auth: owner.key, body: completeProfileBody({ name: 'Cascade Noodle Bar', description: 'Hand-pulled noodles and dumplings near downtown Austin, with vegetarian broths simmered daily.' }) });
      const id = created.body.data.id as string;
      expect((await context.call('PATCH', `/v1/business/profile/${id}`, { auth: owner.key, body: { status: 'published' } })).status).toBe(200);
      const servedBy = await eventually('the published profile in search results', async () => {
        const search = await context.call('POST', '/v1/api/v1/consumer/search', { auth: owner.key, body: { query: 'hand-pulled noodles', location: AUSTIN } });
        expect(search.status).toBe(200);
        return search.body.data.businesses.some((business: { id: string }) => business.id === id) ? search.servedBy : undefined;
      });
      expect(servedBy).toMatch(/^api-[123]$/);
    });
  });
}
