import { ApiPath, LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { http } from '../http/index.ts';

/** §2: logout calls the logout endpoint, then goes to /login (even if the call failed). */
export async function logout(): Promise<void> {
  try {
    await http.post(ApiPath.logout, {});
  } finally {
    window.location.assign(LOGIN_PAGE);
  }
}
