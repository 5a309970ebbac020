import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import { crateOf, cratesPackage } from '../crates/crate.js';
import type { Package } from '../model.js';
import { array } from '../normalise/values.js';
import { npmPackage } from '../npm/packument.js';
import { pypiPackage } from '../pypi/project.js';
import { packageDocument } from '../upstream/document.js';
import { IDENTITY_CONSTRAINT, canonicalIdentity, identity, refOf } from './params.js';

const params = z.object(identity);

/** GET /v1/packages/package */
export const packagesPackageEndpoint = defineEndpoint({
  path: '/v1/packages/package',
  summary: 'One package on npm, PyPI or crates.io: latest version, licence, repository, maintainers, version count',
  description: [
    'Returns one Package: the version the registry installs by default (npm latest tag, PyPI current version, crates default version), the licence (SPDX where the registry gives it), the source repository normalised to https://HOST/OWNER/NAME, maintainers by handle and the creation and last-change times.',
    'Name the package by registry with name, or by its page URL (which fixes the registry).',
    'An unknown package is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: IDENTITY_CONSTRAINT }),
  returns: { kind: 'single', type: 'Package' },
  normaliseParams: canonicalIdentity,
  async fetch(input, ctx): Promise<SingleResult<Package>> {
    const { registry, name } = refOf(input);
    const document = await packageDocument(ctx, registry, name);
    if (document.kind === 'empty')
      return { data: null, raw: { registry, url: document.url, payload: document.payload }, emptyReason: document.reason };
    const { doc, url } = document;
    const raw = { registry, url, document: doc };
    if (registry === 'npm') return { data: npmPackage(doc, name, ctx.fetchedAt), raw };
    if (registry === 'pypi') return { data: pypiPackage(doc, name, ctx.fetchedAt), raw };
    const crate = crateOf(doc);
    const data = crate === null ? null : cratesPackage(crate, array(doc.versions), ctx.fetchedAt);
    if (data === null) throw schemaDrift('The crate answer had no crate object.', { url });
    return { data, raw };
  },
});
