import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

export interface SecretOnceProps {
  businessId: string;
  secret: string;
  /** Another secret's own wording (a webhook's signing secret): title, warning and the field's label. */
  texts?: { title: string; warning: string; label: string };
  /** The administrator has stored it: the secret leaves the page (and memory) for good. */
  onDone: () => void;
}

/**
 * A business's API secret, shown once after registration or rotation (the server keeps it sealed
 * and never returns it again, decision 021): the warning says so, a button copies it.
 */
export function SecretOnce({ businessId, secret, texts, onDone }: SecretOnceProps) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (permission, insecure origin): the field is selectable for a manual copy.
      setCopy('failed');
    }
  };
  return (
    <Alert variant="warn" title={texts?.title ?? t('partners-console.secret.title', { id: businessId })} data-testid="secret-once">
      <div className="flex flex-col gap-3">
        <p>{texts?.warning ?? t('partners-console.secret.warning')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={secret}
            aria-label={texts?.label ?? t('partners-console.secret.label')}
            data-testid="secret-value"
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-btn border border-line-strong bg-white px-3 font-mono text-sm"
          />
          <Button size="small" variant="primary" onClick={() => void copySecret()}>
            {t('partners-console.secret.copy')}
          </Button>
        </div>
        <p role="status" className="text-sm">
          {copy === 'copied' ? t('partners-console.secret.copied') : copy === 'failed' ? t('partners-console.secret.copyFailed') : ''}
        </p>
        <Button size="small" variant="default" className="self-start" onClick={onDone}>
          {t('partners-console.secret.done')}
        </Button>
      </div>
    </Alert>
  );
}
