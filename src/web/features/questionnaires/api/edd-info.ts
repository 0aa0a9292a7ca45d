import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EddInfoResult } from '../../../../shared/api/edd.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { questionnaireKeys } from './keys.ts';

/** §7 GET /v3/private/aml/get-edd-info (decision 028). `silent`: the panel says when it fails. */
export const getEddInfo = (signal?: AbortSignal) => http.get<EddInfoResult>(ApiPath.getEddInfo, undefined, { silent: true, signal, cache: false });

export const eddInfoQuery = () => queryOptions({ queryKey: questionnaireKeys.edd(), queryFn: ({ signal }) => getEddInfo(signal) });

export const useEddInfo = () => useQuery(eddInfoQuery());
