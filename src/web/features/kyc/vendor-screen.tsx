import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QuickKycBlock, QuickKycOutcome, type CanQuickKycResult, type DoQuickKycResult } from '../../../shared/api/quick-kyc.ts';
import { KycLevel } from '../../../shared/kyc.ts';
import { ID_NUMBER_RULES, idNumberIssue, normalizeIdNumber, type QuickKycIdType } from '../../../shared/quick-kyc.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessage, fieldIssues, validationMessage } from '../../lib/i18n/error-message.ts';
import { isSdkUser } from '../../lib/container/index.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { useGlobalStore } from '../../store/global.ts';
import { useCanQuickKyc } from './api/can-quick-kyc.ts';
import { useDoQuickKyc } from './api/do-quick-kyc.ts';
import { flowHref } from './model/flow.ts';
import { wordingKey } from './model/sdk-wording.ts';

const DOCUMENT_PATH = flowHref(KycLevel.LEVEL_1);
const link = 'text-sm font-medium text-primary-ink underline underline-offset-2';

/**
 * §2 vendor: non-document verification — level 1 by an identity number (Nigeria's BVN or NIN, South
 * Africa's ID number, Brazil's CPF) that the provider checks against a registry with the saved name
 * and date of birth (decision 019). Not eligible: says why, with the way on (the document path, or
 * the personal information first). After the check: level 1 reached, or why not and the document path.
 */
export default function VendorScreen() {
  const { t } = useTranslation();
  const offer = useCanQuickKyc();
  const check = useDoQuickKyc();
  useDocumentTitle(t('quick-kyc.title'));
  let content;
  if (check.data) content = <Outcome result={check.data} onTryAgain={() => check.reset()} />;
  else if (offer.isError) content = <LoadError title={t('quick-kyc.loadError')} error={offer.error} onRetry={() => void offer.refetch()} />;
  else if (!offer.data) content = <LoadingBlock lines={4} data-testid="quick-kyc-loading" />;
  else if (!offer.data.eligible) content = <NotEligible offer={offer.data} />;
  else content = <NumberForm offer={offer.data} check={check} />;
  return (
    <section aria-labelledby="quick-kyc-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className={`self-start ${link}`}>
          {t('kyc.flow.backToOverview')}
        </Link>
        <h1 id="quick-kyc-title" className="text-2xl font-semibold">
          {t('quick-kyc.title')}
        </h1>
        <p className="text-sm text-muted">{t('quick-kyc.intro')}</p>
      </div>
      {content}
    </section>
  );
}

/** Why the quick path is closed, and where to go instead. */
function NotEligible({ offer }: { offer: CanQuickKycResult }) {
  const { t } = useTranslation();
  const reason = offer.reason ?? QuickKycBlock.LEVEL_NOT_OPEN;
  const hours = Math.ceil(offer.retryAfterSeconds / 3600);
  const action =
    reason === QuickKycBlock.PERSONAL_INFO_MISSING
      ? { href: '/personal', label: t('quick-kyc.blocked.PERSONAL_INFO_MISSING.action') }
      : reason === QuickKycBlock.LEVEL_NOT_OPEN || reason === QuickKycBlock.NO_STEPS
        ? { href: '/personal', label: t('kyc.flow.backToOverview') }
        : { href: DOCUMENT_PATH, label: t('quick-kyc.documentPath') };
  return (
    <Card data-testid="quick-kyc-blocked" data-reason={reason}>
      <div role="status" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">{t(`quick-kyc.blocked.${reason}.title`)}</h2>
          {reason === QuickKycBlock.LEVEL_NOT_OPEN ? <StatusBadge status={offer.status} /> : null}
        </div>
        <p className="text-muted">{t(`quick-kyc.blocked.${reason}.body`, { hours })}</p>
        <Link href={action.href} className={`${buttonVariants({ variant: 'primary' })} self-start`}>
          {action.label}
        </Link>
      </div>
    </Card>
  );
}

