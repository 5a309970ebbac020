import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAKE_INFERENCE_PATH, fakeEstimate } from '../../../src/families/inference/demo/fake-provider.js';
import { redfinPage, stingrayText } from '../../fixtures/realty/page-builder.js';
import { fixtures, rentalPage, salePage } from '../../fixtures/realty/pages.js';
import { atom, atomFeed, comment, fixture, json, text, thread } from '../../e2e/forum/support.js';
import type { FakeReply, FakeRoute, RecordedRequest } from '../../support/fake-upstream-server.js';
import { listing, postsByAuthors, userAbout } from '../../support/forum-data.js';
import { IMAGE_HOST } from './image-hosts.js';

/**
 * A healthy Reddit, Redfin and inference provider on one fake server, answering any resource by the shape of its
 * path (so every pair of the fault matrix can use a resource of its own and the cache of one
 * pair never answers another). Bodies are synthetic (test/fixtures, test/support/forum-data).
 */

const html = (body: string): FakeReply => text(body, 'text/html; charset=utf-8');

/** One post thread with one top-level comment that has one reply. */
function threadOf(postId: string, commentId = `c${postId}`) {
  const reply = comment(postId, { id: `r${commentId}`.slice(0, 13), parent: commentId, author: 'fault_replier' });
  return thread({ id: postId, author: 'fault_author', selftext: 'A healthy body.', numComments: 2 }, [
    comment(postId, { id: commentId, author: 'fault_commenter', replies: [reply] }),
  ]);
}

function subredditAbout(name: string) {
  const about = JSON.parse(fixture('about-subreddit.json')) as { data: Record<string, unknown> };
  about.data.display_name = name;
  about.data.display_name_prefixed = `r/${name}`;
  about.data.url = `/r/${name}/`;
  return about;
}

const FEED = atomFeed([
  { id: 'atfeed1', author: 'feed_writer', body: 'From the feed.' },
  { id: 'atfeed2', author: 'feed_reader' },
]);

/** Reddit and v.redd.it, healthy. */
export const healthyForum: FakeRoute = (_request, url) => {
  const path = url.pathname;
  if (url.hostname === 'v.redd.it') {
    if (path.endsWith('/DASHPlaylist.mpd')) return text(fixture('dash-with-captions.mpd'), 'application/dash+xml');
    if (path.endsWith('/HLSPlaylist.m3u8')) return text(fixture('hls-no-subtitles.m3u8'), 'application/vnd.apple.mpegurl');
    if (path.endsWith('/captions_en.vtt')) return text(fixture('captions.vtt'), 'text/vtt');
    return undefined;
  }
  if (url.hostname !== 'www.reddit.com') return undefined;
  if (path.endsWith('.rss')) {
    // A post's comment feed starts with the post itself.
    const post = /^\/comments\/([a-z0-9]+)\.rss$/.exec(path);
    return atom(post ? atomFeed([{ id: post[1]!, author: 'fault_author', body: 'From the feed.' }]) : FEED);
  }
  let match = /^\/comments\/([a-z0-9]+)\/_\/([a-z0-9]+)\.json$/.exec(path);
  if (match) return json(threadOf(match[1]!, match[2]!));
  match = /^\/comments\/([a-z0-9]+)\.json$/.exec(path);
  if (match) return json(threadOf(match[1]!));
  if (/^\/(r\/[^/]+\/)?search\.json$/.test(path))
    return json(listing([{ id: 'srch01', author: 'fault_author', selftext: 'Searchable body.' }]));
  match = /^\/r\/([^/]+)\/about\.json$/.exec(path);
  if (match) return json(subredditAbout(match[1]!));
  if (/^\/r\/[^/]+\/$/.test(path)) return html(fixture('subreddit-page.html'));
  if (/^\/r\/[^/]+\/(hot|new|top|rising|controversial)\.json$/.test(path)) return json(listing(postsByAuthors(3, 2)));
  match = /^\/user\/([^/]+)\/about\.json$/.exec(path);
  if (match) return json(userAbout(match[1]!));
  if (/^\/user\/[^/]+\/submitted\.json$/.test(path)) return json(listing(postsByAuthors(3, 1)));
  return undefined;
};

// ---------------------------------------------------------------- Redfin

