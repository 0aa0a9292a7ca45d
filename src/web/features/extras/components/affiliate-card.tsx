import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { useAffiliateInfo } from '../api/affiliate-info.ts';
import { useBindAffiliate } from '../api/bind-affiliate.ts';
import { useTagMember } from '../api/tag-member.ts';

/**
 * "Were you referred?" (§7 bind_aff_user_info): offered to new members who are not linked to a
 * partner. Inline, never modal: it must not stand between a member and their verification.
 */
export function AffiliateCard() {
  const { t } = useTranslation();
  const info = useAffiliateInfo();
  const bind = useBindAffiliate();
  const dismiss = useTagMember();
  const [code, setCode] = useState('');
  const [open, setOpen] = useState(false);
  if (bind.data) return <Alert variant="success">{t('extras.affiliate.bound', { name: bind.data.affiliateName })}</Alert>;
  if (!info.data?.showPopup) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) bind.mutate(code.trim());
  };
  const notReferred = (
    <Button size="small" onClick={() => dismiss.mutate(info.data.ackTag as 'AFFILIATE_POPUP_SEEN')} loading={dismiss.isPending}>
      {t('extras.affiliate.notReferred')}
    </Button>
  );
  // One line until the member says they have a code: the overview stays short on a phone.
  if (!open) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3" data-testid="affiliate-card">
        <p className="text-sm font-medium">{t('extras.affiliate.title')}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="small" variant="primary" onClick={() => setOpen(true)}>
            {t('extras.affiliate.enterCode')}
          </Button>
          {notReferred}
        </div>
      </div>
    );
  }
  return (
    <Card title={t('extras.affiliate.title')} description={t('extras.affiliate.body')} data-testid="affiliate-card">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <Field label={t('extras.affiliate.codeLabel')} error={bind.isError ? errorMessage(t, bind.error) : undefined}>
          {/* Opened on purpose by the member: the field takes the focus (React focuses autoFocus fields when they mount). */}
          <TextInput autoFocus value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={32} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" loading={bind.isPending} disabled={!code.trim()}>
            {t('extras.affiliate.bind')}
          </Button>
          {notReferred}
        </div>
      </form>
    </Card>
  );
}
