import { describe } from 'vitest';
import { itRefetches } from '../../support/refetch-cases.js';

/** The code family's refetch declarations: a repository, an account and an issue, each fetched again by its own endpoint. */
describe('code refetch declarations', () => {
  itRefetches([
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
  ]);
});
