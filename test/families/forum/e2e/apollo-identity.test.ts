import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTypePolicies } from '../../../../src/client/index.js';
import { RICH_KEY, startHarness, type Harness } from '../../../support/gateway.js';
import { userAbout } from '../forum-data.js';
import { at, fixture, json } from './support.js';

/**
 * Apollo Client's InMemoryCache, with the type policies the typed client ships, over the forum's
 * two kinds of Creator: a user and a community whose native ids are the same are two entities.
 */

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

describe('forum identities in Apollo InMemoryCache', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

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
});
