import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DisplayUpdatePOIStatus, KycLevel, StepStatus, type VerifiableLevel } from '../../../../shared/kyc.ts';
import { COMPLIANCE_TASK_REASON_PREFIX } from '../../../../shared/compliance-reasons.ts';
import type { KycInfo } from '../../../../shared/api/kyc-info.ts';
import { isolateValues } from '../../../components/ui/bidi.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isSdkUser } from '../../../lib/container/index.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { kycConfigQuery, useKycConfig } from '../api/kyc-config.ts';
import { useKycInfo } from '../api/kyc-info.ts';
import { usePersonalInfo } from '../api/personal-info.ts';
import { hasNoSteps, nextAction, NextActionKind, rejectionsOf, stepStatus } from '../model/next-action.ts';
import { quotaFor, quotaView } from '../model/quotas.ts';
import { wordingKey } from '../model/sdk-wording.ts';
import { LevelCard } from './level-card.tsx';
import { RateNote } from './rate-note.tsx';
import { NextActionPanel } from './next-action-panel.tsx';
import { OverviewSkeleton } from './overview-skeleton.tsx';
import { QuickKycOffer } from './quick-kyc-offer.tsx';
import { QuestionnaireDue } from './questionnaire-due.tsx';
import { goToPersonalInfo } from './go-to-personal-info.ts';
import { PERSONAL_INFO_SECTION_ID, PersonalInfoSection, preloadPersonalInfoSection } from './personal-info-section.tsx';
import { LoadError } from '../../../components/ui/load-states.tsx';
import type { LimitationPart } from '../../../../shared/restrictions.ts';
import { RestrictionNotice } from './restriction-notice.tsx';

const LEVELS: readonly VerifiableLevel[] = [KycLevel.LEVEL_1, KycLevel.LEVEL_2];

/**
 * The KYC overview of the personal route: the next action (with rejection reasons), both levels with
 * their status and what they unlock (quotas converted with the user's rate and currency), and the
 * personal information. Its own chunk, so the first page stays within its budget (decision 002).
 */
/**
 * Issue 27: the personal information is saved at the bottom of the page, and what to do next (start
 * level 1) is at the top. When the information goes from missing to saved in this visit, the next
 * action is scrolled into view and its button gets the keyboard focus.
 */
