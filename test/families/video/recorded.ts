import { readFileSync } from 'node:fs';
import type { UpstreamRequest } from '../../../src/catalogue/upstream.js';
import { stubUpstream, type StubAnswer } from '../../support/stub-upstream.js';

/**
 * The recorded YouTube samples (shared upstream samples, read from disk, never replayed against
 * the platform) served to the family's endpoints the way the platform answers them. Watch, channel
 * and results pages are not a surface of the family; they embed its answers (`ytInitialPlayerResponse`
 * is the WEB player answer, `ytInitialData` the next, browse or search answer), cut out unchanged.
 */

export const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

export interface ManifestEntry {
  file: string;
  request: { method: string; url: string; body?: string };
  response: { status: number; contentType: string };
  notes?: string;
}

export const sample = (file: string): string => readFileSync(`${samplesDir}/video/${file}`, 'utf8');
export const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];

/** The JSON object that follows `marker` in a page, cut at its matching brace (strings and escapes respected). */
export function embeddedJson(page: string, marker: string): string {
  const at = page.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in the page`);
  const start = page.indexOf('{', at);
  let depth = 0;
  let inString = false;
  for (let index = start; index < page.length; index++) {
    const char = page[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return page.slice(start, index + 1);
  }
  throw new Error(`unbalanced ${marker}`);
}

export const playerOfPage = (file: string) => embeddedJson(sample(file), 'ytInitialPlayerResponse = ');
export const dataOfPage = (file: string) => embeddedJson(sample(file), 'ytInitialData = ');

/** A JSON answer with the recorded status. */
export const jsonAnswer = (body: string, status = 200): StubAnswer => ({
  status,
  body,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
});
export const fileAnswer = (file: string): StubAnswer => {
  const entry = manifest().find((each) => each.file === file)!;
  return { status: entry.response.status, body: sample(file), headers: { 'content-type': entry.response.contentType } };
};

/** What a recorded platform answers: by InnerTube method (and the body's question), or by GET path. */
export type Recording = (method: string, body: Record<string, unknown>, request: UpstreamRequest, url: URL) => StubAnswer | undefined;

export function recorded(answer: Recording) {
  return stubUpstream((request, url) => {
    const method = url.pathname.startsWith('/youtubei/v1/') ? url.pathname.slice('/youtubei/v1/'.length) : url.pathname;
    const body = request.body === undefined ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    return answer(method, body, request, url);
  });
}
