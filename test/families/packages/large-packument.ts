import type { ServerResponse } from 'node:http';
import { sendPieces } from '../../support/streamed-reply.js';

/**
 * A generated packument of many versions in lodash's structure (each version a full manifest:
 * scripts, dependencies, dist, maintainers, publisher), about 14.6 KB a version, so 5,000
 * versions come to about 73 MB like the largest real ones. Produced piece by piece, so serving
 * it costs the fake upstream no memory of its size.
 */

const VERSION_BYTES = 14_600;

const versionOf = (index: number): string => `4.${Math.floor(index / 100)}.${index % 100}`;
const timeOf = (index: number): string => new Date(Date.UTC(2012, 3, 23) + index * 3_600_000).toISOString();

function manifest(name: string, index: number): string {
  const version = versionOf(index);
  const body: Record<string, unknown> = {
    name,
    version,
    description: 'Lodash modular utilities.',
    keywords: ['modules', 'stdlib', 'util'],
    homepage: 'https://lodash.example.test/',
    bugs: { url: 'https://github.com/lumen-works/big/issues' },
    license: index % 7 === 0 ? undefined : 'MIT',
    licenses: index % 7 === 0 ? [{ type: 'MIT', url: 'https://lodash.example.test/license' }] : undefined,
    repository: { type: 'git', url: 'git+https://github.com/lumen-works/big.git' },
    main: 'lodash.js',
    scripts: { test: 'echo "See https://travis-ci.org/lodash-archive/lodash-cli for testing details."' },
    _id: `${name}@${version}`,
    _npmVersion: '6.14.11',
    _nodeVersion: '14.15.5',
    _npmUser: { name: 'bnjmnt4n', email: 'someone@example.test' },
    maintainers: [
      { name: 'mathias', email: 'mathias@example.test' },
      { name: 'jdalton', email: 'jdalton@example.test' },
    ],
    dist: {
      shasum: '679591c564c3bffaae8454cf0b3df370c3d6911c',
      tarball: `https://registry.example.test/${name}/-/${name}-${version}.tgz`,
      integrity: `sha512-${'v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg=='}`,
      fileCount: 1054,
      unpackedSize: 1412415,
      signatures: [{ keyid: 'SHA256:jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA', sig: 'MEUCIF'.padEnd(96, 'x') }],
    },
    deprecated: index % 500 === 1 ? 'an old build, use a later one' : undefined,
    directories: {},
  };
  const text = JSON.stringify(body);
  return `${text.slice(0, -1)},"devDependencies":${devDependencies(VERSION_BYTES - text.length)}}`;
}

const padding = new Map<number, string>();

/** devDependencies, as large manifests carry, of about `bytes` of JSON (made once per size). */
function devDependencies(bytes: number): string {
  const rounded = Math.max(0, Math.round(bytes / 64) * 64);
  let text = padding.get(rounded);
  if (text === undefined) {
    const entries: Record<string, string> = {};
    let size = 2;
    for (let dep = 0; size < rounded; dep += 1) {
      const [key, value] = [`dev-dependency-number-${dep}`, `^${dep % 9}.${dep % 13}.0`];
      entries[key] = value;
      size += key.length + value.length + 6;
    }
    text = JSON.stringify(entries);
    padding.set(rounded, text);
  }
  return text;
}

/** The document's text, piece by piece (the caller decides how to hold or send it). */
export function* packumentPieces(name: string, versions: number): Generator<string> {
  const latest = versionOf(versions - 1);
  yield `{"_id":${JSON.stringify(name)},"_rev":"2774-cd6fa40e2fdd82676a5be19a60bce8ac","name":${JSON.stringify(name)},`;
  yield `"dist-tags":{"latest":"${latest}"},"versions":{`;
  for (let index = 0; index < versions; index += 1) yield `${index === 0 ? '' : ','}"${versionOf(index)}":${manifest(name, index)}`;
  yield '},"time":{';
  yield `"created":"${timeOf(0)}","modified":"${timeOf(versions)}"`;
  for (let index = 0; index < versions; index += 1) yield `,"${versionOf(index)}":"${timeOf(index)}"`;
  yield `},"maintainers":[{"name":"mathias","email":"mathias@example.test"}],"description":"Lodash modular utilities.",`;
  yield `"homepage":"https://lodash.example.test/","keywords":["modules","stdlib","util"],`;
  yield `"repository":{"type":"git","url":"git+https://github.com/lumen-works/big.git"},"license":"MIT",`;
  yield `"readme":${JSON.stringify('# lodash\n\nA modern utility library. '.repeat(2000))},"readmeFilename":"README.md"}`;
}

/** The newest version of a generated packument (its versions are published an hour apart, in order). */
export const newestVersionOf = (versions: number): string => versionOf(versions - 1);

/** Writes the document to an HTTP answer as it is produced (stopping if it closes). */
export function sendPackument(response: ServerResponse, name: string, versions: number): Promise<void> {
  return sendPieces(response, 'application/json', packumentPieces(name, versions));
}
