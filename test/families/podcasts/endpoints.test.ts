import { describe, expect, it } from 'vitest';
import { podcastsEpisodeEndpoint } from '../../../src/families/podcasts/endpoints/episode.js';
import { podcastsSearchEndpoint } from '../../../src/families/podcasts/endpoints/search.js';
import { podcastsShowEpisodesEndpoint } from '../../../src/families/podcasts/endpoints/show-episodes.js';
import { podcastsShowEndpoint } from '../../../src/families/podcasts/endpoints/show.js';
import { podcastsEpisodeTranscriptEndpoint } from '../../../src/families/podcasts/endpoints/transcript.js';
import {
  BLOCKED_SHOW_ID,
  EMPTY_SHOW_ID,
  EPISODE_ID,
  FEED_HOST,
  FEED_URL,
  FILES_HOST,
  GONE_SHOW_ID,
  GUID_NEWEST,
  MISSING_EPISODE_ID,
  MOVED_SHOW_ID,
  NEW_ITEM,
  NO_FEED_SHOW_ID,
  OLD_FEED_HOST,
  SHOW_ID,
  SRT,
  TRANSCRIPT_HTML,
  TRANSCRIPT_JSON,
  VTT,
  appleBody,
  episodeRecord,
  notesFeed,
  showRecord,
} from './fixtures/world.js';
import { appleReply, asList, asSingle, canonical, errorOf, podcastStub, runEndpoint, textReply, xmlReply, type Reply } from './support.js';

interface WorldOptions {
  feed?: string;
  feedStatus?: number;
  vttStatus?: number;
}

function world(options: WorldOptions = {}) {
  return podcastStub((url): Reply | undefined => {
    if (url.hostname === 'itunes.apple.com') {
      const id = url.searchParams.get('id');
      if (url.pathname === '/search')
        return appleReply(
          appleBody(url.searchParams.get('term') === 'nothing' ? [] : [showRecord(SHOW_ID, FEED_URL), showRecord(NO_FEED_SHOW_ID, null)]),
        );
      if (id === SHOW_ID) return appleReply(appleBody([showRecord(SHOW_ID, FEED_URL)]));
      if (id === NO_FEED_SHOW_ID) return appleReply(appleBody([showRecord(NO_FEED_SHOW_ID, null)]));
      if (id === MOVED_SHOW_ID) return appleReply(appleBody([showRecord(MOVED_SHOW_ID, `http://${OLD_FEED_HOST}/notes`)]));
      if (id === BLOCKED_SHOW_ID) return appleReply(appleBody([showRecord(BLOCKED_SHOW_ID, `https://${FEED_HOST}/blocked.xml`)]));
      if (id === GONE_SHOW_ID) return appleReply(appleBody([showRecord(GONE_SHOW_ID, `https://${FEED_HOST}/gone.xml`)]));
      if (id === EMPTY_SHOW_ID) return appleReply(appleBody([showRecord(EMPTY_SHOW_ID, `https://${FEED_HOST}/empty.xml`)]));
      if (id === EPISODE_ID) return appleReply(appleBody([episodeRecord(GUID_NEWEST)]));
      if (id === MISSING_EPISODE_ID) return appleReply(appleBody([episodeRecord('not-in-feed', { trackId: Number(MISSING_EPISODE_ID) })]));
      return appleReply(appleBody([]));
    }
    if (url.hostname === OLD_FEED_HOST) return { status: 301, headers: { location: FEED_URL } };
    if (url.hostname === FEED_HOST) {
      if (url.pathname === '/notes.xml') return xmlReply(options.feed ?? notesFeed(), options.feedStatus);
      if (url.pathname === '/blocked.xml')
        return xmlReply(notesFeed({ channelExtra: '<podcast:block id="spotify">no</podcast:block><podcast:block>yes</podcast:block>' }));
      if (url.pathname === '/empty.xml') return xmlReply('<rss version="2.0"><channel><title>Nothing yet</title></channel></rss>');
      return textReply('gone', 'text/plain', 410);
    }
    if (url.hostname === FILES_HOST) {
      const file = url.pathname.slice('/t/'.length);
      if (file === '0004.vtt') return textReply(VTT, 'text/vtt', options.vttStatus);
      if (file === '0004.srt') return textReply(SRT, 'application/x-subrip');
      if (file === '0004.json') return textReply(TRANSCRIPT_JSON, 'application/json');
      if (file === '0004.html') return textReply(TRANSCRIPT_HTML, 'text/html');
    }
    return undefined;
  });
}

