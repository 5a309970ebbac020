import { invalidParam } from '../../../errors.js';
import { ACCEPTED_INPUT_HOSTS, COLLECTIONS, type RecordKind } from '../constants.js';

/**
 * What callers paste, read into the two things the AppView takes: an actor (a DID or a handle)
 * and a record (its author and record key). Everything is checked here, before any upstream
 * request; anything else is 400 naming the parameter.
 */

/** did:plc is 24 base32 characters; did:web is a host name (a port is percent-encoded). */
const DID = /^did:(?:plc:[a-z2-7]{24}|web:[a-z0-9.-]{1,253}(?:%3a\d{1,5})?)$/;
/** Domain labels of letters, digits and hyphens; at least two, the last not starting with a digit. */
const HANDLE = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A record key as the platform allows it (never "." or ".."). */
const RKEY = /^(?!\.{1,2}$)[A-Za-z0-9._:~-]{1,512}$/;

/** The path segment of bsky.app URLs naming each kind of record. */
const WEB_SEGMENTS: Readonly<Record<RecordKind, string>> = { post: 'post', feed: 'feed', list: 'lists' };

export interface RecordRef {
  /** The record's author: a DID, or a handle still to be resolved. */
  actor: string;
  rkey: string;
}

export const isDid = (actor: string): boolean => actor.startsWith('did:');

/** A DID or handle in canonical form, or null. */
function actorOf(value: string): string | null {
  const text = value.trim().replace(/^@/, '');
  if (/^did:/i.test(text)) {
    const did = /^did:web:/i.test(text) ? text.toLowerCase() : text;
    return DID.test(did) ? did : null;
  }
  const handle = text.toLowerCase();
  return HANDLE.test(handle) ? handle : null;
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path segments of a bsky.app URL (query, fragment and trailing slash ignored), or null for another host. */
function webSegments(value: string): string[] | null {
  const url = URL.parse(value.trim());
  if (!url || !['https:', 'http:'].includes(url.protocol) || !ACCEPTED_INPUT_HOSTS.has(url.hostname.toLowerCase())) return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const texts = segments.map(decoded);
  return texts.every((text): text is string => text !== null) ? texts : null;
}

/** An account: handle, @handle, DID, or https://bsky.app/profile/{handle or DID}. */
export function parseActor(value: string, param = 'handle'): string {
  const segments = /^https?:/i.test(value.trim()) ? webSegments(value) : null;
  const candidate = segments === null ? value : segments.length === 2 && segments[0] === 'profile' ? segments[1]! : '';
  const actor = actorOf(candidate);
  if (actor === null) {
    throw invalidParam(
      param,
      `${param}: pass a handle (name.bsky.social, with or without @), a DID (did:plc:… or did:web:…) or a profile URL (https://bsky.app/profile/name.bsky.social).`,
    );
  }
  return actor;
}

/**
 * A record of `kind`: its bsky.app URL (https://bsky.app/profile/{handle or DID}/post/{rkey})
 * or its at:// URI (at://{DID or handle}/app.bsky.feed.post/{rkey}). An at:// URI of another
 * collection is refused.
 */
export function parseRecord(value: string, kind: RecordKind, param = 'url'): RecordRef {
  const text = value.trim();
  const parts = text.toLowerCase().startsWith('at://') ? atSegments(text, kind) : webRecordSegments(text, kind);
  const actor = parts === null ? null : actorOf(parts[0]);
  if (parts === null || actor === null || !RKEY.test(parts[1])) {
    throw invalidParam(
      param,
      `${param}: pass a ${kind} URL (https://bsky.app/profile/{handle or DID}/${WEB_SEGMENTS[kind]}/{key}) or its at:// URI (at://{DID}/${COLLECTIONS[kind]}/{key}).`,
    );
  }
  return { actor, rkey: parts[1] };
}

function atSegments(text: string, kind: RecordKind): [string, string] | null {
  const segments = text.slice('at://'.length).replace(/\/$/, '').split('/');
  if (segments.length !== 3 || segments[1] !== COLLECTIONS[kind]) return null;
  const actor = decoded(segments[0]!);
  return actor === null ? null : [actor, segments[2]!];
}

function webRecordSegments(text: string, kind: RecordKind): [string, string] | null {
  const segments = webSegments(text);
  if (segments === null || segments.length !== 4 || segments[0] !== 'profile' || segments[2] !== WEB_SEGMENTS[kind]) return null;
  return [segments[1]!, segments[3]!];
}

/** The at:// URI of a record (its canonical form: one cache entry however it was pasted). */
export const recordUri = (ref: RecordRef, kind: RecordKind): string => `at://${ref.actor}/${COLLECTIONS[kind]}/${ref.rkey}`;
