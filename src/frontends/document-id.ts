/** Trusted documents are named by the SHA-256 of their text, in lowercase hex. */

const HEX = /^[0-9a-f]{64}$/;

/** The hex hash a request's document id names (`sha256:<hex>` or bare hex, any case); null when it is not one. */
export function normaliseDocumentId(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  const hex = (id.startsWith('sha256:') ? id.slice('sha256:'.length) : id).toLowerCase();
  return HEX.test(hex) ? hex : null;
}

/**
 * The document id a GraphQL request's parameters carry: `documentId` (the GraphQL-over-HTTP
 * trusted documents convention), else Apollo's `extensions.persistedQuery.sha256Hash`; the raw
 * value, so an id of the wrong form is reported as unknown rather than as absent.
 */
export function presentedDocumentId(params: { documentId?: unknown; extensions?: unknown }): string | null {
  if (typeof params.documentId === 'string') return params.documentId;
  const extensions = params.extensions;
  if (!extensions || typeof extensions !== 'object') return null;
  const persisted = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (!persisted || typeof persisted !== 'object') return null;
  const hash = (persisted as { sha256Hash?: unknown }).sha256Hash;
  return typeof hash === 'string' ? hash : null;
}
