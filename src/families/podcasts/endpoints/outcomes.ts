/** The empty results (meta.reason) the podcasts endpoints name. */

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
