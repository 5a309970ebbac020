import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's id is kept only when it is a short token that cannot forge or break a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The request id: the caller's `x-request-id` when it is safe, else a new UUID. Echoed on every response. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
