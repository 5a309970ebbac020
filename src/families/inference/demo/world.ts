import { demoExample, type DemoExample, type DemoWorld } from '../../../catalogue/demo-world.js';
import { FAKE_INFERENCE_PATH, fakeInferenceProvider } from './fake-provider.js';

/** The public image URL of the detect-age-gender example (neither the gateway nor the demo's provider fetches it). */
export const DEMO_PORTRAIT_URL = 'https://images.example.org/portraits/harper-lindqvist.jpg';

const EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/detect-age-gender', "experimental: a model's age and gender estimate (the demo's fake provider)", {
    url: DEMO_PORTRAIT_URL,
  }),
];

/** A fake provider behind INFERENCE_URL; the image host resolves from a fixed table (example.org's public address). */
export const inferenceDemo: DemoWorld = {
  async start() {
    const provider = fakeInferenceProvider();
    const origin = await provider.start();
    return {
      env: { INFERENCE_URL: `${origin}${FAKE_INFERENCE_PATH}` },
      resolveHosts: { 'images.example.org': ['93.184.215.14'] },
      examples: EXAMPLES,
      close: () => provider.stop(),
    };
  },
};
