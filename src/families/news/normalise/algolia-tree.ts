import { algoliaNodeSchema, type AlgoliaNode } from '../schemas/algolia.js';
import type { PlacedNode, ThreadContext } from './comments.js';

export interface Flattened {
  placed: PlacedNode[];
  /** True when a deeper level or a later comment was left out. */
  hasMore: boolean;
}

const ROOT_KINDS_WITH_COMMENTS: ReadonlySet<string> = new Set(['story', 'poll', 'job']);

/** The thread an Algolia root belongs to: a story (or poll) is its own post; a comment names its story. */
export function algoliaThread(root: AlgoliaNode): ThreadContext & { rootIsPost: boolean } {
  const rootIsPost = root.type !== null && ROOT_KINDS_WITH_COMMENTS.has(root.type);
  return {
    rootIsPost,
    postId: rootIsPost ? String(root.id) : root.story_id === null ? null : String(root.story_id),
    storyAuthor: rootIsPost ? root.author : null,
  };
}

/**
 * The replies under `root` in depth-first pre-order, siblings in the order sent (HN Search sorts
 * them by points). Nodes without an author were removed: they stay as placeholders so their
 * replies keep their parent. A node that does not parse is left out with its replies (hasMore).
 */
export function flattenAlgoliaTree(root: AlgoliaNode, rootIsPost: boolean, depthMax: number, limit: number): Flattened {
  const placed: PlacedNode[] = [];
  let hasMore = false;
  const firstParent = rootIsPost ? null : String(root.id);
  const stack: { raw: unknown; depth: number; parentId: string | null }[] = root.children
    .map((raw) => ({ raw, depth: 1, parentId: firstParent }))
    .reverse();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.depth > depthMax) {
      hasMore = true;
      continue;
    }
    const parsed = algoliaNodeSchema.safeParse(next.raw);
    if (!parsed.success) {
      hasMore = true;
      continue;
    }
    if (placed.length >= limit) {
      hasMore = true;
      break;
    }
    const node = parsed.data;
    const id = String(node.id);
    placed.push({
      id,
      author: node.author,
      html: node.text,
      points: node.points,
      time: node.created_at_i,
      removed: node.author === null,
      depth: next.depth,
      parentId: next.parentId,
      replyCount: node.children.length,
    });
    for (let index = node.children.length - 1; index >= 0; index -= 1)
      stack.push({ raw: node.children[index], depth: next.depth + 1, parentId: id });
  }
  return { placed, hasMore };
}
