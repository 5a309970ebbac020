/** The fake upstream lives with the demo (src/demo), so the demo and the tests share one. */
export { FakeUpstream, type FakeReply, type FakeRoute, type RecordedRequest } from '../../src/demo/fake-upstream.js';
