import type { QueryClient } from '@tanstack/react-query';
import type { KycInfo } from '../../../../shared/api/kyc-info.ts';
import { BannerTag } from '../../../../shared/extras.ts';
import { affiliateInfoQuery } from './affiliate-info.ts';
import { kycInfoQuery } from '../../../lib/kyc-info/index.ts';
import { kycAnnouncementsQuery } from './kyc-announcements.ts';

/** Whether kyc-info says something on the overview besides announcements (then the referral prompt waits: overview-extras.tsx). */
export function saysSomething(info: Pick<KycInfo, 'bannerTags' | 'displayControl'> | undefined): boolean {
  const dc = info?.displayControl;
  return (
    Boolean(dc && (dc.isDisplaySatosToEu || dc.isDisplayNewSatos || dc.displayHkgPoaAgreement || dc.isDisplayNewRcOnboarding || dc.isDisplayP2pRights)) ||
    (info?.bannerTags ?? []).includes(BannerTag.AGREEMENT_UPDATE)
  );
}

const firstReads = new WeakMap<QueryClient, Promise<void>>();

/**
 * The reads the overview's notices are drawn from (kyc-info; the announcements when it says there
 * are some; then the referral prompt's when nothing else is said), once per QueryClient: the overview
 * waits for them (React's use(), under Suspense) so the notices do not push it down when they arrive
 * (layout shift, issue 15). The same promise every time, as use() needs. Never rejects: a failed
 * read shows no notice, as before.
 */
export function firstRead(client: QueryClient): Promise<void> {
  let read = firstReads.get(client);
  if (!read) {
    read = client
      .fetchQuery(kycInfoQuery)
      .then(async (info) => {
        const announced = info.bannerTags.includes(BannerTag.KYC_ANNOUNCEMENT) ? (await client.fetchQuery(kycAnnouncementsQuery)).items.length > 0 : false;
        if (!announced && !saysSomething(info)) await client.fetchQuery(affiliateInfoQuery);
      })
      .catch(() => undefined);
    // Settled, it says so as React's use() reads a promise (`status`): read before the overview
    // renders (its preload), it is used at once instead of suspending for a microtask, which commits
    // the overview's skeleton and lets React hold the overview back for up to 300 ms (issue 32).
    void read.then(() => Object.assign(read as Promise<void>, { status: 'fulfilled', value: undefined }));
    firstReads.set(client, read);
  }
  return read;
}
