import { invalidParam } from '../../../errors.js';
import { ITUNES_HOST, PODCASTS_PAGE_HOST } from '../constants.js';
import { storeCountry } from './countries.js';

/**
 * The ways a caller names a show or an episode: Apple's ids (digits, `id` + digits) and Apple's
 * pages (`https://podcasts.apple.com/{cc}/podcast/{slug}/id{show}`, the old host
 * itunes.apple.com too, `{cc}` and slug optional; an episode's page adds `?i={episode}`).
 * Nothing here is fetched; a value that is none of these is 400 naming the parameter.
 */

/** Apple's ids are whole numbers well under 16 digits (episode ids run to 13). */
const APPLE_ID = /^\d{1,15}$/;
const PAGE_HOSTS: ReadonlySet<string> = new Set([PODCASTS_PAGE_HOST, ITUNES_HOST]);
const PAGE_PATH = /^\/(?:([A-Za-z]{2})\/)?podcast\/(?:[^/]+\/)?id(\d{1,15})\/?$/;

export interface ApplePage {
  show: string;
  /** The `?i=` episode id, null on a show page. */
  episode: string | null;
  /** The store the URL names, lower case, null when it names none. */
  country: string | null;
}

/** Whether a path is one of Apple's show or episode pages (the URL forms test it). */
export const isApplePagePath = (pathname: string): boolean => PAGE_PATH.test(pathname);

/** An Apple show or episode page, or null when the text is none. */
export function applePage(text: string): ApplePage | null {
  const url = URL.parse(text.trim());
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (!PAGE_HOSTS.has(url.hostname.toLowerCase().replace(/\.$/, ''))) return null;
  const match = PAGE_PATH.exec(url.pathname);
  if (match === null) return null;
  const episode = url.searchParams.get('i');
  if (episode !== null && !APPLE_ID.test(episode)) return null;
  const country = match[1] === undefined ? null : storeCountry(match[1]);
  if (match[1] !== undefined && country === null) return null;
  return { show: stripZeros(match[2]!), episode: episode === null ? null : stripZeros(episode), country };
}

/** A show as `show` names it: its Apple id and the store its URL names. */
export function showRef(input: string, param = 'show'): { id: string; country: string | null } {
  const text = input.trim();
  const bare = /^(?:id)?(\d{1,15})$/i.exec(text);
  if (bare) return { id: stripZeros(bare[1]!), country: null };
  const page = applePage(text);
  if (page === null) {
    throw invalidParam(
      param,
      `Invalid parameter \`${param}\`: pass an Apple Podcasts show id (digits, or id followed by digits) or a show page URL (https://podcasts.apple.com/us/podcast/NAME/idDIGITS).`,
    );
  }
  return { id: page.show, country: page.country };
}

/** An episode page (`?i=` required), for `url`. */
export function episodePage(input: string, param = 'url'): ApplePage & { episode: string } {
  const page = applePage(input);
  if (page === null || page.episode === null) {
    throw invalidParam(
      param,
      `Invalid parameter \`${param}\`: pass an Apple Podcasts episode page URL (https://podcasts.apple.com/us/podcast/NAME/idSHOW?i=EPISODE).`,
    );
  }
  return page as ApplePage & { episode: string };
}

/** An episode's Apple id, for `id`. */
export function episodeId(input: string, param = 'id'): string {
  const bare = /^(?:id)?(\d{1,15})$/i.exec(input.trim());
  if (!bare) throw invalidParam(param, `Invalid parameter \`${param}\`: pass an Apple Podcasts episode id (digits).`);
  return stripZeros(bare[1]!);
}

/** The store to ask: the caller's `country`, else the URL's, else `us`; a `country` the URL contradicts is refused. */
export function resolveCountry(given: string | undefined, fromUrl: string | null): string {
  if (given === undefined) return fromUrl ?? 'us';
  const country = storeCountry(given);
  if (country === null)
    throw invalidParam('country', 'Invalid parameter `country`: pass an ISO 3166-1 alpha-2 country code, e.g. us or de.');
  if (fromUrl !== null && fromUrl !== country) {
    throw invalidParam('country', `Invalid parameter \`country\`: the URL names the ${fromUrl} store, country says ${country}.`);
  }
  return country;
}

/** `0123` and `123` are one id: Apple's ids are numbers. */
const stripZeros = (digits: string): string => digits.replace(/^0+(?=\d)/, '');
