import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { requireEddRequest } from '../../../shared/api/edd.ts';
import type { z } from '../../../shared/zod.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { validationMessage } from '../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../lib/forms/submit-error.ts';
import { useRequireEdd } from './api/require-edd.ts';
import { Textarea } from './components/textarea.tsx';
import { useConsoleTitle } from './use-console-title.ts';

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
    <section aria-labelledby="edd-request-title" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 id="edd-request-title" className="text-2xl font-semibold">
        {t('edd.console.requestTitle')}
      </h1>
      <p className="text-muted">{t('edd.console.requestIntro')}</p>
      {sent ? (
        <Alert variant="success" title={t('edd.console.requestTitle')}>
          <span data-testid="edd-required">{t('edd.console.requested', { email: sent })}</span>
        </Alert>
      ) : null}
      <Card>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <Field label={labels.email} error={errorText('email')} required>
            <TextInput type="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
          </Field>
          <Field label={labels.note} error={errorText('note')} required>
            <Textarea maxLength={NOTE_MAX_LENGTH} {...form.register('note')} />
          </Field>
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <Button type="submit" variant="primary" loading={isSubmitting} className="self-start">
            {t('edd.console.require')}
          </Button>
        </form>
      </Card>
    </section>
  );
}
