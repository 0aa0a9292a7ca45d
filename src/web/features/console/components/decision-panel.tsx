import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { ApplicationStatus } from '../../../../shared/api/applications.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { message } from '../../../lib/notify/index.ts';
import { useApproveApplication } from '../api/approve-application.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { ApproveDialog, RejectDialog, type RejectValues } from './decision-forms.tsx';
import { DecisionSummary } from './decision-summary.tsx';

const isConflict = (error: unknown) => isApiError(error) && error.retCode === RetCode.WRONG_STATE;

/**
 * The case's decision: Approve / Reject while the application is pending, the recorded decision
 * afterwards. A conflict (10012: another reviewer decided first) closes the form, says so and
 * shows the case as it is now (the mutations reload it).
 */
export function DecisionPanel({ data }: { data: ConsoleCase }) {
  const { t } = useTranslation();
  const { application } = data;
  const approve = useApproveApplication(application.id);
  const reject = useRejectApplication(application.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [conflict, setConflict] = useState(false);

  /** Runs a decision; a conflict is an outcome, not a form error. Other failures go back to the form. */
  const decide = async (run: () => Promise<unknown>, done: string) => {
    setConflict(false);
    try {
      await run();
      setDialog(null);
      message({ content: done, type: 'success' });
    } catch (error) {
      if (!isConflict(error)) throw error;
      setDialog(null);
      setConflict(true);
    }
  };

  const pending = application.status === ApplicationStatus.PENDING;
  return (
    <div className="flex flex-col gap-4">
      {conflict ? (
        <Alert variant="warn" title={t('console.decision.conflictTitle')} onClose={() => setConflict(false)}>
          {t('console.decision.conflictBody')}
        </Alert>
      ) : null}
      {pending ? (
        <>
          <p className="text-sm text-muted">{t('console.decision.pending')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="tradeLong" onClick={() => setDialog('approve')}>
              {t('console.decision.approve')}
            </Button>
            <Button variant="tradeShort" onClick={() => setDialog('reject')}>
              {t('console.decision.reject')}
            </Button>
          </div>
          <ApproveDialog
            open={dialog === 'approve'}
            level={application.level}
            email={application.email}
            onClose={() => setDialog(null)}
            onSubmit={(values) => decide(() => approve.mutateAsync(values), t('console.decision.approvedMessage'))}
          />
          <RejectDialog
            open={dialog === 'reject'}
            level={application.level}
            onClose={() => setDialog(null)}
            onSubmit={(values: RejectValues) => decide(() => reject.mutateAsync(values), t('console.decision.rejectedMessage'))}
          />
        </>
      ) : data.decision ? (
        <DecisionSummary decision={data.decision} />
      ) : (
        <p className="text-sm text-muted">{t(`console.status.${application.status}`)}</p>
      )}
    </div>
  );
}
