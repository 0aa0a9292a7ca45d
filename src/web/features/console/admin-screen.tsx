import { useTranslation } from 'react-i18next';
import { useConsoleTitle } from './use-console-title.ts';
import type { AuditChainReport } from '../../../shared/api/records.ts';
import { CONSOLE_ROLES, ConsoleRole, hasConsoleRole } from '../../../shared/staff.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { message } from '../../lib/notify/index.ts';
import { useRetention, useSetRole, useStaff, useVerifyAudit } from './api/admin.ts';
import { useConsoleMe } from './api/get-console-me.ts';
import { formatDateTime } from './format.ts';
import { RiskListsCard } from './components/risk-lists-card.tsx';
import { ScreeningListCard } from './components/screening-list-card.tsx';
import { LimitsCard, RatesCard } from './components/limits-card.tsx';
import { ReasonTemplatesCard } from './components/reason-templates-card.tsx';

/** The console members and their roles; an administrator changes one (the server audits it). */
function Members() {
  const { t } = useTranslation();
  const staff = useStaff();
  const setRole = useSetRole();
  if (staff.isPending) return <LoadingBlock><Skeleton className="h-24 w-full" /></LoadingBlock>;
  if (staff.isError) return <LoadError title={t('records.admin.membersError')} error={staff.error} onRetry={() => void staff.refetch()} />;
  const change = async (id: string, role: ConsoleRole) => {
    try {
      await setRole.mutateAsync({ id, role });
      message({ content: t('records.admin.roleChanged'), type: 'success' });
    } catch (e) {
      message({ content: errorMessage(t, e), type: 'error' });
    }
  };
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-start text-muted">
          <th className="py-2 text-start font-medium">{t('records.admin.email')}</th>
          <th className="py-2 text-start font-medium">{t('records.admin.role')}</th>
        </tr>
      </thead>
      <tbody>
        {staff.data.items.map((m) => (
          <tr key={m.id} className="border-t border-line">
            <td className="py-2 pe-3 break-all">{m.email}</td>
            <td className="py-2">
              <Select
                name={`role-${m.id}`}
                aria-label={t('records.admin.roleOf', { email: m.email })}
                value={m.role}
                disabled={setRole.isPending}
                onChange={(e) => void change(m.id, e.target.value as ConsoleRole)}
                options={CONSOLE_ROLES.map((r) => ({ value: r, label: t(`records.roles.${r}`) }))}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChainResult({ report }: { report: AuditChainReport }) {
  const { t, i18n } = useTranslation();
  if (report.ok) {
    return (
      <Alert variant="success" title={t('records.admin.chainOk')}>
        {t('records.admin.chainCounts', { entries: report.entries, streams: report.streams })}
      </Alert>
    );
  }
  const b = report.firstBroken!;
  return (
    <Alert variant="error" title={t('records.admin.chainBroken', { broken: report.brokenStreams })}>
      <p data-testid="first-broken">
        {t('records.admin.firstBroken', { stream: b.stream, seq: b.seq ?? '?', entry: b.entryId ?? '-', at: b.at ? formatDateTime(b.at, i18n.language) : '-' })}
      </p>
      <p>{t(`records.admin.problems.${b.problem}`)}</p>
    </Alert>
  );
}

/** The audit trail check: the whole hash chain, with the first broken link when there is one. */
function AuditCheck() {
  const { t } = useTranslation();
  const verify = useVerifyAudit();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('records.admin.chainIntro')}</p>
      <Button variant="primary" className="self-start" loading={verify.isPending} onClick={() => verify.mutate()}>
        {t('records.admin.verify')}
      </Button>
      {verify.data ? <ChainResult report={verify.data} /> : null}
      {verify.isError ? <Alert variant="error" title={t('records.admin.verifyFailed')}>{errorMessage(t, verify.error)}</Alert> : null}
    </div>
  );
}

/** The retention periods in force (configuration) and what the last runs of the job did. */
function Retention() {
  const { t, i18n } = useTranslation();
  const retention = useRetention();
  if (retention.isPending) return <LoadingBlock><Skeleton className="h-16 w-full" /></LoadingBlock>;
  if (retention.isError) return <LoadError title={t('records.admin.retentionError')} error={retention.error} onRetry={() => void retention.refetch()} />;
  const r = retention.data;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>{t('records.admin.retentionRules', { years: r.customerYears, months: r.rejectedMonths, minutes: r.jobIntervalMinutes })}</p>
      {r.runs.length === 0 ? (
        <p className="text-muted">{t('records.admin.noRuns')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {r.runs.map((run) => (
            <li key={run.id}>
              <time dateTime={run.startedAt}>{formatDateTime(run.startedAt, i18n.language)}</time>:{' '}
              {t('records.admin.runSummary', { closed: run.summary.closedAccountsErased ?? 0, rejected: run.summary.rejectedApplicantsErased ?? 0, documents: run.summary.documents ?? 0 })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Administration (decision 018): roles, the audit trail check, retention. For administrators; the server checks. */
export default function AdminScreen() {
  const { t } = useTranslation();
  useConsoleTitle(t('records.admin.title'));
  const me = useConsoleMe();
  if (me.data && !hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR)) {
    return <Alert variant="warn" title={t('records.admin.onlyAdmins')}>{t('records.admin.onlyAdminsBody')}</Alert>;
  }
  return (
    <section aria-labelledby="admin-title" className="flex flex-col gap-5">
      <h1 id="admin-title" className="text-2xl font-semibold">
        {t('records.admin.title')}
      </h1>
      <Card title={t('records.admin.members')}>
        <Members />
      </Card>
      <Card title={t('records.admin.auditTrail')}>
        <AuditCheck />
      </Card>
      <Card title={t('records.admin.retention')}>
        <Retention />
      </Card>
      <Card title={t('records.admin.screening.title')}>
        <ScreeningListCard />
      </Card>
      <Card title={t('records.admin.riskLists.title')}>
        <RiskListsCard />
      </Card>
      {/* Decision 040: withdrawal limits and fiat rates as data an administrator controls. */}
      <Card title={t('limits.console.title')}>
        <LimitsCard />
      </Card>
      <Card title={t('limits.console.ratesTitle')}>
        <RatesCard />
      </Card>
      {/* Decision 052: the message templates of the reject reasons, in every language a user may read. */}
      <Card title={t('console.reasonTemplates.title')} id="reason-templates">
        <ReasonTemplatesCard />
      </Card>
    </section>
  );
}
