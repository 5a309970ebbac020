import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { decompressBody, sniffEncoding } from '../../src/upstream/decompress.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';

const JSON_TEXT = '{"items":[{"title":"caf\u00e9 &amp; cr\u00e8me"}],"quota_remaining":299}';

describe('decompressBody', () => {
  it('inflates gzip and zlib deflate by their bytes, and leaves plain bytes alone', () => {
    expect(sniffEncoding(gzipSync(JSON_TEXT))).toBe('gzip');
    expect(sniffEncoding(deflateSync(JSON_TEXT))).toBe('deflate');
    expect(sniffEncoding(Buffer.from(JSON_TEXT))).toBe('identity');
    expect(sniffEncoding(Buffer.alloc(0))).toBe('identity');
    for (const bytes of [gzipSync(JSON_TEXT), deflateSync(JSON_TEXT), Buffer.from(JSON_TEXT)])
      expect(decompressBody(bytes, 1000, 'The platform').toString('utf8')).toBe(JSON_TEXT);
  });

  it('keeps text whose first characters read like a zlib header, and bytes that do not inflate', () => {
    // "x^" is a valid zlib header by its checksum, yet this is text.
    expect(sniffEncoding(Buffer.from('x^ plain text'))).toBe('deflate');
    expect(decompressBody(Buffer.from('x^ plain text'), 1000, 'The platform').toString()).toBe('x^ plain text');
    const broken = Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not gzip')]);
    expect(decompressBody(broken, 1000, 'The platform')).toEqual(broken);
    const raw = deflateRawSync(JSON_TEXT);
    expect(decompressBody(raw, 1000, 'The platform')).toEqual(raw);
  });

  it('refuses to inflate beyond the cap (a decompression bomb is schema drift, never held whole)', () => {
    const bomb = gzipSync(Buffer.alloc(1_000_000, 0x20));
    expect(bomb.length).toBeLessThan(10_000);
    let caught: unknown;
    try {
      decompressBody(bomb, 100_000, 'The platform');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GatewayError);
    expect((caught as GatewayError).code).toBe('upstream_schema_drift');
    expect((caught as GatewayError).details).toEqual({ maxBytes: 100_000 });
  });
});

describe('the upstream client reads compressed answers whatever the headers say', () => {
  const fake = new FakeUpstream();
  let client: UpstreamClient;
  beforeAll(async () => {
    const origin = new URL(await fake.start());
    client = new UpstreamClient({ origins: new Map([['api.example.test', origin]]), timeoutMs: 2000 });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const cases: [string, Buffer, Record<string, string>][] = [
    ['gzip with its header', gzipSync(JSON_TEXT), { 'content-encoding': 'gzip' }],
    ['gzip with the header stripped', gzipSync(JSON_TEXT), {}],
    ['deflate labelled gzip', deflateSync(JSON_TEXT), { 'content-encoding': 'gzip' }],
    ['plain labelled gzip', Buffer.from(JSON_TEXT), { 'content-encoding': 'gzip' }],
  ];
  it.each(cases)('%s', async (_name, bytes, headers) => {
    fake.on(() => ({
      respond: (response) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...headers });
        response.end(bytes);
      },
    }));
    const upstream = client.forFamily({ family: 'plain', hosts: ['api.example.test'] });
    const answer = await upstream.fetch({ url: 'https://api.example.test/items' });
    expect(answer.body).toBe(JSON_TEXT);
    expect(JSON.parse(answer.body)).toMatchObject({ quota_remaining: 299 });
  });
});
