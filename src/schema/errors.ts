import { GraphQLError } from 'graphql';
import { GatewayError, isGatewayError } from '../errors.js';

/** A GatewayError as GraphQL reports it: same code, same HTTP meaning. */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  const failure = isGatewayError(error) ? error : new GatewayError('internal_error', 'Unexpected error.');
  return new GraphQLError(failure.message, {
    originalError: isGatewayError(error) ? undefined : (error as Error),
    extensions: {
      code: failure.code,
      http: {
        status: failure.status,
        ...(failure.retryAfter === undefined ? {} : { headers: { 'retry-after': String(failure.retryAfter) } }),
      },
      retryable: failure.retryable,
      ...(failure.details ? { details: failure.details } : {}),
    },
  });
}
