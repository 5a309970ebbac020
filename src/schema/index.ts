import type { GraphQLSchema } from 'graphql';
import type { Catalogue } from '../catalogue/catalogue.js';
import { builder } from './builder.js';
import { addEdges } from './edges/add-edges.js';
import { addNodeField } from './identity/node.js';
import { addLinkedResourceField, addResolveField } from './identity/resolve-fields.js';
import { addJobFields } from './jobs.js';
import { addRootFields } from './root-fields.js';
import { addSubscriptionEventsField } from './subscription-events.js';
import { addWatchFields } from './watch-fields.js';
import { addResourceTypes } from './types/resources.js';

let built: { catalogue: Catalogue; schema: GraphQLSchema } | null = null;

/**
 * The GraphQL schema of a catalogue. Pothos builders are one per process, so the schema
 * is built once; asking again for another catalogue is a programming error.
 */
export function buildSchema(catalogue: Catalogue): GraphQLSchema {
  if (built) {
    if (built.catalogue !== catalogue) throw new Error('buildSchema: the schema was already built for another catalogue');
    return built.schema;
  }
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
  built = { catalogue, schema: builder.toSchema({ sortSchema: false }) };
  return built.schema;
}
