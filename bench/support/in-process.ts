import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import type { FakeUpstream } from '../../test/support/fake-upstream-server.js';
import { BENCH_KEY, startForumUpstream } from './forum-upstream.js';
import { catalogue } from '../../test/support/registered-catalogue.js';

/** A gateway in the benchmark's own process, for scenarios that measure counts and latency, not throughput. */
export interface InProcessGateway {
  gateway: Gateway;
  upstream: FakeUpstream;
  url: string;
  key: string;
  close(): Promise<void>;
}

export async function startInProcess(upstreamDelayMs: number): Promise<InProcessGateway> {
  const { upstream, origin } = await startForumUpstream(upstreamDelayMs);
  const config = loadConfig(
    { API_KEYS: `${BENCH_KEY}=1000000000`, UPSTREAM_ORIGINS: `www.reddit.com=${origin}`, LOG_LEVEL: 'silent' },
    catalogue.families,
  );
  const gateway = await createGateway(config, { catalogue });
  await gateway.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    gateway,
    upstream,
    url: `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`,
    key: BENCH_KEY,
    async close() {
      await gateway.close();
      await upstream.stop();
    },
  };
}
