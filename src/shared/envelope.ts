import type { RetCode } from './ret-codes.ts';

/** Every /x-api reply (§7, §3 "Server envelope"). */
export interface Envelope<T = unknown> {
  ret_code: number;
  ret_msg: string;
  result: T;
}

/** A successful reply (§7: ret_code 0 resolves with result); what `okEnvelope(result)` describes. */
export interface OkEnvelope<T = unknown> extends Envelope<T> {
  ret_code: typeof RetCode.OK;
}

/** A field-level validation problem, as sent in `result.fields` with ret_code 10001. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `address.postalCode`. */
  path: string;
  /** Translation key under `validation.` in the user-accounts namespace. */
  code: string;
  /** Interpolation values for the message (e.g. `{ min: 10 }`). */
  params?: Record<string, string | number>;
}
