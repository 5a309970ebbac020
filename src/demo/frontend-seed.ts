import { hash } from 'node:crypto';
import type { GraphQLExample } from '../catalogue/family.js';
import { frontendStoreOf } from '../frontends/index.js';
import { createPublishableKey } from '../frontends/publishable-keys.js';
import { accountIdForKey } from '../state/key-hash.js';
import type { StateAdapters } from '../state/ports.js';

/** The demo's publishable key: a page may show it, and only the origins below may use it. */
export const DEMO_PUBLISHABLE_KEY = 'pk_demo_first_hour_0001';
/** Where examples/browser-frontend serves its page. */
export const DEMO_PAGE_ORIGINS = 'http://localhost:4173,http://127.0.0.1:4173';

/**
 * Seeds the demo account's browser frontend: its publishable key for the example page's
 * origins, and every GraphQL example of the demo as a trusted document (by the SHA-256 of its
 * text, as graphql-codegen's client preset names them), with the example page's own documents
 * (a client preset's `persisted-documents.json`). Returns the documents' ids.
 */
export async function seedDemoFrontend(
  state: StateAdapters,
  secretKey: string,
  examples: readonly GraphQLExample[],
  pageDocuments: Readonly<Record<string, string>> = {},
): Promise<{ publishableKey: string; documentIds: string[] }> {
  const accountId = accountIdForKey(secretKey);
  await createPublishableKey(frontendStoreOf(state), state.keys, { accountId, origins: DEMO_PAGE_ORIGINS, key: DEMO_PUBLISHABLE_KEY });
  const documents = new Map(examples.map((example) => [hash('sha256', example.query, 'hex'), example.query]));
  for (const text of Object.values(pageDocuments)) documents.set(hash('sha256', text, 'hex'), text);
  await frontendStoreOf(state).addDocuments(accountId, documents);
  return { publishableKey: DEMO_PUBLISHABLE_KEY, documentIds: [...documents.keys()] };
}
