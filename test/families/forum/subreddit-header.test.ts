import { describe, expect, it } from 'vitest';
import { parseCount, parseSubredditHeader, startTagAttributes } from '../../../src/families/forum/html/subreddit-header.js';
import { fixture } from './support.js';

describe('parseSubredditHeader', () => {
  it('reads the shreddit header attributes', () => {
    const header = parseSubredditHeader(fixture('subreddit-page.html'));
    expect(header).toMatchObject({
      id: '5x4m9',
      name: 'examplesub',
      title: 'Example Gardening',
      description: 'A place for gardeners & growers. Say "hi" > lurk.',
      iconUrl: 'https://styles.redditmedia.com/t5_5x4m9/styles/communityIcon_abc.png?width=256&s=f00',
      bannerUrl: null,
      weeklyVisitors: 48213,
      weeklyContributions: 1204,
    });
    expect(header?.attributes['subscribers']).toBe('123456');
  });

  it('is null for a page without the header', () => {
    expect(parseSubredditHeader(fixture('subreddit-page-no-header.html'))).toBeNull();
  });

  it('accepts older attribute spellings and missing figures', () => {
    const header = parseSubredditHeader(
      "<shreddit-subreddit-header prefixed-name='r/Other_Sub' public-description='Hi'></shreddit-subreddit-header>",
    );
    expect(header).toMatchObject({
      id: null,
      name: 'Other_Sub',
      title: null,
      description: 'Hi',
      weeklyVisitors: null,
      weeklyContributions: null,
    });
  });
});

describe('helpers', () => {
  it('reads quoted, unquoted and bare attributes', () => {
    const attributes = startTagAttributes('<x-el a="1 > 2" b=\'two\' c=three hidden>', 'x-el');
    expect(Object.fromEntries(attributes ?? [])).toEqual({ a: '1 > 2', b: 'two', c: 'three', hidden: '' });
  });

  it('parses counts with separators and suffixes', () => {
    expect([
      parseCount('1,204'),
      parseCount('48K'),
      parseCount('1.5m'),
      parseCount('12'),
      parseCount('n/a'),
      parseCount(undefined),
    ]).toEqual([1204, 48000, 1500000, 12, null, null]);
  });
});
