import { expect, it } from 'vitest';
import { validateRequest } from '../../src/pipeline/params.js';
import { RefetchRegistry } from '../../src/schema/identity/global-id.js';
import { bookshelfCatalogue } from './bookshelf-catalogue.js';

/** Every refetch declaration of the registered families and the test family. */
export const refetchRegistry = new RefetchRegistry(bookshelfCatalogue.families.flatMap((family) => family.refetch ?? []));

/** A resource a family declares a refetch for, and the single-resource endpoint call that fetches it again. */
export interface RefetchCase {
  type: string;
  resource: Record<string, unknown>;
  endpoint: string;
  params: Record<string, unknown>;
}

/**
 * One test per case: the resource's identity is refetchable, its key fetches it again through
 * `endpoint` with `params`, and that endpoint answers one resource of the type with those params valid.
 */
export function itRefetches(cases: readonly RefetchCase[]): void {
  for (const { type, resource, endpoint, params } of cases) {
    it(`fetches ${type} on ${String(resource.platform)} again through ${endpoint}`, () => {
      const identity = refetchRegistry.identify(type, resource);
      expect(identity.refetchable).toBe(true);
      const target = refetchRegistry.declaration(type, String(resource.platform))!.fetch(identity.key);
      expect(target).toEqual({ endpoint, params });
      const definition = bookshelfCatalogue.byPath.get(endpoint)!;
      expect(definition.returns).toMatchObject({ kind: 'single', type });
      expect(() => validateRequest(definition, target!.params)).not.toThrow();
    });
  }
}
