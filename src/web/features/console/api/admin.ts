import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { AuditChainReport, RetentionOverview, StaffList, StaffMember } from '../../../../shared/api/records.ts';
import type { ConsoleRole } from '../../../../shared/staff.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/** Administration (decision 018): console members and their roles, the audit trail check, retention. Administrators only. */
const staffKey = [...consoleKeys.all, 'staff'] as const;
const retentionKey = [...consoleKeys.all, 'retention'] as const;

export const useStaff = () => useQuery(queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => http.get<StaffList>(ApiPath.consoleStaff, undefined, { signal, silent: true }) }));

export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: ConsoleRole }) => http.post<StaffMember>(withId(ApiPath.consoleStaffRole, id), { role }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useVerifyAudit = () => useMutation({ mutationFn: () => http.post<AuditChainReport>(ApiPath.consoleAuditVerify, {}, { silent: true }) });

export const useRetention = () => useQuery(queryOptions({ queryKey: retentionKey, queryFn: ({ signal }) => http.get<RetentionOverview>(ApiPath.consoleRetention, undefined, { signal, silent: true }) }));
