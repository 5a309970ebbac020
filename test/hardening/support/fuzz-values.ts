import fc from 'fast-check';

/**
 * Hostile values for parameters: wrong types, out-of-range numbers, huge and empty strings,
 * unicode and control characters, and URL tricks aimed at a family's own hosts.
 */

/** Case counts: HARDENING_FUZZ_RUNS runs per endpoint (default sized for the CI budget). */
export function fuzzRuns(fallback: number): number {
  const value = Number(process.env.HARDENING_FUZZ_RUNS);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** URLs that try to leave (or fool the check of) the declared hosts. */
export function urlTricks(host: string): string[] {
  return [
    `https://user:pass@${host}/r/x/comments/abc123/`,
    `https://${host}@evil.example/comments/abc123/`,
    `https://evil.example@${host}/comments/abc123/`,
    `https://evil.example\\@${host}/comments/abc123/`,
    `https://${host}\\@evil.example/`,
    `https://${host}\\evil.example/`,
    `https://evil.example#@${host}/`,
    `https://evil.example?@${host}/`,
    `https://${host}.evil.example/comments/abc123/`,
    `https://${host}%2eevil.example/`,
    `https://${host.replace(/\./g, '%2e')}/comments/abc123/`,
    `https://${host}%00.evil.example/`,
    `https://${host}:8443/comments/abc123/`,
    `https://${host.toUpperCase()}/comments/abc123/`,
    `https://${host}./comments/abc123/`,
    `http://${host}/comments/abc123/`,
    `ftp://${host}/comments/abc123/`,
    `file:///etc/passwd`,
    `javascript:alert(1)//${host}`,
    `data:text/html,<a href="https://${host}">`,
    `//${host}/comments/abc123/`,
    `//evil.example/${host}`,
    `https:/${host}/comments/abc123/`,
    `https:\\\\${host}\\comments\\abc123`,
    'https://127.0.0.1/comments/abc123/',
    'https://2130706433/comments/abc123/',
    'https://0x7f.0.0.1/comments/abc123/',
    'https://[::1]/comments/abc123/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/comments/abc123/',
    'https://xn--rddit-6ra.com/comments/abc123/',
    `https://ｗｗｗ.${host.replace(/^www\./, '')}/comments/abc123/`,
    `https://${host}/%2e%2e/%2e%2e/etc/passwd`,
    `https://${host}/..%2f..%2fadmin`,
    `https://${host}/comments/abc123/?url=https://evil.example`,
    ` https://${host}/comments/abc123/ `,
    `https://${host}/comments/abc123/\r\nX-Injected: 1`,
  ];
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000abc',
  '\r\n',
  '\t',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '💥',
  'ß',
  'İ',
  'Ⅻ',
  '０',
  '١٢٣',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  '01',
  '+1',
  '1.0',
  '1,5',
  '__proto__',
  'constructor',
  'prototype',
  '{"$gt":""}',
  '[object Object]',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  '%',
  'r/',
  'u/',
  '/r/',
  't3_',
  't1_',
  ':',
  'a:b:c',
  'abc123:',
  ':abc123',
];

/** Numbers as strings, in and far out of every declared range. */
const numberStrings = fc.oneof(
  fc.integer({ min: -5, max: 600 }).map(String),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);

/** Huge strings (kept under Node's 16 KB request-line limit once percent-encoded). */
const hugeStrings = fc.oneof(
  fc.integer({ min: 1000, max: 4000 }).map((length) => 'a'.repeat(length)),
  fc.integer({ min: 100, max: 400 }).map((length) => '💥'.repeat(length)),
  fc.integer({ min: 200, max: 1000 }).map((length) => 'abc123'.repeat(length)),
);

/** A hostile value for any string parameter; `hosts` adds URL tricks on those hosts. */
export function hostileString(hosts: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...hosts.flatMap(urlTricks)) },
    { weight: 2, arbitrary: numberStrings },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: hugeStrings },
  );
}
