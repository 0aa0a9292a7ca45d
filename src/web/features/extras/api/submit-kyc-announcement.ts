import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitKycAnnouncementResult } from '../../../../shared/api/extras-announcements.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { invalidateExtras } from './keys.ts';

/** §7 POST submit-kyc-announcement: the member acknowledges one announcement. */
export const submitKycAnnouncement = (announcementId: string) => http.post<SubmitKycAnnouncementResult>(ApiPath.submitKycAnnouncement, { announcementId });

export function useSubmitKycAnnouncement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitKycAnnouncement, onSuccess: () => invalidateExtras(client) });
}
