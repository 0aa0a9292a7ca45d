import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '../../../../shared/zod.ts';
import { rejectRequest } from '../../../../shared/api/console.ts';
import { INTERNAL_NOTE_MAX_LENGTH, MAX_REJECT_REASONS, REJECT_REASON_CODES, REJECT_REASONS, reasonAppliesTo, RejectMode, USER_MESSAGE_MAX_LENGTH, type RejectReasonCode } from '../../../../shared/review-reasons.ts';
import { KycRule } from '../../../../shared/api/kyc-rules.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { ValidationMessage } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { validationMessage } from '../../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../../lib/forms/submit-error.ts';
import { Textarea } from './textarea.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import type { ReasonTemplate } from '../../../../shared/api/reason-templates.ts';
import { useConsoleReasonTemplates } from '../api/reason-templates.ts';

/**
 * The reviewer's message started from the administrators' templates of the chosen reasons (decision
 * 052), in the console's language (else its base, else English); '' when none has one. The user is
 * shown each reason's template in their own language besides.
 */
export function messageFromTemplates(templates: readonly ReasonTemplate[], codes: readonly RejectReasonCode[], language: string): string {
  const order = [language, language.split('-')[0]!, 'en'];
  return codes
    .map((code) => order.map((l) => templates.find((x) => x.reasonCode === code && x.language === l)?.text).find((text) => text !== undefined))
    .filter((text): text is string => Boolean(text))
    .join('\n\n');
}

/** The reasons a reviewer may give for an application of this level (the taxonomy's `levels`). */
export function reasonsForLevel(level: number): RejectReasonCode[] {
  return REJECT_REASON_CODES.filter((code) => reasonAppliesTo(code, level));
}

/**
 * What the reject form holds. The wire schema (`rejectRequest`) validates each field; the reason
 * must also be one the taxonomy allows for the application's level (the server checks the same).
 */
function rejectFormSchema(level: number) {
  return z.object({
    mode: rejectRequest.shape.mode,
    reasonCode: z
      .string({ error: ValidationMessage.REQUIRED })
      .min(1, { error: ValidationMessage.REQUIRED })
      .refine((code) => code in REJECT_REASONS && reasonAppliesTo(code as RejectReasonCode, level), { error: KycRule.REASON_NOT_APPLICABLE }),
    // Decision 052: further reasons, each one the level allows.
    reasonCodes: z
      .array(z.string())
      .max(MAX_REJECT_REASONS, { error: ValidationMessage.MAX_LENGTH })
      .refine((codes) => codes.every((code) => code in REJECT_REASONS && reasonAppliesTo(code as RejectReasonCode, level)), { error: KycRule.REASON_NOT_APPLICABLE }),
    userMessage: rejectRequest.shape.userMessage,
    internalNote: rejectRequest.shape.internalNote,
  });
}
type RejectFormInput = z.input<ReturnType<typeof rejectFormSchema>>;

export interface RejectValues {
  mode: RejectMode;
  reasonCode: RejectReasonCode;
  /** Further reasons (decision 052). */
  reasonCodes: RejectReasonCode[];
  userMessage: string;
  internalNote: string;
}

export interface RejectDialogProps {
  open: boolean;
  /** The application's level: only reasons for this level are offered. */
  level: VerifiableLevel;
  /** What rejecting means, for subjects other than a KYC level (a questionnaire); default: the level's text. */
  description?: string | undefined;
  onClose: () => void;
  /** Sends the decision. Rejects with the ApiError when it fails; field issues are shown on their fields. */
  onSubmit: (values: RejectValues) => Promise<void>;
}

/**
 * Reject: RETRY (the user sees the reason and the message and may resubmit) or FINAL; a reason from
 * the taxonomy for this level; a message for the user (required); an internal note (optional,
 * never shown to the user).
 */
