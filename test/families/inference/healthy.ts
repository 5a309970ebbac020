import { fakeEstimate } from '../../../src/families/inference/demo/fake-provider.js';
import type { FakeRoute } from '../../support/fake-upstream-server.js';
import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import { IMAGE_HOST } from '../../hardening/support/image-hosts.js';

/**
 * A healthy inference provider for the hardening suites. The harness hands it only the requests
 * that reach the family's provider URL (INFERENCE_URL, on a fake server of its own).
 */

/** The provider contract, healthy: the demo's deterministic estimate for the image URL. */
const route: FakeRoute = (request) => {
  try {
    return fakeEstimate((JSON.parse(request.body) as { imageUrl: string }).imageUrl);
  } catch {
    return { status: 400, body: { error: 'body is not the contract request' } };
  }
};

export const healthy: HealthyFamily = {
  route,
  scenarios: {
    // A name (the hardening resolver answers it with a public address), so the host check runs on every request.
    '/v1/detect-age-gender': (n) => ({ url: `https://${IMAGE_HOST}/hardening/img${n.toString(36)}.jpg` }),
  },
};
