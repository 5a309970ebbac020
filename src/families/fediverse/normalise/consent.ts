import type { Account } from '../schemas/mastodon.js';

/**
 * Authors' consent. `noindex: true` is the account's "opt out of search engine indexing"; its
 * instance sends it only for its own accounts. The gateway serves logged-out readers, as a search
 * engine does, so such an account and everything it wrote are withheld. `discoverable: false`
 * asks not to be suggested: such accounts stay out of account search only.
 */

export const isOptedOut = (account: Account | null | undefined): boolean => account?.noindex === true;

export const isUndiscoverable = (account: Account | null | undefined): boolean => account?.discoverable === false;
