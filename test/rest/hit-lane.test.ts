import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { CAPPED_KEY, RICH_KEY, type Harness } from '../support/gateway.js';

/**
 * Cache hits of a data route are answered by a lane in front of the framework (src/rest/hit-lane.ts)
 * once the route has validated their query string. Requests over a socket reach the lane;
 * `inject` calls the framework's handler directly, so the two answers of one request can be put
 * side by side.
 */

const RATE_LIMIT = 50;
/** Per connection or per moment, not per answer. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, any>;
}

describe('REST hit lane', () => {
  let harness: Harness;
  const logLines: Record<string, any>[] = [];

  beforeAll(async () => {
    harness = await startBookshelfHarness(
      { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
      { logDestination: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, any>) } },
    );
  });
  afterAll(() => harness?.close());

  const served = () => harness.gateway.restHitLane.served;

  async function overSocket(path: string, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(harness.baseUrl + path, { headers });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => (answerHeaders[name] = value));
    return { status: response.status, headers: answerHeaders, body: (await response.json()) as Record<string, any> };
  }

  async function throughFramework(path: string, headers: Record<string, string>): Promise<Answer> {
    const response = await harness.gateway.server.inject({ method: 'GET', url: path, headers });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) answerHeaders[name] = String(value);
    return { status: response.statusCode, headers: answerHeaders, body: response.json() };
  }

  /** What a burst RateLimit field has left, e.g. 47 of `"burst";r=47;t=60`. */
  const remaining = (answer: Answer) => Number(/"burst";r=(\d+)/.exec(answer.headers.ratelimit ?? '')?.[1]);

  /** An answer without what differs between two answers to the same request: transport headers, the counts left, the age. */
  function comparable(answer: Answer) {
    const headers = Object.fromEntries(
      Object.entries(answer.headers)
        .filter(([name]) => !TRANSPORT_HEADERS.has(name))
        .map(([name, value]) => [name, name === 'ratelimit' ? value.replace(/"burst";r=\d+;t=\d+/, '"burst";r=_;t=_') : value]),
    );
    // Two hits a second apart differ in their age.
    const { ageSeconds: _age, ...meta } = answer.body.meta as Record<string, unknown>;
    return { status: answer.status, headers, body: { ...answer.body, meta } };
  }

  it.each([
    ['an uncapped key', RICH_KEY, '/v1/bookshelf/shelf?shelf=poetry&cache_max_age=1h'],
    // Its RateLimit field states the daily cap, which binds before the burst window.
    ['a key with a daily cap', CAPPED_KEY, '/v1/bookshelf/book?id=201&cache_max_age=1d'],
  ])('answers a repeated hit for %s with the route’s bytes and headers', async (_name, key, path) => {
    const first = await overSocket(path, { 'x-api-key': key });
    expect(first.status).toBe(200);
    expect(first.body.meta.cached).toBe(false);
    const before = served();

    const fromLane = await overSocket(path, { 'x-api-key': key, 'x-request-id': 'same-request-1' });
    expect(served()).toBe(before + 1);
    const fromRoute = await throughFramework(path, { 'x-api-key': key, 'x-request-id': 'same-request-1' });
    expect(served()).toBe(before + 1);

    expect(fromLane.body.meta.cached).toBe(true);
    expect(typeof fromLane.body.meta.ageSeconds).toBe('number');
    expect(fromLane.headers['x-credits-charged']).toBe('0');
    expect(fromLane.headers['x-request-id']).toBe('same-request-1');
    expect(comparable(fromLane)).toEqual(comparable(fromRoute));
    expect(fromLane.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(fromLane.body))));
    if (key === CAPPED_KEY) {
      expect(fromLane.headers.ratelimit).toMatch(/^"daily";r=\d+;t=\d+$/);
      return;
    }
    // Each request took one place in the key's window, the lane's as much as the route's.
    expect(remaining(first) - remaining(fromLane)).toBe(1);
    expect(remaining(fromLane) - remaining(fromRoute)).toBe(1);
  });

  it('hands a query string it has not seen validated to the route', async () => {
    const path = '/v1/bookshelf/shelf?shelf=poetry&limit=3&cache_max_age=1h';
    const before = served();
    const first = await overSocket(path, { 'x-api-key': RICH_KEY });
    const spelledOtherwise = await overSocket(`${path}&sort=catalogue`, { 'x-api-key': RICH_KEY });
    expect(served()).toBe(before);
    expect(spelledOtherwise.body.meta.cached).toBe(true);
    expect(spelledOtherwise.body.data).toEqual(first.body.data);
    await overSocket(path, { 'x-api-key': RICH_KEY });
    expect(served()).toBe(before + 1);
  });

  it('hands a refused key to the route, which renders the refusal', async () => {
    const path = '/v1/bookshelf/shelf?shelf=poetry&cache_max_age=1h';
    await overSocket(path, { 'x-api-key': RICH_KEY });
    const before = served();
    const unknownKey = { 'x-api-key': 'sk_test_not_a_key', 'x-request-id': 'refused-1' };
    const unknown = await overSocket(path, unknownKey);
    const missing = await overSocket(path, {});
    expect(served()).toBe(before);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('invalid_api_key');
    expect(comparable(unknown)).toEqual(comparable(await throughFramework(path, unknownKey)));
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('missing_api_key');
  });

  it('hands a request whose entry is older than its cache_max_age to the route, which fetches and charges it once', async () => {
    const path = '/v1/bookshelf/shelf?shelf=nature&cache_max_age=1';
    const first = await overSocket(path, { 'x-api-key': RICH_KEY });
    expect(first.headers['x-credits-charged']).toBe('1');
    const fetches = harness.upstream.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const before = served();
    const again = await overSocket(path, { 'x-api-key': RICH_KEY });
    expect(served()).toBe(before);
    expect(again.body.meta.cached).toBe(false);
    expect(again.headers['x-credits-charged']).toBe('1');
    expect(Number(again.headers['x-credits-remaining'])).toBe(Number(first.headers['x-credits-remaining']) - 1);
    expect(harness.upstream.requests.length).toBe(fetches + 1);
    expect(remaining(first) - remaining(again)).toBe(1);
  });

  it('writes the request log lines the framework writes, and counts the hit under its route', async () => {
    const path = '/v1/bookshelf/book?id=102&cache_max_age=1h';
    await overSocket(path, { 'x-api-key': RICH_KEY, 'x-request-id': 'log-route-1' });
    const metric = 'gateway_http_requests_total{route="/v1/bookshelf/book",status="200"}';
    const counted = async () => sampleOf(await (await fetch(`${harness.baseUrl}/metrics`)).text(), metric);
    const countedBefore = await counted();
    const before = served();
    await overSocket(path, { 'x-api-key': RICH_KEY, 'x-request-id': 'log-lane-1' });
    expect(served()).toBe(before + 1);
    expect(await counted()).toBe(countedBefore + 1);

    const linesOf = (reqId: string) => logLines.filter((line) => line.reqId === reqId);
    const shape = (line: Record<string, any>) => ({
      level: line.level,
      msg: line.msg,
      keys: Object.keys(line).sort(),
      req: line.req && { ...line.req, remotePort: typeof line.req.remotePort },
      res: line.res,
      responseTime: typeof line.responseTime,
    });
    const routeLines = linesOf('log-route-1').filter((line) => ['incoming request', 'request completed'].includes(line.msg));
    expect(routeLines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(linesOf('log-lane-1').map(shape)).toEqual(routeLines.map(shape));
  });

  it('refuses past the rate limit through the route, with Retry-After', async () => {
    const path = '/v1/bookshelf/shelf?shelf=poetry&cache_max_age=1h';
    let last: Answer | null = null;
    for (let count = 0; count < RATE_LIMIT + 1 && last?.status !== 429; count++) last = await overSocket(path, { 'x-api-key': CAPPED_KEY });
    expect(last?.status).toBe(429);
    expect(last?.body.error.code).toBe('rate_limited');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

function sampleOf(text: string, prefix: string): number {
  return Number(
    text
      .split('\n')
      .find((line) => line.startsWith(prefix))
      ?.split(' ')
      .pop() ?? 0,
  );
}
