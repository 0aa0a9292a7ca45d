import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASON_MAX_LENGTH, ComplianceTaskStatus, type ComplianceTask } from '../../../../shared/api/compliance-tasks.ts';
import { ValidationMessage } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage, fieldIssues, validationMessage } from '../../../lib/i18n/error-message.ts';
import { useCancelTask, useUserTasks } from '../api/user-tasks.ts';
import { formatCalendarDate } from '../format.ts';
import { Textarea } from './textarea.tsx';

/**
 * A user's compliance tasks in the console (decision 052), each open one with "Cancel": the reviewer
 * says why, the user is told (task page and e-mail). `email`: whose; nothing shown while empty.
 */
export function UserTasksCard({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const tasks = useUserTasks(email);
  const [cancelling, setCancelling] = useState<ComplianceTask | null>(null);
  if (email === '' || tasks.isError || !tasks.data) return null;
  const list = tasks.data.list;
  return (
    <Card title={t('compliance.console.userTasks', { email })} id="user-tasks">
      {list.length === 0 ? (
        <p className="text-sm text-muted">{t('compliance.console.noTasks')}</p>
      ) : (
        <ul className="flex flex-col gap-3 text-sm" data-testid="user-tasks">
          {list.map((task) => (
            <li key={task.taskId} className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2 last:border-b-0">
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">
                  {t(`compliance.tasks.type.${task.taskType}`)}
                  {task.taskType === 'QUESTIONNAIRE' ? ` · ${task.route}` : ''}
                </span>
                <span className="text-muted">
                  {t(`compliance.console.taskStatus.${task.status}`)} · {t('compliance.tasks.due', { date: formatCalendarDate(task.dueDate, i18n.language) })}
                  {task.overdue ? ` · ${t('compliance.tasks.overdue')}` : ''}
                </span>
                {task.cancelReason ? (
                  <span className="text-muted">
                    {t('compliance.tasks.cancelReason')}: {task.cancelReason}
                  </span>
                ) : null}
              </span>
              {task.status === ComplianceTaskStatus.OPEN && task.taskType === 'QUESTIONNAIRE' ? (
                <Button size="small" variant="secondary" onClick={() => setCancelling(task)}>
                  {t('compliance.console.cancelTask')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {cancelling ? <CancelTaskDialog email={email} task={cancelling} onClose={() => setCancelling(null)} /> : null}
    </Card>
  );
}

function CancelTaskDialog({ email, task, onClose }: { email: string; task: ComplianceTask; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelTask(email);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = t('compliance.console.cancelReason');
  const submit = async () => {
    if (reason.trim() === '') {
      setError(validationMessage(t, ValidationMessage.REQUIRED, label));
      return;
    }
    try {
      await cancel.mutateAsync({ taskId: task.taskId, reason });
      onClose();
    } catch (err) {
      const issue = fieldIssues(err)[0];
      setError(issue ? validationMessage(t, issue.code, label, issue.params ?? {}) : errorMessage(t, err));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('compliance.console.cancelTitle')}
      description={t('compliance.console.cancelIntro')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('compliance.console.keepTask')}
          </Button>
          <Button variant="primary" loading={cancel.isPending} onClick={() => void submit()}>
            {t('compliance.console.cancelTask')}
          </Button>
        </>
      }
    >
      <Field label={label} error={error ?? undefined} required>
        <Textarea maxLength={CANCEL_REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {cancel.isError && !error ? <Alert variant="error">{errorMessage(t, cancel.error)}</Alert> : null}
    </Dialog>
  );
}
