import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { parseSubredditRef, parseUsernameRef } from '../../../src/families/forum/input/name-ref.js';
import { parseCommentRef, parsePostRef, parseVideoRef } from '../../../src/families/forum/input/post-ref.js';

/** Expects invalid_request naming `param`, with a message that lists accepted forms. */
function expectInvalid(run: () => unknown, param: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe('invalid_request');
    expect((error as GatewayError).details).toEqual({ param });
    expect((error as GatewayError).message).toMatch(new RegExp(`^${param} must be `));
    return;
  }
  throw new Error('expected invalid_request');
}

describe('parsePostRef', () => {
  it.each([
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b',
    'https://old.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
    'https://new.reddit.com/r/examplesub/comments/tx1a2b/x/',
    'https://np.reddit.com/r/examplesub/comments/tx1a2b/x/',
    'https://reddit.com/r/examplesub/comments/tx1a2b/x/',
    'http://www.reddit.com/r/examplesub/comments/tx1a2b/x/',
    'www.reddit.com/r/examplesub/comments/tx1a2b/x/',
    'reddit.com/comments/tx1a2b',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend/?utm_source=share&utm_medium=web2x',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend/c00002/',
    'https://www.reddit.com/comments/tx1a2b/',
    'https://www.reddit.com/gallery/tx1a2b',
    '/r/examplesub/comments/tx1a2b/weekend/',
    'r/examplesub/comments/tx1a2b',
    'https://redd.it/tx1a2b',
    'redd.it/tx1a2b',
    'tx1a2b',
    '  tx1a2b  ',
    'TX1A2B',
    't3_tx1a2b',
  ])('reads %s', (input) => {
    expect(parsePostRef(input)).toBe('tx1a2b');
  });

  it.each([
    'https://evil.example/r/x/comments/tx1a2b/',
    'https://reddit.com.evil.example/comments/tx1a2b',
    'javascript:alert(1)',
    'ftp://www.reddit.com/comments/tx1a2b',
    'https://www.reddit.com/r/examplesub/',
    'https://www.reddit.com/r/examplesub/comments/',
    'tx1a2b/../../admin',
    'tx1 a2b',
    't3_',
    'x'.repeat(14),
    'https://www.reddit.com/r/examplesub/comments/tx%2Fa2b/',
    'https://www.reddit.com/r/examplesub/comments/%E0%A4%A/',
  ])('rejects %s', (input) => {
    expectInvalid(() => parsePostRef(input), 'url');
  });
});

describe('parseCommentRef', () => {
  it.each([
    'tx1a2b:c00002',
    't3_tx1a2b:t1_c00002',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/c00002/',
    'https://old.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/c00002/?context=3',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/comment/c00002/',
    'https://www.reddit.com/comments/tx1a2b/_/c00002',
    '/r/examplesub/comments/tx1a2b/weekend/c00002',
  ])('reads %s', (input) => {
    expect(parseCommentRef(input)).toEqual({ postId: 'tx1a2b', commentId: 'c00002' });
  });

  it.each([
    'tx1a2b',
    'tx1a2b:',
    ':c00002',
    'tx1a2b:c00002:x',
    'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend/',
    'https://evil.example/r/x/comments/tx1a2b/s/c00002/',
  ])('rejects %s', (input) => {
    expectInvalid(() => parseCommentRef(input), 'url');
  });
});

describe('parseVideoRef', () => {
  it('reads v.redd.it URLs as videos', () => {
    expect(parseVideoRef('https://v.redd.it/vid0example1')).toEqual({ kind: 'video', videoId: 'vid0example1' });
    expect(parseVideoRef('https://v.redd.it/vid0example1/DASHPlaylist.mpd')).toEqual({ kind: 'video', videoId: 'vid0example1' });
    expect(parseVideoRef('v.redd.it/vid0example1')).toEqual({ kind: 'video', videoId: 'vid0example1' });
  });

  it('reads post URLs and ids as posts', () => {
    expect(parseVideoRef('https://www.reddit.com/r/examplesub/comments/vd5e6f/timelapse/')).toEqual({ kind: 'post', postId: 'vd5e6f' });
    expect(parseVideoRef('vd5e6f')).toEqual({ kind: 'post', postId: 'vd5e6f' });
  });

  it.each(['https://v.redd.it/', 'https://v.redd.it/bad-id!', 'https://youtube.com/watch?v=x', 'https://i.redd.it/q9w8e7r6t5y4.jpeg'])(
    'rejects %s',
    (input) => {
      expectInvalid(() => parseVideoRef(input), 'url');
    },
  );
});

describe('parseSubredditRef', () => {
  it.each([
    'examplesub',
    'r/examplesub',
    '/r/examplesub',
    '/r/examplesub/',
    'R/examplesub',
    'https://www.reddit.com/r/examplesub/',
    'https://www.reddit.com/r/examplesub/top/?t=week',
    'https://old.reddit.com/r/examplesub',
    'reddit.com/r/examplesub',
  ])('reads %s', (input) => {
    expect(parseSubredditRef(input)).toBe('examplesub');
  });

  it('keeps the case the caller used', () => {
    expect(parseSubredditRef('r/AskReddit')).toBe('AskReddit');
  });

  it.each([
    '',
    'a',
    'x'.repeat(22),
    'ex ample',
    'ex-ample',
    'r/',
    'https://evil.example/r/examplesub',
    'https://www.reddit.com/user/examplesub',
    '../examplesub',
    'all+pics',
  ])('rejects %j', (input) => {
    expectInvalid(() => parseSubredditRef(input, 'subreddit'), 'subreddit');
  });
});

describe('parseUsernameRef', () => {
  it.each([
    'maple_writer',
    'u/maple_writer',
    '/u/maple_writer',
    '/user/maple_writer',
    'user/maple_writer',
    'https://www.reddit.com/user/maple_writer/',
    'https://www.reddit.com/user/maple_writer/submitted/',
    'https://www.reddit.com/u/maple_writer',
    'https://old.reddit.com/user/maple_writer',
  ])('reads %s', (input) => {
    expect(parseUsernameRef(input)).toBe('maple_writer');
  });

  it('accepts hyphens', () => {
    expect(parseUsernameRef('redditdev-karl')).toBe('redditdev-karl');
  });

  it.each([
    'ab',
    'x'.repeat(21),
    'maple writer',
    '@maple_writer',
    'https://evil.example/user/maple_writer',
    'https://www.reddit.com/r/maple_writer',
    'u/',
  ])('rejects %j', (input) => {
    expectInvalid(() => parseUsernameRef(input), 'username');
  });
});
