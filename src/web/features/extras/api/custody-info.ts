import { useQuery } from '@tanstack/react-query';
import type { CustodyStateResult } from '../../../../shared/api/extras-custody.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** The member's custody arrangement and what they may do about it. */
export const getCustodyInfo = (signal?: AbortSignal) => http.get<CustodyStateResult>(ApiPath.custodyInfo, undefined, { silent: true, signal });
export const useCustodyInfo = () => useQuery({ queryKey: extrasKeys.custody(), queryFn: ({ signal }) => getCustodyInfo(signal) });
