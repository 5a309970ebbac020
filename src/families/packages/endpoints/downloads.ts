import { z } from 'zod';
import { emptySingleResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { crateDownloadsUrl, cratesDownloadCount } from '../crates/downloads.js';
import type { DownloadCount } from '../model.js';
import { npmDownloadCount, npmDownloadsUrl } from '../npm/downloads.js';
import { SHAPES, jsonRecord } from '../upstream/answers.js';
import { getJson } from '../upstream/fetch.js';
import { IDENTITY_CONSTRAINT, canonicalIdentity, identity, period, refOf, refusePypi } from './params.js';

const params = z.object({ ...identity, period });

/** GET /v1/packages/package/downloads */
export const packagesPackageDownloadsEndpoint = defineEndpoint({
  path: '/v1/packages/package/downloads',
  summary: "A package's downloads over the last day, week or month (npm, crates.io)",
  description: [
    'Returns one DownloadCount: the downloads from start to end (both days included) as the registry counts them.',
    'npm counts through its last complete day; crates.io periods end on the latest day of its 90-day figures.',
    'PyPI publishes no download counts: registry=pypi is 400 naming registry, with no request and no charge.',
    'A package without statistics is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: `${IDENTITY_CONSTRAINT}; npm or crates only` }),
  returns: { kind: 'single', type: 'DownloadCount' },
  normaliseParams: (input) => {
    const canonical = canonicalIdentity(input);
    refusePypi(canonical.registry, 'download counts');
    return canonical;
  },
  async fetch(input, ctx): Promise<SingleResult<DownloadCount>> {
    const { registry, name } = refOf(input);
    refusePypi(registry, 'download counts');
    const url = registry === 'npm' ? npmDownloadsUrl(name, input.period) : crateDownloadsUrl(name);
    const answer = await getJson(ctx, url);
    if (answer.kind === 'empty') return emptySingleResult(answer.reason, { registry, url, payload: answer.payload });
    const body = jsonRecord(answer.response, 'downloads', registry === 'npm' ? SHAPES.npmDownloads : SHAPES.crateDownloads);
    const data =
      registry === 'npm'
        ? npmDownloadCount(body, name, input.period, ctx.fetchedAt)
        : cratesDownloadCount(body, name, input.period, ctx.fetchedAt);
    // Until 2017 npm answered a package without statistics with a 200 carrying an `error`.
    if (data === null) return { data: null, raw: { registry, url, payload: body }, emptyReason: 'not_found' };
    return { data, raw: { registry, url, payload: body } };
  },
});
