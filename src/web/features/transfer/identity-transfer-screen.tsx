import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TransferPhase, type TransferView } from '../../../shared/api/identity-transfer.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { useStartTransfer, useTransferStatus, useVerifyTransfer } from './api/transfer.ts';

/**
 * Identity transfer (beyond §2; §7 /v1/kyc/identity, transfer/verify, transfer/status; decision 029):
 * the verified account consents and confirms with an e-mailed code, the receiving account confirms
 * with its own, then the identity moves (or a reviewer looks first). One page for both sides: the
 * server says which side the signed-in account is and whether it has something to do.
 */
export default function IdentityTransferScreen() {
  const { t } = useTranslation();
  const status = useTransferStatus();
  useDocumentTitle(t('transfer.title'));
  let body;
  if (status.isPending) body = <LoadingBlock lines={4} data-testid="transfer-loading" />;
  else if (status.isError) body = <LoadError title={t('transfer.loadError')} error={status.error} onRetry={() => void status.refetch()} />;
  else body = <TransferBody transfer={status.data.transfer} />;
  return (
    <section aria-labelledby="transfer-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('kyc.flow.backToOverview')}
        </Link>
        <h1 id="transfer-title" className="text-2xl font-semibold">
          {t('transfer.title')}
        </h1>
      </div>
      {body}
    </section>
  );
}

function TransferBody({ transfer }: { transfer: TransferView | null }) {
  const { t } = useTranslation();
  if (!transfer || transfer.phase === TransferPhase.CANCELLED || transfer.phase === TransferPhase.REJECTED) {
    return (
      <>
        {transfer?.phase === TransferPhase.REJECTED ? (
          <Alert variant="warn" role="status" data-testid="transfer-rejected">
            {t('transfer.rejected')}
          </Alert>
        ) : null}
        <StartForm />
      </>
    );
  }
  if (transfer.phase === TransferPhase.COMPLETED) {
    return (
      <div className="flex flex-col gap-4" data-testid="transfer-complete">
        <Alert variant="success" role="status">
          {t(`transfer.complete.${transfer.side}`, { email: transfer.counterpart })}
        </Alert>
        <Link href="/personal" className={`${buttonVariants({ variant: 'primary' })} w-full sm:w-auto sm:self-start`}>
          {t('kyc.flow.backToOverview')}
        </Link>
      </div>
    );
  }
  if (transfer.actionRequired) return <CodeStep transfer={transfer} />;
  if (transfer.phase === TransferPhase.IN_REVIEW) {
    return (
      <Alert variant="info" role="status" data-testid="transfer-in-review">
        {t('transfer.inReview')}
      </Alert>
    );
  }
  // Waiting for the other account: say what it has to do.
  return (
    <Alert variant="info" role="status" data-testid="transfer-waiting">
      {t(`transfer.waiting.${transfer.side}`, { email: transfer.counterpart })}
    </Alert>
  );
}

function StartForm() {
  const { t } = useTranslation();
  const start = useStartTransfer();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate(email.trim());
  };
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('transfer.start.body')}</p>
        <Field label={t('transfer.start.email')} required>
          <TextInput type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Checkbox label={t('transfer.start.consent')} checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        {start.isError ? <Alert variant="error">{errorMessage(t, start.error)}</Alert> : null}
        <Button type="submit" variant="primary" loading={start.isPending} disabled={!consent || !email.includes('@')} className="w-full sm:w-auto sm:self-start">
          {t('transfer.start.submit')}
        </Button>
      </form>
    </Card>
  );
}

function CodeStep({ transfer }: { transfer: TransferView }) {
  const { t } = useTranslation();
  const verify = useVerifyTransfer();
  const [sentTo, setSentTo] = useState<{ email: string; minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate(sentTo ? { transferId: transfer.transferId, side: transfer.side, code: code.trim() } : { transferId: transfer.transferId, side: transfer.side }, {
      onError: (err) => {
        // 30101 is the step asking for the code, not a failure: show where it went and ask for it.
        if (isApiError(err) && err.retCode === RetCode.OTP_REQUIRED) {
          const result = (err.response?.result ?? {}) as { email?: string; expiresInSeconds?: number };
          setSentTo({ email: result.email ?? '', minutes: Math.round((result.expiresInSeconds ?? 600) / 60) });
          verify.reset();
        }
      },
    });
  };
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="transfer-code-step">
        <p className="text-sm">{t(`transfer.code.intro.${transfer.side}`, { email: transfer.counterpart })}</p>
        {sentTo ? (
          <>
            <p className="text-sm" role="status">
              {t('transfer.code.sent', { email: sentTo.email, minutes: sentTo.minutes })}
            </p>
            <Field label={t('transfer.code.label')} required>
              <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </Field>
          </>
        ) : null}
        {verify.isError ? <Alert variant="error">{errorMessage(t, verify.error)}</Alert> : null}
        <Button type="submit" variant="primary" loading={verify.isPending} disabled={Boolean(sentTo) && !/^\d{6}$/.test(code.trim())} className="w-full sm:w-auto sm:self-start">
          {sentTo ? t('transfer.code.confirm') : t('transfer.code.send')}
        </Button>
      </form>
    </Card>
  );
}
