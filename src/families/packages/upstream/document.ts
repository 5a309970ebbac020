import type { FetchContext } from '../../../catalogue/results.js';
import type { Registry } from '../constants.js';
import { CRATE_SELECTION, crateUrl } from '../crates/crate.js';
import { PACKUMENT_SELECTION, packumentUrl } from '../npm/packument.js';
import { PROJECT_SELECTION, projectUrl } from '../pypi/project.js';
import { record, type Json } from '../normalise/values.js';
import { SHAPES, jsonRecord } from './answers.js';
import { documentReader, getJson } from './fetch.js';

/**
 * A package's own document on its registry (npm's packument, PyPI's project JSON, the crate),
 * streamed and kept to the mapped fields. The package and (npm, PyPI) versions endpoints read
 * the same document.
 */

export type PackageDocument =
  { kind: 'ok'; url: string; doc: Json } | { kind: 'empty'; url: string; reason: 'not_found'; payload: unknown };

const SOURCES = {
  npm: { url: packumentUrl, reader: documentReader('npm-packument', PACKUMENT_SELECTION), what: 'packument', shape: SHAPES.packument },
  pypi: { url: projectUrl, reader: documentReader('pypi-project', PROJECT_SELECTION), what: 'PyPI project', shape: SHAPES.project },
  crates: { url: crateUrl, reader: documentReader('crates-crate', CRATE_SELECTION), what: 'crate', shape: SHAPES.crate },
} as const;

export async function packageDocument(ctx: FetchContext, registry: Registry, name: string): Promise<PackageDocument> {
  const source = SOURCES[registry];
  const url = source.url(name);
  const answer = await getJson(ctx, url, source.reader);
  if (answer.kind === 'empty') return { kind: 'empty', url, reason: answer.reason, payload: answer.payload };
  const doc = jsonRecord(answer.response, source.what, source.shape);
  // npm keeps a document of a package whose every version was unpublished: there is no package to show.
  if (registry === 'npm' && record(doc.versions) === null) return { kind: 'empty', url, reason: 'not_found', payload: doc };
  return { kind: 'ok', url, doc };
}
