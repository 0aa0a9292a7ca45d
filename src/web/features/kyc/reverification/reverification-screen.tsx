import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LIMITATION_REVERIFICATION_OVERDUE, type ReverificationInfo } from '../../../../shared/api/reverification.ts';
import type { KycLevel } from '../../../../shared/kyc.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../../lib/page/document-title.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { useKycInfo } from '../api/kyc-info.ts';
import { usePersonalInfo } from '../api/personal-info.ts';
import { quotaFor, quotaView } from '../model/quotas.ts';
import { useResetEuPoi, useReverification } from './api/reverification.ts';
import { ComplianceNotice } from './components/compliance-notice.tsx';
import { UpdatePanel } from './components/update-panel.tsx';
import { anyTurkey, earliestDeadline, visibleItems } from './model/panel.ts';

/**
 * §2 reverification (titled 'reverification'): the compliance notice, one §4 status panel per
 * document asked for again, the quota of the applicant's level in BTC, the overdue limitation and
 * the EU entity's identity reset (§7 reset-eu-poi) when offered.
 */
export default function ReverificationScreen() {
  const { t } = useTranslation();
  const query = useReverification();
  useDocumentTitle(t('reverification.title'));
  return (
    <section aria-labelledby="reverification-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('reverification.back')}
        </Link>
        <h1 id="reverification-title" className="text-2xl font-semibold">
          {t('reverification.title')}
        </h1>
      </div>
      {query.isPending ? (
        <LoadingBlock lines={6} data-testid="reverification-loading" />
      ) : query.isError ? (
        <LoadError title={t('kyc.overview.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Content info={query.data} />
      )}
    </section>
  );
}

function Content({ info }: { info: ReverificationInfo }) {
  const { t } = useTranslation();
  const items = visibleItems(info.items);
  const personal = usePersonalInfo();
  const overdue = info.limitation === LIMITATION_REVERIFICATION_OVERDUE ? info.items.find((i) => i.request?.overdue) : undefined;
  if (items.length === 0 && !info.euPoiReset) {
    return (
      <Alert variant="success" data-testid="nothing-to-do">
        {t('reverification.none')}
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {items.length > 0 ? <p className="text-muted">{t('reverification.intro')}</p> : null}
      {overdue ? (
        <Alert variant="error" title={t('reverification.overdue.title')} data-testid="overdue">
          {t('reverification.overdue.body', { document: t(`reverification.target.${overdue.target}`) })}
        </Alert>
      ) : null}
      {info.euPoiReset && !items.some((i) => i.target === 'POI') ? <EuReset /> : null}
      {items.length > 0 ? <ComplianceNotice deadline={earliestDeadline(items)} turkey={anyTurkey(items)} nationality={personal.data?.info?.nationality ?? null} /> : null}
      {items.map((item) => (
        <UpdatePanel key={item.target} item={item} />
      ))}
      <QuotaLine level={info.level} />
    </div>
  );
}

/** §2: "the quota view uses the BTC coin limit for the applicant's level" (from kyc-info's quotas). */
function QuotaLine({ level }: { level: KycLevel }) {
  const { t, i18n } = useTranslation();
  const info = useKycInfo();
  const rate = useGlobalStore((s) => s.rate);
  const currency = useGlobalStore((s) => s.fiat.currency);
  const quota = quotaFor(info.data?.quotas, level);
  if (!quota) return null;
  const view = quotaView(quota, { rate, currency, locale: i18n.resolvedLanguage ?? i18n.language ?? 'en' });
  if (!view.btc) return null;
  return (
    <p className="text-sm" data-testid="reverification-quota">
      {t('reverification.quota', { limit: view.btc })}
    </p>
  );
}

/** §7 reset-eu-poi: an EU-site account verifies its identity again with the EU entity. */
function EuReset() {
  const { t } = useTranslation();
  const reset = useResetEuPoi();
  return (
    <Alert
      variant="info"
      role="note"
      title={t('reverification.euReset.title')}
      data-testid="eu-reset"
      action={
        <Button variant="primary" loading={reset.isPending} onClick={() => reset.mutate()}>
          {t('reverification.euReset.action')}
        </Button>
      }
    >
      <p>{t('reverification.euReset.body')}</p>
      {reset.isError ? (
        <p role="alert" className="mt-2 text-danger">
          {errorMessage(t, reset.error)}
        </p>
      ) : null}
    </Alert>
  );
}

