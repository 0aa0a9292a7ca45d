import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleCase, ConsoleDecisionResult } from '../../../../shared/api/console.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { CaseStatus } from '../../../../shared/review.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useApproveCase } from '../api/approve-case.ts';
import { useAssignCase } from '../api/assign-case.ts';
import { useRejectCase } from '../api/reject-case.ts';
import { useReleaseCase } from '../api/release-case.ts';
import { ApproveDialog, RejectDialog, type RejectValues } from './decision-forms.tsx';
import { AssigneeName } from './people.tsx';
import { nextCaseAfterDecision, useShortcuts } from '../shortcuts.ts';
import { useCaseNavigation } from '../use-next-case.ts';

/** What the last action ran into: someone else has the case, someone decided it, or another failure. */
type Notice = { kind: 'taken' } | { kind: 'decided' } | { kind: 'failed'; error: unknown };

const retCodeOf = (error: unknown) => (isApiError(error) ? error.retCode : undefined);

/** The outcome of a refused action that is about the case changing, not about the input. */
function conflictOf(error: unknown): Notice | null {
  const code = retCodeOf(error);
  if (code === RetCode.REVIEW_CASE_ASSIGNED) return { kind: 'taken' };
  if (code === RetCode.WRONG_STATE) return { kind: 'decided' };
  return null;
}

export interface CaseHeaderProps {
  data: ConsoleCase;
  /** The signed-in reviewer (console/me): "You", and whether the case is theirs. */
  meId: string | undefined;
  /** The subject's level (KYC application): the reasons offered and the confirmation text follow it. */
  level: VerifiableLevel;
  /** The dialogs' texts for subjects other than a KYC level (a questionnaire). */
  descriptions?: { approve: string; reject: string } | undefined;
  /** The left part: what the case is (kind, title, status, who, times). */
  children: ReactNode;
}

/**
 * The case's working bar: what the case is on the left; on the right who has it with Assign to me /
 * Release, and Approve / Reject while it is pending. From the `lg` width it sticks to the top of the
 * window, so the decision is at hand (issue 16: visible without scrolling at 1280×800) wherever the
 * reviewer is in the documents. Under it, what the last action ran into:
 * - 36001 (another reviewer has the case): who, read from the case as reloaded after the refusal;
 * - 10012 (decided in the meantime): "someone else decided first", the decision is shown below.
 * A case someone else has cannot be decided (the server refuses too): the buttons are disabled and
 * say why.
 */
