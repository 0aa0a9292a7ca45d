import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateValues } from '../../components/ui/bidi.tsx';
import { chromeVisibility, getContainer, isSdkUser } from '../../lib/container/index.ts';
import { warmIntl } from '../../lib/format/warm-intl.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { logout } from '../../lib/session/logout.ts';
import { preloadSlot, Slot, SlotName } from '../../lib/slots/index.tsx';
import { useGlobalStore } from '../../store/global.ts';
import { Link } from 'wouter';
import { kycInfoQuery } from './api/kyc-info.ts';
import { personalInfoQuery } from './api/personal-info.ts';
// The overview comes with the screen (one chunk): the first render waits for the page's first reads
// (main.tsx), so showing who is signed in before the overview's chunk gained nothing, and its own
// chunk was one more request on the way to the largest paint (issue 32, decision 069).
import KycOverview, { preload as preloadOverview } from './components/kyc-overview.tsx';
import { OverviewSkeleton } from './components/overview-skeleton.tsx';

/** As the page starts (the route's preload): the overview's and the extras' chunks and reads at once. */
export function preload(client: QueryClient): Promise<unknown> {
  // The overview formats every limit: the browser's locale data loads while its reads are on the wire.
  warmIntl();
  return Promise.allSettled([
    client.prefetchQuery(kycInfoQuery),
    client.prefetchQuery(personalInfoQuery),
    preloadOverview(client),
    // The embedded (SDK) flow shows no extras (below): their reads are not the partner's applicant's.
    isSdkUser(useGlobalStore.getState().user) ? undefined : preloadSlot(SlotName.OVERVIEW_EXTRAS, client),
  ]);
}

/**
 * §2 personal (also `index`): who is signed in with Log out, then the KYC overview — both levels
 * with their status, what each unlocks, the next action and any rejection reasons — and the
 * personal information. Between the account box and the overview, what the app puts in the
 * OVERVIEW_EXTRAS slot (the account extras' notices and pop-ups, a feature of its own: decision 025).
 */
export default function PersonalScreen() {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user);
  // One Log out per page: the header has it; only where the header is hidden (app view) is it here.
  const headerShown = chromeVisibility(getContainer(), false).header;
  useDocumentTitle(t('page.titles.personal'));
  // The identity transfer (decision 029) is offered to whom it can serve: a verified user (the source
  // side) or an account a transfer is already under way for (the target side).
  const info = useQuery(kycInfoQuery).data;
  const transferShown = info ? (info.applicant?.level ?? 0) >= 1 || Boolean(info.second_identity_state) : false;
  // The embedded (SDK) flow is a verification flow only (issue 27, decision 047): a partner's applicant
  // sees their steps, never the account's chrome (who is signed in, the user id, which there is the
  // access token, Log out, their data, the extras' notices) nor the exchange's limits (the overview).
  if (isSdkUser(user)) {
    return (
      <section aria-labelledby="personal-title" className="flex flex-col gap-6">
        <h1 id="personal-title" className="text-2xl font-semibold">
          {t('personal.sdkTitle')}
        </h1>
        <KycOverview />
      </section>
    );
  }
  return (
    <section aria-labelledby="personal-title" className="flex flex-col gap-6">
      <h1 id="personal-title" className="text-2xl font-semibold">
        {t('personal.title')}
      </h1>
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-line p-4">
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('personal.signedInAs')}</p>
          {/* The line keeps its height while the profile is on its way (the store starts empty): the
              address arriving pushes nothing down (issue 15, CLS). */}
          <p className="mt-1 min-h-7 break-all text-lg font-medium" data-testid="personal-email">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
          <p className="mt-1 text-sm break-all text-muted">{isolateValues((v) => t('personal.userId', v), { id: user.id ?? '' })}</p>
          {/* Issue 18: the user's data, to download or to have erased. */}
          <Link href="/my-data" className="mt-1 inline-block text-sm text-info underline-offset-2 hover:underline">
            {t('records.myData.link')}
          </Link>
          {/* Issue 12 (decision 029): the identity transfer to the account on another site, either side. */}
          {transferShown ? (
            <Link href="/identity-transfer" className="mt-1 block text-sm text-info underline-offset-2 hover:underline">
              {t('transfer.link')}
            </Link>
          ) : null}
        </div>
        {headerShown ? null : (
          /* Plain classes (not the kit's Button): see KycOverview above. */
          <button type="button" onClick={() => void logout()} className="h-10 rounded-btn border border-line-strong px-4 text-sm font-medium hover:bg-surface">
            {t('common.logout')}
          </button>
        )}
      </div>
      {/* One boundary for the extras and the overview: the extras' notices (read after the overview's
          own data) appear with the overview instead of pushing it down a moment later (CLS, issue 15). */}
      <Suspense fallback={<OverviewSkeleton />}>
        <Slot name={SlotName.OVERVIEW_EXTRAS} sharedBoundary />
        <KycOverview />
      </Suspense>
    </section>
  );
}
