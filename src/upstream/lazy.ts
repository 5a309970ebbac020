import type { Upstream } from '../catalogue/upstream.js';

/**
 * An Upstream whose module is loaded on its first request: a family's definition stays cheap to
 * import (the catalogue loads every family), and a provider nobody calls is never loaded.
 */
export function lazyUpstream(load: () => Promise<Upstream>): Upstream {
  let loaded: Promise<Upstream> | undefined;
  return {
    async fetch(request) {
      loaded ??= load();
      return (await loaded).fetch(request);
    },
  };
}
