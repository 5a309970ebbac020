import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../support/fake-upstream-server.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, balanceOf, expectEmpty, expectError, expectPaid, fixture, json, text, upstreamUrls } from './support.js';

/** GET /v1/forum/post/transcript end to end (spec 4.2 rule 4). */

const VIDEO = 'vid0example1';
const DASH = `/${VIDEO}/DASHPlaylist.mpd`;
const HLS = `/${VIDEO}/HLSPlaylist.m3u8`;
const CAPTIONS = `/${VIDEO}/wh_ben_en/captions_en.vtt`;
const transcript = (url: string, extra = '') => `/v1/forum/post/transcript?url=${encodeURIComponent(url)}${extra}`;

/** v.redd.it answering the DASH manifest, HLS playlist and caption file from fixtures. */
function videoHost(dashFixture: string, hlsFixture = 'hls-no-subtitles.m3u8'): FakeRoute[] {
  return [
    at(DASH, text(fixture(dashFixture), 'application/dash+xml'), 'v.redd.it'),
    at(HLS, text(fixture(hlsFixture), 'application/vnd.apple.mpegurl'), 'v.redd.it'),
    at(CAPTIONS, text(fixture('captions.vtt'), 'text/vtt'), 'v.redd.it'),
  ];
}

describe('GET /v1/forum/post/transcript over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  const serve = (...routes: FakeRoute[]) => routes.forEach((route) => harness.upstream.on(route));

  it('reads a direct v.redd.it URL in two requests: manifest, then caption file', async () => {
    serve(...videoHost('dash-with-captions.mpd'));
    const response = await harness.get(transcript(`https://v.redd.it/${VIDEO}`, '&include_raw=true'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      platform: 'reddit',
      postId: VIDEO,
      url: `https://v.redd.it/${VIDEO}`,
      language: 'en-US',
      text: 'This is the garden in spring. Tomatoes & beans grow fast.',
      cues: [
        { start: 0, end: 2.5, text: 'This is the garden in spring.' },
        { start: 2.5, end: 5, text: 'Tomatoes & beans' },
        { start: 5, end: 7.25, text: 'grow fast.' },
      ],
      durationSeconds: 47.5,
      source: 'captions',
    });
    expect(response.body.raw.rawVtt).toBe(fixture('captions.vtt'));
    expect(upstreamUrls(harness)).toEqual([`v.redd.it${DASH}`, `v.redd.it${CAPTIONS}`]);
  });

  it('resolves a post URL to its video first: one request more than the direct URL', async () => {
    serve(at('/comments/vd5e6f.json', json(fixture('post-thread-video.json'))), ...videoHost('dash-with-captions.mpd'));
    const response = await harness.get(transcript('https://www.reddit.com/r/examplesub/comments/vd5e6f/timelapse_of_the_garden/'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      postId: 'vd5e6f',
      url: 'https://www.reddit.com/r/examplesub/comments/vd5e6f/timelapse_of_the_garden/',
      durationSeconds: 47,
    });
    expect(upstreamUrls(harness)).toEqual([
      'www.reddit.com/comments/vd5e6f.json?limit=1&depth=1&raw_json=1',
      `v.redd.it${DASH}?a=1790000000%2CAbCd&v=1&f=sd`,
      `v.redd.it${CAPTIONS}`,
    ]);
  });

  it('answers a video without a caption file with an empty no_captions result, not charged', async () => {
    serve(...videoHost('dash-no-captions.mpd', 'hls-no-subtitles.m3u8'));
    const before = await balanceOf(harness);
    const response = await harness.get(transcript(`https://v.redd.it/${VIDEO}`, '&language=en-GB'));
    expectEmpty(response, 'single', 'no_captions');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('reports captions offered only as segmented HLS as 502 upstream_schema_drift, not charged', async () => {
    serve(...videoHost('dash-no-captions.mpd', 'hls-with-subtitles.m3u8'));
    const before = await balanceOf(harness);
    expectError(await harness.get(transcript(`https://v.redd.it/${VIDEO}`, '&language=en-US')), 502, 'upstream_schema_drift');
    expect(await balanceOf(harness)).toBe(before);
    expect(upstreamUrls(harness)).toEqual([`v.redd.it${DASH}`, `v.redd.it${HLS}`]);
  });

  it('answers a post linking to another site with an empty result after one request', async () => {
    serve(at('/comments/lk9i0j.json', json(fixture('post-thread-link.json'))));
    expectEmpty(await harness.get(transcript('lk9i0j')), 'single', 'not_hosted_video');
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/comments/lk9i0j.json?limit=1&depth=1&raw_json=1']);
  });

  it('answers a track in another language with an empty language_unavailable result', async () => {
    serve(...videoHost('dash-french-captions.mpd'));
    expectEmpty(await harness.get(transcript(`https://v.redd.it/${VIDEO}`, '&language=de')), 'single', 'language_unavailable');
  });
});
