import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AgreementProduct, EuMigration } from '../../../shared/extras.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { LoadError } from '../../components/ui/load-states.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Stepper } from '../../components/ui/stepper.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { useConfirmSatosToEu } from './api/confirm-satos-to-eu.ts';
import { useCustodyInfo } from './api/custody-info.ts';
import { useAgreements } from './api/product-agreements.ts';

const EU_TERMS = [AgreementProduct.SATOS_EU] as const;
const backClass = 'text-sm text-info underline-offset-2 hover:underline';

/**
 * The guided move of a Satos customer to the EU entity (§3 isDisplaySatosToEu; decision 025): what
 * changes, the EU entity's terms (read and accepted), the consent to pass the verified identity on,
 * then one confirmation that accepts the terms and moves the custody together.
 */
export default function SatosToEuScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('extras.satosToEu.title'));
  const custody = useCustodyInfo();
  const terms = useAgreements(EU_TERMS);
  const confirm = useConfirmSatosToEu();
  const [step, setStep] = useState(0);
  const [accepted, setAccepted] = useState(false);
  const [consent, setConsent] = useState(false);

  const heading = (
    <h1 id="satos-eu-title" className="text-2xl font-semibold">
      {t('extras.satosToEu.title')}
    </h1>
  );
  if (custody.isPending || terms.isPending) return <Skeleton className="h-64 w-full" />;
  if (custody.isError || terms.isError) {
    return <LoadError title={t('extras.satosToEu.title')} error={custody.error ?? terms.error} onRetry={() => void Promise.all([custody.refetch(), terms.refetch()])} />;
  }
  const back = (
    <Link href="/personal" className={backClass}>
      {t('extras.satosToEu.backToAccount')}
    </Link>
  );
  if (custody.data.custodyInfo?.euMigration === EuMigration.COMPLETED) {
    return (
      <section aria-labelledby="satos-eu-title" className="flex flex-col gap-4">
        {heading}
        <Alert variant="success" title={t('extras.satosToEu.doneTitle')}>
          {t('extras.satosToEu.doneBody')}
        </Alert>
        {back}
      </section>
    );
  }
  if (!custody.data.canMoveToEu) {
    return (
      <section aria-labelledby="satos-eu-title" className="flex flex-col gap-4">
        {heading}
        <p className="text-muted">{t('extras.satosToEu.notOffered')}</p>
        {back}
      </section>
    );
  }
  const current = terms.data.items[0]?.current ?? null;
  // A new version of the terms was published meanwhile (41002): back to the terms, to read it.
  const onConfirmError = (error: unknown) => {
    if (isApiError(error) && error.retCode === RetCode.AGREEMENT_VERSION_OUTDATED) {
      void terms.refetch();
      setAccepted(false);
      setStep(1);
    }
  };
  const steps = [
    { key: 'about', label: t('extras.satosToEu.stepAbout') },
    { key: 'terms', label: t('extras.satosToEu.stepTerms') },
    { key: 'consent', label: t('extras.satosToEu.stepConsent') },
  ];
  return (
    <section aria-labelledby="satos-eu-title" className="flex flex-col gap-4">
      {heading}
      <Stepper steps={steps} current={step} />
      {step === 0 ? (
        <Card title={t('extras.satosToEu.stepAbout')} footer={<Button variant="primary" onClick={() => setStep(1)}>{t('extras.satosToEu.next')}</Button>}>
          <p className="text-sm">{t('extras.satosToEu.aboutBody')}</p>
        </Card>
      ) : null}
      {step === 1 ? (
        <Card
          title={current ? current.title : t('extras.satosToEu.stepTerms')}
          footer={
            <div className="flex gap-2">
              <Button onClick={() => setStep(0)}>{t('extras.satosToEu.back')}</Button>
              <Button variant="primary" disabled={!current || !accepted} onClick={() => setStep(2)}>
                {t('extras.satosToEu.next')}
              </Button>
            </div>
          }
        >
          {current ? (
            <>
              <div className="max-h-64 overflow-y-auto rounded-btn border border-line bg-surface p-3 text-sm whitespace-pre-line" tabIndex={0}>
                {current.body}
              </div>
              <Checkbox className="mt-3" label={t('extras.satosToEu.termsLabel')} checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
            </>
          ) : (
            <Alert variant="warn">{t('extras.satosToEu.termsMissing')}</Alert>
          )}
        </Card>
      ) : null}
      {step === 2 && current ? (
        <Card
          title={t('extras.satosToEu.stepConsent')}
          footer={
            <div className="flex gap-2">
              <Button onClick={() => setStep(1)}>{t('extras.satosToEu.back')}</Button>
              <Button variant="primary" disabled={!consent} loading={confirm.isPending} onClick={() => confirm.mutate(current.version, { onError: onConfirmError })}>
                {t('extras.satosToEu.confirm')}
              </Button>
            </div>
          }
        >
          <p className="text-sm">{t('extras.satosToEu.consentBody')}</p>
          <Checkbox className="mt-3" label={t('extras.satosToEu.consentLabel')} checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          {confirm.isError ? (
            <Alert variant="error" className="mt-3">
              {errorMessage(t, confirm.error)}
            </Alert>
          ) : null}
        </Card>
      ) : null}
      {back}
    </section>
  );
}
