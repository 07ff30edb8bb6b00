// Accounts, keys and profile writes through the proxy, each step on another instance than the
// one before: nothing a request leaves behind lives in one process.
import { completeProfileBody } from '../../http/actors';
import { newAccount, PASSWORD, type FleetAccount } from '../../../scripts/fleet/fleetClient';
import type { FleetContext } from '../fleetContext';

export function writesAcrossInstances(context: FleetContext): void {
  describe('accounts and profile writes across instances', () => {
    let owner: FleetAccount;
    beforeAll(async () => {
      owner = await newAccount(context.call, 'fleet-writer');
    });

    it('round-robins consecutive requests over the three instances', async () => {
      const served = [];
      for (let i = 0; i < 6; i++) served.push((await context.call('GET', '/v1/health')).servedBy);
      expect(new Set(served.slice(0, 3))).toEqual(new Set(['api-1', 'api-2', 'api-3']));
      expect(served.slice(3)).toEqual(served.slice(0, 3));
    });

    it('signs in on one instance and uses the token and an API key on the others', async () => {
      const login = await context.call('POST', '/v1/auth/login', { body: { email: owner.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      const uses = [];
      for (const credential of [login.body.data.accessToken, login.body.data.accessToken, owner.key, owner.key]) {
        const listed = await context.call('GET', '/v1/business/profile', { auth: credential });
        expect(listed.status).toBe(200);
        uses.push(listed.servedBy);
      }
      expect(new Set([login.servedBy, ...uses]).size).toBe(3);
    });

    it('a retry with the same Idempotency-Key on another instance replays the answer and creates nothing more', async () => {
      const body = completeProfileBody({ name: 'Idempotent Tacos' });
      const first = await context.call('POST', '/v1/business/profile', { auth: owner.key, body, headers: { 'Idempotency-Key': 'fleet-create-1' } });
      const retry = await context.call('POST', '/v1/business/profile', { auth: owner.key, body, headers: { 'Idempotency-Key': 'fleet-create-1' } });
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.servedBy).not.toBe(first.servedBy);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.data.id).toBe(first.body.data.id);
      const listed = await context.call('GET', '/v1/business/profile?limit=100', { auth: owner.key });
      expect(listed.body.data.profiles.filter((profile: { name: string }) => profile.name === 'Idempotent Tacos')).toHaveLength(1);
    });

    it('an ETag read on one instance guards a write on another, and a stale one is refused on a third', async () => {
      const created = await context.call('POST', '/v1/business/profile', { auth: owner.key, body: completeProfileBody({ name: 'Guarded Bakery' }) });
      const id = created.body.data.id as string;
      const read = await context.call('GET', `/v1/business/profile/${id}`, { auth: owner.key });
      const etag = read.headers.get('etag') as string;
      const write = await context.call('PATCH', `/v1/business/profile/${id}`, { auth: owner.key, body: { tagline: 'Fresh bread all day' }, headers: { 'If-Match': etag } });
      expect(write.status).toBe(200);
      const stale = await context.call('PATCH', `/v1/business/profile/${id}`, { auth: owner.key, body: { tagline: 'Lost update' }, headers: { 'If-Match': etag } });
      expect(stale.status).toBe(412);
      expect(stale.body.error.code).toBe('PRECONDITION_FAILED');
      expect(new Set([read.servedBy, write.servedBy, stale.servedBy]).size).toBe(3);
      expect((await context.call('GET', `/v1/business/profile/${id}`, { auth: owner.key })).body.data.tagline).toBe('Fresh bread all day');
    });
  });
}
