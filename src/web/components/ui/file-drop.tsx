// Over 300 lines on purpose: one control (drop zone, picker, preview, progress, errors) whose parts
// share its state and ids for accessibility; splitting it would only pass that state around.
import { type ChangeEvent, type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { joinIds } from './field.tsx';
import { FileIcon, SuccessIcon, UploadIcon } from './icons.tsx';

/** Why a chosen file was refused before upload. */
export type FileRejection = 'type' | 'size';

/**
 * Does `file` match an `accept` list like the input attribute's: MIME types (`image/png`),
 * wildcards (`image/*`) and extensions (`.pdf`)? An empty list accepts everything. This is a
 * convenience for the user only: the server checks the real content (magic bytes) again.
 */
export function acceptsFile(accept: string | undefined, file: Pick<File, 'name' | 'type'>): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

/**
 * A byte count in the user's language, e.g. "850 kB", "2.4 MB". Units of 1024, like the server's
 * upload-limit message (10485760 bytes is "10 MB" on both sides), truncated so a limit is never shown
 * larger than it is.
 */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(language || 'en', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1, roundingMode: 'trunc' }).format(value);
}

// Object URLs of previewed images, one per File, shared by the tiles that show it. Revoked once no
// tile uses it any more (checked a tick later, so StrictMode's unmount/remount does not break it).
const objectUrls = new WeakMap<File, { url: string; users: number }>();

function objectUrlFor(file: File): string {
  let entry = objectUrls.get(file);
  if (!entry) {
    entry = { url: URL.createObjectURL(file), users: 0 };
    objectUrls.set(file, entry);
  }
  return entry.url;
}

function retainObjectUrl(file: File): () => void {
  const entry = objectUrls.get(file);
  if (!entry) return () => {};
  entry.users += 1;
  return () => {
    entry.users -= 1;
    setTimeout(() => {
      if (entry.users > 0 || objectUrls.get(file) !== entry) return;
      objectUrls.delete(file);
      URL.revokeObjectURL(entry.url);
    }, 0);
  };
}

/** An object URL previewing an image file, released when nothing shows the file any more. */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const previewable = Boolean(file && file.type.startsWith('image/') && typeof URL.createObjectURL === 'function');
  const url = file && previewable ? objectUrlFor(file) : undefined;
  useEffect(() => (file && url ? retainObjectUrl(file) : undefined), [file, url]);
  return url;
}

export interface FileDropProps {
  /** What to upload, e.g. "Front of your ID card". Names the file input. */
  label: ReactNode;
  /** Accepted formats and size, e.g. "JPG or PNG, at most 10 MB". */
  hint?: ReactNode;
  /** As the input's accept attribute; files outside it are refused with a translated message. */
  accept?: string;
  /** Largest allowed size in bytes; larger files are refused with a translated message. */
  maxBytes?: number;
  /** On phones, open the camera directly: 'environment' (back, documents) or 'user' (front, selfies). */
  capture?: 'user' | 'environment';
  /** The chosen file (controlled). */
  file?: File | null;
  /** An already uploaded image to preview when there is no local File (e.g. after a reload). */
  previewUrl?: string;
  /** The name shown with previewUrl. */
  fileName?: string;
  /** An uploaded image exists even while its previewUrl is not there yet (it is being read). */
  stored?: boolean;
  /** 0–100 while uploading: shows a progress bar. Leave undefined when not uploading. */
  progress?: number;
  /** The upload finished: shows "Uploaded". */
  uploaded?: boolean;
  /** A translated error (e.g. the server refused the image); shown under the tile. */
  error?: ReactNode;
  disabled?: boolean;
  /** A file passed the accept/size checks. */
  onSelect: (file: File) => void;
  /** The user removed the file (or cancelled the upload). Without it, no Remove button. */
  onRemove?: () => void;
  /** A file was refused by the accept/size checks (the tile already shows why). */
  onReject?: (reason: FileRejection, file: File) => void;
  className?: string;
}

/**
 * An upload tile for a document or a selfie: drop a file on it, or activate it (click, tap, Enter,
 * Space: it is a native file input) to choose one, or take a photo on phones (`capture`). With a
 * file it shows the preview, name and size, a progress bar while uploading, and Retake / Remove.
 * Files of the wrong type or too large are refused on the spot with a translated message.
 *
 * @example
 * const [file, setFile] = useState<File | null>(null);
 * const upload = useUploadDocument();               // a mutation reporting progress
 * <FileDrop label={t('kyc.front')} hint={t('kyc.formats', { max: 10 })} accept="image/jpeg,image/png" maxBytes={10_000_000}
 *   capture="environment" file={file} progress={upload.progress} uploaded={upload.isSuccess}
 *   error={upload.error && errorMessage(t, upload.error)}
 *   onSelect={(f) => { setFile(f); upload.mutate(f); }} onRemove={() => { setFile(null); upload.reset(); }} />
 */
