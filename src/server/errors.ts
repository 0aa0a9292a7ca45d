import type { FieldIssue } from '../shared/envelope.ts';
import { RetCode } from '../shared/ret-codes.ts';

/**
 * A business outcome that is not success: sent as HTTP 200 with a non-zero ret_code (§7 envelope),
 * because the client treats non-2xx replies as transport failures.
 */
export class BusinessError extends Error {
  readonly retCode: number;
  readonly result: Record<string, unknown>;
  constructor(retCode: number, retMsg: string, result: Record<string, unknown> = {}) {
    super(retMsg);
    this.name = 'BusinessError';
    this.retCode = retCode;
    this.result = result;
  }
}

/** Input failed validation (ret_code 10001, with per-field translation keys). */
export class ValidationFailed extends BusinessError {
  constructor(fields: FieldIssue[]) {
    super(RetCode.PARAMS_ERROR, 'params error', { fields });
    this.name = 'ValidationFailed';
  }
}

export const notLoggedIn = () => new BusinessError(RetCode.NOT_LOGGED_IN, 'user no permission');
export const noPermission = () => new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
export const notFound = () => new BusinessError(RetCode.NOT_FOUND, 'not found');
export const wrongState = (detail: string) => new BusinessError(RetCode.WRONG_STATE, detail);
