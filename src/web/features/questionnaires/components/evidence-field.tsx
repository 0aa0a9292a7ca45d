import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvidenceView } from '../../../../shared/api/questionnaires.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { deleteEvidence, uploadEvidence } from '../api/evidence.ts';

export interface EvidenceFieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  max: number;
  requestId: string;
  questionId: string;
  files: readonly EvidenceView[];
  /** The question's files after an upload or a removal (the server has stored them already). */
  onChange: (ids: string[]) => void;
}

/**
 * Evidence files of a FILE question: each goes to the server at once through the documents
 * module's safe path (checked, re-encoded, encrypted) and becomes part of the saved draft. A native
 * file input behind a labelled button, so it works with the keyboard and screen readers.
 */
export function EvidenceField({ id, label, hint, error, max, requestId, questionId, files, onChange }: EvidenceFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = files.map((f) => f.id);

  async function add(file: File) {
    setBusy(true);
    setFailure(null);
    try {
      const stored = await uploadEvidence({ requestId, questionId, file });
      onChange([...ids, stored.id]);
    } catch (err) {
      setFailure(`${t('questionnaires.ui.uploadFailed')} ${errorMessage(t, err)}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove(fileId: string) {
    setBusy(true);
    setFailure(null);
    try {
      await deleteEvidence(requestId, fileId);
      onChange(ids.filter((x) => x !== fileId));
    } catch (err) {
      setFailure(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  const problem = failure ?? error;
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0" aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`} aria-invalid={problem ? true : undefined}>
      <legend className="mb-1 p-0 text-sm font-medium text-ink">{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint ? `${hint} ` : ''}
        {t('questionnaires.ui.fileHint')} {t('questionnaires.ui.fileCount', { count: files.length, max })}
      </p>
      {files.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid={`evidence-${questionId}`}>
          {files.map((f, index) => (
            <li key={f.id} className="flex items-center justify-between gap-3 rounded-lg border border-line-strong bg-white px-3 py-2">
              <span className="text-sm text-ink">{t('questionnaires.ui.fileName', { index: index + 1 })}</span>
              <Button type="button" size="small" disabled={busy} onClick={() => void remove(f.id)} aria-label={`${t('questionnaires.ui.removeFile')}: ${t('questionnaires.ui.fileName', { index: index + 1 })}`}>
                {t('questionnaires.ui.removeFile')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < max ? (
        <div>
          <input ref={input} id={id} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => e.target.files?.[0] && void add(e.target.files[0])} />
          <Button type="button" loading={busy} onClick={() => input.current?.click()}>
            {busy ? t('questionnaires.ui.uploading') : t('questionnaires.ui.addFile')}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
