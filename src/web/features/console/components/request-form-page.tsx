import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

export interface RequestFormPageProps {
  /** The heading's id (the page's region is labelled by it). */
  id: string;
  title: string;
  intro: string;
  /** What was just sent, said as a success above the form (null: nothing sent yet). */
  sent: ReactNode | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A refusal that belongs to no field (translated), shown above the button. */
  formError: string | null;
  submitting: boolean;
  submitLabel: string;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The console's request forms (ask for a document again, for information, for a questionnaire, put
 * into EDD): a titled page, what it is for, what was just sent, then the form with its refusal and
 * its button. The form stays to send the next request.
 */
export function RequestFormPage({ id, title, intro, sent, onSubmit, formError, submitting, submitLabel, children }: RequestFormPageProps) {
  return (
    <section aria-labelledby={id} className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 id={id} className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-muted">{intro}</p>
      {sent ? (
        <Alert variant="success" title={title}>
          {sent}
        </Alert>
      ) : null}
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {children}
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <Button type="submit" variant="primary" loading={submitting} className="self-start">
            {submitLabel}
          </Button>
        </form>
      </Card>
    </section>
  );
}
