import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleDecisionResult } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { refreshAfterCaseChange, withId } from './keys.ts';

/**
 * Four-eyes (decision 018): POST confirm / send-back on a case whose proposal awaits a second look.
 * silent: the panel shows its own errors (36002 own proposal, 10009 not a senior reviewer, 10012
 * decided or sent back meanwhile, 10001 a missing reason to send back).
 */
export const confirmCase = (id: string, note: string) => http.post<ConsoleDecisionResult>(withId(ConsolePath.consoleConfirm, id), { note }, { silent: true });
export const sendBackCase = (id: string, note: string) => http.post<ConsoleDecisionResult>(withId(ConsolePath.consoleSendBack, id), { note }, { silent: true });

export function useSecondLook(id: string) {
  const client = useQueryClient();
  const onSettled = () => refreshAfterCaseChange(client, id, { allCases: true });
  return {
    confirm: useMutation({ mutationFn: (note: string) => confirmCase(id, note), onSettled }),
    sendBack: useMutation({ mutationFn: (note: string) => sendBackCase(id, note), onSettled }),
  };
}
