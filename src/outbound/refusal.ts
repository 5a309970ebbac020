/**
 * An outbound request refused by policy before any connection: a URL that is not http(s), or a
 * host that is (or resolves to) a non-public address. Not a GatewayError: each caller decides
 * what a refusal means (a 400 at creation, a failed delivery attempt later).
 */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  readonly code = 'outbound_refused';
}

export const isOutboundRefused = (error: unknown): error is OutboundRefusedError =>
  error instanceof OutboundRefusedError || (error instanceof Error && error.cause instanceof OutboundRefusedError);
