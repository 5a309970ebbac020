import { z } from 'zod';
import { countParam, cursorParam, queryBoolean } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { DEFAULT_PAGE, MAX_PAGE } from '../constants.js';
import { accountUrl, canonicalStatusUrl, parseAccount, parseInstance, parseTag } from '../input/refs.js';

/** Parameter pieces shared by the fediverse endpoints (REST spelling), and their canonical forms. */

export const account = z
  .string()
  .min(1)
  .max(2048)
  .describe(
    '@user@host, user@host, https://host/@user, https://host/@user@domain (a remote account as host knows it) or https://host/users/user',
  );

export const statusUrl = z
  .string()
  .min(1)
  .max(2048)
  .describe('status URL: https://host/@user/ID, https://host/@user@domain/ID or https://host/users/user/statuses/ID');

export const instance = z.string().min(1).max(300).describe('the instance: a host name (mastodon.social) or https://host');

export const pageLimit = countParam('items per page', { default: DEFAULT_PAGE, max: MAX_PAGE });

/** The `max_id` of the instance's own next link: a local status id. */
export const cursor = cursorParam(64, 'pagination.cursor of a previous response, unchanged');

export const flag = (fallback: boolean, what: string) => queryBoolean.default(fallback).describe(what);

export const ACCOUNT_FORMS =
  'account: @user@host, user@host, https://host/@user, https://host/@user@domain or https://host/users/user (no port, IP address or local name; a post URL is refused)';
export const STATUS_FORMS = 'url: https://host/@user/ID, https://host/@user@domain/ID or https://host/users/user/statuses/ID';
export const INSTANCE_FORMS = 'instance: a public host name or https://host (no path, port, IP address or local name)';
export const TAG_FORMS = 'tag: one hashtag name, with or without # (no spaces or slashes)';

function checkedCursor(value: string | undefined): void {
  if (value !== undefined && !/^[a-z0-9]{1,64}$/i.test(value))
    throw invalidParam('cursor', 'cursor: pass the pagination.cursor of a previous response unchanged.');
}

export function canonicalAccount<T extends { account: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  return { ...params, account: accountUrl(parseAccount(params.account, 'account')) };
}

export const canonicalStatus = <T extends { url: string }>(params: T): T => ({ ...params, url: canonicalStatusUrl(params.url, 'url') });

export function canonicalInstance<T extends { instance: string; cursor?: string | undefined }>(params: T): T {
  checkedCursor(params.cursor);
  return { ...params, instance: parseInstance(params.instance, 'instance') };
}

export const canonicalTag = <T extends { instance: string; tag: string; cursor?: string | undefined }>(params: T): T => ({
  ...canonicalInstance(params),
  tag: parseTag(params.tag, 'tag'),
});
