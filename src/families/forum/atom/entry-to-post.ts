import type { Post, PostType } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { FORUM_PLATFORM, REDDIT_ORIGIN } from '../constants.js';
import { readBase36Id } from '../input/identifiers.js';
import { extractHashtags, extractMentions } from '../normalise/text-tags.js';
import type { PostListingExtra } from '../normalise/post.js';
import { httpUrlOrNull, isoFromDateText, nonEmpty } from '../normalise/values.js';
import type { AtomEntry } from './feed.js';
import { decodeHtmlEntities, htmlToText } from './html-text.js';

/**
 * A feed entry as a Post. The feed has no scores, comment counts, author ids or sponsor
 * flags: those are null. The body is the Markdown block Reddit wraps in
 * <!-- SC_OFF --><div class="md">...</div><!-- SC_ON -->; a link post has none (text null).
 * The type is read from the [link] target: the post's own comments page means a self post.
 */

/** The post body HTML between Reddit's SC_OFF/SC_ON markers, or null. */
function bodyHtml(content: string): string | null {
  const match = /<!--\s*SC_OFF\s*-->([\s\S]*?)<!--\s*SC_ON\s*-->/i.exec(content);
  return match?.[1] ?? null;
}

/** The href of the anchor whose text is `label` ("[link]" or "[comments]"). */
function anchorHref(content: string, label: string): string | null {
  for (const match of content.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    if ((match[2] ?? '').trim() === label) return decodeHtmlEntities(match[1] ?? '');
  }
  return null;
}

/** Feeds name hosts such as ud.reddit.com; the canonical post URL is on www.reddit.com. */
function canonicalRedditUrl(href: string | null): string | null {
  if (href === null) return null;
  try {
    const url = new URL(href, REDDIT_ORIGIN);
    return /(^|\.)reddit\.com$/i.test(url.hostname) ? `${REDDIT_ORIGIN}${url.pathname}` : null;
  } catch {
    return null;
  }
}

function typeFromLinkTarget(target: string | null, postUrl: string | null): { type: PostType; mediaUrls: string[] } {
  const absolute = httpUrlOrNull(target);
  if (target !== null && canonicalRedditUrl(target) !== null && canonicalRedditUrl(target) === postUrl)
    return { type: 'text', mediaUrls: [] };
  if (absolute === null) return { type: 'unknown', mediaUrls: [] };
  if (/^https?:\/\/i\.redd\.it\//i.test(absolute) || /\.(?:jpe?g|png|gif|webp)(?:$|\?)/i.test(absolute))
    return { type: 'image', mediaUrls: [absolute] };
  if (/^https?:\/\/v\.redd\.it\//i.test(absolute)) return { type: 'video', mediaUrls: [] };
  if (/^https?:\/\/(?:[a-z0-9-]+\.)?reddit\.com\/gallery\//i.test(absolute)) return { type: 'carousel', mediaUrls: [] };
  return { type: 'unknown', mediaUrls: [] };
}

/** The community an entry belongs to (category term, or label without r/). */
export function entryCommunity(entry: AtomEntry): string | null {
  const category = entry.category?.[0];
  const name = category?.['@_term']?.trim() || category?.['@_label']?.replace(/^\/?r\//i, '').trim();
  return nonEmpty(name);
}

/** The entry's post id, or null when the entry is not a post (t1_ comments in post feeds). */
export function entryPostId(entry: AtomEntry): string | null {
  return entry.id.trim().toLowerCase().startsWith('t3_') ? readBase36Id(entry.id, 't3_') : null;
}

/** The post body as text, or null when the entry has none. */
export function entryBodyText(entry: AtomEntry): string | null {
  const html = bodyHtml(entry.content ?? '');
  return html === null ? null : nonEmpty(htmlToText(html));
}

/** A t3 feed entry as a Post; null for entries that are not posts. */
export function entryToPost(entry: AtomEntry, fetchedAt: string): Post | null {
  const id = entryPostId(entry);
  if (id === null) return null;
  const content = entry.content ?? '';
  const url = canonicalRedditUrl(
    entry.link?.find((link) => link['@_rel'] === undefined || link['@_rel'] === 'alternate')?.['@_href'] ??
      anchorHref(content, '[comments]'),
  );
  const media = typeFromLinkTarget(anchorHref(content, '[link]'), url);
  const text = entryBodyText(entry);
  const title = nonEmpty(entry.title);
  const author = nonEmpty(entry.author?.name?.replace(/^\/?u\//i, '').trim());
  return makePost({
    platform: FORUM_PLATFORM,
    id,
    type: media.type,
    url,
    title,
    text,
    authorHandle: author,
    thumbnailUrl: httpUrlOrNull(entry['media:thumbnail']?.['@_url']),
    mediaUrls: media.mediaUrls,
    hashtags: extractHashtags(title, text),
    mentions: extractMentions(title, text),
    publishedAt: isoFromDateText(entry.published ?? entry.updated),
    fetchedAt,
  });
}

/** raw.posts entry for a feed post: only the community is known. */
export function entryListingExtra(entry: AtomEntry, id: string): PostListingExtra {
  return { id, community: entryCommunity(entry), flair: null, postType: null, upvoteRatio: null };
}
