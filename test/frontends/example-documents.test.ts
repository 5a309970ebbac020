import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPersistedDocuments } from '../../src/frontends/document-registration.js';
import { buildSchema } from '../../src/schema/index.js';
import { catalogue } from '../support/registered-catalogue.js';

/**
 * The example browser page's trusted documents: persisted-documents.json holds exactly the
 * operations of documents.graphql by the SHA-256 of their text, and the documents CLI's check
 * accepts them (a client's @defer included), as `npm run documents -- add` would.
 */

const read = (file: string) => readFileSync(new URL(`../../examples/browser-frontend/${file}`, import.meta.url), 'utf8');

describe('the example page’s trusted documents', () => {
  const json = read('persisted-documents.json');
  const documents = JSON.parse(json) as Record<string, string>;

  it('are the operations of documents.graphql, keyed by the SHA-256 of their text', () => {
    const operations = read('documents.graphql')
      .replace(/^#.*\n/gm, '')
      .trim()
      .split(/\n\n(?=query )/)
      .map((operation) => operation.trim());
    expect(Object.values(documents)).toEqual(operations);
    for (const [id, text] of Object.entries(documents)) expect(hash('sha256', text, 'hex')).toBe(id);
  });

  it('pass the registration check against the schema, @defer included', () => {
    const check = checkPersistedDocuments(buildSchema(catalogue), json);
    expect(check.refused).toEqual([]);
    expect([...check.accepted.keys()].sort()).toEqual(Object.keys(documents).sort());
    expect(Object.values(documents).some((text) => text.includes('@defer'))).toBe(true);
  });

  it('refuses a document with a directive the gateway does not serve', () => {
    const text = '{ __typename @nonsense }';
    const check = checkPersistedDocuments(buildSchema(catalogue), JSON.stringify({ [hash('sha256', text, 'hex')]: text }));
    expect(check.refused[0]?.reason).toContain('does not validate');
  });
});
