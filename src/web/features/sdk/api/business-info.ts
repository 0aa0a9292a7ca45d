import { queryOptions } from '@tanstack/react-query';
import type { BusinessInfo } from '../../../../shared/api/integration.ts';
import { IntegrationPath } from '../../../../shared/integration-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** GET business-info: what the SDK page shows about the partner. */
export const getBusinessInfo = (signal?: AbortSignal) => http.get<BusinessInfo>(IntegrationPath.integrationBusinessInfo, undefined, { silent: true, signal });
export const businessInfoQuery = queryOptions({ queryKey: ['sdk', 'business-info'], queryFn: ({ signal }) => getBusinessInfo(signal), staleTime: Infinity });
