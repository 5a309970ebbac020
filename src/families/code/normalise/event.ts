import { CODE_PLATFORM } from '../constants.js';
import type { ActivityEvent } from '../model.js';
import type { EventBody } from '../schemas/event.js';
import { readEvent } from './event-summary.js';
import { textOrNull, timeOrNull } from './values.js';

/** A public event as an ActivityEvent with its readable summary. */
export function eventToActivity(event: EventBody, fetchedAt: string): ActivityEvent {
  const repoFullName = textOrNull(event.repo?.name);
  const { summary, url } = readEvent(event.type, event.payload ?? null, repoFullName);
  return {
    platform: CODE_PLATFORM,
    id: event.id,
    type: event.type,
    actorHandle: event.actor?.login ?? null,
    repoFullName,
    summary,
    url,
    createdAt: timeOrNull(event.created_at),
    fetchedAt,
  };
}
