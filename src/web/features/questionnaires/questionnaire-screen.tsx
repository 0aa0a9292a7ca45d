import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import type { TemplateDetailResult } from '../../../shared/api/questionnaires.ts';
import { allQuestions, TemplateKind, textKeys } from '../../../shared/questionnaires/model.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { Badge } from '../../components/ui/status-badge.tsx';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { useCreateQuestionnaire } from './api/create-questionnaire.ts';
import { useTemplateDetail } from './api/template-detail.ts';
import { AnswerSummary } from './components/answer-summary.tsx';
import { QuestionnaireForm } from './components/questionnaire-form.tsx';
import { EddPanel } from './components/edd-panel.tsx';
import { EDD_TEMPLATE_CODES } from '../../../shared/edd.ts';

const S = QuestionnaireStatus;
const link = 'text-sm font-medium text-primary-ink underline underline-offset-2';

const formatTime = (language: string, iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * A §2 questionnaire route: the template's intro and a start, the generic renderer while the
 * answers may change, and afterwards what became of them (a test's score and what was wrong with the
 * cooling-off time, a risk profile, an accepted agreement, a review's progress or a reviewer's
 * message), with a new attempt when one is open.
 */
/**
 * "We need these answers…" only while the user can give them: not once they are approved or with a
 * reviewer, nor while a failed test waits out its cooling-off (it said so then too: issue 27).
 */
function asksForAnswers(d: TemplateDetailResult): boolean {
  if (!d.due) return false;
  const waiting = d.status === S.QUESTIONNAIRE_STATUS_APPROVED || d.status === S.QUESTIONNAIRE_STATUS_PENDING || d.status === S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT;
  const locked = d.status === S.QUESTIONNAIRE_STATUS_REJECTED && !d.canStart;
  return !waiting && !locked;
}

export function QuestionnaireScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const detail = useTemplateDetail(code);
  useDocumentTitle(t(textKeys.title(code)));
  let content;
  if (detail.isError) content = <LoadError title={t('questionnaires.ui.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) content = <LoadingBlock lines={5} />;
  else content = <Body detail={detail.data} refetch={() => void detail.refetch()} />;
  return (
    <section aria-labelledby="questionnaire-title" className="flex flex-col gap-6" data-template={code}>
      <div className="flex flex-col gap-2">
        <Link href="/personal" className={`self-start ${link}`}>
          {t('questionnaires.ui.backToOverview')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="questionnaire-title" className="text-2xl font-semibold">
            {t(textKeys.title(code))}
          </h1>
          {detail.data && detail.data.status !== S.QUESTIONNAIRE_STATUS_UNDEFINED ? <Badge>{t(`questionnaires.status.${detail.data.status}`)}</Badge> : null}
        </div>
        <p className="text-sm text-muted">{t(textKeys.intro(code))}</p>
        {/* A test's pass rule, from the template itself (the wording states no number of its own). */}
        {detail.data?.template.passRule ? (
          <p className="text-sm" data-testid="pass-rule">
            {t('questionnaires.ui.passRule', { needed: detail.data.template.passRule.passScore, total: detail.data.template.passRule.scored, passMark: detail.data.template.passMark ?? 100 })}
          </p>
        ) : null}
        {detail.data && asksForAnswers(detail.data) ? (
          <Alert variant="warn" data-testid="answers-due">
            {t('questionnaires.ui.due')}
          </Alert>
        ) : null}
        {/* Decision 028: the EDD questionnaires are one round; the panel says where it stands and what comes next. */}
        {EDD_TEMPLATE_CODES.includes(code) ? <EddPanel code={code} /> : null}
      </div>
      {content}
    </section>
  );
}

function Body({ detail, refetch }: { detail: TemplateDetailResult; refetch: () => void }) {
  const [amending, setAmending] = useState(false);
  const isDraft = detail.requestId !== null && detail.submittedAt === null;
  if (isDraft || (amending && detail.editable)) return <QuestionnaireForm key={detail.requestId} detail={detail} onSubmitted={() => setAmending(false)} />;
  if (detail.requestId === null) return <StartCard detail={detail} />;
  return <Outcome detail={detail} refetch={refetch} onAmend={() => setAmending(true)} />;
}

function StartCard({ detail, again = false }: { detail: TemplateDetailResult; again?: boolean }) {
  const { t } = useTranslation();
  const create = useCreateQuestionnaire(detail.template.code);
  const label = again ? (detail.template.kind === TemplateKind.TEST ? t('questionnaires.ui.retake') : t('questionnaires.ui.startNew')) : t('questionnaires.ui.start');
  return (
    <div className="flex flex-col gap-2">
      <Button variant="primary" className="self-start" loading={create.isPending} onClick={() => create.mutate()}>
        {label}
      </Button>
      {create.error ? <Alert variant="error">{errorMessage(t, create.error)}</Alert> : null}
    </div>
  );
}

/** Refetches the detail when the cooling-off period ends, so the page offers the new attempt by itself. */
function useRefetchAt(iso: string | null, refetch: () => void) {
  useEffect(() => {
    if (!iso) return;
    const wait = Date.parse(iso) - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(refetch, Math.min(wait + 250, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [iso, refetch]);
}

function Outcome({ detail, refetch, onAmend }: { detail: TemplateDetailResult; refetch: () => void; onAmend: () => void }) {
  const { t, i18n } = useTranslation();
  const template = detail.template;
  const code = template.code;
  const outcome = detail.outcome;
  // The server says whether the period is over (canStart); the page asks again when it ends.
  const coolingOff = detail.retryAfter !== null && !detail.canStart && detail.status === S.QUESTIONNAIRE_STATUS_REJECTED;
  useRefetchAt(coolingOff ? detail.retryAfter : null, refetch);
  const questions = allQuestions(template);

  let summary;
  if (template.kind === TemplateKind.TEST && outcome) {
    summary = (
      <Card data-testid="test-result">
        <div className="flex flex-col gap-3" role="status">
          <p className={outcome.passed ? 'font-semibold text-success' : 'font-semibold text-danger'}>
            {outcome.passed ? t('questionnaires.ui.passed', { score: outcome.score, max: outcome.maxScore }) : t('questionnaires.ui.failed', { score: outcome.score, max: outcome.maxScore, passMark: template.passMark ?? 100 })}
          </p>
          {outcome.wrong.length > 0 ? (
            <>
              <h2 className="font-semibold">{t('questionnaires.ui.wrongTitle')}</h2>
              <ul className="flex list-disc flex-col gap-2 ps-5">
                {outcome.wrong.map((id) => (
                  <li key={id}>
                    <span className="font-medium">{t(textKeys.question(code, id))}</span> <span className="text-muted">{t(textKeys.why(code, id))}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {!outcome.passed && detail.retryAfter ? (
            <p data-testid="cooling-off">{coolingOff ? t('questionnaires.ui.coolingOff', { time: formatTime(i18n.language, detail.retryAfter) }) : t('questionnaires.ui.coolingOver')}</p>
          ) : null}
        </div>
      </Card>
    );
  } else if (template.kind === TemplateKind.PROFILE && outcome?.profile) {
    summary = (
      <Card title={t('questionnaires.ui.profileResult')} data-testid="risk-profile">
        <p className="text-lg font-semibold">{t(`questionnaires.profile.${outcome.profile}.title`)}</p>
        <p className="text-muted">{t(`questionnaires.profile.${outcome.profile}.text`)}</p>
      </Card>
    );
  } else if (template.kind === TemplateKind.AGREEMENT && detail.status === S.QUESTIONNAIRE_STATUS_APPROVED && detail.submittedAt) {
    summary = <Alert variant="success">{t('questionnaires.ui.agreementAccepted', { version: template.version, time: formatTime(i18n.language, detail.submittedAt) })}</Alert>;
  } else {
    const text: Partial<Record<QuestionnaireStatus, string>> = {
      [S.QUESTIONNAIRE_STATUS_PENDING]: t('questionnaires.ui.pending'),
      [S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT]: t('questionnaires.ui.pendingNoEdit'),
      [S.QUESTIONNAIRE_STATUS_APPROVED]: t('questionnaires.ui.approved'),
      [S.QUESTIONNAIRE_STATUS_REJECTED]: detail.rejection?.final ? t('questionnaires.ui.rejectedFinal') : t('questionnaires.ui.rejected'),
    };
    summary = (
      <Alert variant={detail.status === S.QUESTIONNAIRE_STATUS_REJECTED ? 'warn' : detail.status === S.QUESTIONNAIRE_STATUS_APPROVED ? 'success' : 'info'} data-testid="questionnaire-outcome">
        <p>{text[detail.status] ?? ''}</p>
        {detail.rejection?.message ? (
          <p className="mt-2">
            <span className="font-medium">{t('questionnaires.ui.reviewerMessage')}:</span> {detail.rejection.message}
          </p>
        ) : null}
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {summary}
      {detail.submittedAt ? <p className="text-sm text-muted">{t('questionnaires.ui.submittedAt', { time: formatTime(i18n.language, detail.submittedAt) })}</p> : null}
      {template.kind !== TemplateKind.TEST && questions.length > 0 ? (
        <Card>
          <AnswerSummary template={template} answers={detail.answers} />
        </Card>
      ) : null}
      {detail.editable ? (
        <Button className="self-start" onClick={onAmend}>
          {t('questionnaires.ui.edit')}
        </Button>
      ) : null}
      {detail.canStart ? <StartCard detail={detail} again /> : null}
    </div>
  );
}

const screens = new Map<string, ComponentType>();

/** The screen of one §2 questionnaire route (one component per template code, made once). */
export function screenFor(code: string): ComponentType {
  let screen = screens.get(code);
  if (!screen) {
    const Screen = () => <QuestionnaireScreen code={code} />;
    Screen.displayName = `QuestionnaireScreen(${code})`;
    screens.set(code, Screen);
    screen = Screen;
  }
  return screen;
}
