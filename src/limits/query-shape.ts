import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { GraphQLArmorRejectCallback } from '@escape.tech/graphql-armor-types';
import {
  GraphQLError,
  Kind,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** Bounds on a document's shape, checked before GraphQL's own validation runs. */
export interface ShapeLimits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  /** Most fields selected on one object, counting those reached through fragments. */
  maxBreadth: number;
}

/**
 * Depth, aliases and directives with graphql-armor's rules, breadth with ours, all in one
 * validation pass of their own. It runs before the standard rules so that a document built to
 * make validation itself expensive (a fragment bomb) is refused before those rules see it.
 * Introspection is not exempt. Returns the refusals' messages (empty when the shape is fine).
 */
export function checkShape(schema: GraphQLSchema, document: DocumentNode, limits: ShapeLimits): string[] {
  const refusals: string[] = [];
  // armor reports as "Syntax Error: …" and, by default, throws; collect its messages instead.
  const onReject: GraphQLArmorRejectCallback[] = [(_context, error) => refusals.push(error.message.replace(/^Syntax Error: /, ''))];
  const common = { exposeLimits: true, propagateOnRejection: false, onReject };
  validate(schema, document, [
    maxDepthRule({ n: limits.maxDepth, ignoreIntrospection: false, flattenFragments: true, ...common }),
    // armor lets aliases of __typename through by default; here every alias counts.
    maxAliasesRule({ n: limits.maxAliases, allowList: [], ...common }),
    maxDirectivesRule({ n: limits.maxDirectives, ...common }),
    maxBreadthRule(limits.maxBreadth, refusals),
  ]);
  return refusals;
}

/** Breadth per selection set, fragments flattened into the set that spreads them (memoised: linear in the document). */
function maxBreadthRule(limit: number, refusals: string[]) {
  return (context: ValidationContext) => {
    const fragmentBreadth = new Map<string, number>();
    const open = new Set<string>();
    let widest = 0;

    const fieldsOf = (selectionSet: SelectionSetNode): number => {
      let count = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          count += 1;
          if (selection.selectionSet) widest = Math.max(widest, fieldsOf(selection.selectionSet));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) count += fieldsOf(selection.selectionSet);
        else count += spread(context.getFragment(selection.name.value));
      }
      return count;
    };
    const spread = (fragment: FragmentDefinitionNode | null | undefined): number => {
      if (!fragment || open.has(fragment.name.value)) return 0; // unknown or cyclic: the standard rules refuse it
      const known = fragmentBreadth.get(fragment.name.value);
      if (known !== undefined) return known;
      open.add(fragment.name.value);
      const count = fieldsOf(fragment.selectionSet);
      open.delete(fragment.name.value);
      fragmentBreadth.set(fragment.name.value, count);
      return count;
    };

    return {
      OperationDefinition(operation: { selectionSet: SelectionSetNode }) {
        widest = Math.max(widest, fieldsOf(operation.selectionSet));
      },
      // Once per document: a memoised fragment's inner widths were seen when it was first counted.
      Document: {
        leave() {
          if (widest > limit) refusals.push(`Query breadth limit of ${limit} exceeded, found ${widest} fields selected on one object.`);
        },
      },
    };
  };
}

/** Every refusal of the limits: 400 invalid_request, naming the limit, never charged. */
export function limitError(message: string, details: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: 'invalid_request',
      http: { status: 400 },
      retryable: false,
      ...(Object.keys(details).length > 0 ? { details } : {}),
    },
  });
}
