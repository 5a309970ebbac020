import { runGateway } from './run-gateway.js';

/** Process entry: the gateway serving every registered family. */
await runGateway();