/** The number: which kind (when the country offers several), typed with format help; checked here first. */
function NumberForm({ offer, check }: { offer: CanQuickKycResult; check: ReturnType<typeof useDoQuickKyc> }) {
  const { t } = useTranslation();
  const [idType, setIdType] = useState<QuickKycIdType>(offer.idTypes[0]!);
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const label = t(`quick-kyc.idType.${idType}.label`);
  const serverIssue = fieldIssues(check.error).find((f) => f.path === 'idNumber' || f.path === 'idType');
  const fieldError = localError ?? (serverIssue ? validationMessage(t, serverIssue.code, label, serverIssue.params) : null);
  const otherError = check.isError && !serverIssue ? errorMessage(t, check.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = normalizeIdNumber(value.trim());
    // The same rule as the server (shared/quick-kyc.ts): a typing mistake never costs an attempt.
    const issue = digits ? idNumberIssue(idType, digits) : { code: 'required' };
    if (issue) {
      setLocalError(validationMessage(t, issue.code, label, 'params' in issue ? issue.params : {}));
      return;
    }
    setLocalError(null);
    check.mutate({ idType, idNumber: digits });
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-describedby="quick-kyc-how">
        <p id="quick-kyc-how" className="text-sm">
          {t('quick-kyc.how')}
        </p>
        {offer.idTypes.length > 1 ? (
          <RadioGroup
            legend={t('quick-kyc.chooseType')}
            name="idType"
            value={idType}
            onValueChange={(v) => {
              setIdType(v);
              setLocalError(null);
              check.reset();
            }}
            options={offer.idTypes.map((type) => ({ value: type, label: t(`quick-kyc.idType.${type}.label`), description: t(`quick-kyc.idType.${type}.about`) }))}
            columns={2}
            disabled={check.isPending}
          />
        ) : null}
        <Field label={label} hint={t(`quick-kyc.idType.${idType}.hint`, { digits: ID_NUMBER_RULES[idType].digits })} error={fieldError} required>
          <TextInput
            name="idNumber"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            value={value}
            disabled={check.isPending}
            onChange={(e) => {
              setValue(e.target.value);
              if (localError) setLocalError(null);
            }}
          />
        </Field>
        <p className="text-sm text-muted" data-testid="attempts-left">
          {t('quick-kyc.attemptsLeft', { count: offer.attemptsLeft })}
        </p>
        {otherError ? (
          <Alert variant="error" role="alert">
            {otherError}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="primary" loading={check.isPending}>
            {check.isPending ? t('quick-kyc.checking') : t('quick-kyc.submit')}
          </Button>
          <Link href={DOCUMENT_PATH} className={link}>
            {t('quick-kyc.documentPathInstead')}
          </Link>
        </div>
      </form>
    </Card>
  );
}

/** What the registry said: level 1 reached and what is next, or why not and the way on. */
function Outcome({ result, onTryAgain }: { result: DoQuickKycResult; onTryAgain: () => void }) {
  const { t } = useTranslation();
  // The embedded flow has no limits to raise (decision 047).
  const sdk = useGlobalStore((st) => isSdkUser(st.user));
  if (result.outcome === QuickKycOutcome.APPROVED) {
    return (
      <Card data-testid="quick-kyc-outcome" data-outcome={result.outcome}>
        <div role="status" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">{t('quick-kyc.outcome.APPROVED.title')}</h2>
            <StatusBadge status={result.status} />
          </div>
          <p className="text-muted">{t('quick-kyc.outcome.APPROVED.body', { number: result.maskedNumber, type: t(`quick-kyc.idType.${result.idType}.label`) })}</p>
          <p className="text-sm" data-testid="what-next">
            {t(wordingKey('quick-kyc.outcome.APPROVED.next', sdk))}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href={flowHref(KycLevel.LEVEL_2)} className={buttonVariants({ variant: 'primary' })}>
              {t('quick-kyc.outcome.APPROVED.action')}
            </Link>
            <Link href="/personal" className={buttonVariants({ variant: 'default' })}>
              {t('kyc.flow.backToOverview')}
            </Link>
          </div>
        </div>
      </Card>
    );
  }
  return (
    <Card data-testid="quick-kyc-outcome" data-outcome={result.outcome}>
      <div role="status" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">{t(`quick-kyc.outcome.${result.outcome}.title`)}</h2>
          <StatusBadge status={result.status} />
        </div>
        <p>{t(`quick-kyc.outcome.${result.outcome}.body`, { number: result.maskedNumber, type: t(`quick-kyc.idType.${result.idType}.label`) })}</p>
        <p className="text-sm" data-testid="what-next">
          {t('quick-kyc.outcome.rejectedNext', { count: result.attemptsLeft })}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link href={DOCUMENT_PATH} className={buttonVariants({ variant: 'primary' })}>
            {t('quick-kyc.documentPath')}
          </Link>
          {result.attemptsLeft > 0 ? (
            <Button variant="default" onClick={onTryAgain}>
              {t('quick-kyc.tryAgain')}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
