import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { GatewayError } from '../errors.js';
import { errorFields } from '../render/envelope.js';

/**
 * A failure as a tool result: `isError` with the code and message a model can act on (the
 * message names a bad parameter), and the REST error object under `_meta` for programs.
 * Never a protocol error: a caller's mistake is something the model should read and fix.
 */
export function toolError(error: GatewayError): CallToolResult {
  const retry = error.retryAfter === undefined ? '' : ` Retry after ${error.retryAfter} s.`;
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.code}: ${error.message}${retry}` }],
    _meta: { error: errorFields(error), creditsCharged: 0, ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }) },
  };
}

/** A service tool's answer (account, jobs): the object the REST door returns as `data`, also as JSON text. */
export function serviceResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data, _meta: { creditsCharged: 0 } };
}
