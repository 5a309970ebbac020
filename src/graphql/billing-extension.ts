import type { GraphQLError } from 'graphql';
import type { BillingTotals } from '../schema/context.js';

export interface SerialisableResult {
  errors?: readonly GraphQLError[];
  extensions?: Record<string, unknown>;
  stringify?: (result: SerialisableResult) => string;
}

/** GraphQL-level failures of the caller's document, known by graphql-js and Yoga codes: the spec calls them invalid_request. */
const CALLER_DOCUMENT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST']);

/**
 * Errors as the contract publishes them: `extensions.code` from the spec's table and
 * `extensions.http.status`. Yoga reads `extensions.http` to choose the response status and
 * then omits it from the body, so it is put back when the (already sanitised) result is
 * serialised; a parse or validation failure, which graphql-js and Yoga code as
 * GRAPHQL_PARSE_FAILED or GRAPHQL_VALIDATION_FAILED, is `invalid_request` (the original code
 * kept as `graphqlCode`). (graphql-sse serialises errors whole.)
 */
function publishErrorExtensions(result: SerialisableResult): void {
  const statuses = result.errors?.map((error) => (error.extensions?.http as { status?: number } | undefined)?.status);
  if (!statuses || statuses.length === 0) return;
  result.stringify = (sanitised) =>
    JSON.stringify({
      ...sanitised,
      errors: sanitised.errors?.map((error, index) => {
        const json = error.toJSON();
        const extensions: Record<string, unknown> = { ...json.extensions };
        const code = extensions.code;
        if (typeof code === 'string' && CALLER_DOCUMENT_CODES.has(code))
          Object.assign(extensions, { code: 'invalid_request', graphqlCode: code });
        if (statuses[index] !== undefined) extensions.http = { status: statuses[index] };
        return { ...json, extensions };
      }),
    });
}

/** `extensions.billing` of one result (a response, or one event of a stream). */
export function attachBilling(result: SerialisableResult, billing: BillingTotals): void {
  result.extensions = { ...result.extensions, billing: { ...billing } };
  publishErrorExtensions(result);
}
