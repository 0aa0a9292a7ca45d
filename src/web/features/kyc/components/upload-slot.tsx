import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DocumentImageRule, DocumentPdfRule, type DocumentSummary } from '../../../../shared/api/documents.ts';
import { TranslationNamespace } from '../../../../shared/api/paths.ts';
import type { DocumentKind, VerifiableLevel } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { FileDrop, formatBytes } from '../../../components/ui/file-drop.tsx';
import { useCaptureKit } from '../../../lib/capture/capture-kit.ts';
import { useQualityGate } from '../../../lib/capture/quality-gate.ts';
import { QualityNotice } from '../../../lib/capture/quality-notice.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { redirectIfSignedOut } from '../../../lib/session/login-redirect.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { useDocumentImageSrc } from '../api/document-drafts.ts';
import { storeUploadedDraft, uploadDocument } from '../api/upload-document.ts';

/** What the file picker offers; the server decides from the bytes anyway (decision 006). */
export const ACCEPT = DocumentImageRule.ACCEPTED_MIME.join(',');
/** A proof of address may also be a PDF (decision 053); the extension too, for systems that do not type files. */
const ACCEPT_WITH_PDF = `${ACCEPT},${DocumentPdfRule.MIME},.pdf`;

/** A file the browser says is a PDF (by type or name): not a picture, so not checked or previewed here. */
const isPdfFile = (file: File) => file.type === DocumentPdfRule.MIME || file.name.toLowerCase().endsWith('.pdf');

/** The translated message of a failed upload; a 413 without the server's envelope still names the limit. */
export function uploadErrorText(t: TFunction, error: unknown, maxBytes: number): string {
  if (isApiError(error) && error.retCode === RetCode.DOCUMENT_FILE_TOO_LARGE) {
    const result = (error.response?.result ?? {}) as { maxMb?: number };
    const maxMb = result.maxMb ?? Math.floor((maxBytes / (1024 * 1024)) * 10) / 10;
    return t(String(RetCode.DOCUMENT_FILE_TOO_LARGE), { ns: TranslationNamespace.INVERSE_ERROR_CODE, maxMb });
  }
  return errorMessage(t, error);
}

export interface UploadSlot {
  kind: DocumentKind;
  /** The file chosen or captured in this visit (previewed locally). */
  file: File | null;
  /** The last file the server refused (shown with the reason, never as uploaded); null once another is chosen. */
  refused: File | null;
  /** 0–100 while uploading. */
  progress: number | undefined;
  error: unknown;
  /** The server's draft of this kind (after an upload, or from an earlier visit). */
  draft: DocumentSummary | undefined;
  uploading: boolean;
  removing: boolean;
  /** Uploads a file; `warnings` are quality warnings the user overrode (decision 023). */
  select: (file: File, warnings?: readonly string[]) => void;
  remove: () => void;
  /** Forgets the last upload error and the refused file (a newer file or refusal replaces them). */
  clearError: () => void;
}

/**
 * One image of a flow (front, back, selfie, proof of address): uploads a chosen or captured file
 * with progress, replaces the level's draft of that kind ("retake before submitting"), removes it.
 * A failed upload leaves what the server has (the earlier draft, if any) on show with the error.
 */
export function useUploadSlot(level: VerifiableLevel, kind: DocumentKind, draft: DocumentSummary | undefined): UploadSlot {
  const client = useQueryClient();
  const remover = useDeleteDocument(level);
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const select = useCallback(
    (chosen: File, warnings: readonly string[] = []) => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      setFile(chosen);
      setRefused(null);
      setError(null);
      setProgress(0);
      uploadDocument({ kind, level, file: chosen, warnings, signal: c.signal, onProgress: (p) => c === controller.current && setProgress(p) }).then(
        (doc) => {
          if (c !== controller.current) return;
          // Finished: nothing from this request (a late progress event) may touch the tile any more.
          controller.current = null;
          storeUploadedDraft(client, level, doc);
          setProgress(undefined);
        },
        (err: unknown) => {
          if (c.signal.aborted || c !== controller.current) return;
          // Not a query or mutation: the session check of the QueryClient does not see uploads.
          if (redirectIfSignedOut(err)) return;
          setFile(null);
          setRefused(chosen);
          setProgress(undefined);
          setError(err);
        },
      );
    },
    [client, kind, level],
  );

  const remove = useCallback(() => {
    if (controller.current && progress !== undefined) {
      controller.current.abort();
      controller.current = null;
      setProgress(undefined);
      setFile(null);
      return;
    }
    setError(null);
    setRefused(null);
    if (!draft) {
      setFile(null);
      return;
    }
    remover.mutate(draft.id, {
      onSuccess: () => setFile(null),
      onError: (err) => setError(err),
    });
  }, [draft, progress, remover]);

  const clearError = useCallback(() => {
    setError(null);
    setRefused(null);
  }, []);

  return { kind, file, refused, progress, error, draft, uploading: progress !== undefined, removing: remover.isPending, select, remove, clearError };
}

