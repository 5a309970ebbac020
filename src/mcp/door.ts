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
import { admittedCaller, registerAdmission, type Admission } from '../admission/index.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { alwaysHeaders, errorResponseRef, rateLimitHeaders } from '../docs/http-contracts.js';
import { API_VERSION } from '../docs/openapi.js';
import { jsonContent, routeOf, type RouteContract } from '../docs/route-contract.js';
import { GatewayError, isGatewayError } from '../errors.js';
import type { JobService } from '../jobs/service.js';
import { nativeSignal } from '../pipeline/native-signal.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { shownError } from '../render/envelope.js';
import { sendRestError } from '../rest/errors.js';
import { dataTools } from './data-tools.js';
import { resolveTool } from './resolve-tool.js';
import { serviceTools } from './service-tools.js';
import { toolError } from './tool-results.js';
import type { GatewayTool, ToolCallContext } from './tool.js';

export const MCP_PATH = '/mcp';

/** What a client may show its model about the server as a whole. */
function instructionsFor(catalogue: Catalogue): string {
  return [
    `Public web data (${catalogue.families.map((family) => family.name).join(', ')}) in one normalised shape. Each data tool is one endpoint of the REST API.`,
    'A live data call costs the credits its description states; an empty result, an error or a cache hit costs 0.',
    'Pass cache_max_age (e.g. 1h) to accept a cached result. The account tool shows the balance; long runs go through create_job or create_batch and get_job.',
  ].join(' ');
}

/** A JSON-RPC 2.0 message (the door's request and answer bodies; their content is MCP's own schema). */
const JSON_RPC = {
  type: 'object',
  required: ['jsonrpc'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'number', 'null'] } },
  additionalProperties: true,
};

/** Headers of an answer to a key the door admitted: the request id and the rate-limit fields. */
const admittedHeaders = () => ({ ...alwaysHeaders(), ...rateLimitHeaders() });

const jsonRpcAnswer = (description: string) => ({ description, headers: admittedHeaders(), content: jsonContent(JSON_RPC) });

/** GET and DELETE: the server is stateless, only POST is served. */
const notAllowed = (description: string) => {
  const answer = jsonRpcAnswer(description);
  return {
    ...answer,
    headers: { ...answer.headers, Allow: { description: 'The one method served: POST.', schema: { type: 'string', const: 'POST' } } },
  };
};

/** The door refuses a key like REST (the error envelope) and anything else as a JSON-RPC error. */
const KEY_FAILURES = { '401': errorResponseRef(401), '429': errorResponseRef(429), '503': errorResponseRef(503) };

/** What each method of /mcp takes and answers; the route is registered from these. */
export const mcpRoutes = {
  post: {
    method: 'post',
    path: MCP_PATH,
    summary:
      'Model Context Protocol (Streamable HTTP, stateless, JSON answers): one tool per data endpoint plus account, create_job, create_batch and get_job. Key in x-api-key or Authorization: Bearer.',
    authenticated: true,
    // A batch of one message is served; a longer one is refused (400), so each call counts against the rate limit.
    requestBody: { required: true, content: jsonContent({ anyOf: [JSON_RPC, { type: 'array', items: JSON_RPC, minItems: 1 }] }) },
    responses: {
      '200': jsonRpcAnswer('The JSON-RPC answer (tools/list, tools/call results: a caller mistake is a tool result with isError: true).'),
      '202': { description: 'A notification was accepted.', headers: admittedHeaders() },
      '400': jsonRpcAnswer('More than one JSON-RPC message in one request, or not a JSON-RPC message.'),
      ...KEY_FAILURES,
    },
  },
  get: {
    method: 'get',
    path: MCP_PATH,
    summary: 'MCP: 405, the server is stateless and opens no server-to-client stream.',
    authenticated: true,
    responses: { '405': notAllowed('The server is stateless: no server-to-client stream.'), ...KEY_FAILURES },
  },
  delete: {
    method: 'delete',
    path: MCP_PATH,
    summary: 'MCP: 405, the server is stateless and has no session to end.',
    authenticated: true,
    responses: { '405': notAllowed('The server is stateless: no session to end.'), ...KEY_FAILURES },
  },
} satisfies Record<string, RouteContract>;

/** Headers that carry the key: not handed to the SDK, which keeps request headers for handlers. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['x-api-key', 'authorization', 'cookie']);

/**
 * The Model Context Protocol door: stateless Streamable HTTP at /mcp. Every tool is derived from
 * the catalogue (one per data endpoint) or wraps a REST service (account, jobs); calls run the
 * same pipeline as REST. Its scope admits callers first (x-api-key or a bearer token; a refusal,
 * 401 or 429, is the REST error envelope); each POST gets its own SDK server and transport
 * (stateless mode shares nothing between requests), and answers JSON, not a stream: no tool
 * sends progress.
 */
export function registerMcpDoor(
  server: FastifyInstance,
  catalogue: Catalogue,
  deps: PipelineDeps,
  services: { admission: Admission; jobs: JobService },
): void {
  const tools = [...dataTools(catalogue, deps), resolveTool(catalogue, deps), ...serviceTools(catalogue, services.jobs, deps.state)];
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  if (byName.size !== tools.length) throw new Error('Two MCP tools share a name');
  const listed: ListToolsResult = { tools: tools.map((tool) => tool.definition) };
  const instructions = instructionsFor(catalogue);

  server.register(async (scope) => {
    registerAdmission(scope, services.admission, { acceptBearer: true, refusals: 'error-handler' });
    scope.setErrorHandler((error, request, reply) => sendRestError(reply, request, error, deps.state.ledger));
    scope.route({
      ...routeOf(mcpRoutes.post, mcpRoutes.get, mcpRoutes.delete),
      async handler(request, reply) {
        const { account, cacheMaxAgeDefault } = admittedCaller(request);
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
        return answer(request, reply, { account, cacheMaxAgeDefault }, { byName, listed, instructions });
      },
    });
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
  caller: Pick<ToolCallContext, 'account' | 'cacheMaxAgeDefault'>,
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
      return await tool.call(params.arguments ?? {}, { ...caller, requestId: request.id, signal: nativeSignal(extra.signal) });
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
