import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { JsonPicker, pickJson, type JsonPickLimits, type JsonSelection } from '../../src/upstream/json-pick.js';

/** The streaming JSON picker: what a selection keeps, at every chunk boundary, and what it refuses. */

const LIMITS = { maxKeptBytes: 1 << 20 };

/** Picks `text` fed in chunks of `size` bytes. */
function pickIn(text: string, selection: JsonSelection, size: number, limits: JsonPickLimits = LIMITS): unknown {
  const picker = new JsonPicker(selection, limits);
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) picker.write(bytes.subarray(at, at + size));
  return picker.end();
}

const DOCUMENT = {
  name: 'caf\u00e9 \u2615 "quoted" \\ back\nslash \ud83d\ude00',
  readme: 'x'.repeat(5000) + '\\"still inside\\"',
  'dist-tags': { latest: '1.0.0', next: '2.0.0-rc.1' },
  versions: {
    '1.0.0': { license: 'MIT', deprecated: 'use 2', dist: { size: 12, files: [1, 2, { deep: [true, null] }] } },
    '2.0.0-rc.1': { licenses: [{ type: 'MIT' }, { type: 'ISC' }], dist: { size: -1.5e3 } },
  },
  maintainers: [{ name: 'a', email: 'a@example.test' }, 'plain', { name: 'b' }],
  empty: {},
  list: [],
  flags: [true, false, null, 0, -0.25, 1e21],
};

const SELECTION: JsonSelection = {
  name: true,
  'dist-tags': true,
  versions: { '*': { license: true, licenses: true, deprecated: true } },
  maintainers: { '*': { name: true } },
  empty: true,
  list: true,
  flags: true,
};

const EXPECTED = {
  name: DOCUMENT.name,
  'dist-tags': DOCUMENT['dist-tags'],
  versions: { '1.0.0': { license: 'MIT', deprecated: 'use 2' }, '2.0.0-rc.1': { licenses: [{ type: 'MIT' }, { type: 'ISC' }] } },
  maintainers: [{ name: 'a' }, 'plain', { name: 'b' }],
  empty: {},
  list: [],
  flags: [true, false, null, 0, -0.25, 1e21],
};

describe('JsonPicker', () => {
  it('keeps exactly the selected members, whatever the chunk size (values straddle every boundary)', () => {
    for (const text of [JSON.stringify(DOCUMENT), JSON.stringify(DOCUMENT, null, '\t')]) {
      for (const size of [1, 2, 3, 7, 64, 4096, text.length]) expect(pickIn(text, SELECTION, size), `chunks of ${size}`).toEqual(EXPECTED);
    }
  });

  it('keeps a whole document with `true`, the same as JSON.parse', () => {
    const text = JSON.stringify(DOCUMENT);
    expect(pickIn(text, true, 5)).toEqual(JSON.parse(text));
  });

  it('keeps top-level primitives and skips a whole unselected document', () => {
    expect(pickIn(' 42 ', true, 1)).toBe(42);
    expect(pickIn('"x"', true, 1)).toBe('x');
    expect(pickIn('{"a":[1,{"b":2}]}', { z: true }, 3)).toEqual({});
  });

  it('keeps a member named __proto__ as a member, never as a prototype', () => {
    const picked = pickIn('{"__proto__":{"polluted":true},"constructor":1}', true, 4) as Record<string, unknown>;
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(Object.keys(picked)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{"a":1', 'ended early'],
    ['{"a" 1}', 'colon'],
    ['{"a":1,}', 'member name'],
    ['[1 2]', 'comma'],
    ['{"a":tru}', 'unexpected'],
    ['{"a":1}}', 'after the document'],
    ['[}', 'unexpected'],
    ['{]', 'member name'],
    ['', 'ended early'],
  ])('refuses %j as upstream_schema_drift (%s)', (text, what) => {
    for (const selection of [true, {}] as JsonSelection[]) {
      let error: unknown;
      try {
        pickIn(text, selection, 2);
      } catch (caught) {
        error = caught;
      }
      expect(error, `${text} with ${JSON.stringify(selection)}`).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).code).toBe('upstream_schema_drift');
      expect((error as GatewayError).message).toContain(what);
    }
  });

  it('refuses a bad escape or a control character in a kept string (a skipped string is scanned for its end only)', () => {
    expect(() => pickIn('{"a":"\\x"}', true, 2)).toThrow(/bad escape/);
    expect(() => pickIn('{"a":"\u0001"}', true, 2)).toThrow(/control character/);
    expect(pickIn('{"a":"\u0001","b":1}', { b: true }, 2)).toEqual({ b: 1 });
    expect(pickIn('{"a":"\\x","b":1}', { b: true }, 2)).toEqual({ b: 1 });
  });

  it('bounds what it keeps and how deep it reads', () => {
    expect(() => pickIn(JSON.stringify({ a: 'y'.repeat(100) }), true, 16, { maxKeptBytes: 50 })).toThrow(/kept more than 50 bytes/);
    // Skipped values cost nothing against the kept bound.
    expect(pickIn(JSON.stringify({ a: 'y'.repeat(100), b: 1 }), { b: true }, 16, { maxKeptBytes: 50 })).toEqual({ b: 1 });
    const deep = '['.repeat(40) + ']'.repeat(40);
    expect(() => pickIn(deep, {}, 8, { maxKeptBytes: 100, maxDepth: 32 })).toThrow(/nesting deeper than 32/);
    expect(pickIn(deep, {}, 8, { maxKeptBytes: 100, maxDepth: 64 })).toEqual([]);
  });

  it('reads an async stream of chunks', async () => {
    async function* chunks() {
      yield Buffer.from('{"keep":{"x":');
      yield Buffer.from('1},"drop":"');
      yield Buffer.from('z"}');
    }
    expect(await pickJson(chunks(), { keep: true }, LIMITS)).toEqual({ keep: { x: 1 } });
  });
});
