import type { GraphQLSchema } from 'graphql';
import type { Catalogue } from '../catalogue/catalogue.js';
import { builder } from './builder.js';
import { addForumEdges } from './edges/forum.js';
import { addRealtyEdges } from './edges/realty.js';
import { addJobFields } from './jobs.js';
import { addRootFields } from './root-fields.js';
import { addSubscriptionEventsField } from './subscription-events.js';
import { addWatchFields } from './watch-fields.js';
import './types/resources.js';

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
  builder.queryType({ description: 'One root field per data endpoint (contract section 8).' });
  addRootFields(catalogue);
  builder.mutationType({ description: 'Jobs and batches (contract section 6).' });
  builder.subscriptionType({ description: 'Streams over SSE (Accept: text/event-stream).' });
  addJobFields();
  addSubscriptionEventsField();
  addWatchFields(catalogue);
  if (catalogue.families.some((family) => family.name === 'forum')) addForumEdges(catalogue);
  if (catalogue.families.some((family) => family.name === 'realty')) addRealtyEdges(catalogue);
  built = { catalogue, schema: builder.toSchema({ sortSchema: false }) };
  return built.schema;
}
