import type { BodyReader } from '../../../catalogue/upstream.js';

/**
 * A 2xx answer read whole as UTF-8 text up to `maxBytes` (a larger one is upstream_schema_drift),
 * whatever content type it names: Apple sends JSON as text/javascript, transcript hosts send
 * anything.
 */
export const wholeBody = (id: string, maxBytes: number): BodyReader => ({
  id,
  maxBytes,
  anyType: true,
  async read(chunks) {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return Buffer.concat(parts).toString('utf8');
  },
});