describe('podcasts search', () => {
  it("reads Apple's text/javascript answer into Creators in Apple's order, from the record alone", async () => {
    const upstream = world();
    const result = asList(await runEndpoint(podcastsSearchEndpoint, { query: 'harbour', country: 'GB', limit: '5' }, upstream));
    expect(upstream.calls).toEqual(['https://itunes.apple.com/search?media=podcast&entity=podcast&term=harbour&country=gb&limit=5']);
    expect(result.items.map((item) => item.id)).toEqual([SHOW_ID, NO_FEED_SHOW_ID]);
    expect(result.items[0]).toMatchObject({
      platform: 'apple_podcasts',
      displayName: 'Harbour Notes',
      url: `https://podcasts.apple.com/us/podcast/harbour-notes/id${SHOW_ID}`,
      avatarUrl: 'https://img.example.net/notes/600x600bb.jpg',
      postCount: 4,
      category: 'Documentary',
      isPrivate: false,
      bio: null,
      externalLinks: [],
    });
    expect((result.raw as { shows: unknown[] }).shows[0]).toMatchObject({
      feedUrl: FEED_URL,
      author: 'Harbour Notes Collective',
      categories: ['Documentary', 'Society & Culture'],
      explicit: false,
      episodeCount: 4,
    });
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('names no_results for an empty answer and refuses bad input before any request', async () => {
    expect(asList(await runEndpoint(podcastsSearchEndpoint, { query: 'nothing' }, world())).emptyReason).toBe('no_results');
    const upstream = world();
    await expect(errorOf(runEndpoint(podcastsSearchEndpoint, { query: 'x', country: 'XX' }, upstream))).resolves.toMatchObject({
      code: 'invalid_request',
      details: { param: 'country' },
    });
    expect(() => canonical(podcastsSearchEndpoint, { query: 'x'.repeat(201) })).toThrow();
    expect(() => canonical(podcastsSearchEndpoint, { query: '   ' })).toThrow(/query/);
    expect(upstream.calls).toEqual([]);
  });
});

describe('podcasts show', () => {
  it('joins Apple’s record and the feed’s channel, read only up to its first item', async () => {
    const upstream = world();
    const result = asSingle(
      await runEndpoint(podcastsShowEndpoint, { show: `https://podcasts.apple.com/us/podcast/x/id${SHOW_ID}?uo=4` }, upstream),
    );
    expect(result.data).toMatchObject({
      id: SHOW_ID,
      displayName: 'Harbour Notes',
      bio: 'Stories & sounds from the harbour.',
      externalLinks: ['https://harbour-notes.example.org/'],
    });
    expect((result.raw as { show: unknown }).show).toEqual({
      feedUrl: FEED_URL,
      finalFeedUrl: FEED_URL,
      author: 'The Harbour Notes Collective',
      categories: ['Society & Culture', 'Documentary', 'History'],
      explicit: false,
      language: 'en-us',
      type: 'episodic',
      episodeCount: 4,
      lastPublishedAt: '2024-03-02T10:00:00Z',
    });
    expect(result.warnings).toBeUndefined();
  });

  it('reports the final URL of a moved feed, and answers Apple’s fields with a warning when there is no usable feed', async () => {
    const moved = asSingle(await runEndpoint(podcastsShowEndpoint, { show: `id${MOVED_SHOW_ID}` }, world()));
    expect((moved.raw as { show: { feedUrl: string; finalFeedUrl: string } }).show).toMatchObject({
      feedUrl: `http://${OLD_FEED_HOST}/notes`,
      finalFeedUrl: FEED_URL,
    });
    for (const id of [NO_FEED_SHOW_ID, GONE_SHOW_ID, BLOCKED_SHOW_ID]) {
      const result = asSingle(await runEndpoint(podcastsShowEndpoint, { show: id }, world()));
      expect(result.data).toMatchObject({ id, displayName: 'Harbour Notes', bio: null });
      expect(result.warnings).toHaveLength(1);
    }
    const atom = asSingle(
      await runEndpoint(podcastsShowEndpoint, { show: SHOW_ID }, world({ feed: '<feed xmlns="http://www.w3.org/2005/Atom"/>' })),
    );
    expect(atom.warnings?.[0]).toContain('upstream_schema_drift');
  });

  it('is not_found for an id Apple does not know, and refuses a country the URL contradicts', async () => {
    expect(asSingle(await runEndpoint(podcastsShowEndpoint, { show: '123' }, world())).emptyReason).toBe('not_found');
    expect(() => canonical(podcastsShowEndpoint, { show: `https://podcasts.apple.com/de/podcast/id${SHOW_ID}`, country: 'us' })).toThrow(
      /country/,
    );
    expect(canonical(podcastsShowEndpoint, { show: `https://itunes.apple.com/DE/podcast/id${SHOW_ID}` })).toEqual({
      show: SHOW_ID,
      country: 'de',
    });
    for (const bad of ['https://example.org/podcast/id1', 'abc', 'https://podcasts.apple.com/zz/podcast/id1'])
      expect(() => canonical(podcastsShowEndpoint, { show: bad })).toThrow(/show/);
  });
});

describe('podcasts show/episodes', () => {
  it('serves episodes newest first, undated last, skipping items without audio, blocked and live items', async () => {
    const result = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID, limit: '10' }, world()));
    expect(result.items.map((post) => post.id)).toEqual([GUID_NEWEST, 'notes-0003', `https://${FILES_HOST}/0002.mp3`, 'notes-0001']);
    expect(result.items[0]).toMatchObject({
      type: 'episode',
      title: 'Fog horns',
      text: 'Why fog horns & bells?\nTwo notes.\nOne line.',
      url: 'https://harbour-notes.example.org/4',
      authorId: SHOW_ID,
      authorName: 'Harbour Notes',
      thumbnailUrl: 'https://img.example.net/notes/4.jpg',
      mediaUrls: [`https://${FILES_HOST}/0004.mp3`],
      durationSeconds: 3723,
      publishedAt: '2024-03-02T10:00:00Z',
      hashtags: [],
      mentions: [],
    });
    expect(result.items[1]).toMatchObject({
      title: 'Rope work',
      text: 'Knots\nbowline\nhitch',
      durationSeconds: 1613,
      publishedAt: '2024-02-29T11:00:00Z',
      thumbnailUrl: 'https://img.example.net/notes/channel.jpg',
    });
    expect(result.items[2]).toMatchObject({ text: 'Summary only', durationSeconds: 4210 });
    expect(result.items[3]).toMatchObject({ publishedAt: null, text: null, url: null });
    const raw = result.raw as { itemCount: number; skipped: number; episodes: Record<string, unknown>[] };
    expect(raw).toMatchObject({ itemCount: 4, skipped: 3 });
    expect(raw.episodes[0]).toMatchObject({
      guid: GUID_NEWEST,
      enclosure: { length: 0, type: 'audio/mpeg' },
      season: 2,
      episode: 4,
      episodeType: 'full',
    });
    expect(raw.episodes[0]!.transcripts).toHaveLength(5);
  });

  it('pages by a cursor that survives a new episode arriving between pages', async () => {
    const first = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID, limit: '2' }, world()));
    expect(first.items.map((post) => post.id)).toEqual([GUID_NEWEST, 'notes-0003']);
    expect(first.pagination.hasMore).toBe(true);
    const later = world({ feed: notesFeed({ extraItem: NEW_ITEM }) });
    const second = asList(
      await runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID, limit: '2', cursor: first.pagination.cursor! }, later),
    );
    expect(second.items.map((post) => post.id)).toEqual([`https://${FILES_HOST}/0002.mp3`, 'notes-0001']);
    expect(second.pagination).toEqual({ cursor: null, hasMore: false });
    expect(() => canonical(podcastsShowEpisodesEndpoint, { show: NO_FEED_SHOW_ID, cursor: first.pagination.cursor! })).toThrow(/cursor/);
  });

  it('names each empty result and treats a document that is not RSS as schema drift', async () => {
    const reasons = async (show: string) => asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show }, world())).emptyReason;
    expect(await reasons(NO_FEED_SHOW_ID)).toBe('no_feed');
    expect(await reasons(GONE_SHOW_ID)).toBe('feed_gone');
    expect(await reasons(BLOCKED_SHOW_ID)).toBe('publisher_blocked');
    expect(await reasons(EMPTY_SHOW_ID)).toBe('no_episodes');
    expect(await reasons('999')).toBe('not_found');
    for (const feed of [
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>',
      '<!DOCTYPE html><html><body>hi</body></html>',
      '{"items": []}',
      '<rss><channel><item>',
    ])
      await expect(errorOf(runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID }, world({ feed })))).resolves.toMatchObject({
        code: 'upstream_schema_drift',
      });
    await expect(errorOf(runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID }, world({ feedStatus: 503 })))).resolves.toMatchObject({
      code: 'upstream_blocked',
    });
  });

  it('reads the older Podcasting 2.0 namespace address and an undeclared prefix by its usual name', async () => {
    const older = notesFeed({ podcastNs: 'https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md' });
    const result = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID }, world({ feed: older })));
    expect((result.raw as { episodes: { transcripts: unknown[] }[] }).episodes[0]!.transcripts).toHaveLength(5);
    const undeclared = notesFeed().replace(/ xmlns:itunes="[^"]*"/, '');
    const plain = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: SHOW_ID }, world({ feed: undeclared })));
    expect(plain.items[0]!.durationSeconds).toBe(3723);
  });
});

