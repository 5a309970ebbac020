import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RICH_KEY } from '../support/gateway.js';

/** Helpers for the MCP door tests: the SDK's own client against the real gateway over loopback. */

export type KeyHeader = { key?: string; as?: 'x-api-key' | 'bearer' };

export function keyHeaders({ key = RICH_KEY, as = 'x-api-key' }: KeyHeader = {}): Record<string, string> {
  return as === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
}

/** An initialised MCP client of the gateway's /mcp, with the given key header. */
export async function connectClient(baseUrl: string, key: KeyHeader = {}): Promise<Client> {
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers: keyHeaders(key) } }));
  return client;
}

/** tools/call; the client checks structured content against the tool's output schema. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`expected text content, got ${JSON.stringify(result.content).slice(0, 200)}`);
  return first.text;
}

/** One raw JSON-RPC POST to /mcp (no client): for status codes, headers and bodies the client hides. */
export async function postMcp(
  baseUrl: string,
  message: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(new URL('/mcp', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export const toolsCall = (name: string, args: Record<string, unknown> = {}, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** Items without their fetchedAt (two live fetches of the same page differ only there). */
export function withoutFetchedAt(items: Record<string, unknown>[]): Record<string, unknown>[] {
  return items.map(({ fetchedAt: _fetchedAt, ...rest }) => rest);
}
