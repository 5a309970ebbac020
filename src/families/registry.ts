import type { FamilyDefinition } from '../catalogue/family.js';
import { adsFamily } from './ads/index.js';
import { codeFamily } from './code/index.js';
import { fediverseFamily } from './fediverse/index.js';
import { forumFamily } from './forum/index.js';
import { inferenceFamily } from './inference/index.js';
import { newsFamily } from './news/index.js';
import { packagesFamily } from './packages/index.js';
import { podcastsFamily } from './podcasts/index.js';
import { qaFamily } from './qa/index.js';
import { realtyFamily } from './realty/index.js';
import { shopFamily } from './shop/index.js';
import { socialFamily } from './social/index.js';
import { videoFamily } from './video/index.js';

/**
 * Every family this gateway serves, in the order the docs list them. Adding a family is one
 * import and one entry here; everything else is derived from its definition.
 */
export const registeredFamilies: readonly FamilyDefinition[] = [
  forumFamily,
  realtyFamily,
  codeFamily,
  socialFamily,
  fediverseFamily,
  adsFamily,
  packagesFamily,
  shopFamily,
  newsFamily,
  inferenceFamily,
  videoFamily,
  qaFamily,
  podcastsFamily,
];