describe('podcasts episode and transcript', () => {
  it('finds an episode by page URL, id, or show and guid; one the feed lacks is Apple’s record with a warning', async () => {
    const url = `https://podcasts.apple.com/us/podcast/harbour-notes/id${SHOW_ID}?i=${EPISODE_ID}`;
    for (const input of [{ url }, { id: EPISODE_ID }, { show: SHOW_ID, guid: GUID_NEWEST }]) {
      const result = asSingle(await runEndpoint(podcastsEpisodeEndpoint, input, world()));
      expect(result.data).toMatchObject({ id: GUID_NEWEST, title: 'Fog horns', authorId: SHOW_ID });
    }
    const apple = asSingle(await runEndpoint(podcastsEpisodeEndpoint, { id: MISSING_EPISODE_ID }, world()));
    expect(apple.data).toMatchObject({ id: 'not-in-feed', title: 'Apple title of the episode', durationSeconds: 1235, url: null });
    expect(apple.raw).toMatchObject({ source: 'apple' });
    expect(apple.warnings).toHaveLength(1);
    const otherShow = `https://podcasts.apple.com/us/podcast/x/id${NO_FEED_SHOW_ID}?i=${EPISODE_ID}`;
    expect(asSingle(await runEndpoint(podcastsEpisodeEndpoint, { url: otherShow }, world())).emptyReason).toBe('not_found');
    expect(asSingle(await runEndpoint(podcastsEpisodeEndpoint, { show: SHOW_ID, guid: 'nope' }, world())).emptyReason).toBe('not_found');
  });

  it('takes exactly one way of naming an episode', () => {
    for (const input of [{}, { url: 'x', id: '1' }, { show: SHOW_ID }, { guid: 'g' }, { id: '1', show: SHOW_ID, guid: 'g' }])
      expect(() => canonical(podcastsEpisodeEndpoint, input)).toThrow();
    expect(() => canonical(podcastsEpisodeEndpoint, { url: `https://podcasts.apple.com/us/podcast/id${SHOW_ID}` })).toThrow(/url/);
  });

  it('reads the preferred transcript (VTT), by language the JSON, and names why none is served', async () => {
    const upstream = world();
    const vtt = asSingle(await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: SHOW_ID, guid: GUID_NEWEST }, upstream));
    expect(vtt.data).toMatchObject({
      platform: 'apple_podcasts',
      postId: GUID_NEWEST,
      url: 'https://harbour-notes.example.org/4',
      language: 'en',
      source: 'captions',
      isAutoGenerated: null,
      durationSeconds: 3723,
      text: 'Welcome to Harbour Notes & friends. The fog rolls in.',
    });
    expect(vtt.raw).toMatchObject({ format: 'vtt', transcriptUrl: `https://${FILES_HOST}/t/0004.vtt` });
    expect(upstream.calls.filter((call) => call.includes('/t/'))).toEqual([`https://${FILES_HOST}/t/0004.vtt`]);
    const spanish = asSingle(
      await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: SHOW_ID, guid: GUID_NEWEST, language: 'es-ES' }, world()),
    );
    expect(spanish.data).toMatchObject({ language: 'es', text: 'Hola amigos.' });
    expect(spanish.raw).toMatchObject({ format: 'json', rel: 'captions' });
    const french = asSingle(
      await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: SHOW_ID, guid: GUID_NEWEST, language: 'fr' }, world()),
    );
    expect(french).toMatchObject({ emptyReason: 'language_unavailable', raw: { availableLanguages: ['en', 'es', 'en-us'] } });
    const none = asSingle(await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: SHOW_ID, guid: 'notes-0003' }, world()));
    expect(none.emptyReason).toBe('no_transcript');
    const gone = asSingle(
      await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: SHOW_ID, guid: GUID_NEWEST }, world({ vttStatus: 404 })),
    );
    expect(gone.emptyReason).toBe('transcript_gone');
    expect(() => canonical(podcastsEpisodeTranscriptEndpoint, { id: EPISODE_ID, language: 'not a tag' })).toThrow(/language/);
  });
});
