/**
 * Accounts mentioned in issue and comment text: `@login`. Team mentions (`@org/team`) name
 * the organisation. `#123` is an issue reference, not a hashtag, so the family reports no
 * hashtags. Markdown code and quoted e-mail addresses are not prose and are skipped.
 */

// Not after a word character, dot, @ or slash, so e-mail addresses and URLs are not mentions.
const MENTION = /(?<![\p{L}\p{N}_.@/`-])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))(?![A-Za-z0-9_-])/gu;

function withoutCode(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/^(?: {4}|\t).*$/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ');
}

/** Mentioned logins without @, in order of first appearance, deduplicated ignoring case. */
export function extractMentions(...texts: (string | null | undefined)[]): string[] {
  const text = withoutCode(texts.filter((each): each is string => typeof each === 'string').join('\n'));
  const seen = new Set<string>();
  const found: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const login = match[1]!;
    if (seen.has(login.toLowerCase())) continue;
    seen.add(login.toLowerCase());
    found.push(login);
  }
  return found;
}
