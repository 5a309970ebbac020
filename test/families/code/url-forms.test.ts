import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { readUrl, refusalOf } from '../../support/resolve-url.js';

/** The code family's pages as /v1/resolve reads them: the www. alias, case, tracking parameters and anchors read as the page itself. */
describe('code URL forms', () => {
  it.each([
    ['https://www.github.com/Octocat/Hello-World/?utm_campaign=x', 'https://github.com/octocat/hello-world'],
    ['https://github.com/octocat/hello-world/issues/1#issuecomment-1', 'https://github.com/octocat/Hello-World/issues/1'],
  ])('reads %s as %s reads', (first, second) => {
    expect(readUrl(catalogue, first)).toEqual(readUrl(catalogue, second));
  });

  it.each(['https://github.com/settings', 'https://github.com/login'])('refuses %s, a page that is no resource', (url) => {
    expect(refusalOf(catalogue, url)).toMatchObject({ details: { param: 'url' } });
  });
});
