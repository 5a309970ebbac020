import { z } from 'zod';
import { contentResources } from '../model/index.js';
import type { EndpointDefinition, ResourceTypeName } from './endpoint.js';
import type { FamilyDefinition } from './family.js';
import { indexUrlForms, settledHosts, type DeclaredUrlForm } from './url-forms.js';

/** All families, their endpoints and resource types, indexed the ways the doors look them up. */
export interface Catalogue {
  families: readonly FamilyDefinition[];
  endpoints: readonly EndpointDefinition[];
  byPath: ReadonlyMap<string, EndpointDefinition>;
  /** Every resource type an endpoint may return, by name: the neutral ones and each family's. */
  resources: ReadonlyMap<ResourceTypeName, z.ZodObject>;
  familyOf(endpoint: EndpointDefinition): FamilyDefinition;
  /** Every family's URL forms by host, in each family's declared order. */
  urlForms: ReadonlyMap<string, readonly DeclaredUrlForm[]>;
  /** Forms any host may carry, tried on hosts no form of `urlForms` names, in registry order. */
  fallbackUrlForms: readonly DeclaredUrlForm[];
  /** Every host some family reads pages of, sorted. */
  urlFormHosts: readonly string[];
  /** The schema of a resource type; throws for a name no family declares. */
  resource(name: ResourceTypeName): z.ZodObject;
  /** The same families with the URL forms whose hosts these settings list (a parsed `Config.settings`). */
  withSettings(settings: Readonly<Record<string, unknown>>): Catalogue;
}

/**
 * The families' catalogue. `settings` (the parsed family settings of `Config.settings`) give the
 * hosts of URL forms an operator's setting lists; without them such forms read no host, so the
 * gateway settles the catalogue it is given with `withSettings` once its configuration is read.
 */
export function buildCatalogue(families: readonly FamilyDefinition[], settings: Readonly<Record<string, unknown>> = {}): Catalogue {
  const byPath = new Map<string, EndpointDefinition>();
  const fields = new Set<string>();
  const familyByEndpoint = new Map<EndpointDefinition, FamilyDefinition>();
  const resources = new Map<ResourceTypeName, z.ZodObject>();
  const names = new Set<string>();
  for (const schema of [...contentResources, ...families.flatMap((family) => family.resources ?? [])]) {
    const id = z.globalRegistry.get(schema)?.id;
    if (typeof id !== 'string') throw new Error('A resource schema needs .meta({ id })');
    if (resources.has(id) && resources.get(id) !== schema) throw new Error(`Resource type ${id} is declared twice`);
    resources.set(id, schema);
  }
  for (const family of families) {
    if (names.has(family.name)) throw new Error(`Family ${family.name} is registered twice`);
    names.add(family.name);
    for (const endpoint of family.endpoints) {
      if (endpoint.family !== family.name) throw new Error(`${endpoint.path} declares family ${endpoint.family} inside ${family.name}`);
      if (byPath.has(endpoint.path)) throw new Error(`Endpoint ${endpoint.path} is declared twice`);
      if (fields.has(endpoint.graphqlField)) throw new Error(`GraphQL field ${endpoint.graphqlField} is declared twice`);
      if (!resources.has(endpoint.returns.type))
        throw new Error(`${endpoint.path} returns ${endpoint.returns.type}, which no family declares`);
      byPath.set(endpoint.path, endpoint);
      fields.add(endpoint.graphqlField);
      familyByEndpoint.set(endpoint, family);
    }
  }
  const forms: DeclaredUrlForm[] = [];
  for (const family of families) {
    for (const form of family.urlForms ?? []) {
      for (const { endpoint } of form.node === undefined ? [form] : [form, form.node]) {
        if (byPath.get(endpoint) === undefined || familyByEndpoint.get(byPath.get(endpoint)!) !== family)
          throw new Error(`URL form "${form.names}" of ${family.name} names ${endpoint}, which is not one of its endpoints`);
      }
      const hosts = settledHosts(form, settings);
      if (hosts !== 'any' && hosts.length === 0) continue;
      forms.push({ ...form, hosts, family: family.name });
    }
  }
  const urlForms = indexUrlForms(forms.filter((form) => form.hosts !== 'any'));
  return {
    families,
    urlForms,
    fallbackUrlForms: forms.filter((form) => form.hosts === 'any'),
    urlFormHosts: [...urlForms.keys()].sort(),
    endpoints: [...byPath.values()],
    byPath,
    resources,
    familyOf: (endpoint) => familyByEndpoint.get(endpoint)!,
    withSettings: (settled) => buildCatalogue(families, settled),
    resource(name) {
      const schema = resources.get(name);
      if (!schema) throw new Error(`No resource type ${name}`);
      return schema;
    },
  };
}
