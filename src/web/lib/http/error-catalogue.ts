import i18n from 'i18next';
import { TranslationNamespace } from '../../../shared/api/paths.ts';
import { RetCode, TIMEOUT_CODES } from '../../../shared/ret-codes.ts';
import { isApiError } from './api-error.ts';

/**
 * The §8 error catalogue as data. `classifyError` says which rule a rejection falls under; each rule
 * says what happens to the cache, whether monitoring hears about it, and what the user is shown.
 * error-handler.ts is the one place that carries these out.
 */
export const ErrorRule = {
  /** 10007, 33003, 10009: 'user no permission'; cache cleared; no toast. */
  NO_PERMISSION: 'no-permission',
  /** 1007, 1008: red 'Timeout, {ret_msg or token error}.' toast for 3 s. */
  TOKEN_TIMEOUT: 'token-timeout',
  /** Network errors, HTTP status errors and 9000001: reported, and the 50016 message for 2 s. */
  TRANSPORT: 'transport',
  /** Other non-zero ret_code: message looked up by code in inverse-error-code. */
  BUSINESS: 'business',
  /** Rejections without a ret_code: reported to monitoring only. */
  UNCODED: 'uncoded',
} as const;
export type ErrorRule = (typeof ErrorRule)[keyof typeof ErrorRule];

export const ErrorDisplay = {
  NONE: 'none',
  TIMEOUT_TOAST: 'timeout-toast',
  NETWORK_TOAST: 'network-toast',
  BY_CODE: 'by-code',
} as const;
export type ErrorDisplay = (typeof ErrorDisplay)[keyof typeof ErrorDisplay];

export interface ErrorRuleSpec {
  /** `clear`: the whole cache; `delete-entry`: the failed call's entry (except the profile, §7). */
  cache: 'clear' | 'delete-entry';
  /** Sent to monitoring (only when the request took under 30 s). */
  report: boolean;
  display: ErrorDisplay;
}

export const ERROR_RULES: Readonly<Record<ErrorRule, ErrorRuleSpec>> = {
  [ErrorRule.NO_PERMISSION]: { cache: 'clear', report: false, display: ErrorDisplay.NONE },
  [ErrorRule.TOKEN_TIMEOUT]: { cache: 'delete-entry', report: false, display: ErrorDisplay.TIMEOUT_TOAST },
  [ErrorRule.TRANSPORT]: { cache: 'delete-entry', report: true, display: ErrorDisplay.NETWORK_TOAST },
  [ErrorRule.BUSINESS]: { cache: 'delete-entry', report: false, display: ErrorDisplay.BY_CODE },
  [ErrorRule.UNCODED]: { cache: 'delete-entry', report: true, display: ErrorDisplay.NONE },
};

/** §9: "Timeout toast 3 s, generic failure 2 s". */
export const TIMEOUT_TOAST_DURATION_MS = 3000;
export const NETWORK_TOAST_DURATION_MS = 2000;
/** §8: "Error reports are sent only if the request took under 30 s". */
export const REPORT_MAX_DURATION_MS = 30_000;

/** Which §8 rule a rejection of the request layer falls under. */
export function classifyError(error: unknown): ErrorRule {
  if (!isApiError(error)) return ErrorRule.UNCODED;
  switch (error.kind) {
    case 'no-permission':
      return ErrorRule.NO_PERMISSION;
    case 'network':
    case 'http':
    case 'timeout':
      return ErrorRule.TRANSPORT;
    case 'no-response':
      return ErrorRule.UNCODED;
    case 'business':
      if (error.retCode === undefined) return ErrorRule.UNCODED;
      if (error.retCode === RetCode.CLIENT_TIMEOUT) return ErrorRule.TRANSPORT;
      return TIMEOUT_CODES.includes(error.retCode) ? ErrorRule.TOKEN_TIMEOUT : ErrorRule.BUSINESS;
  }
}

