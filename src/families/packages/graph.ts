import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { list, single, textOf } from '../../catalogue/standard-edges.js';
import { REGISTRIES, type Registry } from './constants.js';
import { DEFAULT_PERIOD } from './endpoints/params.js';

/** Pages an edge may ask for: the versions endpoint's own bounds. */
const PAGE = { default: 30, max: 100 };

/** `registry|name|…`, read back by the loaders (names never hold `|`). */
const identityKey = (item: Resource, ...rest: (string | number)[]): string | null => {
  const name = textOf(item.id);
  return name === null ? null : [item.platform, name, ...rest].join('|');
};
const identityParams = (key: string) => {
  const [registry, name, extra] = key.split('|');
  return { registry, name, extra };
};

/** `OWNER/NAME` of a repository on github.com, the only code host the gateway serves. */
const GITHUB_REPOSITORY = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)$/;

/**
 * The packages graph beyond REST: a package's versions and download count (the registries that
 * publish them), and its source repository through the code family when it lives on github.com.
 * Each is one upstream call billed like its REST endpoint.
 */
export function packagesEdges(kit: EdgeKit): EdgeDefinition[] {
  const versions = kit.endpoint('/v1/packages/package/versions');
  const downloads = kit.endpoint('/v1/packages/package/downloads');
  const repo = kit.endpoint('/v1/code/repo');
  const loadVersions = kit.loadLists(versions, (key) => {
    const { registry, name, extra } = identityParams(key);
    return { registry, name, limit: Number(extra) };
  });
  const loadDownloads = kit.loadSingles(downloads, (key) => {
    const { registry, name, extra } = identityParams(key);
    return { registry, name, period: extra };
  });
  const loadRepo = kit.loadSingles(repo, (fullName) => ({ repo: fullName }));
  const perRegistry = (build: (platform: Registry) => EdgeDefinition, registries: readonly Registry[] = REGISTRIES) =>
    registries.map(build);

  return [
    ...perRegistry((platform) =>
      list('Package', 'versions', 'PackageVersion', {
        platform,
        limit: PAGE,
        upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
        description: 'Published versions, newest first by publication time (1 credit, through /v1/packages/package/versions).',
        key: (item, { limit }) => identityKey(item, limit ?? PAGE.default),
        load: loadVersions,
      }),
    ),
    // PyPI publishes no download counts: its packages have no edge, so the field is null without a request.
    ...perRegistry(
      (platform) =>
        single('Package', 'downloads', 'DownloadCount', {
          platform,
          upstreamCost: kit.cost(downloads),
          description:
            'Downloads over the period (default the last week; 1 credit, through /v1/packages/package/downloads); null on PyPI, which publishes none.',
          parameters: { endpoint: downloads, names: ['period'] },
          // The default is spelled out, so asking for it by name and leaving it out share one load.
          key: (item, { period }) => identityKey(item, typeof period === 'string' ? period : DEFAULT_PERIOD),
          load: loadDownloads,
        }),
      ['npm', 'crates'],
    ),
    ...perRegistry((platform) =>
      single('Package', 'repository', 'Repository', {
        platform,
        upstreamCost: kit.cost(repo),
        description:
          'The source repository when repositoryUrl is on github.com (1 credit, through /v1/code/repo); null otherwise, without a request.',
        key: (item) => GITHUB_REPOSITORY.exec(textOf(item.repositoryUrl) ?? '')?.[1] ?? null,
        load: loadRepo,
      }),
    ),
  ];
}
