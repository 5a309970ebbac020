import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { findComment, flattenCommentTree } from '../../../src/families/forum/normalise/comment-tree.js';
import { readMoreChildren, rebuildCommentTree } from '../../../src/families/forum/normalise/morechildren.js';
import { postThreadSchema, type Thing } from '../../../src/families/forum/schemas/listing.js';
import { jsonFixture } from './support.js';

const [, commentListing] = postThreadSchema.parse(jsonFixture('post-thread-comments.json'));
const context = { postId: 'tx1a2b', postAuthor: 'maple_writer' };

describe('flattenCommentTree', () => {
  const flat = flattenCommentTree(commentListing.data.children, context);

  it('lists comments depth-first in reading order with plain parent ids', () => {
    expect(flat.comments.map((comment) => [comment.id, comment.parentId])).toEqual([
      ['c00001', null],
      ['c00002', null],
      ['c00003', 'c00002'],
      ['c00004', 'c00003'],
      ['c00005', 'c00002'],
      ['c00008', null],
    ]);
    expect(flat.comments.every((comment) => comment.postId === 'tx1a2b' && comment.platform === 'reddit')).toBe(true);
  });

  it('keeps every stub with its parent, count and child ids', () => {
    expect(flat.moreStubs).toEqual([
      { id: '_', parentId: 'c00004', count: 0, childIds: [], continueThread: true },
      { id: 'c00006', parentId: 'c00002', count: 5, childIds: ['c00006', 'c00007'], continueThread: false },
      { id: 'c00009', parentId: null, count: 12, childIds: ['c00009', 'c0000a', 'c0000b'], continueThread: false },
    ]);
  });

  it('counts replies: loaded direct replies plus stub counts, null behind continue-this-thread', () => {
    const replyCounts = Object.fromEntries(flat.comments.map((comment) => [comment.id, comment.replyCount]));
    expect(replyCounts).toEqual({ c00001: 0, c00002: 7, c00003: 1, c00004: null, c00005: 0, c00008: 0 });
  });

  it('maps pins, author replies, hidden scores and deleted comments', () => {
    const [pinned, , byAuthor, deleted, hidden] = flat.comments;
    expect(pinned).toMatchObject({ isPinned: true, authorHandle: 'ModBot_Example', likeCount: 5 });
    expect(byAuthor).toMatchObject({ isAuthorReply: true, isPinned: false });
    expect(deleted).toMatchObject({ text: '[deleted]', authorHandle: null, authorId: null });
    expect(hidden?.likeCount).toBeNull();
    expect(pinned?.publishedAt).toBe('2025-10-09T09:10:00.000Z');
    expect(pinned?.authorAvatarUrl).toBeNull();
  });

  it('derives isAuthorReply from the post author when is_submitter is missing', () => {
    const old: Thing = { kind: 't1', data: { id: 'o1', parent_id: 't3_tx1a2b', body: 'old', author: 'maple_writer', created_utc: 1 } };
    const other: Thing = { kind: 't1', data: { id: 'o2', parent_id: 't3_tx1a2b', body: 'old', author: 'someone', created_utc: 1 } };
    expect(flattenCommentTree([old, other], context).comments.map((comment) => comment.isAuthorReply)).toEqual([true, false]);
    expect(flattenCommentTree([old], { ...context, postAuthor: null }).comments[0]?.isAuthorReply).toBeNull();
  });

  it('treats a comment without its required fields as schema drift', () => {
    const broken: Thing = { kind: 't1', data: { id: 'b1', body: 'no parent' } };
    expect(() => flattenCommentTree([broken], context)).toThrow(GatewayError);
    try {
      flattenCommentTree([broken], context);
    } catch (error) {
      expect((error as GatewayError).code).toBe('upstream_schema_drift');
    }
  });

  it('finds a comment anywhere in the tree', () => {
    expect(findComment(commentListing.data.children, 'c00004')?.body).toBe('[deleted]');
    expect(findComment(commentListing.data.children, 'zzzzzz')).toBeNull();
  });
});

describe('morechildren', () => {
  it('rebuilds the tree from the flat list by parent_id, keeping sibling order', () => {
    const roots = readMoreChildren(jsonFixture('morechildren.json'));
    expect(roots.map((root) => `${root.kind}:${(root.data as { id: string }).id}`)).toEqual(['t1:m00001', 't1:m00006', 'more:m00007']);
    const flat = flattenCommentTree(roots, context);
    expect(flat.comments.map((comment) => [comment.id, comment.parentId])).toEqual([
      ['m00001', null],
      ['m00002', 'm00001'],
      ['m00005', 'm00001'],
      ['m00006', null],
    ]);
    expect(flat.moreStubs.map((stub) => [stub.id, stub.parentId, stub.count])).toEqual([
      ['m00003', 'm00002', 4],
      ['m00007', null, 30],
    ]);
    expect(flat.comments[0]?.replyCount).toBe(2);
    expect(flat.comments[1]?.replyCount).toBe(4);
  });

  it('hangs things whose parent is not in the list at the root (the expanded stub)', () => {
    const orphan: Thing = { kind: 't1', data: { id: 'q1', parent_id: 't1_elsewhere', body: 'x', created_utc: 1 } };
    const child: Thing = { kind: 't1', data: { id: 'q2', parent_id: 't1_q1', body: 'y', created_utc: 1 } };
    const flat = flattenCommentTree(rebuildCommentTree([orphan, child]), context);
    expect(flat.comments.map((comment) => [comment.id, comment.parentId])).toEqual([
      ['q1', 'elsewhere'],
      ['q2', 'q1'],
    ]);
  });

  it('does not modify its input', () => {
    const body = jsonFixture('morechildren.json');
    const before = JSON.stringify(body);
    readMoreChildren(body);
    expect(JSON.stringify(body)).toBe(before);
  });

  it('refuses a body without json.data.things', () => {
    expect(() => readMoreChildren({ json: { errors: [] } })).toThrow(/did not have the expected shape/);
  });
});
