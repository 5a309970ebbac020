import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { schemaDrift } from '../errors.js';

/**
 * An XML document read as a stream in bounded memory: the root element's name and namespace
 * declarations first, then each element at one depth (an RSS channel's fields and items) as a
 * small tree, one at a time, each dropped once yielded. Nothing but the element being built is
 * held, so a feed of tens of megabytes costs the size of its largest record.
 *
 * Namespaces are resolved here, not by the parser: a prefix bound by an `xmlns:` attribute on the
 * element or an ancestor has that URI; an undeclared prefix (common in feeds) is kept with a null
 * URI instead of failing the document, so a reader can still match it by its usual name.
 * No DTD is read and no entity beyond XML's five is expanded (no entity expansion to exploit).
 */

export interface XmlElement {
  /** The name as written, prefix included, e.g. `media:content`. */
  name: string;
  prefix: string;
  local: string;
  /** The URI its prefix (or the default namespace) is bound to where it is read, else null. */
  uri: string | null;
  attributes: Readonly<Record<string, string>>;
  /** The element's own text and CDATA, in order, without its children's. */
  text: string;
  children: XmlElement[];
}

export interface XmlStreamBounds {
  /** Depth of the elements yielded whole: 0 is the root, 1 its children, 2 theirs (an RSS channel's fields and items). */
  recordDepth: number;
  /** The most characters (text and attribute values) one record may hold. */
  maxRecordChars: number;
  /** The deepest nesting accepted anywhere in the document. */
  maxDepth: number;
  /** The most records read; the rest of the document is refused, not skipped. */
  maxRecords: number;
}

export type XmlStreamEvent =
  | { kind: 'root'; element: XmlElement }
  | {
      kind: 'record';
      /** Local names of the record's ancestors below the root, e.g. ['channel']. */
      path: readonly string[];
      element: XmlElement;
    };

/** Characters handed to the parser at once. */
const PARSE_SLICE = 64 * 1024;

/** How far into a document its XML declaration is looked for (it must come first). */
const DECLARATION_WINDOW = 512;

interface Open {
  element: XmlElement | null;
  local: string;
  /** Prefix bindings this element declares, null when it declares none. */
  bindings: Map<string, string> | null;
}

/**
 * Reads `chunks` (the body's bytes, in the encoding its XML declaration names, UTF-8 without one)
 * and yields the root and then every element at `bounds.recordDepth`. Malformed XML, or a bound
 * passed, is `upstream_schema_drift` naming the reason (`details.reason`).
 */
export async function* streamXml(chunks: AsyncIterable<Buffer>, bounds: XmlStreamBounds): AsyncGenerator<XmlStreamEvent> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ready: XmlStreamEvent[] = [];
  const stack: Open[] = [];
  let recordChars = 0;
  let records = 0;
  let failure: Error | null = null;

  const fail = (reason: string, message: string): never => {
    throw schemaDrift(`The upstream document ${message}.`, { reason });
  };
  const uriOf = (prefix: string): string | null => {
    for (let index = stack.length - 1; index >= 0; index--) {
      const bound = stack[index]!.bindings?.get(prefix);
      if (bound !== undefined) return bound;
    }
    return null;
  };
  const count = (text: string): void => {
    recordChars += text.length;
    if (recordChars > bounds.maxRecordChars) fail('record_too_large', `holds an element over ${bounds.maxRecordChars} characters`);
  };

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const depth = stack.length;
    if (depth >= bounds.maxDepth) fail('too_deep', `nests elements deeper than ${bounds.maxDepth}`);
    const bindings = namespaceBindings(tag.attributes);
    const colon = tag.name.indexOf(':');
    const prefix = colon === -1 ? '' : tag.name.slice(0, colon);
    const local = colon === -1 ? tag.name : tag.name.slice(colon + 1);
    const open: Open = { element: null, local, bindings };
    stack.push(open);
    if (depth === 0 || depth >= bounds.recordDepth) {
      if (depth === bounds.recordDepth) {
        recordChars = 0;
        records++;
        if (records > bounds.maxRecords) fail('too_many_records', `holds more than ${bounds.maxRecords} records`);
      }
      const attributes: Record<string, string> = {};
      for (const [name, value] of Object.entries(tag.attributes)) {
        if (depth >= bounds.recordDepth) count(value);
        attributes[name] = value;
      }
      open.element = { name: tag.name, prefix, local, uri: uriOf(prefix), attributes, text: '', children: [] };
      if (depth === 0) ready.push({ kind: 'root', element: { ...open.element } });
      if (depth > bounds.recordDepth) stack[depth - 1]!.element!.children.push(open.element);
    }
  });
  const onText = (text: string): void => {
    const current = stack.at(-1);
    if (current === undefined || current.element === null || stack.length <= bounds.recordDepth) return;
    count(text);
    current.element.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const closed = stack.pop();
    if (closed?.element && stack.length === bounds.recordDepth) {
      ready.push({ kind: 'record', path: stack.slice(1).map((open) => open.local), element: closed.element });
    }
  });
  parser.on('error', (error: Error) => {
    failure ??= error;
  });

  const decoded = decodeChunks(chunks);
  for await (const text of decoded) {
    // A large chunk is parsed in slices, so the records waiting to be yielded stay few whatever the chunk size.
    for (let at = 0; at < text.length; at += PARSE_SLICE) {
      parser.write(text.slice(at, at + PARSE_SLICE));
      if (failure) fail('malformed', `is not well-formed XML (${(failure as Error).message})`);
      yield* ready.splice(0);
    }
  }
  parser.close();
  if (failure) fail('malformed', `is not well-formed XML (${(failure as Error).message})`);
  yield* ready.splice(0);
}

/** The `xmlns:prefix` (and default `xmlns`) declarations of one tag, or null when it makes none. */
function namespaceBindings(attributes: Readonly<Record<string, string>>): Map<string, string> | null {
  let bindings: Map<string, string> | null = null;
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      bindings ??= new Map();
      bindings.set(name === 'xmlns' ? '' : name.slice('xmlns:'.length), value.trim());
    }
  }
  return bindings;
}

/**
 * The body as text: the encoding its XML declaration (or byte-order mark) names, UTF-8 when it
 * names none or one this runtime does not know. Decoding is incremental: a character split
 * across chunks is joined, nothing is held beyond one chunk.
 */
async function* decodeChunks(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head = Buffer.alloc(0);
  for await (const chunk of chunks) {
    if (decoder === null) {
      head = Buffer.concat([head, chunk]);
      // The declaration, when there is one, ends at the document's first `>`.
      if (head.length < DECLARATION_WINDOW && !head.includes('>')) continue;
      decoder = decoderFor(head);
      yield decoder.decode(head, { stream: true });
      continue;
    }
    yield decoder.decode(chunk, { stream: true });
  }
  if (decoder === null) {
    decoder = decoderFor(head);
    yield decoder.decode(head, { stream: true });
  }
  yield decoder.decode();
}

function decoderFor(head: Buffer): TextDecoder {
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const opening = head.subarray(start, DECLARATION_WINDOW).toString('latin1');
  const declaration = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(opening);
  try {
    return new TextDecoder(declaration?.[1] ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}
