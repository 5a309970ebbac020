import { writeFileSync } from 'node:fs';
import { buildCatalogue } from '../src/catalogue/catalogue.js';
import { registeredFamilies } from '../src/families/registry.js';
import { printSchemaFile } from '../src/schema/print.js';

/** `npm run schema`: re-prints schema.graphql from the Pothos schema. */
writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaFile(buildCatalogue(registeredFamilies)));
process.stdout.write('schema.graphql written\n');
