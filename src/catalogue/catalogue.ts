import type { EndpointDefinition, FamilyDefinition } from './endpoint.js';

/** All families and their endpoints, indexed the ways the doors look them up. */
export interface Catalogue {
  families: readonly FamilyDefinition[];
  endpoints: readonly EndpointDefinition[];
  byPath: ReadonlyMap<string, EndpointDefinition>;
  familyOf(endpoint: EndpointDefinition): FamilyDefinition;
}

export function buildCatalogue(families: readonly FamilyDefinition[]): Catalogue {
  const byPath = new Map<string, EndpointDefinition>();
  const fields = new Set<string>();
  const familyByEndpoint = new Map<EndpointDefinition, FamilyDefinition>();
  for (const family of families) {
    for (const endpoint of family.endpoints) {
      if (endpoint.family !== family.name) throw new Error(`${endpoint.path} declares family ${endpoint.family} inside ${family.name}`);
      if (byPath.has(endpoint.path)) throw new Error(`Endpoint ${endpoint.path} is declared twice`);
      if (fields.has(endpoint.graphqlField)) throw new Error(`GraphQL field ${endpoint.graphqlField} is declared twice`);
      byPath.set(endpoint.path, endpoint);
      fields.add(endpoint.graphqlField);
      familyByEndpoint.set(endpoint, family);
    }
  }
  return {
    families,
    endpoints: [...byPath.values()],
    byPath,
    familyOf: (endpoint) => familyByEndpoint.get(endpoint)!,
  };
}