export interface DocumentSlotProps {
  slot: UploadSlot;
  label: string;
  maxBytes: number;
  capture?: 'user' | 'environment';
  hint?: string;
  /** PDFs are accepted too (a proof of address, decision 053). */
  acceptPdf?: boolean;
}

/**
 * A FileDrop wired to an upload slot: preview (local file, else the stored draft), progress, Retake,
 * Remove. With the capture kit (decision 023) a chosen file is checked in the browser first (a
 * refusal says why and what to do; after two, "Send anyway"), and a document can also be
 * photographed with the camera under a framing guide.
 */
export function DocumentSlot({ slot, label, maxBytes, capture = 'environment', hint, acceptPdf = false }: DocumentSlotProps) {
  const { t, i18n } = useTranslation();
  const kit = useCaptureKit();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const purpose = capture === 'user' ? 'selfie' : 'document';
  const checkPicture = kit.checkPicture;
  const check = useCallback((file: File) => checkPicture!(file, purpose), [checkPicture, purpose]);
  const gate = useQualityGate(checkPicture ? check : undefined, slot.select);
  // A PDF has no preview in the browser: once stored, the server's drawing of its first page shows.
  const pdfStored = Boolean(slot.file && isPdfFile(slot.file) && slot.draft && !slot.uploading && !slot.error);
  const showDraft = (!slot.file || pdfStored) && slot.draft;
  const Camera = purpose === 'document' ? kit.DocumentCamera : undefined;
  const draftSrc = useDocumentImageSrc(showDraft ? slot.draft!.id : undefined);
  return (
    <div data-testid={`slot-${slot.kind}`} className="flex flex-col gap-2">
      <FileDrop
        label={label}
        hint={hint ?? (acceptPdf ? t('kyc.upload.hintPdf', { max: formatBytes(maxBytes, language) }) : t('kyc.upload.hint', { max: formatBytes(maxBytes, language), min: DocumentImageRule.MIN_SHORT_SIDE }))}
        accept={acceptPdf ? ACCEPT_WITH_PDF : ACCEPT}
        maxBytes={maxBytes}
        // Issue 27: a document's "Choose a file" offers the gallery and files (a statement's PDF); the
        // kit's "Take photo" opens the camera. Only a selfie goes straight to the front camera.
        capture={purpose === 'selfie' ? capture : undefined}
        // The server's refusal shows on the picture it refused (issue 27), unless an earlier upload
        // stands: that one is what a submission would send, so it stays on show with the refusal.
        file={showDraft ? null : (slot.file ?? slot.refused)}
        previewUrl={showDraft ? draftSrc : undefined}
        stored={Boolean(showDraft)}
        fileName={showDraft ? (pdfStored ? slot.file!.name : t('kyc.upload.stored')) : undefined}
        progress={slot.progress}
        uploaded={Boolean(slot.draft) && !slot.uploading && !slot.error}
        error={slot.error ? uploadErrorText(t, slot.error, maxBytes) : undefined}
        disabled={slot.removing || gate.checking}
        onSelect={(file) => {
          // The previous file's refusal is over: it must not stay above this file's own check (issue 27).
          slot.clearError();
          // The browser's picture checks cannot read a PDF; the server checks it (pages, scripts, encryption).
          if (acceptPdf && isPdfFile(file)) slot.select(file);
          else void gate.offer(file);
        }}
        onReject={slot.clearError}
        onRemove={slot.file || slot.draft || slot.refused ? slot.remove : undefined}
      />
      {gate.refusal ? <QualityNotice refusal={gate.refusal} onSendAnyway={gate.sendAnyway} onDismiss={gate.dismiss} /> : null}
      {Camera ? (
        <Suspense fallback={null}>
          <Camera label={label} onCapture={slot.select} disabled={slot.uploading || slot.removing} />
        </Suspense>
      ) : null}
    </div>
  );
}
