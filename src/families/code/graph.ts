import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { CODE_PLATFORM } from './constants.js';

/** Pages an edge may ask for: the endpoints' own bounds. */
const PAGE = { default: 30, max: 100 };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** `key|limit`, read back by the loader. */
const paged = (key: string | null, limit: number | undefined): string | null => (key === null ? null : `${key}|${limit ?? PAGE.default}`);
const pageParams = (name: string) => (key: string) => {
  const at = key.lastIndexOf('|');
  return { [name]: key.slice(0, at), limit: Number(key.slice(at + 1)) };
};

/**
 * The code graph beyond REST: a repository's owner and issues, an account's repositories and
 * activity, an issue's author and comments; each one upstream call billed like REST.
 */
export function codeEdges(kit: EdgeKit): EdgeDefinition[] {
  const user = kit.endpoint('/v1/code/user');
  const repoIssues = kit.endpoint('/v1/code/repo/issues');
  const userRepos = kit.endpoint('/v1/code/user/repos');
  const userActivity = kit.endpoint('/v1/code/user/activity');
  const issueComments = kit.endpoint('/v1/code/issue/comments');
  const loadUser = kit.loadSingles(user, (username) => ({ username }));
  const platform = CODE_PLATFORM;
  const creator = { kind: 'single', type: 'Creator' } as const;
  const authorOf = (item: Resource) => text(item.authorHandle);

  return [
    {
      on: 'Repository',
      field: 'owner',
      platform,
      returns: creator,
      upstreamCost: kit.cost(user),
      description: "The repository's owner, a person or an organisation (1 credit per distinct owner, through /v1/code/user).",
      key: (repo) => text(repo.ownerHandle),
      load: loadUser,
    },
    {
      on: 'Repository',
      field: 'issues',
      platform,
      returns: { kind: 'list', type: 'Post' },
      limit: PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
      description: 'Open issues and pull requests, newest first (1 credit, through /v1/code/repo/issues with its defaults and `limit`).',
      key: (repo, { limit }) => paged(text(repo.fullName), limit),
      load: kit.loadLists(repoIssues, pageParams('repo')),
    },
    {
      on: 'Creator',
      field: 'repos',
      platform,
      returns: { kind: 'list', type: 'Repository' },
      limit: PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
      description: "The account's public repositories, recently updated first (1 credit, through /v1/code/user/repos).",
      key: (account, { limit }) => paged(text(account.handle), limit),
      load: kit.loadLists(userRepos, pageParams('username')),
    },
    {
      on: 'Creator',
      field: 'activity',
      platform,
      returns: { kind: 'list', type: 'ActivityEvent' },
      limit: PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
      description: "The account's public events, newest first (1 credit, through /v1/code/user/activity).",
      key: (account, { limit }) => paged(text(account.handle), limit),
      load: kit.loadLists(userActivity, pageParams('username')),
    },
    {
      on: 'Post',
      field: 'author',
      platform,
      returns: creator,
      upstreamCost: kit.cost(user),
      description: "The issue's author (1 credit per distinct author, through /v1/code/user).",
      key: authorOf,
      load: loadUser,
    },
    {
      on: 'Post',
      field: 'comments',
      platform,
      returns: { kind: 'list', type: 'Comment' },
      upstreamCost: kit.cost(issueComments),
      description: "The first page of the issue's comments (1 credit, through /v1/code/issue/comments).",
      key: (post) => text(post.url),
      load: kit.loadLists(issueComments, (url) => ({ url })),
    },
    {
      on: 'Comment',
      field: 'author',
      platform,
      returns: creator,
      upstreamCost: kit.cost(user),
      description: "The comment's author (1 credit per distinct author, through /v1/code/user).",
      key: authorOf,
      load: loadUser,
    },
  ];
}
