import { describe, expect, it } from 'vitest';
import type { EdgeKit, EdgeLoad, EdgeLoadContext } from '../../src/catalogue/edge.js';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import {
  commentAuthor,
  creatorPosts,
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
import { refetchByField } from '../../src/catalogue/standard-refetch.js';

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
  });
});
