import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { deletePrefix, REDIS_CLUSTER_NODES, REDIS_URL, STATE_REDIS, testPrefix } from '../state/redis-support.js';
import { GATEWAY_START_ALLOWANCE_MS, kill, spawnGateway, type ChildGateway } from './processes.js';

const KEY = 'sk_test_fleet_flight';

/**
 * One fetch per fleet: identical cold calls spread over two gateway processes on one Redis make
 * one upstream request, whichever door they come through. The fake platform holds its answers
 * until both processes report (in /metrics) that every other caller is waiting on the first
 * one's fetch, so nothing depends on timing. Runs on REDIS_CLUSTER_NODES when set (the flight's
 * keys and channel on the cache key's slot), else on REDIS_URL.
 */
describe.skipIf(!STATE_REDIS)('single flight across gateway processes', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  /** Held answers by shelf: each is sent when the test releases its shelf. */
  const held = new Map<string, ServerResponse[]>();
  let gateways: ChildGateway[] = [];

  const shelfRequests = (shelf: string) => upstream.requests.filter((request) => request.url.startsWith(`/shelves/${shelf}.json`));
  const release = (shelf: string, status = 200) => {
    const books = [{ id: `${shelf}-1`, title: `The one book of ${shelf}`, shelf, pages: null }];
    for (const response of held.get(shelf)?.splice(0) ?? []) {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? JSON.stringify({ books }) : JSON.stringify({ message: 'broken' }));
    }
  };
  const metric = async (gateway: ChildGateway, line: string): Promise<number> => {
    const text = await (await fetch(`${gateway.url}/metrics`)).text();
    const found = text.split('\n').find((each) => each.startsWith(line));
    return found ? Number(found.split(' ').pop()) : 0;
  };
  const total = async (line: string, among = gateways) =>
    (await Promise.all(among.map((gateway) => metric(gateway, line)))).reduce((a, b) => a + b, 0);
  const joins = (among?: ChildGateway[]) => total('gateway_upstream_coalesced_joins_total{family="bookshelf"}', among);
  const until = async (probe: () => Promise<boolean> | boolean, what: string) => {
    for (let attempt = 0; !(await probe()); attempt += 1) {
      if (attempt > 1200) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const rest = async (gateway: ChildGateway, shelf: string) => {
    const response = await fetch(`${gateway.url}/v1/bookshelf/shelf?shelf=${shelf}&limit=3`, { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { data?: { items: { title: string }[] }; error?: { code: string } };
    return {
      status: response.status,
      charged: Number(response.headers.get('x-credits-charged')),
      titles: body.data?.items.map((item) => item.title),
      code: body.error?.code,
    };
  };
  const graphql = async (gateway: ChildGateway, shelf: string) => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ query: `{ bookshelfShelf(shelf: "${shelf}", limit: 3) { items { title } } }` }),
    });
    const body = (await response.json()) as {
      data?: { bookshelfShelf: { items: { title: string }[] } | null };
      errors?: { extensions: { code: string } }[];
      extensions: { billing: { creditsCharged: number } };
    };
    return {
      status: response.status,
      charged: body.extensions.billing.creditsCharged,
      titles: body.data?.bookshelfShelf?.items.map((item) => item.title),
      code: body.errors?.[0]?.extensions.code,
    };
  };

  beforeAll(async () => {
    upstream.on((_request, url) => {
      const shelf = /^\/shelves\/((?:fleet|failing|orphan)-[a-z0-9-]+)\.json$/.exec(url.pathname)?.[1];
      if (shelf === undefined) return undefined;
      return { respond: (response) => void held.set(shelf, [...(held.get(shelf) ?? []), response]) };
    });
    const origin = await upstream.start();
    const env = {
      // On the local cluster when one is given, as the state suites do.
      ...(REDIS_CLUSTER_NODES ? { REDIS_CLUSTER_NODES } : { REDIS_URL: REDIS_URL! }),
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=100000`,
      UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`,
      UPSTREAM_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    gateways = await Promise.all([spawnGateway('test/redis/gateway-process.ts', env), spawnGateway('test/redis/gateway-process.ts', env)]);
  }, GATEWAY_START_ALLOWANCE_MS + 30_000);

  afterAll(async () => {
    for (const shelf of held.keys()) release(shelf);
    // The holder killed on purpose is gone already.
    await Promise.all(gateways.filter((gateway) => gateway.child.signalCode === null).map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it('answers 100 identical cold calls over two processes, by REST and GraphQL, from one upstream request, each billed as live', async () => {
    const shelf = 'fleet-hundred';
    const before = await joins();
    const calls = Array.from({ length: 100 }, (_unused, index) => (index % 4 < 2 ? rest : graphql)(gateways[index % 2]!, shelf));
    await until(async () => (await joins()) >= before + 99, 'ninety-nine callers waiting on one fetch');
    expect(shelfRequests(shelf)).toHaveLength(1);
    release(shelf);
    const answers = await Promise.all(calls);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.titles)))).toEqual(
      new Set([JSON.stringify([`The one book of ${shelf}`])]),
    );
    expect(answers.map((answer) => answer.charged)).toEqual(Array.from({ length: 100 }, () => 1));
    expect(shelfRequests(shelf)).toHaveLength(1);
    expect(await total('gateway_single_flight_total{role="holder"}')).toBeGreaterThanOrEqual(1);
    expect(await total('gateway_single_flight_total{role="waiter"}')).toBeGreaterThanOrEqual(99);
  });

  it('answers a failure to every caller sharing it, free, without each repeating the fetch', async () => {
    const shelf = 'failing-twenty';
    const before = await joins();
    const calls = Array.from({ length: 20 }, (_unused, index) => rest(gateways[index % 2]!, shelf));
    await until(async () => (await joins()) >= before + 19, 'nineteen callers waiting on one failing fetch');
    release(shelf, 500);
    const answers = await Promise.all(calls);
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.code} ${answer.charged}`)).size).toBe(1);
    expect(answers[0]!.status).toBeGreaterThanOrEqual(500);
    expect(answers[0]!.charged).toBe(0);
    expect(shelfRequests(shelf)).toHaveLength(1);
  });

  it('strands no one when the holder dies mid-fetch: a waiter in the other process takes over', async () => {
    const shelf = 'orphan-holder';
    const [doomed, survivor] = gateways as [ChildGateway, ChildGateway];
    void rest(doomed, shelf).catch(() => undefined);
    await until(() => shelfRequests(shelf).length === 1, 'the holder to fetch');
    const before = await joins([survivor]);
    const calls = Array.from({ length: 10 }, () => rest(survivor, shelf));
    await until(async () => (await joins([survivor])) >= before + 10, 'the other process waiting on the holder');
    await kill(doomed.child, 'SIGKILL');
    await until(() => shelfRequests(shelf).length === 2, 'a waiter to take over the fetch');
    release(shelf);
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await metric(survivor, 'gateway_single_flight_total{role="takeover"}')).toBe(1);
  });
});
