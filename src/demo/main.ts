// The registry first: zod lists the resource schemas (in /openapi.json) in the order they load.
import { registeredFamilies } from '../families/registry.js';
import { buildCatalogue } from '../catalogue/catalogue.js';
import { ConfigError } from '../config/config.js';
import { stopOnSignals } from '../process-entry.js';
import { DEMO_CREDITS, startDemo, type Demo } from './start-demo.js';
import { readFileSync } from 'node:fs';

/** `npm run demo`: starts the offline demo and prints the key and one example per endpoint. */

const shellQuote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

function banner(demo: Demo): string {
  const header = `-H ${shellQuote(`x-api-key: ${demo.apiKey}`)}`;
  const [firstQuery] = demo.graphqlExamples;
  return [
    '',
    'Public data gateway: offline demo (synthetic data, no internet, no proxy, no Redis needed)',
    '',
    `  Gateway      ${demo.baseUrl}`,
    `  Demo key     ${demo.apiKey}   (in-memory, ${DEMO_CREDITS} credits, this process only)`,
    `  API docs     ${demo.baseUrl}/docs`,
    `  GraphiQL     ${demo.baseUrl}/graphql   (examples and the key are filled in)`,
    `  Browser key  ${demo.publishableKey}   (publishable: trusted documents from http://localhost:4173 only)`,
    `  Browser app  GATEWAY_URL=${demo.baseUrl} npx tsx examples/browser-frontend/serve.ts   then open http://localhost:4173`,
    '',
    'One request per endpoint:',
    '',
    ...demo.examples.flatMap((example) => [
      `  # ${example.endpoint}: ${example.what}`,
      `  curl -s ${shellQuote(demo.baseUrl + example.path)} ${header}`,
      '',
    ]),
    ...(firstQuery ? graphqlLines(demo, header, firstQuery.query) : []),
    `Typed client example:  GATEWAY_URL=${demo.baseUrl} npx tsx examples/subreddit-with-authors.ts`,
    'Stop with Ctrl-C.',
    '',
  ].join('\n');
}

/** The first GraphiQL example as a curl line; its leading comment says what it shows. */
function graphqlLines(demo: Demo, header: string, query: string): string[] {
  const what = /^#\s*(.*)$/m.exec(query)?.[1] ?? 'an example query';
  const body = JSON.stringify({
    query: query
      .replace(/^#.*\n/gm, '')
      .replace(/\s+/g, ' ')
      .trim(),
  });
  return [
    `  # GraphQL: ${what}`,
    `  curl -s ${demo.baseUrl}/graphql ${header} -H 'content-type: application/json' -d ${shellQuote(body)}`,
    '',
  ];
}

/** The trusted documents of examples/browser-frontend, which the demo registers for its publishable key. */
function examplePageDocuments(): Record<string, string> {
  const file = new URL('../../examples/browser-frontend/persisted-documents.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

async function main(): Promise<void> {
  let demo: Demo;
  try {
    demo = await startDemo({
      catalogue: buildCatalogue(registeredFamilies),
      port: process.env.PORT === undefined ? 4000 : Number(process.env.PORT),
      host: process.env.HOST,
      logLevel: process.env.LOG_LEVEL,
      pageDocuments: examplePageDocuments(),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${process.env.PORT ?? 4000} is taken: start the demo on another one, e.g. PORT=4100 npm run demo`);
      process.exit(1);
    }
    throw error;
  }
  process.stdout.write(banner(demo));
  stopOnSignals(() => demo.close());
}

await main();
