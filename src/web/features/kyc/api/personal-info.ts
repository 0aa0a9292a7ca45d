import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalInfoResult } from '../../../../shared/api/personal-info.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys, PAGE_READ_FRESH_MS } from './keys.ts';

/** GET kyc-personal-info (decision 005: POST saves, GET on the same path reads). */
export const getPersonalInfo = (signal?: AbortSignal) => http.get<PersonalInfoResult>(ApiPath.kycPersonalInfo, undefined, { silent: true, signal });

export const personalInfoQuery = queryOptions({ queryKey: kycKeys.personalInfo(), queryFn: ({ signal }) => getPersonalInfo(signal), staleTime: PAGE_READ_FRESH_MS });

export const usePersonalInfo = () => useQuery(personalInfoQuery);
