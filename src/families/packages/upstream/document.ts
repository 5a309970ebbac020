import type { FetchContext } from '../../../catalogue/results.js';
import type { Registry } from '../constants.js';
import { CRATE_SELECTION, crateUrl } from '../crates/crate.js';
import { PACKUMENT_SELECTION, packumentUrl } from '../npm/packument.js';
import { PROJECT_SELECTION, projectUrl } from '../pypi/project.js';
import type { Json } from '../normalise/values.js';
import { jsonRecord } from './answers.js';
import { documentReader, getJson } from './fetch.js';

/**
 * A package's own document on its registry (npm's packument, PyPI's project JSON, the crate),
 * streamed and kept to the mapped fields. The package and (npm, PyPI) versions endpoints read
 * the same document.
 */

export type PackageDocument =
  { kind: 'ok'; url: string; doc: Json } | { kind: 'empty'; url: string; reason: 'not_found'; payload: unknown };

const SOURCES = {
  npm: { url: packumentUrl, reader: documentReader('npm-packument', PACKUMENT_SELECTION), what: 'packument' },
  pypi: { url: projectUrl, reader: documentReader('pypi-project', PROJECT_SELECTION), what: 'PyPI project' },
  crates: { url: crateUrl, reader: documentReader('crates-crate', CRATE_SELECTION), what: 'crate' },
} as const;

export async function packageDocument(ctx: FetchContext, registry: Registry, name: string): Promise<PackageDocument> {
  const source = SOURCES[registry];
  const url = source.url(name);
  const answer = await getJson(ctx, url, source.reader);
  if (answer.kind === 'empty') return { kind: 'empty', url, reason: answer.reason, payload: answer.payload };
  return { kind: 'ok', url, doc: jsonRecord(answer.response, source.what) };
}
