import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { Harness } from './gateway.js';

/** Runs a codegen-typed operation against the gateway over HTTP. */
export async function execute<Result, Variables extends Record<string, unknown>>(
  harness: Harness,
  document: TypedDocumentNode<Result, Variables>,
  variables: Variables,
  key?: string | null,
): Promise<{
  status: number;
  data: Result | null;
  errors?: { message: string; extensions: Record<string, any> }[];
  extensions: Record<string, any>;
}> {
  const { status, body } = await harness.graphql(print(document), variables, key);
  return { status, data: body.data ?? null, errors: body.errors, extensions: body.extensions };
}
