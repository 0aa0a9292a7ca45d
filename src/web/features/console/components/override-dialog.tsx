import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '../../../../shared/zod.ts';
import { overrideRequest, type ConsoleDecision, type OverrideRequest } from '../../../../shared/api/console.ts';
import { KycRule } from '../../../../shared/api/kyc-rules.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { INTERNAL_NOTE_MAX_LENGTH, REJECT_REASONS, reasonAppliesTo, USER_MESSAGE_MAX_LENGTH, type RejectReasonCode } from '../../../../shared/review-reasons.ts';
import { ValidationMessage } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showSubmitError } from '../../../lib/forms/submit-error.ts';
import { validationMessage } from '../../../lib/i18n/error-message.ts';
import { reasonsForLevel } from './decision-forms.tsx';
import { Textarea } from './textarea.tsx';

/** What an override can make of the case: the decisions other than the provider's. */
export type OverrideChoice = 'APPROVE' | 'REJECT_RETRY' | 'REJECT_FINAL';
const CHOICES: readonly OverrideChoice[] = ['APPROVE', 'REJECT_RETRY', 'REJECT_FINAL'];

/** The choices that change the provider's decision (the server refuses the same one: 36011). */
export function overrideChoices(current: Pick<ConsoleDecision, 'outcome' | 'mode'>): OverrideChoice[] {
  const same: OverrideChoice = current.outcome === 'APPROVE' ? 'APPROVE' : current.mode === 'FINAL' ? 'REJECT_FINAL' : 'REJECT_RETRY';
  return CHOICES.filter((c) => c !== same);
}

/**
 * The form: the choice, and for a rejection a reason of the level's taxonomy and a message for the
 * user (the wire schema's rules); why the provider is overridden is always required.
 */
function overrideFormSchema(level: number) {
  const reject = overrideRequest.options[1].shape;
  return z
    .object({
      choice: z.enum(CHOICES, { error: ValidationMessage.REQUIRED }),
      reasonCode: z.string(),
      userMessage: z.string(),
      internalNote: reject.internalNote,
    })
    .superRefine((v, ctx) => {
      if (v.choice === 'APPROVE') return;
      if (!v.reasonCode) ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: ValidationMessage.REQUIRED });
      else if (!(v.reasonCode in REJECT_REASONS) || !reasonAppliesTo(v.reasonCode as RejectReasonCode, level)) ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: KycRule.REASON_NOT_APPLICABLE });
      const message = reject.userMessage.safeParse(v.userMessage);
      if (!message.success) ctx.addIssue({ code: 'custom', path: ['userMessage'], message: message.error.issues[0]?.message ?? ValidationMessage.REQUIRED });
    });
}
type OverrideFormInput = z.input<ReturnType<typeof overrideFormSchema>>;

export interface OverrideDialogProps {
  open: boolean;
  level: VerifiableLevel;
  /** The provider's decision being replaced: its choice is not offered. */
  current: ConsoleDecision;
  /** The provider's name as shown. */
  provider: string;
  /** A KYC level's case (the level changes); any other kind says its decision is replaced (decision 052). */
  levelCase?: boolean;
  onClose: () => void;
  /** Sends the override. Rejects with the ApiError when it fails; field issues are shown on their fields. */
  onSubmit: (body: OverrideRequest) => Promise<void>;
}

/** Override a provider's decision (decision 022): what the reviewer decides instead, and why. */
export function OverrideDialog({ open, level, current, provider, levelCase = true, onClose, onSubmit }: OverrideDialogProps) {
  const { t } = useTranslation();
  const formId = `override-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => overrideFormSchema(level), [level]);
  const choices = overrideChoices(current);
  const form = useForm<OverrideFormInput>({ resolver: zodResolver(schema), defaultValues: { choice: choices[0], reasonCode: '', userMessage: '', internalNote: '' } });
  const { errors, isSubmitting } = form.formState;
  const choice = useWatch({ control: form.control, name: 'choice' });
  const rejecting = choice !== 'APPROVE';

  const labels = {
    choice: t('override.form.choice'),
    reasonCode: t('console.rejectForm.reason'),
    userMessage: t('console.rejectForm.userMessage'),
    internalNote: t('override.form.why'),
  };
  const errorText = (name: keyof typeof labels) => {
    const code = errors[name]?.message;
    return code ? validationMessage(t, code, labels[name], { max: name === 'userMessage' ? USER_MESSAGE_MAX_LENGTH : INTERNAL_NOTE_MAX_LENGTH }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const internalNote = (values.internalNote ?? '').trim();
    const body: OverrideRequest =
      values.choice === 'APPROVE'
        ? { outcome: 'APPROVE', internalNote }
        : { outcome: 'REJECT', mode: values.choice === 'REJECT_FINAL' ? 'FINAL' : 'RETRY', reasonCode: values.reasonCode as RejectReasonCode, userMessage: values.userMessage.trim(), internalNote };
    try {
      await onSubmit(body);
      form.reset();
    } catch (error) {
      showSubmitError(error, { fields: Object.keys(labels) as (keyof typeof labels)[], setError: form.setError, setFormError, t });
    }
  });

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setFormError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!isSubmitting}
      size="lg"
      title={t('override.form.title', { provider })}
      description={levelCase ? t('override.form.description', { level }) : t('override.form.descriptionOther', { provider })}
      footer={
        <>
          <Button onClick={close} disabled={isSubmitting}>
            {t('console.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={rejecting ? 'tradeShort' : 'tradeLong'} loading={isSubmitting}>
            {t('override.form.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <RadioGroup
          legend={labels.choice}
          columns={2}
          required
          error={errorText('choice')}
          options={choices.map((c) => ({ value: c, label: t(`override.choices.${c}`), description: t(`override.choiceHints.${c}`) }))}
          {...form.register('choice')}
        />
        {rejecting ? (
          <>
            <Field label={labels.reasonCode} hint={t('console.rejectForm.reasonHint')} error={errorText('reasonCode')} required>
              <Select
                placeholder={t('console.rejectForm.reasonPlaceholder')}
                options={reasonsForLevel(level).map((code) => ({ value: code, label: t(`kyc-reasons.${code}.title`) }))}
                {...form.register('reasonCode')}
              />
            </Field>
            <Field label={labels.userMessage} hint={t('console.rejectForm.userMessageHint', { max: USER_MESSAGE_MAX_LENGTH })} error={errorText('userMessage')} required>
              <Textarea maxLength={USER_MESSAGE_MAX_LENGTH} {...form.register('userMessage')} />
            </Field>
          </>
        ) : null}
        <Field label={labels.internalNote} hint={t('override.form.whyHint')} error={errorText('internalNote')} required>
          <Textarea maxLength={INTERNAL_NOTE_MAX_LENGTH} {...form.register('internalNote')} />
        </Field>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
      </form>
    </Dialog>
  );
}
