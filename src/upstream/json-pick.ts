import { schemaDrift } from '../errors.js';

/**
 * Reads a JSON document as a stream of bytes and keeps only the parts a selection names, so an
 * answer of tens of megabytes (a package registry's document of every version ever published)
 * is never held whole, as text or as parsed objects. What is skipped is scanned, not decoded: a
 * skipped string is read for its end only, so a bad escape or a raw control character inside it
 * goes unnoticed (a kept string is decoded by JSON.parse, which refuses both).
 *
 * A selection is `true` (keep the value whole) or an object naming what to keep of an object's
 * members by key, `'*'` standing for every other key and for every element of an array:
 * `{ name: true, versions: { '*': { license: true } } }` keeps `name` and each version's `license`.
 * A primitive found where a selection expects an object or array is kept as it is.
 */
export type JsonSelection = true | { readonly [key: string]: JsonSelection };

export interface JsonPickLimits {
  /** Most bytes of kept strings, numbers and keys; a document keeping more is upstream_schema_drift. */
  maxKeptBytes: number;
  /** Deepest nesting read, kept or not. */
  maxDepth?: number;
}

type Container = Record<string, unknown> | unknown[];

interface Frame {
  isArray: boolean;
  selection: JsonSelection | null;
  /** The container being built; null while skipping. */
  value: Container | null;
  /** The member key just read (objects). */
  key: string | null;
}

// Where the reader stands between tokens.
const VALUE = 0; // a value must come next
const ARRAY_START = 1; // a value or `]`
const OBJECT_START = 2; // a key or `}`
const KEY = 3; // a key
const COLON = 4;
const AFTER_VALUE = 5; // `,` or a closing bracket (or the end)
const IN_STRING = 6;
const IN_LITERAL = 7;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes a number or `true`, `false`, `null` can hold. */
const LITERAL_BYTES = new Uint8Array(256);
for (const byte of Buffer.from('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+.-', 'latin1')) LITERAL_BYTES[byte] = 1;
const LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;
const MAX_LITERAL_LENGTH = 64;
const DEFAULT_MAX_DEPTH = 256;
/** A skipped value placed in its parent is not placed at all. */
const SKIPPED = Symbol('skipped');

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

function childSelection(selection: JsonSelection | null, key: string | null): JsonSelection | null {
  if (selection === null || selection === true) return selection;
  if (key !== null && Object.hasOwn(selection, key)) return selection[key]!;
  return Object.hasOwn(selection, '*') ? selection['*']! : null;
}

export class JsonPicker {
  readonly #maxKeptBytes: number;
  readonly #maxDepth: number;
  readonly #stack: Frame[] = [];
  #state = VALUE;
  /** The selection of the value about to start. */
  #selection: JsonSelection | null;
  #result: unknown = SKIPPED;
  #kept = 0;
  // The string being read: its bytes when kept, whether it is a key, a pending escape across chunks.
  #stringParts: Buffer[] | null = null;
  #stringIsKey = false;
  #escape = false;
  #literal = '';

  constructor(selection: JsonSelection, limits: JsonPickLimits) {
    this.#selection = selection;
    this.#maxKeptBytes = limits.maxKeptBytes;
    this.#maxDepth = limits.maxDepth ?? DEFAULT_MAX_DEPTH;
  }

  write(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#state === IN_STRING) at = this.#readString(chunk, at);
      else if (this.#state === IN_LITERAL) at = this.#readLiteral(chunk, at);
      else if (isSpace(chunk[at]!)) at += 1;
      else at = this.#structural(chunk, at);
    }
  }

  /** The kept value; throws when the document was cut short. */
  end(): unknown {
    if (this.#state === IN_LITERAL && this.#stack.length === 0) this.#finishLiteral();
    if (this.#state !== AFTER_VALUE || this.#stack.length !== 0) throw malformed('the document ended early');
    return this.#result === SKIPPED ? undefined : this.#result;
  }

  #structural(chunk: Buffer, at: number): number {
    const byte = chunk[at]!;
    const state = this.#state;
    if (state === AFTER_VALUE) return this.#afterValue(byte, at);
    if (state === COLON) {
      if (byte !== 0x3a) throw malformed('expected a colon');
      this.#state = VALUE;
      this.#selection = childSelection(this.#top().selection, this.#top().key);
      return at + 1;
    }
    if (state === OBJECT_START || state === KEY) {
      if (byte === 0x7d && state === OBJECT_START) return this.#close(false, at);
      if (byte !== QUOTE) throw malformed('expected a member name');
      this.#startString(true, this.#top().selection !== null);
      return at + 1;
    }
    if (byte === 0x5d && state === ARRAY_START) return this.#close(true, at);
    if (byte === 0x7b || byte === 0x5b) {
      if (this.#stack.length >= this.#maxDepth) throw malformed(`nesting deeper than ${this.#maxDepth}`);
      const isArray = byte === 0x5b;
      const selection = this.#selection;
      this.#stack.push({ isArray, selection, value: selection === null ? null : isArray ? [] : {}, key: null });
      this.#state = isArray ? ARRAY_START : OBJECT_START;
      if (isArray) this.#selection = childSelection(selection, null);
      return at + 1;
    }
    if (byte === QUOTE) {
      this.#startString(false, this.#selection !== null);
      return at + 1;
    }
    if (LITERAL_BYTES[byte] !== 1) throw malformed(`unexpected character ${JSON.stringify(String.fromCharCode(byte))}`);
    this.#state = IN_LITERAL;
    this.#literal = '';
    return at;
  }

  #afterValue(byte: number, at: number): number {
    const top = this.#stack.at(-1);
    if (!top) throw malformed('content after the document');
    if (byte === 0x2c) {
      this.#state = top.isArray ? VALUE : KEY;
      if (top.isArray) this.#selection = childSelection(top.selection, null);
      return at + 1;
    }
    if ((byte === 0x5d && top.isArray) || (byte === 0x7d && !top.isArray)) return this.#close(top.isArray, at);
    throw malformed('expected a comma or a closing bracket');
  }

  #close(isArray: boolean, at: number): number {
    const frame = this.#stack.pop()!;
    if (frame.isArray !== isArray) throw malformed('mismatched brackets');
    this.#place(frame.value ?? SKIPPED);
    return at + 1;
  }