export function FileDrop({
  label,
  hint,
  accept,
  maxBytes,
  capture,
  file,
  previewUrl,
  fileName,
  stored = false,
  progress,
  uploaded = false,
  error,
  disabled = false,
  onSelect,
  onRemove,
  onReject,
  className,
}: FileDropProps) {
  const { t, i18n } = useTranslation();
  const base = `file-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const localUrl = useObjectUrl(file);
  const imageUrl = localUrl ?? (file ? undefined : previewUrl);
  const hasFile = Boolean(file || previewUrl || stored);
  const uploading = progress !== undefined && !uploaded;
  const shownName = file?.name ?? fileName;

  const rejectionText = rejection === 'size' && maxBytes ? t('ui.file.tooLarge', { max: formatBytes(maxBytes, i18n.language) }) : rejection === 'type' ? t('ui.file.wrongType') : null;
  // A refusal here is always newer than the caller's error (choosing a file clears the refusal before
  // onSelect): the latest problem is the one shown, so each rejection says its own reason.
  const errorText = rejectionText || error;
  const hasError = Boolean(errorText);

  const take = (chosen: File | undefined) => {
    if (!chosen || disabled) return;
    if (!acceptsFile(accept, chosen)) {
      setRejection('type');
      onReject?.('type', chosen);
      return;
    }
    if (maxBytes !== undefined && chosen.size > maxBytes) {
      setRejection('size');
      onReject?.('size', chosen);
      return;
    }
    setRejection(null);
    onSelect(chosen);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files?.[0]);
    // Let the same file be chosen again after a Remove.
    event.target.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files?.[0]);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const describedBy = joinIds(hint ? `${base}-hint` : undefined, hasError && `${base}-error`);
  const input = (
    <input
      ref={inputRef}
      id={`${base}-input`}
      type="file"
      accept={accept}
      capture={capture}
      disabled={disabled}
      // With a file the Retake button opens the picker; the input leaves the tab order.
      tabIndex={hasFile ? -1 : undefined}
      aria-hidden={hasFile || undefined}
      aria-describedby={describedBy}
      aria-invalid={hasError || undefined}
      onChange={onInputChange}
      className="sr-only"
    />
  );

  return (
    <div className={cn('kit:flex kit:flex-col kit:gap-1.5', className)}>
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          // One class per property (no merging): an error's border over a drag's over the file's.
          'relative rounded-lg border-2 transition-colors',
          hasFile ? 'border-solid' : 'border-dashed',
          hasError ? 'border-danger' : dragging ? 'border-primary' : hasFile ? 'border-line' : 'border-line-strong',
          dragging ? 'bg-primary-soft' : hasFile ? 'bg-white' : 'bg-surface',
          disabled && 'opacity-60',
        )}
      >
        {hasFile ? (
          <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
            {input}
            <div className="flex h-40 w-full shrink-0 items-center justify-center overflow-hidden rounded-btn bg-surface sm:h-24 sm:w-32">
              {imageUrl ? (
                <img src={imageUrl} alt={t('ui.file.preview', { name: shownName ?? '' })} className="size-full object-contain" />
              ) : (
                <FileIcon className="size-10 text-muted" />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-ink">{label}</p>
                {shownName ? (
                  <p className="truncate text-sm text-muted" title={shownName}>
                    {shownName}
                    {file ? ` · ${formatBytes(file.size, i18n.language)}` : null}
                  </p>
                ) : null}
              </div>
              {uploading ? (
                <div className="flex items-center gap-2">
                  <div
                    role="progressbar"
                    aria-label={t('ui.file.uploading')}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(progress)}
                    className="h-1.5 flex-1 overflow-hidden rounded-full bg-line"
                  >
                    <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.min(Math.max(progress, 0), 100)}%` }} />
                  </div>
                  <span className="w-10 text-end text-xs text-muted tabular-nums">{Math.round(progress)}%</span>
                </div>
              ) : null}
              <p aria-live="polite" className="text-sm">
                {uploaded ? (
                  <span className="inline-flex items-center gap-1.5 text-success">
                    <SuccessIcon className="size-4" />
                    {t('ui.file.uploaded')}
                  </span>
                ) : null}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="small" variant="default" disabled={disabled || uploading} onClick={() => inputRef.current?.click()}>
                  {t('ui.file.retake')}
                </Button>
                {onRemove ? (
                  <Button
                    size="small"
                    variant="default"
                    disabled={disabled}
                    onClick={() => {
                      setRejection(null);
                      onRemove();
                    }}
                  >
                    {t('ui.file.remove')}
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        ) : (
          <label
            htmlFor={`${base}-input`}
            className={cn(
              'flex min-h-40 flex-col items-center justify-center gap-2 rounded-lg p-6 text-center',
              'has-[:focus-visible]:focus-ring',
              disabled ? 'cursor-not-allowed' : 'cursor-pointer',
            )}
          >
            {input}
            <UploadIcon className="size-8 text-muted" />
            <span className="text-sm font-medium text-ink">{label}</span>
            <span className="text-sm font-medium text-primary-ink underline underline-offset-2">{t('ui.file.choose')}</span>
          </label>
        )}
      </div>
      {hint ? (
        <p id={`${base}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={`${base}-error`} role="alert" className="text-sm text-danger">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
