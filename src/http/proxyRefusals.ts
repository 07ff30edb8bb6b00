// What the load balancer in front of several API instances (HAProxy: docker-compose, `npm run
// fleet`) answers itself, in the API's error envelope like every other refusal instead of its own
// HTML pages: its own failure (500), an instance that stopped while answering (502), no instance
// up (503), an instance that did not answer in time (504). scripts/fleet/haproxyConfig.ts writes
// them as `http-error` rules. Left to HAProxy: bytes its HTTP/1 layer cannot read as a request
// (not HTTP/1.1, a head over its 32 KB buffer, a head not sent in time) get its fixed 400 or 408
// page, which no rule or errorfile replaces in HAProxy 2.6-2.8 (mux_h1.c, h1_send_error). Heads
// between Node's 16 KB and the proxy's 32 KB reach the API, which answers 431 in the envelope.
import { RequestRefusedError } from '../domain/errors';

/** Sent by HAProxy with each refusal: a client retrying after 502/503/504 waits this long. */
export const PROXY_RETRY_AFTER_SECONDS = 1;

/** Each status HAProxy can answer itself in this deployment, with the refusal it answers. */
export const PROXY_REFUSALS: ReadonlyMap<number, RequestRefusedError> = new Map(
  [
    new RequestRefusedError('INTERNAL_ERROR', 'The load balancer failed to pass the request on; retry'),
    new RequestRefusedError('BAD_GATEWAY', 'The API instance handling the request stopped before it answered; retry, with the same Idempotency-Key for a write'),
    new RequestRefusedError('SERVICE_UNAVAILABLE', 'No API instance is available; retry later'),
    new RequestRefusedError('GATEWAY_TIMEOUT', 'The API instance did not answer in time; retry, with the same Idempotency-Key for a write'),
  ].map((refusal) => [refusal.status, refusal]),
);
