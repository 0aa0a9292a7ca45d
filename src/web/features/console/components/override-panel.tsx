import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleCase, ConsoleDecision, OverrideRequest } from '../../../../shared/api/console.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { DeciderType, SubjectKind } from '../../../../shared/review.ts';
import { ConsoleRole, hasConsoleRole } from '../../../../shared/staff.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useOverrideCase } from '../api/override-case.ts';
import { DecisionSummary } from './decision-summary.tsx';
import { OverrideDialog } from './override-dialog.tsx';

/** Every reason the provider gave, translated (a vendor gives several; the decision card shows the first). */
function ProviderReasons({ decision }: { decision: ConsoleDecision }) {
  const { t } = useTranslation();
  if (decision.reasonCodes.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="text-muted">{t('override.providerReasons')}</span>
      <ul className="flex flex-wrap gap-2" data-testid="provider-reasons">
        {decision.reasonCodes.map((code) => (
          <li key={code}>
            <Badge tone="neutral">{t(`kyc-reasons.${code}.title`)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A verification provider's decision on the case page (decision 022). While it is the case's
 * current decision: every reason it gave, and — for a senior reviewer, when no proposal waits —
 * "Override" with the form (what instead, and why). Once overridden: the provider's decision as it
 * was, marked replaced; the reviewer's decision is the case's decision card. The server checks the
 * role and every rule again.
 */
export function OverridePanel({ data, level, role }: { data: ConsoleCase; level: VerifiableLevel; role: ConsoleRole | undefined }) {
  const { t } = useTranslation();
  const override = useOverrideCase(data.case.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = data.decision;
  const replaced = current?.supersedesId ? data.decisions.find((d) => d.id === current.supersedesId) : undefined;
  // Decision 052: the system's automatic decisions (a scored questionnaire) are overridden like a provider's.
  const providerName = (d: ConsoleDecision) => (d.decider.type === DeciderType.system ? t('override.system') : t(`console.providers.${d.decider.id ?? ''}`, { defaultValue: d.decider.id ?? '' }));
  const overridable = (d: ConsoleDecision) => d.decider.type === DeciderType.provider || d.decider.type === DeciderType.system;

  if (replaced && overridable(replaced)) {
    return (
      <Card title={t('override.replacedTitle', { provider: providerName(replaced) })} id="provider-decision">
        <div className="flex flex-col gap-3" data-testid="replaced-decision">
          <p className="text-sm text-muted">{t('override.replacedBody')}</p>
          <ProviderReasons decision={replaced} />
          <DecisionSummary decision={replaced} />
        </div>
      </Card>
    );
  }
  if (!current || !overridable(current)) return null;

  const waiting = data.proposals.some((p) => p.status === 'OPEN');
  const senior = role !== undefined && hasConsoleRole(role, ConsoleRole.SENIOR_REVIEWER);
  const submit = async (body: OverrideRequest) => {
    setError(null);
    const result = await override.mutateAsync(body);
    setOpen(false);
    message({ content: result.proposal ? t('records.secondLook.proposedMessage') : t('override.done'), type: 'success' });
  };

  return (
    <Card title={t('override.providerTitle', { provider: providerName(current) })} id="provider-decision">
      <div className="flex flex-col gap-3" data-testid="provider-decision">
        <p className="text-sm text-muted">{t(current.decider.type === DeciderType.system ? 'override.systemBody' : 'override.providerBody')}</p>
        <ProviderReasons decision={current} />
        {waiting ? (
          <p className="text-sm text-muted">{t('override.waiting')}</p>
        ) : senior ? (
          <div>
            <Button variant="default" onClick={() => setOpen(true)}>
              {t('override.action')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">{t('override.seniorOnly')}</p>
        )}
        {error ? (
          <Alert variant="error" onClose={() => setError(null)}>
            {errorMessage(t, error)}
          </Alert>
        ) : null}
      </div>
      {senior ? <OverrideDialog open={open} level={level} current={current} provider={providerName(current)} levelCase={data.case.kind === SubjectKind.KYC_APPLICATION} onClose={() => setOpen(false)} onSubmit={submit} /> : null}
    </Card>
  );
}
