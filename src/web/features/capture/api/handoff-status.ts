import { useQuery } from '@tanstack/react-query';
import { HandoffStatus, type HandoffView } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { captureKeys } from './keys.ts';

/** How often the desktop asks while a phone may still send: each picture shows within this. */
export const HANDOFF_POLL_MS = 2000;

/** GET handoff/status?id=: the link's status and the pictures that arrived. */
export const getHandoffStatus = (id: string, signal?: AbortSignal) => http.get<HandoffView>(CapturePath.handoffStatus, { id }, { silent: true, signal, cache: false });

const live = (status: HandoffStatus | undefined) => status === undefined || status === HandoffStatus.PENDING || status === HandoffStatus.OPENED;

/** Polls a link while it is live (PENDING, OPENED); stops once it is over. */
export function useHandoffStatus(id: string | undefined) {
  return useQuery({
    queryKey: captureKeys.handoff(id ?? ''),
    queryFn: ({ signal }) => getHandoffStatus(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (live(query.state.data?.status) ? HANDOFF_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
