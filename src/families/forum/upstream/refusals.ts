import { z } from 'zod';
import { GatewayError, schemaDrift } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { tryParseJson } from '../../../upstream/json-body.js';

/**
 * Reddit answers content it will not show logged-out with small JSON error bodies:
 *   403 {"reason":"private"|"quarantined"|"gold_only", "message":"Forbidden","error":403}
 *   404 {"reason":"banned", ...} and 404 {"message":"Not Found","error":404}
 *   400 {"reason":"USER_DOESNT_EXIST", ...}
 * Those are empty results, never upstream_blocked. Anything else keeps the meaning the
 * upstream layer would have given it.
 */

/** Statuses forum fetches interpret themselves (everything else the upstream layer classifies). */
export const REFUSAL_STATUSES: readonly number[] = [400, 403, 404];

const errorBodySchema = z.object({
  reason: z.string().optional(),
  message: z.string().optional(),
  error: z.number().optional(),
  explanation: z.string().optional(),
});

/** Reddit reason codes and the emptyReason each one becomes. */
const REASON_TO_EMPTY: Readonly<Record<string, string>> = {
  private: 'private',
  gold_only: 'private',
  quarantined: 'quarantined',
  banned: 'banned',
  suspended: 'suspended',
  deleted: 'deleted',
  user_doesnt_exist: 'not_found',
};

const STATED_REASON = /^[a-z_]{1,40}$/;

/** True for a status the caller asked to interpret (i.e. not a success). */
export function isRefusal(response: UpstreamResponse): boolean {
  return response.status >= 400;
}

/**
 * The emptyReason a refusal body states. Throws upstream_blocked for a 403 that gives no
 * reason (how Reddit refuses a blocked client) and upstream_schema_drift for other bodies.
 */
export function emptyReasonOfRefusal(response: UpstreamResponse): string {
  const parsed = errorBodySchema.safeParse(tryParseJson(response.body));
  const body = parsed.success ? parsed.data : null;
  const reason = body?.reason?.toLowerCase();
  if (reason !== undefined && REASON_TO_EMPTY[reason] !== undefined) return REASON_TO_EMPTY[reason];
  // A reason code we have not met is still the platform's own statement, not a block.
  if (reason !== undefined && STATED_REASON.test(reason)) return reason;
  if (response.status === 404 && body !== null && (body.error === 404 || body.message === 'Not Found')) return 'not_found';
  const details = { upstreamStatus: response.status, url: response.url, reason: body?.reason ?? null };
  if (response.status === 403) {
    throw new GatewayError('upstream_blocked', 'The platform refused the request (HTTP 403) without naming a reason.', { details });
  }
  throw schemaDrift(`The platform answered HTTP ${response.status} with a body the gateway cannot read.`, details);
}

/** A refusal read as an empty result: its reason and the body as the upstream sent it. */
export function readRefusal(response: UpstreamResponse): { reason: string; payload: unknown } {
  const reason = emptyReasonOfRefusal(response);
  return { reason, payload: tryParseJson(response.body) ?? response.body };
}

/**
 * Reddit redirects listings and about pages of communities that do not exist to its
 * community search; the final URL says so.
 */
export function isRedirectToCommunitySearch(response: UpstreamResponse): boolean {
  try {
    return new URL(response.url).pathname.startsWith('/subreddits/search');
  } catch {
    return false;
  }
}
