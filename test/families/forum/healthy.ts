import { atom, atomFeed, comment, fixture, json, text, thread } from './e2e/support.js';
import { html } from '../../../src/demo-kit/replies.js';
import type { FakeRoute } from '../../support/fake-upstream-server.js';
import { listing, postsByAuthors, userAbout } from './forum-data.js';
import type { HealthyFamily } from '../../hardening/support/healthy-family.js';

/**
 * A healthy Reddit and v.redd.it for the hardening suites, answering any resource by the shape
 * of its path (so every pair of the fault matrix can use a resource of its own and the cache of
 * one pair never answers another). Bodies are synthetic.
 */

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
const route: FakeRoute = (_request, url) => {
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

const id = (prefix: string, variant: number) => `${prefix}${variant.toString(36)}`;

/** Every forum surface (JSON, Atom feed, community page, v.redd.it) is a fault target. */
export const healthy: HealthyFamily = {
  route,
  scenarios: {
    '/v1/forum/post': (n) => ({ url: id('fp', n) }),
    '/v1/forum/post/comments': (n) => ({ url: id('fc', n) }),
    '/v1/forum/post/comment/replies': (n) => ({ url: `${id('fr', n)}:${id('cr', n)}` }),
    '/v1/forum/post/transcript': (n) => ({ url: `https://v.redd.it/${id('vt', n)}` }),
    '/v1/forum/search': (n) => ({ query: `fault matrix ${n}` }),
    '/v1/forum/subreddit': (n) => ({ subreddit: id('fs_', n) }),
    '/v1/forum/subreddit/details': (n) => ({ subreddit: id('fd_', n) }),
    '/v1/forum/user': (n) => ({ username: id('fu_', n) }),
    '/v1/forum/user/posts': (n) => ({ username: id('fup_', n) }),
  },
  pages: [
    'https://old.reddit.com/r/resolvers/comments/rs1abc/a_title/?utm_source=share&utm_medium=web',
    'https://www.reddit.com/r/fd_resolve/',
    'https://www.reddit.com/user/fu_resolve/',
  ],
};
