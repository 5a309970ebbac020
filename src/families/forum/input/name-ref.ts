import { invalidParam } from '../../../errors.js';
import { SUBREDDIT_NAME, USERNAME } from './identifiers.js';
import { readRedditInput } from './reddit-url.js';

const SUBREDDIT_FORMS =
  'a community name (e.g. redditdev), the name with an r/ or /r/ prefix, or a community URL (https://www.reddit.com/r/redditdev/)';
const USERNAME_FORMS =
  'an account name (e.g. spez), the name with a u/, /u/ or /user/ prefix, or a profile URL (https://www.reddit.com/user/spez/)';

/**
 * Reads a name that is either plain text or the segment after one of `prefixes` in a
 * reddit.com path. Returns null when the input has neither shape.
 */
function readName(raw: string, prefixes: readonly string[]): string | null {
  const input = readRedditInput(raw);
  if (input.kind === 'text') return input.text;
  if (input.kind !== 'location' || input.location.hostKind !== 'reddit') return null;
  const [first, name] = input.location.segments;
  return first !== undefined && prefixes.includes(first.toLowerCase()) && name !== undefined ? name : null;
}

/** Parses a community reference into its bare name, or throws invalid_request naming `param`. */
export function parseSubredditRef(raw: string, param = 'subreddit'): string {
  const name = readName(raw, ['r']);
  if (name === null || !SUBREDDIT_NAME.test(name)) throw invalidParam(param, `${param} must be ${SUBREDDIT_FORMS}.`);
  return name;
}

/** Parses an account reference into its bare name, or throws invalid_request naming `param`. */
export function parseUsernameRef(raw: string, param = 'username'): string {
  const name = readName(raw, ['u', 'user']);
  if (name === null || !USERNAME.test(name)) throw invalidParam(param, `${param} must be ${USERNAME_FORMS}.`);
  return name;
}
