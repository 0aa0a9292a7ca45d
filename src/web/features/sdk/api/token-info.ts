import type { TokenInfo } from '../../../../shared/api/integration.ts';
import { IntegrationPath } from '../../../../shared/integration-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** §7 sdk token info: GET with email_update_poi when isUpdatePoi is the string 'true'. */
export const getSdkTokenInfo = (isUpdatePoi: string) =>
  http.get<TokenInfo>(IntegrationPath.integrationTokenInfo, isUpdatePoi === 'true' ? { email_update_poi: 'true' } : undefined, { silent: true });
