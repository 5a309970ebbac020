import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError } from '../../../errors.js';
import { DEFAULT_RETRY_AFTER_SECONDS, retryAfterSeconds } from '../../../upstream/classify.js';
import { readRetryAfter, type BudgetReader } from '../../../upstream/budget/read-budget.js';
import type { BodyReader, UpstreamRequest, UpstreamResponse } from '../../../catalogue/upstream.js';
import { MAX_BODY_BYTES, PASSWORD_PATH, SHOP_USER_AGENT } from '../constants.js';
import { record, type Json } from '../normalise/values.js';

/**
 * The family's one way to GET a storefront path, anonymously, and what the answer is before any
 * surface reads it: JSON (with the host that answered), a locked store (redirected to
 * `/password`), a 404, or a page that is not JSON (a host that is not a Shopify store).
 * Statuses are read here, never text: 429 is the store's rate limit, anything else non-2xx is
 * upstream_blocked with the status. A redirect that changes the path (other than to
 * `/password`) is no storefront answer either.
 */

export type StoreAnswer =
  | { kind: 'json'; body: unknown; storeDomain: string; url: string }
  | { kind: 'password'; url: string }
  | { kind: 'not_found'; url: string }
  | { kind: 'not_json'; url: string };

/** Every non-2xx status is read here (so 430, Shopify's bot wall, is named like any other). */
const INTERPRETED_STATUSES: readonly number[] = Array.from({ length: 200 }, (_, index) => 400 + index);

/** Bodies are read whole as text, up to the family's bound (a larger one is upstream_schema_drift). */
const BOUNDED_TEXT: BodyReader = {
  id: 'shop-bounded',
  maxBytes: MAX_BODY_BYTES,
  async read(chunks) {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return Buffer.concat(parts).toString('utf8');
  },
};

/** A wait the caller is told: the store's Retry-After, absent or zero counting as the gateway's default. */
function waitOf(headers: Record<string, string>): number {
  const stated = retryAfterSeconds(headers);
  return stated === undefined || stated <= 0 ? DEFAULT_RETRY_AFTER_SECONDS : stated;
}

/**
 * A 429 spends the store (not the family) in every process until its Retry-After passes; an
 * absent or zero Retry-After closes it for the default wait, as the caller is told.
 */
export const readStoreBudget: BudgetReader = (headers, nowMs, status) => {
  if (status === 429) return { remaining: 0, resetAtMs: nowMs + waitOf(headers) * 1000 };
  return readRetryAfter(headers, nowMs);
};

function tryParse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function classify(response: UpstreamResponse, requested: URL): StoreAnswer {
  const final = URL.parse(response.url);
  if (final?.pathname === PASSWORD_PATH) return { kind: 'password', url: response.url };
  const host = final?.hostname ?? requested.hostname;
  if (response.status === 429) {
    const retryAfter = waitOf(response.headers);
    throw new GatewayError('upstream_rate_limited', `The store rate-limited the request; retry in ${retryAfter} seconds.`, {
      details: { status: 429, upstreamStatus: 429, host },
      retryAfter,
    });
  }
  if (response.status === 404) return { kind: 'not_found', url: response.url };
  if (response.status < 200 || response.status >= 300) {
    throw new GatewayError('upstream_blocked', `The store refused the request (HTTP ${response.status}).`, {
      details: { status: response.status, upstreamStatus: response.status, host },
    });
  }
  if (final === null || final.pathname !== requested.pathname) {
    throw new GatewayError('upstream_blocked', 'The store redirected the request to another page.', {
      details: { status: response.status, host, path: final?.pathname ?? null },
    });
  }
  const body = tryParse(response.body);
  if (body === undefined) return { kind: 'not_json', url: response.url };
  return { kind: 'json', body, storeDomain: final.hostname.replace(/\.$/, ''), url: response.url };
}

/** GETs `path` (with its query) on the store `host`, a host the caller named in `hostParam`. */
export async function getStorefront(
  ctx: FetchContext,
  host: string,
  path: string,
  hostParam: string,
  reuse?: UpstreamRequest['reuse'],
): Promise<StoreAnswer> {
  const requested = new URL(`https://${host}${path}`);
  const response = await ctx.upstream.fetch({
    url: requested.href,
    headers: { accept: 'application/json', 'user-agent': SHOP_USER_AGENT },
    passStatuses: INTERPRETED_STATUSES,
    bodyReader: BOUNDED_TEXT,
    hostParam,
    ...(reuse === undefined ? {} : { reuse }),
  });
  return classify(response, requested);
}

/** A JSON answer's body as an object holding `member` (its surface's shape), or null. */
export function bodyWith(body: unknown, member: string): Json | null {
  const found = record(body);
  return found !== null && found[member] !== undefined ? found : null;
}
