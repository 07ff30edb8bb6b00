// The network steps of one attempt, kept apart so tests can replace them with recorders:
// resolve the URL's host, and POST to one already-checked address. The connection goes to
// exactly the address the policy approved (the socket's lookup is pinned to it), so a name that
// resolves differently a moment later (DNS rebinding) cannot redirect the request. TLS still
// verifies the certificate for the host name. Redirects are never followed (node:http does not),
// and the answer's body is read only up to a small cap and discarded.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export interface SendRequest {
  url: URL;
  /** The checked address to connect to. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export type Send = (request: SendRequest) => Promise<{ status: number }>;

const MAX_RESPONSE_BYTES = 64 * 1024;

export const resolveHost: Resolve = async (host) => {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  if (literal !== 0) return [{ address: bare, family: literal as 4 | 6 }];
  const found = await dnsLookup(bare, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
};

export const sendOverHttp: Send = ({ url, address, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // Pinned: whatever name the URL holds, the socket connects to the checked address.
        lookup: (_host, options, callback) => {
          if (options.all) callback(null, [address]);
          else callback(null, address.address, address.family);
        },
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    // One deadline for the whole attempt (connect, send, answer), not only socket idleness.
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
