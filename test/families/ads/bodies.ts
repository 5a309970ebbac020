import { questionOf } from '../../../src/families/ads/demo/bodies.js';

// Suites outside this folder name the synthetic advertiser and creatives through this file.
export { ADVERTISER, creativeIdOf } from '../../../src/families/ads/demo/bodies.js';

/** The decoded `f.req` of a form body, loosely typed so assertions can index into it. */
export const fReqOf = (body: string): Record<string, any> => questionOf(body) as Record<string, any>;
