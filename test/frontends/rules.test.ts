import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkPersistedDocuments } from '../../src/frontends/document-registration.js';
import { normaliseDocumentId } from '../../src/frontends/document-id.js';
import { clientIp } from '../../src/frontends/client-ip.js';
import { originAllowed, parseOrigins } from '../../src/frontends/origins.js';
import { buildSchema } from '../../src/schema/index.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';

describe('origin patterns', () => {
  const patterns = parseOrigins('https://app.example.com, https://*.example.org,http://localhost:5173');

  it('matches scheme, host and port exactly', () => {
    expect(originAllowed(patterns, 'https://app.example.com')).toBe(true);
    expect(originAllowed(patterns, 'http://app.example.com')).toBe(false);
    expect(originAllowed(patterns, 'https://app.example.com:8443')).toBe(false);
    expect(originAllowed(patterns, 'http://localhost:5173')).toBe(true);
    expect(originAllowed(patterns, 'http://localhost:5174')).toBe(false);
  });

  it('lets *. stand for exactly one DNS label', () => {
    expect(originAllowed(patterns, 'https://a.example.org')).toBe(true);
    expect(originAllowed(patterns, 'https://example.org')).toBe(false);
    expect(originAllowed(patterns, 'https://a.b.example.org')).toBe(false);
    expect(originAllowed(patterns, 'https://evil-example.org')).toBe(false);
    expect(originAllowed(patterns, 'https://a.example.org.evil.test')).toBe(false);
  });

  it('refuses what is not an origin', () => {
    for (const bad of ['', 'app.example.com', 'https://app.example.com/path', 'https://*', 'https://a.*.example.com', 'ftp://x.test'])
      expect(() => parseOrigins(bad)).toThrow(RangeError);
  });
});

describe('client IP', () => {
  const headers = { 'x-forwarded-for': '203.0.113.5, 198.51.100.1, 10.0.0.2' };
  it('is the socket peer unless proxies are trusted', () => {
    expect(clientIp(headers, '10.0.0.9', 0)).toBe('10.0.0.9');
  });
  it('is the address the Nth proxy from the right wrote, never one the client wrote', () => {
    expect(clientIp(headers, '10.0.0.9', 1)).toBe('10.0.0.2');
    expect(clientIp(headers, '10.0.0.9', 2)).toBe('198.51.100.1');
    expect(clientIp({ 'x-forwarded-for': '10.0.0.2' }, '10.0.0.9', 2)).toBe('10.0.0.9');
  });
});

describe('trusted document registration', () => {
  const schema = buildSchema(bookshelfCatalogue);
  const good = '{ bookshelfBook(id: "1") { title } }';
  const sha = (text: string) => hash('sha256', text, 'hex');

  it('accepts a client-preset file whose keys are the SHA-256 of valid documents', () => {
    const checked = checkPersistedDocuments(schema, JSON.stringify({ [sha(good)]: good }));
    expect(checked.refused).toEqual([]);
    expect([...checked.accepted.keys()]).toEqual([sha(good)]);
  });

  it('registers nothing when one entry has a wrong hash or does not validate, naming each', () => {
    const invalid = '{ bookshelfBook(id: "1") { nope } }';
    const checked = checkPersistedDocuments(
      schema,
      JSON.stringify({ [sha(good)]: good, [sha('other')]: '{ bookshelfBook(id: "2") { title } }', [sha(invalid)]: invalid }),
    );
    expect(checked.accepted.size).toBe(0);
    expect(checked.refused.map((each) => each.reason)).toEqual([
      'the key is not the SHA-256 of the document',
      expect.stringContaining('does not validate'),
    ]);
  });

  it('reads sha256:<hex> and bare hex ids, nothing else', () => {
    const hex = sha(good);
    expect(normaliseDocumentId(`sha256:${hex}`)).toBe(hex);
    expect(normaliseDocumentId(hex.toUpperCase())).toBe(hex);
    expect(normaliseDocumentId('md5:abc')).toBeNull();
    expect(normaliseDocumentId(42)).toBeNull();
  });
});
