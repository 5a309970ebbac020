import type { RefetchDeclaration } from '../../catalogue/family.js';
import { textOf } from '../../catalogue/standard-edges.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { CODE_PLATFORM } from './constants.js';

/** `owner/name#number` from an issue's or pull request's web page. */
function issueKey(post: Readonly<Record<string, unknown>>): string | null {
  const match = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/(?:issues|pull)\/(\d+)(?:[/?#]|$)/.exec(textOf(post.url) ?? '');
  return match ? `${match[1]}#${match[2]}` : null;
}

/**
 * Code resources fetched again by key: a repository by owner/name, an account by login (users
 * and organisations share one namespace of logins) and an issue or pull request by
 * owner/name#number.
 */
export const codeRefetch: readonly RefetchDeclaration[] = [
  refetchByField('Repository', CODE_PLATFORM, 'fullName', { endpoint: '/v1/code/repo', param: 'repo' }),
  refetchByField('Creator', CODE_PLATFORM, 'handle', { endpoint: '/v1/code/user', param: 'username' }),
  {
    type: 'Post',
    platform: CODE_PLATFORM,
    key: issueKey,
    fetch: (key) => ({ endpoint: '/v1/code/issue', params: { url: key } }),
  },
];
