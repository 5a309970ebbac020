import { createHash } from 'node:crypto';
import { FakeUpstream } from '../../../demo-kit/fake-upstream.js';
import type { FakeReply } from '../../../catalogue/demo-world.js';
import { json } from '../../../demo-kit/replies.js';

/**
 * A stand-in for the inference provider (the contract in src/families/inference/provider-contract.ts):
 * POST /estimate {"imageUrl"} answers a deterministic estimate derived from the URL, and 422
 * {"reason":"no_face"} for URLs containing "no-face". It never fetches the image either.
 */

export const FAKE_INFERENCE_PATH = '/estimate';
export const FAKE_INFERENCE_MODEL = 'demo-age-gender-1.0';

/** The estimate the fake provider gives for an image URL. */
export function fakeEstimate(imageUrl: string): FakeReply {
  if (imageUrl.includes('no-face')) return json({ reason: 'no_face' }, 422);
  const digest = createHash('sha256').update(imageUrl).digest();
  const min = 18 + (digest[0]! % 40);
  const genders = ['female', 'male', 'unknown'] as const;
  return json({
    ageRange: { min, max: min + 9 },
    gender: genders[digest[1]! % 3],
    confidence: Math.round((0.55 + (digest[2]! % 40) / 100) * 100) / 100,
    model: FAKE_INFERENCE_MODEL,
  });
}

/** A FakeUpstream answering the provider contract; `answer` overrides the reply (tests of failures). */
export function fakeInferenceProvider(answer: (imageUrl: string) => FakeReply = fakeEstimate): FakeUpstream {
  return new FakeUpstream().on((request, url) => {
    if (request.method !== 'POST' || url.pathname !== FAKE_INFERENCE_PATH) return undefined;
    let imageUrl: unknown;
    try {
      imageUrl = (JSON.parse(request.body) as { imageUrl?: unknown }).imageUrl;
    } catch {
      return json({ error: 'body is not JSON' }, 400);
    }
    return typeof imageUrl === 'string' ? answer(imageUrl) : json({ error: 'imageUrl is required' }, 400);
  });
}
