import type { UrlForm } from '../../catalogue/url-forms.js';

const SITE_HOSTS = ['github.com', 'www.github.com'];

/** The whole URL, read by the endpoint's own parameter parser (input/refs.ts). */
const asParam = (param: string) => (url: URL) => ({ [param]: url.href });

/** The GitHub pages the code endpoints read, narrowest first: an issue page is also under its repository. */
export const codeUrlForms: readonly UrlForm[] = [
  {
    names: 'an issue or pull request',
    hosts: SITE_HOSTS,
    path: /^\/[^/]+\/[^/]+\/(?:issues|pull|pulls)\/\d+(?:\/.*)?$/i,
    example: 'https://github.com/octocat/Hello-World/issues/1',
    endpoint: '/v1/code/issue',
    params: asParam('url'),
  },
  {
    names: 'a repository',
    hosts: SITE_HOSTS,
    path: /^\/[^/]+\/[^/]+(?:\/.*)?$/,
    example: 'https://github.com/octocat/Hello-World',
    endpoint: '/v1/code/repo',
    params: asParam('repo'),
  },
  {
    names: 'an account',
    hosts: SITE_HOSTS,
    path: /^\/(?:orgs\/)?[^/]+\/?$/,
    example: 'https://github.com/octocat',
    endpoint: '/v1/code/user',
    params: asParam('username'),
  },
];
