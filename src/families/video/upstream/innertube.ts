import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError, schemaDrift } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { VIDEO_ORIGIN, WEB_CLIENT, type InnertubeClient } from '../constants.js';
import { isObject, type Json } from '../normalise/values.js';
import { tryParseJson } from '../../../upstream/json-body.js';

/**
 * The family's door to InnerTube, the JSON API the web and mobile apps call: logged-out POSTs
 * without cookie, key or account. A question is its body, so the body is built the same way for
 * the same question (fixed key order, no nonce, time or visitor data): identical calls in flight
 * share one request through the upstream layer's coalescing.
 */

export type InnertubeMethod = 'player' | 'next' | 'browse' | 'search' | 'navigation/resolve_url';

/** What a question may hold besides the client, in the order the body always lists them. */
export interface InnertubeQuestion {
  videoId?: string;
  browseId?: string;
  params?: string;
  continuation?: string;
  query?: string;
  url?: string;
}
const QUESTION_KEYS = ['videoId', 'browseId', 'params', 'continuation', 'query', 'url'] as const;

/** Statuses read here: Google's error object says what was not found or could not be read. */
const INTERPRETED_STATUSES: readonly number[] = [400, 404];

/** A usable answer, or the platform's refusal of the question itself (HTTP 400 or 404). */
export type InnertubeAnswer = { url: string; body: string } & ({ kind: 'ok'; json: Json } | { kind: 'refused'; status: 400 | 404 });

export const innertubeUrl = (method: InnertubeMethod): string => `${VIDEO_ORIGIN}/youtubei/v1/${method}?prettyPrint=false`;

/** The request body of a question: the same bytes for the same question. */
export function innertubeBody(question: InnertubeQuestion, client: InnertubeClient = WEB_CLIENT): string {
  const body: Record<string, unknown> = {
    context: { client: { clientName: client.clientName, clientVersion: client.clientVersion, hl: client.hl, gl: client.gl } },
  };
  for (const key of QUESTION_KEYS) if (question[key] !== undefined) body[key] = question[key];
  return JSON.stringify(body);
}

export async function postInnertube(
  ctx: FetchContext,
  method: InnertubeMethod,
  question: InnertubeQuestion,
  client: InnertubeClient = WEB_CLIENT,
): Promise<InnertubeAnswer> {
  const url = innertubeUrl(method);
  const response = await ctx.upstream.fetch({
    url,
    method: 'POST',
    body: innertubeBody(question, client),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    passStatuses: INTERPRETED_STATUSES,
  });
  return { url, body: response.body, ...readInnertube(response, method) };
}

/** Sorts an answer into usable JSON, a refusal of the question, or a thrown failure. */
export function readInnertube(
  response: UpstreamResponse,
  method: string,
): { kind: 'ok'; json: Json } | { kind: 'refused'; status: 400 | 404 } {
  refuseInterstitials(response);
  const json = jsonOf(response.body);
  if (response.status === 400 || response.status === 404) {
    if (!isObject(json) || !isObject(json.error)) {
      throw schemaDrift(`InnerTube ${method} answered HTTP ${response.status} without its error object.`, {
        upstreamStatus: response.status,
      });
    }
    return { kind: 'refused', status: response.status };
  }
  if (!isObject(json)) throw schemaDrift(`InnerTube ${method} answered with a body that is not a JSON object.`, { url: response.url });
  return { kind: 'ok', json };
}

/**
 * The consent interstitial (an EU address's answer instead of the page) is a refusal of the
 * logged-out request: it is never followed, and no consent cookie is ever set.
 */
export function refuseInterstitials(response: UpstreamResponse): void {
  const head = response.body.slice(0, 256 * 1024);
  if (/action="https:\/\/consent\.youtube\.com\/s"/.test(head)) {
    throw new GatewayError('upstream_blocked', 'YouTube answered with its consent page instead of the data.', {
      details: { upstreamStatus: response.status, host: URL.parse(response.url)?.host ?? null },
    });
  }
}

/** An object's JSON, or undefined: the platform's other answers (its HTML pages) are never parsed. */
const jsonOf = (body: string): unknown => (/^\s*\{/.test(body) ? tryParseJson(body) : undefined);

/** A plain GET on the platform's host (a caption file, the channel feed), refused interstitials thrown. */
export async function getText(ctx: FetchContext, url: string, accept: string): Promise<UpstreamResponse> {
  const response = await ctx.upstream.fetch({ url, headers: { accept } });
  refuseInterstitials(response);
  return response;
}

/** The error a drifted answer stands for, naming the root it lacked. */
export const missingRoot = (method: string, root: string): GatewayError =>
  schemaDrift(`InnerTube ${method} answered without ${root}.`, { missing: root });
