import { ApiPath } from '../../../../../shared/api/paths.ts';
import type { ReverificationTarget } from '../../../../../shared/api/reverification.ts';
import type { VendorTokenResult } from '../../../../../shared/api/vendor.ts';
import { http } from '../../../../lib/http/index.ts';

/** POST update-vendor-token (decision 017): a session with the user's vendor for the update of a document. */
export const getUpdateVendorToken = (target: ReverificationTarget) => http.post<VendorTokenResult>(ApiPath.updateVendorToken, { target }, { silent: true });
