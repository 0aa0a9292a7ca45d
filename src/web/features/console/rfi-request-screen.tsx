import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { daysAfter, todayIso } from '../../../shared/api/calendar.ts';
import { askRfiRequest, MAX_TASK_DUE_DAYS, QUESTION_MAX_LENGTH } from '../../../shared/api/compliance-tasks.ts';
import type { z } from '../../../shared/zod.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useAskRfi } from './api/ask-rfi.ts';
import { Textarea } from './components/textarea.tsx';
import { formatCalendarDate } from './format.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';
import { useRequestForm } from './use-request-form.ts';

/** Two weeks: enough to find a statement or a contract, short enough to matter. */
const DEFAULT_DUE_DAYS = 14;
type FormInput = z.input<typeof askRfiRequest>;
type FormOutput = z.output<typeof askRfiRequest>;

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
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(askRfiRequest),
    defaultValues: { email: search.get('email') ?? '', question: '', documentRequested: false, dueDate: daysAfter(today, DEFAULT_DUE_DAYS) },
  });

  useConsoleTitle(t('compliance.console.title'));

  const labels = {
    email: t('compliance.console.email'),
    question: t('compliance.console.question'),
    documentRequested: t('compliance.console.documentRequested'),
    dueDate: t('compliance.console.dueDate'),
  };
  const { errorText, submit, formError, sent, submitting } = useRequestForm(form, {
    labels,
    max: QUESTION_MAX_LENGTH,
    send: (values) => mutation.mutateAsync(values),
    clearedOf: (values) => ({ ...values, email: '', question: '', documentRequested: false }),
  });
  return (
    <RequestFormPage
      id="rfi-request-title"
      title={t('compliance.console.title')}
      intro={t('compliance.console.intro')}
      sent={
        sent ? (
          <>
            <span data-testid="rfi-requested">{t('compliance.console.sent', { email: sent.values.email, date: formatCalendarDate(sent.result.dueDate, i18n.language) })}</span>{' '}
            <Link href={`/cases/${encodeURIComponent(sent.result.caseId)}`} className="font-medium underline">
              {t('console.kinds.RFI')}
            </Link>
          </>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      formError={formError}
      submitting={submitting}
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
