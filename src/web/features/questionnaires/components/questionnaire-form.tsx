import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetCode } from '../../../../shared/ret-codes.ts';
import type { EvidenceView, TemplateDetailResult } from '../../../../shared/api/questionnaires.ts';
import { textKeys, type AnswerValue, type Answers } from '../../../../shared/questionnaires/model.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { todayIso } from '../../../components/ui/date-input.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { errorMessage, fieldIssues, validationMessage } from '../../../lib/i18n/error-message.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import { useSubmitQuestionnaire } from '../api/submit-questionnaire.ts';
import { firstSectionWithIssues, sectionIssues, shownQuestions, withoutHidden } from '../model/form.ts';
import { AnswerSummary } from './answer-summary.tsx';
import { QuestionField } from './question-field.tsx';

/** How long after the last change a draft is saved (typing a sentence is one save, not one per key). */
export const DRAFT_SAVE_DELAY_MS = 800;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The one generic renderer: any template, section by section with a stepper, the draft saved on the
 * server as the user goes (debounced; a reload or a crash loses at most the last keystrokes), a
 * review page before sending, and the server's field errors mapped back onto the questions.
 */
export function QuestionnaireForm({ detail, onSubmitted }: { detail: TemplateDetailResult; onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const template = detail.template;
  const code = template.code;
  const requestId = detail.requestId!;
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(detail.answers);
  const [evidence, setEvidence] = useState<EvidenceView[]>(detail.evidence);
  // The review page is the step after the last section.
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const save = useSaveDraft();
  const submit = useSubmitQuestionnaire(code);
  const heading = useRef<HTMLHeadingElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(answers);
  /** Counts the changes, so that only the reply to the save of the latest one settles the indicator. */
  const changes = useRef(0);
  const reviewStep = template.sections.length;
  const submitted = detail.submittedAt !== null;

  // Moving between parts moves focus to the part's heading, so a screen reader announces where the user is.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  useEffect(() => () => (pending.current ? clearTimeout(pending.current) : undefined), []);

  function persist() {
    if (submitted) return; // Submitted answers change only by sending them again.
    // "Saved" only while the last change is on the server: from the change on, through the pause and
    // the request, it says "Saving…", and an earlier request's reply does not claim the later change.
    const change = ++changes.current;
    setSaveState('saving');
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      const settled = (state: SaveState) => () => {
        if (changes.current === change) setSaveState(state);
      };
      save.mutate({ request_id: requestId, answers: withoutHidden(template, latest.current) }, { onSuccess: settled('saved'), onError: settled('failed') });
    }, DRAFT_SAVE_DELAY_MS);
  }

  function change(id: string, value: AnswerValue | undefined) {
    setAnswers((old) => {
      const next = { ...old };
      if (value === undefined) delete next[id];
      else next[id] = value;
      latest.current = next;
      return next;
    });
    setErrors((old) => {
      if (!(id in old)) return old;
      const { [id]: _gone, ...rest } = old;
      return rest;
    });
    persist();
  }

  const label = (id: string) => t(textKeys.question(code, id));
  const messages = (issues: Record<string, string>) => Object.fromEntries(Object.entries(issues).map(([id, key]) => [id, validationMessage(t, key, label(id))]));

  function next() {
    const issues = sectionIssues(template, step, answers, todayIso());
    setErrors(messages(issues));
    if (Object.keys(issues).length > 0) {
      document.getElementById(`q-${Object.keys(issues)[0]}`)?.focus();
      return;
    }
    setStep(step + 1);
  }

  function send() {
    const wrong = firstSectionWithIssues(template, answers, todayIso());
    if (wrong >= 0) {
      setErrors(messages(sectionIssues(template, wrong, answers, todayIso())));
      setStep(wrong);
      return;
    }
    if (pending.current) clearTimeout(pending.current);
    submit.mutate(
      { request_id: requestId, answers: withoutHidden(template, answers) },
      {
        onSuccess: () => onSubmitted?.(),
        onError: (err) => {
          const fields = fieldIssues(err);
          if (isApiError(err) && err.retCode === RetCode.PARAMS_ERROR && fields.length > 0) {
            setErrors(Object.fromEntries(fields.map((f) => [f.path, validationMessage(t, f.code, label(f.path), f.params)])));
            const section = template.sections.findIndex((s) => s.questions.some((q) => fields.some((f) => f.path === q.id)));
            if (section >= 0) setStep(section);
          }
        },
      },
    );
  }

  const steps = [...template.sections.map((s) => ({ key: s.id, label: t(textKeys.section(code, s.id)) })), { key: 'review', label: t('questionnaires.ui.review') }];
  const onReview = step === reviewStep;
  const submitError = submit.error && !(isApiError(submit.error) && submit.error.retCode === RetCode.PARAMS_ERROR) ? errorMessage(t, submit.error) : null;

  return (
    <div className="flex flex-col gap-5">
      <Stepper steps={steps} current={step} label={t('questionnaires.ui.progress', { current: step + 1, total: steps.length })} />
      <Card>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
              {onReview ? t('questionnaires.ui.review') : t(textKeys.section(code, template.sections[step]!.id))}
            </h2>
            <p className="text-sm text-muted">{t('questionnaires.ui.progress', { current: step + 1, total: steps.length })}</p>
          </div>
          {onReview ? (
            <>
              <p className="text-sm text-muted">{t('questionnaires.ui.reviewIntro')}</p>
              <AnswerSummary template={template} answers={answers} onEdit={setStep} />
            </>
          ) : (
            <form
              noValidate
              className="flex flex-col gap-6"
              onSubmit={(e) => {
                e.preventDefault();
                next();
              }}
              id="questionnaire-section"
            >
              {Object.keys(errors).length > 0 ? <Alert variant="error">{t('questionnaires.ui.fixErrors')}</Alert> : null}
              {shownQuestions(template, step, answers).map((q) => (
                <QuestionField
                  key={q.id}
                  code={code}
                  question={q}
                  value={answers[q.id]}
                  onChange={(v) => change(q.id, v)}
                  error={errors[q.id]}
                  requestId={requestId}
                  evidence={evidence}
                  onEvidenceChange={(ids) => {
                    // Stored by the upload itself; keep the list in step with the server's.
                    setEvidence((old) => [...old.filter((e) => ids.includes(e.id)), ...ids.filter((id) => !old.some((e) => e.id === id)).map((id) => ({ id, questionId: q.id, createdAt: '', byteSize: 0 }))]);
                    setAnswers((old) => {
                      const next = { ...old, [q.id]: ids };
                      latest.current = next;
                      return next;
                    });
                  }}
                />
              ))}
            </form>
          )}
          {submitError ? <Alert variant="error">{submitError}</Alert> : null}
          <div className="flex flex-wrap items-center gap-3">
            {step > 0 ? (
              <Button type="button" onClick={() => setStep(step - 1)}>
                {t('questionnaires.ui.back')}
              </Button>
            ) : null}
            {onReview ? (
              <Button type="button" variant="primary" loading={submit.isPending} onClick={send}>
                {submitted ? t('questionnaires.ui.submitChanges') : t('questionnaires.ui.submit')}
              </Button>
            ) : (
              <Button type="submit" form="questionnaire-section" variant="primary">
                {t('questionnaires.ui.next')}
              </Button>
            )}
            <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="draft-state">
              {saveState === 'saving' ? t('questionnaires.ui.saving') : saveState === 'saved' ? t('questionnaires.ui.saved') : saveState === 'failed' ? t('questionnaires.ui.saveFailed') : ''}
            </p>
          </div>
        </div>
      </Card>
    </div>
  );
}

/** Answers as sent (for Answers typing in summaries). */
export type { Answers };
