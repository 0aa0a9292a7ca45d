import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { daysAfter, todayIso } from '../../../shared/api/calendar.ts';
import { ComplianceTaskType, createTaskRequest, MAX_TASK_DUE_DAYS, RFI_ROUTE, type CreateTaskResult } from '../../../shared/api/compliance-tasks.ts';
import { TEMPLATE_CODES } from '../../../shared/questionnaires/index.ts';
import { textKeys } from '../../../shared/questionnaires/model.ts';
import type { z } from '../../../shared/zod.ts';
import { DateInput } from '../../components/ui/date-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { validationMessage } from '../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../lib/forms/submit-error.ts';
import { useCreateTask } from './api/create-task.ts';
import { Textarea } from './components/textarea.tsx';
import { formatCalendarDate } from './format.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';


/** A month, like a re-verification request: time to gather what a questionnaire asks. */
const DEFAULT_DUE_DAYS = 30;
/** rfiQuestion's route is the RFI page (decision 027): never a questionnaire task. */
const TEMPLATES = TEMPLATE_CODES.filter((code) => code !== RFI_ROUTE);
type FormInput = z.input<typeof createTaskRequest>;
type FormOutput = z.output<typeof createTaskRequest>;
const FIELDS = ['email', 'templateCode', 'message', 'dueDate'] as const;

/**
 * Console: a reviewer gives a user a questionnaire to submit by a day (decision 027). The task shows
 * on the user's complianceTasks page, limits the account once overdue, and is done once submitted.
 */
export default function TaskRequestScreen() {
  const { t, i18n } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const today = todayIso();
  const mutation = useCreateTask();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<CreateTaskResult & { email: string } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createTaskRequest),
    defaultValues: { email: search.get('email') ?? '', taskType: ComplianceTaskType.QUESTIONNAIRE, templateCode: '', message: '', dueDate: daysAfter(today, DEFAULT_DUE_DAYS) },
  });
  const { errors, isSubmitting } = form.formState;
  useConsoleTitle(t('compliance.console.taskTitle'));

  const labels: Record<(typeof FIELDS)[number], string> = {
    email: t('compliance.console.email'),
    templateCode: t('compliance.console.template'),
    message: t('compliance.console.note'),
    dueDate: t('compliance.console.dueDate'),
  };
  const errorText = (name: (typeof FIELDS)[number]) => {
    const code = errors[name]?.message;
    return code ? validationMessage(t, code, labels[name], { max: 500 }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const result = await mutation.mutateAsync(values);
      setSent({ ...result, email: values.email.trim().toLowerCase() });
      form.reset({ ...values, email: '', message: '', templateCode: '' });
    } catch (error) {
      showSubmitError(error, { fields: FIELDS, setError: form.setError, setFormError, t });
    }
  });

  return (
    <RequestFormPage
      id="task-request-title"
      title={t('compliance.console.taskTitle')}
      intro={t('compliance.console.taskIntro')}
      sent={
        sent ? (
          <>
            <span data-testid="task-created">{t('compliance.console.taskSent', { email: sent.email, date: formatCalendarDate(sent.dueDate, i18n.language) })}</span>
          </>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      formError={formError}
      submitting={isSubmitting}
      submitLabel={t('compliance.console.taskSubmit')}
    >
      <Field label={labels.email} error={errorText('email')} required>
        <TextInput type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
      </Field>
      <Field label={labels.templateCode} error={errorText('templateCode')} required>
        <Select placeholder={t('console.rejectForm.reasonPlaceholder')} options={TEMPLATES.map((code) => ({ value: code, label: t(textKeys.title(code)) }))} {...form.register('templateCode')} />
      </Field>
      <Field label={labels.message} error={errorText('message')} optional>
        <Textarea maxLength={500} {...form.register('message')} />
      </Field>
      <Field label={labels.dueDate} error={errorText('dueDate')} required>
        <DateInput min={daysAfter(today, 1)} max={daysAfter(today, MAX_TASK_DUE_DAYS)} {...form.register('dueDate')} />
      </Field>
    </RequestFormPage>
  );
}
