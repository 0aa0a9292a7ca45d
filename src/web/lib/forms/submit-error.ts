import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { FieldIssue } from '../../../shared/envelope.ts';
import { errorMessage, fieldIssues } from '../i18n/error-message.ts';

/**
 * Shows a failed form submission where the user will see it (§5): ret_code 10001 field issues on
 * their fields (the first one focused), and anything else — including an issue about a field this
 * form does not show — as the form's own translated error line, so nothing is ever lost.
 * Returns the issues placed on fields (their `params` feed the messages).
 *
 * @example
 * } catch (error) {
 *   showSubmitError(error, { fields: ['email', 'password'], setError: form.setError, setFormError, t });
 * }
 */
export function showSubmitError<F extends FieldValues>(
  error: unknown,
  { fields, setError, setFormError, t }: { fields: readonly FieldPath<F>[]; setError: UseFormSetError<F>; setFormError: (message: string | null) => void; t: TFunction },
): FieldIssue[] {
  const issues = fieldIssues(error);
  const placed = issues.filter((issue) => (fields as readonly string[]).includes(issue.path));
  placed.forEach((issue, index) => setError(issue.path as FieldPath<F>, { type: 'server', message: issue.code }, { shouldFocus: index === 0 }));
  setFormError(placed.length === 0 || placed.length < issues.length ? errorMessage(t, error) : null);
  return placed;
}
