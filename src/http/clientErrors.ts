// Requests Node's HTTP parser refuses before the app sees them answer in the API's error envelope,
// like every other refusal, instead of Node's bare status line: a request line and headers over
// its 16 KB limit (431), a chunk extension over its limit (413), a request not sent in time (408),
// anything that is not HTTP/1.1 (400). The status for each is the one Node itself picks.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { RequestRefusedError } from '../domain/errors';
import { newId } from '../domain/ids';
import { errorEnvelope, metaOf } from '../core/answer';

// Each refusal's status is its code's (domain/errorCodes.ts): the one Node itself picks.
const REFUSALS: Record<string, RequestRefusedError> = {
  HPE_HEADER_OVERFLOW: new RequestRefusedError('REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request line and headers together are over 16 KB; send long input in a request body'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: new RequestRefusedError('PAYLOAD_TOO_LARGE', 'A chunk extension of the request body is too large'),
  ERR_HTTP_REQUEST_TIMEOUT: new RequestRefusedError('REQUEST_TIMEOUT', 'The request was not received in time'),
};
const MALFORMED = new RequestRefusedError('BAD_REQUEST', 'The request is not valid HTTP/1.1');

/** The whole response, head and envelope, to a parser error. */
function responseTo(errorCode: string | undefined): string {
  const refusal = (errorCode && REFUSALS[errorCode]) || MALFORMED;
  const requestId = newId('req');
  const body = JSON.stringify(errorEnvelope({ code: refusal.code, message: refusal.message }, metaOf(requestId)));
  return [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-ID: ${requestId}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Answers the parser's refusals on `server` in the envelope (Node's own listener does the same with an empty body). */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection gets nothing; neither does one with a response of an earlier request still
    // pending on it (keep-alive), which an answer written now would overtake.
    const pending = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pending) {
      socket.destroy();
      return;
    }
    socket.end(responseTo(error.code));
  });
}
