import { GatewayError } from '../errors.js';

/**
 * An upstream body as text, read no further than `maxBytes`: a larger answer is
 * `upstream_schema_drift` (no platform or provider answers that much) and is never held whole.
 */
export async function readBounded(body: AsyncIterable<Buffer>, maxBytes: number, whose: string): Promise<string> {
  return (await readBoundedBytes(body, maxBytes, whose)).toString('utf8');
}

/** An upstream body's bytes, read no further than `maxBytes` (see readBounded). */
export async function readBoundedBytes(body: AsyncIterable<Buffer>, maxBytes: number, whose: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of boundedChunks(body, maxBytes, whose)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The chunks of an upstream body, failing once more than `maxBytes` have come. */
export async function* boundedChunks(body: AsyncIterable<Buffer>, maxBytes: number, whose: string): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes)
      throw new GatewayError('upstream_schema_drift', `${whose} answer exceeded ${maxBytes} bytes.`, { details: { maxBytes } });
    yield chunk;
  }
}
