import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { KycTransferVerifyStatus } from '../../../../shared/api/identity-transfer.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { Facts } from '../components/facts.tsx';
import { countryLabel, formatCalendarDate, formatDateTime } from '../format.ts';

/** The subject of an IDENTITY_TRANSFER case (decision 029). */
export type IdentityTransferSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.IDENTITY_TRANSFER }>;

/**
 * What a reviewer decides on a transfer: whose verified identity moves from which site to which
 * account, and which rules asked for the look (both sides already confirmed with their codes).
 */
export function IdentityTransferMain({ subject }: { subject: IdentityTransferSubject }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const site = (value: string) => (value ? value : t('transfer.console.mainSite'));
  const { identity } = subject;
  return (
    <>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <Card title={t('transfer.console.source')} data-testid="transfer-source">
          <Facts stacked rows={[[t('transfer.console.email'), subject.source.email], [t('transfer.console.site'), site(subject.source.site)]]} />
        </Card>
        <Card title={t('transfer.console.target')} data-testid="transfer-target">
          <Facts stacked rows={[[t('transfer.console.email'), subject.target.email], [t('transfer.console.site'), site(subject.target.site)]]} />
        </Card>
      </div>
      <Card title={t('transfer.console.identity')}>
        <Facts
          rows={[
            [t('console.case.personal.firstName'), identity.firstName],
            [t('console.case.personal.lastName'), identity.lastName],
            [t('console.case.personal.dateOfBirth'), identity.dateOfBirth ? <time dateTime={identity.dateOfBirth}>{formatCalendarDate(identity.dateOfBirth, language)}</time> : ''],
            [t('console.case.personal.nationality'), identity.nationality ? countryLabel(identity.nationality, language) : ''],
            [t('transfer.console.residence'), identity.residenceCountry ? countryLabel(identity.residenceCountry, language) : ''],
            [t('transfer.console.level'), String(subject.level)],
            [t('transfer.console.started'), <time key="started" dateTime={subject.createdAt}>{formatDateTime(subject.createdAt, language)}</time>],
          ]}
        />
      </Card>
    </>
  );
}

const STATUS_TONE: Record<KycTransferVerifyStatus, BadgeTone> = {
  KYC_TRANSFER_VERIFY_STATUS_UNDEFINED: 'warn',
  KYC_TRANSFER_VERIFY_STATUS_PENDING: 'info',
  KYC_TRANSFER_VERIFY_STATUS_COMPLETE: 'success',
};

/** The side column: the §4 status now and the rules that asked for a reviewer. */
export function IdentityTransferAside({ subject }: { subject: IdentityTransferSubject }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('transfer.console.status')}>
        <Badge tone={STATUS_TONE[subject.status]}>{t(`transfer.status.${subject.status}`)}</Badge>
      </Card>
      <Card title={t('transfer.console.rules')}>
        <ul className="flex flex-col gap-1 text-sm" data-testid="transfer-rules">
          {subject.rules.map((rule) => (
            <li key={rule}>{t(`transfer.rules.${rule}`, { defaultValue: rule })}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}
