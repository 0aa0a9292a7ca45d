import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ANSWER_MAX_LENGTH, MAX_RFI_DOCUMENTS, RfiStatus, type RfiView } from '../../../shared/api/compliance-tasks.ts';
import { API_PREFIX, ApiPath } from '../../../shared/api/paths.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { errorMessage, fieldIssues, validationMessage } from '../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { uploadRfiDocument, useAnswerRfi, useRfi } from './api/rfi.ts';
import { Textarea } from './components/textarea.tsx';
import { formatDay } from './model/dates.ts';

/**
 * §2 rfiQuestion: a reviewer's request for information (decision 027). The question and its due
 * date; the answer as text and/or pictures (each stored at once through the documents module); once
 * sent, what happens next; earlier questions below.
 */
export default function RfiScreen() {
  const { t } = useTranslation();
  const query = useRfi();
  useDocumentTitle(t('compliance.rfi.title'));
  return (
    <section aria-labelledby="rfi-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/complianceTasks" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('compliance.tasks.title')}
        </Link>
        <h1 id="rfi-title" className="text-2xl font-semibold">
          {t('compliance.rfi.title')}
        </h1>
      </div>
      {query.isPending ? (
        <LoadingBlock lines={6} data-testid="rfi-loading" />
      ) : query.isError ? (
        <LoadError title={t('kyc.overview.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {query.data.open === null ? (
            <Alert variant="success" data-testid="rfi-none">
              {t('compliance.rfi.none')}
            </Alert>
          ) : query.data.open.status === RfiStatus.ANSWERED ? (
            <>
              <Alert variant="success" data-testid="rfi-sent">
                {t('compliance.rfi.sent')}
              </Alert>
              <RoundSummary rfi={query.data.open} />
            </>
          ) : (
            <AnswerForm key={query.data.open.rfiId} rfi={query.data.open} />
          )}
          {query.data.history.length > 0 ? (
            <Card title={t('compliance.rfi.earlier')}>
              <ul className="flex flex-col gap-4">
                {query.data.history.map((r) => (
                  <li key={r.rfiId}>
                    <RoundSummary rfi={r} />
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      )}
    </section>
  );
}

const pictureUrl = (id: string) => `${API_PREFIX}${ApiPath.document}/${encodeURIComponent(id)}`;

function RoundSummary({ rfi }: { rfi: RfiView }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 text-sm" data-round={rfi.round}>
      <p className="font-semibold">
        {t('compliance.rfi.round', { round: rfi.round })} · {t(`compliance.rfi.status.${rfi.status}`)}
      </p>
      <p className="whitespace-pre-line">{rfi.question}</p>
      {rfi.answerText ? <p className="whitespace-pre-line text-muted">{rfi.answerText}</p> : null}
    </div>
  );
}

function AnswerForm({ rfi }: { rfi: RfiView }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerRfi();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(rfi.answerText);
  const [documents, setDocuments] = useState(rfi.documents);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const issues = fieldIssues(answer.error);
  const issueOf = (path: string, label: string) => {
    const issue = issues.find((i) => i.path === path);
    return issue ? validationMessage(t, issue.code, label, { max: ANSWER_MAX_LENGTH }) : undefined;
  };
  const answerError = issueOf('answer', t('compliance.rfi.answer'));
  const fileError = uploadError ?? issueOf('file', t('compliance.rfi.pictures'));
  const formError = answer.isError && issues.length === 0 ? errorMessage(t, answer.error) : null;

  async function add(file: File) {
    setUploading(true);
    setUploadError(null);
    try {
      const stored = await uploadRfiDocument(rfi.rfiId, file);
      setDocuments((list) => [...list, stored]);
      // A refusal for a missing picture no longer applies.
      answer.reset();
    } catch (error) {
      setUploadError(errorMessage(t, error));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Card>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          answer.mutate({ rfiId: rfi.rfiId, answer: text });
        }}
      >
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{t('compliance.rfi.question')}</h2>
          <p className="whitespace-pre-line" data-testid="rfi-question">
            {rfi.question}
          </p>
          <p className={rfi.overdue ? 'font-medium text-danger' : 'font-medium'}>{t('compliance.rfi.due', { date: formatDay(rfi.dueDate, i18n.language) })}</p>
          {rfi.overdue ? <Alert variant="error">{t('compliance.rfi.overdueNote')}</Alert> : null}
        </div>
        <Field label={t('compliance.rfi.answer')} error={answerError} optional={rfi.documentRequested}>
          <Textarea name="answer" value={text} maxLength={ANSWER_MAX_LENGTH} onChange={(event) => setText(event.target.value)} />
        </Field>
        <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0" aria-describedby={fileError ? 'rfi-file-error' : undefined}>
          <legend className="mb-1 p-0 text-sm font-medium text-ink">{t('compliance.rfi.pictures')}</legend>
          {rfi.documentRequested ? <p className="text-sm text-muted">{t('compliance.rfi.documentAsked')}</p> : null}
          {documents.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="rfi-documents">
              {documents.map((d, index) => (
                <li key={d.id}>
                  <img src={pictureUrl(d.id)} alt={t('compliance.rfi.pictureAlt', { index: index + 1 })} className="h-28 w-full rounded-lg border border-line-strong object-contain" />
                </li>
              ))}
            </ul>
          ) : null}
          {documents.length < MAX_RFI_DOCUMENTS ? (
            <div>
              <input
                ref={fileInput}
                id="rfi-file"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                data-testid="rfi-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void add(file);
                }}
              />
              <Button type="button" loading={uploading} onClick={() => fileInput.current?.click()}>
                {uploading ? t('compliance.rfi.uploading') : t('compliance.rfi.addPicture')}
              </Button>
            </div>
          ) : null}
          {fileError ? (
            <p id="rfi-file-error" role="alert" className="text-sm text-danger">
              {fileError}
            </p>
          ) : null}
        </fieldset>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <Button type="submit" variant="primary" loading={answer.isPending} disabled={uploading} className="self-start">
          {t('compliance.rfi.submit')}
        </Button>
      </form>
    </Card>
  );
}
