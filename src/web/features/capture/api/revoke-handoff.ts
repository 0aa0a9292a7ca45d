import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandoffView } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { captureKeys } from './keys.ts';

/** POST handoff/revoke: the desktop ends a link; the phone's next call is refused. */
export const revokeHandoff = (id: string) => http.post<HandoffView>(CapturePath.handoffRevoke, { id }, { silent: true });

export function useRevokeHandoff() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeHandoff, onSuccess: (view) => client.setQueryData(captureKeys.handoff(view.id), view) });
}
