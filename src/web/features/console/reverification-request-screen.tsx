import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { daysAfter, todayIso } from '../../../shared/api/calendar.ts';
import { ValidationMessage } from '../../../shared/validation.ts';
import { z } from '../../../shared/zod.ts';
import { MAX_DEADLINE_DAYS, REVERIFICATION_TARGETS, REVIEWER_REVERIFICATION_REASONS, requestReverificationRequest, ReverificationTarget } from '../../../shared/api/reverification.ts';
import { DateInput } from '../../components/ui/date-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useRequestReverification } from './api/request-reverification.ts';
import { Textarea } from './components/textarea.tsx';
import { formatCalendarDate } from './format.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';
import { useRequestForm } from './use-request-form.ts';

/** The deadline offered first: a month, long enough to find a document, short enough to matter. */
const DEFAULT_DEADLINE_DAYS = 30;
const MESSAGE_MAX_LENGTH = 500;

/** The wire schema, with "choose a reason" said as such when none is chosen yet. */
const formSchema = requestReverificationRequest.extend({
  reason: z.string({ error: ValidationMessage.REQUIRED }).min(1, { error: ValidationMessage.REQUIRED }).pipe(requestReverificationRequest.shape.reason),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * Console: a reviewer asks a verified user to verify a document again (issue 10, decision 017). The
 * user is found by e-mail (`?email=` fills it in, from a case page); the reason is one the user will
 * read on their reverification page and in the e-mail; the deadline is from tomorrow up to
 * MAX_DEADLINE_DAYS ahead (the server checks the same against its own clock).
 */
export default function ReverificationRequestScreen() {
  const { t, i18n } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const today = todayIso();
  const mutation = useRequestReverification();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      email: search.get('email') ?? '',
      target: search.get('target') === ReverificationTarget.POA ? ReverificationTarget.POA : ReverificationTarget.POI,
      reason: '',
      message: '',
      deadline: daysAfter(today, DEFAULT_DEADLINE_DAYS),
    },
  });

  useConsoleTitle(t('reverification.console.title'));

  const labels = {
    email: t('reverification.console.email'),
    target: t('reverification.console.target'),
    reason: t('reverification.console.reason'),
    message: t('reverification.console.message'),
    deadline: t('reverification.console.deadline'),
  };
  const { errorText, submit, formError, sent, submitting } = useRequestForm(form, {
    labels,
    max: MESSAGE_MAX_LENGTH,
    send: (values) => mutation.mutateAsync(values),
    clearedOf: (values) => ({ ...values, email: '', message: '', reason: '' }),
  });
  return (
    <RequestFormPage
      id="reverify-request-title"
      title={t('reverification.console.title')}
      intro={t('reverification.console.intro')}
      sent={
        sent ? (
          <>
            <span data-testid="reverification-requested">
              {t('reverification.console.sent', {
                email: sent.values.email,
                document: t(`reverification.target.${sent.result.target}`),
                deadline: formatCalendarDate(sent.result.deadline, i18n.language),
              })}
            </span>
          </>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      formError={formError}
      submitting={submitting}
      submitLabel={t('reverification.console.send')}
    >
      <Field label={labels.email} error={errorText('email')} required>
        <TextInput type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
      </Field>
      <RadioGroup
        legend={labels.target}
        columns={2}
        required
        error={errorText('target')}
        options={REVERIFICATION_TARGETS.map((target) => ({ value: target, label: t(`reverification.panel.${target}`) }))}
        {...form.register('target')}
      />
      <Field label={labels.reason} error={errorText('reason')} required>
        <Select
          placeholder={t('console.rejectForm.reasonPlaceholder')}
          options={REVIEWER_REVERIFICATION_REASONS.map((reason) => ({ value: reason, label: t(`reverification.requestReason.${reason}`) }))}
          {...form.register('reason')}
        />
      </Field>
      <Field label={labels.message} error={errorText('message')} optional>
        <Textarea maxLength={MESSAGE_MAX_LENGTH} {...form.register('message')} />
      </Field>
      <Field label={labels.deadline} error={errorText('deadline')} required>
        <DateInput min={daysAfter(today, 1)} max={daysAfter(today, MAX_DEADLINE_DAYS)} {...form.register('deadline')} />
      </Field>
    </RequestFormPage>
  );
}
