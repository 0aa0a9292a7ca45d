import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { SubmitApplicationResult } from '../../../shared/api/applications.ts';
import { KycLevel, StepStatus, type VerifiableLevel } from '../../../shared/kyc.ts';
import { USUAL_REVIEW_HOURS } from '../../../shared/review-time.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { useGlobalStore } from '../../store/global.ts';
import { countryListQuery, useCountryList } from './api/country-list.ts';
import { kycConfigQuery, useKycConfig } from './api/kyc-config.ts';
import { kycInfoQuery, useKycInfo } from './api/kyc-info.ts';
import { kycProviderQuery, useKycProvider } from './api/kyc-provider.ts';
import { personalInfoQuery, usePersonalInfo } from './api/personal-info.ts';
import { RejectionReasons } from './components/rejection-reasons.tsx';
import { StatusPanel } from './components/status-panel.tsx';
import { SupportLinks } from './components/support-links.tsx';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { levelFromSearch, retryStep, stepFromSearch } from './model/flow.ts';
import { VENDOR_NAMES } from './model/vendor-sdk.ts';
import { wordingKey } from './model/sdk-wording.ts';
import { isSdkUser } from '../../lib/container/index.ts';
import { flowView, rejectionsOf, stepStatus, type FlowView } from './model/next-action.ts';
import { newestRejection, nextVendorWait, type VendorWait } from './model/vendor-wait.ts';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';

/** What happens next, for the statuses that end a flow. */
const GUARD_NEXT: Partial<Record<StepStatus, string>> = {
  PENDING: 'ux.next.pending',
  SUCCESS: 'ux.next.approved',
  FAILED_AND_CAN_NOT_RETRY: 'ux.next.final',
};

/** Back from a vendor's hosted page: our return address says `vendor=done`, and `since` the session's start (server time). */
type ReturnedFromVendor = { since: string | null } | null;
function returnFromVendor(search: string): ReturnedFromVendor {
  const params = new URLSearchParams(search);
  return params.get('vendor') === 'done' ? { since: params.get('since') } : null;
}

/** Used when get-config cannot be read: the server's default limit (decision 006). */
const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The flows are chunks of their own (with the document rules, the camera and the request schemas),
 * loaded for the one the guard shows: a user sent to fill in personal information first, or shown
 * the level's status, loads none of them (issue 32: a third of the page's script).
 */
const Level1Flow = lazyWithPreload(() => import('./components/level1-flow.tsx').then((m) => ({ default: m.Level1Flow })));
const Level2Flow = lazyWithPreload(() => import('./components/level2-flow.tsx').then((m) => ({ default: m.Level2Flow })));
const VendorFlow = lazyWithPreload(() => import('./components/vendor-flow.tsx').then((m) => ({ default: m.VendorFlow })));

/** While the reads or the flow's chunk are on their way: one loading block, so nothing moves between the two. */
const FLOW_LOADING = <LoadingBlock lines={6} data-testid="flow-loading" />;

function preloadFlow(view: FlowView, level: VerifiableLevel): Promise<unknown> {
  if (view.kind === 'vendor') return VendorFlow.preload();
  if (view.kind === 'inHouse') return level === KycLevel.LEVEL_1 ? Level1Flow.preload() : Level2Flow.preload();
  return Promise.resolve();
}

/**
 * As the page starts (the route's preload): the reads the screen needs before it shows anything
 * (GuardedFlow's), then the chunk of the flow they say it shows.
 */
export async function preload(client: QueryClient, search: string): Promise<unknown> {
  const level = levelFromSearch(search);
  await Promise.allSettled([
    client.prefetchQuery(kycInfoQuery),
    client.prefetchQuery(kycProviderQuery(level)),
    client.prefetchQuery(personalInfoQuery),
    client.prefetchQuery(kycConfigQuery),
    client.prefetchQuery(countryListQuery),
  ]);
  const info = client.getQueryData(kycInfoQuery.queryKey);
  const personal = client.getQueryData(personalInfoQuery.queryKey);
  const chosen = client.getQueryData(kycProviderQuery(level).queryKey);
  if (!info || !personal || !chosen) return;
  // Without the member tag (the profile's, read alongside): a tag that hides the steps only means a
  // flow's chunk loaded for nothing.
  return preloadFlow(flowView({ info, level, hasPersonalInfo: !!personal.info, provider: chosen.provider }), level).catch(() => undefined);
}

