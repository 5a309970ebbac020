import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../src/catalogue/resource.js';
import { newsEdges } from '../../../src/families/news/graph.js';
import { edgeKitOf } from '../../../src/schema/edges/edge-kit.js';
import { catalogue } from '../../support/registered-catalogue.js';

/**
 * Which story links Post.linkedRepository follows: the code family's /v1/code/repo forms and parser
 * read the link through the kit, so the edge keys a repository page (any tail) by the repository and
 * every other link by nothing, before any request.
 */
const kit = edgeKitOf(catalogue);
const repoEndpoint = kit.endpoint('/v1/code/repo');
const edge = newsEdges(kit).find((each) => each.on === 'Post' && each.field === 'linkedRepository')!;
const keyOf = (linkUrl: string | null) => edge.key({ platform: 'hackernews', id: '1', linkUrl } as unknown as Resource, {});

describe('Post.linkedRepository', () => {
  it.each([
    ['https://github.com/lumen-works/ferrite/tree/main/docs#readme', 'lumen-works/ferrite'],
    ['https://github.com/Lumen-Works/Ferrite/issues/5', 'lumen-works/ferrite'],
    ['http://www.github.com/a/b.git', 'a/b'],
  ])('reads %s as the repository %s', (link, repo) => {
    expect(kit.paramsForUrl(repoEndpoint, link)).toEqual({ repo });
    expect(keyOf(link)).not.toBeNull();
  });

  it('keys two links to one repository alike, so they share one load', () => {
    expect(keyOf('https://github.com/Lumen-Works/ferrite/pull/3')).toBe(keyOf('https://www.github.com/lumen-works/ferrite.git'));
    expect(keyOf('https://github.com/lumen-works/ferrite')).not.toBe(keyOf('https://github.com/lumen-works/other'));
  });

  it.each([
    'https://github.com/lumen-works',
    'https://github.com/topics/rust',
    'https://github.com/features/actions',
    'https://github.com/orgs/lumen-works/people',
    'https://github.com/users/lumen-works',
    'https://gitlab.com/a/b',
    'https://github.com.evil.example/a/b',
    'https://api.github.com/repos/a/b',
    'ftp://github.com/a/b',
    'not a link',
  ])('reads %s as no repository, and keys nothing to load', (link) => {
    expect(kit.paramsForUrl(repoEndpoint, link)).toBeNull();
    expect(keyOf(link)).toBeNull();
  });

  it('keys nothing for a story without a link', () => {
    expect(keyOf(null)).toBeNull();
  });
});
