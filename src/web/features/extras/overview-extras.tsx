import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BannerTag } from '../../../shared/extras.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { useFirstPaintDone } from '../../lib/page/first-paint.ts';
import { useExtrasInfo } from './api/extras-info.ts';
import { affiliateInfoQuery } from './api/affiliate-info.ts';
import { firstRead } from './api/first-read.ts';
import { useJoinNewSatos } from './api/join-new-satos.ts';
import { useKycAnnouncements } from './api/kyc-announcements.ts';
import { useSubmitKycAnnouncement } from './api/submit-kyc-announcement.ts';
import { useTagMember } from './api/tag-member.ts';
import { AccountPopups } from './components/account-popups.tsx';
import { announcementText } from './model/announcement-text.ts';

const linkClass = 'inline-flex h-8 items-center rounded-btn border border-line-strong bg-white px-3 text-sm font-medium text-ink hover:bg-surface';

// The referral prompt (its form, its calls) is its own chunk: most members never see it, and it
// was a third of this chunk (issue 32). Loaded with the first reads for whom it is shown.
const AffiliateCard = lazyWithPreload(() => import('./components/affiliate-card.tsx').then((m) => ({ default: m.AffiliateCard })));

/** The slot's preload (lib/slots): the first reads start as the page starts, not when this renders. */
export async function preload(client: QueryClient): Promise<void> {
  await firstRead(client);
  if (client.getQueryData(affiliateInfoQuery.queryKey)?.showPopup) await AffiliateCard.preload().catch(() => undefined);
}

/**
 * The account extras on the overview (decision 025): banners from kyc-info's bannerTags and
 * displayControl (the move to the EU entity, the new Satos onboarding, agreements to accept,
 * regional onboarding, announcements, P2P rights), the referral prompt when nothing else is said,
 * and the modal pop-ups. Its
 * own chunk; it renders nothing when there is nothing to say. It suspends until its first reads
 * are in (api/first-read.ts), so a screen that shows it in one Suspense boundary with what follows
 * does not move when the notices arrive.
 */
export default function OverviewExtras() {
  use(firstRead(useQueryClient()));
  const painted = useFirstPaintDone();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const info = useExtrasInfo();
  const tags = info.data?.bannerTags ?? [];
  const dc = info.data?.displayControl;
  const announcements = useKycAnnouncements(tags.includes(BannerTag.KYC_ANNOUNCEMENT));
  const acknowledge = useSubmitKycAnnouncement();
  const tag = useTagMember();
  const join = useJoinNewSatos();
  const pending = announcements.data?.items ?? [];
  // The referral prompt is optional and the least urgent: it waits until nothing else is said, so
  // the overview stays short (one optional prompt at a time).
  const anyOther =
    Boolean(dc && (dc.isDisplaySatosToEu || dc.isDisplayNewSatos || dc.displayHkgPoaAgreement || dc.isDisplayNewRcOnboarding || dc.isDisplayP2pRights)) ||
    tags.includes(BannerTag.AGREEMENT_UPDATE) ||
    tags.includes(BannerTag.SATOS_APPROPRIATENESS) ||
    pending.length > 0 ||
    join.isSuccess;

  return (
    <>
      <section aria-label={t('extras.notices.label')} className="flex flex-col gap-3 empty:hidden" data-testid="account-notices">
        {dc?.isDisplaySatosToEu ? (
          <Alert variant="warn" role="status" title={t('extras.satosToEu.bannerTitle')} action={<Link href="/satos-to-eu" className={linkClass}>{t('extras.satosToEu.start')}</Link>}>
            {t('extras.satosToEu.bannerBody')}
          </Alert>
        ) : null}
        {dc?.isDisplayNewSatos || join.isSuccess ? (
          join.isSuccess ? (
            <Alert variant="success">{t('extras.newSatos.joined')}</Alert>
          ) : (
            <Alert
              variant="info"
              title={t('extras.newSatos.title')}
              action={
                <Button size="small" variant="primary" loading={join.isPending} onClick={() => join.mutate()}>
                  {t('extras.newSatos.join')}
                </Button>
              }
            >
              {t('extras.newSatos.body')}
              {join.isError ? <p className="mt-2 text-danger">{errorMessage(t, join.error)}</p> : null}
            </Alert>
          )
        ) : null}
        {/* Decision 052: the Satos custody is offered once the appropriateness test is passed; the way to it
            (§2 route standardQuest = SATOS_TEMPLATE_CODE, named here so the overview loads no schemas). */}
        {tags.includes(BannerTag.SATOS_APPROPRIATENESS) && !dc?.isDisplayNewSatos && !join.isSuccess ? (
          <Alert variant="info" title={t('extras.newSatos.title')} action={<Link href="/standardQuest" className={linkClass}>{t('extras.newSatos.takeTest')}</Link>}>
            {t('extras.newSatos.testFirst')}
          </Alert>
        ) : null}
        {dc?.displayHkgPoaAgreement ? (
          <Alert variant="info" title={t('extras.hkgPoa.title')} action={<Link href="/agreements?product=HKG_POA" className={linkClass}>{t('extras.hkgPoa.open')}</Link>}>
            {t('extras.hkgPoa.body')}
          </Alert>
        ) : null}
        {tags.includes(BannerTag.AGREEMENT_UPDATE) ? (
          <Alert variant="info" title={t('extras.agreementUpdate.title')} action={<Link href="/agreements" className={linkClass}>{t('extras.agreementUpdate.open')}</Link>}>
            {t('extras.agreementUpdate.body')}
          </Alert>
        ) : null}
        {dc?.isDisplayNewRcOnboarding ? (
          <Alert variant="info" title={t('extras.rcOnboarding.title')} action={<Link href="/rcQuestionnaire" className={linkClass}>{t('extras.rcOnboarding.open')}</Link>}>
            {t('extras.rcOnboarding.body')}
          </Alert>
        ) : null}
        {pending.map((n) => (
          <Alert
            key={n.id}
            variant="info"
            title={announcementText(n, language).title}
            data-testid="kyc-announcement"
            action={
              <Button size="small" loading={acknowledge.isPending && acknowledge.variables === n.id} onClick={() => acknowledge.mutate(n.id)}>
                {t('extras.announcement.ack')}
              </Button>
            }
          >
            <p className="whitespace-pre-line">{announcementText(n, language).body}</p>
          </Alert>
        ))}
        {dc?.isDisplayP2pRights ? (
          <Alert variant="success" title={t('extras.p2p.title')} onClose={() => tag.mutate('P2P_RIGHTS_SEEN')}>
            {t('extras.p2p.body')}
          </Alert>
        ) : null}
        {info.isSuccess && !anyOther ? (
          <Suspense fallback={null}>
            <AffiliateCard />
          </Suspense>
        ) : null}
      </section>
      {/* Modal: not before the page itself is on screen (nor its calls on the wire before the page's). */}
      {painted ? <AccountPopups /> : null}
    </>
  );
}
