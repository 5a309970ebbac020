import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError } from '../../../errors.js';
import type { Target } from './api.js';

/**
 * Telling a host that is not a Mastodon API apart from an instance that failed: after a non-JSON
 * answer, the instance document is read (`/api/v2/instance`, `/api/v1/instance` on 404 or 410);
 * a host with neither is refused as not Mastodon. The verdict is not remembered: an instance
 * whose every answer is briefly a maintenance page would otherwise stay refused after it is back.
 */

const refusal = (target: Target) =>
  new GatewayError('invalid_request', `${target.param}: the host does not serve a Mastodon-compatible API.`, {
    details: { param: target.param, reason: 'not_mastodon' },
  });

/** True for an instance document of either version: a `version`, `domain` or `uri` string. */
export function isInstanceDocument(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { version, domain, uri } = body as Record<string, unknown>;
  return [version, domain, uri].some((value) => typeof value === 'string' && value !== '');
}

async function readsInstance(ctx: FetchContext, target: Target, path: string): Promise<'yes' | 'no' | 'gone'> {
  const response = await ctx.upstream.fetch({
    url: `https://${target.host}${path}`,
    headers: { accept: 'application/json' },
    passStatuses: [401, 403, 404, 410, 422, 429],
    hostParam: target.param,
  });
  if (response.status === 404 || response.status === 410) return 'gone';
  if (response.status !== 200) return 'no';
  try {
    return isInstanceDocument(JSON.parse(response.body)) ? 'yes' : 'no';
  } catch {
    return 'no';
  }
}

/** After a non-JSON answer: throws 400 not_mastodon when the host has no instance document; returns when it has one. */
export async function refuseIfNotMastodon(ctx: FetchContext, target: Target): Promise<void> {
  const v2 = await readsInstance(ctx, target, '/api/v2/instance');
  if (v2 === 'yes') return;
  if (v2 === 'gone' && (await readsInstance(ctx, target, '/api/v1/instance')) === 'yes') return;
  throw refusal(target);
}
