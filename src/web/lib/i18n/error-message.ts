import type { TFunction } from 'i18next';
import type { FieldIssue } from '../../../shared/envelope.ts';
import { validationMessageKey } from '../../../shared/validation-rules.ts';
import { TranslationNamespace } from '../../../shared/api/paths.ts';
import { isApiError, translatedRetCode } from '../http/index.ts';

/**
 * The translated sentence for a failed call, for screens that show errors inline (`silent` calls):
 * the same §8 lookup the request layer's toasts use ('{code}: {ret_msg}' when untranslated), and the
 * 50016 message for transport failures.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.retCode !== undefined) {
    return translatedRetCode(error.retCode, error.response?.result) ?? `${error.retCode}: ${error.retMsg ?? ''}`;
  }
  return t('50016', { ns: TranslationNamespace.INVERSE_ERROR_CODE });
}

/** Field issues sent with ret_code 10001, when the error carries them. */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!isApiError(error)) return [];
  const fields = (error.response?.result as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as FieldIssue[]) : [];
}

/** §5: a validation message with the field's translated name (generic or a feature's namespaced key). */
export function validationMessage(t: TFunction, code: string, fieldLabel: string, params: Record<string, unknown> = {}): string {
  return t(validationMessageKey(code), { name: fieldLabel, ...params });
}
