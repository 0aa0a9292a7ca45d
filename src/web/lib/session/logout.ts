import { ApiPath, LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { clearResponseCache, http } from '../http/index.ts';
import { localStore } from '../browser-storage.ts';

/**
 * The app's own localStorage keys start with `ua:` and belong to the signed-in user (response cache,
 * a flow's remembered choices, a form's unsaved draft in session storage); preferences such as the language (`i18nextLng`) do not. Logout forgets
 * the user's, so the next person on this browser finds nothing of theirs.
 */
export const USER_STORAGE_PREFIX = 'ua:';

export function forgetUserStorage(storage: Storage | undefined = localStore()): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k?.startsWith(USER_STORAGE_PREFIX) ?? false);
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable (privacy mode): nothing was kept.
  }
}

function sessionStorageOrNone(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** §2: logout calls the logout endpoint, then goes to /login (even if the call failed). */
export async function logout(): Promise<void> {
  try {
    await http.post(ApiPath.logout, {});
  } finally {
    // The §7 cache outlives the page (localStorage, 60 s): the next user must not see this one's data.
    clearResponseCache();
    forgetUserStorage();
    // A form's unsaved draft lives in session storage (features/kyc/model/personal-draft.ts).
    forgetUserStorage(sessionStorageOrNone());
    window.location.assign(LOGIN_PAGE);
  }
}
