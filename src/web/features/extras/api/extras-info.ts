import { useQuery } from '@tanstack/react-query';
import { kycInfoQuery, PAGE_READ_FRESH_MS } from '../../../lib/kyc-info/index.ts';

/**
 * §7 kyc-info: the extras read bannerTags, displayControl and custody from it. The same read as the
 * KYC overview beside them on the personal page (lib/kyc-info), so the page fetches it once.
 */
export const extrasInfoQuery = kycInfoQuery;
export const useExtrasInfo = () => useQuery(extrasInfoQuery);

/**
 * The extras' own reads (announcements, affiliate) are fresh as long as kyc-info: the overview reads
 * them before showing (overview-extras.tsx), and the banners mounting right after must not read them
 * again; every extras write invalidates them (decision 024).
 */
export const EXTRAS_READ_FRESH_MS = PAGE_READ_FRESH_MS;
