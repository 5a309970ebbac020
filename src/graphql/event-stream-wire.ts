import type { FastifyRequest } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { maskError } from 'graphql-yoga';
import type { ServerResponse } from 'node:http';
import type { SerialisableResult } from './billing-extension.js';

/** Which door's wire format a stream keeps: Yoga's on /graphql, graphql-sse's on /graphql/stream. */
export type StreamDoor = 'yoga' | 'graphql-sse';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const COMPLETE = 'event: complete\ndata:\n\n';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a StreamWriter needs of the streams it belongs to. */
export interface StreamOwner {
  /** The `event: next` text of one result. */
  chunk(door: StreamDoor, result: ExecutionResult): string;
  /** Forgets a stream that ended. */
  closed(door: StreamDoor, response: ServerResponse): void;
}

/**
 * Writes one stream's results to its socket until the stream or the socket ends. A class with
 * one read pending at a time, rather than an async loop: a suspended loop per open stream
 * costs more than the stream.
 */
export class StreamWriter {
  readonly #owner: StreamOwner;
  readonly #door: StreamDoor;
  readonly #response: ServerResponse;
  readonly #stream: AsyncIterableIterator<ExecutionResult>;
  readonly #request: FastifyRequest;

  constructor(
    owner: StreamOwner,
    door: StreamDoor,
    response: ServerResponse,
    stream: AsyncIterableIterator<ExecutionResult>,
    request: FastifyRequest,
  ) {
    this.#owner = owner;
    this.#door = door;
    this.#response = response;
    this.#stream = stream;
    this.#request = request;
    response.once('close', () => void stream.return?.());
  }

  read(): void {
    this.#stream.next().then(
      (step) => this.#write(step),
      (error: unknown) => this.#finish(error),
    );
  }

  #write(step: IteratorResult<ExecutionResult>): void {
    const response = this.#response;
    if (!response.writable) return this.#finish();
    if (step.done) {
      response.write(COMPLETE);
      return this.#finish();
    }
    if (response.write(this.#owner.chunk(this.#door, step.value))) return this.read();
    void drained(response).then(() => this.read());
  }

  #finish(error?: unknown): void {
    if (error !== undefined) this.#request.log.error({ err: error }, 'graphql event stream failed');
    void this.#stream.return?.();
    this.#owner.closed(this.#door, this.#response);
    this.#response.end();
  }
}

const drained = (response: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });

/**
 * A result as the door writes it. Yoga masks errors that wrap a non-GraphQL failure, drops `http` and `unexpected` from each error's
 * extensions (and `http` from the result's) before its serialiser runs, and serialises with
 * the result's own `stringify` (billing-extension.ts puts the contract's `http` back);
 * graphql-sse serialises the result whole.
 */
export function serialise(door: StreamDoor, result: ExecutionResult): string {
  if (door === 'graphql-sse') return JSON.stringify(result);
  const stringify = (result as SerialisableResult).stringify ?? JSON.stringify;
  if (!result.errors?.length && !isObject(result.extensions?.http)) return stringify(result as SerialisableResult);
  const { http: _http, ...extensions } = result.extensions ?? {};
  return stringify({
    ...result,
    errors: result.errors?.map((original) => {
      // Yoga's masking first: an error wrapping a non-GraphQL failure becomes its "Unexpected error.".
      const error = maskError(original, 'Unexpected error.') as GraphQLError;
      const json = error.toJSON();
      const { http: _status, unexpected: _unexpected, ...rest } = json.extensions ?? {};
      return Object.assign(Object.create(error) as typeof error, { extensions: rest, toJSON: () => ({ ...json, extensions: rest }) });
    }),
    extensions: Object.keys(extensions).length ? extensions : undefined,
  } as SerialisableResult);
}

/** The body as text, refused beyond Fastify's default body limit (1 MiB). */
export function readBody(request: FastifyRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.raw.setEncoding('utf8');
    request.raw.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > BODY_LIMIT_BYTES) {
        request.raw.destroy();
        reject(new Error('The request body is larger than 1 MiB.'));
      }
    });
    request.raw.once('error', reject);
    request.raw.once('end', () => resolve(text));
  });
}
