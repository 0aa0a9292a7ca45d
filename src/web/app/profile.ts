import { queryOptions } from '@tanstack/react-query';
import type { UserProfile } from '../../shared/api/profile.ts';
import { ApiPath } from '../../shared/api/paths.ts';
import { http } from '../lib/http/index.ts';
import { useGlobalStore, type AppUser } from '../store/global.ts';
import { sdkSession } from '../features/sdk/sdk-session.ts';

/**
 * §7: GET /v2/private/user/profile ("caching allowed": the §7 response cache, 60 s); in SDK mode
 * the sdk token info instead (merged with currency_code USD and id = the SDK token, errors swallowed),
 * whose module comes with the integration paths, loaded only in SDK mode (decision 033).
 */
export const getProfile = async (): Promise<AppUser> => {
  const sdk = sdkSession();
  if (sdk) return (await import('../features/sdk/sdk-profile.ts')).getSdkProfile(sdk);
  // §8 "Profile error other than 10007: profileError true, no message": the layout shows the
  // profile-error screen; no toast on top of it (10007 redirects, silently as always).
  return http.get<UserProfile>(ApiPath.profile, undefined, { cache: true, silent: true });
};

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: getProfile,
  retry: false,
  staleTime: 60_000,
  // A failure read as the page starts (startPageLoad) is shown with its retry, not read again on mount.
  retryOnMount: false,
});


let storedProfile: AppUser | undefined;
/**
 * Puts a profile read in the store, where the screens read the user (§4: currency_code empty -> USD).
 * The same read twice (the page's start, then the /auth layout) is stored once: storing it again
 * rendered every screen that reads the user a second time, in one task.
 */
export function storeProfile(profile: AppUser): void {
  if (profile === storedProfile) return;
  storedProfile = profile;
  useGlobalStore.getState().setUser({ ...profile, currency_code: profile.currency_code || 'USD', profileError: false });
}
