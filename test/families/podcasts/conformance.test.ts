import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { podcastsEpisodeEndpoint } from '../../../src/families/podcasts/endpoints/episode.js';
import { podcastsSearchEndpoint } from '../../../src/families/podcasts/endpoints/search.js';
import { podcastsShowEpisodesEndpoint } from '../../../src/families/podcasts/endpoints/show-episodes.js';
import { podcastsShowEndpoint } from '../../../src/families/podcasts/endpoints/show.js';
import { podcastsEpisodeTranscriptEndpoint } from '../../../src/families/podcasts/endpoints/transcript.js';
import { asList, asSingle, podcastStub, runEndpoint, type Reply } from './support.js';

/**
 * The podcasts family against the recorded answers (shared upstream samples, read from disk,
 * never fetched): Apple's answers matched by path and id or term, feeds, the redirect and the
 * transcripts at their manifest URLs with their recorded status and type; the values the
 * manifest names come out.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number; contentType: string; headers?: Record<string, string> };
}

const read = (file: string): string => readFileSync(`${samplesDir}/podcasts/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(read('manifest.json')) as ManifestEntry[];

/** Apple's answers are found by what they answer (id, or term), whatever order or extra parameters the request has. */
const appleKey = (url: URL): string => `${url.pathname}:${url.searchParams.get('id') ?? url.searchParams.get('term')}`;

/** Serves every sample; `overrides` answer first (a status in place of a recorded body). */
function samples(overrides: (url: URL) => Reply | undefined = () => undefined) {
  const entries = manifest();
  const byUrl = new Map(entries.map((entry) => [entry.request.url, entry]));
  const byAppleKey = new Map(
    entries
      .filter((entry) => entry.request.url.startsWith('https://itunes.apple.com/'))
      .map((entry) => [appleKey(new URL(entry.request.url)), entry]),
  );
  const served = (entry: ManifestEntry): Reply => ({
    status: entry.response.status,
    headers: { 'content-type': entry.response.contentType, ...entry.response.headers },
    body: read(entry.file),
  });
  // The Talk Show's lookup: its record as the recorded search names it (no lookup of it was recorded).
  const talkShow = (): Reply => {
    const search = JSON.parse(read('itunes_search_gruber_2014.json')) as { results: Record<string, unknown>[] };
    return { body: JSON.stringify({ resultCount: 1, results: [search.results[0]] }), headers: { 'content-type': 'text/javascript' } };
  };
  return podcastStub((url) => {
    const override = overrides(url);
    if (override) return override;
    if (url.hostname === 'itunes.apple.com') {
      if (url.searchParams.get('id') === '528458508') return talkShow();
      const entry = byAppleKey.get(appleKey(url));
      return entry ? served(entry) : { status: 200, body: '{"resultCount":0,"results":[]}' };
    }
    const entry = byUrl.get(url.href);
    return entry ? served(entry) : { status: 404, body: 'not recorded', headers: { 'content-type': 'text/plain' } };
  });
}

