import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError, schemaDrift } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { ADS_ORIGIN, RPC_HEADERS, type RpcMethod } from '../constants.js';

/**
 * The platform's RPC: `POST /anji/_/rpc/{method}?authuser=0`, a form body with one field
 * `f.req` holding a JSON object with numeric keys; the answer is a JSON object with numeric
 * keys. The calls only read, so identical in-flight calls share one request (the upstream
 * layer's coalescing keys on the whole body).
 */

/** A JSON object as the platform writes them: numeric keys, any value. */
export type RpcObject = Readonly<Record<string, unknown>>;

/** What a call came back with: the answer object, or nothing found (`{}`). */
export type RpcAnswer = { kind: 'answer'; body: RpcObject; url: string } | { kind: 'empty'; body: RpcObject; url: string };

export const rpcUrl = (method: RpcMethod): string => `${ADS_ORIGIN}/anji/_/rpc/${method}?authuser=0`;

/** The form body of a call. Keys are written in the order JSON gives them (numeric keys ascending), as the site does. */
export const rpcBody = (request: RpcObject): string => `f.req=${encodeURIComponent(JSON.stringify(request))}`;

/**
 * Calls one method. `knownKeys` are the answer's top-level keys the family reads; `emptyKeys`
 * those that may come alone in an answer that found nothing (a search's totals).
 */
export async function callRpc(
  ctx: FetchContext,
  method: RpcMethod,
  request: RpcObject,
  shape: { knownKeys: readonly string[]; emptyKeys?: readonly string[] },
): Promise<RpcAnswer> {
  const url = rpcUrl(method);
  const response = await ctx.upstream.fetch({
    url,
    method: 'POST',
    headers: { ...RPC_HEADERS },
    body: rpcBody(request),
    passStatuses: [400],
  });
  const body = answerObject(response);
  const keys = Object.keys(body);
  if (keys.length === 0 || keys.every((key) => (shape.emptyKeys ?? []).includes(key))) return { kind: 'empty', body, url };
  if (!keys.some((key) => shape.knownKeys.includes(key))) {
    throw schemaDrift(`The platform's ${method} answer has none of the keys it is read by.`, { keys: keys.slice(0, 10).join(',') });
  }
  return { kind: 'answer', body, url };
}

/** The answer as a JSON object; its error object, HTML or anything else is a failure. */
function answerObject(response: UpstreamResponse): RpcObject {
  const details = { upstreamStatus: response.status, host: URL.parse(response.url)?.host ?? null };
  const encoding = response.headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity') {
    // The platform gzips its error objects even when its answers are plain: an encoded body is never an answer.
    throw schemaDrift(`The platform answered HTTP ${response.status} with a ${encoding}-encoded body (its error object).`, details);
  }
  if (/html/i.test(response.headers['content-type'] ?? '') || /^\s*</.test(response.body.slice(0, 100))) {
    throw new GatewayError('upstream_blocked', 'The platform answered with an HTML page where its RPC answers JSON.', { details });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    throw schemaDrift(`The platform answered HTTP ${response.status} with a body that is not JSON.`, details);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw schemaDrift(`The platform answered HTTP ${response.status} with JSON that is not an object.`, details);
  }
  const body = parsed as RpcObject;
  if (response.status === 400 || isErrorObject(body)) {
    const message = typeof body['2'] === 'string' ? body['2'].slice(0, 200) : null;
    throw schemaDrift('The platform refused the request with its error object: the request shape it reads has changed.', {
      ...details,
      message,
    });
  }
  return body;
}

/** The platform's error object: `{"2": message, "5": HTTP status, "9": code}`. */
const isErrorObject = (body: RpcObject): boolean =>
  typeof body['5'] === 'number' &&
  typeof body['9'] === 'number' &&
  (body['2'] === undefined || typeof body['2'] === 'string') &&
  !('1' in body);
