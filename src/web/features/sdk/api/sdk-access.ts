import type { SdkAccessRequest, SdkAccessResult } from '../../../../shared/api/integration.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/** §7 POST sdk-access: a web user's own access token; then the browser goes to the SDK page. */
export const postSdkAccess = (body: SdkAccessRequest) => http.post<SdkAccessResult>(ApiPath.sdkAccess, { ...body });

/** Asks for a token and opens the SDK page it names (§2: with isUpdatePoi, lang, from, token). */
export async function openSdkFlow(body: SdkAccessRequest, location: Pick<Location, 'assign'> = window.location): Promise<string> {
  const { sdkUrl } = await postSdkAccess(body);
  location.assign(sdkUrl);
  return sdkUrl;
}
