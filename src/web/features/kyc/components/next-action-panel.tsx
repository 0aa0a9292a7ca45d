import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { USUAL_REVIEW_HOURS } from '../../../../shared/review-time.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { Alert, type AlertVariant } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { LazyDialog } from '../../../components/ui/lazy-dialog.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { isApiError } from '../../../lib/http/index.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { Field } from '../../../components/ui/field.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { message } from '../../../lib/notify/index.ts';
import { useSelfReset } from '../api/self-reset.ts';
import { isSdkUser } from '../../../lib/container/index.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { flowHref } from '../model/flow.ts';
import { wordingKey } from '../model/sdk-wording.ts';
import { NextActionKind, type NextAction, type RejectionView } from '../model/next-action.ts';
import { RejectionReasons } from './rejection-reasons.tsx';
import { SupportLinks } from './support-links.tsx';

/** The end states say what happens next (and, while waiting, how long a review usually takes). */
const WHAT_NEXT: Partial<Record<NextActionKind, string>> = {
  WAIT_FOR_REVIEW: 'ux.next.pending',
  RESUBMIT: 'ux.next.retry',
  FINAL_REJECTION: 'ux.next.final',
  DONE: 'ux.next.approved',
};

/**
 * On phones the overview is long: the button into a flow stays in reach in a bar at the bottom of
 * the screen (the same element, fixed below the sm breakpoint and in place above it, so it is one
 * button for assistive technology). "Add personal information" stays in place: its form is on the page.
 */
const STICKY_ON_PHONES =
  'max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:m-0 max-sm:border-t max-sm:border-line max-sm:bg-white max-sm:p-3 max-sm:shadow-[0_-4px_12px_rgb(0_0_0/0.08)] flex flex-wrap gap-2';

const VARIANT: Record<NextActionKind, AlertVariant> = {
  NO_STEPS: 'info',
  FILL_PERSONAL_INFO: 'info',
  VERIFY_IDENTITY: 'info',
  WAIT_FOR_REVIEW: 'info',
  RESUBMIT: 'warn',
  FINAL_REJECTION: 'error',
  PROOF_OF_ADDRESS: 'info',
  DISABLED: 'warn',
  NOT_AVAILABLE: 'info',
  DONE: 'success',
};


export interface NextActionPanelProps {
  action: NextAction;
  /** The rejections of the action's level (RESUBMIT, FINAL_REJECTION). */
  rejections: readonly RejectionView[];
  /** FILL_PERSONAL_INFO: takes the user to the form. */
  onFillPersonalInfo: () => void;
}

/** "What to do next" on the overview: one message, its reasons, and the one button that moves the user on. */
export function NextActionPanel({ action, rejections, onFillPersonalInfo }: NextActionPanelProps) {
  const { t } = useTranslation();
  const { kind, level } = action;
  const key = `kyc.next.${kind}`;
  const sdk = useGlobalStore((s) => isSdkUser(s.user));
  const primary = buttonVariants({ variant: 'primary' });
  let buttons: ReactNode;
  switch (kind) {
    case NextActionKind.FILL_PERSONAL_INFO:
      buttons = (
        <Button variant="primary" onClick={onFillPersonalInfo}>
          {t(`${key}.action`)}
        </Button>
      );
      break;
    case NextActionKind.VERIFY_IDENTITY:
    case NextActionKind.PROOF_OF_ADDRESS:
      buttons = (
        <div className={STICKY_ON_PHONES} data-testid="primary-action" data-sticky-action>
          <Link href={flowHref(level)} className={`${primary} max-sm:flex-1`}>
            {t(`${key}.action`)}
          </Link>
        </div>
      );
      break;
    case NextActionKind.RESUBMIT:
      buttons = (
        <div className={STICKY_ON_PHONES} data-testid="primary-action" data-sticky-action>
          <Link href={flowHref(level)} className={`${primary} max-sm:flex-1`}>
            {t(`${key}.action`)}
          </Link>
          <StartOver level={level} />
        </div>
      );
      break;
    case NextActionKind.FINAL_REJECTION:
      buttons = <SupportLinks />;
      break;
    default:
      buttons = null;
  }
  return (
    // scroll-mt: scrolled to the top after the first save (kyc-overview.tsx), the panel stays below the
    // "saved" message shown at the top, which covered its button.
    <section aria-labelledby="next-action-title" data-testid="next-action" data-kind={kind} className="flex scroll-mt-16 flex-col gap-3">
      <Alert variant={VARIANT[kind]} role="status" action={buttons}>
        <h3 id="next-action-title" className="text-base font-semibold">
          {t(wordingKey(`${key}.title`, sdk), { level })}
        </h3>
        <p className="mt-1">{t(wordingKey(`${key}.body`, sdk), { level })}</p>
        {WHAT_NEXT[kind] ? (
          <p className="mt-2 text-sm" data-testid="what-next">
            {t(wordingKey(WHAT_NEXT[kind]!, sdk), { hours: USUAL_REVIEW_HOURS })}
          </p>
        ) : null}
      </Alert>
      {kind === NextActionKind.RESUBMIT || kind === NextActionKind.FINAL_REJECTION ? (
        <RejectionReasons rejections={rejections} final={kind === NextActionKind.FINAL_REJECTION} />
      ) : null}
    </section>
  );
}

/**
 * Self-reset (§7): FAILED_AND_CAN_RETRY -> ALLOW, after a confirmation saying what it discards and
 * the code the server e-mails for it (§8 30101: the first call mails it, the second sends it).
 */
function StartOver({ level }: { level: VerifiableLevel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const reset = useSelfReset();
  const close = () => {
    setOpen(false);
    setSentTo(null);
    setCode('');
    reset.reset();
  };
  const confirm = () =>
    reset.mutate(sentTo ? { level, otp: code.trim() } : { level }, {
      onSuccess: () => {
        close();
        message({ content: t('kyc.reset.done', { level }), type: 'success' });
      },
      onError: (err) => {
        if (isApiError(err) && err.retCode === RetCode.OTP_REQUIRED) {
          const result = (err.response?.result ?? {}) as { email?: string; expiresInSeconds?: number };
          setSentTo({ email: result.email ?? '', minutes: Math.round((result.expiresInSeconds ?? 600) / 60) });
          reset.reset();
        }
      },
    });
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('kyc.next.RESUBMIT.startOver')}
      </Button>
      <LazyDialog
        open={open}
        onClose={() => {
          if (!reset.isPending) close();
        }}
        title={t('kyc.reset.title', { level })}
        description={t('kyc.reset.body')}
        footer={
          <>
            <Button variant="default" onClick={close} disabled={reset.isPending}>
              {t('kyc.reset.cancel')}
            </Button>
            <Button variant="primary" loading={reset.isPending} disabled={Boolean(sentTo) && !/^\d{6}$/.test(code.trim())} onClick={confirm}>
              {sentTo ? t('kyc.reset.confirm') : t('reverification.reset.send')}
            </Button>
          </>
        }
      >
        {sentTo ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm" role="status">
              {t('reverification.reset.sent', { email: sentTo.email, minutes: sentTo.minutes })}
            </p>
            <Field label={t('reverification.reset.code')} required>
              <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </Field>
          </div>
        ) : null}
        {reset.isError ? <Alert variant="error">{errorMessage(t, reset.error)}</Alert> : null}
      </LazyDialog>
    </>
  );
}
