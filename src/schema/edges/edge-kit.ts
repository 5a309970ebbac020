import type { Catalogue } from '../../catalogue/catalogue.js';
import type { EdgeKit } from '../../catalogue/edge.js';
import { LISTED_BY } from '../../catalogue/resource.js';
import { endpointCost } from '../../limits/upstream-cost.js';
import { paramsForUrl } from '../../pipeline/resolve-url.js';
import { endpointAt, loadLists, loadSingles } from './load-through-pipeline.js';

/** What the families' edges of `catalogue` are built from: its endpoints, its URL forms and the pipeline's loaders. */
export const edgeKitOf = (catalogue: Catalogue): EdgeKit => ({
  endpoint: (path) => endpointAt(catalogue, path),
  loadSingles,
  loadLists,
  cost: (endpoint) => endpointCost(endpoint),
  listedBy: (item) => item[LISTED_BY],
  paramsForUrl: (endpoint, link) => paramsForUrl(catalogue, endpoint, link),
});
