import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleCase, ConsoleProposal } from '../../../../shared/api/console.ts';
import { ConsoleRole, hasConsoleRole } from '../../../../shared/staff.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useSecondLook } from '../api/second-look.ts';
import { formatDateTime } from '../format.ts';
import { Textarea } from './textarea.tsx';

/** What a proposal says: outcome, mode, reason, the message for the user, the internal note. */
function ProposalFacts({ proposal }: { proposal: ConsoleProposal }) {
  const { t, i18n } = useTranslation();
  const approve = proposal.outcome === 'APPROVE';
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-muted">{t('records.secondLook.proposed')}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <Badge tone={approve ? 'success' : 'danger'}>{approve ? t('console.status.APPROVED') : t('console.status.REJECTED')}</Badge>
        {proposal.mode ? <Badge tone="neutral">{t(`console.modes.${proposal.mode}`)}</Badge> : null}
      </dd>
      {proposal.reasonCode ? (
        <>
          <dt className="text-muted">{t('console.decision.reason')}</dt>
          <dd>{(proposal.reasonCodes.length > 0 ? proposal.reasonCodes : [proposal.reasonCode]).map((code) => t(`kyc-reasons.${code}.title`)).join(' · ')}</dd>
        </>
      ) : null}
      {proposal.userMessage ? (
        <>
          <dt className="text-muted">{t('console.decision.userMessage')}</dt>
          <dd className="break-words whitespace-pre-wrap">{proposal.userMessage}</dd>
        </>
      ) : null}
      <dt className="text-muted">{t('console.decision.internalNote')}</dt>
      <dd className="break-words whitespace-pre-wrap">{proposal.internalNote || t('console.notProvided')}</dd>
      <dt className="text-muted">{t('records.secondLook.proposer')}</dt>
      <dd className="break-all" data-testid="proposer">
        {proposal.proposer.email}
      </dd>
      <dt className="text-muted">{t('records.secondLook.proposedAt')}</dt>
      <dd>
        <time dateTime={proposal.proposedAt}>{formatDateTime(proposal.proposedAt, i18n.language)}</time>
      </dd>
    </dl>
  );
}

/**
 * Four-eyes on the case page (decision 018): the proposal awaiting a second look, with Confirm and
 * Send back for a senior reviewer who did not propose it (the server checks both rules too); the
 * proposer sees that it waits for someone else. A proposal sent back is shown to the proposer with
 * why, until they propose again.
 */
export function SecondLookPanel({ data, meId, role }: { data: ConsoleCase; meId: string | undefined; role: ConsoleRole | undefined }) {
  const { t, i18n } = useTranslation();
  const { confirm, sendBack } = useSecondLook(data.case.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const noteId = `note-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const open = data.proposals.find((p) => p.status === 'OPEN');
  const lastSentBack = data.case.status === 'PENDING' && !open ? data.proposals.find((p) => p.status === 'SENT_BACK') : undefined;

  if (lastSentBack) {
    return (
      <Alert variant="warn" title={t('records.secondLook.sentBackTitle', { email: lastSentBack.resolvedBy?.email ?? '' })}>
        <p className="break-words whitespace-pre-wrap">{lastSentBack.resolutionNote}</p>
        {lastSentBack.resolvedAt ? <time dateTime={lastSentBack.resolvedAt} className="text-xs text-muted">{formatDateTime(lastSentBack.resolvedAt, i18n.language)}</time> : null}
      </Alert>
    );
  }
  // A first decision's proposal waits on a pending case, an override's (decision 022) on a decided one.
  if (!open || (data.case.status !== 'PENDING' && open.supersedesId === null)) return null;

  const own = open.proposer.id === meId;
  const mayLook = !own && role !== undefined && hasConsoleRole(role, ConsoleRole.SENIOR_REVIEWER);
  const run = async (action: 'confirm' | 'sendBack') => {
    setError(null);
    try {
      if (action === 'confirm') await confirm.mutateAsync(note.trim());
      else await sendBack.mutateAsync(note.trim());
      setNote('');
      message({ content: action === 'confirm' ? t('records.secondLook.confirmed') : t('records.secondLook.sentBack'), type: 'success' });
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Card title={t('records.secondLook.title')} id="second-look">
      <div className="flex flex-col gap-4" data-testid="second-look">
        {open.supersedesId ? <p className="text-sm font-medium">{t('override.proposalNote')}</p> : null}
        <ProposalFacts proposal={open} />
        {own ? (
          <p className="text-sm text-muted">{t('records.secondLook.waitingForOther')}</p>
        ) : !mayLook ? (
          <p className="text-sm text-muted">{t('records.secondLook.seniorOnly')}</p>
        ) : (
          <div className="flex flex-col gap-3">
            <label htmlFor={noteId} className="text-sm font-medium">
              {t('records.secondLook.note')}
            </label>
            <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
            <div className="flex flex-wrap gap-2">
              <Button variant="primary" loading={confirm.isPending} disabled={sendBack.isPending} onClick={() => void run('confirm')}>
                {t('records.secondLook.confirm')}
              </Button>
              <Button variant="default" loading={sendBack.isPending} disabled={confirm.isPending || note.trim() === ''} onClick={() => void run('sendBack')}>
                {t('records.secondLook.sendBack')}
              </Button>
            </div>
            <p className="text-xs text-muted">{t('records.secondLook.sendBackHint')}</p>
          </div>
        )}
        {error ? (
          <Alert variant="error" title={t('records.secondLook.failed')} onClose={() => setError(null)}>
            {errorMessage(t, error)}
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}
