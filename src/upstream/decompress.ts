import { gunzipSync, inflateSync } from 'node:zlib';
import { GatewayError } from '../errors.js';

/**
 * Some platforms compress every answer whatever the request asked, and proxies on the way may
 * strip the `Content-Encoding` that says so while errors raised early come plain; so the bytes
 * decide, not the headers: gzip by its magic (`1f 8b`), zlib-wrapped deflate by its two-byte
 * header (compression method 8, checksum a multiple of 31), else the bytes as they came.
 */

const GZIP_MAGIC = [0x1f, 0x8b] as const;

export type BodyEncoding = 'gzip' | 'deflate' | 'identity';

/** The encoding the first bytes of a body show. */
export function sniffEncoding(bytes: Uint8Array): BodyEncoding {
  if (bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) return 'gzip';
  if (bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && bytes[0]! >> 4 <= 7 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0) return 'deflate';
  return 'identity';
}

/**
 * The body's bytes decompressed when they are gzip or deflate, at most `maxBytes` of them (a
 * larger answer is upstream_schema_drift naming the cap, never inflated whole). Bytes that do not
 * inflate (text whose first two characters happen to read as a zlib header) are kept as they came,
 * for the family's parser to judge.
 */
export function decompressBody(bytes: Buffer, maxBytes: number, whose: string): Buffer {
  const encoding = sniffEncoding(bytes);
  if (encoding === 'identity') return bytes;
  try {
    return encoding === 'gzip' ? gunzipSync(bytes, { maxOutputLength: maxBytes }) : inflateSync(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if (isTooLarge(error))
      throw new GatewayError('upstream_schema_drift', `${whose} answer exceeded ${maxBytes} bytes once decompressed.`, {
        details: { maxBytes },
      });
    return bytes;
  }
}

const isTooLarge = (error: unknown): boolean =>
  error instanceof RangeError || (error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';
