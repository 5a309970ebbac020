import { ApolloClient, HttpLink, InMemoryCache, gql, type DocumentNode } from '@apollo/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayTypePolicies } from '../../src/client/index.js';
import { userAbout } from '../families/forum/forum-data.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { at, comment, fixture, json, thread } from '../families/forum/e2e/support.js';

/**
 * A client no one here wrote: Apollo Client's InMemoryCache, with the type policies the typed
 * client ships. Resources are normalised by their global id; list wrappers stay under their parent.
 */

const POST = 'ac0001';
const POST_THREAD = thread({ id: POST, author: 'maple_writer', subreddit: 'examplesub', numComments: 2 }, [
  comment(POST, { id: 'c1', author: 'maple_writer' }),
  comment(POST, { id: 'c2', author: 'cedar_fan' }),
]);

const COMMENT_TEXTS = gql`
  query CommentTexts($url: String!) {
    forumPost(url: $url) {
      id
      title
      comments {
        pagination {
          cursor
          hasMore
        }
        items {
          id
          platformId
          text
        }
      }
    }
  }
`;
const COMMENT_THREADING = gql`
  query CommentThreading($url: String!) {
    forumPost(url: $url) {
      id
      comments {
        fetchedAt
        items {
          id
          parentId
          authorHandle
        }
      }
    }
  }
`;

/** A user and a community whose platform ids are the same base36 string. */
const SHARED_NATIVE_ID = 'ab12cd';
const USER_AND_COMMUNITY = gql`
  query UserAndCommunity {
    forumUser(username: "ab12cd") {
      id
      platformId
      handle
      url
    }
    forumSubredditDetails(subreddit: "examplesub") {
      id
      platformId
      handle
      url
    }
  }
`;
const NODE = gql`
  query Node($id: ID!) {
    node(id: $id) {
      __typename
      id
      ... on Creator {
        platformId
        handle
        url
      }
    }
  }
`;

function apollo(harness: Harness, cache: InMemoryCache): ApolloClient {
  return new ApolloClient({ link: new HttpLink({ uri: `${harness.baseUrl}/graphql`, headers: { 'x-api-key': RICH_KEY } }), cache });
}

/** Whether the cache alone can answer `query` in full. */
function completeInCache(cache: InMemoryCache, query: DocumentNode, variables: Record<string, unknown>): boolean {
  return cache.diff({ query, variables, optimistic: false, returnPartialData: true }).complete;
}

describe('Apollo InMemoryCache over the GraphQL door', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  async function runBoth(cache: InMemoryCache): Promise<void> {
    harness.upstream.on(at(`/comments/${POST}.json`, json(POST_THREAD)));
    const client = apollo(harness, cache);
    const first = await client.query<{ forumPost: { comments: { items: { platformId: string }[] } } }>({
      query: COMMENT_TEXTS,
      variables: { url: POST },
      fetchPolicy: 'network-only',
    });
    expect(first.data?.forumPost.comments.items.map((item) => item.platformId)).toEqual(['c1', 'c2']);
    await client.query({ query: COMMENT_THREADING, variables: { url: POST }, fetchPolicy: 'network-only' });
  }

  it('keeps two queries on the same post with different comment selections complete (the shipped type policies)', async () => {
    const cache = new InMemoryCache({ typePolicies: gatewayTypePolicies() });
    await runBoth(cache);
    expect(completeInCache(cache, COMMENT_TEXTS, { url: POST })).toBe(true);
    expect(completeInCache(cache, COMMENT_THREADING, { url: POST })).toBe(true);
    const read = cache.readQuery<{ forumPost: { comments: { pagination: { hasMore: boolean }; items: { text: string }[] } } }>({
      query: COMMENT_TEXTS,
      variables: { url: POST },
    });
    expect(read?.forumPost.comments.items).toHaveLength(2);
    expect(read?.forumPost.comments.pagination).toMatchObject({ hasMore: expect.any(Boolean) });
  });

  it('loses the first selection without them: the list wrapper is replaced (why the policies ship)', async () => {
    const cache = new InMemoryCache();
    await runBoth(cache);
    expect(completeInCache(cache, COMMENT_THREADING, { url: POST })).toBe(true);
    expect(completeInCache(cache, COMMENT_TEXTS, { url: POST })).toBe(false);
  });

  it('gives a user and a community with the same native id different ids, and node(id:) returns each', async () => {
    const community = JSON.parse(fixture('about-subreddit.json')) as { data: Record<string, unknown> };
    community.data.id = SHARED_NATIVE_ID;
    community.data.name = `t5_${SHARED_NATIVE_ID}`;
    harness.upstream
      .on(at(`/user/${SHARED_NATIVE_ID}/about.json`, json(userAbout(SHARED_NATIVE_ID, 9))))
      .on(at('/r/examplesub/about.json', json(community)));
    const cache = new InMemoryCache({ typePolicies: gatewayTypePolicies() });
    const client = apollo(harness, cache);

    type Creator = { id: string; platformId: string; handle: string; url: string };
    const { data } = await client.query<{ forumUser: Creator; forumSubredditDetails: Creator }>({ query: USER_AND_COMMUNITY });
    const user = data!.forumUser;
    const subreddit = data!.forumSubredditDetails;
    expect(user.platformId).toBe(SHARED_NATIVE_ID);
    expect(subreddit.platformId).toBe(SHARED_NATIVE_ID);
    expect(user.id).not.toBe(subreddit.id);
    // Two cache entries, each with its own data.
    expect(
      cache.readFragment<Creator>({
        id: cache.identify({ __typename: 'Creator', id: user.id }),
        fragment: gql`
          fragment U on Creator {
            handle
          }
        `,
      })?.handle,
    ).toBe(SHARED_NATIVE_ID);
    expect(
      cache.readFragment<Creator>({
        id: cache.identify({ __typename: 'Creator', id: subreddit.id }),
        fragment: gql`
          fragment C on Creator {
            handle
          }
        `,
      })?.handle,
    ).toBe('examplesub');

    for (const [creator, handle] of [
      [user, SHARED_NATIVE_ID],
      [subreddit, 'examplesub'],
    ] as const) {
      const node = await client.query<{ node: (Creator & { __typename: string }) | null }>({
        query: NODE,
        variables: { id: creator.id },
        fetchPolicy: 'network-only',
      });
      expect(node.data?.node).toEqual({ __typename: 'Creator', id: creator.id, platformId: SHARED_NATIVE_ID, handle, url: creator.url });
    }
  });

  it('answers node(id:) with null for an id it did not issue or a resource it cannot fetch again, for free', async () => {
    harness.upstream.on(at(`/comments/${POST}.json`, json(POST_THREAD)));
    const posted = await harness.graphql(`{ forumPost(url: "${POST}") { comments { items { id } } } }`);
    const commentId: string = posted.body.data.forumPost.comments.items[0].id;
    const before = harness.upstream.requests.length;
    for (const id of ['not-an-id', Buffer.from('["Creator","reddit","user:x",1,2]').toString('base64url'), commentId]) {
      const { body } = await harness.graphql('query ($id: ID!) { node(id: $id) { id } }', { id });
      expect(body.errors).toBeUndefined();
      expect(body.data.node).toBeNull();
      expect(body.extensions.billing.creditsCharged).toBe(0);
    }
    expect(harness.upstream.requests.length).toBe(before);
  });
});
