import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EdgeKit, EdgeLoad, EdgeLoadContext } from '../../src/catalogue/edge.js';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import { countParam } from '../../src/catalogue/query-params.js';
import {
  commentAuthor,
  creatorPosts,
  edgePageBounds,
  fieldsOfKey,
  fromParent,
  keyFields,
  keyField,
  pagedKey,
  postAuthor,
  postComments,
  postTranscript,
  splitPagedKey,
  textOf,
  throughList,
  throughPage,
  throughSingle,
} from '../../src/catalogue/standard-edges.js';
import { refetchByField, refetchByFields } from '../../src/catalogue/standard-refetch.js';

/** A kit whose loaders answer with the parameters they were asked to load with. */
function recordingKit(): EdgeKit & { calls: { kind: string; path: string; params: Record<string, unknown> }[] } {
  const calls: { kind: string; path: string; params: Record<string, unknown> }[] = [];
  const loader =
    (kind: string) =>
    (endpoint: EndpointDefinition, paramsFor: (key: string) => Record<string, unknown>): EdgeLoad =>
    async (keys) =>
      keys.map((key) => {
        const params = paramsFor(key);
        calls.push({ kind, path: endpoint.path, params });
        return { ...params };
      });
  return {
    calls,
    endpoint: (path) => ({ path }) as EndpointDefinition,
    loadSingles: loader('single'),
    loadLists: loader('list'),
    cost: (endpoint) => ({ fetches: endpoint.path.length }),
    listedBy: () => undefined,
    paramsForUrl: () => null,
  };
}

const context = {} as EdgeLoadContext;
const base = { platform: 'example', description: 'd', upstreamCost: { fetches: 1 }, key: () => null, load: async () => [] };

