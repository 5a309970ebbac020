import { getNamedType, isObjectType, type GraphQLField } from 'graphql';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import { catalogue } from '../../support/registered-catalogue.js';
import { buildSchema } from '../../../src/schema/index.js';

/**
 * GraphQL documents for the root field of a catalogue endpoint, built from the schema the
 * gateway serves (argument names and types are read from it, not written by hand).
 */

export interface GraphqlCall {
  field: string;
  query: string;
  variables: Record<string, unknown>;
}

export const camelCase = (name: string): string => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** The root Query field of an endpoint. */
export function rootField(endpoint: EndpointDefinition): GraphQLField<unknown, unknown> {
  const field = buildSchema(catalogue).getQueryType()?.getFields()[endpoint.graphqlField];
  if (!field) throw new Error(`no root field ${endpoint.graphqlField}`);
  return field;
}

/** The smallest selection that still resolves the field: a list's items and pagination, a resource's type name. */
export function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  return isObjectType(type) && 'pagination' in type.getFields() ? '{ items { __typename } pagination { hasMore } }' : '{ __typename }';
}

/** A query with one variable per REST parameter given (snake_case names become camelCase arguments). */
export function graphqlCall(endpoint: EndpointDefinition, restParams: Record<string, string>): GraphqlCall {
  const field = rootField(endpoint);
  const variables = Object.fromEntries(Object.entries(restParams).map(([name, value]) => [camelCase(name), value]));
  const args = field.args.filter((arg) => arg.name in variables);
  const missing = Object.keys(variables).filter((name) => !field.args.some((arg) => arg.name === name));
  if (missing.length > 0) throw new Error(`${field.name} has no argument ${missing.join(', ')}`);
  const declarations = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const uses = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return {
    field: field.name,
    query: `query Call(${declarations}) { ${field.name}(${uses}) ${selectionOf(field)} }`,
    variables,
  };
}