function useNextActionAfterFirstSave(hasInfo: boolean | undefined) {
  const before = useRef(hasInfo);
  useEffect(() => {
    if (hasInfo === undefined) return;
    const wasMissing = before.current === false;
    before.current = hasInfo;
    if (!wasMissing || !hasInfo) return;
    // After the panel has rendered the new action.
    const frame = requestAnimationFrame(() => {
      const panel = document.querySelector<HTMLElement>('[data-testid="next-action"]');
      const button = panel?.querySelector<HTMLElement>('[data-testid="primary-action"] a, [data-testid="primary-action"] button');
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      panel?.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
      button?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hasInfo]);
}

/** As the page starts (the screen's preload, with kyc-info and personal-info): the overview's other reads. */
export function preload(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([client.prefetchQuery(kycConfigQuery), preloadPersonalInfoSection(client)]);
}

export default function KycOverview() {
  const { t, i18n } = useTranslation();
  const info = useKycInfo();
  const personal = usePersonalInfo();
  const config = useKycConfig();
  const user = useGlobalStore((s) => s.user);
  const rate = useGlobalStore((s) => s.rate);
  const fiat = useGlobalStore((s) => s.fiat);
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  // The embedded (SDK) flow shows the steps only (decision 047): not the exchange's limits (the
  // partner's applicant trades nothing here), nor the account's compliance tasks and questionnaires.
  const sdk = isSdkUser(user);
  useNextActionAfterFirstSave(personal.isSuccess ? Boolean(personal.data?.info) : undefined);

  if (info.isPending) return <OverviewSkeleton />;
  if (info.isError) {
    return <LoadError title={t('kyc.overview.loadError')} error={info.error} onRetry={() => void info.refetch()} />;
  }

  const data = info.data;
  const noSteps = hasNoSteps(data.opened, user.member_tag);
  const action = nextAction({ state: data.state, opened: data.opened, memberTag: user.member_tag, hasPersonalInfo: Boolean(personal.data?.info) });
  // Until the personal information is read, "fill it in" vs "verify" is not known yet.
  const actionKnown = personal.isSuccess || action.kind !== NextActionKind.VERIFY_IDENTITY;
  const view = (level: KycLevel) => {
    if (sdk) return undefined;
    const q = quotaFor(data.quotas, level);
    return q ? quotaView(q, { rate, currency: fiat.currency, locale }) : undefined;
  };
  const current = view(data.applicant?.level ?? KycLevel.LEVEL_DEFAULT);
  const level1 = stepStatus(data.state, KycLevel.LEVEL_1);
  // §2: the reverification page is reachable whenever a document's update status is not _No (or the EU reset is offered).
  const control = data.displayControl;
  const reverify =
    control.displayUpdatePOI.status !== DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_No ||
    control.displayUpdatePOA.status !== DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_No ||
    control.displayEuPoiReset;
  // The reasons, not the limitation: an overdue re-verification names the limitation when both are.
  const tasksOverdue = data.verificationProcess !== undefined && (data.limitationInfo as KycInfo['limitationInfo'] | undefined)?.reasons.some((r) => r.startsWith(COMPLIANCE_TASK_REASON_PREFIX)) === true;

  return (
    <>
      <section aria-labelledby="kyc-overview-title" className="flex flex-col gap-4">
        <div>
          <h2 id="kyc-overview-title" className="text-xl font-semibold">
            {t('kyc.overview.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t(wordingKey('kyc.overview.intro', sdk))}</p>
        </div>
        {/* A compliance decision's restriction (decision 052): why, and what the user can do. */}
        {sdk ? null : <RestrictionNotice info={data.limitationInfo as LimitationPart | undefined} />}
        {reverify ? (
          <Link href="/reverification" data-testid="reverification-link" className="self-start rounded-btn border border-warn/40 bg-warn-soft px-4 py-3 text-sm font-medium text-ink underline underline-offset-2">
            {t('reverification.overviewLink')}
          </Link>
        ) : null}
        {/* Open compliance tasks (decision 027): the way to them, saying so when one limits the account. */}
        {!sdk && data.verificationProcess && data.verificationProcess.tasks.length > 0 ? (
          <Link
            href="/complianceTasks"
            data-testid="compliance-tasks-link"
            className={`self-start rounded-btn border px-4 py-3 text-sm font-medium text-ink underline underline-offset-2 ${tasksOverdue ? 'border-danger/40 bg-danger/10' : 'border-warn/40 bg-warn-soft'}`}
          >
            {t(tasksOverdue ? 'compliance.tasks.overviewLinkOverdue' : 'compliance.tasks.overviewLink')}
          </Link>
        ) : null}
        {/* A questionnaire the rules say is due (decision 020): the way to it. */}
        {sdk ? null : <QuestionnaireDue must={data.mustQuestionnaire} />}
        {actionKnown ? <NextActionPanel action={action} rejections={rejectionsOf(data, action.level)} onFillPersonalInfo={() => goToPersonalInfo(PERSONAL_INFO_SECTION_ID)} /> : <Skeleton className="h-24 w-full" />}
        {/* Where level 1 waits for a submission, the quick path (a registry check) where the country offers one. */}
        {action.kind === NextActionKind.VERIFY_IDENTITY || (action.kind === NextActionKind.RESUBMIT && action.level === KycLevel.LEVEL_1) ? <QuickKycOffer /> : null}
        {current && !noSteps ? (
          <div className="flex flex-col gap-1">
            <p className="text-sm text-ink" data-testid="current-limit">
              {current.fiat
                ? isolateValues((v) => t('kyc.overview.currentLimit', v), { btc: `${current.btc} BTC`, fiat: current.fiat })
                : isolateValues((v) => t('limits.currentLimitCoin', v), { btc: `${current.btc} BTC` })}
            </p>
            {/* Decision 040: which rate the figures use, or that they are in US dollars for want of one. */}
            <RateNote fiat={fiat} locale={locale} />
          </div>
        ) : null}
        {noSteps ? null : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {LEVELS.map((level) => (
              <LevelCard key={level} level={level} status={stepStatus(data.state, level)} quota={view(level)} proofOfAddressMaxAgeMonths={config.data?.proofOfAddressMaxAgeMonths} />
            ))}
          </div>
        )}
      </section>
      {noSteps && !personal.data?.info ? null : <PersonalInfoSection level1Status={noSteps ? StepStatus.NOT_ALLOW : level1} />}
    </>
  );
}
