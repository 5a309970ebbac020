import { listPolicies } from './generated/list-policies.js';
import type { ListPolicySpec } from './list-policies.js';

/**
 * Type policies in the shape of Apollo Client's `InMemoryCache({ typePolicies })` (structural,
 * so this module needs no Apollo import): any client cache that normalises by `__typename` and
 * `id` can use the same rules.
 */
export type GatewayTypePolicies = Record<string, { keyFields?: false; fields?: Record<string, { merge: true }> }>;

/**
 * The cache rules that keep list wrappers intact. Resources implement `Node` and are
 * normalised by their global `id`. List wrappers (PostList, CommentList, ...) have no id: they
 * are value objects of the field that holds them (`keyFields: false`), and `merge: true` on
 * each such field merges a later answer into the earlier one instead of replacing it, so two
 * queries on the same post that select different parts of `comments` both stay complete.
 *
 *   new InMemoryCache({ typePolicies: gatewayTypePolicies() })
 */
export function gatewayTypePolicies(spec: ListPolicySpec = listPolicies): GatewayTypePolicies {
  const policies: GatewayTypePolicies = {};
  for (const wrapper of spec.wrappers) policies[wrapper] = { keyFields: false };
  for (const [type, fields] of Object.entries(spec.holders)) {
    policies[type] = { ...policies[type], fields: Object.fromEntries(fields.map((field) => [field, { merge: true as const }])) };
  }
  return policies;
}
