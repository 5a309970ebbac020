import { describe, expect, it } from 'vitest';
import { socialFeedEndpoint } from '../../../src/families/social/endpoints/feed.js';
import { socialListEndpoint } from '../../../src/families/social/endpoints/list.js';
import { socialPostEndpoint } from '../../../src/families/social/endpoints/post.js';
import { socialProfileEndpoint } from '../../../src/families/social/endpoints/profile.js';
import { socialSearchUsersEndpoint } from '../../../src/families/social/endpoints/search-users.js';
import { parseActor, parseRecord } from '../../../src/families/social/input/refs.js';
import { GatewayError } from '../../../src/errors.js';
import { didFor } from '../../../src/families/social/demo/views.js';

const DID = 'did:plc:ntd53albt5ffa4rgervvgibd';

function refusal(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('accounts', () => {
  it('reads a handle, an @handle, a DID and a profile URL into one canonical actor', () => {
    for (const input of [
      'JBGruber.bsky.social',
      '@jbgruber.bsky.social',
      ' jbgruber.bsky.social ',
      'https://bsky.app/profile/jbgruber.bsky.social',
      'https://bsky.app/profile/JBGruber.bsky.social/?ref=x',
      'https://www.bsky.app/profile/jbgruber.bsky.social',
    ]) {
      expect(parseActor(input)).toBe('jbgruber.bsky.social');
    }
    expect(parseActor(DID)).toBe(DID);
    expect(parseActor(`https://bsky.app/profile/${DID}`)).toBe(DID);
    expect(parseActor('did:web:Example.COM')).toBe('did:web:example.com');
  });

  it('refuses anything else with 400 naming the parameter', () => {
    for (const input of [
      'jbgruber',
      '@',
      'did:plc:short',
      'did:key:zabc',
      'https://twitter.com/profile/a.b',
      'https://bsky.app/profile/a.b/post/x',
      'ftp://bsky.app/profile/a.b',
      'a..b',
      '-a.b',
      'a.1b',
      'https://bsky.app:8443/profile/a.b',
      'x'.repeat(300) + '.com',
    ]) {
      const error = refusal(() => parseActor(input, 'handle'));
      expect(error.code).toBe('invalid_request');
      expect(error.details).toEqual({ param: 'handle' });
    }
  });

  it('canonicalises before any request, so equivalent inputs share one cache entry', () => {
    const canonical = (handle: string) => socialProfileEndpoint.normaliseParams!(socialProfileEndpoint.params.parse({ handle }));
    expect(canonical('@JBGruber.bsky.social')).toEqual(canonical('https://bsky.app/profile/jbgruber.bsky.social'));
  });
});

describe('records', () => {
  it('reads post, feed and list URLs and at:// URIs', () => {
    expect(parseRecord('https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v', 'post')).toEqual({
      actor: 'jbgruber.bsky.social',
      rkey: '3kbi55xm6u62v',
    });
    expect(parseRecord(`at://${DID}/app.bsky.feed.post/3kbi55xm6u62v`, 'post')).toEqual({ actor: DID, rkey: '3kbi55xm6u62v' });
    expect(parseRecord('https://bsky.app/profile/bsky.app/feed/bsky-team/', 'feed')).toEqual({ actor: 'bsky.app', rkey: 'bsky-team' });
    expect(parseRecord(`at://${DID}/app.bsky.graph.list/3kmokjyuflk2g`, 'list')).toEqual({ actor: DID, rkey: '3kmokjyuflk2g' });
    const post = socialPostEndpoint.normaliseParams!({ url: 'https://bsky.app/profile/JBGruber.bsky.social/post/3kbi55xm6u62v?ref=share' });
    expect(post.url).toBe('at://jbgruber.bsky.social/app.bsky.feed.post/3kbi55xm6u62v');
  });

  it('refuses another collection, another host, a bad key or a malformed URL, naming url', () => {
    const cases: [string, 'post' | 'feed' | 'list'][] = [
      [`at://${DID}/app.bsky.feed.generator/abc`, 'post'],
      [`at://${DID}/app.bsky.feed.post/abc`, 'list'],
      [`at://${DID}/app.bsky.feed.post`, 'post'],
      ['https://bsky.app/profile/a.b/lists/abc', 'feed'],
      ['https://example.com/profile/a.b/post/abc', 'post'],
      ['https://bsky.app/profile/a.b/post/..', 'post'],
      ['https://bsky.app/profile/a.b/post/abc/extra', 'post'],
      ['https://bsky.app/profile/nodot/post/abc', 'post'],
      ['not a url', 'post'],
    ];
    for (const [input, kind] of cases) {
      const error = refusal(() => parseRecord(input, kind, 'url'));
      expect([input, error.code, error.details]).toEqual([input, 'invalid_request', { param: 'url' }]);
    }
  });

  it('refuses a blank query and a cursor with control characters before any request', () => {
    expect(refusal(() => socialSearchUsersEndpoint.normaliseParams!({ query: '   ', limit: 25 })).details).toEqual({ param: 'query' });
    const list = socialListEndpoint.params.parse({ url: `at://${didFor('a.example.com')}/app.bsky.graph.list/x`, cursor: 'a\nb' });
    expect(refusal(() => socialListEndpoint.normaliseParams!(list)).details).toEqual({ param: 'cursor' });
    expect(socialFeedEndpoint.params.safeParse({ url: 'x', limit: 101 }).success).toBe(false);
  });
});
