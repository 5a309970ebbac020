/**
 * How a complete result tells of items it leaves out (at their authors' request, or by their
 * settings): a meta.warnings line, a count in raw (it survives a cache hit, where meta.warnings
 * is not repeated), and the reason as meta.reason when nothing else was left.
 */

export type WithheldNoun = 'post' | 'reply' | 'account';

const PLURALS: Readonly<Record<WithheldNoun, string>> = { post: 'posts', reply: 'replies', account: 'accounts' };

/** The meta.warnings line of items left out, e.g. "2 posts withheld: author_opted_out"; none for none. */
export function withheldNotice(count: number, noun: WithheldNoun, reason: string): string[] {
  if (count === 0) return [];
  return [`${count} ${count === 1 ? noun : PLURALS[noun]} withheld: ${reason}`];
}

/** What raw says of withheld items: nothing when there were none. */
export const withheldRaw = (count: number, reason: string) => (count === 0 ? {} : { withheld: { count, reason } });

/** A page that withholding left empty is empty for that reason. */
export const allWithheld = (kept: number, withheld: number, reason: string) => (kept === 0 && withheld > 0 ? { emptyReason: reason } : {});
