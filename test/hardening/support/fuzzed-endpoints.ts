import { catalogue } from '../../support/registered-catalogue.js';

/**
 * The endpoints the fuzz suites send hostile input to: those of families with a fixed list of
 * hosts. The network guard lets a request through only on behalf of a declared host, so a family
 * whose hosts its callers name (a store, an instance) would fail it by design; such families get
 * their hostile-host cases (private names and addresses, redirects, credentials) in their own
 * tests and in the caller-host gate's.
 */
export const fuzzedEndpoints = catalogue.endpoints.filter((endpoint) => catalogue.familyOf(endpoint).callerNamedHosts === undefined);