/**
 * §2 kyc: document verification with the in-house provider (PROVIDER_DEFAULT). `?level=2` is the
 * proof of address; anything else level 1 (§3 flows). The guard shows the level's status instead of
 * the flow unless the step is ALLOW or FAILED_AND_CAN_RETRY.
 */
export default function KycScreen() {
  const { t } = useTranslation();
  const search = useSearch();
  const level = levelFromSearch(search);
  const step = stepFromSearch(search);
  const [submitted, setSubmitted] = useState<SubmitApplicationResult | null>(null);
  // Back from a vendor's hosted page (`vendor=done` in its return URL): wait for its result here.
  const returnedFromVendor = returnFromVendor(search);
  // The flow keeps its step in the address (use-flow-step.ts), so the title can name it: "Selfie · Verify your identity · Account".
  useDocumentTitle(submitted ? t('kyc.submitted.title') : step && t(`kyc.flow.steps.${step}`), t(`kyc.flow.title.${level}`));
  return (
    <section aria-labelledby="kyc-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('kyc.flow.backToOverview')}
        </Link>
        <h1 id="kyc-title" className="text-2xl font-semibold">
          {t(`kyc.flow.title.${level}`)}
        </h1>
        <p className="text-sm text-muted">{t(`kyc.flow.intro.${level}`)}</p>
      </div>
      {submitted ? <Submitted result={submitted} /> : <GuardedFlow level={level} onSubmitted={setSubmitted} returnedFromVendor={returnedFromVendor} />}
    </section>
  );
}

function Submitted({ result }: { result: SubmitApplicationResult }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="submitted">
      <div role="status" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">{t('kyc.submitted.title')}</h2>
          <StatusBadge status={result.status} />
        </div>
        <p className="text-muted">{t('kyc.submitted.body')}</p>
        <p className="text-sm" data-testid="what-next">
          {t('ux.next.submitted', { hours: USUAL_REVIEW_HOURS })}
        </p>
        <Link href="/personal" className={`${buttonVariants({ variant: 'primary' })} self-start`}>
          {t('kyc.flow.backToOverview')}
        </Link>
      </div>
    </Card>
  );
}

const VENDOR_POLL_MS = 3000;

