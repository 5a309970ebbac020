import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import { fieldsOfKey, keyFields, list, single, textOf, throughPage, throughSingle } from '../../catalogue/standard-edges.js';
import { REGISTRIES, type Registry } from './constants.js';
import { DEFAULT_PERIOD } from './endpoints/params.js';

/** A package's key: its registry (the platform) and its name there. */
const identityKey = keyFields('platform', 'id');

/** `OWNER/NAME` of a repository on github.com, the only code host the gateway serves. */
const GITHUB_REPOSITORY = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)$/;

/**
 * The packages graph beyond REST: a package's versions and download count (the registries that
 * publish them), and its source repository through the code family when it lives on github.com.
 * Each is one upstream call billed like its REST endpoint.
 */
export function packagesEdges(kit: EdgeKit): EdgeDefinition[] {
  const downloads = kit.endpoint('/v1/packages/package/downloads');
  // One loader for the repositories of every registry's packages.
  const throughRepo = throughSingle(kit, kit.endpoint('/v1/code/repo'), 'repo');
  const perRegistry = (build: (platform: Registry) => EdgeDefinition, registries: readonly Registry[] = REGISTRIES) =>
    registries.map(build);
  const versions = throughPage(kit, kit.endpoint('/v1/packages/package/versions'), {
    keyOf: identityKey,
    params: (key, limit) => {
      const [registry, name] = fieldsOfKey(key);
      return { registry, name, limit };
    },
  });
  const throughDownloads = throughSingle(kit, downloads, (key) => {
    const [registry, name, period] = fieldsOfKey(key);
    return { registry, name, period };
  });

  return [
    ...perRegistry((platform) =>
      list('Package', 'versions', 'PackageVersion', {
        platform,
        description: 'Published versions, newest first by publication time (1 credit, through /v1/packages/package/versions).',
        ...versions,
      }),
    ),
    // PyPI publishes no download counts: its packages have no edge, so the field is null without a request.
    ...perRegistry(
      (platform) =>
        single('Package', 'downloads', 'DownloadCount', {
          platform,
          description:
            'Downloads over the period (default the last week; 1 credit, through /v1/packages/package/downloads); null on PyPI, which publishes none.',
          parameters: { endpoint: downloads, names: ['period'] },
          // The default is spelled out, so asking for it by name and leaving it out share one load.
          key: (item, { period }) => {
            const identity = identityKey(item);
            return identity === null
              ? null
              : JSON.stringify([...fieldsOfKey(identity), typeof period === 'string' ? period : DEFAULT_PERIOD]);
          },
          ...throughDownloads,
        }),
      ['npm', 'crates'],
    ),
    ...perRegistry((platform) =>
      single('Package', 'repository', 'Repository', {
        platform,
        description:
          'The source repository when repositoryUrl is on github.com (1 credit, through /v1/code/repo); null otherwise, without a request.',
        key: (item) => GITHUB_REPOSITORY.exec(textOf(item.repositoryUrl) ?? '')?.[1] ?? null,
        ...throughRepo,
      }),
    ),
  ];
}
