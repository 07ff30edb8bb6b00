// An assistant booking a service that takes payment through the MCP server, driven by the MCP SDK's
// own client over Streamable HTTP (listTools() first, so the client validates every answer against
// the tool's outputSchema): create_booking answers the booking held in pending_payment with the
// checkout URL for the assistant to hand to the person, made at stripe-mock on the business's account.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { apiKey } from '../actors';
import { freeStart, openPaymentWorld, paidService, type PaymentWorld } from './paymentWorld';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: PaymentWorld;
let server: Server;
let client: Client;
let serviceId: string;

beforeAll(async () => {
  world = teardown.adopt(await openPaymentWorld(), (opened) => opened.close());
  serviceId = await paidService(world, { required: 'full', refundCutoffHours: 48 });
  server = createServer(world.app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  teardown.defer(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const key = await apiKey(world.app, world.customer, 'live', ['read:businesses', 'read:bookings', 'write:bookings']);
  client = teardown.adopt(new Client({ name: 'claude-ai', version: '1.0.0' }), (opened) => opened.close().catch(() => undefined));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/mcp`);
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key.key}` } } }));
}, 60_000);
afterAll(() => teardown.disposeAsync());

it('create_booking answers the held booking with the checkout URL of a service paid in full, validated against its outputSchema', async () => {
  const tools = (await client.listTools()).tools;
  const tool = tools.find((one) => one.name === 'create_booking')!;
  // The schema the client validates with names the checkout URL.
  expect(JSON.stringify(tool.outputSchema)).toContain('checkoutUrl');

  const start = await freeStart(world, serviceId);
  const result = (await client.callTool({
    name: 'create_booking',
    arguments: { businessId: world.businessId, serviceId, start, customer: { name: 'Ana Diaz', email: 'ana@example.com' } },
  })) as { isError?: boolean; structuredContent?: Record<string, any>; content: Array<{ type: string; text: string }> };
  expect(result.isError).toBeFalsy();
  const booking = result.structuredContent!;
  expect(booking).toMatchObject({ businessId: world.businessId, serviceId, status: 'pending_payment' });
  expect(booking.payment).toMatchObject({ required: 'full', amount: 45, currency: 'EUR', status: 'awaiting_payment', checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
  // The text an assistant reads carries the same URL.
  expect(result.content.map((part) => part.text).join('\n')).toContain(booking.payment.checkoutUrl);

  const checkouts = world.stripe.requests().filter((sent) => sent.path === '/v1/checkout/sessions');
  expect(checkouts).toEqual([expect.objectContaining({ stripeAccount: world.connectedAccountId, idempotencyKey: `checkout_${booking.id}` })]);
  expect(checkouts[0].form).toEqual(expect.objectContaining({ 'line_items[0][price_data][unit_amount]': '4500', 'metadata[bookingId]': booking.id }));
});
