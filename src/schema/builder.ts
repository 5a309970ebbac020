import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ZodPlugin from '@pothos/plugin-zod';
import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import type { GraphQLContext } from './context.js';

interface BuilderOptions {
  Context: GraphQLContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}

/** The schema types every builder shares, for naming type references. */
export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<BuilderOptions>;

function createBuilder() {
  const created = new SchemaBuilder<BuilderOptions>({
    plugins: [ZodPlugin, DataloaderPlugin],
    defaultFieldNullability: false,
    zod: {
      validationError: (error) => validationFailure(error as z.ZodError),
    },
  });
  created.scalarType('JSON', {
    description: 'Any JSON value: the untouched upstream payload, or a label-to-value map.',
    serialize: (value) => value,
    parseValue: (value) => value,
  });
  return created;
}

export type Builder = ReturnType<typeof createBuilder>;

let building: Builder | null = null;

/** The builder of the schema being built (only while buildWith runs). */
export function builder(): Builder {
  if (!building) throw new Error('No GraphQL schema is being built');
  return building;
}

/**
 * Builds one schema on a builder of its own, so a process (a test run, a host of several
 * catalogues) can hold schemas of different catalogues side by side.
 */
export function buildWith<T>(build: (current: Builder) => T): T {
  if (building) throw new Error('A GraphQL schema is already being built');
  building = createBuilder();
  try {
    return build(building);
  } finally {
    building = null;
  }
}

/**
 * A value made once per builder: the type references of a schema and their lookup tables, which
 * belong to the builder that created them.
 */
export function perBuilder<T>(make: () => T): () => T {
  const made = new WeakMap<Builder, T>();
  return () => {
    const current = builder();
    if (!made.has(current)) made.set(current, make());
    return made.get(current)!;
  };
}

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
