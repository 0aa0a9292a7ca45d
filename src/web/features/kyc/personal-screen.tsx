import { useTranslation } from 'react-i18next';
import { KycLevel, StepStatus, type VerifiableLevel } from '../../../shared/kyc.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton, SkeletonText } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { logout } from '../../lib/session/logout.ts';
import { useGlobalStore } from '../../store/global.ts';
import { useKycInfo } from './api/kyc-info.ts';
import { usePersonalInfo } from './api/personal-info.ts';
import { LevelCard } from './components/level-card.tsx';
import { NextActionPanel } from './components/next-action-panel.tsx';
import { PERSONAL_INFO_SECTION_ID, PersonalInfoSection } from './components/personal-info-section.tsx';
import { hasNoSteps, nextAction, rejectionsOf, stepStatus } from './model/next-action.ts';
import { quotaFor, quotaView } from './model/quotas.ts';

const LEVELS: readonly VerifiableLevel[] = [KycLevel.LEVEL_1, KycLevel.LEVEL_2];

/** Moves the user to the personal-information form and its first field. */
function goToPersonalInfo() {
  const section = document.getElementById(PERSONAL_INFO_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const first = section.querySelector<HTMLElement>('input, select, button');
  (first ?? section).focus({ preventScroll: true });
}

/**
 * §2 personal (also `index`): who is signed in, the KYC overview — both levels with their status,
 * what each unlocks, the next action and any rejection reasons — and the personal information.
 */
export default function PersonalScreen() {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user);
  return (
    <section aria-labelledby="personal-title" className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 id="personal-title" className="text-2xl font-semibold">
        {t('personal.title')}
      </h1>
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-line p-4">
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('personal.signedInAs')}</p>
          <p className="mt-1 break-all text-lg font-medium" data-testid="personal-email">
            {user.email}
          </p>
          <p className="mt-1 text-sm break-all text-muted">{t('personal.userId', { id: user.id })}</p>
        </div>
        <Button variant="default" onClick={() => void logout()}>
          {t('common.logout')}
        </Button>
      </div>
      <KycOverview />
    </section>
  );
}

function KycOverview() {
  const { t, i18n } = useTranslation();
  const info = useKycInfo();
  const personal = usePersonalInfo();
  const user = useGlobalStore((s) => s.user);
  const rate = useGlobalStore((s) => s.rate);
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';

  if (info.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4" data-testid="kyc-overview-loading">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-24 w-full" />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <SkeletonText lines={5} />
          <SkeletonText lines={5} />
        </div>
      </div>
    );
  }
  if (info.isError) {
    return (
      <Alert
        variant="error"
        title={t('kyc.overview.loadError')}
        action={
          <Button size="small" variant="default" onClick={() => void info.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorMessage(t, info.error)}
      </Alert>
    );
  }

  const data = info.data;
  const noSteps = hasNoSteps(data.opened, user.member_tag);
  const action = nextAction({ state: data.state, opened: data.opened, memberTag: user.member_tag, hasPersonalInfo: Boolean(personal.data?.info) });
  // Until the personal information is read, "fill it in" vs "verify" is not known yet.
  const actionKnown = personal.isSuccess || noSteps || action.kind !== 'VERIFY_IDENTITY';
  const view = (level: number) => {
    const q = quotaFor(data.quotas, level as KycLevel);
    return q ? quotaView(q, { rate, currency: user.currency_code, locale }) : undefined;
  };
  const reached = data.applicant?.level ?? KycLevel.LEVEL_DEFAULT;
  const current = view(reached);
  const level1 = stepStatus(data.state, KycLevel.LEVEL_1);

  return (
    <>
      <section aria-labelledby="kyc-overview-title" className="flex flex-col gap-4">
        <div>
          <h2 id="kyc-overview-title" className="text-xl font-semibold">
            {t('kyc.overview.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('kyc.overview.intro')}</p>
        </div>
        {actionKnown ? <NextActionPanel action={action} rejections={rejectionsOf(data, action.level)} onFillPersonalInfo={goToPersonalInfo} /> : <Skeleton className="h-24 w-full" />}
        {current && !noSteps ? (
          <p className="text-sm text-ink" data-testid="current-limit">
            {t('kyc.overview.currentLimit', { btc: `${current.btc} BTC`, fiat: current.fiat })}
          </p>
        ) : null}
        {noSteps ? null : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {LEVELS.map((level) => (
              <LevelCard key={level} level={level} status={stepStatus(data.state, level)} quota={view(level)} />
            ))}
          </div>
        )}
      </section>
      {noSteps && !personal.data?.info ? null : <PersonalInfoSection level1Status={noSteps ? StepStatus.NOT_ALLOW : level1} />}
    </>
  );
}