function GuardedFlow({ level, onSubmitted, returnedFromVendor }: { level: 1 | 2; onSubmitted: (r: SubmitApplicationResult) => void; returnedFromVendor: ReturnedFromVendor }) {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user);
  const [wait, setWait] = useState<VendorWait>(returnedFromVendor ? { phase: 'sent', since: returnedFromVendor.since } : { phase: 'none' });
  const info = useKycInfo({ pollMs: wait.phase === 'none' ? false : VENDOR_POLL_MS });
  const current = info.data ? stepStatus(info.data.state, level) : null;
  const newest = info.data ? newestRejection(info.data, level) : null;
  // The vendor's result arrives by webhook: follow the level until it is decided (state adjusted
  // while rendering, React's pattern for state that follows what was read).
  if (current !== null) {
    const next = nextVendorWait(wait, current, newest);
    if (next !== wait) setWait(next);
  }
  // The wait is over: the return address's markers go, so a reload shows the level as it is.
  const [path, navigate] = useLocation();
  const backFromVendor = returnedFromVendor !== null;
  useEffect(() => {
    if (wait.phase === 'none' && backFromVendor) navigate(`${path}?level=${level}`, { replace: true });
  }, [wait.phase, backFromVendor, path, level, navigate]);
  const personal = usePersonalInfo();
  const provider = useKycProvider(level);
  const config = useKycConfig();
  const countries = useCountryList();

  const failed = [info, personal, provider].find((q) => q.isError);
  if (failed) {
    return (
      <LoadError
        title={t('kyc.overview.loadError')}
        error={failed.error}
        onRetry={() => {
          for (const q of [info, personal, provider]) if (q.isError) void q.refetch();
        }}
      />
    );
  }
  const data = info.data;
  const saved = personal.data;
  const chosen = provider.data;
  if (!data || !saved || !chosen) {
    return FLOW_LOADING;
  }

  const view = flowView({ info: data, level, memberTag: user.member_tag, hasPersonalInfo: !!saved.info, provider: chosen.provider });
  switch (view.kind) {
    case 'noSteps':
      return <StatusPanel title={t('kyc.next.NO_STEPS.title')} body={t('kyc.next.NO_STEPS.body')} />;
    case 'status': {
      const { status } = view;
      return (
        <StatusPanel
          title={t(`kyc.guard.${status}.title`, { level })}
          body={t(`kyc.guard.${status}.body`, { level })}
          status={status}
          next={GUARD_NEXT[status] ? t(wordingKey(GUARD_NEXT[status]!, isSdkUser(user)), { hours: USUAL_REVIEW_HOURS }) : undefined}
        >
          {status === StepStatus.FAILED_AND_CAN_NOT_RETRY ? (
            <>
              <RejectionReasons rejections={rejectionsOf(data, level)} final />
              {/* The body says to contact support once; this is how (it said so twice, with no way to). */}
              <div className="flex flex-wrap gap-x-4">
                <SupportLinks />
              </div>
            </>
          ) : null}
        </StatusPanel>
      );
    }
    case 'personalFirst':
      return (
        <StatusPanel
          title={t('kyc.guard.personalFirst.title')}
          body={t('kyc.guard.personalFirst.body')}
          action={{ href: '/personal', label: t('kyc.next.FILL_PERSONAL_INFO.action') }}
        />
      );
    case 'vendor': {
      if (wait.phase === 'sent') {
        const vendor = VENDOR_NAMES[view.provider];
        return (
          <StatusPanel title={t('vendor.waiting.title')} body={t('vendor.waiting.body', { vendor })} next={t('vendor.waiting.next', { vendor })}>
            <p role="status" className="text-sm text-muted">
              {t('vendor.waiting.checking', { vendor })}
            </p>
          </StatusPanel>
        );
      }
      return (
        <div className="flex flex-col gap-6">
          {view.status === StepStatus.FAILED_AND_CAN_RETRY ? <RetryNotice rejections={rejectionsOf(data, level)} /> : null}
          <Suspense fallback={FLOW_LOADING}>
            <VendorFlow level={level} provider={view.provider} onSubmitted={() => setWait({ phase: 'sent', known: newest, since: null })} />
          </Suspense>
        </div>
      );
    }
    case 'inHouse': {
      const maxBytes = config.data?.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
      const retrying = view.status === StepStatus.FAILED_AND_CAN_RETRY;
      return (
        <div className="flex flex-col gap-6">
          {retrying ? <RetryNotice rejections={rejectionsOf(data, level)} /> : null}
          <Suspense fallback={FLOW_LOADING}>
            {level === KycLevel.LEVEL_1 ? (
              <Level1Flow
                userId={user.id}
                personalInfo={saved.info!}
                countries={countries.data?.list}
                maxBytes={maxBytes}
                onSubmitted={onSubmitted}
                retryAt={retrying ? retryStep(rejectionsOf(data, level).map((r) => r.reasonCode)) : null}
              />
            ) : (
              <Level2Flow userId={user.id} personalInfo={saved.info} addressEditable={saved.addressEditable} countries={countries.data?.list} maxBytes={maxBytes} onSubmitted={onSubmitted} />
            )}
          </Suspense>
        </div>
      );
    }
  }
}

/** Above a new attempt after a retryable rejection (in-house or vendor): why the last one failed. */
function RetryNotice({ rejections }: { rejections: ReturnType<typeof rejectionsOf> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{t('kyc.flow.retryIntro')}</p>
      <RejectionReasons rejections={rejections} />
    </div>
  );
}
