import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { ConsoleCase } from '../../../shared/api/console.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Skeleton, SkeletonText } from '../../components/ui/skeleton.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { useCase } from './api/get-case.ts';
import { ApplicationStatusBadge } from './components/application-status-badge.tsx';
import { AuditHistory } from './components/audit-history.tsx';
import { DecisionPanel } from './components/decision-panel.tsx';
import { DecisionSummary } from './components/decision-summary.tsx';
import { DocumentGallery } from './components/document-gallery.tsx';
import { countryLabel, formatCalendarDate, formatDateTime, shortId } from './format.ts';
import { queueHref } from './queue-params.ts';
import { useSessionGuard } from './use-session-guard.ts';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';

/** A definition list of label/value rows; empty values say "not given" instead of leaving a gap. `stacked`: label above value (narrow columns). */
function Facts({ rows, stacked = false }: { rows: readonly [label: string, value: ReactNode][]; stacked?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 text-sm', stacked ? 'gap-y-0.5 [&>div>dd]:mb-2' : 'gap-y-2 sm:grid-cols-[max-content_1fr]')}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value === '' || value === null || value === undefined ? <span className="text-muted">{t('console.notProvided')}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link href={queueHref()} className="inline-flex items-center gap-1 self-start text-sm text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
      <span aria-hidden className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {t('console.case.back')}
    </Link>
  );
}

/**
 * One application as a reviewer decides it: what was submitted (personal data, document details,
 * the images), the decision (or the form to make it), the user's steps now, earlier applications
 * and the audit history.
 */
