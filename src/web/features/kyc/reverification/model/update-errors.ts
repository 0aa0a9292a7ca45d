import type { TFunction } from 'i18next';
import { UPDATE_ID_ERROR_KEYS } from '../../../../../shared/reverification-codes.ts';
import { isApiError } from '../../../../lib/http/index.ts';
import { errorMessage } from '../../../../lib/i18n/error-message.ts';

/** §8: an identity-update code (1045–1053, 1062) reads as updateIDError1..7; anything else as usual. */
export function updateErrorMessage(t: TFunction, error: unknown): string {
  const key = isApiError(error) && error.retCode !== undefined ? UPDATE_ID_ERROR_KEYS[error.retCode] : undefined;
  return key ? t(`reverification.${key}`) : errorMessage(t, error);
}
