import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductAgreement } from '../../../../shared/api/extras-agreements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { useApplyAgreement } from '../api/apply-agreement.ts';

/**
 * One product's current agreement: its text, where the member stands (accepted which version, when),
 * and "I have read and accept" with Accept while the current version is not accepted.
 */
export function AgreementCard({ agreement, onAccepted }: { agreement: ProductAgreement; onAccepted?: (version: number) => void }) {
  const { t, i18n } = useTranslation();
  const apply = useApplyAgreement();
  const [checked, setChecked] = useState(false);
  const current = agreement.current;
  if (!current) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
  const status = !agreement.needsAcceptance && agreement.accepted
    ? t('extras.agreements.accepted', { version: agreement.accepted.version, date: date(agreement.accepted.acceptedAt) })
    : agreement.accepted
      ? t('extras.agreements.newVersion')
      : t('extras.agreements.notAccepted');
  return (
    <Card
      title={`${t(`extras.agreements.products.${agreement.product}`)}: ${current.title}`}
      description={t('extras.agreements.version', { version: current.version, date: date(current.publishedAt) })}
      data-testid={`agreement-${agreement.product}`}
    >
      <div className="max-h-64 overflow-y-auto rounded-btn border border-line bg-surface p-3 text-sm whitespace-pre-line" tabIndex={0}>
        {current.body}
      </div>
      <p className="mt-3 text-sm" data-testid="agreement-status">
        {status}
      </p>
      {agreement.needsAcceptance ? (
        <div className="mt-3 flex flex-col gap-3">
          <Checkbox label={t('extras.agreements.acceptLabel')} checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          {apply.isError ? <Alert variant="error">{errorMessage(t, apply.error)}</Alert> : null}
          <div>
            <Button
              variant="primary"
              disabled={!checked}
              loading={apply.isPending}
              onClick={() =>
                apply.mutate({ product: agreement.product, version: current.version }, { onSuccess: (r) => { setChecked(false); onAccepted?.(r.version); } })
              }
            >
              {t('extras.agreements.accept')}
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
