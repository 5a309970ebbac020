import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError, isGatewayError } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
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

/** Every client and server error status except 429: a rate limit speaks for the whole site, not one section. */
const SECTION_FAILURE_STATUSES: readonly number[] = Array.from({ length: 200 }, (_, index) => 400 + index).filter(
  (status) => status !== 429,
);

/** A section that may be missing: its content, or why it could not be read. */
export type SectionAnswer = { content: unknown } | { missing: string };

/**
 * Fetches a stingray or rentals endpoint whose failure only loses one section of a result:
 * an error status, an error envelope or an unreadable body is reported as missing instead of
 * failing the request. Rate limits, bot challenges, a sign-in redirect, timeouts and
 * connection failures still throw, because they say the site is refusing us, not that one
 * answer is absent.
 */
export async function fetchSection(ctx: FetchContext, url: string, where: string): Promise<SectionAnswer> {
  const response = await ctx.upstream.fetch({ url, headers: { accept: 'application/json' }, passStatuses: SECTION_FAILURE_STATUSES });
  refuseLoginRedirect(response);
  if (response.status >= 400) return { missing: `HTTP ${response.status}` };
  try {
    const content = contentOf(parseStingrayText(response.body, where));
    return content === null || content === undefined ? { missing: 'an error answer' } : { content };
  } catch (error) {
    if (isGatewayError(error) && error.code === 'upstream_schema_drift') return { missing: 'an unreadable answer' };
    throw error;
  }
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
