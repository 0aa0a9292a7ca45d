import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleAssignResult } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { refreshAfterCaseChange, withId } from './keys.ts';

/**
 * POST /v1/console/cases/:id/assign: the caller takes a pending case (taking one's own case again is
 * a no-op). 36001 when another reviewer has it (`result.assigneeId`), 10012 when it was decided.
 * silent: the screens show their own errors.
 */
export const assignCase = (id: string) => http.post<ConsoleAssignResult>(withId(ConsolePath.consoleAssign, id), {}, { silent: true });

/** Takes a case (the case id is the mutation's variable, so one hook serves every row of the queue). */
export function useAssignCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => assignCase(id),
    // Also on failure: 36001 / 10012 mean the case changed under us.
    onSettled: (_data, _error, id) => refreshAfterCaseChange(client, id),
  });
}
