import { runKeysCli } from './run-keys-cli.js';

/** `npm run keys -- create|list|revoke|topup|set-cap`: key administration against a deployment's Redis. */
process.exitCode = await runKeysCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
