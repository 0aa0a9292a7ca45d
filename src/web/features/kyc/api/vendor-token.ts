import { ApiPath } from '../../../../shared/api/paths.ts';
import type { VendorTokenResult } from '../../../../shared/api/vendor.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { http } from '../../../lib/http/index.ts';

/** §7 POST vendor-token: a session with the vendor that verifies this user (its SDK token or hosted page). */
export const getVendorToken = (level: VerifiableLevel) => http.post<VendorTokenResult>(ApiPath.vendorToken, { level }, { silent: true });
