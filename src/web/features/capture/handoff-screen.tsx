import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandoffSessionResult } from '../../../shared/api/capture.ts';
import { DocumentImageRule } from '../../../shared/api/documents.ts';
import { HandoffStatus, HandoffStep, type QualityIssue } from '../../../shared/capture-rules.ts';
import type { DocumentKind } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FileDrop } from '../../components/ui/file-drop.tsx';
import { LoadingBlock } from '../../components/ui/load-states.tsx';
import { useQualityGate } from '../../lib/capture/quality-gate.ts';
import { QualityNotice } from '../../lib/capture/quality-notice.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { completeHandoff } from './api/complete-handoff.ts';
import { getHandoffSession } from './api/handoff-session.ts';
import { uploadThroughHandoff } from './api/handoff-upload.ts';
import { openHandoff } from './api/open-handoff.ts';
import DocumentCamera from './document-camera.tsx';
import { checkFile } from './model/check-file.ts';
import SelfieCapture from './selfie-capture.tsx';

/** Refusals of a link the phone explains in its own words (what happened, what to do). */
const LINK_PROBLEMS: Record<number, string> = {
  [RetCode.HANDOFF_LINK_INVALID]: 'invalid',
  [RetCode.HANDOFF_LINK_EXPIRED]: 'expired',
  [RetCode.HANDOFF_LINK_USED]: 'used',
  [RetCode.HANDOFF_LINK_REVOKED]: 'revoked',
  [RetCode.HANDOFF_FINISHED]: 'finished',
};
const problemOf = (error: unknown) => (isApiError(error) && error.retCode !== undefined ? LINK_PROBLEMS[error.retCode] : undefined);

type Phase = { kind: 'loading' } | { kind: 'ready'; session: HandoffSessionResult } | { kind: 'done' } | { kind: 'error'; error: unknown };

/**
 * The phone's side of "continue on your phone" (decision 023), at /user/accounts/capture/handoff#<secret>.
 * The secret is read from the fragment (never sent in a URL), traded once for the phone's own
 * session cookie and wiped from the address bar, so a reload or a shared screenshot opens nothing.
 * No login: the session can only send this step's pictures for the user who made the link.
 */
export default function HandoffScreen() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  // A link opened while this page is already showing (a second QR scan into the same tab) changes
  // only the fragment: that is a new attempt too.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('hashchange', again);
    return () => window.removeEventListener('hashchange', again);
  }, []);

  useEffect(() => {
    let live = true;
    const token = window.location.hash.slice(1);
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    (token ? openHandoff(token) : getHandoffSession()).then(
      (session) => live && setPhase(session.status === HandoffStatus.COMPLETED ? { kind: 'done' } : { kind: 'ready', session }),
      (error: unknown) => live && setPhase(problemOf(error) === 'finished' ? { kind: 'done' } : { kind: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const onSent = useCallback((kind: DocumentKind, documentId: string) => {
    setPhase((p) => (p.kind === 'ready' ? { kind: 'ready', session: { ...p.session, uploads: [...p.session.uploads.filter((u) => u.kind !== kind), { kind, documentId, at: new Date().toISOString() }] } } : p));
  }, []);
  const onLost = useCallback((error: unknown) => setPhase({ kind: 'error', error }), []);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-xl font-semibold">{t('capture.phone.title')}</h1>
      {phase.kind === 'loading' ? <LoadingBlock lines={4} /> : null}
      {phase.kind === 'error' ? (
        <Alert variant="error" data-testid="handoff-problem">
          {problemOf(phase.error) ? t(`capture.phone.problem.${problemOf(phase.error)}`) : errorMessage(t, phase.error)}
        </Alert>
      ) : null}
      {phase.kind === 'done' ? (
        <Alert variant="success" data-testid="handoff-done">
          {t('capture.phone.done')}
        </Alert>
      ) : null}
      {phase.kind === 'ready' ? <PhoneSteps session={phase.session} onSent={onSent} onLost={onLost} onDone={() => setPhase({ kind: 'done' })} /> : null}
    </div>
  );
}

function PhoneSteps({ session, onSent, onLost, onDone }: { session: HandoffSessionResult; onSent: (kind: DocumentKind, id: string) => void; onLost: (e: unknown) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [finishing, setFinishing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const sent = new Set(session.uploads.map((u) => u.kind));
  const finish = () => {
    setFinishing(true);
    completeHandoff().then(onDone, (err: unknown) => {
      setFinishing(false);
      if (problemOf(err)) onLost(err);
      else setError(err);
    });
  };
  return (
    <>
      <p className="text-sm text-muted">{t(`capture.phone.intro.${session.step}`)}</p>
      {session.kinds.map((kind) => (
        <PhoneShot key={kind} kind={kind} selfie={session.step === HandoffStep.SELFIE} sent={sent.has(kind)} onSent={onSent} onLost={onLost} />
      ))}
      {error ? <Alert variant="error">{errorMessage(t, error)}</Alert> : null}
      <Button variant="primary" size="large" block onClick={finish} loading={finishing} disabled={sent.size === 0}>
        {t('capture.phone.finish')}
      </Button>
      {sent.size === 0 ? <p className="text-center text-sm text-muted">{t('capture.phone.finishHint')}</p> : null}
    </>
  );
}

/** One picture on the phone: the camera (with guide and checks) or a file, checked, then sent. */
function PhoneShot({ kind, selfie, sent, onSent, onLost }: { kind: DocumentKind; selfie: boolean; sent: boolean; onSent: (kind: DocumentKind, id: string) => void; onLost: (e: unknown) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const label = t(`kyc.kind.${kind}`);
  const send = useCallback(
    (chosen: File, warnings: QualityIssue[]) => {
      setFile(chosen);
      setUploading(true);
      setError(null);
      uploadThroughHandoff(kind, chosen, warnings).then(
        (doc) => {
          setUploading(false);
          onSent(kind, doc.id);
        },
        (err: unknown) => {
          setUploading(false);
          setFile(null);
          if (problemOf(err)) onLost(err);
          else setError(err);
        },
      );
    },
    [kind, onLost, onSent],
  );
  const check = useCallback((f: File) => checkFile(f, selfie ? 'selfie' : 'document'), [selfie]);
  const gate = useQualityGate(check, send);
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid={`phone-shot-${kind}`} aria-label={label}>
      <h2 className="text-base font-semibold">{label}</h2>
      {selfie ? <SelfieCapture level={1} viaHandoff onCapture={send} disabled={uploading} /> : <DocumentCamera label={label} onCapture={send} disabled={uploading} />}
      <FileDrop
        label={t('capture.phone.orFile', { item: label })}
        hint={t('capture.phone.fileHint', { min: DocumentImageRule.MIN_SHORT_SIDE })}
        accept={DocumentImageRule.ACCEPTED_MIME.join(',')}
        // Issue 27: "Choose a file" offers the gallery; the camera has its own button above.
        capture={selfie ? 'user' : undefined}
        file={file}
        progress={uploading ? 50 : undefined}
        uploaded={sent && !uploading}
        error={error ? errorMessage(t, error) : undefined}
        disabled={uploading || gate.checking}
        onSelect={(f) => void gate.offer(f)}
      />
      {gate.refusal ? <QualityNotice refusal={gate.refusal} onSendAnyway={gate.sendAnyway} onDismiss={gate.dismiss} /> : null}
      <p className="m-0 text-sm font-medium" role="status">
        {sent ? t('capture.phone.sent', { item: label }) : ''}
      </p>
    </section>
  );
}
