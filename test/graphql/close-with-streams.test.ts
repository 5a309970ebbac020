import { expect, it } from 'vitest';
import { connectClient } from '../mcp/support.js';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { RICH_KEY } from '../support/gateway.js';
import { follow, sseClient } from './sse-client.js';

const WATCH = 'subscription { watchBookshelfShelf(shelf: "poetry", limit: 3, intervalSeconds: 60) { fetchedAt } }';

it('closes with subscribers still connected on both stream doors, ending their streams', async () => {
  const harness = await startBookshelfHarness({ SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
  const mcp = await connectClient(harness.baseUrl);
  const streams = await Promise.all(
    (['single', 'distinct'] as const).map(async (mode) => {
      const stream = follow(sseClient(harness.baseUrl, RICH_KEY, mode), WATCH);
      expect((await stream.take(1))[0]!.data!.watchBookshelfShelf.fetchedAt).toEqual(expect.any(String));
      return stream;
    }),
  );
  // Without the streams ended, the server would wait for them and this would never resolve.
  await harness.close();
  for (const stream of streams) {
    // The client sees its stream end (as a completed or a dropped stream), never a silent hang.
    const ended = await stream.rest().then(
      () => 'ended',
      () => 'dropped',
    );
    expect(['ended', 'dropped']).toContain(ended);
  }
  await mcp.close();
});
