import { registeredFamilies } from '../families/registry.js';
import { buildCatalogue } from '../catalogue/catalogue.js';
import { buildSchema } from '../schema/index.js';
import { parseDocumentsCommand, runDocumentsCommand } from './documents-commands.js';
import { runStateCli } from './run-keys-cli.js';

const catalogue = buildCatalogue(registeredFamilies);

/** `npm run documents -- add|list|remove`: trusted documents of an account, in a deployment's Redis. */
process.exitCode = await runStateCli(
  process.argv.slice(2),
  { env: process.env, catalogue, out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
  parseDocumentsCommand,
  (command, state) => runDocumentsCommand(command, state, buildSchema(catalogue)),
);
