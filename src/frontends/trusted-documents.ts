import type { FastifyRequest } from 'fastify';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { toGraphQLError } from '../schema/errors.js';
import { normaliseDocumentId, presentedDocumentId } from './document-id.js';
import { forbidden } from './publishable-admission.js';
import type { FrontendStore } from './store.js';

/** The code Apollo's clients act on (they resend the query text), and the status the contract gives it. */
export const PERSISTED_QUERY_NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';

/** Body parameters Yoga must let through beside the standard four. */
export const TRUSTED_DOCUMENT_PARAMS = ['documentId'];

interface DoorContext {
  req: FastifyRequest;
}

/**
 * Trusted documents on Yoga: a request may name a document registered for its account
 * (`documentId`, or Apollo's `extensions.persistedQuery.sha256Hash`) instead of sending its
 * text; Yoga's persisted-operations plugin swaps the text in, and it is parsed, validated and
 * limited like any other. A publishable key may send nothing else (403 forbidden); a secret key
 * may send either. The admission's refusal is raised first for a request that names a document,
 * since looking a document up needs an admitted account.
 */
export function useTrustedDocuments(store: FrontendStore): Plugin[] {
  const gate: Plugin = {
    onParams({ params, context }) {
      const { req } = context as unknown as DoorContext;
      if (params.query != null) {
        if (req.caller?.publishable && !req.refusal)
          throw toGraphQLError(forbidden('a publishable key runs trusted documents only: send documentId, not a query text.'));
        return;
      }
      if (req.refusal) throw toGraphQLError(req.refusal);
    },
  };
  const persisted = usePersistedOperations<Record<string, unknown>>({
    allowArbitraryOperations: true,
    extractPersistedOperationId: (params: GraphQLParams & { documentId?: unknown }) => presentedDocumentId(params),
    getPersistedOperation: async (key, _request, context) => {
      const caller = (context as unknown as DoorContext).req.caller;
      const hash = normaliseDocumentId(key);
      if (!caller || !hash) return null;
      return store.document(caller.account.id, hash);
    },
    customErrors: {
      notFound: {
        message: 'No trusted document with this id is registered for the account (npm run documents -- add).',
        extensions: { code: PERSISTED_QUERY_NOT_FOUND, http: { status: 400 } },
      },
      keyNotFound: {
        message: 'Must provide query string or documentId.',
        extensions: { code: 'invalid_request', http: { status: 400 } },
      },
    },
  });
  return [gate, persisted as Plugin];
}
