import { GraphQLEnumType, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { buildSchema } from '../../src/schema/index.js';
import { undescribed } from './undescribed.js';

describe('GraphQL descriptions', () => {
  it('describes every type, field, argument and enum value of the schema', () => {
    expect(undescribed(buildSchema(catalogue))).toEqual([]);
  });

  it('names each thing that lacks one (the check itself)', () => {
    const Mood = new GraphQLEnumType({ name: 'Mood', description: 'A mood.', values: { HAPPY: { description: 'happy' }, SAD: {} } });
    const query = new GraphQLObjectType({
      name: 'Query',
      fields: {
        mood: { type: Mood, description: 'The mood.', args: { at: { type: GraphQLString } } },
        plain: { type: GraphQLString },
      },
    });
    expect(undescribed(new GraphQLSchema({ query }))).toEqual(['Query', 'Query.mood(at)', 'Query.plain', 'Mood.SAD']);
  });
});
