import { createGateway } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { generateKey } from './state/key-hash.js';

/** Process entry: configuration, start, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const gateway = await createGateway(config);
  const log = gateway.server.log;
  if (config.API_KEYS.length === 0) {
    const key = generateKey('sk_dev_');
    await gateway.state.keys.seed(key, 1000, null);
    // Shown once, on the operator's own terminal: the only place a development key is printed.
    process.stdout.write(`Development API key (1000 credits, this process only): ${key}\n`);
  }
  if (!config.REDIS_URL) log.warn('No REDIS_URL: keys, credits and cache live in this process and are lost on restart.');
  const address = await gateway.server.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Gateway listening on ${address} (REST /v1, GraphQL /graphql, docs /openapi.json)\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await gateway.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