const sale = fixtures.saleCom();
const rental = fixtures.rentalBuilding();
const agent = fixtures.agent();
export const SALE_PATH = new URL(sale.url).pathname;
/** The same home on a page that lacks belowTheFold: the gateway asks stingray for it. */
export const SALE_SECONDARY_PATH = '/TX/Austin/7-Secondary-Surface-Ln-78745/home/90000001';
export const RENTAL_PATH = new URL(rental.url).pathname;
export const AGENT_PATH = new URL(agent.url).pathname;
export const CITY_PATH = '/city/30818/TX/Austin';
/** A filtered zip-code search whose page embeds no results: the gateway asks the gis API. */
export const ZIP_SECONDARY_PATH = '/zipcode/78704/filter/property-type=house,min-beds=3';

const gisQuery = { al: 1, num_homes: 40, ord: 'redfin-recommended-asc', page_number: 1, region_id: 30818, region_type: 6, status: 9, v: 8 };

const REDFIN_PAGES: Record<string, () => string> = {
  [SALE_PATH]: () => salePage(sale),
  [SALE_SECONDARY_PATH]: () => salePage({ ...sale, url: `https://www.redfin.com${SALE_SECONDARY_PATH}` }, { omit: ['belowTheFold'] }),
  [RENTAL_PATH]: () => rentalPage(rental),
  [AGENT_PATH]: () =>
    redfinPage({
      cache: [{ key: '/stingray/api/agents/profile', queryParams: { agentSlug: 'marisol-vega' }, body: agent.profile }],
      jsonLd: agent.jsonLd as unknown[],
    }),
  [CITY_PATH]: () => redfinPage({ cache: [{ key: '/stingray/api/gis', queryParams: gisQuery, body: fixtures.gis() }] }),
  [ZIP_SECONDARY_PATH]: () =>
    redfinPage({
      cache: [{ key: '/stingray/api/region/shared-region-info', queryParams: { region_id: 37863, region_type: 2 }, body: {} }],
    }),
};

/** www.redfin.com, healthy: the pages above, belowTheFold and gis on stingray; other stingray calls 404. */
export const healthyRealty: FakeRoute = (_request, url) => {
  if (url.hostname !== 'www.redfin.com') return undefined;
  const page = REDFIN_PAGES[url.pathname];
  if (page) return html(page());
  if (url.pathname === '/stingray/api/home/details/belowTheFold')
    return { body: stingrayText(sale.belowTheFold), headers: { 'content-type': 'application/json' } };
  if (url.pathname === '/stingray/api/gis') return { body: stingrayText(fixtures.gis()), headers: { 'content-type': 'application/json' } };
  return undefined;
};

// ---------------------------------------------------------------- GitHub

const codeFixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../fixtures/code/${name}`, import.meta.url)), 'utf8');
const api = (name: string): FakeReply => ({
  body: codeFixture(name),
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '9999999999' },
});

/** api.github.com and github.com, healthy: any account, repository or issue by the shape of its path. */
export const healthyCode: FakeRoute = (_request, url) => {
  const path = url.pathname;
  if (url.hostname === 'github.com') {
    if (path === '/trending/developers' || path.startsWith('/trending/developers/')) return html(codeFixture('trending-developers.html'));
    if (path === '/trending' || path.startsWith('/trending/')) return html(codeFixture('trending.html'));
    return undefined;
  }
  if (url.hostname !== 'api.github.com') return undefined;
  if (path === '/search/repositories') return api('search.json');
  if (/^\/users\/[^/]+\/repos$/.test(path)) return api('repo-list.json');
  if (/^\/users\/[^/]+\/events\/public$/.test(path)) return api('events.json');
  if (/^\/users\/[^/]+$/.test(path)) return api('user-person.json');
  if (/^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(path)) return api('comments.json');
  if (/^\/repos\/[^/]+\/[^/]+\/issues\/\d+$/.test(path)) return api('issue.json');
  if (/^\/repos\/[^/]+\/[^/]+\/issues$/.test(path)) return api('issues.json');
  if (/^\/repos\/[^/]+\/[^/]+$/.test(path)) return api('repo.json');
  return undefined;
};

// ---------------------------------------------------------------- inference provider

/** The path of INFERENCE_URL on the fake server. */
export const PROVIDER_PATH = FAKE_INFERENCE_PATH;

/**
 * A provider request comes to the fake server directly (INFERENCE_URL), not through the
 * UPSTREAM_ORIGINS rewrite, so it carries no x-forwarded-host: that and its path tell it apart.
 */
export const isProviderRequest = (request: RecordedRequest, url: URL): boolean =>
  request.host === undefined && request.method === 'POST' && url.pathname === PROVIDER_PATH;

/** The provider contract, healthy: the demo's deterministic estimate for the image URL. */
export const healthyInference: FakeRoute = (request, url) => {
  if (!isProviderRequest(request, url)) return undefined;
  try {
    return fakeEstimate((JSON.parse(request.body) as { imageUrl: string }).imageUrl);
  } catch {
    return { status: 400, body: { error: 'body is not the contract request' } };
  }
};

// ---------------------------------------------------------------- scenarios

/** REST parameters naming a resource of its own for each `variant`, served healthy by the routes above. */
export type Scenario = (variant: number) => Record<string, string>;

const id = (prefix: string, variant: number) => `${prefix}${variant.toString(36)}`;
/** Realty pages are fixed; a query on the caller's URL keeps each variant's cache entry apart. */
const redfin = (path: string, variant: number) => `https://www.redfin.com${path}?variant=${variant}`;