describe.skipIf(!samplesDir)('podcasts conformance with recorded samples', () => {
  it('covers every sample of the manifest', () => {
    const files = manifest().map((entry) => entry.file);
    const checked = readFileSync(new URL(import.meta.url), 'utf8');
    for (const file of files) expect(checked, file).toContain(file);
  });

  it("reads Apple's searches in order, with limit, and the German store's lookup with a feed that was not recorded", async () => {
    // itunes_search_gruber_2014.json, itunes_search_apple_2015.json, itunes_lookup_537879700_2014.json
    const gruber = asList(await runEndpoint(podcastsSearchEndpoint, { query: 'gruber', limit: '50' }, samples()));
    expect(gruber.items).toHaveLength(13);
    expect(gruber.items[0]).toMatchObject({
      id: '528458508',
      displayName: 'The Talk Show With John Gruber',
      postCount: 50,
      category: 'Tech News',
    });
    expect(gruber.items[0]!.url).toMatch(/^https:\/\/podcasts\.apple\.com\/us\/podcast\/[^?]+id528458508$/);
    const shows = (gruber.raw as { shows: Record<string, unknown>[] }).shows;
    expect(shows[0]).toMatchObject({
      feedUrl: 'http://feeds.muleradio.net/thetalkshow',
      author: 'Mule Radio Syndicate',
      categories: ['Tech News', 'Technology'],
    });
    expect(shows.filter((show) => show.lastPublishedAt === null)).toHaveLength(3);
    const apple = asList(await runEndpoint(podcastsSearchEndpoint, { query: 'apple', limit: '5' }, samples()));
    expect(apple.items.map((item) => item.displayName)[0]).toBe('Apple Keynotes');
    expect(apple.items).toHaveLength(5);
    const german = asSingle(await runEndpoint(podcastsShowEndpoint, { show: '537879700', country: 'DE' }, samples()));
    expect(german.data).toMatchObject({ id: '537879700', displayName: 'Seminargespräche', postCount: 15, category: 'Education' });
    expect(german.warnings).toHaveLength(1);
    expect((german.raw as { show: { categories: string[] } }).show.categories).toEqual(['Bildung']);
    // synthetic_itunes_search_nohits.json: no_results; the same body with 403 is Apple's throttle (the e2e tests serve it).
    expect(asList(await runEndpoint(podcastsSearchEndpoint, { query: 'qwxzvbnm' }, samples())).emptyReason).toBe('no_results');
  });

  it("reads Radiolab's 2013 feed: 142 episodes of 144 items, newest first, no durations, text from escaped HTML", async () => {
    // synthetic_itunes_lookup_152249110.json, feed_radiolab_2013.xml
    const show = asSingle(await runEndpoint(podcastsShowEndpoint, { show: '152249110' }, samples()));
    expect(show.data).toMatchObject({ displayName: 'Radiolab', postCount: 142, category: 'Natural Sciences' });
    expect((show.raw as { show: unknown }).show).toMatchObject({
      author: 'Jad Abumrad & Robert Krulwich',
      categories: ['Science & Medicine', 'Natural Sciences', 'Society & Culture', 'Education'],
      explicit: false,
      language: 'en-us',
      type: null,
    });
    const page = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '152249110', limit: '100' }, samples()));
    expect(page.raw).toMatchObject({ itemCount: 142, skipped: 2 });
    expect(page.items[0]).toMatchObject({
      id: 'http://www.radiolab.org/story/sex-ducks-and-founding-feud/',
      title: 'Sex, Ducks, and The Founding Feud',
      publishedAt: '2013-12-19T22:31:42Z',
      durationSeconds: null,
    });
    expect(page.items.every((post) => post.durationSeconds === null && post.text?.includes('<') !== true)).toBe(true);
    let all = [...page.items];
    let cursor = page.pagination.cursor;
    while (cursor !== null) {
      const next = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '152249110', limit: '100', cursor }, samples()));
      all = [...all, ...next.items];
      cursor = next.pagination.cursor;
    }
    expect(all).toHaveLength(142);
    expect(all.at(-1)).toMatchObject({ id: 'http://www.radiolab.org/2008/nov/17/', publishedAt: '2008-11-17T16:48:43Z' });
  });

  it('follows Night Vale’s 301 to another host and reports the final URL; 26:53 is 1613 s', async () => {
    // synthetic_itunes_lookup_536258179.json, synthetic_redirect_nightvale.txt, feed_nightvale_2023.xml
    const upstream = samples();
    const show = asSingle(await runEndpoint(podcastsShowEndpoint, { show: '536258179' }, upstream));
    expect((show.raw as { show: unknown }).show).toMatchObject({
      feedUrl: 'http://feeds.nightvalepresents.com/welcometonightvalepodcast',
      finalFeedUrl: 'https://f.prxu.org/126/feed-rss.xml',
      author: 'Night Vale Presents',
      categories: ['Fiction', 'Science Fiction'],
      type: 'episodic',
    });
    const page = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '536258179' }, samples()));
    expect(page.items).toEqual([
      expect.objectContaining({
        id: 'prx_126_c6d43512-3eb0-41bc-9092-393412cae641',
        title: '221 - The Glow Cloud, Explained',
        durationSeconds: 1613,
        publishedAt: '2023-02-01T05:00:00Z',
      }),
    ]);
  });

  it('reads the Podcasting 2.0 feed under the older namespace URI, its application/srt tags, and a transcript that was not recorded as transcript_gone', async () => {
    // synthetic_itunes_lookup_900000001.json, feed_pc20_2021.xml
    const page = asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '900000001', limit: '100' }, samples()));
    expect(page.raw).toMatchObject({ itemCount: 56, skipped: 0 });
    expect(page.items[0]).toMatchObject({ id: 'PC2057', title: 'Episode 57: Rebel Rubes', publishedAt: '2021-10-08T18:55:32Z' });
    expect(page.items.at(-1)).toMatchObject({ id: 'Fri, 11 Sep 2020 18:51:09 GMT', publishedAt: '2020-09-11T18:51:09Z' });
    const episodes = (page.raw as { episodes: { transcripts: { type: string }[] }[] }).episodes;
    expect(episodes.filter((episode) => episode.transcripts.length > 0)).toHaveLength(47);
    expect(episodes[0]!.transcripts[0]!.type).toBe('application/srt');
    const transcript = asSingle(await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: '900000001', guid: 'PC2057' }, samples()));
    expect(transcript.emptyReason).toBe('transcript_gone');
  });

  it('answers the Talk Show stub without items as no_episodes, and the namespace example feed as publisher_blocked', async () => {
    // feed_thetalkshow_stub.xml, synthetic_itunes_lookup_900000002.json, feed_podcast_namespace_example.xml, transcript_example_es_link.vtt
    expect(asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '528458508' }, samples())).emptyReason).toBe('no_episodes');
    const upstream = samples();
    expect(asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '900000002' }, upstream)).emptyReason).toBe('publisher_blocked');
    expect(upstream.calls).not.toContain('https://example.com/episode1/transcript.vtt');
  });

  it('reads the four transcript formats the synthetic feed links, by preference and language', async () => {
    // synthetic_itunes_lookup_900000003.json, synthetic_feed_900000003_transcripts.xml, transcript_example.vtt,
    // transcript_example.srt, transcript_example.json, transcript_example.html
    const run = async (guid: string, language?: string) =>
      asSingle(
        await runEndpoint(podcastsEpisodeTranscriptEndpoint, { show: '900000003', guid, ...(language ? { language } : {}) }, samples()),
      );
    const vtt = await run('tx-0005');
    expect(vtt.raw).toMatchObject({ format: 'vtt' });
    expect(vtt.data!.cues).toHaveLength(7);
    expect(vtt.data!.cues[0]).toMatchObject({ start: 0 });
    expect(vtt.data!.cues.at(-1)).toMatchObject({ start: 21.45, end: 25.35 });
    expect(vtt.data!.text).toContain('Welcome to Podcasting Q&A');
    expect(vtt.data!.text).not.toContain('<v');
    const json = await run('tx-0005', 'es');
    expect(json.data).toMatchObject({ language: 'es', text: 'I am your father. Nooooo' });
    expect(json.data!.cues).toHaveLength(5);
    const srt = await run('tx-0006');
    expect(srt.data!.cues).toHaveLength(222);
    expect(srt.data!.cues[0]).toMatchObject({ start: 0.179, end: 2.399 });
    expect(srt.data!.cues.at(-1)!.end).toBe(754.769);
    const noLanguage = await run('tx-0004');
    expect(noLanguage.data).toMatchObject({ language: 'en-us' });
    const html = await run('tx-0003');
    expect(html.data!.cues.map((cue) => cue.start)).toEqual([0, 53, 102, 219, 263, 322, 376, 562, 617, 691]);
    expect(html.data!.cues.every((cue) => cue.end === null)).toBe(true);
    expect((await run('tx-0002')).emptyReason).toBe('transcript_gone');
    expect((await run('tx-0001')).emptyReason).toBe('no_transcript');
  });

  it('answers a show without feedUrl from Apple alone, and episodes by Apple id from the feed or from Apple’s record', async () => {
    // synthetic_itunes_lookup_900000004.json, synthetic_itunes_lookup_episode_1000900000001.json, synthetic_itunes_lookup_episode_1000900000002.json
    const show = asSingle(await runEndpoint(podcastsShowEndpoint, { show: '900000004' }, samples()));
    expect(show.data).not.toBeNull();
    expect(show.warnings).toHaveLength(1);
    expect((show.raw as { show: { explicit: boolean } }).show.explicit).toBe(true);
    expect(asList(await runEndpoint(podcastsShowEpisodesEndpoint, { show: '900000004' }, samples())).emptyReason).toBe('no_feed');
    const url = 'https://podcasts.apple.com/us/podcast/radiolab/id152249110?i=1000900000001';
    for (const input of [{ url }, { id: '1000900000001' }]) {
      const episode = asSingle(await runEndpoint(podcastsEpisodeEndpoint, input, samples()));
      expect(episode.data).toMatchObject({
        id: 'http://www.radiolab.org/story/apocalyptical-live-paramount-seattle/',
        durationSeconds: null,
      });
      expect(episode.data!.title).toMatch(/^Apocalyptical/);
    }
    const apple = asSingle(await runEndpoint(podcastsEpisodeEndpoint, { id: '1000900000002' }, samples()));
    expect(apple.data).toMatchObject({
      title: 'An episode the feed no longer lists',
      publishedAt: '2013-12-23T05:00:00Z',
      durationSeconds: 2712,
      url: null,
    });
    expect(apple.data!.mediaUrls).toHaveLength(1);
    expect(apple.raw).toMatchObject({ source: 'apple' });
    expect(apple.warnings).toHaveLength(1);
  });
});
