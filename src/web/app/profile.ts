import { queryOptions } from '@tanstack/react-query';
import type { UserProfile } from '../../shared/api/profile.ts';
import { ApiPath } from '../../shared/api/paths.ts';
import { http } from '../lib/http/index.ts';

/** §7: GET /v2/private/user/profile ("caching allowed": the §7 response cache, 60 s). */
export const getProfile = () => http.get<UserProfile>(ApiPath.profile, undefined, { cache: true });

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile, retry: false, staleTime: 60_000 });
