import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandoffSessionResult } from '../../../shared/api/capture.ts';
import { DocumentImageRule } from '../../../shared/api/documents.ts';
import { handoffCurrentKind, HandoffStatus, HandoffStep, type QualityIssue } from '../../../shared/capture-rules.ts';
import { DocumentKind } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FileDrop } from '../../components/ui/file-drop.tsx';
import { LoadingBlock } from '../../components/ui/load-states.tsx';
import { kindLabelKey } from '../../lib/capture/kind-label.ts';
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

/** `all`: the phone finished a one-session link (decision 058), whose end state says what comes next. */
type Phase = { kind: 'loading' } | { kind: 'ready'; session: HandoffSessionResult } | { kind: 'done'; all: boolean } | { kind: 'error'; error: unknown };
const doneOf = (session: HandoffSessionResult | null): Phase => ({ kind: 'done', all: session?.step === HandoffStep.REMAINING });

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
      (session) => live && setPhase(session.status === HandoffStatus.COMPLETED ? doneOf(session) : { kind: 'ready', session }),
      (error: unknown) => live && setPhase(problemOf(error) === 'finished' ? doneOf(null) : { kind: 'error', error }),
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
      {phase.kind === 'done' && phase.all ? <AllDone /> : null}
      {phase.kind === 'done' && !phase.all ? (
        <Alert variant="success" data-testid="handoff-done">
          {t('capture.phone.done')}
        </Alert>
      ) : null}
      {phase.kind === 'ready' && phase.session.step === HandoffStep.REMAINING ? (
        <PhoneSession session={phase.session} onSent={onSent} onLost={onLost} onDone={() => setPhase({ kind: 'done', all: true })} />
      ) : null}
      {phase.kind === 'ready' && phase.session.step !== HandoffStep.REMAINING ? <PhoneSteps session={phase.session} onSent={onSent} onLost={onLost} onDone={() => setPhase({ kind: 'done', all: false })} /> : null}
    </div>
  );
}

/** The end of a one-session link: done here, and what happens next on the computer. */
function AllDone() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2" data-testid="handoff-done" aria-labelledby="handoff-done-title">
      <Alert variant="success">
        <h2 id="handoff-done-title" className="m-0 text-base font-semibold">
          {t('capture.phone.doneAll.title')}
        </h2>
      </Alert>
      <p className="m-0 text-sm">{t('capture.phone.doneAll.next')}</p>
      <p className="m-0 text-sm text-muted">{t('capture.phone.doneAll.close')}</p>
    </section>
  );
}

/**
 * A one-session link on the phone (decision 058): its pictures one after the other, "Step n of m",
 * the document sides and then the selfie with its liveness challenge. Each sent picture moves on to
 * the next; after the last the phone says it is done by itself, and the computer continues. The user
 * may stop earlier and finish on the computer.
 */
function PhoneSession({ session, onSent, onLost, onDone }: { session: HandoffSessionResult; onSent: (kind: DocumentKind, id: string) => void; onLost: (e: unknown) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [finishing, setFinishing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = handoffCurrentKind(session.kinds, session.uploads);
  const finish = useCallback(() => {
    setFinishing(true);
    setError(null);
    completeHandoff().then(onDone, (err: unknown) => {
      setFinishing(false);
      if (problemOf(err)) onLost(err);
      else setError(err);
    });
  }, [onDone, onLost]);
  const allSent = current === null;
  const [lastSent, setLastSent] = useState<DocumentKind | null>(null);
  // The last picture sent: the phone says it is done by itself (a failure offers "Try again").
  const sent = useCallback(
    (kind: DocumentKind, id: string) => {
      onSent(kind, id);
      setLastSent(kind);
      if (handoffCurrentKind(session.kinds, [...session.uploads, { kind }]) === null) finish();
    },
    [onSent, finish, session.kinds, session.uploads],
  );

  const total = session.kinds.length;
  const label = (kind: DocumentKind) => t(kindLabelKey(kind, session.documentType));
  return (
    <>
      <p className="m-0 text-sm text-muted">{t('capture.phone.intro.REMAINING')}</p>
      <ol className="m-0 flex list-none gap-2 p-0" aria-label={t('capture.phone.stepsLabel')}>
        {session.kinds.map((kind, i) => {
          const done = session.uploads.some((u) => u.kind === kind);
          return (
            <li key={kind} className={`h-1.5 flex-1 rounded-full ${done ? 'bg-primary' : kind === current ? 'bg-primary/50' : 'bg-line'}`}>
              <span className="sr-only">{t(done ? 'capture.phone.stepDone' : 'capture.phone.stepAhead', { n: i + 1, item: label(kind) })}</span>
            </li>
          );
        })}
      </ol>
      {/* What just went, then where the phone is now: both said once in the live regions. */}
      <p className="m-0 text-sm text-muted" role="status" data-testid="phone-last-sent">
        {lastSent ? t('capture.phone.sent', { item: label(lastSent) }) : ''}
      </p>
      {current ? (
        <>
          <p className="m-0 text-base font-semibold" data-testid="phone-progress" aria-live="polite">
            {t('capture.phone.progress', { n: session.kinds.indexOf(current) + 1, total, item: label(current) })}
          </p>
          {/* One picture at a time; a new key per kind starts the next one fresh. */}
          <PhoneShot key={current} kind={current} label={label(current)} selfie={current === DocumentKind.SELFIE} sent={false} onSent={sent} onLost={onLost} />
          <Button variant="default" block onClick={finish} loading={finishing && !allSent}>
            {t('capture.phone.finishEarly')}
          </Button>
        </>
      ) : (
        <p className="m-0 text-sm font-medium" role="status">
          {t('capture.phone.finishing')}
        </p>
      )}
      {error ? (
        <Alert variant="error" action={allSent ? <Button size="small" variant="default" onClick={finish}>{t('common.retry')}</Button> : undefined}>
          {errorMessage(t, error)}
        </Alert>
      ) : null}
    </>
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
function PhoneShot({ kind, label: named, selfie, sent, onSent, onLost }: { kind: DocumentKind; label?: string; selfie: boolean; sent: boolean; onSent: (kind: DocumentKind, id: string) => void; onLost: (e: unknown) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const label = named ?? t(`kyc.kind.${kind}`);
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
