import type { TokenInfo } from '../../../../shared/api/integration.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/** §7 sdk token info: GET with email_update_poi when isUpdatePoi is the string 'true'. */
export const getSdkTokenInfo = (isUpdatePoi: string) =>
  http.get<TokenInfo>(ApiPath.integrationTokenInfo, isUpdatePoi === 'true' ? { email_update_poi: 'true' } : undefined, { silent: true });
