import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { daysAfter, todayIso } from '../../../shared/api/calendar.ts';
import { askRfiRequest, MAX_TASK_DUE_DAYS, QUESTION_MAX_LENGTH, type AskRfiResult } from '../../../shared/api/compliance-tasks.ts';
import type { z } from '../../../shared/zod.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { validationMessage } from '../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../lib/forms/submit-error.ts';
import { useAskRfi } from './api/ask-rfi.ts';
import { Textarea } from './components/textarea.tsx';
import { formatCalendarDate } from './format.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';


/** Two weeks: enough to find a statement or a contract, short enough to matter. */
const DEFAULT_DUE_DAYS = 14;
type FormInput = z.input<typeof askRfiRequest>;
type FormOutput = z.output<typeof askRfiRequest>;
const FIELDS = ['email', 'question', 'documentRequested', 'dueDate'] as const;

/**
 * Console: a reviewer asks a user a question or for a document (issue 12, decision 027). The user is
 * found by e-mail (`?email=` fills it in, from a case page); the answer comes back as an RFI case in
 * the queue, which the reviewer accepts or answers with the next question.
 */
export default function RfiRequestScreen() {
  const { t, i18n } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const today = todayIso();
  const mutation = useAskRfi();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; result: AskRfiResult } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(askRfiRequest),
    defaultValues: { email: search.get('email') ?? '', question: '', documentRequested: false, dueDate: daysAfter(today, DEFAULT_DUE_DAYS) },
  });
  const { errors, isSubmitting } = form.formState;

  useConsoleTitle(t('compliance.console.title'));

  const labels: Record<(typeof FIELDS)[number], string> = {
    email: t('compliance.console.email'),
    question: t('compliance.console.question'),
    documentRequested: t('compliance.console.documentRequested'),
    dueDate: t('compliance.console.dueDate'),
  };
  const errorText = (name: (typeof FIELDS)[number]) => {
    const code = errors[name]?.message;
    return code ? validationMessage(t, code, labels[name], { max: QUESTION_MAX_LENGTH }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const result = await mutation.mutateAsync(values);
      setSent({ email: values.email.trim().toLowerCase(), result });
      form.reset({ ...values, email: '', question: '', documentRequested: false });
    } catch (error) {
      showSubmitError(error, { fields: FIELDS, setError: form.setError, setFormError, t });
    }
  });

  return (
    <RequestFormPage
      id="rfi-request-title"
      title={t('compliance.console.title')}
      intro={t('compliance.console.intro')}
      sent={
        sent ? (
          <>
            <span data-testid="rfi-requested">{t('compliance.console.sent', { email: sent.email, date: formatCalendarDate(sent.result.dueDate, i18n.language) })}</span>{' '}
            <Link href={`/cases/${encodeURIComponent(sent.result.caseId)}`} className="font-medium underline">
              {t('console.kinds.RFI')}
            </Link>
          </>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      formError={formError}
      submitting={isSubmitting}
      submitLabel={t('compliance.console.submit')}
    >
      <Field label={labels.email} error={errorText('email')} required>
        <TextInput type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
      </Field>
      <Field label={labels.question} error={errorText('question')} required>
        <Textarea maxLength={QUESTION_MAX_LENGTH} {...form.register('question')} />
      </Field>
      <Checkbox label={labels.documentRequested} error={errorText('documentRequested')} {...form.register('documentRequested')} />
      <Field label={labels.dueDate} error={errorText('dueDate')} required>
        <DateInput min={daysAfter(today, 1)} max={daysAfter(today, MAX_TASK_DUE_DAYS)} {...form.register('dueDate')} />
      </Field>
    </RequestFormPage>
  );
}
