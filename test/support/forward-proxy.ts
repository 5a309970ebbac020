/** The forward proxy lives with the demo (src/demo), so the demo and the tests share one. */
export { startForwardProxy } from '../../src/demo/forward-proxy.js';
