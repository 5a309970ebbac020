import type { RefetchDeclaration } from '../../catalogue/family.js';
import { CODE_PLATFORM } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** `owner/name#number` from an issue's or pull request's web page. */
function issueKey(post: Readonly<Record<string, unknown>>): string | null {
  const match = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/(?:issues|pull)\/(\d+)(?:[/?#]|$)/.exec(text(post.url) ?? '');
  return match ? `${match[1]}#${match[2]}` : null;
}

/**
 * Code resources fetched again by key: a repository by owner/name, an account by login (users
 * and organisations share one namespace of logins) and an issue or pull request by
 * owner/name#number.
 */
export const codeRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Repository',
    platform: CODE_PLATFORM,
    key: (repo) => text(repo.fullName),
    fetch: (fullName) => ({ endpoint: '/v1/code/repo', params: { repo: fullName } }),
  },
  {
    type: 'Creator',
    platform: CODE_PLATFORM,
    key: (account) => text(account.handle),
    fetch: (login) => ({ endpoint: '/v1/code/user', params: { username: login } }),
  },
  {
    type: 'Post',
    platform: CODE_PLATFORM,
    key: issueKey,
    fetch: (key) => ({ endpoint: '/v1/code/issue', params: { url: key } }),
  },
];
