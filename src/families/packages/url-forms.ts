import type { UrlForm } from '../../catalogue/url-forms.js';
import { CRATES_HOST, NPM_WEB_BARE_HOST, NPM_WEB_HOST, PYPI_HOST } from './constants.js';

/** The whole URL, read by the endpoint's own parameter parser (it fixes the registry). */
const byUrl = (url: URL) => ({ url: url.href });

/** Each registry's package page, read by /v1/packages/package. */
export const packagesUrlForms: readonly UrlForm[] = [
  {
    names: 'an npm package',
    hosts: [NPM_WEB_HOST, NPM_WEB_BARE_HOST],
    path: /^\/package\/.+/,
    example: `https://${NPM_WEB_HOST}/package/@types/node`,
    endpoint: '/v1/packages/package',
    params: byUrl,
  },
  {
    names: 'a PyPI project',
    hosts: [PYPI_HOST, `www.${PYPI_HOST}`],
    path: /^\/project\/[^/]+(?:\/.*)?$/,
    example: `https://${PYPI_HOST}/project/requests/`,
    endpoint: '/v1/packages/package',
    params: byUrl,
  },
  {
    names: 'a crate',
    hosts: [CRATES_HOST, `www.${CRATES_HOST}`],
    path: /^\/crates\/[^/]+(?:\/.*)?$/,
    example: `https://${CRATES_HOST}/crates/serde`,
    endpoint: '/v1/packages/package',
    params: byUrl,
  },
];
