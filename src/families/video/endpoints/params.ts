import { z } from 'zod';
import { cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { parseChannelRef, parseVideoRef } from '../input/refs.js';

/** Parameter pieces shared by the video endpoints (REST spelling), and their canonical forms. */

export const videoUrl = z.string().min(1).max(2048).describe('a video id (11 characters) or a watch, shorts, live, embed or youtu.be URL');
export const channelHandle = z
  .string()
  .min(1)
  .max(2048)
  .describe('@handle, handle, channel id (UC…), or a channel URL (youtube.com/@name, /channel/UC…, /c/name, /user/name)');

/** The platform's continuation token, opaque (it holds `%3D`: percent-encode it in a query string). */
export const cursor = cursorParam(4096, 'pagination.cursor of a previous response, unchanged');

function checkedCursor(value: string | undefined): void {
  if (value !== undefined && !/^[A-Za-z0-9_%=.+/-]+$/.test(value)) {
    throw invalidParam('cursor', 'cursor: pass the pagination.cursor of a previous response unchanged.');
  }
}

export function canonicalVideo<T extends { url: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  return { ...params, url: parseVideoRef(params.url, 'url') };
}

export function canonicalChannel<T extends { handle: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  return { ...params, handle: parseChannelRef(params.handle, 'handle') };
}

/** The longest query passed on. */
const MAX_QUERY_LENGTH = 500;

export function canonicalQuery<T extends { query: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  const query = params.query.trim().replace(/\s+/g, ' ');
  if (query === '') throw invalidParam('query', 'query must not be blank.');
  if (query.length > MAX_QUERY_LENGTH) throw invalidParam('query', `query must be at most ${MAX_QUERY_LENGTH} characters.`);
  return { ...params, query };
}
