import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { ApplicationStatus } from '../../../../shared/api/applications.ts';
import { targetOfLevel } from '../../../../shared/api/reverification.ts';
import { Card } from '../../../components/ui/card.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { DecisionSummary } from '../components/decision-summary.tsx';
import { DocumentGallery } from '../components/document-gallery.tsx';
import { Facts } from '../components/facts.tsx';
import { SelfieChecks } from '../components/selfie-checks.tsx';
import { CaseStatusBadge } from '../components/status-badge.tsx';
import { countryLabel, formatCalendarDate, formatDateTime, secondsSince, shortId } from '../format.ts';
import { caseHref } from '../queue-params.ts';

/** The subject of a KYC_APPLICATION case: the application, what it was submitted with, the user's steps and other applications. */
export type KycApplicationSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.KYC_APPLICATION }>;

/**
 * What a reviewer compares: the personal data as submitted (the snapshot taken at submission, not
 * today's profile), the identity document's type / issuing country / number, or for level 2 the
 * proof-of-address type and date next to the address, and the images.
 */
export function KycApplicationMain({ subject, email, userId }: { subject: KycApplicationSubject; email: string; userId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { submitted } = subject;
  const info = submitted.personalInfo;
  const country = (code: string) => (code ? countryLabel(code, language) : '');
  return (
    <>
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
            // Issue 30: the optional mobile number, with the country whose dial code it takes.
            [t('limits.mobile.console'), info.mobileNumber ? <span dir="ltr" data-testid="case-mobile">{`${country(info.mobileCountry)}: ${info.mobileNumber}`}</span> : ''],
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
        <DocumentGallery documents={subject.documents} email={email} />
      </Card>

      {/* The in-house capture's aids (decision 023): face match and liveness; they never decide. */}
      <SelfieChecks documents={subject.documents} level={subject.application.level} userId={userId} />
    </>
  );
}

/** The side column's part of a KYC case: the user's steps now and the user's other applications, each linking to its case. */
export function KycApplicationAside({ subject, email }: { subject: KycApplicationSubject; email: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const approved = subject.application.status === ApplicationStatus.APPROVED;
  return (
    <>
      {approved ? (
        // Decision 017: a verified document can be asked for again (the request form, filled in).
        <Link
          href={`/reverification?${new URLSearchParams({ email, target: targetOfLevel(subject.application.level) }).toString()}`}
          className="self-start text-sm font-medium text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t('reverification.console.askAgain')}
        </Link>
      ) : null}
      {/* Decision 027: ask this user a question or for a document (the form, filled in). */}
      <Link
        href={`/rfi?${new URLSearchParams({ email }).toString()}`}
        className="self-start text-sm font-medium text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        {t('compliance.console.title')}
      </Link>
      {approved ? (
        // Decision 028: a verified client can be put into enhanced due diligence (the form, filled in).
        <Link
          href={`/edd?${new URLSearchParams({ email }).toString()}`}
          className="self-start text-sm font-medium text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t('edd.console.requireFromCase')}
        </Link>
      ) : null}
      <Card title={t('console.case.steps.title')}>
        <ul className="flex flex-col gap-2 text-sm" data-testid="case-steps">
          {subject.steps.map((step) => (
            <li key={step.level} className="flex items-center justify-between gap-3">
              <span>{t('console.level', { level: step.level })}</span>
              <StatusBadge status={step.status} />
            </li>
          ))}
        </ul>
      </Card>

      <Card title={t('console.case.previous.title')}>
        {subject.previous.length === 0 ? (
          <p className="text-sm text-muted">{t('console.case.previous.none')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {subject.previous.map((p) => {
              const label = t('console.case.previous.open', { level: p.level, id: shortId(p.caseId ?? p.id) });
              return (
                <li key={p.id} className="flex flex-col gap-2 border-t border-line pt-3 first:border-t-0 first:pt-0">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    {p.caseId ? (
                      <Link href={caseHref(p.caseId)} className="font-medium text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                        {label}
                      </Link>
                    ) : (
                      // An application without a case (none is opened for it): nothing to open.
                      <span className="font-medium">{label}</span>
                    )}
                    <CaseStatusBadge status={p.status} />
                  </div>
                  <p className="text-sm text-muted">
                    {t('console.case.summary.submittedAt')}: <time dateTime={p.submittedAt}>{formatDateTime(p.submittedAt, language)}</time>
                  </p>
                  {p.decision ? <DecisionSummary decision={p.decision} secondsToDecision={secondsSince(p.submittedAt, Date.parse(p.decision.decidedAt))} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </>
  );
}
