import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { daysAfter, todayIso } from '../../../shared/api/calendar.ts';
import { ComplianceTaskType, createTaskRequest, MAX_TASK_DUE_DAYS, RFI_ROUTE } from '../../../shared/api/compliance-tasks.ts';
import { TEMPLATE_CODES } from '../../../shared/questionnaires/index.ts';
import { textKeys } from '../../../shared/questionnaires/model.ts';
import type { z } from '../../../shared/zod.ts';
import { DateInput } from '../../components/ui/date-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useCreateTask } from './api/create-task.ts';
import { Textarea } from './components/textarea.tsx';
import { formatCalendarDate } from './format.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';
import { UserTasksCard } from './components/user-tasks-card.tsx';
import { useRequestForm } from './use-request-form.ts';

/** The note's limit (the server's createTaskRequest allows as much). */
const NOTE_MAX_LENGTH = 500;
/** A month, like a re-verification request: time to gather what a questionnaire asks. */
const DEFAULT_DUE_DAYS = 30;
/** rfiQuestion's route is the RFI page (decision 027): never a questionnaire task. */
const TEMPLATES = TEMPLATE_CODES.filter((code) => code !== RFI_ROUTE);
type FormInput = z.input<typeof createTaskRequest>;
type FormOutput = z.output<typeof createTaskRequest>;

/**
 * Console: a reviewer gives a user a questionnaire to submit by a day (decision 027). The task shows
 * on the user's complianceTasks page, limits the account once overdue, and is done once submitted.
 */
export default function TaskRequestScreen() {
  const { t, i18n } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const today = todayIso();
  const mutation = useCreateTask();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createTaskRequest),
    defaultValues: { email: search.get('email') ?? '', taskType: ComplianceTaskType.QUESTIONNAIRE, templateCode: '', message: '', dueDate: daysAfter(today, DEFAULT_DUE_DAYS) },
  });
  useConsoleTitle(t('compliance.console.taskTitle'));
  // The user's tasks (to cancel one, decision 052) once the e-mail looks whole; deferred while typing.
  const typed = useDeferredValue(useWatch({ control: form.control, name: 'email' }).trim().toLowerCase());
  const tasksOf = /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(typed) ? typed : '';

  const labels = {
    email: t('compliance.console.email'),
    templateCode: t('compliance.console.template'),
    message: t('compliance.console.note'),
    dueDate: t('compliance.console.dueDate'),
  };
  const { errorText, submit, formError, sent, submitting } = useRequestForm(form, {
    labels,
    max: NOTE_MAX_LENGTH,
    send: (values) => mutation.mutateAsync(values),
    clearedOf: (values) => ({ ...values, email: '', message: '', templateCode: '' }),
  });
  return (
    <div className="flex flex-col gap-5">
      <RequestFormPage
        id="task-request-title"
        title={t('compliance.console.taskTitle')}
        intro={t('compliance.console.taskIntro')}
        sent={
          sent ? (
            <>
              <span data-testid="task-created">{t('compliance.console.taskSent', { email: sent.values.email, date: formatCalendarDate(sent.result.dueDate, i18n.language) })}</span>
            </>
          ) : null
        }
        onSubmit={(event) => void submit(event)}
        formError={formError}
        submitting={submitting}
        submitLabel={t('compliance.console.taskSubmit')}
      >
        <Field label={labels.email} error={errorText('email')} required>
          <TextInput type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
        </Field>
        <Field label={labels.templateCode} error={errorText('templateCode')} required>
          <Select placeholder={t('console.rejectForm.reasonPlaceholder')} options={TEMPLATES.map((code) => ({ value: code, label: t(textKeys.title(code)) }))} {...form.register('templateCode')} />
        </Field>
        <Field label={labels.message} error={errorText('message')} optional>
          <Textarea maxLength={NOTE_MAX_LENGTH} {...form.register('message')} />
        </Field>
        <Field label={labels.dueDate} error={errorText('dueDate')} required>
          <DateInput min={daysAfter(today, 1)} max={daysAfter(today, MAX_TASK_DUE_DAYS)} {...form.register('dueDate')} />
        </Field>
      </RequestFormPage>
      <div className="mx-auto w-full max-w-2xl">
        <UserTasksCard email={tasksOf || (sent ? sent.values.email.trim().toLowerCase() : '')} />
      </div>
    </div>
  );
}
