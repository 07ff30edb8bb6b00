// The dispatcher's SSRF guard with its resolver and its connect step replaced by recorders: a
// refused address shows up as a failed assertion on the recorder, never as a real connection to
// 10.x or 169.254.169.254. The store is a real (in-memory SQLite) one.
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createAddressPolicy } from '../../src/domain/webhooks/addressPolicy';
import { createSecretBox, newSigningSecret } from '../../src/domain/webhooks/secretBox';
import { webhookEvent } from '../../src/services/webhooks/webhookEvents';
import { newDelivery } from '../../src/services/webhooks/webhookDeliveries';
import type { ResolvedAddress, SendRequest } from '../../src/services/webhooks/httpDelivery';
import { createWebhookDispatcher } from '../../src/services/webhooks/dispatcher';
import { recordingLogger } from '../http/webhookSetup';

const box = createSecretBox('ssrf-test-key-material-0123456789abcdef');

async function deliverOnce(store: SqliteStore, url: string, resolved: ResolvedAddress[], allowedCidrs = '') {
  const now = new Date();
  const id = `we_ssrf${Math.random().toString(36).slice(2, 12)}`;
  await store.webhooks.createEndpoint({
    id,
    accountId: 'acct_ssrf',
    environment: 'live',
    url,
    events: ['*'],
    enabled: true,
    secrets: [{ sealed: box.seal(newSigningSecret(), id), createdAt: now.toISOString() }],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  const event = webhookEvent('webhook.test', { accountId: 'acct_ssrf', environment: 'live' }, {}, now, id);
  await store.webhooks.appendEvents([event]);
  await store.webhooks.fanOut(event.id, [newDelivery(event, { id }, now)]);

  const resolvedHosts: string[] = [];
  const sent: SendRequest[] = [];
  const { logger, lines } = recordingLogger();
  const dispatcher = createWebhookDispatcher({
    webhooks: store.webhooks,
    secrets: box,
    policy: createAddressPolicy(allowedCidrs),
    logger,
    schedule: [],
    resolve: async (host) => {
      resolvedHosts.push(host);
      return resolved;
    },
    send: async (request) => {
      sent.push(request);
      return { status: 200 };
    },
  });
  await dispatcher.runOnce();
  const page = await store.webhooks.pageDeliveries(id, { limit: 1 });
  return { resolvedHosts, sent, lines, delivery: page.items[0] };
}

describe('dispatcher SSRF guard', () => {
  let store: SqliteStore;
  beforeEach(() => {
    store = createSqliteStore({ file: ':memory:' });
  });
  afterEach(() => store.close());

  it.each([
    ['127.0.0.1 without WEBHOOK_ALLOWED_CIDRS', 'https://127.0.0.1/hooks', [{ address: '127.0.0.1', family: 4 }], 'loopback'],
    ['the metadata service', 'https://169.254.169.254/latest', [{ address: '169.254.169.254', family: 4 }], 'link-local'],
    ['a 10.x address', 'https://10.0.0.7/hooks', [{ address: '10.0.0.7', family: 4 }], 'private'],
    ['a host name resolving to loopback', 'https://rebind.example.com/hooks', [{ address: '127.0.0.1', family: 4 }], 'loopback'],
    ['a name with one public and one private address', 'https://mixed.example.com/', [{ address: '93.184.216.34', family: 4 }, { address: '10.9.9.9', family: 4 }], 'private'],
    ['IPv6 loopback', 'https://v6.example.com/', [{ address: '::1', family: 6 }], 'loopback'],
  ] as const)('refuses %s, sends nothing and logs it', async (_what, url, resolved, reason) => {
    const { sent, lines, delivery, resolvedHosts } = await deliverOnce(store, url, [...resolved]);
    expect(resolvedHosts).toEqual([new URL(url).hostname]);
    expect(sent).toEqual([]);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts[0].error).toContain('refused');
    expect(delivery.attempts[0].error).toContain(reason);
    const logged = lines.find((line) => line.msg === 'webhook delivery refused by the address policy (SSRF guard)');
    expect(logged).toMatchObject({ host: new URL(url).hostname });
    expect(String(logged?.reason)).toContain(reason);
  });

  it('connects to the address that was checked, not to a fresh lookup of the name', async () => {
    const { sent, delivery } = await deliverOnce(store, 'https://hooks.example.com/in', [{ address: '93.184.216.34', family: 4 }]);
    expect(sent).toHaveLength(1);
    expect(sent[0].address).toEqual({ address: '93.184.216.34', family: 4 });
    expect(sent[0].url.hostname).toBe('hooks.example.com');
    expect(delivery.status).toBe('delivered');
  });

  it('delivers to loopback once WEBHOOK_ALLOWED_CIDRS lists it', async () => {
    const { sent, delivery } = await deliverOnce(store, 'http://127.0.0.1:9/hooks', [{ address: '127.0.0.1', family: 4 }], '127.0.0.1/32');
    expect(sent).toHaveLength(1);
    expect(delivery.status).toBe('delivered');
  });
});
