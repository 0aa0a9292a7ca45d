import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { StepStatus, type VerifiableLevel } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../../lib/page/document-title.ts';
import { useKycInfo } from '../api/kyc-info.ts';
import { useSelfReset } from '../api/self-reset.ts';
import { levelFromSearch } from '../model/flow.ts';
import { stepStatus } from '../model/next-action.ts';

/**
 * §2 resetkyc (`?level=2` for level 2, else level 1): start a level over after a retryable rejection
 * (§7 self-reset), confirmed by the code the server e-mails (§8 30101: the first call mails it, the
 * second sends it). Only a FAILED_AND_CAN_RETRY level may be started over; the server checks again.
 */
export default function ResetKycScreen() {
  const { t } = useTranslation();
  const level = levelFromSearch(useSearch());
  const info = useKycInfo();
  useDocumentTitle(t('reverification.reset.title', { level }));
  let body;
  if (info.isPending) body = <LoadingBlock lines={4} data-testid="reset-loading" />;
  else if (info.isError) body = <LoadError title={t('kyc.overview.loadError')} error={info.error} onRetry={() => void info.refetch()} />;
  else if (stepStatus(info.data.state, level) !== StepStatus.FAILED_AND_CAN_RETRY) {
    body = (
      <Alert variant="info" role="status" data-testid="reset-not-allowed">
        {t('reverification.reset.notAllowed', { level })}
      </Alert>
    );
  } else body = <ResetForm level={level} />;
  return (
    <section aria-labelledby="reset-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('kyc.flow.backToOverview')}
        </Link>
        <h1 id="reset-title" className="text-2xl font-semibold">
          {t('reverification.reset.title', { level })}
        </h1>
      </div>
      {body}
    </section>
  );
}

function ResetForm({ level }: { level: VerifiableLevel }) {
  const { t } = useTranslation();
  const reset = useSelfReset();
  const [sentTo, setSentTo] = useState<{ email: string; minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate(sentTo ? { level, otp: code.trim() } : { level }, {
      onSuccess: () => setDone(true),
      onError: (err) => {
        // 30101 is the step asking for the code, not a failure: show where it went and ask for it.
        if (isApiError(err) && err.retCode === RetCode.OTP_REQUIRED) {
          const result = (err.response?.result ?? {}) as { email?: string; expiresInSeconds?: number };
          setSentTo({ email: result.email ?? '', minutes: Math.round((result.expiresInSeconds ?? 600) / 60) });
          reset.reset();
        }
      },
    });
  };

  if (done) {
    return (
      <div className="flex flex-col gap-4" data-testid="reset-done">
        <Alert variant="success" role="status">
          {t('reverification.reset.done', { level })}
        </Alert>
        <Link href={level === 2 ? '/kyc?level=2' : '/kyc'} className={`${buttonVariants({ variant: 'primary' })} w-full sm:w-auto sm:self-start`}>
          {t(`kyc.flow.title.${level}`)}
        </Link>
      </div>
    );
  }
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('reverification.reset.body')}</p>
        {sentTo ? (
          <>
            <p className="text-sm" role="status">
              {t('reverification.reset.sent', { email: sentTo.email, minutes: sentTo.minutes })}
            </p>
            <Field label={t('reverification.reset.code')} required>
              <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </Field>
          </>
        ) : null}
        {reset.isError ? <Alert variant="error">{errorMessage(t, reset.error)}</Alert> : null}
        <Button type="submit" variant="primary" loading={reset.isPending} disabled={Boolean(sentTo) && !/^\d{6}$/.test(code.trim())} className="w-full sm:w-auto sm:self-start">
          {sentTo ? t('reverification.reset.confirm') : t('reverification.reset.send')}
        </Button>
      </form>
    </Card>
  );
}
