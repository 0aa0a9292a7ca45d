import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import type { SubmitUpdateResult } from '../../../../../shared/api/reverification.ts';
import { useSendUpdate, type UpdateBody } from '../api/update-document.ts';
import { updateErrorMessage } from '../model/update-errors.ts';

/**
 * "Submit for review" of an update: one click sends once (busy while the call runs), and a refusal
 * is explained next to the button with §8's updateIDError text.
 */
export function UpdateSubmit({ update, onSent }: { update: UpdateBody; onSent: (result: SubmitUpdateResult) => void }) {
  const { t } = useTranslation();
  const send = useSendUpdate();
  return (
    <div className="flex flex-col gap-3">
      {send.isError ? (
        <Alert variant="error" title={t('kyc.review.failed')} data-testid="update-error">
          {updateErrorMessage(t, send.error)}
        </Alert>
      ) : null}
      <Button variant="primary" size="large" block loading={send.isPending} onClick={() => send.mutate(update, { onSuccess: onSent })}>
        {t('kyc.review.submit')}
      </Button>
      <p className="text-center text-xs text-muted">{t('kyc.review.consent')}</p>
    </div>
  );
}
