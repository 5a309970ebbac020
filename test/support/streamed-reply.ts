import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/**
 * Writes a large generated body to an HTTP answer as it is produced, in 64 KiB batches, waiting
 * whenever the socket is full and stopping if it closes: serving it costs the fake upstream no
 * memory of its size.
 */
export async function sendPieces(response: ServerResponse, contentType: string, pieces: Iterable<string>): Promise<void> {
  response.writeHead(200, { 'content-type': contentType });
  let batch = '';
  for (const piece of pieces) {
    batch += piece;
    if (batch.length < 64 * 1024) continue;
    if (!response.write(batch)) await drainedOrClosed(response);
    if (response.destroyed) return;
    batch = '';
  }
  response.end(batch);
}

/** Waits for the socket to take more or to close; the listener that did not fire is removed, so none pile up over a long answer. */
async function drainedOrClosed(response: ServerResponse): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(response, 'drain', { signal: done.signal }), once(response, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}
