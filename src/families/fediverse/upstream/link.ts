/** Most characters of a Link header read (a page's links are short; anything longer is not read). */
const MAX_LINK_HEADER = 8192;
/** A local status id as the paging parameters carry it. */
const LOCAL_ID = /^[a-z0-9]{1,64}$/i;

/**
 * The `max_id` of the `Link` header's rel="next" URL: the page's last local id (for a reblog,
 * its wrapper's), the only cursor the API pages by. Null when there is no next link.
 */
export function nextMaxId(link: string | undefined): string | null {
  if (link === undefined || link.length > MAX_LINK_HEADER) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match || !/\brel\s*=\s*"?next"?/i.test(match[2]!)) continue;
    const maxId = URL.parse(match[1]!)?.searchParams.get('max_id') ?? null;
    return maxId !== null && LOCAL_ID.test(maxId) ? maxId : null;
  }
  return null;
}
