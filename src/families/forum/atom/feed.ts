import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { schemaDrift } from '../../../errors.js';
import { lenient } from '../schemas/lenient.js';
import { parseShape } from '../../../upstream/json-body.js';

/**
 * Reddit's Atom feeds (`.rss` URLs): one <entry> per post or comment with id (t3_/t1_
 * fullname), title, author (/u/name), category (community), published, link, an HTML
 * <content> and sometimes <media:thumbnail>. No scores or comment counts.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Titles such as "2023" must stay strings.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'entry' || name === 'link' || name === 'category',
});

const textNode = z
  .union([z.string(), z.object({ '#text': z.string().optional() }).loose()])
  .transform((node) => (typeof node === 'string' ? node : (node['#text'] ?? '')));
const hrefNode = z.object({ '@_href': z.string().optional(), '@_rel': z.string().optional() });

const entrySchema = z.object({
  id: textNode,
  title: lenient(textNode),
  content: lenient(textNode),
  published: lenient(textNode),
  updated: lenient(textNode),
  author: lenient(z.object({ name: lenient(textNode), uri: lenient(textNode) })),
  category: lenient(z.array(z.object({ '@_term': z.string().optional(), '@_label': z.string().optional() }))),
  link: lenient(z.array(hrefNode)),
  'media:thumbnail': lenient(z.object({ '@_url': z.string().optional() })),
});
/** One feed entry, with text nodes already unwrapped. */
export type AtomEntry = z.output<typeof entrySchema>;

const feedSchema = z.object({ feed: z.object({ entry: z.array(entrySchema).optional() }) });

/** Parses an Atom feed body into its entries; a body that is not an Atom feed is schema drift. */
export function parseAtomFeed(xml: string): AtomEntry[] {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    throw schemaDrift('The feed answer was not well-formed XML.');
  }
  return parseShape(feedSchema, document, 'Atom feed').feed.entry ?? [];
}
