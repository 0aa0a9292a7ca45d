import { useQuery } from '@tanstack/react-query';
import type { FiatPopUpResult } from '../../../../shared/api/extras-custody.ts';
import { FiatPopUpType } from '../../../../shared/extras.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** §7 GET /fiat/public/channel/pop-up?type=satos_deposit_verify. */
export const getDepositVerifyPopUp = (signal?: AbortSignal) => http.get<FiatPopUpResult>(ApiPath.fiatPopUp, { type: FiatPopUpType.SATOS_DEPOSIT_VERIFY }, { silent: true, signal });
export const useDepositVerifyPopUp = () => useQuery({ queryKey: extrasKeys.fiatPopUp(), queryFn: ({ signal }) => getDepositVerifyPopUp(signal) });
