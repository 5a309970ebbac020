/**
 * Hashtags and mentions written in post text. Reddit has no tagging of its own, so
 * these are read from the title and body: `#word`, `@name`, `u/name` and `/u/name`.
 * Results drop the leading sigil and keep first-seen order, deduplicated ignoring case.
 * Markdown code is skipped.
 */

// Not after a word character, slash, & or # so URL fragments (page#part), entities
// (&#39;) and markdown headings ("# Title") are not hashtags.
const HASHTAG = /(?<![\p{L}\p{N}_/&#])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;
// Not after a word character, dot or slash, so e-mail addresses and URLs are not mentions.
const AT_MENTION = /(?<![\p{L}\p{N}_.@/])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)/gu;
// u/name and /u/name as Reddit renders them; reddit.com/u/name inside a URL is excluded.
const USER_MENTION = /(?<![\p{L}\p{N}_/])\/?u\/([A-Za-z0-9_-]{3,20})/gu;

function uniqueInOrder(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}

/** Markdown code (fenced, indented, inline) is not prose: `#include` or `@decorator` there are not tags. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/^(?: {4}|\t).*$/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ');
}

function joinTexts(texts: readonly (string | null | undefined)[]): string {
  return withoutCode(texts.filter((text): text is string => typeof text === 'string').join('\n'));
}

/** Hashtags without the leading #; digits-only tags such as "#1" are not hashtags. */
export function extractHashtags(...texts: (string | null | undefined)[]): string[] {
  return uniqueInOrder(Array.from(joinTexts(texts).matchAll(HASHTAG), (match) => match[1] ?? ''));
}

/** Mentioned names without @, u/ or /u/, in order of first appearance. */
export function extractMentions(...texts: (string | null | undefined)[]): string[] {
  const text = joinTexts(texts);
  const found = [...text.matchAll(AT_MENTION), ...text.matchAll(USER_MENTION)]
    .sort((left, right) => (left.index ?? 0) - (right.index ?? 0))
    .map((match) => match[1] ?? '');
  return uniqueInOrder(found);
}
