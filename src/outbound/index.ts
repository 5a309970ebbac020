/**
 * Outbound safety for requests to URLs a caller chose (webhooks, image URLs): http(s) only, and
 * only public addresses, checked on the very address the socket connects to.
 */
export { classifyAddress, isPublicAddress, type AddressVerdict } from './address-policy.js';
export { createCheckedLookup, resolveChecked, systemResolveAll, type AddressCheckOptions, type ResolveAll } from './checked-lookup.js';
export { assertPublicLiteral, MAX_OUTBOUND_URL_LENGTH, parseOutboundUrl } from './outbound-url.js';
export { isOutboundRefused, OutboundRefusedError } from './refusal.js';
export { createSafeAgent, type SafeAgentOptions } from './safe-agent.js';
export {
  callerUrlProblem,
  parseCallerHost,
  type CallerHost,
  type CallerHostProblem,
  type CallerHostReason,
  type CallerHostResult,
  type CallerHostRules,
} from './caller-host.js';
