/**
 * Serves the example browser page (index.html, app.js, persisted-documents.json) and its
 * config.json (where the gateway is, the publishable key, the community to show) on
 * http://localhost:4173, the origin the demo's publishable key allows.
 *
 *   npm run demo                                                        # in one terminal
 *   GATEWAY_URL=http://127.0.0.1:4000 npx tsx examples/browser-frontend/serve.ts   # in another
 *
 * PUBLISHABLE_KEY, SUBREDDIT, PORT and HOST change the defaults.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface ExamplePageConfig {
  gatewayUrl: string;
  publishableKey: string;
  subreddit: string;
}

const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/persisted-documents.json': { file: 'persisted-documents.json', type: 'application/json' },
};

/** Starts the page's server; `port: 0` picks a free port. */
export async function startExamplePage(
  config: ExamplePageConfig,
  listen: { port: number; host: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
      return;
    }
    const served = FILES[path];
    if (!served) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    readFile(fileURLToPath(new URL(served.file, import.meta.url))).then(
      (body) => response.writeHead(200, { 'content-type': served.type }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('unreadable'),
    );
  });
  await new Promise<void>((resolve) => server.listen(listen.port, listen.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${listen.host === '127.0.0.1' ? '127.0.0.1' : 'localhost'}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = await startExamplePage(
    {
      gatewayUrl: process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000',
      publishableKey: process.env.PUBLISHABLE_KEY ?? 'pk_demo_first_hour_0001',
      subreddit: process.env.SUBREDDIT ?? 'balconygardens',
    },
    { port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? 'localhost' },
  );
  process.stdout.write(`Example page on ${page.url} (Ctrl-C to stop)\n`);
}
