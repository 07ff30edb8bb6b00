// POST /v1/payments/stripe/webhook: where Stripe sends its notifications. Not a declared
// operation: the caller is Stripe, proving itself with the Stripe-Signature over the exact bytes it
// sent, so the body is read raw (never parsed and re-serialised before the check) and no credential
// or rate limit of ours applies. The use case (services/payments/providerWebhook.ts) checks, stores
// and acknowledges; its answers are envelopes like any other route's.
import Router from '@koa/router';
import type { Context } from 'koa';
import { PayloadTooLargeError } from '../domain/errors';
import type { ProviderWebhook } from '../services/payments/providerWebhook';
import { metaOf, successEnvelope } from '../core/answer';

export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

async function rawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limitBytes) throw new PayloadTooLargeError('Request body is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new PayloadTooLargeError('Request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function providerWebhookRoutes(receive: ProviderWebhook, limitBytes: number): Router {
  const router = new Router();
  router.post(STRIPE_WEBHOOK_PATH, async (ctx) => {
    const body = await rawBody(ctx, limitBytes);
    ctx.body = successEnvelope(await receive(body, ctx.get('Stripe-Signature') || undefined), metaOf(ctx.state.requestId as string));
  });
  return router;
}
