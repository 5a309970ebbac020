/** The empty results (meta.reason) the podcasts endpoints name, and their shared list shape. */

export const REASONS = {
  noResults: 'no_results',
  notFound: 'not_found',
  noFeed: 'no_feed',
  feedGone: 'feed_gone',
  noEpisodes: 'no_episodes',
  publisherBlocked: 'publisher_blocked',
  noTranscript: 'no_transcript',
  languageUnavailable: 'language_unavailable',
  transcriptGone: 'transcript_gone',
} as const;

export function emptyList(reason: string, raw: unknown) {
  return { items: [], pagination: { cursor: null, hasMore: false }, raw, emptyReason: reason };
}