export function RejectDialog({ open, level, description, onClose, onSubmit }: RejectDialogProps) {
  const { t, i18n } = useTranslation();
  const formId = `reject-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => rejectFormSchema(level), [level]);
  const form = useForm<RejectFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { mode: RejectMode.RETRY, reasonCode: '', reasonCodes: [], userMessage: '', internalNote: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });
  const main = useWatch({ control: form.control, name: 'reasonCode' });
  const further = useWatch({ control: form.control, name: 'reasonCodes' });
  const chosen = [main, ...(further ?? [])].filter((code): code is RejectReasonCode => code !== '' && code in REJECT_REASONS);
  const templates = useConsoleReasonTemplates().data?.templates ?? [];
  const templateText = messageFromTemplates(templates, [...new Set(chosen)], i18n.language);

  const labels = {
    mode: t('console.rejectForm.mode'),
    reasonCode: t('console.rejectForm.reason'),
    reasonCodes: t('console.rejectForm.moreReasons'),
    userMessage: t('console.rejectForm.userMessage'),
    internalNote: t('console.rejectForm.internalNote'),
  };
  const errorText = (name: keyof typeof labels) => {
    const code = errors[name]?.message;
    return code ? validationMessage(t, code, labels[name], { max: name === 'internalNote' ? INTERNAL_NOTE_MAX_LENGTH : USER_MESSAGE_MAX_LENGTH }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reasonCodes = (values.reasonCodes ?? []).filter((code) => code !== values.reasonCode) as RejectReasonCode[];
      await onSubmit({ mode: values.mode, reasonCode: values.reasonCode as RejectReasonCode, reasonCodes, userMessage: values.userMessage.trim(), internalNote: (values.internalNote ?? '').trim() });
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
      title={t('console.rejectForm.title')}
      description={description ?? t('console.rejectForm.description', { level })}
      footer={
        <>
          <Button onClick={close} disabled={isSubmitting}>
            {t('console.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="tradeShort" loading={isSubmitting}>
            {mode === RejectMode.FINAL ? t('console.rejectForm.submitFinal') : t('console.rejectForm.submitRetry')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <RadioGroup
          legend={labels.mode}
          columns={2}
          required
          error={errorText('mode')}
          options={[
            { value: RejectMode.RETRY, label: t('console.modes.RETRY'), description: t('console.modeHints.RETRY') },
            { value: RejectMode.FINAL, label: t('console.modes.FINAL'), description: t('console.modeHints.FINAL') },
          ]}
          {...form.register('mode')}
        />
        <Field label={labels.reasonCode} hint={t('console.rejectForm.reasonHint')} error={errorText('reasonCode')} required>
          <Select
            placeholder={t('console.rejectForm.reasonPlaceholder')}
            options={reasonsForLevel(level).map((code) => ({ value: code, label: t(`kyc-reasons.${code}.title`) }))}
            {...form.register('reasonCode')}
          />
        </Field>
        <fieldset className="flex flex-col gap-2" aria-describedby={`${formId}-more-hint`}>
          <legend className="text-sm font-medium">{labels.reasonCodes}</legend>
          <p id={`${formId}-more-hint`} className="text-xs text-muted">
            {t('console.rejectForm.moreReasonsHint', { max: MAX_REJECT_REASONS - 1 })}
          </p>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2" data-testid="more-reasons">
            {reasonsForLevel(level)
              .filter((code) => code !== main)
              .map((code) => (
                <Checkbox key={code} value={code} label={t(`kyc-reasons.${code}.title`)} {...form.register('reasonCodes')} />
              ))}
          </div>
          {errorText('reasonCodes') ? <p className="text-sm text-danger">{errorText('reasonCodes')}</p> : null}
        </fieldset>
        <Field label={labels.userMessage} hint={t('console.rejectForm.userMessageHint', { max: USER_MESSAGE_MAX_LENGTH })} error={errorText('userMessage')} required>
          <Textarea maxLength={USER_MESSAGE_MAX_LENGTH} {...form.register('userMessage')} />
        </Field>
        {templateText ? (
          <div>
            <Button size="small" onClick={() => form.setValue('userMessage', templateText.slice(0, USER_MESSAGE_MAX_LENGTH), { shouldValidate: true })}>
              {t('console.rejectForm.useTemplates')}
            </Button>
            <p className="mt-1 text-xs text-muted">{t('console.rejectForm.templatesHint')}</p>
          </div>
        ) : null}
        <Field label={labels.internalNote} hint={t('console.internalNoteHint')} error={errorText('internalNote')} optional>
          <Textarea maxLength={INTERNAL_NOTE_MAX_LENGTH} {...form.register('internalNote')} />
        </Field>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
      </form>
    </Dialog>
  );
}

/** The approve form: the wire schema's note rule (`approveRequest` wraps it in a preprocess step). */
const approveFormSchema = z.object({ internalNote: rejectRequest.shape.internalNote });
type ApproveFormInput = z.input<typeof approveFormSchema>;

export interface ApproveDialogProps {
  open: boolean;
  level: VerifiableLevel;
  /** Whose application it is: named in the confirmation. */
  email: string;
  /** What approving does, for subjects other than a KYC level (a questionnaire); default: the level's text. */
  description?: string | undefined;
  onClose: () => void;
  onSubmit: (values: { internalNote: string }) => Promise<void>;
}

/** Approve, after a confirmation: the level becomes SUCCESS. An optional internal note. */
export function ApproveDialog({ open, level, email, description, onClose, onSubmit }: ApproveDialogProps) {
  const { t } = useTranslation();
  const formId = `approve-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ApproveFormInput>({ resolver: zodResolver(approveFormSchema), defaultValues: { internalNote: '' } });
  const { errors, isSubmitting } = form.formState;
  const noteLabel = t('console.approveForm.internalNote');
  const noteError = errors.internalNote?.message ? validationMessage(t, errors.internalNote.message, noteLabel, { max: INTERNAL_NOTE_MAX_LENGTH }) : undefined;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({ internalNote: (values.internalNote ?? '').trim() });
    } catch (error) {
      showSubmitError(error, { fields: ['internalNote'], setError: form.setError, setFormError, t });
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
      title={t('console.approveForm.title')}
      description={description ?? t('console.approveForm.description', { level, email })}
      footer={
        <>
          <Button onClick={close} disabled={isSubmitting}>
            {t('console.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="tradeLong" loading={isSubmitting}>
            {t('console.approveForm.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field label={noteLabel} hint={t('console.internalNoteHint')} error={noteError} optional>
          <Textarea maxLength={INTERNAL_NOTE_MAX_LENGTH} {...form.register('internalNote')} />
        </Field>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
      </form>
    </Dialog>
  );
}
