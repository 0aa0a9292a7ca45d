import { useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../lib/forms/submit-error.ts';

export interface RequestFormOptions<TIn extends FieldValues, TOut, Result, Name extends FieldPath<TIn>> {
  /** Each field the server may refuse, with its label (the messages name it). */
  labels: Record<Name, string>;
  /** The longest text the form's fields take (for "at most {{max}} characters"). */
  max: number;
  /** Sends the request; its result is shown as what was just sent. */
  send: (values: TOut) => Promise<Result>;
  /** What the form holds after a request went out (the user and the texts cleared, choices kept). */
  clearedOf: (values: TOut) => DefaultValues<TIn>;
}

/**
 * The plumbing every console request form shares (document again, information, questionnaire,
 * EDD): a translated message under the field at fault, the server's refusals placed on their fields
 * (anything else as the form's error line), and after a request went out what was sent and a form
 * ready for the next user. The screen keeps its own fields and page.
 */
export function useRequestForm<TIn extends FieldValues, TOut, Result, Name extends FieldPath<TIn>>(form: UseFormReturn<TIn, unknown, TOut>, options: RequestFormOptions<TIn, TOut, Result, Name>) {
  const { t } = useTranslation();
  const { labels, max, send, clearedOf } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ values: TOut; result: Result } | null>(null);
  const fields = Object.keys(labels) as Name[];

  const errorText = (name: Name): string | undefined => {
    const code = form.getFieldState(name, form.formState).error?.message;
    return code ? validationMessage(t, code, labels[name], { max }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const result = await send(values);
      setSent({ values, result });
      form.reset(clearedOf(values));
    } catch (error) {
      showSubmitError(error, { fields, setError: form.setError, setFormError, t });
    }
  });

  return { errorText, submit, formError, sent, submitting: form.formState.isSubmitting };
}
