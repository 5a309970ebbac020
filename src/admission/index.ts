export {
  Admission,
  admitRequest,
  handOverAdmission,
  rateLimitHeaderValues,
  registerAdmission,
  setRateLimitHeaders,
  type Admitted,
  type AdmissionOptions,
} from './admission.js';
export { authenticate, presentedApiKey } from './authenticate.js';
export { admittedCaller, admittedOrNull, type Caller } from './caller.js';
export { OverloadGuard, createOverloadGuard, type EventLoopDelaySource } from './overload.js';
