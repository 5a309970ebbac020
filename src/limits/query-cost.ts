import {
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { UpstreamCost } from '../catalogue/edge.js';

/** A list that no page declaration sizes (cues, price history…) is assumed to hold up to this many objects. */
const UNSIZED_LIST = 100;

/**
 * The most upstream fetches an operation can cause, computed from the document before
 * anything runs: each field's `extensions.upstreamCost.fetches`, times the size of every
 * list above it. A page's size comes from its size argument (a literal, or the variable's
 * value in this request), else its default. Fragments are expanded (memoised, so a fragment
 * spread many times is costed once per page size). DataLoader deduplication can only make
 * the real number smaller: this is an upper bound.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): number {
  const operation = pickOperation(document, operationName);
  if (!operation) return 0;
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  // A variable the request leaves out takes its default from the operation, as execution does.
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (variables && name in variables) values[name] = variables[name];
    else if (definition.defaultValue?.kind === Kind.INT) values[name] = Number(definition.defaultValue.value);
  }
  return new CostWalker(schema, fragments, values).selectionSet(operation.selectionSet, root, null);
}

function pickOperation(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operationName ? operations.find((operation) => operation.name?.value === operationName) : operations[0];
}

class CostWalker {
  readonly #memo = new Map<string, number>();
  /** Fragments being costed: a cycle (invalid, rejected by validation anyway) must not recurse forever. */
  readonly #open = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
  ) {}

  /** `pageSize`: set inside a page-returning field, it sizes the list fields (items) directly below. */
  selectionSet(selectionSet: SelectionSetNode, parentType: GraphQLNamedType, pageSize: number | null): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) total += this.field(selection, parentType, pageSize);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parentType;
        if (type) total += this.selectionSet(selection.selectionSet, type, pageSize);
      } else total += this.fragment(selection.name.value, pageSize);
    }
    return total;
  }

  private fragment(name: string, pageSize: number | null): number {
    const key = `${name}|${pageSize}`;
    const known = this.#memo.get(key);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    const type = fragment ? this.schema.getType(fragment.typeCondition.name.value) : undefined;
    if (!fragment || !type || this.#open.has(name)) return 0;
    this.#open.add(name);
    const cost = this.selectionSet(fragment.selectionSet, type, pageSize);
    this.#open.delete(name);
    this.#memo.set(key, cost);
    return cost;
  }

  private field(node: FieldNode, parentType: GraphQLNamedType, pageSize: number | null): number {
    // Meta fields (__typename, __schema, __type) fetch nothing; introspection is bounded by the shape limits.
    if (node.name.value.startsWith('__') || !(isObjectType(parentType) || isInterfaceType(parentType))) return 0;
    const definition = parentType.getFields()[node.name.value];
    if (!definition) return 0;
    const declared: UpstreamCost | undefined = definition.extensions.upstreamCost;
    const own = declared?.fetches ?? 0;
    if (!node.selectionSet) return own;
    const multiplier = isListType(getNullableType(definition.type)) ? (pageSize ?? UNSIZED_LIST) : 1;
    const nextPage = declared?.page ? this.pageSize(node, declared.page) : null;
    return own + multiplier * this.selectionSet(node.selectionSet, getNamedType(definition.type), nextPage);
  }

  /** The page size this request asks for, clamped to the declared maximum (validation refuses more anyway). */
  private pageSize(node: FieldNode, page: NonNullable<UpstreamCost['page']>): number {
    // `first` is the Relay spelling of every list field's page size.
    const named = (name: string) => node.arguments?.find((each) => each.name.value === name);
    const argument = named('first') ?? (page.argument ? named(page.argument) : undefined);
    const asked = argument ? this.intValue(argument.value) : undefined;
    if (asked === undefined) return page.default;
    return Math.min(Math.max(asked, 1), page.max);
  }

  /** An Int literal or variable; anything else (null, absent, not a number) means the default. */
  private intValue(value: ValueNode): number | undefined {
    if (value.kind === Kind.INT) return Number(value.value);
    if (value.kind === Kind.VARIABLE) {
      const given = this.variables[value.name.value];
      return typeof given === 'number' && Number.isFinite(given) ? Math.trunc(given) : undefined;
    }
    return undefined;
  }
}
