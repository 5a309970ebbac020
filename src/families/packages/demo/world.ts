import type { DemoExample, DemoWorld } from '../../../catalogue/demo-world.js';
import { DEMO_CRATE, DEMO_NPM, DEMO_PYPI, packagesRoutes } from './registries.js';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** One example per packages endpoint (and one per registry where they differ), answered by the demo world. */
const EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/packages/package',
    what: 'an npm package (latest tag, licence, repository)',
    path: `/v1/packages/package?${query({ registry: 'npm', name: DEMO_NPM })}`,
  },
  {
    endpoint: '/v1/packages/package',
    what: 'a PyPI project from its page URL',
    path: `/v1/packages/package?${query({ url: `https://pypi.org/project/${DEMO_PYPI}/` })}`,
  },
  {
    endpoint: '/v1/packages/package/versions',
    what: 'npm versions newest first (the release candidate is newer than latest)',
    path: `/v1/packages/package/versions?${query({ registry: 'npm', name: DEMO_NPM })}`,
  },
  {
    endpoint: '/v1/packages/package/versions',
    what: 'crate versions with a yanked one',
    path: `/v1/packages/package/versions?${query({ registry: 'crates', name: DEMO_CRATE })}`,
  },
  {
    endpoint: '/v1/packages/package/downloads',
    what: "a crate's downloads over the last month",
    path: `/v1/packages/package/downloads?${query({ registry: 'crates', name: DEMO_CRATE, period: 'last-month' })}`,
  },
  { endpoint: '/v1/packages/search', what: 'npm search', path: `/v1/packages/search?${query({ registry: 'npm', query: 'lint' })}` },
];

/** Invented packages on npm, PyPI and crates.io. */
export const packagesDemo: DemoWorld = {
  async start() {
    return { routes: packagesRoutes(), examples: EXAMPLES };
  },
};
