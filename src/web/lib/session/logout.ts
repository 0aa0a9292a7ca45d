import { ApiPath, LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { clearResponseCache, http } from '../http/index.ts';

/** §2: logout calls the logout endpoint, then goes to /login (even if the call failed). */
export async function logout(): Promise<void> {
  try {
    await http.post(ApiPath.logout, {});
  } finally {
    // The §7 cache outlives the page (localStorage, 60 s): the next user must not see this one's data.
    clearResponseCache();
    window.location.assign(LOGIN_PAGE);
  }
}
