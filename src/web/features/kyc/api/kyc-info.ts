import { useQuery } from '@tanstack/react-query';
import { kycInfoQuery } from '../../../lib/kyc-info/index.ts';

/** §7 POST kyc-info: one read shared with the account extras (lib/kyc-info). */
export { getKycInfo, kycInfoQuery } from '../../../lib/kyc-info/index.ts';

/** `pollMs`: read again every so often while waiting for a result that arrives by itself (a vendor's). */
export const useKycInfo = ({ pollMs }: { pollMs?: number | false } = {}) => useQuery({ ...kycInfoQuery, refetchInterval: pollMs ?? false });
