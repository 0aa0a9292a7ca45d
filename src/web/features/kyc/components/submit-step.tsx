import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { SubmitApplicationRequest, SubmitApplicationResult } from '../../../../shared/api/applications.ts';
import { submitApplicationRequest } from '../../../../shared/api/applications.ts';
import type { DocumentKind } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { validationMessageKey } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { errorMessage, fieldIssues } from '../../../lib/i18n/error-message.ts';
import { kycKeys } from '../api/keys.ts';
import { useSubmitApplication } from '../api/submit-application.ts';

export interface SubmitButtonProps {
  body: SubmitApplicationRequest;
  onSubmitted: (result: SubmitApplicationResult) => void;
  /** 35003: the server lists the kinds still missing; the flow takes the user to them. */
  onMissing?: (kinds: DocumentKind[]) => void;
  kindLabel: (kind: DocumentKind) => string;
}

function newTag(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * "Submit for review": one click sends once (the button is busy while the call runs, a second click
 * in the same instant is ignored, and the call carries one X-Client-Tag), the shared schema checks
 * the request first, and every failure is explained in words next to the button.
 */
export function SubmitButton({ body, onSubmitted, onMissing, kindLabel }: SubmitButtonProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const submit = useSubmitApplication();
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  // One tag per attempt: a failed attempt is forgotten by the request layer, so "try again" sends.
  const tag = useRef(newTag());

  const onClick = () => {
    if (busy.current) return;
    setError(null);
    const parsed = submitApplicationRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(t(validationMessageKey(issue.message), { name: t(`kyc.review.field.${String(issue.path[0] ?? 'form')}`), ...(issue as { params?: object }).params }));
      return;
    }
    busy.current = true;
    submit.mutate(
      { body, clientTag: tag.current },
      {
        onSuccess: (result) => onSubmitted(result),
        onError: (err) => {
          tag.current = newTag();
          if (isApiError(err) && err.retCode === RetCode.KYC_DOCUMENTS_MISSING) {
            const missing = ((err.response?.result as { missing?: DocumentKind[] } | undefined)?.missing ?? []).filter((k) => typeof k === 'string');
            setError(t('kyc.review.missing', { items: missing.map(kindLabel).join(', ') }));
            onMissing?.(missing);
          } else if (isApiError(err) && err.retCode === RetCode.DOCUMENT_NOT_AVAILABLE) {
            setError(errorMessage(t, err));
            void client.invalidateQueries({ queryKey: kycKeys.drafts(body.level) });
          } else if (fieldIssues(err).length > 0) {
            const issue = fieldIssues(err)[0]!;
            setError(t(validationMessageKey(issue.code), { name: t(`kyc.review.field.${issue.path.split('.')[0] || 'form'}`), ...issue.params }));
          } else {
            setError(errorMessage(t, err));
          }
        },
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <Alert variant="error" title={t('kyc.review.failed')}>
          {error}
        </Alert>
      ) : null}
      <Button variant="primary" size="large" block loading={submit.isPending} onClick={onClick}>
        {t('kyc.review.submit')}
      </Button>
      <p className="text-center text-xs text-muted">{t('kyc.review.consent')}</p>
    </div>
  );
}