/**
 * §8 identity-update codes -> message keys (user-accounts `errors.<key>`, see locales/.../errors.json).
 */
export const IDENTITY_UPDATE_ERROR_KEYS: Readonly<Record<number, string>> = {
  1045: 'updateIDError1',
  1046: 'updateIDError2',
  1062: 'updateIDError2',
  1047: 'updateIDError3',
  1048: 'updateIDError4',
  1049: 'updateIDError5',
  1050: 'updateIDError6',
  1052: 'updateIDError6',
  1053: 'updateIDError6',
  1051: 'updateIDError7',
};

/** The message key of an identity-update failure code, e.g. 1046 -> 'updateIDError2'. */
export function identityUpdateErrorKey(code: number | undefined): string | undefined {
  return code === undefined ? undefined : IDENTITY_UPDATE_ERROR_KEYS[code];
}

/** §8 verification steps a ret_code sends the user to. */
export const VerificationStep = {
  EYE: 'eye',
  RESET: 'reset',
  UPDATE: 'update',
  IDENTITY_TRANSFER_BEFORE: 'identityTransferBefore',
  IDENTITY_TRANSFER_AFTER: 'identityTransferAfter',
  OTP: 'otp',
} as const;
export type VerificationStep = (typeof VerificationStep)[keyof typeof VerificationStep];

/** §8: 30029 eye; 30331 reset; 70029 update; 30030/30031 identity transfer before/after; 30101 OTP. */
export const VERIFICATION_STEP_CODES: Readonly<Record<number, VerificationStep>> = {
  30029: VerificationStep.EYE,
  30331: VerificationStep.RESET,
  70029: VerificationStep.UPDATE,
  30030: VerificationStep.IDENTITY_TRANSFER_BEFORE,
  30031: VerificationStep.IDENTITY_TRANSFER_AFTER,
  30101: VerificationStep.OTP,
};

/** The verification step a ret_code asks for, if any. */
export function verificationStepFor(code: number | undefined): VerificationStep | undefined {
  return code === undefined ? undefined : VERIFICATION_STEP_CODES[code];
}

/** Interpolation values a reply may carry (e.g. 10006's retryAfterSeconds); only plain values. */
function interpolationValues(result: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (!result || typeof result !== 'object') return out;
  for (const [k, v] of Object.entries(result)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/**
 * §8: the translated message of a ret_code from the inverse-error-code namespace; identity-update
 * codes fall back to their `errors.updateIDError*` text. undefined when there is no translation.
 */
export function translatedRetCode(code: number, result?: unknown): string | undefined {
  const ns = TranslationNamespace.INVERSE_ERROR_CODE;
  const key = String(code);
  const replace = interpolationValues(result);
  if (i18n.exists(key, { ns })) return i18n.t(key, { ns, replace });
  const idKey = identityUpdateErrorKey(code);
  const uaKey = `errors.${idKey}`;
  if (idKey && i18n.exists(uaKey, { ns: TranslationNamespace.USER_ACCOUNTS })) {
    return i18n.t(uaKey, { ns: TranslationNamespace.USER_ACCOUNTS, replace });
  }
  return undefined;
}

/** §8: the 'Timeout, {ret_msg or 'token error'}.' sentence; the frame is translated, ret_msg kept as sent. */
export function timeoutToastText(retMsg: string | undefined): string {
  const ns = TranslationNamespace.USER_ACCOUNTS;
  const message = retMsg || i18n.t('errors.tokenError', { ns, defaultValue: 'token error' });
  return i18n.t('errors.timeoutToast', { ns, message, defaultValue: 'Timeout, {{message}}.' });
}

/** §8: the message of code 50016, shown for network and HTTP failures. */
export function networkErrorText(): string {
  return i18n.t(String(RetCode.NETWORK_ERROR_MESSAGE), {
    ns: TranslationNamespace.INVERSE_ERROR_CODE,
    defaultValue: 'Network error. Please check your connection and try again.',
  });
}
