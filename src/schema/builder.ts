import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ZodPlugin from '@pothos/plugin-zod';
import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import type { GraphQLContext } from './context.js';

/** Builder with its plugins; it holds no types (those live in ./types). */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}>({
  plugins: [ZodPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  zod: {
    validationError: (error) => validationFailure(error as z.ZodError),
  },
});

/** Argument errors carry the REST parameter's camelCase name and the same code as REST. */
export function validationFailure(error: z.ZodError): GraphQLError {
  const issue = error.issues[0];
  const param = issue ? String(issue.path[0] ?? 'args') : 'args';
  const argument = param.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  const allowed = issue?.code === 'invalid_value' ? ` Allowed values: ${issue.values.map(String).join(', ')}.` : '';
  return new GraphQLError(`Invalid argument \`${argument}\`: ${issue?.message ?? 'invalid'}.${allowed}`, {
    extensions: { code: 'invalid_request', http: { status: 400 }, param: argument },
  });
}

builder.scalarType('JSON', {
  description: 'Any JSON value: the untouched upstream payload, or a label-to-value map.',
  serialize: (value) => value,
  parseValue: (value) => value,
});
