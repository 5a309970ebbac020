import { GatewayError } from '../../../errors.js';
import { objectAt, stringAt, textOf, type Json } from './values.js';

/**
 * What the player says of a video's availability (`playabilityStatus`): served, served with its
 * status in raw, an empty result, or the platform's bot check (a refusal of the gateway itself).
 */

export interface Playability {
  status: string;
  reason: string | null;
}

export type Availability = { serve: true } | { serve: false; reason: 'private' | 'removed' | 'not_found' | 'unplayable' };

/** Statuses whose video is simply served. */
const SERVED_STATUSES: ReadonlySet<string> = new Set(['OK', 'LIVE_STREAM_OFFLINE']);

export function playabilityOf(player: Json): Playability {
  const status = objectAt(player, 'playabilityStatus');
  return { status: stringAt(status, 'status') ?? 'UNKNOWN', reason: stringAt(status, 'reason') };
}

/** Every text the player gives about why a video does not play, for matching. */
function refusalTexts(player: Json): string {
  const status = objectAt(player, 'playabilityStatus') ?? {};
  const messages = Array.isArray(status.messages) ? status.messages.filter((message) => typeof message === 'string') : [];
  const screen = objectAt(status, 'errorScreen', 'playerErrorMessageRenderer');
  return [stringAt(status, 'reason'), ...messages, textOf(screen?.reason), textOf(screen?.subreason)].filter(Boolean).join('\n');
}

/** The bot check ("Sign in to confirm you’re not a bot") refuses the gateway's address: never an empty result. */
export function refuseBotCheck(player: Json): void {
  if (/confirm you[’']re not a bot/i.test(refusalTexts(player))) {
    throw new GatewayError('upstream_blocked', 'YouTube asked the logged-out request to prove it is not a bot.', {
      details: { host: 'www.youtube.com', playability: playabilityOf(player).status },
    });
  }
}

/** Whether the player's answer is served, and why not when it is not. Call refuseBotCheck first. */
export function availabilityOf(player: Json): Availability {
  const { status } = playabilityOf(player);
  if (SERVED_STATUSES.has(status) || objectAt(player, 'videoDetails') !== null) return { serve: true };
  const texts = refusalTexts(player);
  if (/private/i.test(texts)) return { serve: false, reason: 'private' };
  if (/removed|terminated/i.test(texts)) return { serve: false, reason: 'removed' };
  if (status === 'ERROR') return { serve: false, reason: 'not_found' };
  return { serve: false, reason: 'unplayable' };
}

/** An age gate: the player withholds the video until the viewer signs in to confirm their age. */
export function isAgeGated(player: Json): boolean {
  const { status } = playabilityOf(player);
  return status === 'LOGIN_REQUIRED' && /confirm your age|inappropriate for some users/i.test(refusalTexts(player));
}