describe('the standard edges', () => {
  it('place each field on its type with what it returns', () => {
    const placed = [postAuthor(base), commentAuthor(base), postComments(base), postTranscript(base), creatorPosts(base)].map(
      ({ on, field, returns }) => [on, field, returns.kind, returns.type],
    );
    expect(placed).toEqual([
      ['Post', 'author', 'single', 'Creator'],
      ['Comment', 'author', 'single', 'Creator'],
      ['Post', 'comments', 'list', 'Comment'],
      ['Post', 'transcript', 'single', 'Transcript'],
      ['Creator', 'posts', 'list', 'Post'],
    ]);
    expect(postAuthor(base).platform).toBe('example');
  });

  it('read keys from non-empty string fields only', () => {
    expect([textOf('a'), textOf(''), textOf(3), textOf(null)]).toEqual(['a', null, null, null]);
    expect(keyField('authorId')({ authorId: 'u1' })).toBe('u1');
    expect(keyField('authorId')({ authorId: '' })).toBeNull();
  });

  it('read a key of several fields only when every one is there, and give its values back', () => {
    const key = keyFields('authorId', 'id');
    const both = key({ authorId: 'show|1', id: '"a",b' });
    expect(both).not.toBeNull();
    expect(fieldsOfKey(both!)).toEqual(['show|1', '"a",b']);
    expect(both).not.toBe(key({ authorId: 'show', id: '1|"a",b' }));
    expect([key({ authorId: 's' }), key({ authorId: '', id: 'e' }), key({ authorId: 's', id: 3 })]).toEqual([null, null, null]);
  });

  it('load singles and first pages through the endpoint, costed like it', async () => {
    const kit = recordingKit();
    const author = throughSingle(kit, kit.endpoint('/v1/x/user'), 'username');
    expect(author.upstreamCost).toEqual({ fetches: '/v1/x/user'.length });
    expect(await author.load(['ada'], context)).toEqual([{ username: 'ada' }]);
    const comments = throughList(kit, kit.endpoint('/v1/x/comments'), (id) => ({ id, sort: 'top' }));
    expect(await comments.load(['9'], context)).toEqual([{ id: '9', sort: 'top' }]);
    expect(kit.calls.map(({ kind, path }) => `${kind} ${path}`)).toEqual(['single /v1/x/user', 'list /v1/x/comments']);
  });

  it('carry the page size in the key of a paged edge, the default when none is asked for', async () => {
    expect(pagedKey('a|b', 5)).toBe('a|b|5');
    expect(pagedKey(null, 5)).toBeNull();
    expect(splitPagedKey('a|b|5')).toEqual({ key: 'a|b', limit: 5 });
    const kit = recordingKit();
    const page = { default: 30, max: 100 };
    const posts = throughPage(kit, kit.endpoint('/v1/x/posts'), {
      page,
      keyOf: keyField('id'),
      params: (account, limit) => ({ account, limit }),
    });
    expect([posts.limit, posts.upstreamCost]).toEqual([page, { fetches: 1, page: { argument: 'limit', default: 30, max: 100 } }]);
    expect([posts.key({ id: 'u1' }, {}), posts.key({ id: 'u1' }, { limit: 7 }), posts.key({}, { limit: 7 })]).toEqual([
      'u1|30',
      'u1|7',
      null,
    ]);
    expect(await posts.load(['u1|7'], context)).toEqual([{ account: 'u1', limit: 7 }]);
    expect(
      throughPage(kit, kit.endpoint('/v1/x/posts'), { page, keyOf: keyField('id'), params: () => ({}), fetches: 2 }).upstreamCost.fetches,
    ).toBe(2);
  });

  it('size a paged edge by its endpoint’s limit unless the edge gives its own bounds', async () => {
    const kit = recordingKit();
    const bounded = { path: '/v1/x/posts', params: z.object({ limit: countParam('posts', { default: 25, max: 75 }) }) };
    const endpoint = bounded as unknown as EndpointDefinition;
    const posts = throughPage(kit, endpoint, { keyOf: keyField('id'), params: (account, limit) => ({ account, limit }) });
    expect([posts.limit, posts.upstreamCost.page]).toEqual([
      { default: 25, max: 75 },
      { argument: 'limit', default: 25, max: 75 },
    ]);
    expect(posts.key({ id: 'u1' }, {})).toBe('u1|25');
    expect(await posts.load(['u1|25'], context)).toEqual([{ account: 'u1', limit: 25 }]);
    expect(edgePageBounds(endpoint, { default: 10, max: 10 })).toEqual({ default: 10, max: 10 });
    const unbounded = { path: '/v1/x/videos', params: z.object({ handle: z.string() }) } as unknown as EndpointDefinition;
    expect(() => throughPage(kit, unbounded, { keyOf: keyField('id'), params: () => ({}) })).toThrow(/\/v1\/x\/videos .*page bounds/);
    expect(throughPage(kit, unbounded, { page: { default: 5, max: 9 }, keyOf: keyField('id'), params: () => ({}) }).limit).toEqual({
      default: 5,
      max: 9,
    });
  });

  it('carry the parameters a paged edge takes over in its key, and pass on those given', async () => {
    const kit = recordingKit();
    const endpoint = kit.endpoint('/v1/x/products');
    const products = throughPage(kit, endpoint, {
      page: { default: 30, max: 100 },
      keyOf: keyField('handle'),
      params: (store, limit) => ({ store, limit }),
      takeOver: ['cursor'],
    });
    expect(products.parameters).toEqual({ endpoint, names: ['cursor'] });
    const first = products.key({ handle: 's|1' }, {});
    const next = products.key({ handle: 's|1' }, { limit: 5, cursor: 'c"2' });
    expect(new Set([first, next, products.key({ handle: 's|1' }, { cursor: 'c"2' })]).size).toBe(3);
    expect(products.key({}, { cursor: 'c' })).toBeNull();
    expect(await products.load([first!, next!], context)).toEqual([
      { store: 's|1', limit: 30 },
      { store: 's|1', limit: 5, cursor: 'c"2' },
    ]);
    expect(throughPage(kit, endpoint, { page: { default: 1, max: 1 }, keyOf: keyField('id'), params: () => ({}) })).not.toHaveProperty(
      'parameters',
    );
  });

  it('build a field from its parent without a request, equal parents sharing one key', async () => {
    const author = fromParent(
      (post) => (textOf(post.authorId) === null ? null : [textOf(post.authorId)!, textOf(post.authorName)]),
      (id: string, name: string | null) => ({ id, name }),
    );
    expect(author.upstreamCost).toEqual({ fetches: 0 });
    expect(author.key({}, {})).toBeNull();
    const key = author.key({ authorId: 'a1', authorName: 'Ada', other: 1 }, {});
    expect(key).toBe(author.key({ authorId: 'a1', authorName: 'Ada', other: 2 }, {}));
    expect(await author.load([key!], context)).toEqual([{ id: 'a1', name: 'Ada' }]);
  });

  it('refetch a resource by one of its fields through one parameter of an endpoint', () => {
    const refetch = refetchByField('Creator', 'example', 'handle', { endpoint: '/v1/x/user', param: 'username' });
    expect([refetch.type, refetch.platform]).toEqual(['Creator', 'example']);
    expect([refetch.key({ handle: 'ada' }), refetch.key({ handle: '' }), refetch.key({})]).toEqual(['ada', null, null]);
    expect(refetch.fetch('ada')).toEqual({ endpoint: '/v1/x/user', params: { username: 'ada' } });
    const fixed = refetchByField('Package', 'example', 'id', { endpoint: '/v1/x/package', param: 'name', fixed: { registry: 'example' } });
    expect(fixed.fetch('left-pad')).toEqual({ endpoint: '/v1/x/package', params: { registry: 'example', name: 'left-pad' } });
  });

  it('refetch a resource by several of its fields, one parameter each, from a key of exactly as many parts', () => {
    const refetch = refetchByFields('Product', 'example', ['store', 'handle'], { endpoint: '/v1/x/product', params: ['domain', 'handle'] });
    expect([
      refetch.key({ store: 'a.com', handle: 'hat' }),
      refetch.key({ store: 'a.com' }),
      refetch.key({ store: '', handle: 'hat' }),
    ]).toEqual(['a.com/hat', null, null]);
    expect(refetch.fetch('a.com/hat')).toEqual({ endpoint: '/v1/x/product', params: { domain: 'a.com', handle: 'hat' } });
    expect([refetch.fetch('a.com'), refetch.fetch('a.com/hat/x'), refetch.fetch('/hat'), refetch.fetch('a.com/')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
