import { useQuery } from '@tanstack/react-query';
import type { VipKycPopupResult } from '../../../../shared/api/extras-member.ts';
import type { VipBusType } from '../../../../shared/extras.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** §7 POST /v3/private/vip/kycpopupinfo with bus_type. */
export const getVipPopupInfo = (busType: VipBusType, signal?: AbortSignal) => http.post<VipKycPopupResult>(ApiPath.vipKycPopupInfo, { bus_type: busType }, { silent: true, signal });
export const useVipPopupInfo = (busType: VipBusType) => useQuery({ queryKey: extrasKeys.vip(busType), queryFn: ({ signal }) => getVipPopupInfo(busType, signal) });
