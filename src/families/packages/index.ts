import { defineFamily } from '../../catalogue/family.js';
import { CRATES_HOST, CRATES_INTERVAL_MS, PACKAGES_HOSTS } from './constants.js';
import { packagesPackageDownloadsEndpoint } from './endpoints/downloads.js';
import { packagesPackageEndpoint } from './endpoints/package.js';
import { packagesSearchEndpoint } from './endpoints/search.js';
import { packagesPackageVersionsEndpoint } from './endpoints/versions.js';
import { packagesEdges } from './graph.js';
import { downloadCountSchema, packageSchema, packageVersionSchema } from './model.js';
import { packagesRefetch } from './refetch.js';
import { readPackagesBudget } from './upstream/answers.js';
import { packagesUrlForms } from './url-forms.js';

export {
  downloadCountSchema,
  packageSchema,
  packageVersionSchema,
  type DownloadCount,
  type Package,
  type PackageVersion,
} from './model.js';

/**
 * The packages family: npm, PyPI and crates.io through one Package type, read anonymously.
 * Registry documents are streamed and kept to the mapped fields (a package of thousands of
 * versions runs to tens of megabytes); crates.io is called at its crawler policy's pace.
 */
export const packagesFamily = defineFamily({
  name: 'packages',
  hosts: PACKAGES_HOSTS,
  readBudget: readPackagesBudget,
  hostIntervals: { [CRATES_HOST]: CRATES_INTERVAL_MS },
  resources: [packageSchema, packageVersionSchema, downloadCountSchema],
  endpoints: [packagesPackageEndpoint, packagesPackageVersionsEndpoint, packagesPackageDownloadsEndpoint, packagesSearchEndpoint],
  urlForms: packagesUrlForms,
  edges: packagesEdges,
  refetch: packagesRefetch,
  demo: async () => (await import('./demo/world.js')).packagesDemo,
});
