import type { Upstream } from '../../../catalogue/upstream.js';
import { schemaDrift } from '../../../errors.js';
import { postThreadSchema, type Thing } from '../schemas/listing.js';
import { postDataSchema, type PostData } from '../schemas/post.js';
import { isRefusal, readRefusal, REFUSAL_STATUSES } from '../upstream/refusals.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

/**
 * A comments page (`/comments/{id}.json`, or the comment permalink view): a two-element
 * array of the post Listing and the comment Listing. Missing, private, quarantined and
 * banned posts are empty results classified from Reddit's error body.
 */
export type PostThread =
  { kind: 'thread'; post: PostData; comments: Thing[]; payload: unknown } | { kind: 'empty'; reason: string; payload: unknown };

/** Fetches a comments page (or comment permalink view) and reads the post and the comment tree. */
export async function fetchPostThread(upstream: Upstream, url: string, what: string): Promise<PostThread> {
  const response = await upstream.fetch({ url, passStatuses: REFUSAL_STATUSES });
  if (isRefusal(response)) return { kind: 'empty', ...readRefusal(response) };
  const payload = parseJsonBody(response, what);
  const [postListing, commentListing] = parseShape(postThreadSchema, payload, what);
  const postThing = postListing.data.children[0];
  if (postThing === undefined) return { kind: 'empty', reason: 'not_found', payload };
  if (postThing.kind !== 't3') throw schemaDrift(`The ${what} answer did not start with a post.`, { kind: postThing.kind });
  return {
    kind: 'thread',
    post: parseShape(postDataSchema, postThing.data, `${what} post`),
    comments: commentListing.data.children,
    payload,
  };
}
