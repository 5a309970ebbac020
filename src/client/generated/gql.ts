/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query SubredditWithAuthors($subreddit: String!, $limit: Int) {\n  forumSubreddit(subreddit: $subreddit, limit: $limit) {\n    items {\n      id\n      platformId\n      title\n      url\n      likeCount\n      commentCount\n      publishedAt\n      author {\n        handle\n        displayName\n        followerCount\n      }\n    }\n    pagination {\n      cursor\n      hasMore\n    }\n  }\n}\n\nsubscription WatchSubreddit($subreddit: String!, $intervalSeconds: Int!, $limit: Int) {\n  watchForumSubreddit(\n    subreddit: $subreddit\n    intervalSeconds: $intervalSeconds\n    limit: $limit\n  ) {\n    items {\n      id\n      platformId\n      title\n      likeCount\n    }\n    fetchedAt\n  }\n}": typeof types.SubredditWithAuthorsDocument,
    "mutation CreateJob($endpoint: String!, $params: JSON) {\n  createJob(endpoint: $endpoint, params: $params) {\n    id\n    status\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    status\n    creditsCharged\n    progress {\n      total\n      done\n      failed\n    }\n  }\n}": typeof types.CreateJobDocument,
};
const documents: Documents = {
    "query SubredditWithAuthors($subreddit: String!, $limit: Int) {\n  forumSubreddit(subreddit: $subreddit, limit: $limit) {\n    items {\n      id\n      platformId\n      title\n      url\n      likeCount\n      commentCount\n      publishedAt\n      author {\n        handle\n        displayName\n        followerCount\n      }\n    }\n    pagination {\n      cursor\n      hasMore\n    }\n  }\n}\n\nsubscription WatchSubreddit($subreddit: String!, $intervalSeconds: Int!, $limit: Int) {\n  watchForumSubreddit(\n    subreddit: $subreddit\n    intervalSeconds: $intervalSeconds\n    limit: $limit\n  ) {\n    items {\n      id\n      platformId\n      title\n      likeCount\n    }\n    fetchedAt\n  }\n}": types.SubredditWithAuthorsDocument,
    "mutation CreateJob($endpoint: String!, $params: JSON) {\n  createJob(endpoint: $endpoint, params: $params) {\n    id\n    status\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    status\n    creditsCharged\n    progress {\n      total\n      done\n      failed\n    }\n  }\n}": types.CreateJobDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SubredditWithAuthors($subreddit: String!, $limit: Int) {\n  forumSubreddit(subreddit: $subreddit, limit: $limit) {\n    items {\n      id\n      platformId\n      title\n      url\n      likeCount\n      commentCount\n      publishedAt\n      author {\n        handle\n        displayName\n        followerCount\n      }\n    }\n    pagination {\n      cursor\n      hasMore\n    }\n  }\n}\n\nsubscription WatchSubreddit($subreddit: String!, $intervalSeconds: Int!, $limit: Int) {\n  watchForumSubreddit(\n    subreddit: $subreddit\n    intervalSeconds: $intervalSeconds\n    limit: $limit\n  ) {\n    items {\n      id\n      platformId\n      title\n      likeCount\n    }\n    fetchedAt\n  }\n}"): (typeof documents)["query SubredditWithAuthors($subreddit: String!, $limit: Int) {\n  forumSubreddit(subreddit: $subreddit, limit: $limit) {\n    items {\n      id\n      platformId\n      title\n      url\n      likeCount\n      commentCount\n      publishedAt\n      author {\n        handle\n        displayName\n        followerCount\n      }\n    }\n    pagination {\n      cursor\n      hasMore\n    }\n  }\n}\n\nsubscription WatchSubreddit($subreddit: String!, $intervalSeconds: Int!, $limit: Int) {\n  watchForumSubreddit(\n    subreddit: $subreddit\n    intervalSeconds: $intervalSeconds\n    limit: $limit\n  ) {\n    items {\n      id\n      platformId\n      title\n      likeCount\n    }\n    fetchedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateJob($endpoint: String!, $params: JSON) {\n  createJob(endpoint: $endpoint, params: $params) {\n    id\n    status\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    status\n    creditsCharged\n    progress {\n      total\n      done\n      failed\n    }\n  }\n}"): (typeof documents)["mutation CreateJob($endpoint: String!, $params: JSON) {\n  createJob(endpoint: $endpoint, params: $params) {\n    id\n    status\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    status\n    creditsCharged\n    progress {\n      total\n      done\n      failed\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;