import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLInt, GraphQLNonNull, GraphQLSchema, GraphQLString } from 'graphql';

/**
 * `@defer` and `@stream` as the incremental delivery proposal defines them. The server adds
 * them to its schema when it starts (graphql-yoga's defer-stream plugin); a schema built
 * without the server, as the documents CLI's, needs them to accept a client's document that
 * uses them.
 */
const deferDirective = new GraphQLDirective({
  name: 'defer',
  description: 'Delivers the fragment after the rest of the answer (multipart/mixed).',
  locations: [DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT],
  args: {
    if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true },
    label: { type: GraphQLString },
  },
});

const streamDirective = new GraphQLDirective({
  name: 'stream',
  description: 'Delivers the items of a list one part at a time (multipart/mixed).',
  locations: [DirectiveLocation.FIELD],
  args: {
    if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true },
    label: { type: GraphQLString },
    initialCount: { type: GraphQLInt, defaultValue: 0 },
  },
});

const extended = new WeakMap<GraphQLSchema, GraphQLSchema>();

/** The schema with `@defer` and `@stream`, unless it has them already. */
export function withIncrementalDelivery(schema: GraphQLSchema): GraphQLSchema {
  let result = extended.get(schema);
  if (!result) {
    const missing = [deferDirective, streamDirective].filter((directive) => !schema.getDirective(directive.name));
    const config = schema.toConfig();
    result = missing.length === 0 ? schema : new GraphQLSchema({ ...config, directives: [...config.directives, ...missing] });
    extended.set(schema, result);
  }
  return result;
}
