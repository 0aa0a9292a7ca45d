export { ApiError, isApiError, type ApiErrorKind } from './api-error.ts';
export { http, request, buildUrl, REQUEST_TIMEOUT_MS, type Method, type RequestConfig } from './request.ts';
