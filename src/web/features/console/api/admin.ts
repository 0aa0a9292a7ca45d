import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import type { AuditChainReport, RetentionOverview, StaffList, StaffMember } from '../../../../shared/api/records.ts';
import { RISK_LIST_FILE_FIELD, type RiskListInfo } from '../../../../shared/api/risk-lists.ts';
import { SCREENING_LIST_FILE_FIELD, type ScreeningListInfo } from '../../../../shared/api/screening.ts';
import type { ConsoleRole } from '../../../../shared/staff.ts';
import { http } from '../../../lib/http/index.ts';
import { postMultipart } from '../../../lib/http/multipart.ts';
import { consoleKeys, withId } from './keys.ts';

/** Administration (decision 018): console members and their roles, the audit trail check, retention. Administrators only. */
const staffKey = [...consoleKeys.all, 'staff'] as const;
const retentionKey = [...consoleKeys.all, 'retention'] as const;

export const useStaff = () => useQuery(queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => http.get<StaffList>(ConsolePath.consoleStaff, undefined, { signal, silent: true }) }));

export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: ConsoleRole }) => http.post<StaffMember>(withId(ConsolePath.consoleStaffRole, id), { role }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useVerifyAudit = () => useMutation({ mutationFn: () => http.post<AuditChainReport>(ConsolePath.consoleAuditVerify, {}, { silent: true }) });

export const useRetention = () => useQuery(queryOptions({ queryKey: retentionKey, queryFn: ({ signal }) => http.get<RetentionOverview>(ConsolePath.consoleRetention, undefined, { signal, silent: true }) }));

/** The sanctions/PEP list (decision 026): the version in use and the users still to screen; refreshed while some are. */
const screeningListKey = [...consoleKeys.all, 'screening-list'] as const;
const RESCREEN_POLL_MS = 3000;

export const useScreeningList = () =>
  useQuery(
    queryOptions({
      queryKey: screeningListKey,
      queryFn: ({ signal }) => http.get<ScreeningListInfo>(ConsolePath.consoleScreeningList, undefined, { signal, silent: true }),
      refetchInterval: (query) => ((query.state.data?.usersToScreen ?? 0) > 0 ? RESCREEN_POLL_MS : false),
    }),
  );

export function useLoadScreeningList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(SCREENING_LIST_FILE_FIELD, file, file.name);
      return postMultipart<ScreeningListInfo>(ConsolePath.consoleScreeningList, form);
    },
    onSuccess: (info) => client.setQueryData(screeningListKey, info),
  });
}

export function useRescreen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ScreeningListInfo>(ConsolePath.consoleScreeningRescreen, {}, { silent: true }),
    onSuccess: (info) => client.setQueryData(screeningListKey, info),
  });
}

/** The country risk lists (decision 041): the version in use; refreshed while this server re-assesses users against it. */
const riskListsKey = [...consoleKeys.all, 'risk-lists'] as const;
const REASSESS_POLL_MS = 3000;

export const useRiskLists = () =>
  useQuery(
    queryOptions({
      queryKey: riskListsKey,
      queryFn: ({ signal }) => http.get<RiskListInfo>(ConsolePath.consoleRiskLists, undefined, { signal, silent: true }),
      refetchInterval: (query) => (query.state.data?.reassessing ? REASSESS_POLL_MS : false),
    }),
  );

export function useLoadRiskLists() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(RISK_LIST_FILE_FIELD, file, file.name);
      return postMultipart<RiskListInfo>(ConsolePath.consoleRiskLists, form);
    },
    onSuccess: (info) => client.setQueryData(riskListsKey, info),
  });
}

export function useReassess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<RiskListInfo>(ConsolePath.consoleRiskListsReassess, {}, { silent: true }),
    onSuccess: (info) => client.setQueryData(riskListsKey, info),
  });
}
