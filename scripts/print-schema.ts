import { writeFileSync } from 'node:fs';
import { printSchemaFile } from '../src/schema/print.js';

/** `npm run schema`: re-prints schema.graphql from the Pothos schema. */
writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaFile());
process.stdout.write('schema.graphql written\n');
