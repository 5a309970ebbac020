import { registeredFamilies } from '../families/registry.js';
import { buildCatalogue } from '../catalogue/catalogue.js';
import { runKeysCli } from './run-keys-cli.js';

/** `npm run keys -- create|list|revoke|topup|set-cap`: key administration against a deployment's Redis. */
process.exitCode = await runKeysCli(process.argv.slice(2), {
  env: process.env,
  catalogue: buildCatalogue(registeredFamilies),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
