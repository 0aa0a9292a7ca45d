import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleDecisionResult, OverrideRequest } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { refreshAfterCaseChange, withId } from './keys.ts';

/**
 * POST /v1/console/cases/:id/override (decision 022, senior reviewers): a new decision replacing the
 * provider's, with why. silent: the override form shows its own errors (36010–36012, 10009, 10012).
 */
export const overrideCase = (id: string, body: OverrideRequest) => http.post<ConsoleDecisionResult>(withId(ConsolePath.consoleOverride, id), { ...body }, { silent: true });

/** Overrides; afterwards every queue page and every case (the user's steps changed) are read again. */
export function useOverrideCase(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OverrideRequest) => overrideCase(id, body),
    onSettled: () => refreshAfterCaseChange(client, id, { allCases: true }),
  });
}
