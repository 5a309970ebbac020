/**
 * Field extension of a subscription root field whose events, and everything a caller can
 * select under it, resolve from the event alone: no context (account, billing, loaders,
 * upstream calls). Its streams may share one execution and one serialisation per event.
 * Its subscribe must not charge or change anything: a distinct-connections stream that fails
 * to start is handed back to its door (event-streams.ts), which subscribes again.
 */
export const SHARED_EVENTS = 'sharedEvents';