export function CaseHeader({ data, meId, level, descriptions, children }: CaseHeaderProps) {
  const { t } = useTranslation();
  const kase = data.case;
  const assign = useAssignCase();
  const release = useReleaseCase();
  const approve = useApproveCase(kase.id);
  const reject = useRejectCase(kase.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const lockedId = `locked-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  // Four-eyes: while a proposal awaits a second look, nobody decides again (the panel below has it).
  const pending = kase.status === CaseStatus.PENDING && kase.awaitingSecondLook === null;
  const mine = kase.assignee !== null && kase.assignee.id === meId;
  const othersCase = kase.assignee !== null && !mine;
  const busy = assign.isPending || release.isPending;
  const navigation = useCaseNavigation(meId);

  /** Assign or release; the mutations read the case again whatever the outcome. */
  const changeAssignment = async (run: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      await run();
      message({ content: done, type: 'success' });
    } catch (error) {
      setNotice(conflictOf(error) ?? { kind: 'failed', error });
    }
  };

  /** Runs a decision; a conflict is an outcome, not a form error. Other failures go back to the form. */
  const decide = async (run: () => Promise<ConsoleDecisionResult>, done: string) => {
    setNotice(null);
    try {
      const result = await run();
      setDialog(null);
      // Four-eyes: the decision became a proposal that another senior reviewer confirms.
      message({ content: result.proposal ? t('records.secondLook.proposedMessage') : done, type: 'success' });
      // Decision 051: on to the next case of the same view, unless the reviewer turned it off.
      if (nextCaseAfterDecision()) await navigation.next(kase.id);
    } catch (error) {
      const conflict = conflictOf(error);
      if (!conflict) throw error;
      setDialog(null);
      setNotice(conflict);
    }
  };

  // Decision 051: t takes the case, a and r open the decision dialogs (the buttons' own rules apply).
  useShortcuts(
    {
      ...(kase.assignee === null && !busy ? { take: () => void changeAssignment(() => assign.mutateAsync(kase.id), t('console.assignment.assigned')) } : {}),
      ...(othersCase ? {} : { approve: () => setDialog('approve'), reject: () => setDialog('reject') }),
    },
    pending,
  );

  return (
    <>
      <div
        data-testid="case-bar"
        className="z-20 -mx-4 flex flex-col gap-4 border-b border-line bg-white/95 px-4 py-3 backdrop-blur-sm lg:sticky lg:top-0 lg:flex-row lg:items-start lg:justify-between"
      >
        <div className="min-w-0 flex-1">{children}</div>
        <div className="flex flex-col gap-3 lg:items-end" role="group" aria-label={t('console.assignment.actions')}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span>
              <span className="text-muted">{t('console.assignee.label')}: </span>
              <AssigneeName assignee={kase.assignee} meId={meId} />
            </span>
            {pending && kase.assignee === null ? (
              <Button size="small" variant="default" loading={assign.isPending} disabled={busy && !assign.isPending} onClick={() => void changeAssignment(() => assign.mutateAsync(kase.id), t('console.assignment.assigned'))}>
                {t('console.assignment.assignToMe')}
              </Button>
            ) : null}
            {pending && mine ? (
              <Button size="small" variant="default" loading={release.isPending} disabled={busy && !release.isPending} onClick={() => void changeAssignment(() => release.mutateAsync(kase.id), t('console.assignment.released'))}>
                {t('console.assignment.release')}
              </Button>
            ) : null}
          </div>
          {pending ? (
            <>
              <div className="flex flex-wrap gap-2">
                <Button variant="tradeLong" disabled={othersCase} aria-describedby={othersCase ? lockedId : undefined} aria-keyshortcuts="a" onClick={() => setDialog('approve')}>
                  {t('console.decision.approve')}
                </Button>
                <Button variant="tradeShort" disabled={othersCase} aria-describedby={othersCase ? lockedId : undefined} aria-keyshortcuts="r" onClick={() => setDialog('reject')}>
                  {t('console.decision.reject')}
                </Button>
              </div>
              {othersCase ? (
                <p id={lockedId} className="max-w-xs text-sm text-muted lg:text-end" data-testid="decision-locked">
                  {t('console.decision.lockedOther', { email: kase.assignee?.email })}
                </p>
              ) : kase.assignee === null ? (
                <p className="max-w-xs text-xs text-muted lg:text-end">{t('console.decision.takesCase')}</p>
              ) : null}
            </>
          ) : null}
        </div>
      </div>

      {notice ? <CaseNotice notice={notice} data={data} meId={meId} onClose={() => setNotice(null)} /> : null}

      {pending ? (
        <>
          <ApproveDialog
            open={dialog === 'approve'}
            level={level}
            email={kase.email}
            description={descriptions?.approve}
            onClose={() => setDialog(null)}
            onSubmit={(values) => decide(() => approve.mutateAsync(values), t('console.decision.approvedMessage'))}
          />
          <RejectDialog
            open={dialog === 'reject'}
            level={level}
            description={descriptions?.reject}
            onClose={() => setDialog(null)}
            onSubmit={(values: RejectValues) => decide(() => reject.mutateAsync(values), t('console.decision.rejectedMessage'))}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * What the last action ran into. "Taken" names the reviewer from the case as it was read again
 * after the refusal (36001 itself only carries an id); if by then nobody (or the reader) has it, the
 * case changed once more and the reviewer is told to try again.
 */
function CaseNotice({ notice, data, meId, onClose }: { notice: Notice; data: ConsoleCase; meId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  if (notice.kind === 'decided') {
    return (
      <Alert variant="warn" title={t('console.decision.conflictTitle')} onClose={onClose}>
        {t('console.decision.conflictBody')}
      </Alert>
    );
  }
  if (notice.kind === 'taken') {
    const holder = data.case.assignee && data.case.assignee.id !== meId ? data.case.assignee : null;
    return (
      <Alert variant="warn" title={t('console.assignment.takenTitle')} onClose={onClose}>
        {holder ? t('console.assignment.takenBody', { email: holder.email || holder.id }) : t('console.assignment.changedBody')}
      </Alert>
    );
  }
  return (
    <Alert variant="error" title={t('console.assignment.failed')} onClose={onClose}>
      {errorMessage(t, notice.error)}
    </Alert>
  );
}
