import { useQuery } from '@tanstack/react-query';
import { kycInfoQuery } from '../../../lib/kyc-info/index.ts';

/**
 * §7 kyc-info: the extras read bannerTags, displayControl and custody from it. The same read as the
 * KYC overview beside them on the personal page (lib/kyc-info), so the page fetches it once.
 */
export const useExtrasInfo = () => useQuery(kycInfoQuery);
