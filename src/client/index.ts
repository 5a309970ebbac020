import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type ExecutionResult } from 'graphql';
import { createClient } from 'graphql-sse';

/**
 * A small typed client for the gateway's GraphQL door, exported as `public-data-gateway/client`.
 * Documents are the TypedDocumentNodes of `npm run codegen` (src/client/generated), so variables
 * and results are checked by the compiler. Queries and mutations go over fetch; subscriptions
 * stream over SSE with graphql-sse (distinct connections on /graphql).
 */

export * from './generated/graphql.js';
export { gatewayTypePolicies, type GatewayTypePolicies } from './type-policies.js';

export interface GatewayClientOptions {
  /** The gateway's base URL, e.g. http://127.0.0.1:4000 (/graphql is appended). */
  url: string;
  apiKey: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** A GraphQL error as the gateway sends it: `extensions.code` is one of the gateway's error codes (the same as REST's `error.code`). */
export class GatewayGraphQLError extends Error {
  override name = 'GatewayGraphQLError';
  constructor(
    readonly errors: NonNullable<ExecutionResult['errors']>,
    /** extensions.billing of the response, when it got that far. */
    readonly extensions: Record<string, unknown> | undefined,
  ) {
    super(errors.map((error) => `${error.message}${error.extensions?.code ? ` (${String(error.extensions.code)})` : ''}`).join('; '));
  }
}

/** What a query answers besides its data: the billing of the request. */
export interface QueryResult<Data> {
  data: Data;
  extensions: { billing?: { creditsCharged: number; liveFetches: number; cacheHits: number } } & Record<string, unknown>;
}

export interface GatewayClient {
  /** Runs a query or mutation; throws GatewayGraphQLError when the response carries errors. */
  query<Data, Variables extends Record<string, unknown>>(
    document: TypedDocumentNode<Data, Variables>,
    variables: Variables,
  ): Promise<QueryResult<Data>>;
  /** Streams a subscription's results until the server ends it or the loop breaks (which closes the stream). */
  subscribe<Data, Variables extends Record<string, unknown>>(
    document: TypedDocumentNode<Data, Variables>,
    variables: Variables,
  ): AsyncIterableIterator<Data>;
  /** Closes open subscription streams. */
  dispose(): void;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const endpoint = `${options.url.replace(/\/+$/, '')}/graphql`;
  const fetchFn = options.fetch ?? fetch;
  const headers = { 'x-api-key': options.apiKey };
  const sse = createClient({ url: endpoint, headers, fetchFn, retryAttempts: 0 });

  return {
    async query(document, variables) {
      const response = await fetchFn(endpoint, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
        body: JSON.stringify({ query: print(document), variables }),
      });
      const body = (await response.json()) as ExecutionResult<never, QueryResult<never>['extensions']>;
      if (body.errors?.length || body.data === undefined || body.data === null) {
        throw new GatewayGraphQLError(body.errors ?? [], body.extensions);
      }
      return { data: body.data, extensions: body.extensions ?? {} };
    },
    subscribe<Data, Variables extends Record<string, unknown>>(document: TypedDocumentNode<Data, Variables>, variables: Variables) {
      const results = sse.iterate<Data>({ query: print(document), variables });
      async function* data(): AsyncGenerator<Data> {
        try {
          for await (const result of results) {
            if (result.errors?.length)
              throw new GatewayGraphQLError(result.errors, result.extensions as Record<string, unknown> | undefined);
            if (result.data !== undefined && result.data !== null) yield result.data;
          }
        } finally {
          await results.return?.();
        }
      }
      return data();
    },
    dispose: () => sse.dispose(),
  };
}
