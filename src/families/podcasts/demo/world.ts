import { demoExample, type DemoExample, type DemoWorld, type FakeReply, type FakeRoute } from '../../../catalogue/demo-world.js';
import { json, text } from '../../../demo-kit/replies.js';

/**
 * The podcasts demo world: one invented show in Apple's record shape (search and lookup, sent as
 * text/javascript like Apple), its RSS feed on a host Apple names, which gains an episode every
 * tick so watches see changes, and a WebVTT transcript the newest fixed episode links.
 */

const SHOW_ID = 900000101;
const EPISODE_ID = 1000900000101;
const FEED_HOST = 'feeds.harbour-radio.example.org';
const FILES_HOST = 'files.harbour-radio.example.org';
const FEED_URL = `https://${FEED_HOST}/tide-tables.xml`;
const GUID = 'tide-tables-002';
const FIRST_TICK_AT = Date.UTC(2026, 0, 5, 6);

const SHOW = {
  wrapperType: 'track',
  kind: 'podcast',
  collectionId: SHOW_ID,
  trackId: SHOW_ID,
  artistName: 'Harbour Radio (demo)',
  collectionName: 'Tide Tables',
  trackName: 'Tide Tables',
  collectionViewUrl: `https://podcasts.apple.com/nz/podcast/tide-tables/id${SHOW_ID}?uo=4`,
  feedUrl: FEED_URL,
  artworkUrl100: `https://${FILES_HOST}/art-100.jpg`,
  artworkUrl600: `https://${FILES_HOST}/art-600.jpg`,
  releaseDate: '2026-01-05T06:00:00Z',
  collectionExplicitness: 'notExplicit',
  trackCount: 2,
  country: 'NZL',
  primaryGenreName: 'Places & Travel',
  genres: ['Places & Travel', 'Podcasts', 'Society & Culture'],
};

const EPISODE_RECORD = {
  wrapperType: 'podcastEpisode',
  kind: 'podcast-episode',
  trackId: EPISODE_ID,
  collectionId: SHOW_ID,
  collectionName: 'Tide Tables',
  trackName: 'Spring tides',
  episodeGuid: GUID,
  feedUrl: FEED_URL,
  releaseDate: '2026-01-05T06:00:00Z',
  trackTimeMillis: 754000,
  episodeUrl: `https://${FILES_HOST}/spring-tides.mp3`,
  description: 'Why the moon pulls harder twice a month.',
};

const VTT = `WEBVTT

00:00:00.000 --> 00:00:03.500
<v Mere>Kia ora, and welcome to Tide Tables.

00:00:03.500 --> 00:00:07.000
<v Mere>Today: why spring tides have nothing to do with spring.
`;

/** Apple's own layout: three blank lines, then the JSON. */
const apple = (results: unknown[]): FakeReply => {
  const reply = json(`\n\n\n${JSON.stringify({ resultCount: results.length, results })}`);
  return { ...reply, headers: { 'content-type': 'text/javascript; charset=utf-8' } };
};

function item(guid: string, title: string, publishedMs: number, extra = ''): string {
  return `<item><title>${title}</title><guid isPermaLink="false">${guid}</guid><pubDate>${new Date(publishedMs).toUTCString()}</pubDate>
<description>&lt;p&gt;${title}, from the harbour.&lt;/p&gt;</description><itunes:duration>12:34</itunes:duration>
<enclosure url="https://${FILES_HOST}/${guid}.mp3" type="audio/mpeg" length="1000"/>${extra}</item>`;
}

function feed(tickMs: number): string {
  const ticks = Math.max(0, Math.floor((Date.now() - FIRST_TICK_AT) / tickMs));
  const latest = ticks === 0 ? '' : item(`tide-report-${ticks}`, `Tide report ${ticks}`, FIRST_TICK_AT + ticks * tickMs);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>Tide Tables</title><link>https://harbour-radio.example.org/tide-tables</link><language>en</language>
<itunes:author>Harbour Radio (demo)</itunes:author><itunes:summary>An invented show about the sea, for the offline demo.</itunes:summary>
<itunes:category text="Places &amp; Travel"/><itunes:explicit>false</itunes:explicit><itunes:type>episodic</itunes:type>
${latest}
${item(GUID, 'Spring tides', Date.UTC(2026, 0, 5, 6), `<podcast:transcript url="https://${FILES_HOST}/spring-tides.vtt" type="text/vtt" language="en"/>`)}
${item('tide-tables-001', 'Neap tides', Date.UTC(2025, 11, 29, 6))}
</channel></rss>`;
}

function routes(tickMs: number): FakeRoute[] {
  return [
    (_request, url) => {
      if (url.hostname !== 'itunes.apple.com') return undefined;
      if (url.pathname === '/search') return apple((url.searchParams.get('term') ?? '').toLowerCase().includes('tide') ? [SHOW] : []);
      const id = url.searchParams.get('id');
      if (url.pathname === '/lookup' && id === String(SHOW_ID)) return apple([SHOW]);
      if (url.pathname === '/lookup' && id === String(EPISODE_ID)) return apple([EPISODE_RECORD]);
      return apple([]);
    },
    (_request, url) => {
      if (url.hostname === FEED_HOST && url.pathname === '/tide-tables.xml')
        return text(feed(tickMs), 'application/rss+xml; charset=utf-8');
      if (url.hostname === FILES_HOST && url.pathname === '/spring-tides.vtt') return text(VTT, 'text/vtt');
      return url.hostname === FEED_HOST || url.hostname === FILES_HOST ? text('not found', 'text/plain', 404) : undefined;
    },
  ];
}

const EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/podcasts/search', 'shows matching a query', { query: 'tide' }),
  demoExample('/v1/podcasts/show', 'a show from its Apple id', { show: String(SHOW_ID) }),
  demoExample('/v1/podcasts/show/episodes', "a show's episodes, newest first (a new one every tick)", {
    show: `https://podcasts.apple.com/nz/podcast/tide-tables/id${SHOW_ID}`,
    limit: '2',
  }),
  demoExample('/v1/podcasts/episode', 'an episode from its Apple page', {
    url: `https://podcasts.apple.com/nz/podcast/tide-tables/id${SHOW_ID}?i=${EPISODE_ID}`,
  }),
  demoExample('/v1/podcasts/episode/transcript', "an episode's WebVTT transcript", { show: String(SHOW_ID), guid: GUID }),
];

export const podcastsDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    return { routes: routes(changeEveryMs), hosts: [FEED_HOST, FILES_HOST], examples: EXAMPLES };
  },
};
