/** The fake upstream lives in the demo kit (src/demo-kit), so the demo and the tests share one. */
export { FakeUpstream } from '../../src/demo-kit/fake-upstream.js';
export type { FakeReply, FakeRoute, RecordedRequest } from '../../src/catalogue/demo-world.js';
