import type { GraphQLSchema } from 'graphql';
import type { Catalogue } from '../catalogue/catalogue.js';
import { buildWith } from './builder.js';
import { addEdges } from './edges/add-edges.js';
import { addNodeField } from './identity/node.js';
import { addLinkedResourceField, addResolveField } from './identity/resolve-fields.js';
import { addJobFields } from './jobs.js';
import { addRootFields } from './root-fields.js';
import { addSubscriptionEventsField } from './subscription-events.js';
import { addWatchFields } from './watch-fields.js';
import { addResourceTypes } from './types/resources.js';

const schemas = new WeakMap<Catalogue, GraphQLSchema>();

/** The GraphQL schema of a catalogue, built once per catalogue on a builder of its own. */
export function buildSchema(catalogue: Catalogue): GraphQLSchema {
  const existing = schemas.get(catalogue);
  if (existing) return existing;
  const schema = buildWith((builder) => {
    addResourceTypes(catalogue);
    builder.queryType({ description: 'One root field per data endpoint, with the REST parameters as arguments.' });
    addRootFields(catalogue);
    addNodeField(catalogue);
    addResolveField();
    builder.mutationType({ description: 'Jobs and batches: queue endpoint calls and read their results later.' });
    builder.subscriptionType({ description: 'Streams over SSE (Accept: text/event-stream).' });
    addJobFields();
    addSubscriptionEventsField();
    addWatchFields(catalogue);
    addEdges(catalogue);
    addLinkedResourceField();
    return builder.toSchema({ sortSchema: false });
  });
  schemas.set(catalogue, schema);
  return schema;
}
