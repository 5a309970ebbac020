import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import type { FakeReply } from '../../support/fake-upstream-server.js';
import { FILES_HOST, VTT, appleBody, episodeRecord, notesFeed, showRecord } from './fixtures/world.js';

/**
 * A healthy Apple and healthy feeds for the hardening suites: any show id is a show whose feed is
 * on one of many feed hosts (so no two requests of a run share a cached answer), any episode id
 * an episode of it, every feed the synthetic show's feed. Faults hit Apple, the first request of
 * every endpoint: a show whose feed fails is still served from Apple with a warning.
 */

/** Many feed hosts, one per show id: the hardening runs ask hundreds of distinct shows. */
export const HEALTHY_FEED_HOSTS = Array.from({ length: 2000 }, (_, index) => `healthy-feed-${index}.example.org`);
const feedHostOf = (id: string): string => HEALTHY_FEED_HOSTS[Number(id) % HEALTHY_FEED_HOSTS.length]!;

const apple = (results: Record<string, unknown>[]): FakeReply => ({
  status: 200,
  body: appleBody(results),
  headers: { 'content-type': 'text/javascript; charset=utf-8' },
});

const SHOW_BASE = 700_100_000;
const EPISODE_BASE = 1_000_700_000_000;

export const healthy: HealthyFamily = {
  callerHosts: [...HEALTHY_FEED_HOSTS, FILES_HOST],
  // Apple's 403 is its throttle (429, Apple left alone for a minute), never a block page.
  faultExpectations: {
    '403 HTML block page': { status: 429, code: 'upstream_rate_limited', retryAfter: '60' },
    '403 JSON': { status: 429, code: 'upstream_rate_limited', retryAfter: '60' },
  },
  faultTarget: (request) => request.host === 'itunes.apple.com',
  // The suites send hundreds of requests a minute: Apple's real pace would queue them.
  env: { PODCASTS_ITUNES_PER_MINUTE: '600' },
  route: (request, url) => {
    if (request.host === 'itunes.apple.com') {
      const id = url.searchParams.get('id') ?? '';
      if (url.pathname === '/search') return apple([showRecord(String(SHOW_BASE), `https://${feedHostOf('0')}/feed.xml`)]);
      if (url.searchParams.get('entity') === 'podcastEpisode') {
        const show = String(SHOW_BASE + (Number(id) % 1000));
        return apple([
          episodeRecord('notes-0004', { trackId: Number(id), collectionId: Number(show), feedUrl: `https://${feedHostOf(show)}/feed.xml` }),
        ]);
      }
      return apple([showRecord(id, `https://${feedHostOf(id)}/feed.xml`)]);
    }
    if (url.pathname === '/feed.xml') return { status: 200, body: notesFeed(), headers: { 'content-type': 'application/rss+xml' } };
    if (url.pathname.startsWith('/t/')) return { status: 200, body: VTT, headers: { 'content-type': 'text/vtt' } };
    return undefined;
  },
  scenarios: {
    '/v1/podcasts/search': (variant) => ({ query: `healthy ${variant}` }),
    '/v1/podcasts/show': (variant) => ({ show: String(SHOW_BASE + variant) }),
    '/v1/podcasts/show/episodes': (variant) => ({ show: String(SHOW_BASE + variant) }),
    '/v1/podcasts/episode': (variant) => ({ id: String(EPISODE_BASE + variant) }),
    '/v1/podcasts/episode/transcript': (variant) => ({ show: String(SHOW_BASE + variant), guid: 'notes-0004' }),
  },
};
