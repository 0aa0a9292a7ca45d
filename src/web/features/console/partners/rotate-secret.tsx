import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessView } from '../../../../shared/api/integration-admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatDateTime } from '../format.ts';

/**
 * How long the old secret keeps verifying after a rotation (decision 021: 0 = at once, at most a
 * week). An hour is offered first: enough to deploy the new secret, short if the old one leaked.
 */
export const OVERLAP_CHOICES = [
  { key: 'now', minutes: 0 },
  { key: 'hour', minutes: 60 },
  { key: 'day', minutes: 24 * 60 },
  { key: 'week', minutes: 7 * 24 * 60 },
] as const;
const DEFAULT_OVERLAP = 'hour';

export interface RotateSecretProps {
  /** A business, or anything else with a rotatable secret (a webhook endpoint). */
  business: Pick<BusinessView, 'id' | 'secretCreatedAt' | 'previousSecretValidUntil'>;
  onRotate: (overlapMinutes: number) => Promise<unknown>;
}

/** Rotates a business's API secret with the overlap the administrator chooses; the new secret is shown once by the caller. */
export function RotateSecret({ business, onRotate }: RotateSecretProps) {
  const { t, i18n } = useTranslation();
  const [overlap, setOverlap] = useState<string>(DEFAULT_OVERLAP);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const p = 'partners-console.rotate';
  const rotate = async () => {
    setError(null);
    setPending(true);
    try {
      await onRotate(OVERLAP_CHOICES.find((c) => c.key === overlap)!.minutes);
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {business.secretCreatedAt ? t(`${p}.current`, { at: formatDateTime(business.secretCreatedAt, i18n.language) }) : t(`${p}.none`)}
        {business.previousSecretValidUntil ? ` ${t(`${p}.previous`, { at: formatDateTime(business.previousSecretValidUntil, i18n.language) })}` : ''}
      </p>
      <RadioGroup
        legend={t(`${p}.overlap`)}
        name={`overlap-${business.id}`}
        columns={2}
        value={overlap}
        onValueChange={setOverlap}
        options={OVERLAP_CHOICES.map((c) => ({ value: c.key, label: t(`${p}.choices.${c.key}`) }))}
      />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button variant="primary" className="self-start" loading={pending} onClick={() => void rotate()}>
        {t(`${p}.submit`)}
      </Button>
    </div>
  );
}
