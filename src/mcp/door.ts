import type { IncomingHttpHeaders } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import { API_VERSION } from '../docs/openapi.js';
import { GatewayError, isGatewayError } from '../errors.js';
import type { JobService } from '../jobs/service.js';
import { authenticate, presentedApiKey } from '../pipeline/auth.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { shownError } from '../render/envelope.js';
import { sendRestError } from '../rest/errors.js';
import type { ApiKeyRecord } from '../state/ports.js';
import { dataTools } from './data-tools.js';
import { resolveTool } from './resolve-tool.js';
import { serviceTools } from './service-tools.js';
import { toolError } from './tool-results.js';
import type { GatewayTool } from './tool.js';

export const MCP_PATH = '/mcp';

/** What a client may show its model about the server as a whole. */
function instructionsFor(catalogue: Catalogue): string {
  return [
    `Public web data (${catalogue.families.map((family) => family.name).join(', ')}) in one normalised shape. Each data tool is one endpoint of the REST API.`,
    'A live data call costs the credits its description states; an empty result, an error or a cache hit costs 0.',
    'Pass cache_max_age (e.g. 1h) to accept a cached result. The account tool shows the balance; long runs go through create_job or create_batch and get_job.',
  ].join(' ');
}

/** Headers that carry the key: not handed to the SDK, which keeps request headers for handlers. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['x-api-key', 'authorization', 'cookie']);

/**
 * The Model Context Protocol door: stateless Streamable HTTP at /mcp. Every tool is derived from
 * the catalogue (one per data endpoint) or wraps a REST service (account, jobs); calls run the
 * same pipeline as REST. The key is checked first (401 with the REST error envelope); each POST
 * gets its own SDK server and transport (stateless mode shares nothing between requests), and
 * answers JSON, not a stream: no tool sends progress.
 */
export function registerMcpDoor(app: FastifyInstance, catalogue: Catalogue, deps: PipelineDeps, jobs: JobService): void {
  const tools = [...dataTools(catalogue, deps), resolveTool(catalogue, deps), ...serviceTools(catalogue, jobs, deps.state)];
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  if (byName.size !== tools.length) throw new Error('Two MCP tools share a name');
  const listed: ListToolsResult = { tools: tools.map((tool) => tool.definition) };
  const instructions = instructionsFor(catalogue);

  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: MCP_PATH,
    async handler(request, reply) {
      let account: ApiKeyRecord;
      try {
        account = await authenticate(deps.state.keys, presentedApiKey(request.headers, true), request);
      } catch (error) {
        return sendRestError(reply, request, error, deps.state.ledger, null);
      }
      // Stateless: no session to open a server-to-client stream on, or to end.
      if (request.method !== 'POST')
        return jsonRpcError(
          reply.header('allow', 'POST'),
          405,
          -32000,
          'Method not allowed: this server is stateless; send JSON-RPC messages with POST.',
        );
      // One message per request, so the per-key request rate counts every call.
      if (Array.isArray(request.body) && request.body.length > 1)
        return jsonRpcError(reply, 400, -32600, 'Invalid Request: send one JSON-RPC message per request (batches are not accepted).');
      return answer(request, reply, account, { byName, listed, instructions });
    },
  });
}

interface DoorTools {
  byName: ReadonlyMap<string, GatewayTool>;
  listed: ListToolsResult;
  instructions: string;
}

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  account: ApiKeyRecord,
  { byName, listed, instructions }: DoorTools,
): Promise<FastifyReply> {
  // The low-level server: tools come from the catalogue with their schemas already rendered,
  // and arguments are validated by the pipeline (its messages, its error codes), not by the SDK.
  const server = new Server({ name: 'public-data-gateway', version: API_VERSION }, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => listed);
  server.setRequestHandler(CallToolRequestSchema, async ({ params }, extra): Promise<CallToolResult> => {
    const tool = byName.get(params.name);
    if (!tool)
      return toolError(
        new GatewayError('invalid_request', `No tool \`${params.name}\`; tools/list names the tools.`, { details: { param: 'name' } }),
      );
    try {
      return await tool.call(params.arguments ?? {}, { account, requestId: request.id, signal: extra.signal });
    } catch (error) {
      if (!isGatewayError(error)) request.log.error({ err: error, tool: params.name }, 'unexpected error');
      return toolError(shownError(error));
    }
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // A caller gone before the answer: closing the server aborts the tools still running (their
  // upstream fetches with them). The transport then never settles its answer, so nothing waits for it.
  const gone = new Promise<null>((resolve) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      server.close().catch(() => {});
      resolve(null);
    });
  });
  try {
    const webRequest = new Request(new URL(request.url, 'http://localhost'), {
      method: 'POST',
      headers: forwardedHeaders(request.headers),
    });
    const response = await Promise.race([transport.handleRequest(webRequest, { parsedBody: request.body }), gone]);
    // Nobody to answer: Fastify is told the response is taken care of.
    if (response === null) return reply.hijack();
    reply.code(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    return await reply.send(response.body === null ? undefined : await response.text());
  } finally {
    server.close().catch(() => {});
  }
}

function forwardedHeaders(headers: IncomingHttpHeaders): Headers {
  const forwarded = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || SECRET_HEADERS.has(name)) continue;
    for (const each of [value].flat()) forwarded.append(name, each);
  }
  return forwarded;
}

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
