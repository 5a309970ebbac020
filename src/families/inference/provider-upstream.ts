import { errors as undiciErrors, request } from 'undici';
import { GatewayError, invalidParam } from '../../errors.js';
import { isOutboundRefused, parseOutboundUrl, resolveChecked, type ResolveAll } from '../../outbound/index.js';
import { DEFAULT_RETRY_AFTER_SECONDS, isBotChallenge, retryAfterSeconds } from '../../upstream/classify.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../catalogue/upstream.js';
import { PROVIDER_TARGET, providerRequestSchema } from './provider-contract.js';
import { readBounded } from '../../upstream/read-bounded.js';
import { startDeadline } from '../../upstream/deadline.js';

export interface ProviderUpstreamOptions {
  /** INFERENCE_URL: operator configuration, so http is allowed (a provider on the same network). */
  providerUrl: string;
  timeoutMs: number;
  /** Resolver for the image host check (tests and the offline demo pass a fixed one). */
  resolveAll?: ResolveAll;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The inference family's only way out: POSTs to INFERENCE_URL and nowhere else. Before a
 * request leaves, the image URL it carries must pass the outbound-safety checks (http(s), no
 * user info, every address of its host public): the gateway never fetches the image itself,
 * and it does not hand the provider a URL that points into a private network either.
 */
export function createProviderUpstream(options: ProviderUpstreamOptions): Upstream {
  const target = new URL(options.providerUrl);
  return {
    async fetch(upstreamRequest: UpstreamRequest): Promise<UpstreamResponse> {
      if (upstreamRequest.url !== PROVIDER_TARGET || upstreamRequest.method !== 'POST') {
        throw new GatewayError('internal_error', 'The inference family may only POST to its provider.');
      }
      const body = providerRequestSchema.parse(JSON.parse(upstreamRequest.body ?? '{}'));
      await checkImageUrl(body.imageUrl, options.resolveAll);
      return send(target, upstreamRequest, upstreamRequest.timeoutMs ?? options.timeoutMs);
    },
  };
}

async function checkImageUrl(raw: string, resolveAll: ResolveAll | undefined): Promise<void> {
  try {
    const url = parseOutboundUrl(raw, { allowPrivate: false });
    await resolveChecked(url.hostname, { allowPrivate: false, resolveAll });
  } catch (error) {
    if (isOutboundRefused(error)) throw invalidParam('url', `The image URL cannot be used: ${error.message}`);
    // The name does not resolve (ENOTFOUND and friends): nothing could fetch it.
    throw invalidParam('url', `The image URL's host could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'}).`);
  }
}

async function send(target: URL, upstreamRequest: UpstreamRequest, timeoutMs: number): Promise<UpstreamResponse> {
  const deadline = startDeadline(timeoutMs, upstreamRequest.signal);
  const details = { provider: target.host };
  let status: number;
  let headers: Record<string, string>;
  let text: string;
  try {
    const response = await request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...upstreamRequest.headers },
      body: upstreamRequest.body,
      // undici 7 follows no redirect unless told to: a 3xx is reported, never followed (providerFailure).
      signal: deadline.signal,
    });
    status = response.statusCode;
    headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : String(value ?? ''),
      ]),
    );
    text = await readBounded(response.body, MAX_ANSWER_BYTES, "The inference provider's");
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    if (deadline.expired || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
      throw new GatewayError('upstream_timeout', `The inference provider did not answer within ${timeoutMs} ms.`, {
        details,
        cause: error,
      });
    }
    throw new GatewayError('upstream_blocked', 'The inference provider could not be reached.', { details, cause: error });
  }
  const failure = providerFailure(status, headers, details);
  if (failure) throw failure;
  return { status, headers, body: text, url: target.href };
}

/**
 * What a provider answer other than the contract's 200 and 422 means. The same reading as the
 * platforms' (src/upstream/classify.ts), because the caller's question is the same: is it
 * worth retrying? A provider that refuses the gateway (401, 403), redirects it elsewhere (a
 * sign-in page, another host: never followed) or puts a bot challenge in front of it is
 * blocking it, and a rate limit without Retry-After gets the gateway's one default. Only an
 * answer that says the contract itself no longer holds (another 2xx, 400, 404, ...) is drift.
 */
function providerFailure(status: number, headers: Record<string, string>, details: { provider: string }): GatewayError | null {
  const withStatus = { ...details, status };
  if (status === 429) {
    return new GatewayError('upstream_rate_limited', 'The inference provider is rate limiting the gateway.', {
      details: withStatus,
      retryAfter: retryAfterSeconds(headers) ?? DEFAULT_RETRY_AFTER_SECONDS,
    });
  }
  if (isBotChallenge(headers))
    return new GatewayError('upstream_blocked', `The inference provider answered with a bot challenge (HTTP ${status}).`, {
      details: withStatus,
    });
  if (status === 401 || status === 403)
    return new GatewayError('upstream_blocked', `The inference provider refused the gateway (HTTP ${status}).`, { details: withStatus });
  if (status >= 300 && status < 400)
    return new GatewayError(
      'upstream_blocked',
      `The inference provider redirected the gateway (HTTP ${status}); redirects are not followed.`,
      { details: withStatus },
    );
  if (status >= 500)
    return new GatewayError('upstream_blocked', `The inference provider failed (HTTP ${status}).`, { details: withStatus });
  if (status !== 200 && status !== 422)
    return new GatewayError('upstream_schema_drift', `The inference provider answered HTTP ${status}, outside its contract.`, {
      details: withStatus,
    });
  return null;
}
