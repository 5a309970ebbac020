import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { readUrl, refusalOf } from '../../support/resolve-url.js';

/** The forum's pages as /v1/resolve reads them: host aliases, short links and tracking parameters read as the page itself. */
describe('forum URL forms', () => {
  it.each([
    [
      'https://old.reddit.com/r/redditdev/comments/1abc2d/title/?utm_source=share&utm_medium=web',
      'https://www.reddit.com/r/redditdev/comments/1abc2d/',
    ],
    ['https://redd.it/1abc2d', 'https://www.reddit.com/comments/1abc2d'],
    ['https://m.reddit.com/r/redditdev', 'https://www.reddit.com/r/redditdev/'],
  ])('reads %s as %s reads', (first, second) => {
    expect(readUrl(catalogue, first)).toEqual(readUrl(catalogue, second));
  });

  it('refuses a settings page, which is no resource', () => {
    expect(refusalOf(catalogue, 'https://www.reddit.com/settings/')).toMatchObject({ details: { param: 'url' } });
  });
});