export default function CaseScreen() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const query = useCase(id);
  const sessionEnded = useSessionGuard(query.error);

  if (query.isPending || sessionEnded) {
    return (
      <LoadingBlock className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <SkeletonText lines={6} />
        <Skeleton className="h-48 w-full" />
      </LoadingBlock>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.retCode === RetCode.NOT_FOUND || query.error.retCode === RetCode.PARAMS_ERROR);
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        {missing ? (
          <Alert variant="warn" title={t('console.case.notFoundTitle')}>
            {t('console.case.notFoundBody')}
          </Alert>
        ) : (
          <LoadError title={t('console.case.error')} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }
  return <CaseView data={query.data} />;
}

function CaseView({ data }: { data: ConsoleCase }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { application, submitted, user } = data;
  const info = submitted.personalInfo;
  const country = (code: string) => (code ? countryLabel(code, language) : '');

  return (
    <article aria-labelledby="case-title" className="flex flex-col gap-5">
      <BackLink />
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="case-title" className="text-2xl font-semibold">
            {t('console.case.title', { level: application.level })}
          </h1>
          <ApplicationStatusBadge status={application.status} />
        </div>
        <p className="break-all text-muted">{user.email}</p>
      </header>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          <Card title={t('console.case.personal.title')}>
            <Facts
              rows={[
                [t('console.case.personal.firstName'), info.firstName],
                [t('console.case.personal.middleName'), info.middleName],
                [t('console.case.personal.lastName'), info.lastName],
                [t('console.case.personal.dateOfBirth'), info.dateOfBirth ? <time dateTime={info.dateOfBirth}>{formatCalendarDate(info.dateOfBirth, language)}</time> : ''],
                [t('console.case.personal.nationality'), country(info.nationality)],
                [t('console.case.personal.residenceCountry'), country(info.residenceCountry)],
                [t('console.case.personal.addressLine1'), info.addressLine1],
                [t('console.case.personal.addressLine2'), info.addressLine2],
                [t('console.case.personal.city'), info.city],
                [t('console.case.personal.stateRegion'), info.stateRegion],
                [t('console.case.personal.postalCode'), info.postalCode],
              ]}
            />
          </Card>

          {submitted.document ? (
            <Card title={t('console.case.document.title')}>
              <Facts
                rows={[
                  [t('console.case.document.type'), t(`console.documentTypes.${submitted.document.type}`, { defaultValue: submitted.document.type })],
                  [t('console.case.document.country'), country(submitted.document.country)],
                  [t('console.case.document.number'), submitted.document.number],
                ]}
              />
            </Card>
          ) : null}

          {submitted.proofOfAddress ? (
            <Card title={t('console.case.proofOfAddress.title')} description={t('console.case.proofOfAddress.compare')}>
              <Facts
                rows={[
                  [t('console.case.proofOfAddress.type'), t(`console.documentTypes.${submitted.proofOfAddress.type}`, { defaultValue: submitted.proofOfAddress.type })],
                  [
                    t('console.case.proofOfAddress.issuedOn'),
                    <time key="issued" dateTime={submitted.proofOfAddress.issuedOn}>
                      {formatCalendarDate(submitted.proofOfAddress.issuedOn, language)}
                    </time>,
                  ],
                ]}
              />
            </Card>
          ) : null}

          <Card title={t('console.documents.title')}>
            <DocumentGallery documents={data.documents} email={user.email} />
          </Card>

          <Card title={t('console.decision.title')} id="decision">
            <DecisionPanel data={data} />
          </Card>

          <Card title={t('console.history.title')}>
            <AuditHistory entries={data.history} />
          </Card>
        </div>

        <aside className="flex min-w-0 flex-col gap-5" aria-label={t('console.case.aside')}>
          <Card title={t('console.case.summary.title')}>
            <Facts
              stacked
              rows={[
                [t('console.case.summary.id'), <span key="id" title={application.id} className="font-mono text-xs break-all">{application.id}</span>],
                [t('console.case.summary.user'), <span key="user" className="break-all">{user.email}</span>],
                [t('console.case.summary.userId'), <span key="uid" className="font-mono text-xs break-all">{user.id}</span>],
                [t('console.case.summary.accountCreated'), <time key="created" dateTime={user.createdAt}>{formatDateTime(user.createdAt, language)}</time>],
                [t('console.case.summary.level'), t('console.level', { level: application.level })],
                [t('console.case.summary.provider'), t(`console.providers.${application.provider}`, { defaultValue: application.provider })],
                [t('console.case.summary.submittedAt'), <time key="submitted" dateTime={application.submittedAt}>{formatDateTime(application.submittedAt, language)}</time>],
                [
                  t('console.case.summary.decidedAt'),
                  application.decidedAt ? (
                    <time key="decided" dateTime={application.decidedAt}>
                      {formatDateTime(application.decidedAt, language)}
                    </time>
                  ) : (
                    <span key="decided" className="text-muted">
                      {t('console.case.summary.notDecided')}
                    </span>
                  ),
                ],
              ]}
            />
          </Card>

          <Card title={t('console.case.steps.title')}>
            <ul className="flex flex-col gap-2 text-sm" data-testid="case-steps">
              {data.steps.map((step) => (
                <li key={step.level} className="flex items-center justify-between gap-3">
                  <span>{t('console.level', { level: step.level })}</span>
                  <StatusBadge status={step.status} />
                </li>
              ))}
            </ul>
          </Card>

          <Card title={t('console.case.previous.title')}>
            {data.previous.length === 0 ? (
              <p className="text-sm text-muted">{t('console.case.previous.none')}</p>
            ) : (
              <ul className="flex flex-col gap-4">
                {data.previous.map((p) => (
                  <li key={p.id} className="flex flex-col gap-2 border-t border-line pt-3 first:border-t-0 first:pt-0">
                    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <Link href={`/applications/${p.id}`} className="font-medium text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                        {t('console.case.previous.open', { level: p.level, id: shortId(p.id) })}
                      </Link>
                      <ApplicationStatusBadge status={p.status} />
                    </div>
                    <p className="text-sm text-muted">
                      {t('console.case.summary.submittedAt')}: <time dateTime={p.submittedAt}>{formatDateTime(p.submittedAt, language)}</time>
                    </p>
                    {p.decision ? <DecisionSummary decision={p.decision} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </aside>
      </div>
    </article>
  );
}
