import type { z } from 'zod';

/**
 * What a subscribable endpoint tells a subscriber beyond "it changed": the fields of its data that
 * are no change (left out of the content hash), and a description of what changed between two
 * checks. A subscription keeps a digest of the last delivered content (small, JSON) so the next
 * change can be described against it; a `content.changed` delivery then carries
 * `changes: describe(previousDigest, currentDigest)`.
 */
export interface ChangeReport {
  /** Fields left out of the content hash at any depth, beside `fetchedAt` and `raw` (e.g. a store's own update time). */
  unhashedFields?: readonly string[];
  /** What is kept of the content between checks: the least the description needs. Must be JSON. */
  digest(data: unknown): unknown;
  /** The changes from one digest to the next, as the delivery's `changes` array. */
  describe(previous: unknown, current: unknown): unknown[];
  /**
   * The shape of one entry of `changes`, a zod object with `.meta({ id })`: the endpoint's GraphQL
   * watch field then has a typed `changes` field of that type beside its result (and the OpenAPI
   * document a component). Endpoints returning one type share one such type.
   */
  entry?: z.ZodObject;
}
