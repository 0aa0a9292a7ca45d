import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleAssignResult } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { refreshAfterCaseChange, withId } from './keys.ts';

/**
 * POST /v1/console/cases/:id/release: the assignee gives a pending case back to the queue (an
 * unassigned case stays unassigned). 36001 when another reviewer has it, 10012 when it was decided.
 * silent: the case page shows its own errors.
 */
export const releaseCase = (id: string) => http.post<ConsoleAssignResult>(withId(ConsolePath.consoleRelease, id), {}, { silent: true });

/** Releases a case (the case id is the mutation's variable). */
export function useReleaseCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => releaseCase(id),
    onSettled: (_data, _error, id) => refreshAfterCaseChange(client, id),
  });
}
