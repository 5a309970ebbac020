// The registry first: zod lists the resource schemas (in /openapi.json) in the order they load.
import { registeredFamilies } from './families/registry.js';
import type { FastifyBaseLogger } from 'fastify';
import { createGateway } from './app.js';
import { buildCatalogue } from './catalogue/catalogue.js';
import { loadConfigOrExit, usesSharedStore } from './config/config.js';
import { isGatewayError } from './errors.js';
import { createStateOrExit, stopOnSignals } from './process-entry.js';
import { generateKey } from './state/key-hash.js';

/** Process entry: configuration, start, graceful shutdown. */
async function main(): Promise<void> {
  const catalogue = buildCatalogue(registeredFamilies);
  const config = loadConfigOrExit(process.env, catalogue.families);
  // The state store's connection events go to the server's log once there is one.
  const stateLog: { target?: FastifyBaseLogger } = {};
  const state = await createStateOrExit(config, { log: (level, message, context) => stateLog.target?.[level](context ?? {}, message) });
  const gateway = await createGateway(config, { catalogue, state }).catch((error: unknown) => {
    // Seeding API_KEYS needs the store; if it went away since the connection, say so in one line.
    if (isGatewayError(error) && error.code === 'service_unavailable') {
      console.error(`Cannot seed API_KEYS: ${error.message}`);
      process.exit(1);
    }
    throw error;
  });
  const log = gateway.server.log;
  stateLog.target = log;
  if (config.API_KEYS.length === 0 && usesSharedStore(config)) {
    // Keys in a shared store are administered, not generated at every start.
    process.stdout.write('No API_KEYS: create keys in this Redis with `npm run keys -- create --credits 1000`.\n');
  } else if (config.API_KEYS.length === 0) {
    const key = generateKey('sk_dev_');
    await gateway.state.keys.seed(key, 1000, null);
    // Shown once, on the operator's own terminal: the only place a development key is printed.
    process.stdout.write(`Development API key (1000 credits, this process only): ${key}\n`);
  }
  if (!usesSharedStore(config))
    log.warn('No REDIS_URL or REDIS_CLUSTER_NODES: keys, credits and cache live in this process and are lost on restart.');
  const address = await gateway.server.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Gateway listening on ${address} (REST /v1, GraphQL /graphql, docs /openapi.json)\n`);

  stopOnSignals(async (signal) => {
    log.info({ signal }, 'shutting down');
    await gateway.close();
  });
}

await main();
