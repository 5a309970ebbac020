import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { pickJson } from '../../src/upstream/json-pick.js';
import type { BodyReader, Upstream } from '../../src/catalogue/upstream.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';

/** The upstream client streaming a 2xx JSON body through a request's reader instead of reading it as text. */

const HOST = 'registry.example.test';

/** Keeps `keep` of the document and counts the chunks it was given. */
function reader(id: string, maxBytes = 1 << 20): BodyReader & { chunks: number } {
  const counted = {
    id,
    maxBytes,
    chunks: 0,
    async read(chunks: AsyncIterable<Buffer>) {
      async function* counting() {
        for await (const chunk of chunks) {
          counted.chunks += 1;
          yield chunk;
        }
      }
      return JSON.stringify(await pickJson(counting(), { keep: true }, { maxKeptBytes: 1024 }));
    },
  };
  return counted;
}

describe('streamed upstream bodies', () => {
  const fake = new FakeUpstream();
  let client: UpstreamClient;
  let upstream: Upstream;
  beforeAll(async () => {
    const origin = await fake.start();
    client = new UpstreamClient({ origins: new Map([[HOST, new URL(origin)]]), timeoutMs: 2000 });
    upstream = client.forFamily({ family: 'test', hosts: [HOST] });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  it('hands a 2xx JSON body to the reader and carries what it kept as the body', async () => {
    fake.on(() => ({ body: { keep: { a: 1 }, drop: 'x'.repeat(200_000) } }));
    const streaming = reader('keep');
    const response = await upstream.fetch({ url: `https://${HOST}/doc`, bodyReader: streaming });
    expect(response.body).toBe('{"keep":{"a":1}}');
    expect(streaming.chunks).toBeGreaterThan(1);
  });

  it('reads an error answer or a non-JSON page as text, classified as usual', async () => {
    fake.on((request) =>
      request.url === '/missing'
        ? { status: 404, body: { error: 'Not found' } }
        : { body: '<html>a page</html>', headers: { 'content-type': 'text/html' } },
    );
    const streaming = reader('keep');
    const missing = await upstream.fetch({ url: `https://${HOST}/missing`, bodyReader: streaming, passStatuses: [404] });
    expect(JSON.parse(missing.body)).toEqual({ error: 'Not found' });
    const page = await upstream.fetch({ url: `https://${HOST}/page`, bodyReader: streaming });
    expect(page.body).toBe('<html>a page</html>');
    expect(streaming.chunks).toBe(0);
  });

  it('stops at the reader’s byte cap with upstream_schema_drift naming it', async () => {
    fake.on(() => ({ body: { keep: 1, drop: 'x'.repeat(100_000) } }));
    const error = await upstream
      .fetch({ url: `https://${HOST}/big`, bodyReader: reader('keep', 50_000) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'upstream_schema_drift', details: { maxBytes: 50_000 } });
  });

  it('never shares one fetch between two readings of the same URL', async () => {
    fake.on(() => ({ body: { keep: 2 }, delayMs: 50 }));
    const [a, b] = await Promise.all([
      upstream.fetch({ url: `https://${HOST}/same`, bodyReader: reader('one') }),
      upstream.fetch({ url: `https://${HOST}/same` }),
    ]);
    expect(a.body).toBe('{"keep":2}');
    expect(JSON.parse(b.body)).toEqual({ keep: 2 });
    expect(fake.requests).toHaveLength(2);
  });
});
