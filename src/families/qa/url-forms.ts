import type { UrlForm } from '../../catalogue/url-forms.js';
import { pageOfPath } from './input/page-url.js';

/**
 * The site pages the qa endpoints read, on every network host: the sites on their own domains and
 * their `meta.` and language hosts (`ru.stackoverflow.com`), and every `{name}.stackexchange.com`
 * (with `meta.{name}.stackexchange.com`). The endpoints' own parsers read the whole URL: the host
 * fixes the site, and a host that is no site's (the API's own) is refused there.
 */
const SITE_HOSTS = [
  ...['stackoverflow.com', 'superuser.com', 'serverfault.com', 'askubuntu.com', 'stackapps.com', 'mathoverflow.net'].flatMap((host) => [
    host,
    `*.${host}`,
  ]),
  '*.stackexchange.com',
];

const kindIs = (kind: string) => ({ test: (pathname: string) => pageOfPath(pathname)?.kind === kind });
const byUrl = (url: URL) => ({ url: url.href });

export const qaUrlForms: readonly UrlForm[] = [
  {
    names: 'a question (or a question page naming an answer)',
    hosts: SITE_HOSTS,
    path: kindIs('question'),
    example: 'https://stackoverflow.com/questions/11227809/why-is-processing-a-sorted-array-faster',
    endpoint: '/v1/qa/question',
    params: byUrl,
  },
  {
    names: 'an answer (read through its question)',
    hosts: SITE_HOSTS,
    path: kindIs('answer'),
    example: 'https://gaming.stackexchange.com/a/13333',
    endpoint: '/v1/qa/question',
    params: byUrl,
  },
  {
    names: "a user's profile",
    hosts: SITE_HOSTS,
    path: kindIs('user'),
    example: 'https://superuser.com/users/22656/jon',
    endpoint: '/v1/qa/user',
    params: byUrl,
  },
  {
    names: "a tag's questions",
    hosts: SITE_HOSTS,
    path: kindIs('tag'),
    example: 'https://stackoverflow.com/questions/tagged/javascript',
    endpoint: '/v1/qa/questions',
    params: byUrl,
  },
];
