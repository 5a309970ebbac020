import { demoExample, type DemoExample, type DemoWorld } from '../../../catalogue/demo-world.js';
import { DEMO_CRATE, DEMO_NPM, DEMO_PYPI, packagesRoutes } from './registries.js';

/** One example per packages endpoint (and one per registry where they differ), answered by the demo world. */
const EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/packages/package', 'an npm package (latest tag, licence, repository)', { registry: 'npm', name: DEMO_NPM }),
  demoExample('/v1/packages/package', 'a PyPI project from its page URL', { url: `https://pypi.org/project/${DEMO_PYPI}/` }),
  demoExample('/v1/packages/package/versions', 'npm versions newest first (the release candidate is newer than latest)', {
    registry: 'npm',
    name: DEMO_NPM,
  }),
  demoExample('/v1/packages/package/versions', 'crate versions with a yanked one', { registry: 'crates', name: DEMO_CRATE }),
  demoExample('/v1/packages/package/downloads', "a crate's downloads over the last month", {
    registry: 'crates',
    name: DEMO_CRATE,
    period: 'last-month',
  }),
  demoExample('/v1/packages/search', 'npm search', { registry: 'npm', query: 'lint' }),
];

/** Invented packages on npm, PyPI and crates.io. */
export const packagesDemo: DemoWorld = {
  async start() {
    return { routes: packagesRoutes(), examples: EXAMPLES };
  },
};
