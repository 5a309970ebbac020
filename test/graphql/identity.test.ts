import { describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { listPolicies } from '../../src/client/generated/list-policies.js';
import { gatewayTypePolicies } from '../../src/client/index.js';
import { listPolicySpec } from '../../src/client/list-policies.js';
import { registeredFamilies } from '../../src/families/registry.js';
import { validateRequest } from '../../src/pipeline/params.js';
import { decodeGlobalId, encodeGlobalId, RefetchRegistry } from '../../src/schema/identity/global-id.js';
import { buildSchema } from '../../src/schema/index.js';
import { enumValueName } from '../../src/schema/enum-values.js';

const registry = new RefetchRegistry(registeredFamilies.flatMap((family) => family.refetch ?? []));

describe('global ids', () => {
  it('round-trips type, platform and key, and refuses anything else', () => {
    const identity = { type: 'Creator', platform: 'reddit', key: 'community:examplesub', refetchable: true };
    expect(decodeGlobalId(encodeGlobalId(identity))).toEqual(identity);
    for (const id of [
      '',
      'not base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["Post","x","k",2]').toString('base64url'),
      'A'.repeat(5000),
    ]) {
      expect(decodeGlobalId(id)).toBeNull();
    }
  });

  it('tells a user from a community with the same native id', () => {
    const user = { platform: 'reddit', id: 'ab12cd', handle: 'ab12cd', url: 'https://www.reddit.com/user/ab12cd/' };
    const community = { platform: 'reddit', id: 'ab12cd', handle: 'ab12cd', url: 'https://www.reddit.com/r/ab12cd/' };
    expect(encodeGlobalId(registry.identify('Creator', user))).not.toBe(encodeGlobalId(registry.identify('Creator', community)));
  });

  it('gives the same resource the same id on another platform only if the platform matches', () => {
    const a = registry.identify('Post', { platform: 'reddit', id: 'p1', url: null });
    const b = registry.identify('Post', { platform: 'github', id: 'p1', url: null });
    expect(encodeGlobalId(a)).not.toBe(encodeGlobalId(b));
  });
});

describe('refetch declarations', () => {
  const cases: { type: string; resource: Record<string, unknown>; endpoint: string; params: Record<string, unknown> }[] = [
    { type: 'Post', resource: { platform: 'reddit', id: 'gq0001' }, endpoint: '/v1/forum/post', params: { url: 'gq0001' } },
    {
      type: 'Creator',
      resource: { platform: 'reddit', handle: 'maple_writer', url: 'https://www.reddit.com/user/maple_writer/' },
      endpoint: '/v1/forum/user',
      params: { username: 'maple_writer' },
    },
    {
      type: 'Creator',
      resource: { platform: 'reddit', handle: 'examplesub', url: 'https://www.reddit.com/r/examplesub/' },
      endpoint: '/v1/forum/subreddit/details',
      params: { subreddit: 'examplesub' },
    },
    {
      type: 'Repository',
      resource: { platform: 'github', fullName: 'lumen-works/ferrite' },
      endpoint: '/v1/code/repo',
      params: { repo: 'lumen-works/ferrite' },
    },
    {
      type: 'Creator',
      resource: { platform: 'github', handle: 'lumen-works' },
      endpoint: '/v1/code/user',
      params: { username: 'lumen-works' },
    },
    {
      type: 'Post',
      resource: { platform: 'github', url: 'https://github.com/lumen-works/ferrite/pull/12' },
      endpoint: '/v1/code/issue',
      params: { url: 'lumen-works/ferrite#12' },
    },
    {
      type: 'PropertyListing',
      resource: { platform: 'redfin', listingType: 'rent', url: 'https://www.redfin.ca/bc/vancouver/1-A-St/home/90000070' },
      endpoint: '/v1/realty/for-rent',
      params: { url: 'https://www.redfin.ca/bc/vancouver/1-A-St/home/90000070', tld: 'ca' },
    },
    {
      type: 'RealEstateAgent',
      resource: { platform: 'redfin', url: 'https://www.redfin.com/real-estate-agents/jane-doe' },
      endpoint: '/v1/realty/agent',
      params: { url: 'https://www.redfin.com/real-estate-agents/jane-doe', tld: 'com' },
    },
  ];
  for (const { type, resource, endpoint, params } of cases) {
    it(`fetches ${type} on ${String(resource.platform)} again through ${endpoint}`, () => {
      const identity = registry.identify(type, resource);
      expect(identity.refetchable).toBe(true);
      const target = registry.declaration(type, String(resource.platform))!.fetch(identity.key);
      expect(target).toEqual({ endpoint, params });
      const definition = catalogue.byPath.get(endpoint)!;
      expect(definition.returns).toMatchObject({ kind: 'single', type });
      expect(() => validateRequest(definition, target!.params)).not.toThrow();
    });
  }

  it('derives an identifying key, not refetchable, for resources without a declaration', () => {
    expect(registry.identify('Comment', { platform: 'reddit', id: 'c1', postId: 'p1' })).toMatchObject({ refetchable: false });
    expect(registry.identify('Creator', { platform: 'reddit', id: 'x', handle: 'x', url: null })).toMatchObject({ refetchable: false });
  });
});

describe('enums and cache policies', () => {
  it('names REST values as GraphQL enum values', () => {
    expect(['best-match', 'for-sale', 'content.changed', 'daily', 'under_offer'].map(enumValueName)).toEqual([
      'BEST_MATCH',
      'FOR_SALE',
      'CONTENT_CHANGED',
      'DAILY',
      'UNDER_OFFER',
    ]);
  });

  it('ships list policies that match the schema: run `npm run codegen` after changing it', () => {
    expect(listPolicies).toEqual(listPolicySpec(buildSchema(catalogue)));
    const policies = gatewayTypePolicies();
    expect(policies.CommentList).toEqual({ keyFields: false });
    expect(policies.Post?.fields?.comments).toEqual({ merge: true });
    expect(policies.Query?.fields?.forumSubreddit).toEqual({ merge: true });
  });
});
