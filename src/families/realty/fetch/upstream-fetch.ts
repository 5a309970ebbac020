import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError } from '../../../errors.js';
import type { UpstreamResponse } from '../../../upstream/types.js';
import { contentOf, parseStingrayText } from '../parse/stingray-body.js';

/** Fetches a Redfin HTML page. A 404 is passed back (the caller answers not_found). */
export async function fetchPage(ctx: FetchContext, url: string): Promise<UpstreamResponse> {
  const response = await ctx.upstream.fetch({ url, headers: { accept: 'text/html,application/xhtml+xml' }, passStatuses: [404] });
  refuseLoginRedirect(response);
  return response;
}

/**
 * Fetches a stingray JSON endpoint and returns its usable content (envelope payload or bare
 * body), or null when the endpoint has nothing for this request (404 or an error envelope).
 */
export async function fetchStingray(ctx: FetchContext, url: string, where: string): Promise<unknown> {
  const response = await ctx.upstream.fetch({ url, headers: { accept: 'application/json' }, passStatuses: [404] });
  refuseLoginRedirect(response);
  if (response.status === 404) return null;
  return contentOf(parseStingrayText(response.body, where)) ?? null;
}

/**
 * Redfin sends logged-out clients it distrusts to its sign-in page. That page loads fine,
 * but it is a refusal, never data.
 */
function refuseLoginRedirect(response: UpstreamResponse): void {
  let path = '';
  try {
    path = new URL(response.url).pathname;
  } catch {
    return;
  }
  if (path.startsWith('/login')) {
    throw new GatewayError('upstream_blocked', 'Redfin redirected the request to its sign-in page (/login).', {
      details: { upstreamStatus: response.status, finalPath: path },
    });
  }
}
