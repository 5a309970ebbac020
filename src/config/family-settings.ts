import type { z } from 'zod';
import { DEFAULT_FAMILY_CONCURRENCY, type FamilyDefinition } from '../catalogue/family.js';
import { optionalUrl, positiveInt } from './setting-types.js';

/**
 * Every setting of a family, in the order they are checked: the ones its definition names (its
 * proxy and its provider, each a URL; its job concurrency, a positive whole number with the
 * family's default), then the ones it declares itself.
 */
export function familySettings(family: FamilyDefinition): z.ZodRawShape {
  return {
    ...(family.proxyEnv === undefined ? {} : { [family.proxyEnv]: optionalUrl }),
    ...(family.providerEnv === undefined ? {} : { [family.providerEnv]: optionalUrl }),
    ...(family.concurrencyEnv === undefined
      ? {}
      : { [family.concurrencyEnv]: positiveInt(family.concurrency ?? DEFAULT_FAMILY_CONCURRENCY) }),
    ...family.settings,
  };
}
