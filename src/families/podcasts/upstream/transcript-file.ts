import type { FetchContext } from '../../../catalogue/results.js';
import { wholeBody } from './whole-body.js';
import { MAX_TRANSCRIPT_BYTES, PODCASTS_USER_AGENT } from '../constants.js';

/** A transcript file a feed links: through the outbound policy like the feed, read whole up to its cap. */

const TRANSCRIPT_BODY = wholeBody('podcasts-transcript', MAX_TRANSCRIPT_BYTES);

export type TranscriptAnswer = { kind: 'file'; body: string; url: string } | { kind: 'gone'; status: number; url: string };

export async function fetchTranscriptFile(ctx: FetchContext, url: string): Promise<TranscriptAnswer> {
  const response = await ctx.upstream.fetch({
    url,
    headers: { 'user-agent': PODCASTS_USER_AGENT },
    passStatuses: [404, 410],
    bodyReader: TRANSCRIPT_BODY,
  });
  if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status, url: response.url };
  return { kind: 'file', body: response.body, url: response.url };
}
