import type { FetchContext } from '../../../catalogue/results.js';
import { ITEM_FETCH_CONCURRENCY } from '../constants.js';
import type { PlacedNode } from '../normalise/comments.js';
import type { FirebaseItem } from '../schemas/firebase.js';
import { getItem } from './firebase.js';

/** A comment known by id, placed in pre-order, fetched or not yet. */
interface Slot {
  id: number;
  depth: number;
  parentId: string | null;
  item: FirebaseItem | null;
  state: 'waiting' | 'fetching' | 'done';
}

export interface Walk {
  placed: PlacedNode[];
  hasMore: boolean;
  gets: number;
}

/** GETs one walk may spend beyond `limit` (kids answering `null` are skipped and replaced). */
const SPARE_GETS = 50;

/**
 * The replies under `root`, read item by item from the official API when HN Search cannot
 * answer. Kids are kept in pre-order as they are learnt (a node's kids go right after it), and
 * only comments in the first `limit` places known at the time are fetched, at most ten at a
 * time, so the walk stops once `limit` comments are placed (a fetch in flight may still learn
 * replies that push its siblings out of those places; never more than `limit` + 50 GETs). Kids answering
 * `null` are skipped; deleted and dead ones stay as placeholders.
 */
export async function walkFirebase(
  ctx: FetchContext,
  root: FirebaseItem,
  rootIsPost: boolean,
  depthMax: number,
  limit: number,
): Promise<Walk> {
  const firstParent = rootIsPost ? null : String(root.id);
  const sequence: Slot[] = depthMax < 1 ? [] : root.kids.map((id) => slot(id, 1, firstParent));
  let hasMore = depthMax < 1 && root.kids.length > 0;
  const maxGets = limit + SPARE_GETS;
  let gets = 0;
  const inFlight = new Map<Slot, Promise<{ slot: Slot; item: FirebaseItem | null }>>();

  const startable = () => sequence.slice(0, limit).filter((each) => each.state === 'waiting');
  for (;;) {
    for (const next of startable()) {
      if (inFlight.size >= ITEM_FETCH_CONCURRENCY || gets >= maxGets) break;
      next.state = 'fetching';
      gets += 1;
      inFlight.set(
        next,
        getItem(ctx, next.id).then(({ item }) => ({ slot: next, item })),
      );
    }
    if (inFlight.size === 0) break;
    const { slot: done, item } = await Promise.race(inFlight.values());
    inFlight.delete(done);
    const at = sequence.indexOf(done);
    if (item === null) {
      sequence.splice(at, 1);
      continue;
    }
    done.item = item;
    done.state = 'done';
    if (item.kids.length === 0) continue;
    if (done.depth >= depthMax) hasMore = true;
    else sequence.splice(at + 1, 0, ...item.kids.map((id) => slot(id, done.depth + 1, String(done.id))));
  }
  const fetched = sequence.slice(0, limit).filter((each) => each.item !== null);
  if (sequence.length > fetched.length) hasMore = true;
  return { placed: fetched.map(placedOf), hasMore, gets };
}

const slot = (id: number, depth: number, parentId: string | null): Slot => ({ id, depth, parentId, item: null, state: 'waiting' });

function placedOf(slot: Slot): PlacedNode {
  const item = slot.item!;
  const removed = item.deleted === true || item.dead === true;
  return {
    id: String(item.id),
    author: removed ? null : item.by,
    html: removed ? null : item.text,
    points: null,
    time: item.time,
    removed,
    depth: slot.depth,
    parentId: slot.parentId,
    replyCount: item.kids.length,
  };
}
