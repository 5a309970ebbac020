import { z } from 'zod';
import { countParam, cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { COLLECTIONS, type RecordKind } from '../constants.js';
import { parseActor, parseRecord, recordUri } from '../input/refs.js';

/** Parameter pieces shared by the social endpoints (REST spelling), and their canonical forms. */

export const handle = z
  .string()
  .min(1)
  .max(2048)
  .describe('handle (name.bsky.social), @handle, DID (did:plc:… or did:web:…), or profile URL (https://bsky.app/profile/name.bsky.social)');

const recordUrl = (kind: string, segment: string, collection: string) =>
  z
    .string()
    .min(1)
    .max(2048)
    .describe(
      `${kind} URL (https://bsky.app/profile/{handle or DID}/${segment}/{key}) or its at:// URI (at://{DID or handle}/${collection}/{key})`,
    );
export const postUrl = recordUrl('post', 'post', COLLECTIONS.post);
export const feedUrl = recordUrl('custom feed', 'feed', COLLECTIONS.feed);
export const listUrl = recordUrl('list', 'lists', COLLECTIONS.list);

export const pageLimit = (max: number, fallback: number) => countParam('items per page', { default: fallback, max });

/** The platform's cursor, opaque: times, `ms::cid`, record keys, a feed generator's own string. */
export const cursor = cursorParam(1024, 'pagination.cursor of a previous response, unchanged');

/** Parameter constraints published with the endpoints (x-parameter-constraints). */
export const HANDLE_FORMS =
  'handle: a handle (needs a dot), @handle, a did:plc or did:web DID, or https://bsky.app/profile/{handle or DID}';
export const recordForms = (kind: RecordKind): string =>
  `url: https://bsky.app/profile/{handle or DID}/${kind === 'list' ? 'lists' : kind}/{key} or at://{DID or handle}/${COLLECTIONS[kind]}/{key}; other hosts and collections are refused`;

function checkedCursor(value: string | undefined): void {
  // eslint-disable-next-line no-control-regex
  if (value !== undefined && /[\u0000-\u001f\u007f]/.test(value))
    throw invalidParam('cursor', 'cursor: pass the pagination.cursor of a previous response unchanged.');
}

export function canonicalActor<T extends { handle: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  return { ...params, handle: parseActor(params.handle, 'handle') };
}

export const canonicalRecord =
  (kind: RecordKind) =>
  <T extends { url: string; cursor?: string | undefined }>(params: T): T => {
    checkedCursor(params.cursor);
    return { ...params, url: recordUri(parseRecord(params.url, kind, 'url'), kind) };
  };

export function canonicalQuery<T extends { query: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  const query = params.query.trim().replace(/\s+/g, ' ');
  if (query === '') throw invalidParam('query', 'query must not be blank.');
  return { ...params, query };
}
