/** The forward proxy lives in the demo kit (src/demo-kit), so the demo and the tests share one. */
export { startForwardProxy } from '../../src/demo-kit/forward-proxy.js';