  /** Puts a finished value where it belongs: in its parent when kept, or as the result. */
  #place(value: unknown): void {
    this.#state = AFTER_VALUE;
    const top = this.#stack.at(-1);
    if (!top) {
      this.#result = value;
      return;
    }
    if (value === SKIPPED || top.value === null) return;
    if (Array.isArray(top.value)) top.value.push(value);
    // Defined, not assigned: a member named __proto__ must stay a member.
    else Object.defineProperty(top.value, top.key!, { value, enumerable: true, writable: true, configurable: true });
  }

  #startString(isKey: boolean, keep: boolean): void {
    this.#state = IN_STRING;
    this.#stringIsKey = isKey;
    this.#stringParts = keep ? [] : null;
    this.#escape = false;
  }

  /**
   * Reads a string's bytes up to its closing quote, jumping with indexOf: the next quote is found
   * once and kept until the reading passes it, each escape found from where the last one ended,
   * so a chunk is scanned about once however many escapes it holds.
   */
  #readString(chunk: Buffer, from: number): number {
    let at = from;
    if (this.#escape) {
      this.#escape = false;
      at += 1;
    }
    let quote = -2;
    while (at < chunk.length) {
      if (quote !== -1 && quote < at) quote = chunk.indexOf(QUOTE, at);
      const end = quote === -1 ? chunk.length : quote;
      const escape = chunk.subarray(at, end).indexOf(BACKSLASH);
      if (escape !== -1) {
        at += escape + 2;
        continue;
      }
      if (quote === -1) break;
      this.#stringParts?.push(chunk.subarray(from, quote));
      this.#finishString();
      return quote + 1;
    }
    // An escape's second byte is the next chunk's first.
    if (at > chunk.length) this.#escape = true;
    // The string goes on in the next chunk: keep a copy of this part, not the chunk.
    this.#stringParts?.push(Buffer.from(chunk.subarray(from, chunk.length)));
    return chunk.length;
  }

  #finishString(): void {
    const parts = this.#stringParts;
    this.#stringParts = null;
    const top = this.#stack.at(-1);
    if (parts === null) {
      if (this.#stringIsKey) this.#state = COLON;
      else this.#place(SKIPPED);
      return;
    }
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    this.#count(bytes.length);
    let value: string;
    try {
      value = JSON.parse(`"${bytes.toString('utf8')}"`) as string;
    } catch {
      throw malformed('a string with a bad escape or a control character');
    }
    if (this.#stringIsKey) {
      top!.key = value;
      this.#state = COLON;
    } else this.#place(value);
  }

  #readLiteral(chunk: Buffer, from: number): number {
    let at = from;
    while (at < chunk.length && LITERAL_BYTES[chunk[at]!] === 1) at += 1;
    this.#literal += chunk.toString('latin1', from, at);
    if (this.#literal.length > MAX_LITERAL_LENGTH) throw malformed('a number or literal too long');
    if (at < chunk.length) this.#finishLiteral();
    return at;
  }

  #finishLiteral(): void {
    if (!LITERAL.test(this.#literal)) throw malformed(`unexpected ${JSON.stringify(this.#literal.slice(0, 20))}`);
    if (this.#selection === null) return this.#place(SKIPPED);
    this.#count(this.#literal.length);
    this.#place(JSON.parse(this.#literal));
  }

  #count(bytes: number): void {
    this.#kept += bytes;
    if (this.#kept > this.#maxKeptBytes) throw schemaDrift(`The answer kept more than ${this.#maxKeptBytes} bytes of the fields read.`);
  }

  #top(): Frame {
    return this.#stack.at(-1)!;
  }
}

function malformed(what: string) {
  return schemaDrift(`The answer was not valid JSON: ${what}.`);
}

/** Reads a whole stream through a picker and returns what it kept. */
export async function pickJson(chunks: AsyncIterable<Buffer>, selection: JsonSelection, limits: JsonPickLimits): Promise<unknown> {
  const picker = new JsonPicker(selection, limits);
  for await (const chunk of chunks) picker.write(chunk);
  return picker.end();
}
