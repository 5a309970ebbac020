import { getOperationAST, Kind, print, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { SerialisableResult } from './billing-extension.js';
import { SHARED_EVENTS } from '../schema/field-extensions.js';

/** Printed documents: one print per distinct document object, not per subscriber. */
const printed = new WeakMap<DocumentNode, string>();
/** Equal keys as one string, so ten thousand streams of one operation hold one key between them. */
const interned = new Map<string, string>();
const INTERNED_MAX = 10_000;

function intern(key: string): string {
  const known = interned.get(key);
  if (known !== undefined) return known;
  // A bound, not an LRU: past it keys are merely not shared between streams (still correct).
  if (interned.size >= INTERNED_MAX) interned.clear();
  interned.set(key, key);
  return key;
}

/**
 * The key under which a subscription's events may be executed once for every stream with the
 * same key (document, operation name, variables), or null when the selection may depend on
 * the caller: a root field without the SHARED_EVENTS extension, or a fragment at the root.
 */
export function sharingKey(args: ExecutionArgs): string | null {
  const operation = getOperationAST(args.document, args.operationName);
  const fields = args.schema.getSubscriptionType()?.getFields();
  if (!operation || operation.operation !== 'subscription' || !fields) return null;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || fields[selection.name.value]?.extensions?.[SHARED_EVENTS] !== true) return null;
  }
  let text = printed.get(args.document);
  if (text === undefined) {
    text = print(args.document);
    printed.set(args.document, text);
  }
  return intern(`${args.operationName ?? ''}|${JSON.stringify(args.variableValues ?? {})}|${text}`);
}

/**
 * Results of shared executions, by event object (the pub/sub target parses a message once and
 * hands the same object to every stream) and sharing key. Weak: gone with the event.
 */
const byEvent = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

/** The result every stream with `key` sends for `event`, executed by the first stream that asks. */
export function sharedResult(event: object, key: string, execute: () => Promise<ExecutionResult>): Promise<ExecutionResult> {
  let results = byEvent.get(event);
  if (!results) {
    results = new Map();
    byEvent.set(event, results);
  }
  let pending = results.get(key);
  if (!pending) {
    pending = execute().then(serialiseOnce);
    results.set(key, pending);
  }
  return pending;
}

/**
 * Yoga serialises a result with its `stringify` when it has one: the shared result is turned
 * into JSON once, whatever the number of streams. A result Yoga rewrites first (errors made
 * safe) is another object and is serialised as usual.
 */
function serialiseOnce(result: ExecutionResult): ExecutionResult {
  const serialisable = result as ExecutionResult & SerialisableResult;
  if (serialisable.stringify) return result;
  let text: string | undefined;
  serialisable.stringify = (value) => (value === result ? (text ??= JSON.stringify(value)) : JSON.stringify(value));
  return result;
}
