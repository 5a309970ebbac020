/**
 * The process under load for the SSE scenario (bench/scenarios/sse.ts): `gateway` serves
 * subscriptionEvents(id) for one change subscription on the door named by the second
 * argument (/graphql or /graphql/stream), `bare` is a node:http server that keeps
 * SSE responses open and writes the same event bytes to each. Run with --expose-gc so memory
 * readings follow a collection. Answers IPC: stats, listeners, publish, stop.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { subscriptionEventsTopic } from '../src/subscriptions/events.js';
import { BENCH_KEY, startForumUpstream } from './support/forum-upstream.js';
import type { SseTargetReply, SseTargetRequest } from './support/sse-target-process.js';
import { catalogue } from '../test/support/registered-catalogue.js';

const wallClockMs = () => performance.timeOrigin + performance.now();
const send = (reply: SseTargetReply) => process.send?.(reply);
const PING_MS = 12_000;

/** A content.changed body like the subscription service publishes, stamped with when it was sent. */
function eventBody(subscriptionId: string, sentAt: number) {
  return {
    type: 'content.changed',
    subscriptionId,
    endpoint: '/v1/forum/subreddit',
    params: { subreddit: 'bench', limit: 5 },
    changedAt: new Date().toISOString(),
    previousHash: 'a'.repeat(64),
    hash: 'b'.repeat(64),
    data: { sentAt },
  };
}

/** The GraphQL door a gateway target serves its subscribers on: Yoga (/graphql) or graphql-sse (/graphql/stream). */
export type SseDoor = '/graphql' | '/graphql/stream';

async function gatewayTarget(door: SseDoor): Promise<{
  url: string;
  body: string;
  listeners: () => number;
  publish: (sentAt: number) => Promise<void>;
  stop: () => Promise<void>;
}> {
  const { upstream, origin } = await startForumUpstream();
  const config = loadConfig(
    {
      API_KEYS: `${BENCH_KEY}=1000000000`,
      UPSTREAM_ORIGINS: `www.reddit.com=${origin}`,
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Ten thousand subscribers open their streams with one key within seconds: a budget they never reach.
      RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    catalogue.families,
  );
  const gateway = await createGateway(config, { catalogue });
  await gateway.server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`;
  const created = await fetch(`${url}/v1/subscriptions`, {
    method: 'POST',
    headers: { 'x-api-key': BENCH_KEY, 'content-type': 'application/json' },
    // The webhook is never called: the benchmark publishes events itself and the content never changes.
    body: JSON.stringify({
      endpoint: '/v1/forum/subreddit',
      params: { subreddit: 'bench', limit: 5 },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 3600,
    }),
  });
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const topic = subscriptionEventsTopic(id);
  return {
    // Both doors in distinct-connections mode: one POST with Accept: text/event-stream per subscriber.
    url: `${url}${door}`,
    body: JSON.stringify({
      query: 'subscription ($id: ID!) { subscriptionEvents(id: $id) { type subscriptionId changedAt hash data } }',
      variables: { id },
    }),
    listeners: () => gateway.graphqlEvents.listenerCount(topic),
    publish: (sentAt) => gateway.state.pubsub.publish(topic, JSON.stringify(eventBody(id, sentAt))),
    stop: async () => {
      await gateway.close();
      await upstream.stop();
    },
  };
}

async function bareTarget(): Promise<{
  url: string;
  body: string;
  listeners: () => number;
  publish: (sentAt: number) => Promise<void>;
  stop: () => Promise<void>;
}> {
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.write(':\n\n');
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  const ping = setInterval(() => open.forEach((response) => response.write(':\n\n')), PING_MS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    body: '',
    listeners: () => open.size,
    async publish(sentAt) {
      // What a GraphQL event carries, serialised once and written to every response.
      const chunk = `event: next\ndata: ${JSON.stringify({ data: { subscriptionEvents: eventBody('bare', sentAt) }, extensions: { billing: { creditsCharged: 0, liveFetches: 0, cacheHits: 0 } } })}\n\n`;
      for (const response of open) response.write(chunk);
    },
    async stop() {
      clearInterval(ping);
      server.closeAllConnections();
      server.close();
    },
  };
}

async function main(): Promise<void> {
  const target = process.argv[2] === 'gateway' ? await gatewayTarget((process.argv[3] ?? '/graphql') as SseDoor) : await bareTarget();
  process.on('message', (message: SseTargetRequest) => {
    void (async () => {
      if (message.type === 'stats') {
        globalThis.gc?.();
        const memory = process.memoryUsage();
        send({ type: 'stats', rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external });
      } else if (message.type === 'listeners') {
        send({ type: 'listeners', count: target.listeners() });
      } else if (message.type === 'publish') {
        const sentAt = wallClockMs();
        await target.publish(sentAt);
        send({ type: 'published', sentAt });
      } else if (message.type === 'stop') {
        await target.stop();
        process.exit(0);
      }
    })();
  });
  send({ type: 'ready', url: target.url, body: target.body, key: BENCH_KEY });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
