import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { requireEddRequest } from '../../../shared/api/edd.ts';
import type { z } from '../../../shared/zod.ts';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { validationMessage } from '../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../lib/forms/submit-error.ts';
import { useRequireEdd } from './api/require-edd.ts';
import { Textarea } from './components/textarea.tsx';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';

const NOTE_MAX_LENGTH = 1000;
type FormInput = z.input<typeof requireEddRequest>;
type FormOutput = z.output<typeof requireEddRequest>;
const FIELDS = ['email', 'note'] as const;

/**
 * Console: a reviewer puts a user into enhanced due diligence (issue 12, decision 028), the
 * REVIEWER_DECISION rule. The user is found by e-mail (`?email=` fills it in); the note says why and
 * is kept with the round for the reviewer who decides it — the user never reads it.
 */
export default function EddRequestScreen() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const mutation = useRequireEdd();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(requireEddRequest), defaultValues: { email: search.get('email') ?? '', note: '' } });
  const { errors, isSubmitting } = form.formState;

  useConsoleTitle(t('edd.console.requestTitle'));

  const labels: Record<(typeof FIELDS)[number], string> = { email: t('edd.console.email'), note: t('edd.console.note') };
  const errorText = (name: (typeof FIELDS)[number]) => {
    const code = errors[name]?.message;
    return code ? validationMessage(t, code, labels[name], { max: NOTE_MAX_LENGTH }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      await mutation.mutateAsync(values);
      setSent(values.email);
      form.reset({ email: '', note: '' });
    } catch (error) {
      showSubmitError(error, { fields: FIELDS, setError: form.setError, setFormError, t });
    }
  });

  return (
    <RequestFormPage
      id="edd-request-title"
      title={t('edd.console.requestTitle')}
      intro={t('edd.console.requestIntro')}
      sent={
        sent ? (
          <>
            <span data-testid="edd-required">{t('edd.console.requested', { email: sent })}</span>
          </>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      formError={formError}
      submitting={isSubmitting}
      submitLabel={t('edd.console.require')}
    >
      <Field label={labels.email} error={errorText('email')} required>
        <TextInput type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
      </Field>
      <Field label={labels.note} error={errorText('note')} required>
        <Textarea maxLength={NOTE_MAX_LENGTH} {...form.register('note')} />
      </Field>
    </RequestFormPage>
  );
}
