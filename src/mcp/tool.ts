import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ApiKeyRecord } from '../state/ports.js';

/** Who calls, on which request: the door authenticated the key before any tool runs. */
export interface ToolCallContext {
  account: ApiKeyRecord;
  requestId: string;
  /** Aborted when the caller goes away before the answer. */
  signal: AbortSignal;
  /** The request's Cache-Control max-age: the cache_max_age of a data call that gives none. */
  cacheMaxAgeDefault: number | null;
}

/** One MCP tool: what tools/list publishes, and how tools/call runs it. Failures are thrown as GatewayErrors. */
export interface GatewayTool {
  definition: Tool;
  call(args: Record<string, unknown>, context: ToolCallContext): Promise<CallToolResult>;
}
