import { z } from 'zod';
import { defineFamily } from '../../catalogue/family.js';
import { DEFAULT_ITUNES_PER_MINUTE, ITUNES_HOST, MAX_REDIRECTS } from './constants.js';
import { podcastsEpisodeEndpoint } from './endpoints/episode.js';
import { podcastsSearchEndpoint } from './endpoints/search.js';
import { podcastsShowEpisodesEndpoint } from './endpoints/show-episodes.js';
import { podcastsShowEndpoint } from './endpoints/show.js';
import { podcastsEpisodeTranscriptEndpoint } from './endpoints/transcript.js';
import { podcastsEdges } from './graph.js';
import { readPodcastsBudget } from './upstream/itunes.js';
import { podcastsUrlForms } from './url-forms.js';

/** Apple's pace in calls a minute: its documented ~20 by default, 1-600 if the operator knows better. */
const itunesPerMinute = z.coerce.number().int().min(1).max(600).default(DEFAULT_ITUNES_PER_MINUTE);

/**
 * The podcasts family: Apple Podcasts' directory (the iTunes Search and Lookup API) for shows and
 * episode records, and each show's own RSS feed, which Apple names, for episodes and the
 * transcripts feeds link. Feeds and transcripts live on hosts the platform names: every request
 * and redirect hop goes through the outbound address policy. Feeds are read as streams; Apple is
 * called at its pace across processes.
 */
export const podcastsFamily = defineFamily({
  name: 'podcasts',
  hosts: [ITUNES_HOST],
  // Feeds and transcripts are on any public host a show's publisher chose, over http or https.
  callerNamedHosts: { maxRedirects: MAX_REDIRECTS, allowHttp: true },
  readBudget: readPodcastsBudget,
  hostIntervals: (settings) => {
    const perMinute = settings.PODCASTS_ITUNES_PER_MINUTE;
    return { [ITUNES_HOST]: 60_000 / (typeof perMinute === 'number' ? perMinute : DEFAULT_ITUNES_PER_MINUTE) };
  },
  settings: {
    PODCASTS_ITUNES_PER_MINUTE: itunesPerMinute,
  },
  endpoints: [
    podcastsSearchEndpoint,
    podcastsShowEndpoint,
    podcastsShowEpisodesEndpoint,
    podcastsEpisodeEndpoint,
    podcastsEpisodeTranscriptEndpoint,
  ],
  urlForms: podcastsUrlForms,
  edges: podcastsEdges,
  demo: async () => (await import('./demo/world.js')).podcastsDemo,
});
