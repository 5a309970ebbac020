import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import { VERSIONS_SELECTION, cratesVersions, API_ORIGIN } from '../crates/crate.js';
import type { PackageVersion } from '../model.js';
import { array, record, text } from '../normalise/values.js';
import { npmVersions } from '../npm/packument.js';
import { pypiVersions } from '../pypi/project.js';
import { SHAPES, emptyPage, jsonRecord } from '../upstream/answers.js';
import { nextPageCursor, nextPageOf, offsetOf, pageOfList } from '../upstream/cursor.js';
import { packageDocument } from '../upstream/document.js';
import { documentReader, getJson, withQuery } from '../upstream/fetch.js';
import { IDENTITY_CONSTRAINT, canonicalIdentity, cursor, identity, refOf, versionsLimit } from './params.js';

const params = z.object({ ...identity, limit: versionsLimit, cursor });

const crateVersionsReader = documentReader('crates-versions', VERSIONS_SELECTION);

/** GET /v1/packages/package/versions */
export const packagesPackageVersionsEndpoint = defineEndpoint({
  path: '/v1/packages/package/versions',
  summary: "A package's published versions, newest first by publication time",
  description: [
    'Returns data.items: PackageVersion[] newest first by publication time (not by the latest tag, which can be older). Versions npm unpublished are not listed.',
    'isDeprecated is npm only (a deprecation message is set), isYanked PyPI (every file yanked) and crates.io; the other is null.',
    'An unknown package is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: IDENTITY_CONSTRAINT }),
  returns: { kind: 'list', type: 'PackageVersion' },
  normaliseParams: (input) => {
    const canonical = canonicalIdentity(input);
    if (canonical.registry === 'crates') nextPageOf(canonical.cursor);
    else offsetOf(canonical.cursor);
    return canonical;
  },
  async fetch(input, ctx): Promise<ListResult<PackageVersion>> {
    const { registry, name } = refOf(input);
    if (registry === 'crates') return crateVersions(ctx, name, input.limit, input.cursor);
    const document = await packageDocument(ctx, registry, name);
    if (document.kind === 'empty') return emptyPage(document.url, document.payload);
    const versions = registry === 'npm' ? npmVersions(document.doc, name, ctx.fetchedAt) : pypiVersions(document.doc, name, ctx.fetchedAt);
    const page = pageOfList(versions, offsetOf(input.cursor), input.limit);
    return { ...page, raw: { registry, url: document.url, versionCount: versions.length } };
  },
});

/** crates.io pages its versions itself, newest first by date, and names the next page. */
async function crateVersions(
  ctx: FetchContext,
  name: string,
  limit: number,
  cursor: string | undefined,
): Promise<ListResult<PackageVersion>> {
  const base = `${API_ORIGIN}/crates/${name}/versions`;
  const next = nextPageOf(cursor);
  const url = next === null ? withQuery(base, { per_page: limit, sort: 'date' }) : `${base}${next}`;
  const answer = await getJson(ctx, url, crateVersionsReader);
  if (answer.kind === 'empty') return emptyPage(url, answer.payload);
  const body = jsonRecord(answer.response, 'crate versions', SHAPES.crateVersions);
  const nextPage = text(record(body.meta)?.next_page);
  return {
    items: cratesVersions(array(body.versions), name, ctx.fetchedAt).slice(0, limit),
    pagination: { cursor: nextPage === null ? null : nextPageCursor(nextPage), hasMore: nextPage !== null },
    raw: { registry: 'crates', url, meta: body.meta ?? null },
  };
}
