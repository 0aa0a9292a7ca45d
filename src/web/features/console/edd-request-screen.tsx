import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { requireEddRequest } from '../../../shared/api/edd.ts';
import type { z } from '../../../shared/zod.ts';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useRequireEdd } from './api/require-edd.ts';
import { Textarea } from './components/textarea.tsx';
import { useConsoleTitle } from './use-console-title.ts';
import { RequestFormPage } from './components/request-form-page.tsx';
import { useRequestForm } from './use-request-form.ts';

const NOTE_MAX_LENGTH = 1000;
type FormInput = z.input<typeof requireEddRequest>;
type FormOutput = z.output<typeof requireEddRequest>;

/**
 * Console: a reviewer puts a user into enhanced due diligence (issue 12, decision 028), the
 * REVIEWER_DECISION rule. The user is found by e-mail (`?email=` fills it in); the note says why and
 * is kept with the round for the reviewer who decides it — the user never reads it.
 */
export default function EddRequestScreen() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const mutation = useRequireEdd();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(requireEddRequest), defaultValues: { email: search.get('email') ?? '', note: '' } });

  useConsoleTitle(t('edd.console.requestTitle'));

  const labels = { email: t('edd.console.email'), note: t('edd.console.note') };
  const { errorText, submit, formError, sent, submitting } = useRequestForm(form, {
    labels,
    max: NOTE_MAX_LENGTH,
    send: (values) => mutation.mutateAsync(values),
    clearedOf: () => ({ email: '', note: '' }),
  });
  return (
    <RequestFormPage
      id="edd-request-title"
      title={t('edd.console.requestTitle')}
      intro={t('edd.console.requestIntro')}
      sent={
        sent ? (
          <>
            <span data-testid="edd-required">{t('edd.console.requested', { email: sent.values.email })}</span>
          </>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      formError={formError}
      submitting={submitting}
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
