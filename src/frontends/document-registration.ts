import { hash } from 'node:crypto';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { normaliseDocumentId } from './document-id.js';
import { withIncrementalDelivery } from './incremental-directives.js';

/** Bounds of one registration: a client's whole set of operations fits well within them. */
export const MAX_DOCUMENTS = 1000;
export const MAX_DOCUMENT_LENGTH = 100_000;

export interface RegistrationCheck {
  /** Hex hash to text, for documents that passed; empty unless every entry did. */
  accepted: Map<string, string>;
  /** Each refused entry and why. */
  refused: { id: string; reason: string }[];
}

/**
 * Checks a graphql-codegen client-preset `persisted-documents.json` (`{"<sha256 hex>":
 * "<document>"}`): each key must be the SHA-256 of its text, and each document must parse and
 * validate against the schema (with `@defer` and `@stream`, which the server serves). All or
 * nothing: one refused entry registers none.
 */
export function checkPersistedDocuments(schema: GraphQLSchema, text: string): RegistrationCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      accepted: new Map(),
      refused: [{ id: '(file)', reason: `not JSON: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { accepted: new Map(), refused: [{ id: '(file)', reason: 'expected an object of {"<sha256 hex>": "<document>"}' }] };
  const entries = Object.entries(parsed);
  if (entries.length === 0) return { accepted: new Map(), refused: [{ id: '(file)', reason: 'no documents in the file' }] };
  if (entries.length > MAX_DOCUMENTS)
    return { accepted: new Map(), refused: [{ id: '(file)', reason: `more than ${MAX_DOCUMENTS} documents` }] };
  const accepted = new Map<string, string>();
  const refused: RegistrationCheck['refused'] = [];
  for (const [id, document] of entries) {
    const reason = refusal(schema, id, document);
    if (reason) refused.push({ id, reason });
    else accepted.set(normaliseDocumentId(id)!, document as string);
  }
  return refused.length === 0 ? { accepted, refused } : { accepted: new Map(), refused };
}

function refusal(schema: GraphQLSchema, id: string, document: unknown): string | null {
  const hex = normaliseDocumentId(id);
  if (!hex) return 'the key is not a SHA-256 hex hash';
  if (typeof document !== 'string') return 'the document is not a string';
  if (document.length > MAX_DOCUMENT_LENGTH) return `the document is longer than ${MAX_DOCUMENT_LENGTH} characters`;
  if (hash('sha256', document, 'hex') !== hex) return 'the key is not the SHA-256 of the document';
  try {
    const errors = validate(withIncrementalDelivery(schema), parse(document));
    return errors.length === 0 ? null : `does not validate: ${errors.map((error) => error.message).join('; ')}`;
  } catch (error) {
    return `does not parse: ${error instanceof Error ? error.message : String(error)}`;
  }
}
