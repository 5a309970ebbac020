import { describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { listPolicies } from '../../src/client/generated/list-policies.js';
import { gatewayTypePolicies } from '../../src/client/index.js';
import { listPolicySpec } from '../../src/client/list-policies.js';
import { decodeGlobalId, encodeGlobalId } from '../../src/schema/identity/global-id.js';
import { buildSchema } from '../../src/schema/index.js';
import { enumValueName } from '../../src/schema/enum-values.js';
import { itRefetches, refetchRegistry as registry } from '../support/refetch-cases.js';

/**
 * Global ids and refetch declarations on the test family (test/families/bookshelf); each real
 * family's declarations are tested in its own folder (refetch.test.ts).
 */

describe('global ids', () => {
  it('round-trips type, platform and key, and refuses anything else', () => {
    const identity = { type: 'Book', platform: 'bookshelf', key: 'shelf:poetry', refetchable: true };
    expect(decodeGlobalId(encodeGlobalId(identity))).toEqual(identity);
    for (const id of [
      '',
      'not base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["Post","x","k",2]').toString('base64url'),
      'A'.repeat(5000),
    ]) {
      expect(decodeGlobalId(id)).toBeNull();
    }
  });

  it('gives the same resource the same id on another platform only if the platform matches', () => {
    const a = registry.identify('Book', { platform: 'bookshelf', id: '101' });
    const b = registry.identify('Book', { platform: 'another-catalogue', id: '101' });
    expect(encodeGlobalId(a)).not.toBe(encodeGlobalId(b));
  });
});

describe('refetch declarations', () => {
  itRefetches([{ type: 'Book', resource: { platform: 'bookshelf', id: '101' }, endpoint: '/v1/bookshelf/book', params: { id: '101' } }]);

  it('derives an identifying key, not refetchable, for resources without a declaration', () => {
    expect(registry.identify('Comment', { platform: 'bookshelf', id: 'c1', postId: 'p1' })).toMatchObject({ refetchable: false });
    expect(registry.identify('Book', { platform: 'bookshelf', title: 'Untitled', id: null })).toMatchObject({ refetchable: false });
  });
});

describe('enums and cache policies', () => {
  it('names REST values as GraphQL enum values', () => {
    expect(['best-match', 'for-sale', 'content.changed', 'daily', 'under_offer'].map(enumValueName)).toEqual([
      'BEST_MATCH',
      'FOR_SALE',
      'CONTENT_CHANGED',
      'DAILY',
      'UNDER_OFFER',
    ]);
  });

  it('ships list policies that match the schema: run `npm run codegen` after changing it', () => {
    expect(listPolicies).toEqual(listPolicySpec(buildSchema(catalogue)));
    const policies = gatewayTypePolicies();
    expect(policies.CommentList).toEqual({ keyFields: false });
    expect(policies.Post?.fields?.comments).toEqual({ merge: true });
  });
});
