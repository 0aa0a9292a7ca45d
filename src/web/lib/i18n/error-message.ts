import type { TFunction } from 'i18next';
import type { FieldIssue } from '../../../shared/envelope.ts';
import { validationMessageKey } from '../../../shared/validation.ts';
import { TranslationNamespace } from '../../../shared/api/paths.ts';
import { isApiError } from '../http/index.ts';

/** The translated sentence for a failed call: by ret_code from inverse-error-code, else generic. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.retCode !== undefined) {
    const key = String(error.retCode);
    const ns = TranslationNamespace.INVERSE_ERROR_CODE;
    if (t(key, { ns, defaultValue: '' })) return t(key, { ns, ...(error.response?.result as object | undefined) });
    return `${error.retCode}: ${error.retMsg ?? ''}`;
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
