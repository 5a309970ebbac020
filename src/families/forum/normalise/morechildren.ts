import { z } from 'zod';
import { moreChildrenSchema } from '../schemas/comment.js';
import type { Thing } from '../schemas/listing.js';
import { parseShape } from '../../../upstream/json-body.js';

/**
 * /api/morechildren answers with a flat list (`json.data.things`) of t1 comments and
 * nested `more` stubs, each pointing at its parent by `parent_id`. This rebuilds the nested
 * shape of a comments page (t1 `replies` Listings) so the same flattener reads both.
 * Things whose parent is not in the list become roots (they hang under the stub that was
 * expanded); nested `more` stubs stay in place as continuations.
 */

const linkedThingSchema = z.object({ id: z.string(), parent_id: z.string() }).loose();

interface Node {
  kind: string;
  data: Record<string, unknown>;
  children: Node[];
}

function toThing(node: Node): Thing {
  if (node.kind !== 't1') return { kind: node.kind, data: node.data };
  const replies =
    node.children.length === 0 ? '' : { kind: 'Listing', data: { children: node.children.map(toThing), after: null, before: null } };
  return { kind: node.kind, data: { ...node.data, replies } };
}

/** Rebuilds the tree from a flat things list, keeping the server's order among siblings. */
export function rebuildCommentTree(things: readonly Thing[]): Thing[] {
  const nodes = things.map((thing): Node => ({
    kind: thing.kind,
    data: parseShape(linkedThingSchema, thing.data, 'morechildren item'),
    children: [],
  }));
  const commentsByFullname = new Map<string, Node>();
  for (const node of nodes) if (node.kind === 't1') commentsByFullname.set(`t1_${String(node.data.id)}`, node);
  const roots: Node[] = [];
  for (const node of nodes) {
    const parent = commentsByFullname.get(String(node.data.parent_id));
    if (parent !== undefined && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots.map(toThing);
}

/** Reads an /api/morechildren body and returns its rebuilt comment tree. */
export function readMoreChildren(body: unknown): Thing[] {
  return rebuildCommentTree(parseShape(moreChildrenSchema, body, 'morechildren').json.data.things);
}
