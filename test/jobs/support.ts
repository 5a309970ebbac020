import { BOOKS_HOST } from '../families/bookshelf/family.js';
import type { FakeUpstream } from '../support/fake-upstream-server.js';
import { RICH_KEY } from '../support/gateway.js';

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, any>;
}

/** A JSON request to the gateway with a key (default: the rich test key). */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { 'x-api-key': options.key ?? RICH_KEY, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

/** Polls GET /v1/jobs/{id} until `done(job)` or the deadline. */
export async function pollJob(
  baseUrl: string,
  jobId: string,
  done: (job: Record<string, any>) => boolean,
  options: { key?: string; timeoutMs?: number; query?: string } = {},
): Promise<Record<string, any>> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const answer = await send(baseUrl, 'GET', `/v1/jobs/${jobId}${options.query ?? ''}`, { key: options.key });
    if (answer.status === 200 && done(answer.body.data)) return answer.body.data;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not get there in time: ${JSON.stringify(answer.body).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const finished = (job: Record<string, any>): boolean => ['succeeded', 'failed', 'canceled'].includes(job.status);

/**
 * Serves every shelf of the test family's catalogue (test/families/bookshelf) with 3 books, after `delay`
 * ms (a function: read as each request arrives), except shelves named "empty…" (no books) and "broken…" (HTTP 500).
 */
export function serveShelves(upstream: FakeUpstream, delay: number | (() => number) = 0): void {
  upstream.on((_request, url) => {
    const shelf = url.hostname === BOOKS_HOST ? /^\/shelves\/([a-z0-9-]+)\.json$/.exec(url.pathname)?.[1] : undefined;
    if (shelf === undefined) return undefined;
    const delayMs = typeof delay === 'number' ? delay : delay();
    if (shelf.startsWith('broken')) return { status: 500, body: 'oops', delayMs };
    const count = shelf.startsWith('empty') ? 0 : 3;
    const books = Array.from({ length: count }, (_unused, index) => ({
      id: `${shelf}-${index + 1}`,
      title: `Book ${index + 1} of ${shelf}`,
      shelf,
      pages: null,
    }));
    return { body: { books }, delayMs };
  });
}

/** Batch targets for the test family's shelves s0…s{n-1}. */
export const shelfTargets = (count: number, prefix = 's'): { shelf: string }[] =>
  Array.from({ length: count }, (_unused, index) => ({ shelf: `${prefix}${index}` }));
