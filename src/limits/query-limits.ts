import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema, type ParseOptions, type Source } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { operationCost } from './query-cost.js';
import { checkShape, limitError, type ShapeLimits } from './query-shape.js';

/** Every bound a GraphQL document must stay within (SECURITY.md lists them with their defaults). */
export interface QueryLimits extends ShapeLimits {
  /** Most upstream fetches one operation may cause (GRAPHQL_MAX_COST). */
  maxCost: number;
  /** Most lexical tokens in one document: bounds parsing before anything else. */
  maxTokens: number;
}

/**
 * Defaults (docs/configuration.md, SECURITY.md). Cost 500: the largest search page with
 * every result's full listing (1 + 350) fits, a list nested in a list of lists does not. Depth 15: the
 * standard introspection query is 15 deep with fragments flattened.
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxCost: 500,
  maxDepth: 15,
  maxAliases: 30,
  maxDirectives: 50,
  maxBreadth: 100,
  maxTokens: 2000,
};

/** Parses with a bound on lexical tokens, so a huge document is refused before it is built. */
export function parseWithinTokens(source: string | Source, maxTokens: number, options?: ParseOptions): DocumentNode {
  try {
    return new MaxTokensParserWLexer(source, { ...options, n: maxTokens, exposeLimits: true }).parseDocument();
  } catch (error) {
    if (error instanceof GraphQLError && /Token limit/.test(error.message)) {
      throw limitError(`Document too large: more than ${maxTokens} tokens.`, { limit: 'tokens', max: maxTokens });
    }
    throw error;
  }
}

/** The refusal of an operation whose upstream cost is over the budget; null within it. */
export function costRefusal(cost: number, maxCost: number): GraphQLError | null {
  if (cost <= maxCost) return null;
  return limitError(
    `Query too expensive: it could cause up to ${cost} upstream fetches and the limit is ${maxCost}. Ask for fewer items (limit), or fewer nested edges, per query.`,
    {
      limit: 'cost',
      cost,
      max: maxCost,
    },
  );
}

interface OperationArgs {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: Record<string, unknown> | null;
  contextValue: object;
}

/**
 * The abuse limits as Yoga plugins, in the order a request meets them: tokens while parsing,
 * shape before validation, field suggestions masked after it, and the upstream cost when the
 * operation is about to run (variables known, nothing fetched yet). A refused document is a
 * 400 `invalid_request` with `extensions.billing` at 0 credits; an accepted one reports its
 * estimate in `extensions.cost`.
 */
export function useQueryLimits(overrides: Partial<QueryLimits> = {}): Plugin[] {
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...overrides };
  const shapeRefusals = new WeakMap<DocumentNode, string[]>();
  const costOf = new WeakMap<object, number>();

  const tokens: Plugin = {
    onParse({ setParseFn }) {
      setParseFn((source, options) => parseWithinTokens(source, limits.maxTokens, options));
    },
  };

  const shape: Plugin = {
    onValidate({ params: { schema, documentAST }, setResult }) {
      // Parsed documents are cached by their text, so a repeated document is checked once.
      let refusals = shapeRefusals.get(documentAST);
      if (!refusals) {
        refusals = checkShape(schema, documentAST, limits);
        shapeRefusals.set(documentAST, refusals);
      }
      if (refusals.length > 0) setResult(refusals.map((message) => limitError(message)));
    },
  };

  const refuseOverBudget = (args: OperationArgs, stop: (result: ExecutionResult) => void): void => {
    const cost = operationCost(args.schema, args.document, args.operationName, args.variableValues);
    costOf.set(args.contextValue, cost);
    const refusal = costRefusal(cost, limits.maxCost);
    if (refusal) stop({ errors: [refusal] });
  };

  const cost: Plugin = {
    onExecute({ args, setResultAndStopExecution }) {
      refuseOverBudget(args as OperationArgs, setResultAndStopExecution);
      return {
        onExecuteDone({ result, setResult }) {
          const estimate = costOf.get(args.contextValue);
          if (estimate === undefined || !result || typeof result !== 'object' || Symbol.asyncIterator in result) return;
          setResult({ ...result, extensions: { ...result.extensions, cost: { upstreamFetches: estimate, max: limits.maxCost } } });
        },
      };
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      refuseOverBudget(args as OperationArgs, setResultAndStopExecution);
    },
  };

  // "Did you mean …?" would let anyone enumerate the schema by typos; the schema is public, but
  // introspection already serves it bounded, and suggestions cost a similarity search per error.
  return [tokens, shape, blockFieldSuggestionsPlugin({ mask: '' }), cost];
}
