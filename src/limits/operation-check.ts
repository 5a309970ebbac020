import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { operationCost } from './query-cost.js';
import { costRefusal, DEFAULT_QUERY_LIMITS, parseWithinTokens, type QueryLimits } from './query-limits.js';
import { checkShape, limitError } from './query-shape.js';

/** Documents checkOperation() has validated already, so the door's own validation can skip them. */
const validated = new WeakSet<DocumentNode>();

/** Validation that trusts checkOperation(): graphql-sse validates again after onSubscribe. */
export function validateUnlessChecked(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validated.has(document) ? [] : validate(schema, document).map(withoutSuggestion);
}

/**
 * The abuse limits for a door that does not run Yoga's plugins (graphql-sse on /graphql/stream),
 * in the same order as on /graphql: tokens while parsing, shape, standard validation with
 * suggestions masked, then the upstream cost with the variables known. Either the parsed
 * document or the refusals (400 invalid_request, nothing fetched, nothing charged).
 */
export function checkOperation(
  schema: GraphQLSchema,
  query: string | DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  overrides: Partial<QueryLimits> = {},
): { document: DocumentNode } | { errors: readonly GraphQLError[] } {
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...overrides };
  let document: DocumentNode;
  try {
    document = typeof query === 'string' ? parseWithinTokens(query, limits.maxTokens) : query;
  } catch (error) {
    if (error instanceof GraphQLError) {
      const known = error.extensions.code !== undefined;
      return {
        errors: [
          known
            ? error
            : new GraphQLError(error.message, {
                nodes: error.nodes,
                source: error.source,
                positions: error.positions,
                extensions: { code: 'invalid_request', graphqlCode: 'GRAPHQL_PARSE_FAILED', http: { status: 400 } },
              }),
        ],
      };
    }
    throw error;
  }
  const shapeRefusals = checkShape(schema, document, limits);
  if (shapeRefusals.length > 0) return { errors: shapeRefusals.map((message) => limitError(message)) };
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { errors: invalid.map(withoutSuggestion) };
  validated.add(document);
  const refusal = costRefusal(operationCost(schema, document, operationName, variables), limits.maxCost);
  return refusal ? { errors: [refusal] } : { document };
}

/** A validation error as /graphql publishes it: invalid_request, "Did you mean …?" masked as blockFieldSuggestionsPlugin does there. */
function withoutSuggestion(error: GraphQLError): GraphQLError {
  const message = error.message.replace(/ ?Did you mean .*\?$/, '');
  return new GraphQLError(message, {
    nodes: error.nodes,
    extensions: { ...error.extensions, code: 'invalid_request', graphqlCode: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
  });
}