/**
 * One healthy request per catalogue endpoint. The matrix fails when an endpoint of the
 * catalogue has no scenario here, so a new endpoint cannot slip past it.
 */
export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  '/v1/forum/post': (n) => ({ url: id('fp', n) }),
  '/v1/forum/post/comments': (n) => ({ url: id('fc', n) }),
  '/v1/forum/post/comment/replies': (n) => ({ url: `${id('fr', n)}:${id('cr', n)}` }),
  '/v1/forum/post/transcript': (n) => ({ url: `https://v.redd.it/${id('vt', n)}` }),
  '/v1/forum/search': (n) => ({ query: `fault matrix ${n}` }),
  '/v1/forum/subreddit': (n) => ({ subreddit: id('fs_', n) }),
  '/v1/forum/subreddit/details': (n) => ({ subreddit: id('fd_', n) }),
  '/v1/forum/user': (n) => ({ username: id('fu_', n) }),
  '/v1/forum/user/posts': (n) => ({ username: id('fup_', n) }),
  '/v1/realty/for-sale': (n) => ({ url: redfin(SALE_PATH, n) }),
  '/v1/realty/for-rent': (n) => ({ url: redfin(RENTAL_PATH, n) }),
  '/v1/realty/agent': (n) => ({ url: redfin(AGENT_PATH, n) }),
  '/v1/realty/search': (n) => ({ url: redfin(CITY_PATH, n) }),
  '/v1/code/user': (n) => ({ username: id('cu-', n) }),
  '/v1/code/user/repos': (n) => ({ username: id('cur-', n) }),
  '/v1/code/user/activity': (n) => ({ username: id('cua-', n) }),
  '/v1/code/repo': (n) => ({ repo: `fault-owner/${id('r', n)}` }),
  '/v1/code/repo/issues': (n) => ({ repo: `fault-owner/${id('ri', n)}` }),
  '/v1/code/issue': (n) => ({ url: `fault-owner/${id('i', n)}#1` }),
  '/v1/code/issue/comments': (n) => ({ url: `fault-owner/${id('ic', n)}#1` }),
  '/v1/code/search': (n) => ({ query: `fault ${n}` }),
  // The boards take no resource name: a language of its own keeps each variant's cache entry apart.
  '/v1/code/trending': (n) => ({ language: id('lang', n) }),
  '/v1/code/trending/developers': (n) => ({ language: id('devlang', n) }),
  // A name (the hardening resolver answers it with a public address), so the host check runs on every request.
  '/v1/detect-age-gender': (n) => ({ url: `https://${IMAGE_HOST}/hardening/${id('img', n)}.jpg` }),
};

/** The first request of a realty fetch is the page itself; everything else is a secondary surface. */
export const isRedfinPage = (request: RecordedRequest, url: URL): boolean =>
  request.host?.startsWith('www.redfin.') === true && !url.pathname.startsWith('/stingray/');
