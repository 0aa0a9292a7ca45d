/**
 * The request layer (§7 "Common behaviour", §8 error catalogue, §9 limits). See
 * docs/decisions/007-request-layer.md for the choices the spec leaves open.
 */
export { ApiError, isApiError, type ApiErrorKind } from './api-error.ts';
export { http, request, buildUrl, onRequestSuccess, REQUEST_TIMEOUT_MS, type Method, type RequestConfig, type RequestSuccess } from './request.ts';
export { plainHttp, plainRequest, type PlainRequestConfig } from './plain-client.ts';
// Uploads (multipart.ts) and binary downloads (binary.ts) are imported from their own modules, not
// through here: only a few lazy screens use them, and a re-export here put them on every first page.
export { TransportMessage, timeoutDetail, isAcceptedStatus } from './transport.ts';
export {
  configureRequestContext,
  resetRequestContext,
  requestContext,
  detectPlatform,
  formatClientAgent,
  type RequestContext,
  type MiniProgramAgent,
  type SdkAuth,
} from './context.ts';
export { clearResponseCache, CACHE_TTL_MS, CACHE_MAX_ENTRIES, CACHE_PERSIST_LIMIT_CHARS } from './cache.ts';
export { trackedClientTags, CLIENT_TAG_TTL_MS } from './client-tags.ts';
export { timingEvents, onTimingEvent, TIMING_EVENT_MAX_AGE_MS, type RequestEvent, type TimingEvent } from './timing.ts';
export type { ErrorReminder } from './error-handler.ts';
export {
  ErrorRule,
  ERROR_RULES,
  classifyError,
  IDENTITY_UPDATE_ERROR_KEYS,
  identityUpdateErrorKey,
  VerificationStep,
  VERIFICATION_STEP_CODES,
  verificationStepFor,
  translatedRetCode,
} from './error-catalogue.ts';
