import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusinessStatus, type BusinessView } from '../../../../shared/api/integration-admin.ts';
import { SHIPPED_LANGUAGES } from '../../../../shared/languages.ts';
import type { z } from '../../../../shared/zod.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { errorMessage, fieldIssues, validationMessage } from '../../../lib/i18n/error-message.ts';
import { languageName } from '../../../lib/i18n/language-names.ts';
import { Textarea } from '../components/textarea.tsx';
import {
  BusinessFormError,
  createFormSchema,
  formValuesOf,
  MAX_LIST_ENTRIES,
  placeServerIssues,
  updateFormSchema,
  type BusinessFormValues,
  type FormField,
} from './business-form-model.ts';

const ID_MAX = 64;
const NAME_MAX = 100;

/** What the form hands back: the wire body of a registration or of a change. */
export type BusinessFormOutput = { mode: 'create'; body: z.output<typeof createFormSchema> } | { mode: 'edit'; body: z.output<typeof updateFormSchema> };

export interface BusinessFormProps {
  /** null: a new business (its id is asked); else that business's settings and status. */
  business: BusinessView | null;
  /** Sends the body; a rejection (field issues included) is shown on the form. */
  onSubmit: (output: BusinessFormOutput) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * Registers a business or changes one (decision 021). The lists are one entry a line; the form
 * checks them with the server's own schema and shows the server's refusals on the field at fault,
 * translated. Disabling (status) also revokes the business's live access tokens: the hint says so.
 */
export function BusinessForm({ business, onSubmit, onCancel }: BusinessFormProps) {
  const { t } = useTranslation();
  const creating = business === null;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BusinessFormValues>({
    // One resolver per mode; the output is the wire body (lists split, origins normalised).
    resolver: (creating ? zodResolver(createFormSchema) : zodResolver(updateFormSchema)) as unknown as Resolver<BusinessFormValues>,
    defaultValues: formValuesOf(business),
  });
  const { errors, isSubmitting } = form.formState;
  const p = 'partners-console.form';

  const labels: Record<FormField, string> = {
    id: t(`${p}.id`),
    name: t(`${p}.name`),
    allowedOrigins: t(`${p}.allowedOrigins`),
    scenes: t(`${p}.scenes`),
    redirectAllowlist: t(`${p}.redirectAllowlist`),
    defaultLanguage: t(`${p}.defaultLanguage`),
    status: t(`${p}.status`),
  };
  const errorText = (field: FormField): string | undefined => {
    const code = errors[field]?.message;
    if (!code) return undefined;
    if (code === BusinessFormError.BAD_ENTRY) return t(`${p}.errors.badEntry.${field}`);
    if (code === BusinessFormError.TOO_MANY) return t(`${p}.errors.tooMany`, { name: labels[field], max: MAX_LIST_ENTRIES });
    return validationMessage(t, code, labels[field], { max: field === 'id' ? ID_MAX : NAME_MAX });
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    // The resolver's output is the schema's output (lists split and checked), not the text values.
    const output: BusinessFormOutput = creating
      ? { mode: 'create', body: values as unknown as z.output<typeof createFormSchema> }
      : { mode: 'edit', body: values as unknown as z.output<typeof updateFormSchema> };
    try {
      await onSubmit(output);
    } catch (error) {
      const placed = placeServerIssues(fieldIssues(error)).filter((i) => creating || i.field !== 'id');
      placed.forEach((issue, index) => form.setError(issue.field, { type: 'server', message: issue.code }, { shouldFocus: index === 0 }));
      if (placed.length === 0) setFormError(errorMessage(t, error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={creating ? t(`${p}.createTitle`) : t(`${p}.editTitle`, { id: business.id })}>
      {creating ? (
        <Field label={labels.id} hint={t(`${p}.idHint`)} error={errorText('id')} required>
          <TextInput autoComplete="off" spellCheck={false} maxLength={ID_MAX} {...form.register('id')} />
        </Field>
      ) : null}
      <Field label={labels.name} error={errorText('name')} required>
        <TextInput autoComplete="off" maxLength={NAME_MAX} {...form.register('name')} />
      </Field>
      <Field label={labels.allowedOrigins} hint={t(`${p}.allowedOriginsHint`)} error={errorText('allowedOrigins')} required>
        <Textarea spellCheck={false} {...form.register('allowedOrigins')} />
      </Field>
      <Field label={labels.scenes} hint={t(`${p}.scenesHint`)} error={errorText('scenes')} required>
        <Textarea spellCheck={false} rows={2} {...form.register('scenes')} />
      </Field>
      <Field label={labels.redirectAllowlist} hint={t(`${p}.redirectAllowlistHint`)} error={errorText('redirectAllowlist')} optional>
        <Textarea spellCheck={false} {...form.register('redirectAllowlist')} />
      </Field>
      <Field label={labels.defaultLanguage} error={errorText('defaultLanguage')} required>
        <Select options={SHIPPED_LANGUAGES.map((l) => ({ value: l, label: `${languageName(l)} (${l})` }))} {...form.register('defaultLanguage')} />
      </Field>
      {creating ? null : (
        <Field label={labels.status} hint={t(`${p}.statusHint`)} error={errorText('status')} required>
          <Select options={[BusinessStatus.ACTIVE, BusinessStatus.DISABLED].map((s) => ({ value: s, label: t(`partners-console.status.${s}`) }))} {...form.register('status')} />
        </Field>
      )}
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" loading={isSubmitting}>
          {creating ? t(`${p}.register`) : t(`${p}.save`)}
        </Button>
        {onCancel ? (
          <Button type="button" variant="default" onClick={onCancel}>
            {t(`${p}.cancel`)}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
