import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import type { FakeReply } from '../../support/fake-upstream-server.js';
import { CRATES_HOST, NPM_DOWNLOADS_HOST, NPM_REGISTRY_HOST, NPM_WEB_HOST, PYPI_HOST } from '../../../src/families/packages/constants.js';
import {
  FERRITE_CRATE,
  FERRITE_DOWNLOADS,
  FERRITE_TOOLS,
  FERRITE_VERSIONS,
  cratesSearchBody,
  npmSearchBody,
  packument,
} from './registry-world.js';

/**
 * The three registries, healthy, for the hardening suites: any package by the shape of its path
 * (a packument, a project, a crate for every name), so each pair of the fault matrix reads a
 * resource of its own. The scenarios read npm, which is not paced (crates.io takes one request
 * a second).
 */

const json = (body: unknown): FakeReply => ({ status: 200, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

export const healthy: HealthyFamily = {
  route: (_request, url) => {
    const path = url.pathname;
    if (url.hostname === NPM_REGISTRY_HOST) {
      if (path === '/-/v1/search') return json(npmSearchBody(['healthy-a', 'healthy-b'], 2));
      const name = decodeURIComponent(path.slice(1));
      return json(
        packument(name, [
          ['1.0.0', '2025-01-01T00:00:00.000Z'],
          ['1.1.0', '2025-02-01T00:00:00.000Z'],
        ]),
      );
    }
    if (url.hostname === NPM_DOWNLOADS_HOST) {
      const match = /^\/downloads\/point\/[a-z-]+\/(.+)$/.exec(path);
      return match ? json({ downloads: 42, start: '2025-03-03', end: '2025-03-09', package: match[1] }) : undefined;
    }
    if (url.hostname === PYPI_HOST) return /^\/pypi\/[^/]+\/json$/.test(path) ? json(FERRITE_TOOLS) : undefined;
    if (url.hostname === CRATES_HOST) {
      if (path === '/api/v1/crates') return json(cratesSearchBody(null));
      if (/^\/api\/v1\/crates\/[^/]+$/.test(path)) return json(FERRITE_CRATE);
      if (path.endsWith('/versions')) return json({ versions: FERRITE_VERSIONS, meta: { total: 3, next_page: null } });
      if (path.endsWith('/downloads')) return json(FERRITE_DOWNLOADS);
    }
    return undefined;
  },
  scenarios: {
    // Package page URLs and search's default registry: no enum value, so the same parameters serve GraphQL as they are.
    '/v1/packages/package': (variant) => ({ url: `https://${NPM_WEB_HOST}/package/healthy-package-${variant}` }),
    '/v1/packages/package/versions': (variant) => ({ url: `https://${NPM_WEB_HOST}/package/healthy-versions-${variant}` }),
    '/v1/packages/package/downloads': (variant) => ({ url: `https://${NPM_WEB_HOST}/package/healthy-downloads-${variant}` }),
    '/v1/packages/search': (variant) => ({ query: `healthy ${variant}` }),
  },
  pages: [`https://${NPM_WEB_HOST}/package/resolved-package`],
};
