import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { ADS_DEMO_EXAMPLES } from './examples.js';
import { adsPlatform } from './platform.js';

/** Invented advertisers, their ads and a domain's ads on a synthetic Ads Transparency Center RPC. */
export const adsDemo: DemoWorld = {
  async start() {
    return { routes: [adsPlatform], examples: ADS_DEMO_EXAMPLES };
  },
};
