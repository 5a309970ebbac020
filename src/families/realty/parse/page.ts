import { readDataCache, type CachedAnswer } from './data-cache.js';
import { endOfJsonValue, tryParseJson } from './json-text.js';

/** What a Redfin HTML page offers the parsers: its embedded API answers and its JSON-LD. */
export interface RedfinPage {
  html: string;
  /** Answers of `root.__reactServerState.InitialContext`; null when the page has none. */
  dataCache: CachedAnswer[] | null;
  /** Every parseable `application/ld+json` block, in page order. */
  jsonLd: unknown[];
  canonicalUrl: string | null;
}

const INITIAL_CONTEXT_MARKER = /__reactServerState\.InitialContext\s*=\s*/g;
const JSON_LD_BLOCK = /<script\b[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi;
const CANONICAL = /<link\b[^>]*rel\s*=\s*["']canonical["'][^>]*>/i;
const HREF = /href\s*=\s*["']([^"']+)["']/i;

export function readPage(html: string): RedfinPage {
  return { html, dataCache: readDataCache(initialContextOf(html)), jsonLd: jsonLdBlocks(html), canonicalUrl: canonicalOf(html) };
}

/** True when the page carries neither embedded API answers nor JSON-LD: nothing to read. */
export function lacksEverySurface(page: RedfinPage): boolean {
  return (page.dataCache === null || page.dataCache.length === 0) && page.jsonLd.length === 0;
}

/** The InitialContext object, cut out by bracket matching (the script around it varies). */
function initialContextOf(html: string): unknown {
  for (const match of html.matchAll(INITIAL_CONTEXT_MARKER)) {
    const start = match.index + match[0].length;
    const end = endOfJsonValue(html, start);
    if (end === -1) continue;
    const parsed = tryParseJson(html.slice(start, end));
    if (parsed !== undefined) return parsed;
  }
  return null;
}

function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const match of html.matchAll(JSON_LD_BLOCK)) {
    const parsed = tryParseJson(match[1]!.trim());
    if (parsed !== undefined) blocks.push(parsed);
  }
  return blocks;
}

function canonicalOf(html: string): string | null {
  const link = CANONICAL.exec(html)?.[0];
  const href = link === undefined ? undefined : HREF.exec(link)?.[1];
  return href ?? null;
}
