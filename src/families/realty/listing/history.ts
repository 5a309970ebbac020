import type { PriceEvent } from '../model.js';
import type { HistoryEvent } from './home-details-schemas.js';
import { epochMsToIso } from '../parse/values.js';

/** Redfin's historyEventType values: 1 listing events, 2 sales, 3 rental events. */
export const HISTORY_EVENT_TYPE = { listing: 1, sale: 2, rental: 3 } as const;

/** Which events a listing's history shows: sale listings skip rental events; rentals keep only them. */
export type HistoryScope = 'sale' | 'rent';

function inScope(event: HistoryEvent, scope: HistoryScope): boolean {
  const isRental = event.historyEventType === HISTORY_EVENT_TYPE.rental;
  return scope === 'rent' ? isRental : !isRental;
}

/** The property history as PriceEvents, newest first as Redfin serves it. eventDate is epoch ms. */
export function priceEvents(events: readonly HistoryEvent[], currency: string, scope: HistoryScope): PriceEvent[] {
  return events
    .filter((event) => inScope(event, scope))
    .flatMap((event) => {
      const wording = event.eventDescription ?? event.mlsDescription;
      if (!wording) return [];
      const price = event.price ?? null;
      return [
        {
          date: epochMsToIso(event.eventDate),
          event: wording,
          price,
          currency: price === null ? null : currency,
          source: event.dataSourceDisplay?.dataSourceName ?? event.source ?? null,
        },
      ];
    });
}

/** When the current listing started: the newest "Listed…" event of the scope, as ISO 8601. */
export function listedAtOf(events: readonly HistoryEvent[], scope: HistoryScope): string | null {
  const wantedType = scope === 'rent' ? HISTORY_EVENT_TYPE.rental : HISTORY_EVENT_TYPE.listing;
  const listed = events.filter(
    (event) =>
      event.historyEventType === wantedType && /^listed/i.test(event.eventDescription ?? '') && typeof event.eventDate === 'number',
  );
  const newest = Math.max(...listed.map((event) => event.eventDate as number));
  return Number.isFinite(newest) ? epochMsToIso(newest) : null;
}
